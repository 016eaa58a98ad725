// Splitting text on spaces: the words of a name or of a citation's parts as
// they are written (the references stage, the citation formats), where the
// Analyzer's words (which drop punctuation) would lose "J." or "Phys.".
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace paperdex {

// The runs of characters other than ' ' in `text`, in order; views into it.
inline std::vector<std::string_view> split_on_spaces(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    const std::size_t start = i;
    while (i < text.size() && text[i] != ' ') ++i;
    if (i > start) words.push_back(text.substr(start, i - start));
  }
  return words;
}

}  // namespace paperdex
