// arXiv identifiers: canonical form and derived ids for records without one.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace paperdex {

// "arXiv:2101.00001v2", "http://arxiv.org/abs/2101.00001v2", "oai:arXiv.org:cs/9301111",
// "math.FA/0101001v1" -> "2101.00001", "cs/9301111", "math.FA/0101001".
// Links as people paste them are ids too: with or without "http(s)://",
// "www." or "export.", to the abstract page (arxiv.org/abs/) or the PDF
// (arxiv.org/pdf/, with or without ".pdf"). Prefixes ignore case.
// nullopt when the text is not an arXiv id.
std::optional<std::string> canonical_arxiv_id(std::string_view text);

// The ids the paper with arXiv id `text` may be indexed under, canonical
// first: canonical_arxiv_id(text) and, for an old-style id written with its
// subject class ("math.FA/0101001"), the id arXiv gives the paper, which
// leaves the class out ("math/0101001"). Empty when `text` is not an arXiv id.
std::vector<std::string> arxiv_id_forms(std::string_view text);

// A stable 64-bit FNV-1a hash, hex encoded (16 chars).
std::string stable_hash_hex(std::string_view text);

}  // namespace paperdex
