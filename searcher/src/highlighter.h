// Marks query matches in stored display text using the same Analyzer that
// indexed it, so an accent-folded or stemmed match is marked in the original
// spelling; cuts snippets around the passage with the most distinct matches.
#pragma once

#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "paperdex/common/analyzer.h"
#include "paperdex/searcher.h"

namespace paperdex::detail {

class Highlighter {
 public:
  Highlighter(const Analyzer& analyzer, const std::vector<std::string>& terms,
              const std::vector<std::string>& stems);

  // The whole text with every match marked (titles).
  HighlightedText mark_all(std::string_view text) const;

  // About `target_bytes` of `text` around its best passage, cut at word
  // boundaries, "…" where text was cut, matches marked. Without matches: the
  // start of the text.
  HighlightedText snippet(std::string_view text, std::size_t target_bytes) const;

 private:
  // Per token: the word it matched (its stem, or its hyphenated word's
  // joined stem), empty when it matched nothing.
  std::vector<std::string> matched_words(std::string_view text,
                                         const std::vector<Token>& tokens) const;

  const Analyzer& analyzer_;
  std::unordered_set<std::string> terms_;
  std::unordered_set<std::string> stems_;
};

}  // namespace paperdex::detail
