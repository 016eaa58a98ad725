// Text that came from outside (an index, an input file, a command line, a
// query) made safe to show: on a terminal, in a message, in a Python
// traceback. Such text is not trusted: a title or a record id holding
// "\x1b]0;pwned\x07\x1b[2J" would otherwise retitle and clear the terminal of
// whoever reads it, and U+202E would turn the rest of its line around. One
// cleaning for the results and for every message that quotes input.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace paperdex {

// `text` with each byte that is not part of valid UTF-8 as U+FFFD, tab, line
// feed, carriage return, vertical tab and form feed as a space (the writers
// lay out their own lines and columns), and every other control character
// (C0, ESC among them, DEL, C1 U+0080-U+009F) and every bidirectional
// embedding, override and isolate (U+202A-U+202E, U+2066-U+2069) as U+FFFD.
// When `offsets` is given it receives, for each byte of `text` and one past
// its end, where that byte went in the result.
std::string terminal_safe(std::string_view text, std::vector<std::size_t>* offsets = nullptr);

// How many characters of an input quote_input keeps: enough to recognise it,
// short enough that a message stays a line.
inline constexpr std::size_t kQuotedInputCharacters = 80;

// `input` quoted for a message: terminal_safe, in single quotes, and when it
// is longer than kQuotedInputCharacters characters cut there with "…" and
// its length given: 'abc…' (1,048,576 bytes). Every message that quotes what
// a user or a file gave (a query or part of one, an id, a value) quotes it
// with this, where the message is made, so a library's caller (a CLI, a
// Python traceback, a log) never receives raw control bytes or a megabyte.
std::string quote_input(std::string_view input);

// `number` with a comma every three digits: 1048576 -> "1,048,576".
std::string with_thousands(unsigned long long number);

}  // namespace paperdex
