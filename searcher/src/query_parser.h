// Query string -> Xapian::Query, through the one Analyzer and the schema table.
// Internal to the searcher library (not installed).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <xapian.h>

#include "paperdex/common/analyzer.h"
#include "paperdex/searcher.h"

namespace paperdex::detail {

struct QueryParserOptions {
  double title_weight = 2.0;  // a title match counts this much more than an abstract match
};

struct ParsedQuery {
  // The query as written: free-text words AND-ed (MatchMode::kAllWords) or
  // OR-ed (kAnyWord); field filters applied with OP_FILTER (no weight).
  Xapian::Query query;
  // For partial fill: the same query with the free-text words OR-ed instead
  // of AND-ed, filters and exclusions kept. Empty (Xapian::Query()) when it
  // would not differ from `query` (one word, explicit operators, kAnyWord).
  Xapian::Query relaxed;
  // False when the query holds only filters (subject:, year:, id:...): the
  // caller lists every match, newest first.
  bool has_text = false;
  // What the highlighter marks: folded unstemmed terms of words in title /
  // abstract searches, and their stems (a token matches if its term or its
  // stem is listed).
  std::vector<std::string> highlight_terms;
  std::vector<std::string> highlight_stems;
};

class QueryParser {
 public:
  explicit QueryParser(const Analyzer& analyzer, QueryParserOptions options = {});

  // Throws paperdex::QuerySyntaxError (with the byte position) for unbalanced
  // quotes or parentheses, an unknown field, an empty or malformed range, an
  // empty query.
  ParsedQuery parse(std::string_view query, MatchMode mode) const;

  // A filter given outside the query (--subject, --year): same syntax as the
  // field's value in the query. Throws QuerySyntaxError.
  Xapian::Query parse_filter(std::string_view field, std::string_view value) const;

 private:
  const Analyzer& analyzer_;
  QueryParserOptions options_;
};

}  // namespace paperdex::detail
