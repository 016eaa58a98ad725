// Small UTF-8 utilities shared by every stage.
#pragma once

#include <string>
#include <string_view>

namespace paperdex {

bool is_valid_utf8(std::string_view text);
// Replace each maximal invalid subsequence by U+FFFD and NUL bytes by a space.
std::string sanitize_utf8(std::string_view text);
// Collapse runs of ASCII whitespace (and NBSP-free line wraps) to one space; trim.
std::string collapse_whitespace(std::string_view text);

}  // namespace paperdex
