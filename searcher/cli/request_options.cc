#include "request_options.h"

#include <algorithm>

#include "paperdex/common/safe_text.h"

namespace paperdex::cli {

std::string either(const std::vector<std::string_view>& names) {
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += i + 1 == names.size() ? " or " : ", ";
    text += names[i];
  }
  return text;
}

std::vector<std::string_view> sort_names() {
  std::vector<std::string_view> names;
  for (const auto& [name, order] : kSortOrders) names.push_back(name);
  return names;
}

SortChoice sort_order(std::string_view option, std::string_view name) {
  for (const auto& [known, order] : kSortOrders) {
    if (name == known) return {order, ""};
  }
  return {SortOrder::kRelevance,
          std::string(option) + " must be " + either(sort_names()) + ", not " + quote_input(name)};
}

std::string facet_problem(std::string_view option, std::string_view name) {
  if (std::find(kFacetNames.begin(), kFacetNames.end(), name) != kFacetNames.end()) return "";
  return std::string(option) + " must be " +
         either(std::vector<std::string_view>(kFacetNames.begin(), kFacetNames.end())) + ", not " +
         quote_input(name);
}

bool asks_something(const std::string& query, const SearchRequest& request) {
  return query.find_first_not_of(" \t") != std::string::npos || !request.subjects.empty() ||
         !request.years.empty() || !request.authors.empty() || !request.like.empty();
}

std::string facet_values_problem(std::string_view option, long long value) {
  if (value >= 0 && value <= kMaxFacetValues) return "";
  return std::string(option) + " must be between 0 and " + with_thousands(kMaxFacetValues) +
         ", not " + std::to_string(value);
}

}  // namespace paperdex::cli
