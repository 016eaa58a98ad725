// The text format: how a search result, the papers of --show and the index
// statistics look on a terminal (wrapped to its width, highlighted with ANSI
// colours when wanted, facets with the taxonomy's names). Every string is
// printed through terminal_safe (terminal_text.h).
#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>
#include <vector>

#include "output.h"
#include "paperdex/searcher.h"

namespace paperdex::presentation {

void print_text_result(std::ostream& out, const std::string& query, const SearchResult& result,
                       const SearchRequest& request, const OutputOptions& options);
void print_text_papers(std::ostream& out, const ShownPapers& shown, const OutputOptions& options);
void print_text_stats(std::ostream& out, const std::string& path, const IndexInfo& info,
                      const OutputOptions& options);

// Columns `text` takes on a terminal (a code point = one column; East Asian
// wide characters two).
std::size_t display_width(const std::string& text);

// Wraps text to `width` columns (a code point = one column; East Asian wide
// characters two), keeping highlight spans on the right lines.
std::vector<HighlightedText> wrap(const HighlightedText& text, std::size_t width);

}  // namespace paperdex::presentation
