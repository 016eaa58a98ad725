// The weighting every search and every explanation uses. Chosen on SciFact
// (bench/README.md, "Relevance evaluation"): Xapian's IneB2 divergence-from-
// randomness scheme beat BM25 at any k1/b by about 0.015 nDCG@10 on both
// halves of the queries, over two fields and over the one text field alike.
// It is built into Xapian, so remote shard servers know it without
// registration.
#pragma once

#include <xapian.h>

namespace paperdex::detail {

inline const Xapian::Weight& ranking_weight() {
  static const Xapian::IneB2Weight weight;
  return weight;
}

}  // namespace paperdex::detail
