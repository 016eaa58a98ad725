// The one Analyzer: the same text analysis for indexing, query parsing and
// highlighting (README.md, "How the pieces fit"). Anything that turns text into
// terms goes through here, so a query term always matches what was indexed and
// the highlighter marks exactly what matched.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace paperdex {

struct Token {
  std::string term;            // NFKC, case-folded, accent-folded form: "bjorn", "cs.ni", "3.1"
                               // (and "0·76", the Lancet's decimal point, is "0.76")
  std::string stem;            // English stem of term ("schedul"), American spelling
                               // ("tumour" -> "tumor"), Greek letters named ("β" ->
                               // "beta"); equals term when not stemmable
  std::size_t begin = 0;       // byte offset of the token in the analyzed text
  std::size_t end = 0;         // one past its last byte
  std::uint32_t position = 0;  // 0-based index among the tokens of this text
};

// A term of digits, '.' and ',' alone ("2024", "3.1", "1,000"): a number,
// not a word (no spelling suggestions, no hyphenated word of numbers only).
bool is_number(std::string_view term);

// A word written with hyphens between its parts ("knock-down", "IL-6",
// "COVID-19"): the tokens first..last, their terms joined ("knockdown",
// "il6", "covid19") and the stem of that. Indexed beside the parts, and what
// a query's hyphenated word searches, so either spelling finds the other.
struct HyphenCompound {
  std::size_t first = 0;  // index of the first part in the token list
  std::size_t last = 0;   // index of the last part (last > first)
  std::string term;
  std::string stem;
};

// What decides how text becomes terms besides paperdex's own code: the ICU
// release (word breaks, normalization, character names) and the Unicode
// version of its data, as "ICU 72.1, Unicode 15.0". The indexer records it;
// a query analyzed by another one may split words differently from the index.
std::string analysis_version();

// Thread-safety: one Analyzer must not be used from two threads at once,
// not even through its const methods. They are const because they do not
// change what the Analyzer computes, but they do change its state: the ICU
// word break iterator and UText it reuses for every text, the folder's
// buffers, scratch strings, and a cache of recent stems (stem() and
// tokenize() fill it). Use one Analyzer per thread (as each Searcher and
// each indexing worker does); distinct Analyzers share nothing mutable.
// The free functions of this header (is_number, analysis_version) are
// safe from any thread. Construction is moderately expensive (ICU set-up):
// keep one and reuse it.
class Analyzer {
 public:
  Analyzer();
  ~Analyzer();
  Analyzer(const Analyzer&) = delete;
  Analyzer& operator=(const Analyzer&) = delete;
  Analyzer(Analyzer&&) noexcept;
  Analyzer& operator=(Analyzer&&) noexcept;

  // Raw source text -> display text: invalid UTF-8 replaced by U+FFFD, TeX
  // decoded (Bj\"{o}rn -> Björn, \emph{x} -> x, -- -> –, $..$ delimiters
  // dropped keeping the math's words and numbers), whitespace runs (including
  // hard line wraps) collapsed to one space, trimmed. Idempotent.
  std::string prepare(std::string_view raw) const;

  // Display text -> word tokens with byte offsets into `text`. Punctuation and
  // symbols are not tokens. Invalid UTF-8 never crashes (treated as U+FFFD).
  std::vector<Token> tokenize(std::string_view text) const;
  // tokenize()'s tokens with their stems left empty: for what compares
  // folded words only (a title's key, a reference's runs), which would
  // otherwise pay for Snowball on every word.
  std::vector<Token> tokenize_unstemmed(std::string_view text) const;

  // One word -> its folded form (NFKC + case fold + accent fold), no splitting.
  std::string fold(std::string_view word) const;

  // English stem of an already folded term, after spelling Greek letters as
  // their names ("β" -> "beta") and bringing British spellings to American
  // ones ("tumours", "tumors" -> "tumor"; "signalling" -> "signal").
  std::string stem(std::string_view folded_term) const;

  // The hyphenated words among `tokens` (tokenize(text)'s result): runs of
  // 2 to kMaxCompoundParts tokens with exactly one hyphen (ASCII, U+2010,
  // U+2011) or en dash (U+2013, TeX's "--") between neighbours. Runs of
  // numbers only ("10-20", "2020-2021") are ranges, not words, and longer
  // runs are formulas or chemical names whose joined form nobody types:
  // neither is a compound.
  std::vector<HyphenCompound> hyphen_compounds(std::string_view text,
                                               const std::vector<Token>& tokens) const;
  static constexpr std::size_t kMaxCompoundParts = 4;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace paperdex
