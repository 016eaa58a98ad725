// The wildcard expansion source (query_translation.h TermSource) of a real
// index: words from the spelling table, which holds the unstemmed words of
// titles and abstracts, and terms from the term list. (The tests' fixed word
// list is tests/word_list_terms.h.)
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <xapian.h>

#include "query/query_translation.h"

namespace paperdex::detail {

class IndexTermSource : public TermSource {
 public:
  using Deadline = std::optional<std::chrono::steady_clock::time_point>;
  // `db` must outlive this object. Past `deadline`, out_of_time().
  // `remote`: `db` has remote shards, where a look-up is an exchange with
  // each server in turn: has_term() does not look, it answers true.
  explicit IndexTermSource(const Xapian::Database& db, Deadline deadline = std::nullopt,
                           bool remote = false)
      : db_(db), deadline_(deadline), remote_(remote) {}

  // An index without spelling data (built before paperdex kept it) offers
  // the title and abstract stems instead: coarser, but a wildcard still works.
  std::vector<std::string> words_starting(std::string_view prefix,
                                          std::size_t limit) const override;
  std::vector<std::string> terms_starting(std::string_view prefix,
                                          std::size_t limit) const override;
  bool out_of_time() const override {
    return deadline_ && std::chrono::steady_clock::now() >= *deadline_;
  }
  // A term asked about again (a word's name terms are, as a word and in
  // the title bonus) is not looked up again.
  bool has_term(const std::string& term) const override;

 private:
  const Xapian::Database& db_;
  Deadline deadline_;
  bool remote_;
  mutable std::unordered_map<std::string, bool> has_term_;
};

}  // namespace paperdex::detail
