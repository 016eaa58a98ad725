// A fixed word list as a wildcard expansion source (query_translation.h
// TermSource), serving as both the words and the terms: what the parser's
// tests (tests/unit/query_translation_test.cc) and its fuzzer
// (fuzz/query_parser_fuzz.cc) expand wildcards against without an index.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "query/query_translation.h"

namespace paperdex::test {

class WordListTermSource : public detail::TermSource {
 public:
  explicit WordListTermSource(std::vector<std::string> entries) : entries_(std::move(entries)) {
    std::sort(entries_.begin(), entries_.end());
  }

  std::vector<std::string> words_starting(std::string_view prefix,
                                          std::size_t limit) const override {
    return terms_starting(prefix, limit);
  }
  std::vector<std::string> terms_starting(std::string_view prefix,
                                          std::size_t limit) const override {
    std::vector<std::string> found;
    auto it = std::lower_bound(entries_.begin(), entries_.end(), prefix,
                               [](const std::string& entry, std::string_view wanted) {
                                 return std::string_view(entry) < wanted;
                               });
    for (; it != entries_.end() && found.size() < limit && it->starts_with(prefix); ++it) {
      found.push_back(*it);
    }
    return found;
  }

 private:
  std::vector<std::string> entries_;  // sorted
};

}  // namespace paperdex::test
