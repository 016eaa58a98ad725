// Text from an index or a query file, made safe for a terminal. Indexed data
// is not trusted: a title holding "\x1b]0;pwned\x07\x1b[2J" would otherwise
// retitle and clear the terminal of whoever searches for it. Every text and
// TSV writer prints data through terminal_safe; JSON escapes by itself.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "paperdex/searcher.h"

namespace paperdex::cli {

// `text` with each byte that is not part of valid UTF-8 as U+FFFD, tab, line
// feed, carriage return, vertical tab and form feed as a space (the writers
// lay out their own lines and columns), and every other control character
// (C0, ESC among them, DEL, C1 U+0080-U+009F) as U+FFFD.
std::string terminal_safe(std::string_view text);

// The same, with the highlight spans moved along with the text they mark.
HighlightedText terminal_safe(const HighlightedText& text);

// Copies of a paper, a result and index statistics with every string terminal_safe.
Paper terminal_safe(const Paper& paper);
SearchResult terminal_safe(const SearchResult& result);
IndexInfo terminal_safe(const IndexInfo& info);

// The two lines under a query error: "  QUERY\n  " and a caret under the
// character at byte `position`, the query terminal_safe and the caret's column
// counted in display columns, not bytes.
std::string marked_query(std::string_view query, std::size_t position);

}  // namespace paperdex::cli
