#pragma once
// A request target ("/search?q=optical+switch&limit=5") as its decoded path
// and parameters, as browsers and curl encode them (application/x-www-form-
// urlencoded: '+' a space, %XX a byte).

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace paperdex::serve {

struct RequestTarget {
  std::string raw_path;                                         // as sent, percent-encoded
  std::string path;                                             // decoded
  std::vector<std::pair<std::string, std::string>> parameters;  // decoded, in order
};

// @throws ApiError (400) a malformed %-escape, naming the parameter (or "path").
RequestTarget parse_target(std::string_view target);

// `text` with each %XX decoded, and '+' as a space when `plus_is_space` (the
// query part); false when a % is not followed by two hex digits.
bool percent_decode(std::string_view text, bool plus_is_space, std::string& decoded);

// The text percent-encoded for a query string (unreserved characters kept).
std::string percent_encode(std::string_view text);

}  // namespace paperdex::serve
