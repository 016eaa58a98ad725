// Text from an index or a query file, made safe for a terminal. Indexed data
// is not trusted: a title holding "\x1b]0;pwned\x07\x1b[2J" would otherwise
// retitle and clear the terminal of whoever searches for it. Every text and
// TSV writer prints data through terminal_safe; JSON escapes by itself. The
// cleaning itself is common/'s (paperdex/common/safe_text.h), the one every
// message that quotes input goes through too.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "paperdex/common/safe_text.h"
#include "paperdex/searcher.h"

namespace paperdex::presentation {

// terminal_safe(std::string_view): the cleaning of text (safe_text.h).
using paperdex::terminal_safe;

// The same, with the highlight spans moved along with the text they mark.
HighlightedText terminal_safe(const HighlightedText& text);

// Copies of a paper, a result and index statistics with every string terminal_safe.
Paper terminal_safe(const Paper& paper);
SearchResult terminal_safe(const SearchResult& result);
IndexInfo terminal_safe(const IndexInfo& info);

// The two lines under a query error: "  QUERY\n  " and a caret under the
// character at byte `position`, the query terminal_safe and the caret's column
// counted in display columns, not bytes. A query longer than
// kQuotedInputCharacters characters is shown cut around `position`, "…"
// marking each cut.
std::string marked_query(std::string_view query, std::size_t position);

}  // namespace paperdex::presentation
