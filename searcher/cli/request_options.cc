#include "request_options.h"

namespace paperdex::cli {

std::string either(const std::vector<std::string_view>& names) {
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += i + 1 == names.size() ? " or " : ", ";
    text += names[i];
  }
  return text;
}

bool asks_something(const std::string& query, const SearchRequest& request) {
  return query.find_first_not_of(" \t") != std::string::npos || !request.subjects.empty() ||
         !request.years.empty() || !request.authors.empty() || !request.like.empty();
}

}  // namespace paperdex::cli
