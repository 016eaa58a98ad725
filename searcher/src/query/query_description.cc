#include "query/query_description.h"

#include <cstdlib>

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

}  // namespace paperdex::detail
