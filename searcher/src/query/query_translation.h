// Query string -> Xapian::Query, through the one Analyzer and the schema table.
// Internal to the searcher library (not installed).
#pragma once

#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <xapian.h>

#include "paperdex/common/analyzer.h"
#include "paperdex/searcher.h"
#include "query/query_syntax.h"

namespace paperdex::detail {

struct QueryParserOptions {
  // Most words one wildcard may expand to (in name fields: terms per field);
  // more is an error ("too broad"), not a slow query.
  unsigned max_wildcard_terms = 200;
  // Most words and terms all of a query's wildcards may expand to
  // (paperdex::kMaxWildcardExpansion): past it the wildcards left are
  // searched as their words alone, with a note, not expanded one by one.
  std::size_t max_wildcard_expansion = kMaxWildcardExpansion;
  // Bounds on what one query may cost (paperdex::kMaxQueryBytes and
  // kMaxQueryTerms): beyond them a query is an error, strict or not.
  std::size_t max_query_bytes = kMaxQueryBytes;
  std::size_t max_query_terms = kMaxQueryTerms;
  // A plain word searches every schema::Field::default_search field: the
  // text and the author names. False: the text alone (the title and abstract
  // translation on its own, as query_translation_test's rows pin it).
  bool plain_words_search_authors = true;
};

// What wildcards expand against: the searcher implements it over the open
// index, tests over a word list.
class TermSource {
 public:
  virtual ~TermSource() = default;
  // Up to `limit` words of titles and abstracts (folded, unstemmed), in byte
  // order, that start with `prefix`.
  virtual std::vector<std::string> words_starting(std::string_view prefix,
                                                  std::size_t limit) const = 0;
  // Up to `limit` index terms, in byte order, that start with `prefix`.
  virtual std::vector<std::string> terms_starting(std::string_view prefix,
                                                  std::size_t limit) const = 0;
  // True once the search's time limit has run out: the wildcards not
  // expanded by then are searched as their words alone.
  virtual bool out_of_time() const { return false; }
  // False when no paper has the index term `term`: a plain word's name
  // alternative that nobody's name has is left out of the query. True when
  // the source cannot tell.
  virtual bool has_term(const std::string& /*term*/) const { return true; }
  // How many papers have the index term `term`, or none when the source
  // cannot tell (yet): a plain word's fields then weigh their
  // Field::default_weight alone.
  virtual std::optional<Xapian::doccount> termfreq(const std::string& /*term*/) const {
    return std::nullopt;
  }
  // How many papers of the index have a body, or none when the source
  // cannot tell: a body match weighs by its words' rarity among them
  // (Translator's body_weighted; fixed_weight.h papers_with_body).
  virtual std::optional<Xapian::doccount> papers_with_body() const { return std::nullopt; }
  // The index terms starting with one of `prefixes` (each a whole prefix,
  // schema::prefix_of) of the papers that have the index term `term` (the
  // first few): a paper's own id, DOI and title key, which cites: asks for,
  // and its references' citing terms, which cited_by: follows
  // (citations.h). Empty when no paper has it or the source cannot tell.
  virtual std::vector<std::string> paper_terms(
      const std::string& /*term*/, std::span<const std::string_view> /*prefixes*/) const {
    return {};
  }
  // Whether some paper matches `query` (an author's name words within one
  // name: author_reading.h), or none when the source cannot tell (yet).
  virtual std::optional<bool> has_match(const Xapian::Query& /*query*/) const {
    return std::nullopt;
  }
};

// A word of a title/abstract search, where it was written: spelling
// suggestions replace it in the query string.
struct QueryWord {
  std::string term;       // folded, unstemmed ("circut")
  std::size_t begin = 0;  // byte range in the query string
  std::size_t end = 0;
};

struct ParsedQuery {
  // The query as written: free-text words AND-ed (MatchMode::kAllWords) or
  // OR-ed (kAnyWord); field filters applied with OP_FILTER (no weight).
  Xapian::Query query;
  // The any-word form (paperdex::MatchRule): the same query with the
  // free-text words OR-ed instead of AND-ed, filters and exclusions kept.
  // Empty (Xapian::Query()) when it would not differ from `query` (one word,
  // explicit operators, kAnyWord).
  Xapian::Query any_word;
  // The top-level free-text clauses (words, bracketed groups of words) that
  // `any_word` ORs; 0 when there is no any-word form to build.
  std::size_t free_text_clauses = 0;
  // A long query's most-words form (MatchSet::kMostWords), for its count:
  // `any_word` with at least `words_needed` of its `words_searched` distinct
  // words (stopwords left out) required. Empty for other queries and for
  // one of more than kMostWordsUpTo words.
  Xapian::Query most_words;
  std::size_t words_searched = 0;
  std::size_t words_needed = 0;
  // False when the query holds only filters (subject:, year:, id:...): the
  // caller lists every match, newest first.
  bool has_text = false;
  // What the highlighter marks: folded unstemmed terms of words in title /
  // abstract searches, and their stems (a token matches if its term or its
  // stem is listed).
  std::vector<std::string> highlight_terms;
  std::vector<std::string> highlight_stems;
  // The stems of the words searched without a field, not excluded, not
  // wildcards, in query order: a title holding them ranks higher
  // (title_bonus.h).
  std::vector<std::string> plain_stems;
  // Beside each of `plain_stems`: the author names' terms its word searches
  // (Field::default_search), or an empty Query when plain words search no
  // names (QueryParserOptions::plain_words_search_authors).
  std::vector<Xapian::Query> plain_names;
  // When the query is an author's name as people write it ("G. Hinton",
  // "Hinton, Geoffrey"; author_reading.h) and the index has that author:
  // the author's papers (the author: query it reads as), which `query`,
  // `any_word` and `most_words` match besides the words and which rank
  // first (title_bonus.h). Else empty.
  Xapian::Query author_papers;
  // With SearchRequest::recommend (set by the Searcher, not the parser): the
  // recommendation's own query, its words, authors and categories, which
  // Hit::because explains.
  Xapian::Query recommendation;
  // When the query is words alone (no operator, field, phrase, wildcard,
  // "+" or "-"): the title key (schema::title_key_term) of a paper titled
  // with them, which ranks first (title_bonus.h). Else empty.
  std::string whole_title_key;
  // When the query is words alone, kSketchMinWords or more, and some paper
  // may have it (TermSource::has_term): the sketch (schema::title_sketch_term)
  // of a paper titled with them as people cite titles. Its papers match
  // besides the words (a cited "nets" is not the title's "networks") and
  // rank next after a whole title (title_bonus.h). Else empty.
  std::string near_title_key;
  // When the query is words alone: the stems of all its words in the order
  // written, repeats kept, a function word an empty string (bodies are
  // indexed without them, at their positions): a body holding them in that
  // order ranks higher (title_bonus.h).
  std::vector<std::string> word_sequence;
  // Words of title/abstract searches that are not excluded, in query order,
  // for spelling suggestions (words whose offsets cannot be mapped back to
  // the query string, e.g. after TeX decoding, are left out).
  std::vector<QueryWord> words;
  // What the lenient parser read differently from the syntax: each part read
  // as words, and why. Empty for a query that parsed as written.
  std::vector<std::string> notes;
};

// The wildcards of one query as expanded (query_translation.cc).
struct WildcardExpansions;

// How strictly QueryParser::parse reads the query language.
enum class Syntax {
  kStrict,   // an error throws QuerySyntaxError
  kLenient,  // what is not valid syntax is read as words (ParsedQuery::notes)
};

class QueryParser {
 public:
  explicit QueryParser(const Analyzer& analyzer, QueryParserOptions options = {});

  // Strict: throws paperdex::QuerySyntaxError (with the byte position) for
  // unbalanced quotes or parentheses, an unknown field or subject, an empty or
  // malformed range, a malformed NEAR/n, "..."~n or wildcard, an empty query.
  // Lenient: reads each of those as words instead, saying so in `notes` (a
  // quote or '(' never closed is closed at the end instead, its field kept;
  // a filter's malformed value is its words, without the field's name), and
  // reads operators as words in prose (read_prose_operators_as_words); throws
  // only for a query with nothing to search for. Words read despite a syntax
  // error are not offered for spelling (`words`).
  // With `terms`, plain words that are an author's name the index has are
  // read as that author too (ParsedQuery::author_papers), with a note.
  // With `terms`, wildcards expand while parsing: a too broad one throws
  // (lenient: is searched as its word alone, with a note), and past
  // max_wildcard_expansion or the time limit the rest are searched as their
  // words alone (a note says which); without, they become OP_WILDCARD
  // queries Xapian expands when run.
  ParsedQuery parse(std::string_view query, MatchMode mode, const TermSource* terms = nullptr,
                    Syntax syntax = Syntax::kStrict) const;

  // A filter given outside the query (--subject, --year): same syntax as the
  // field's value in the query. Throws QuerySyntaxError.
  Xapian::Query parse_filter(std::string_view field, std::string_view value) const;

  // The query "field:value" with `value` taken whole, whatever its
  // characters: a filter-only query (a paper_reference's id or DOI).
  ParsedQuery parse_field(std::string_view field, std::string_view value) const;

  // Papers by exactly this author (--author, the author facet's drill-down):
  // the folded full name, as the indexer writes it (schema kAuthorExactPrefix).
  // Throws QuerySyntaxError for a name without words.
  Xapian::Query author_filter(std::string_view name) const;

  const QueryParserOptions& options() const { return options_; }

 private:
  // Throws QuerySyntaxError for a query over the options' bounds.
  void check_bounds(std::string_view query) const;
  ParsedQuery parse_as(std::string_view query, MatchMode mode, const TermSource* terms,
                       const SyntaxOptions& options, WildcardExpansions& wildcards) const;
  // Reads `query` (plain words, parsed) as an author's name too when it may
  // be one (author_reading.h): its matches widen to the author's papers.
  void read_as_author(std::string_view query, MatchMode mode, const TermSource& terms,
                      WildcardExpansions& wildcards, ParsedQuery& parsed) const;

  const Analyzer& analyzer_;
  QueryParserOptions options_;
};

// The subject nearest to `value` ("cs.AI" for "cs.XX"): one slip in a short
// name, two in a longer one; "" when none is that near.
std::string nearest_subject(std::string_view value);

}  // namespace paperdex::detail
