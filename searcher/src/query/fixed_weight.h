// Weights a query gives of its own, beside the ranking's (match/ranking.h):
// the title and author bonuses and a body match (title_bonus.h,
// query_translation.h) weigh a fixed amount for each paper they match,
// scaled by the idf of the words that matched.
#pragma once

#include <xapian.h>

namespace paperdex::detail {

// `weight` for each paper `papers` matches. Among an AND_MAYBE's several
// optional parts, Xapian 1.4.22 gives such a weight to papers `papers` does
// not match: give each one an AND_MAYBE of its own (title_bonus.cc).
Xapian::Query fixed_weight(double weight, Xapian::Query papers);

// A word's weight in a fixed weight: log2(1 + N / df), the binary
// independence model's idf, for a word `having` of `documents` papers have
// (`having` > 0).
double idf_weight(double documents, double having);

}  // namespace paperdex::detail
