#include "paperdex/common/safe_text.h"

#include <algorithm>

namespace paperdex {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD
constexpr std::string_view kEllipsis = "\xE2\x80\xA6";     // U+2026

bool is_continuation(unsigned char byte) { return (byte & 0xC0) == 0x80; }

// The length of the valid UTF-8 sequence at text[i] (its code point in
// `code_point`), or 0 when the byte there starts none: overlong forms,
// surrogates and values past U+10FFFF are invalid too.
std::size_t valid_sequence(std::string_view text, std::size_t i, char32_t& code_point) {
  const auto lead = static_cast<unsigned char>(text[i]);
  if (lead < 0x80) {
    code_point = lead;
    return 1;
  }
  std::size_t length = 0;
  unsigned char low = 0x80, high = 0xBF;  // the range of the second byte
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
    code_point = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    code_point = lead & 0x0F;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    code_point = lead & 0x07;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  const auto second = static_cast<unsigned char>(text[i + 1]);
  if (second < low || second > high) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    const auto byte = static_cast<unsigned char>(text[i + k]);
    if (!is_continuation(byte)) return 0;
    code_point = (code_point << 6) | (byte & 0x3F);
  }
  return length;
}

bool is_layout_space(char32_t code_point) {
  return code_point == '\t' || code_point == '\n' || code_point == '\r' || code_point == '\v' ||
         code_point == '\f';
}

// Control characters, and the bidirectional formatting characters that
// reorder what follows them on the line (the "Trojan Source" ones): an
// embedding or override U+202A-U+202E, an isolate U+2066-U+2069.
bool is_unsafe(char32_t code_point) {
  return code_point < 0x20 || code_point == 0x7F || (code_point >= 0x80 && code_point <= 0x9F) ||
         (code_point >= 0x202A && code_point <= 0x202E) ||
         (code_point >= 0x2066 && code_point <= 0x2069);
}

// The byte where the character after the first `characters` of UTF-8
// `text` starts (text.size() when it has no more).
std::size_t character_boundary(std::string_view text, std::size_t characters) {
  std::size_t seen = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (!is_continuation(static_cast<unsigned char>(text[i])) && seen++ == characters) return i;
  }
  return text.size();
}

}  // namespace

std::string terminal_safe(std::string_view text, std::vector<std::size_t>* offsets) {
  std::string safe;
  safe.reserve(text.size());
  if (offsets) offsets->assign(text.size() + 1, 0);
  std::size_t i = 0;
  while (i < text.size()) {
    char32_t code_point = 0;
    std::size_t length = valid_sequence(text, i, code_point);
    const std::size_t start = safe.size();
    if (length == 0) {
      length = 1;
      safe += kReplacement;
    } else if (is_layout_space(code_point)) {
      safe += ' ';
    } else if (is_unsafe(code_point)) {
      safe += kReplacement;
    } else {
      safe.append(text, i, length);
    }
    if (offsets) std::fill_n(offsets->begin() + static_cast<std::ptrdiff_t>(i), length, start);
    i += length;
  }
  if (offsets) offsets->back() = safe.size();
  return safe;
}

std::string quote_input(std::string_view input) {
  // Cut before cleaning, so a megabyte is not cleaned to be thrown away; a
  // cut through an invalid sequence is cleaned like any other.
  const std::size_t cut = character_boundary(input, kQuotedInputCharacters);
  std::string quoted = "'" + terminal_safe(input.substr(0, cut)) + "'";
  if (cut < input.size()) {
    quoted.insert(quoted.size() - 1, kEllipsis);
    quoted += " (" + with_thousands(input.size()) + " bytes)";
  }
  return quoted;
}

std::string with_thousands(unsigned long long number) {
  std::string digits = std::to_string(number);
  for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3) {
    digits.insert(static_cast<std::size_t>(i), ",");
  }
  return digits;
}

}  // namespace paperdex
