// TeX decoding of arXiv text (used by Analyzer::prepare and by readers for
// author names). Pure function, thread-safe.
#pragma once

#include <string>
#include <string_view>

namespace paperdex {

// Bj\"{o}rn, Bj\"orn, Bj{\"o}rn -> Björn; \emph{x} -> x; -- -> –, --- -> —;
// \times -> ×, \alpha -> α, ...; \% -> %, \& -> &; ~ -> space; stray braces
// removed (Ka{â}niche -> Kaâniche); $ delimiters removed, math content kept.
// Unknown commands are dropped, their arguments kept. Input must be valid UTF-8.
std::string decode_tex(std::string_view text);

// The way back, for writing BibTeX: display text (valid UTF-8, as
// decode_tex left it) as LaTeX text that 8-bit BibTeX and biber both read.
// A character decode_tex's table names is written with its command (ø ->
// {\o}, α -> {$\alpha$}, – -> {\textendash}), an accented Latin letter with
// TeX accents (ü -> {\"u}, č -> {\v{c}}, ï -> {\"{\i}}), TeX's specials
// escaped (& -> \&, % -> \%, _ -> \_, { -> \textbraceleft{}, ...), control
// characters as spaces; what TeX has no command for (CJK) stays UTF-8.
// Every group it writes is balanced.
std::string encode_tex(std::string_view text);

}  // namespace paperdex
