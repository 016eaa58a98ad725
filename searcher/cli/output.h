// How search results look: text for people (wrapped, highlighted with ANSI
// when wanted) and JSON for scripts (a stable shape, see README).
#pragma once

#include <iosfwd>
#include <string>

#include <nlohmann/json.hpp>

#include "paperdex/searcher.h"

namespace paperdex::cli {

struct TextStyle {
  bool color = false;
  std::size_t width = 80;
};

void print_text(std::ostream& out, const std::string& query, const SearchResult& result,
                const SearchRequest& request, const TextStyle& style);

nlohmann::ordered_json to_json(const std::string& query, const SearchResult& result);

// Wraps text to `width` columns (a code point = one column; East Asian wide
// characters two), keeping highlight spans on the right lines.
std::vector<HighlightedText> wrap(const HighlightedText& text, std::size_t width);

}  // namespace paperdex::cli
