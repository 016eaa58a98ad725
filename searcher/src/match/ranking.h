// The weighting every search and every explanation uses. Chosen on SciFact
// (bench/README.md, "Relevance evaluation"): Xapian's IneB2 divergence-from-
// randomness scheme beat BM25 at any k1/b by about 0.015 nDCG@10 on both
// halves of the queries, over two fields and over the one text field alike.
// It is built into Xapian, so remote shard servers know it without
// registration.
#pragma once

#include <cmath>
#include <map>
#include <string>

#include <xapian.h>

namespace paperdex::detail {

// IneB2's one parameter, c (Xapian's default): the weight of a term's
// within-document frequency against the paper's length.
constexpr double kIneB2C = 1.0;

inline const Xapian::Weight& ranking_weight() {
  static const Xapian::IneB2Weight weight(kIneB2C);
  return weight;
}

// What ranking_weight() reads of the index to weigh a query's terms: the
// collection's size and mean length, and each term's document and
// collection frequencies. Plain values, for matching on other threads.
struct WeighingStats {
  struct Term {
    Xapian::doccount termfreq = 0;
    Xapian::termcount collection_freq = 0;
  };
  Xapian::doccount documents = 0;
  double average_length = 0;
  std::map<std::string, Term> terms;

  // The statistics of `query`'s terms over `db` (every shard of it).
  static WeighingStats of(const Xapian::Database& db, const Xapian::Query& query);
};

// One term's part of ranking_weight() in a paper, computed as Xapian 1.4's
// IneB2Weight computes it (its init() constants, then get_sumpart()), for
// matches weighed outside Xapian's matcher (posting_walk.h). Xapian adds up
// a paper's term weights in an order of its own, so a paper's sum may
// differ from Xapian's in the last bits: kWeightTolerance bounds that.
class TermWeight {
 public:
  TermWeight() = default;  // a term in a boolean context: no weight
  // `wqf`: the term's within-query frequency; `factor`: its weight scale
  // (OP_SCALE_WEIGHT's, 0 in a boolean context).
  TermWeight(const WeighingStats& stats, const std::string& term, Xapian::termcount wqf,
             double factor);

  bool weighs() const { return wqf_product_idf_ != 0; }
  // Above every weight operator() gives: its wdf part, wdfn / (wdfn + 1),
  // is below 1.
  double upper_bound() const { return b_constant_ * wqf_product_idf_; }
  double operator()(Xapian::termcount wdf, Xapian::termcount length) const {
    if (wdf == 0) return 0;
    const double wdfn = wdf * std::log2(1 + c_product_avlen_ / length);
    return wdfn * b_constant_ / (wdfn + 1.0) * wqf_product_idf_;
  }

 private:
  double c_product_avlen_ = 0;
  double b_constant_ = 0;
  double wqf_product_idf_ = 0;
};

// How far a weight computed by TermWeight may be from Xapian's, relative to
// it: sums of a few doubles in another order differ by ~1e-16.
constexpr double kWeightTolerance = 1e-9;

// Every document: a query of its own, never the shared Xapian::Query::MatchAll,
// whose reference count Xapian 1.4 updates without atomics, so that Searchers in
// several threads using it at once corrupted it (segfaults in
// Enquire::set_query under bench/soak.sh).
inline Xapian::Query match_all() { return Xapian::Query(std::string()); }

// For matcher passes that need no weights (counting, facets, filter-only
// pages): the same matches. Behind MatchAll, because Xapian 1.4.22 throws
// DatabaseCorruptError ("Unexpected end of posting list for 'Tin'") when it
// matches, unweighted and leading, a term that every document has in a
// database whose docids have gaps after updates and deletions; the database
// is sound (xapian-check), and weighted or behind MatchAll it matches.
// Found by bench/soak.sh; tests/integration/search_cli_test.cc keeps it.
inline Xapian::Query unweighted_match(const Xapian::Query& query) {
  return Xapian::Query(Xapian::Query::OP_FILTER, match_all(), query);
}

// A pass over `query`'s matches with no weights to compute (counts, facets,
// tests of membership). A count's time limit is count_every_match's (matcher.h).
inline Xapian::Enquire unweighted_enquire(const Xapian::Database& db, const Xapian::Query& query) {
  Xapian::Enquire enquire(db);
  enquire.set_query(unweighted_match(query));
  enquire.set_weighting_scheme(Xapian::BoolWeight());
  return enquire;
}

}  // namespace paperdex::detail
