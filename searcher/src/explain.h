// --explain: which query terms a hit matched, in which field, and what each
// added to its score.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <xapian.h>

#include "paperdex/searcher.h"

namespace paperdex::detail {

// The factor a term's weight is scaled by in the query (the title weight,
// a related-papers term's distinctiveness); Xapian 1.4 cannot read it back
// from a Query, so the query's builder says.
using TermScale = std::function<double(const std::string& term)>;

// The scale of each term listed in `scales`, 1 for every other term.
inline TermScale scale_table(std::map<std::string, double> scales) {
  return [scales = std::move(scales)](const std::string& term) {
    const auto found = scales.find(term);
    return found != scales.end() ? found->second : 1.0;
  };
}

// The terms of `query` that document `docid` has, largest share first, each with
// its BM25 weight in that document times its scale: with the additive
// operators paperdex uses (AND, OR, phrase, NEAR, AND_MAYBE) these add up to
// the hit's score. Filter terms are listed with weight 0. For the words of a
// wildcard, which Xapian weighs as one, the split is an approximation.
std::vector<TermContribution> explain_match(const Xapian::Database& db, const Xapian::Query& query,
                                            Xapian::docid docid, const TermScale& scale);

}  // namespace paperdex::detail
