// The wildcard expansion source (query_translation.h TermSource) of a real
// index: words from the spelling table, which holds the unstemmed words of
// titles and abstracts, and terms from the term list. (The tests' fixed word
// list is tests/word_list_terms.h.)
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <xapian.h>

#include "query/query_translation.h"

namespace paperdex::detail {

class IndexTermSource : public TermSource {
 public:
  using Deadline = std::optional<std::chrono::steady_clock::time_point>;
  // `db` must outlive this object. Past `deadline`, out_of_time().
  explicit IndexTermSource(const Xapian::Database& db, Deadline deadline = std::nullopt)
      : db_(db), deadline_(deadline) {}

  // An index without spelling data (built before paperdex kept it) offers
  // the title and abstract stems instead: coarser, but a wildcard still works.
  std::vector<std::string> words_starting(std::string_view prefix,
                                          std::size_t limit) const override;
  std::vector<std::string> terms_starting(std::string_view prefix,
                                          std::size_t limit) const override;
  bool out_of_time() const override {
    return deadline_ && std::chrono::steady_clock::now() >= *deadline_;
  }

 private:
  const Xapian::Database& db_;
  Deadline deadline_;
};

}  // namespace paperdex::detail
