#include "paperdex/common/utf8.h"

#include <cstdint>

namespace paperdex {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// Length of the valid UTF-8 sequence at text[i], or 0 when it is invalid
// (overlong forms, surrogates and code points past U+10FFFF are invalid).
std::size_t valid_sequence_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
  const unsigned char lead = byte(0);
  if (lead < 0x80) return 1;
  std::size_t length = 0;
  unsigned char low = 0x80, high = 0xBF;  // allowed range of the second byte
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  if (byte(1) < low || byte(1) > high) return 0;
  for (std::size_t k = 2; k < length; ++k) {
    if (byte(k) < 0x80 || byte(k) > 0xBF) return 0;
  }
  return length;
}

}  // namespace

bool is_valid_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = valid_sequence_length(text, i);
    if (length == 0 || text[i] == '\0') return false;
    i += length;
  }
  return true;
}

std::string sanitize_utf8(std::string_view text) {
  // Nearly all text is valid: checked first, it is copied whole rather than
  // a character at a time.
  if (is_valid_utf8(text)) return std::string(text);
  std::string result;
  result.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = valid_sequence_length(text, i);
    if (length == 0) {
      result.append(kReplacement);
      // Skip the lead byte and any continuation bytes that follow it.
      ++i;
      while (i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) ++i;
      continue;
    }
    if (text[i] == '\0') {
      result.push_back(' ');
    } else {
      result.append(text.substr(i, length));
    }
    i += length;
  }
  return result;
}

std::string collapse_whitespace(std::string_view text) {
  std::string result;
  result.reserve(text.size());
  bool pending_space = false;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
      pending_space = !result.empty();
      continue;
    }
    if (pending_space) result.push_back(' ');
    pending_space = false;
    result.push_back(c);
  }
  return result;
}

}  // namespace paperdex
