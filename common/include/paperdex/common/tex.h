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

}  // namespace paperdex
