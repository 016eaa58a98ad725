/// @file
/// The paperdex searcher: one class, plain values in and out. No Xapian, ICU
/// or Boost types appear here.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "paperdex/errors.h"

namespace paperdex {

/// Order of hits.
enum class SortOrder { kRelevance, kNewest, kOldest };

/// How free-text words combine.
enum class MatchMode {
  kAllWords,  ///< every word must match; the page is filled with partial matches if too few
  kAnyWord,   ///< any word may match, ranked by relevance
};

/// One search.
struct SearchRequest {
  std::string query;                  ///< the query string (see README "Query syntax")
  std::vector<std::string> subjects;  ///< subject filters, OR-ed ("cs.NI", "cs")
  std::vector<std::string> years;     ///< year filters, OR-ed ("2024", "2020..2024", "..2010")
  MatchMode match = MatchMode::kAllWords;
  SortOrder sort = SortOrder::kRelevance;
  std::size_t offset = 0;
  std::size_t limit = 10;
  bool facets = true;               ///< count subject and year facets over all matches
  std::size_t snippet_bytes = 240;  ///< target snippet length
};

/// A run of text with the byte ranges that matched the query.
struct HighlightedText {
  std::string text;
  std::vector<std::pair<std::size_t, std::size_t>> spans;  ///< [begin, end) byte ranges, sorted
};

/// Renders `text` with each span wrapped in `open` / `close`. With html_escape,
/// the text (not the markers) is HTML-escaped.
std::string render_highlights(const HighlightedText& text, const std::string& open,
                              const std::string& close, bool html_escape);

/// One result.
struct Hit {
  std::string id;
  HighlightedText title;
  HighlightedText snippet;  ///< from the abstract, around the best-matching passage
  std::vector<std::string> authors;
  std::vector<std::string> subjects;
  int year = 0;
  double score = 0;
  bool matches_all_words = true;  ///< false for partial matches that fill the page
};

/// A facet value and how many matching papers have it.
struct FacetCount {
  std::string value;
  std::size_t count = 0;
};

/// Which documents the total and the facets describe.
enum class MatchSet {
  kAllWords,   ///< papers matching the query as written
  kMostWords,  ///< too few matched every word: papers matching any of the words
  kAnyWord,    ///< the request asked for any word
};

struct SearchResult {
  std::vector<Hit> hits;
  std::size_t total = 0;  ///< matches in `match_set`
  bool total_exact = true;
  std::size_t all_words_total = 0;  ///< papers matching every word (equals total for kAllWords)
  MatchSet match_set = MatchSet::kAllWords;
  std::vector<FacetCount> subject_facets;  ///< by count, descending, then value
  std::vector<FacetCount> year_facets;     ///< by year, descending
  std::string parsed_query;                ///< the query as the engine understands it
};

/// Searches one paperdex index.
///
/// Thread-safety: a Searcher is not safe to share between threads; open one
/// per thread (opening is cheap). Searchers see the index as of when they were
/// opened or last reopened, and reopen by themselves when a writer moves ahead.
class Searcher {
 public:
  /// Opens the index at `db_path`. Throws DatabaseNotFoundError, SchemaVersionError.
  explicit Searcher(const std::string& db_path);
  ~Searcher();
  Searcher(Searcher&&) noexcept;
  Searcher& operator=(Searcher&&) noexcept;
  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;

  /// Runs one search. Throws QuerySyntaxError for a query that cannot be parsed.
  SearchResult search(const SearchRequest& request);

  /// Number of papers in the index.
  std::size_t document_count() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace paperdex
