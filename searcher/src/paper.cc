#include "paper.h"

#include <string>
#include <utility>
#include <vector>

#include "paperdex/common/arxiv_id.h"
#include "paperdex/common/safe_text.h"
#include "paperdex/common/schema.h"
#include "paperdex/common/taxonomy.h"
#include "paperdex/errors.h"

namespace paperdex::detail {

std::optional<FoundPaper> find_paper(const Xapian::Database& db, std::string_view id) {
  std::vector<std::string> candidates{std::string(id)};
  for (std::string& form : arxiv_id_forms(id)) candidates.push_back(std::move(form));
  for (const std::string& candidate : candidates) {
    const std::string term = schema::make_term(schema::kIdPrefix, candidate);
    Xapian::PostingIterator it = db.postlist_begin(term);
    if (it != db.postlist_end(term)) return FoundPaper{*it, term};
  }
  return std::nullopt;
}

FoundPaper require_paper(const Xapian::Database& db, std::string_view id) {
  if (std::optional<FoundPaper> found = find_paper(db, id)) return std::move(*found);
  throw PaperNotFoundError("no paper with id " + quote_input(id) +
                               " in the index; give an arXiv id such as 2101.00001 (any "
                               "version), or the id a search shows for the paper",
                           std::string(id));
}

Paper paper_from_record(Record record) {
  Paper paper;
  const bool arxiv = canonical_arxiv_id(record.id).has_value();
  if (arxiv) {
    paper.abs_url = "https://arxiv.org/abs/" + record.id;
    paper.pdf_url = "https://arxiv.org/pdf/" + record.id;
  }
  paper.id = std::move(record.id);
  paper.title = std::move(record.title);
  paper.authors = std::move(record.authors);
  paper.abstract = std::move(record.abstract);
  paper.categories = std::move(record.categories);
  for (const std::string& category : paper.categories) {
    paper.category_names.push_back(taxonomy::display_name(category));
  }
  if (!paper.categories.empty()) paper.primary = paper.categories.front();
  paper.year = record.year;
  paper.submitted = std::move(record.created);
  paper.updated = std::move(record.updated);
  for (RecordVersion& version : record.versions) {
    paper.versions.push_back({std::move(version.version), std::move(version.date)});
  }
  paper.doi = std::move(record.doi);
  paper.journal_ref = std::move(record.journal_ref);
  paper.comments = std::move(record.comments);
  paper.report_no = std::move(record.report_no);
  paper.license = std::move(record.license);
  return paper;
}

}  // namespace paperdex::detail
