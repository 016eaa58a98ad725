#include "explain.h"
#include "ranking.h"

#include <algorithm>

#include "paperdex/common/schema.h"

namespace paperdex::detail {
namespace {

// The field whose prefix `term` carries; nullptr for prefixes no query field
// has (id terms of merged papers, title keys).
const schema::Field* field_of(std::string_view term) {
  const std::string_view prefix = schema::prefix_of(term);
  for (const schema::Field& field : schema::kFields) {
    if (field.prefix == prefix) return &field;
  }
  return nullptr;
}

// The paper's unique id term: an OP_FILTER on it restricts a query to the paper.
std::string id_term_of(const Xapian::Database& db, Xapian::docid docid) {
  Xapian::TermIterator it = db.termlist_begin(docid);
  it.skip_to(std::string(schema::kIdPrefix));
  if (it != db.termlist_end(docid) && (*it).starts_with(schema::kIdPrefix)) return *it;
  return {};
}

bool has_term(const Xapian::Database& db, Xapian::docid docid, const std::string& term) {
  Xapian::TermIterator it = db.termlist_begin(docid);
  it.skip_to(term);
  return it != db.termlist_end(docid) && *it == term;
}

// BM25 weight of `term` in the paper alone, as the full query's BM25 gives it
// (a term's BM25 weight depends on the term and the paper, not on the other
// terms of the query).
double term_weight(const Xapian::Database& db, const std::string& term,
                   const std::string& id_term) {
  Xapian::Enquire enquire(db);
  enquire.set_weighting_scheme(ranking_weight());
  enquire.set_query(
      Xapian::Query(Xapian::Query::OP_FILTER, Xapian::Query(term), Xapian::Query(id_term)));
  const Xapian::MSet mset = enquire.get_mset(0, 1);
  return mset.empty() ? 0.0 : mset.begin().get_weight();
}

}  // namespace

std::vector<TermContribution> explain_match(const Xapian::Database& db, const Xapian::Query& query,
                                            Xapian::docid docid, const TermScale& scale) {
  std::vector<TermContribution> contributions;
  const std::string id_term = id_term_of(db, docid);
  std::vector<std::string> seen;
  for (Xapian::TermIterator it = query.get_terms_begin(); it != query.get_terms_end(); ++it) {
    const std::string term = *it;
    if (term.empty() || std::find(seen.begin(), seen.end(), term) != seen.end()) continue;
    seen.push_back(term);
    if (!has_term(db, docid, term)) continue;
    const schema::Field* field = field_of(term);
    TermContribution contribution;
    contribution.field = field != nullptr ? std::string(field->name) : "other";
    contribution.term = term.substr(field != nullptr ? field->prefix.size() : 0);
    const bool scored = field != nullptr && (field->kind == schema::FieldKind::kText ||
                                             field->kind == schema::FieldKind::kName);
    if (scored && !id_term.empty())
      contribution.weight = term_weight(db, term, id_term) * scale(term);
    contributions.push_back(std::move(contribution));
  }
  // What mattered most first; filters (weight 0) last.
  std::stable_sort(
      contributions.begin(), contributions.end(),
      [](const TermContribution& a, const TermContribution& b) { return a.weight > b.weight; });
  return contributions;
}

}  // namespace paperdex::detail
