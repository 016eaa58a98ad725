#include "paper.h"

#include <nlohmann/json.hpp>

#include <string>
#include <utility>
#include <vector>

#include "paperdex/common/arxiv_id.h"
#include "paperdex/common/safe_text.h"
#include "paperdex/common/schema.h"
#include "paperdex/common/taxonomy.h"
#include "paperdex/errors.h"

namespace paperdex::detail {

std::optional<FoundPaper> only_paper_with(const Xapian::Database& db, const std::string& term) {
  auto posting = db.postlist_begin(term);
  if (posting == db.postlist_end(term)) return std::nullopt;
  const Xapian::docid docid = *posting;
  if (++posting != db.postlist_end(term)) return std::nullopt;
  Xapian::TermIterator it = db.termlist_begin(docid);
  it.skip_to(std::string(schema::kIdPrefix));
  if (it == db.termlist_end(docid) || schema::prefix_of(*it) != schema::kIdPrefix) {
    return std::nullopt;
  }
  return FoundPaper{docid, *it};
}

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

FullTextFacts fulltext_facts(std::string_view json) {
  FullTextFacts facts;
  const nlohmann::json read = nlohmann::json::parse(json, nullptr, false);
  if (!read.is_object()) return facts;
  const auto text = [&](const char* key) {
    const auto it = read.find(key);
    return it != read.end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  const auto number = [&](const char* key) {
    const auto it = read.find(key);
    return it != read.end() && it->is_number_unsigned() ? it->get<long long>() : 0LL;
  };
  facts.source = text("source");
  facts.file = text("file");
  facts.pages = static_cast<int>(number("pages"));
  facts.words = number("words");
  if (const auto sections = read.find("sections"); sections != read.end() && sections->is_array()) {
    for (const nlohmann::json& section : *sections) {
      const auto title = section.is_object() ? section.find("title") : section.end();
      if (section.is_object() && title != section.end() && title->is_string()) {
        facts.sections.push_back(title->get<std::string>());
      }
    }
  }
  return facts;
}

}  // namespace paperdex::detail
