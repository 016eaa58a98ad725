// The extraction stage (full text): the text a reader made, cleaned into what
// FullText::text promises (valid UTF-8, words apart by single spaces,
// paragraphs by '\n'). Private to fulltext/.
#pragma once

#include <string>
#include <string_view>

namespace paperdex::fulltext::detail {

// A PDF page's text as poppler gave it: invalid UTF-8, NULs, control
// characters and '\f' dropped; ligatures (ﬁ ﬂ ﬀ ﬃ ﬄ) spelled out; a word
// broken across lines by a hyphen joined ("infor-\nmation" -> "information",
// when a lower-case letter follows); whitespace normalised: a run holding a
// blank line is a paragraph break ('\n'), any other run one space.
std::string clean_page_text(std::string_view raw);

// `text` with the ligature presentation forms (ﬁ ﬂ ﬀ ﬃ ﬄ ﬅ ﬆ) spelled out.
std::string spell_ligatures(std::string_view text);

// Whitespace of `text` normalised as clean_page_text does, nothing else.
std::string normalise_whitespace(std::string_view text);

// `text` without U+FFFD, NULs and C0 controls other than '\n' (after
// sanitize_utf8): what invalid input leaves behind, dropped.
std::string drop_invalid(std::string_view text);

// A bound for a message: "16 MiB" when it is a whole number of MiB, else
// "10,000 bytes".
std::string describe_bytes(std::size_t bytes);

}  // namespace paperdex::fulltext::detail
