#include "query/query_description.h"

#include <cstdlib>
#include <string_view>

namespace paperdex::detail {

std::string inner_description(const Xapian::Query& query) {
  std::string description = query.get_description();
  if (description.starts_with("Query(") && description.ends_with(')')) {
    description = description.substr(6, description.size() - 7);
  }
  return description;
}

double scale_factor(const Xapian::Query& scaled) {
  return std::strtod(inner_description(scaled).c_str(), nullptr);
}

std::optional<double> fixed_weight_of(const Xapian::Query& query) {
  if (query.get_type() != Xapian::Query::LEAF_POSTING_SOURCE) return std::nullopt;
  constexpr std::string_view kBefore = "PostingSource(Xapian::FixedWeightPostingSource(wt=";
  constexpr std::string_view kAfter = "))";
  const std::string description = inner_description(query);
  if (!description.starts_with(kBefore)) return std::nullopt;
  const char* number = description.c_str() + kBefore.size();
  char* end = nullptr;
  const double weight = std::strtod(number, &end);
  if (end == number || std::string_view(end) != kAfter) return std::nullopt;
  return weight;
}

}  // namespace paperdex::detail
