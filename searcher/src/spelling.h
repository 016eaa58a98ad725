// "Did you mean": corrections of a query's words from the index's spelling
// table (the words of titles and abstracts, kept by the indexer).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <xapian.h>

#include "paperdex/common/analyzer.h"
#include "query_parser.h"

namespace paperdex::detail {

// The query with its misspelled words replaced in place, or "" when there is
// nothing to correct. A word is corrected when it is not in the index at all,
// or, when the query matched fewer than a handful of papers, when a close
// spelling is far more common. `matches` is the number of papers matching
// every word.
std::string spelling_suggestion(const Xapian::Database& db, const Analyzer& analyzer,
                                std::string_view query, const std::vector<QueryWord>& words,
                                std::size_t matches);

}  // namespace paperdex::detail
