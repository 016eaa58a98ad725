#include "match/ranking.h"

#include <set>
#include <string>

namespace paperdex::detail {

namespace {

// The terms of `query` that may weigh: not those only filters and
// exclusions hold (a body word under its fixed weight, a subject, a year),
// whose statistics no walk reads. Each term's are two look-ups.
void add_weighed_terms(const Xapian::Query& query, std::set<std::string>& terms) {
  switch (query.get_type()) {
    case Xapian::Query::LEAF_TERM:
      terms.insert(*query.get_terms_begin());
      return;
    case Xapian::Query::OP_FILTER:
    case Xapian::Query::OP_AND_NOT:
      if (query.get_num_subqueries() > 0) add_weighed_terms(query.get_subquery(0), terms);
      return;
    default:
      for (std::size_t i = 0; i < query.get_num_subqueries(); ++i) {
        add_weighed_terms(query.get_subquery(i), terms);
      }
  }
}

}  // namespace

WeighingStats WeighingStats::of(const Xapian::Database& db, const Xapian::Query& query) {
  WeighingStats stats;
  stats.documents = db.get_doccount();
  stats.average_length = db.get_avlength();
  std::set<std::string> terms;
  add_weighed_terms(query, terms);
  for (const std::string& term : terms) {
    stats.terms[term] = {db.get_termfreq(term), db.get_collection_freq(term)};
  }
  return stats;
}

TermWeight::TermWeight(const WeighingStats& stats, const std::string& term, Xapian::termcount wqf,
                       double factor) {
  const auto found = stats.terms.find(term);
  if (factor == 0 || found == stats.terms.end() || found->second.termfreq == 0) return;
  // IneB2Weight::init, xapian-core 1.4: the same operations in the same order.
  const double documents = stats.documents;
  const double collection_freq = found->second.collection_freq;
  const double mean = collection_freq / documents;
  const double expected = documents * (1.0 - std::exp(-mean));
  const double idf = std::log2((documents + 1.0) / (expected + 0.5));
  wqf_product_idf_ = wqf * idf * factor;
  c_product_avlen_ = kIneB2C * stats.average_length;
  b_constant_ = (collection_freq + 1.0) / found->second.termfreq;
}

}  // namespace paperdex::detail
