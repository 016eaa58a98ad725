#include "results/citations.h"

#include <optional>

#include "paper.h"
#include "paperdex/common/citations.h"
#include "paperdex/common/schema.h"
#include "results/facet_table.h"

namespace paperdex::detail {
namespace {

// The id of the one paper of `db` with `term` (only_paper_with).
std::optional<std::string> only_id_with(const Xapian::Database& db, const std::string& term) {
  const std::optional<FoundPaper> paper = only_paper_with(db, term);
  if (!paper) return std::nullopt;
  return paper->id_term.substr(schema::kIdPrefix.size());
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
    if (std::optional<std::string> id = only_id_with(db, term)) {
      reference.id = std::move(*id);
      reference.resolved_by = "doi";
      reference.in_index = true;
      return;
    }
  }
  for (const std::string& key : citations::title_keys(analyzer, reference)) {
    if (std::optional<std::string> id =
            only_id_with(db, std::string(schema::kTitleKeyPrefix) + key)) {
      reference.id = std::move(*id);
      reference.resolved_by = "title";
      reference.in_index = true;
      return;
    }
  }
}

// A paper's citing terms (citing_term_for of its id, DOI and title key)
// and its own title key, before the title's uniqueness is known.
struct PaperTerms {
  std::vector<std::string> citing;
  std::string title_key;  // "" for a title without words
};

PaperTerms terms_citing(const Analyzer& analyzer, const PaperRecord& paper) {
  PaperTerms terms;
  terms.citing.push_back(schema::make_term(schema::kCitedIdPrefix, paper.id));
  if (!paper.doi.empty()) {
    terms.citing.push_back(
        schema::make_term(schema::kCitedDoiPrefix, schema::doi_value(paper.doi)));
  }
  terms.title_key = schema::title_key_term(analyzer, paper.title);
  if (!terms.title_key.empty()) terms.citing.push_back(citations::citing_term_for(terms.title_key));
  return terms;
}

// The count from the terms' frequencies (`freq`): a title two papers share
// (copies the indexer did not merge, "Erratum") says which of them no
// reference means, and is left out. Most papers are cited by one kind of
// term or none: its frequency; else the papers with any, each once.
template <typename Frequency>
int count_from(const Xapian::Database& db, const PaperTerms& terms, const Frequency& freq) {
  std::vector<std::string> cited_by;
  for (const std::string& term : terms.citing) {
    const bool shared_title =
        schema::prefix_of(term) == schema::kCitedTitlePrefix && freq(terms.title_key) > 1;
    if (!shared_title && freq(term) > 0) cited_by.push_back(term);
  }
  if (cited_by.empty()) return 0;
  if (cited_by.size() == 1) return static_cast<int>(freq(cited_by.front()));
  Xapian::Enquire enquire(db);
  enquire.set_query(Xapian::Query(Xapian::Query::OP_OR, cited_by.begin(), cited_by.end()));
  enquire.set_weighting_scheme(Xapian::BoolWeight());
  const Xapian::MSet counted = enquire.get_mset(0, 0, db.get_doccount());
  return static_cast<int>(counted.get_matches_estimated());
}

}  // namespace

int cited_by_count(const Xapian::Database& db, const Analyzer& analyzer, const PaperRecord& paper) {
  return count_from(db, terms_citing(analyzer, paper),
                    [&](const std::string& term) { return db.get_termfreq(term); });
}

std::vector<int> cited_by_counts(const Xapian::Database& db, const Analyzer& analyzer,
                                 const std::vector<const PaperRecord*>& papers) {
  std::vector<int> counts;
  if (!has_remote_shard(db)) {
    // Local tables: each frequency is one look-up, cheaper than the
    // posting lists a match of nothing opens (below).
    for (const PaperRecord* paper : papers) counts.push_back(cited_by_count(db, analyzer, *paper));
    return counts;
  }
  if (papers.empty()) return counts;
  std::vector<PaperTerms> terms;
  std::vector<std::string> all;
  for (const PaperRecord* paper : papers) {
    terms.push_back(terms_citing(analyzer, *paper));
    all.insert(all.end(), terms.back().citing.begin(), terms.back().citing.end());
    if (!terms.back().title_key.empty()) all.push_back(terms.back().title_key);
  }
  // Over remote shards each look-up is an exchange with every server; Xapian
  // gathers the statistics of every term of a query before it matches: a
  // match of nothing brings all their frequencies in one.
  Xapian::Enquire enquire(db);
  enquire.set_query(Xapian::Query(Xapian::Query::OP_OR, all.begin(), all.end()));
  enquire.set_weighting_scheme(Xapian::BoolWeight());
  const Xapian::MSet stats = enquire.get_mset(0, 0);
  for (const PaperTerms& paper : terms) {
    counts.push_back(
        count_from(db, paper, [&](const std::string& term) { return stats.get_termfreq(term); }));
  }
  return counts;
}

std::vector<Reference> resolved_references(const Xapian::Database& db, const Analyzer& analyzer,
                                           const Xapian::Document& document) {
  std::vector<Reference> references =
      citations::decode_references(document.get_value(schema::kReferencesSlot));
  for (Reference& reference : references) resolve(db, analyzer, reference);
  return references;
}

}  // namespace paperdex::detail
