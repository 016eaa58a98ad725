// The wildcard expansion source (query_translation.h TermSource) of a real
// index: words from the spelling table, which holds the unstemmed words of
// titles and abstracts, and terms from the term list. (The tests' fixed word
// list is tests/word_list_terms.h.)
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include <xapian.h>

#include "query/query_translation.h"

namespace paperdex::detail {

// Terms' frequencies in one revision of an index, kept by its searcher
// from search to search (a word's weight as a name reads them): over remote
// shards a frequency not known is an exchange. Emptied when the revision
// changes, and when it holds kMostKnownTermFrequencies.
using TermFrequencies = std::unordered_map<std::string, Xapian::doccount>;
inline constexpr std::size_t kMostKnownTermFrequencies = 1 << 16;

class IndexTermSource : public TermSource {
 public:
  using Deadline = std::optional<std::chrono::steady_clock::time_point>;
  // `db` and `known` (frequencies in db's revision) must outlive this
  // object. Past `deadline`, out_of_time(). `remote`: `db` has remote
  // shards, where a look-up is an exchange with each server in turn:
  // termfreq() answers only what `known` holds or learn_termfreqs() brought,
  // and has_term() true for any other term.
  IndexTermSource(const Xapian::Database& db, TermFrequencies& known,
                  Deadline deadline = std::nullopt, bool remote = false)
      : db_(db), known_(known), deadline_(deadline), remote_(remote) {}

  // An index without spelling data (built before paperdex kept it) offers
  // the title and abstract stems instead: coarser, but a wildcard still works.
  // Remote: what was read once is not read again (a query parsed twice).
  std::vector<std::string> words_starting(std::string_view prefix,
                                          std::size_t limit) const override;
  std::vector<std::string> terms_starting(std::string_view prefix,
                                          std::size_t limit) const override;
  bool out_of_time() const override {
    return deadline_ && std::chrono::steady_clock::now() >= *deadline_;
  }
  // A term asked about again (a word's name terms are, as a word and in
  // the title bonus, and in later searches) is not looked up again.
  bool has_term(const std::string& term) const override;
  std::optional<Xapian::doccount> termfreq(const std::string& term) const override;
  // Asked of the index (remote: an exchange with each server; the parser
  // asks only once the terms' frequencies say the query may match).
  std::optional<bool> has_match(const Xapian::Query& query) const override;
  std::optional<Xapian::doccount> papers_with_body() const override;
  // Of the first kMostPapersPerTerm papers with `term`.
  std::vector<std::string> paper_terms(const std::string& term,
                                       std::span<const std::string_view> prefixes) const override;
  static constexpr Xapian::doccount kMostPapersPerTerm = 4;

  // Frequencies of terms, asked of the index all at once (one exchange).
  using FrequencyExchange =
      std::function<std::map<std::string, Xapian::doccount>(const std::vector<std::string>&)>;
  // Remote: the frequencies of every term termfreq() could not answer, in
  // one pass over all the shards at once (their statistics, Xapian's first
  // exchange of a match): `exchange`'s, or by default a match of no
  // documents of its own. A term `exchange` leaves out is looked up alone.
  // False when there were none: a query parsed again after a true parses as
  // a local index's would.
  bool learn_termfreqs(const FrequencyExchange& exchange = {});

 private:
  using Listing = std::pair<std::string, std::size_t>;  // prefix, limit
  using Listings = std::map<Listing, std::vector<std::string>>;
  // What `read` lists for `prefix` and `limit`; remote: once per source,
  // kept in `listings`.
  template <typename Read>
  std::vector<std::string> listed(Listings& listings, std::string_view prefix, std::size_t limit,
                                  const Read& read) const;
  // Remembers `freq` of `term` in known_ (emptied first when full).
  Xapian::doccount remember(const std::string& term, Xapian::doccount freq) const;

  const Xapian::Database& db_;
  TermFrequencies& known_;
  Deadline deadline_;
  bool remote_;
  mutable std::vector<std::string> unanswered_;  // remote
  mutable Listings words_read_, terms_read_;     // remote
  mutable std::optional<Xapian::doccount> papers_with_body_;
};

}  // namespace paperdex::detail
