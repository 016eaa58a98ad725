// The extraction stage (full text): reading LaTeX's syntax one token, group
// or argument at a time, for the LaTeX readers of fulltext/. Every function
// stays within the text it is given, whatever the input (unbalanced braces,
// a backslash at the end): these run on untrusted files. Private.
#pragma once

#include <cstddef>
#include <string_view>

namespace paperdex::fulltext::detail::latex {

inline bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
inline bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// The character at `at` follows an odd number of backslashes (\%, \$, \{).
inline bool escaped(std::string_view tex, std::size_t at) {
  std::size_t backslashes = 0;
  while (at > backslashes && tex[at - backslashes - 1] == '\\') ++backslashes;
  return backslashes % 2 == 1;
}

inline std::size_t skip_spaces(std::string_view tex, std::size_t i) {
  while (i < tex.size() && is_space(tex[i])) ++i;
  return i;
}

// Past the '}' closing the group that opens at `open`, or the end.
inline std::size_t group_end(std::string_view tex, std::size_t open) {
  int depth = 0;
  for (std::size_t i = open; i < tex.size(); ++i) {
    if (tex[i] == '\\') {
      ++i;
    } else if (tex[i] == '{') {
      ++depth;
    } else if (tex[i] == '}' && --depth == 0) {
      return i + 1;
    }
  }
  return tex.size();
}

// Past the ']' closing the optional argument at `open` (groups inside kept
// whole), or `open` itself when none closes it within 4 KiB.
inline std::size_t bracket_end(std::string_view tex, std::size_t open) {
  for (std::size_t i = open + 1; i < tex.size() && i < open + 4096; ++i) {
    if (tex[i] == '{') {
      i = group_end(tex, i) - 1;
    } else if (tex[i] == ']') {
      return i + 1;
    }
  }
  return open;
}

// `at`, or past the rest of the UTF-8 sequence `at` falls inside: where a
// bound counted in bytes stops a scan, so that the text after it starts with
// a whole character.
inline std::size_t character_boundary(std::string_view tex, std::size_t at) {
  while (at < tex.size() && (static_cast<unsigned char>(tex[at]) & 0xC0) == 0x80) ++at;
  return at;
}

// Past the character (a whole UTF-8 sequence) that starts at `at`.
inline std::size_t character_end(std::string_view tex, std::size_t at) {
  return character_boundary(tex, at + 1);
}

// The name of the command at `at` (a backslash): its letters, or the one
// character after the backslash; empty at the end of the text.
// (One character, not one byte: "\é" must not split the é.)
inline std::string_view command_name(std::string_view tex, std::size_t at) {
  std::size_t end = at + 1;
  while (end < tex.size() && is_letter(tex[end])) ++end;
  if (end == at + 1 && end < tex.size()) end = character_end(tex, end);
  return tex.substr(at + 1, end - at - 1);
}

// The argument at `i` (after spaces): a {group}'s inside, or one token
// (a command or a character). `i` moves past it.
inline std::string_view take_argument(std::string_view tex, std::size_t& i) {
  i = skip_spaces(tex, i);
  if (i >= tex.size()) return {};
  if (tex[i] == '{') {
    const std::size_t open = i;
    i = group_end(tex, open);
    const bool closed = i - open >= 2 && tex[i - 1] == '}';
    return tex.substr(open + 1, i - open - 1 - (closed ? 1 : 0));
  }
  const std::size_t start = i;
  i = tex[i] == '\\' ? i + 1 + command_name(tex, i).size() : character_end(tex, i);
  return tex.substr(start, i - start);
}

// The '{' opening the body of the \def whose parameter text (#1#2, or
// delimiters) starts at `from`, looked for within 256 bytes; else where the
// search stopped, never inside a character.
inline std::size_t def_body_open(std::string_view tex, std::size_t from) {
  const std::size_t limit = tex.size() - from > 256 ? from + 256 : tex.size();
  std::size_t j = from;
  while (j < limit && tex[j] != '{') ++j;
  return character_boundary(tex, j);
}

// Skips the arguments `pattern` describes after an optional '*': '{' a
// required argument, '[' an optional one (when present). Returns the end.
inline std::size_t skip_pattern(std::string_view tex, std::size_t i, std::string_view pattern) {
  if (i < tex.size() && tex[i] == '*') ++i;
  for (const char kind : pattern) {
    if (kind == '{') {
      take_argument(tex, i);
      continue;
    }
    const std::size_t j = skip_spaces(tex, i);
    if (j < tex.size() && tex[j] == '[') {
      const std::size_t end = bracket_end(tex, j);
      if (end != j) i = end;
    }
  }
  return i;
}

}  // namespace paperdex::fulltext::detail::latex
