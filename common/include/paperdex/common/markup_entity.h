// The character references HTML and XML text share: written by the
// highlighted snippets' html_escape (searcher) and by the Atom feed's XML
// (presentation), one table.
#pragma once

namespace paperdex {

// The reference that stands for `c` in HTML or XML text and in a quoted
// attribute value (& < > "); nullptr for a character that stands for itself.
inline const char* markup_entity(char32_t c) {
  switch (c) {
    case '&':
      return "&amp;";
    case '<':
      return "&lt;";
    case '>':
      return "&gt;";
    case '"':
      return "&quot;";
    default:
      return nullptr;
  }
}

}  // namespace paperdex
