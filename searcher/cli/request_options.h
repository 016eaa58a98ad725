// The search options paperdex-search and paperdex-serve share: the values an
// option that takes one of a list accepts, read by paperdex-search's checks
// and completion scripts and by the HTTP API's parameters, so that both take
// the same names and refuse a bad one with the same message.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "paperdex/searcher.h"

namespace paperdex::cli {

// --sort's values: the library's names.
inline constexpr auto& kSortOrders = kSortOrderNames;
// --facet's values: subject and year are always counted; author on request.
inline constexpr std::array<std::string_view, 3> kFacetNames = {"subject", "year", "author"};
// --facets' bound: how many values of a facet to show is the output's own
// choice, not the library's.
inline constexpr long long kMaxFacetValues = 10'000;

// "a, b or c" for messages.
std::string either(const std::vector<std::string_view>& names);

std::vector<std::string_view> sort_names();

// The sort order named `name`, or the problem: "--sort must be relevance,
// ... or added, not 'x'" (`option` is "--sort", or the parameter's name).
struct SortChoice {
  SortOrder order = SortOrder::kRelevance;
  std::string problem;  // "" when `name` is an order
};
SortChoice sort_order(std::string_view option, std::string_view name);

// Checks a --facet value: "" when it is one of kFacetNames, else the problem.
std::string facet_problem(std::string_view option, std::string_view name);

// Whether `query` and the filters of `request` ask for any paper: a search
// of nothing is refused before it reaches the library.
bool asks_something(const std::string& query, const SearchRequest& request);

// Checks a --facets value: "" when it is between 0 and kMaxFacetValues.
std::string facet_values_problem(std::string_view option, long long value);

}  // namespace paperdex::cli
