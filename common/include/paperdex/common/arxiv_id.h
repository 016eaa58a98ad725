// arXiv identifiers: canonical form and derived ids for records without one.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace paperdex {

// "arXiv:2101.00001v2", "http://arxiv.org/abs/2101.00001v2", "oai:arXiv.org:cs/9301111",
// "math.FA/0101001v1" -> "2101.00001", "cs/9301111", "math.FA/0101001".
// nullopt when the text is not an arXiv id.
std::optional<std::string> canonical_arxiv_id(std::string_view text);

// A stable 64-bit FNV-1a hash, hex encoded (16 chars).
std::string stable_hash_hex(std::string_view text);

}  // namespace paperdex
