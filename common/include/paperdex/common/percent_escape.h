// %XX, a byte as URLs escape it (RFC 3986): read by the query lexer (a query
// pasted from a URL) and by paperdex-serve's request targets, one reading.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace paperdex {

// The byte the escape at text[at] stands for; nullopt unless text[at] is '%'
// followed by two hex digits (either case).
inline std::optional<unsigned char> percent_escaped_byte(std::string_view text, std::size_t at) {
  const auto hex_value = [](char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  if (at + 2 >= text.size() || text[at] != '%') return std::nullopt;
  const int high = hex_value(text[at + 1]);
  const int low = hex_value(text[at + 2]);
  if (high < 0 || low < 0) return std::nullopt;
  return static_cast<unsigned char>(high * 16 + low);
}

}  // namespace paperdex
