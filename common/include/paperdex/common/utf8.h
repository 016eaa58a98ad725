// Small UTF-8 utilities shared by every stage.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

namespace paperdex {

bool is_valid_utf8(std::string_view text);
// Replace each maximal invalid subsequence by U+FFFD and NUL bytes by a space.
std::string sanitize_utf8(std::string_view text);
// Characters (code points) in valid UTF-8 text: the bytes that do not continue one.
inline std::size_t count_characters(std::string_view text) {
  std::size_t characters = 0;
  for (const char c : text) characters += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return characters;
}
// ASCII letters lower-cased, every other byte kept: for names and codes
// (fields, categories, DOIs) that are ASCII by definition.
inline char ascii_lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}
inline std::string ascii_lower(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) c = ascii_lower(c);
  return lower;
}
// Whether `a` and `b` are the same but for the case of ASCII letters.
inline bool equal_ignoring_ascii_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return ascii_lower(x) == ascii_lower(y);
         });
}
// Collapse runs of ASCII whitespace (and NBSP-free line wraps) to one space; trim.
std::string collapse_whitespace(std::string_view text);

}  // namespace paperdex
