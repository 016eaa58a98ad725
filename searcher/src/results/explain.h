// SearchRequest::explain: the query in paperdex's own syntax, and which parts
// of it a hit matched, in which field, and what each added to its score.
#pragma once

#include <string>
#include <vector>

#include <xapian.h>

#include "paperdex/searcher.h"

namespace paperdex::detail {

// `query` written back in the query language (SearchResult::parsed_query):
// fields by name (`text:optic`, the stems the index holds), operators in
// capitals, phrases quoted, `"a b"~n` for proximity, `+x` for a required
// clause among optional ones, year ranges as `year:2020..2024`, and filters
// AND-ed like any clause. Weights are not syntax and are left out.
std::string query_text(const Xapian::Query& query);

// The parts of `query` that document `docid` matched, largest share first.
// A part is what the ranking weighs as one: a term, a phrase or NEAR group,
// or a wildcard's (or a hyphenated word's) alternatives, which Xapian weighs
// as one term. Each part's weight is its weight in this document as the
// whole query gives it (the weighting's statistics are per term, not per
// query), times the scale the query puts on it, so the weights add up to the
// hit's score. Filters and value ranges are listed with weight 0.
std::vector<TermContribution> explain_match(const Xapian::Database& db, const Xapian::Query& query,
                                            Xapian::docid docid);

}  // namespace paperdex::detail
