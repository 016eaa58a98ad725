// Runs the evaluation queries through paperdex::Searcher exactly as a user's
// query runs by default: the query text as written, a default SearchRequest
// except for the page size (the run's depth) and facets off (facets only
// count; they do not change the ranking).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "eval/beir_reader.h"
#include "eval/metrics.h"

namespace paperdex::eval {

struct QueryOutcome {
  std::vector<ScoredDoc> hits;  // in the engine's order
  bool failed = false;          // the searcher threw; `error` says why
  bool syntax_error = false;    // ... a QuerySyntaxError
  std::string error;
  bool filled = false;  // the page was filled with papers matching most words
  std::size_t all_words_total = 0;
  std::string parsed_query;
};

// One outcome per query, in the order of `queries`, searched by `threads`
// threads with a Searcher each (a Searcher is not shareable).
std::vector<QueryOutcome> run_queries(const std::string& index_dir,
                                      const std::vector<BeirQuery>& queries, std::size_t depth,
                                      std::size_t threads);

}  // namespace paperdex::eval
