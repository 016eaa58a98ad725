// The weighting every search and every explanation uses. Chosen on SciFact
// (bench/README.md, "Relevance evaluation"): Xapian's IneB2 divergence-from-
// randomness scheme beat BM25 at any k1/b by about 0.015 nDCG@10 on both
// halves of the queries, over two fields and over the one text field alike.
// It is built into Xapian, so remote shard servers know it without
// registration.
#pragma once

#include <string>

#include <xapian.h>

namespace paperdex::detail {

inline const Xapian::Weight& ranking_weight() {
  static const Xapian::IneB2Weight weight;
  return weight;
}

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

}  // namespace paperdex::detail
