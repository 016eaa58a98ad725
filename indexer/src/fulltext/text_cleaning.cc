// The extraction stage (full text): cleaning extracted text (see
// text_cleaning.h). Works on bytes: every character it looks at is ASCII or a
// whole UTF-8 sequence it matches literally, so valid UTF-8 stays valid.
#include "fulltext/text_cleaning.h"

#include <array>
#include <utility>

#include "paperdex/common/safe_text.h"
#include "paperdex/common/utf8.h"

namespace paperdex::fulltext::detail {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
bool is_lower_ascii(char c) { return c >= 'a' && c <= 'z'; }
bool is_letter_ascii(char c) { return is_lower_ascii(c) || (c >= 'A' && c <= 'Z'); }

// Presentation forms fonts use for ligatures; a searcher types the letters.
constexpr std::array<std::pair<std::string_view, std::string_view>, 7> kLigatures = {{
    {"\xEF\xAC\x80", "ff"},
    {"\xEF\xAC\x81", "fi"},
    {"\xEF\xAC\x82", "fl"},
    {"\xEF\xAC\x83", "ffi"},
    {"\xEF\xAC\x84", "ffl"},
    {"\xEF\xAC\x85", "st"},
    {"\xEF\xAC\x86", "st"},
}};

}  // namespace

std::string spell_ligatures(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\xEF' && i + 2 < text.size() && text[i + 1] == '\xAC') {
      bool replaced = false;
      for (const auto& [ligature, letters] : kLigatures) {
        if (text.substr(i, 3) == ligature) {
          out.append(letters);
          i += 2;
          replaced = true;
          break;
        }
      }
      if (replaced) continue;
    }
    out.push_back(text[i]);
  }
  return out;
}

namespace {

// "infor-\nmation" -> "information": a hyphen at a line's end between a
// letter and a lower-case letter is the typesetter's. "state-of-\nthe-art"
// loses a real hyphen; rarer than the breaks it mends.
std::string join_hyphenated(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '-' && !out.empty() && is_letter_ascii(out.back())) {
      std::size_t j = i + 1;
      while (j < text.size() && (text[j] == ' ' || text[j] == '\r')) ++j;
      if (j < text.size() && text[j] == '\n') {
        ++j;
        while (j < text.size() && (text[j] == ' ' || text[j] == '\t')) ++j;
        if (j < text.size() && is_lower_ascii(text[j])) {
          i = j - 1;
          continue;
        }
      }
    }
    out.push_back(text[i]);
  }
  return out;
}

}  // namespace

std::string drop_invalid(std::string_view text) {
  // Most text has nothing to drop: it is copied whole, and the work below
  // starts at the first byte that may change.
  std::size_t first = 0;
  while (first < text.size()) {
    const auto c = static_cast<unsigned char>(text[first]);
    if ((c < 0x20 && !is_space(text[first])) || c == 0x7F || c == 0xEF) break;
    ++first;
  }
  std::string out(text.substr(0, first));
  if (first == text.size()) return out;
  out.reserve(text.size());
  for (std::size_t i = first; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (text.substr(i, 3) == kReplacement) {
      i += 2;
    } else if (c < 0x20 && !is_space(text[i])) {
      out.push_back(' ');
    } else if (c == 0x7F) {
      out.push_back(' ');
    } else {
      out.push_back(text[i]);
    }
  }
  return out;
}

std::string normalise_whitespace(std::string_view text) {
  // Text already normal (single spaces between words, none at either end)
  // is copied whole.
  bool normal = text.empty() || (!is_space(text.front()) && !is_space(text.back()));
  for (std::size_t i = 0; normal && i < text.size(); ++i) {
    normal = text[i] == ' ' ? text[i + 1] != ' ' : !is_space(text[i]);
  }
  if (normal) return std::string(text);
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    if (!is_space(text[i])) {
      out.push_back(text[i++]);
      continue;
    }
    std::size_t newlines = 0;
    while (i < text.size() && is_space(text[i])) newlines += text[i++] == '\n';
    if (!out.empty() && i < text.size()) out.push_back(newlines >= 2 ? '\n' : ' ');
  }
  return out;
}

std::string describe_bytes(std::size_t bytes) {
  if (bytes != 0 && bytes % (1u << 20) == 0) return with_thousands(bytes >> 20) + " MiB";
  return with_thousands(bytes) + " bytes";
}

std::string clean_page_text(std::string_view raw) {
  std::string text = drop_invalid(sanitize_utf8(raw));
  for (char& c : text) {
    if (c == '\f') c = ' ';
  }
  return normalise_whitespace(join_hyphenated(spell_ligatures(text)));
}

}  // namespace paperdex::fulltext::detail
