// Marks query matches in stored display text using the same Analyzer that
// indexed it, so an accent-folded or stemmed match is marked in the original
// spelling; cuts snippets around the passage with the most distinct matches.
// A phrase of the query is marked where the text has it, as one span, and
// its words alone are not marked elsewhere (unless the query has them
// outside the phrase too). Snippets of abstracts and passages of bodies
// (Hit::passage) are cut alike; a passage also says where in the text it is.
#pragma once

#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include <xapian.h>

#include "paperdex/common/analyzer.h"
#include "paperdex/searcher.h"

namespace paperdex::detail {

// A snippet and where in the text it was cut from.
struct Excerpt {
  HighlightedText text;
  // The byte offset in the text of where the excerpt's matches begin: the
  // query's words in order when the excerpt has them, else the first match
  // from which on it holds every word it matched (a function word matched
  // before them leaves it); npos without a match.
  std::size_t match_offset = std::string_view::npos;
};

class Highlighter {
 public:
  // `terms` and `stems` as ParsedQuery lists them; `query` the query run,
  // for its phrases; `sequence` the stems of a query of words alone in the
  // order written (ParsedQuery::word_sequence; "" a function word, any word
  // there): of the passages with the
  // most distinct matches, one holding them in that order is the best.
  Highlighter(const Analyzer& analyzer, const std::vector<std::string>& terms,
              const std::vector<std::string>& stems, const Xapian::Query& query = {},
              std::vector<std::string> sequence = {});

  // The whole text with every match marked (titles).
  HighlightedText mark_all(std::string_view text) const;

  // About `target_bytes` of `text` around its best passage, cut at word
  // boundaries, "…" where text was cut, matches marked. Without matches: the
  // start of the text.
  HighlightedText snippet(std::string_view text, std::size_t target_bytes) const;

  // The snippet, and where its matches are in `text`.
  Excerpt excerpt(std::string_view text, std::size_t target_bytes) const;

  // The listed terms and stems, for a look at a long text's bytes (its
  // ASCII letters in lower case) that spares analysing the parts of a body
  // that cannot match (passage.cc). A text without any of them as bytes
  // matches nothing, unless a listed word is not ASCII (below).
  std::vector<std::string> listed_words() const;

  // Whether a listed term or stem is not ASCII: text may hold it in a case
  // or form the byte look cannot find.
  bool has_non_ascii_words() const;

 private:
  // What each token of a text matched.
  struct Matches {
    // The word it matched (its stem, its hyphenated word's joined stem, or
    // its phrase), empty when it matched nothing.
    std::vector<std::string> words;
    // Tokens with the same value >= 0 are one occurrence of a phrase: one span.
    std::vector<int> occurrence;
  };
  Matches match(std::string_view text, const std::vector<Token>& tokens) const;
  // Where, among `tokens`, the query's words start in the order written (sequence_).
  std::vector<bool> sequence_starts(const std::vector<Token>& tokens) const;
  // Marks the occurrences of the query's phrases.
  void match_phrases(const std::vector<Token>& tokens, Matches& matches) const;
  // The spans of tokens [first, last] that matched, shifted by `shift`.
  static std::vector<std::pair<std::size_t, std::size_t>> spans(const std::vector<Token>& tokens,
                                                                const Matches& matches,
                                                                std::size_t first, std::size_t last,
                                                                std::ptrdiff_t shift);

  const Analyzer& analyzer_;
  std::unordered_set<std::string> terms_;
  std::unordered_set<std::string> stems_;
  // The stems of each phrase of the query, in order.
  std::vector<std::vector<std::string>> phrases_;
  // Stems the query has only inside phrases: not marked alone.
  std::unordered_set<std::string> phrase_only_;
  // The query's words in order (constructor); empty for fewer than two.
  std::vector<std::string> sequence_;
};

}  // namespace paperdex::detail
