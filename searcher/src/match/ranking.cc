#include "match/ranking.h"

namespace paperdex::detail {

WeighingStats WeighingStats::of(const Xapian::Database& db, const Xapian::Query& query) {
  WeighingStats stats;
  stats.documents = db.get_doccount();
  stats.average_length = db.get_avlength();
  for (auto it = query.get_unique_terms_begin(); it != query.get_unique_terms_end(); ++it) {
    stats.terms[*it] = {db.get_termfreq(*it), db.get_collection_freq(*it)};
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
