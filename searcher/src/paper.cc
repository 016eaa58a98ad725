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
  static_cast<PaperRecord&>(paper) = std::move(static_cast<PaperRecord&>(record));
  if (canonical_arxiv_id(paper.id)) {
    paper.url = "https://arxiv.org/abs/" + paper.id;
    paper.pdf_url = "https://arxiv.org/pdf/" + paper.id;
  }
  for (const std::string& subject : paper.subjects) {
    paper.subject_names.push_back(taxonomy::display_name(subject));
  }
  if (!paper.subjects.empty()) paper.primary = paper.subjects.front();
  return paper;
}

}  // namespace paperdex::detail
