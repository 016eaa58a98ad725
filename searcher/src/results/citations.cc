#include "results/citations.h"

#include <optional>

#include "paperdex/common/citations.h"
#include "paperdex/common/schema.h"

namespace paperdex::detail {
namespace {

// The id of the one paper of `db` with `term`; nullopt when none has it or
// several do (a title two papers share names neither).
std::optional<std::string> only_paper_with(const Xapian::Database& db, const std::string& term) {
  auto posting = db.postlist_begin(term);
  if (posting == db.postlist_end(term)) return std::nullopt;
  const Xapian::docid docid = *posting;
  if (++posting != db.postlist_end(term)) return std::nullopt;
  Xapian::TermIterator it = db.termlist_begin(docid);
  it.skip_to(std::string(schema::kIdPrefix));
  if (it == db.termlist_end(docid)) return std::nullopt;
  const std::string id_term = *it;
  if (schema::prefix_of(id_term) != schema::kIdPrefix) return std::nullopt;
  return id_term.substr(schema::kIdPrefix.size());
}

void resolve(const Xapian::Database& db, const Analyzer& analyzer, Reference& reference) {
  if (!reference.id.empty()) {
    reference.resolved_by = "arxiv_id";
    reference.in_index = db.term_exists(schema::make_term(schema::kIdPrefix, reference.id));
    return;
  }
  if (!reference.doi.empty()) {
    const std::string term =
        schema::make_term(schema::kDoiPrefix, schema::doi_value(reference.doi));
    if (std::optional<std::string> id = only_paper_with(db, term)) {
      reference.id = std::move(*id);
      reference.resolved_by = "doi";
      reference.in_index = true;
      return;
    }
  }
  for (const std::string& key : citations::title_keys(analyzer, reference)) {
    if (std::optional<std::string> id =
            only_paper_with(db, std::string(schema::kTitleKeyPrefix) + key)) {
      reference.id = std::move(*id);
      reference.resolved_by = "title";
      reference.in_index = true;
      return;
    }
  }
}

}  // namespace

std::vector<std::string> citing_terms_of(const Xapian::Database& db, const Analyzer& analyzer,
                                         const PaperRecord& paper) {
  std::vector<std::string> terms{schema::make_term(schema::kCitedIdPrefix, paper.id)};
  if (!paper.doi.empty()) {
    terms.push_back(schema::make_term(schema::kCitedDoiPrefix, schema::doi_value(paper.doi)));
  }
  // A title two papers share (copies the indexer did not merge, "Erratum")
  // says which of them no reference means.
  if (const std::string key = schema::title_key_term(analyzer, paper.title);
      !key.empty() && db.get_termfreq(key) <= 1) {
    terms.push_back(citations::citing_term_for(key));
  }
  return terms;
}

int cited_by_count(const Xapian::Database& db, const Analyzer& analyzer, const PaperRecord& paper) {
  std::vector<std::string> terms = citing_terms_of(db, analyzer, paper);
  // Most papers are cited by one kind of term or none: its frequency. Else
  // the papers with any, each once.
  std::erase_if(terms, [&](const std::string& term) { return db.get_termfreq(term) == 0; });
  if (terms.empty()) return 0;
  if (terms.size() == 1) return static_cast<int>(db.get_termfreq(terms.front()));
  Xapian::Enquire enquire(db);
  enquire.set_query(Xapian::Query(Xapian::Query::OP_OR, terms.begin(), terms.end()));
  enquire.set_weighting_scheme(Xapian::BoolWeight());
  const Xapian::MSet counted = enquire.get_mset(0, 0, db.get_doccount());
  return static_cast<int>(counted.get_matches_estimated());
}

std::vector<Reference> resolved_references(const Xapian::Database& db, const Analyzer& analyzer,
                                           const Xapian::Document& document) {
  std::vector<Reference> references =
      citations::decode_references(document.get_value(schema::kReferencesSlot));
  for (Reference& reference : references) resolve(db, analyzer, reference);
  return references;
}

}  // namespace paperdex::detail
