// What paperdex-search and paperdex-serve say alike of a request (the
// parameters themselves, their values and messages, are the library's
// table: paperdex/search_parameters.h).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "paperdex/searcher.h"

namespace paperdex::cli {

// "a, b or c" for messages.
std::string either(const std::vector<std::string_view>& names);

// Whether `query` and the filters of `request` ask for any paper: a search
// of nothing is refused before it reaches the library.
bool asks_something(const std::string& query, const SearchRequest& request);

}  // namespace paperdex::cli
