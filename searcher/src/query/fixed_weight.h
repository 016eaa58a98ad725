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

// How many papers of `db` have a body (the full text, schema.h kBodySlot):
// the N of a body word's idf. A word's rarity in bodies is among the papers
// that have one, as a field's own statistics weigh it in Lucene: among all
// the papers, a word of most bodies looked rare wherever few papers had a
// body, and a handful of PDFs came first for "time" in 102,563 papers.
Xapian::doccount papers_with_body(const Xapian::Database& db);

}  // namespace paperdex::detail
