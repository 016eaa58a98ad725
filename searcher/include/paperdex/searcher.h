/// @file
/// The paperdex searcher: one class, plain values in and out. No Xapian, ICU
/// or Boost types appear here. See docs/api.md for a worked example.
///
/// ABI: the library's SONAME carries major.minor (libpaperdex-searcher.so.0.6).
/// Searcher is a pimpl class; the request and result structs are plain values
/// whose layout is part of the ABI, so adding a field to one is a minor
/// version (SONAME) change.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "paperdex/common/record.h"
#include "paperdex/errors.h"
#include "paperdex/export.h"

namespace paperdex {

/// Order of hits.
enum class SortOrder {
  kRelevance,  ///< best relevance (IneB2) first (newest first for a query of filters alone)
  kNewest,     ///< newest first
  kOldest,     ///< oldest first
  kUpdated,    ///< most recently updated (latest version) first
  kAdded,      ///< most recently added to this index first (Paper::added)
  /// most cited in this index first (Paper::cited_by_count), then newest;
  /// counted for every match, so slower than the others on broad queries
  kCitations,
};

/// How free-text words combine.
enum class MatchMode {
  kAllWords,  ///< the match rule decides by the query's length (MatchRule)
  kAnyWord,   ///< any word may match, ranked by relevance
};

/// The public names of the sort orders and match modes, one table each: the
/// CLI's --sort, HTTP's sort=, Python's sort= and match=, and saved searches
/// (which store the names, so that reordering the enums changes none).
inline constexpr std::pair<std::string_view, SortOrder> kSortOrderNames[] = {
    {"relevance", SortOrder::kRelevance}, {"newest", SortOrder::kNewest},
    {"oldest", SortOrder::kOldest},       {"updated", SortOrder::kUpdated},
    {"added", SortOrder::kAdded},         {"citations", SortOrder::kCitations},
};
inline constexpr std::pair<std::string_view, MatchMode> kMatchModeNames[] = {
    {"all", MatchMode::kAllWords},
    {"any", MatchMode::kAnyWord},
};

/// One search. Subject, year and author filters are AND-ed with each other
/// and with the query; the values within one filter are OR-ed.
struct SearchRequest {
  std::string query;                       ///< the query string (see README "Query syntax")
  std::vector<std::string> subjects;       ///< subject filters, OR-ed ("cs.NI", "cs")
  std::vector<std::string> years;          ///< year filters, OR-ed ("2024", "2020..2024", "..2010")
  MatchMode match = MatchMode::kAllWords;  ///< how free-text words combine
  SortOrder sort = SortOrder::kRelevance;  ///< order of hits
  std::size_t offset = 0;                  ///< hits to skip (paging)
  std::size_t limit = 10;                  ///< hits to return at most
  bool facets = true;                      ///< count subject and year facets over all matches
  std::size_t snippet_bytes = 240;         ///< target snippet length
  /// Author filters, OR-ed: papers by this author, as the author facet
  /// lists the name ("Zhida Jiang"; accents and case ignored), or with the
  /// name's words in one author's name, as `author:"..."` finds them
  /// ("grassl"). A name that is no author's whole name gets a note in
  /// SearchResult::notes, with the nearest whole names.
  std::vector<std::string> authors;
  /// Papers similar to this paper (an arXiv id in any form, or a derived
  /// id): ranked by the distinctive words of its title and abstract, the
  /// paper itself left out. Filters apply; a query, if any, must match too.
  std::string like;
  /// Tags (Searcher::add_to_tag) whose papers the hits should be like:
  /// ranked by the words, authors and categories that set the tags' papers
  /// apart from the index (relevance feedback), the tags' own papers left
  /// out; each hit says why (Hit::because). Filters apply; a query, if any,
  /// must match too. Several tags are one set of papers.
  std::vector<std::string> recommend;
  bool author_facet = false;  ///< also count the author facet (needs `facets`)
  bool explain = false;       ///< fill Hit::explanation
  bool suggest = true;        ///< offer a spelling correction (SearchResult::suggestion)
  bool correct = false;       ///< search the correction instead, when there is one
  /// Throw QuerySyntaxError for what is not valid syntax. By default it is
  /// read as words instead, and SearchResult::notes says what was.
  bool strict_syntax = false;
  /// Seconds a search may take; past them the best hits found so far are
  /// returned, SearchResult::total_exact is false and a note says so. 0: no limit.
  double time_limit_seconds = 10;
  /// False: only papers whose primary category is one of `subjects` (no
  /// cross-lists). Ignored when `subjects` is empty.
  bool cross_lists = true;
  /// When not empty, an index time (as Paper::changed gives it): each hit
  /// says what became new about it after that time (Hit::news).
  std::string new_since;
  /// With `new_since`: only the papers this index added, or saw a new version
  /// or category of, after it (Paper::changed later than `new_since`).
  bool only_new = false;
  /// When a remote shard cannot be reached, or fails or stays silent for
  /// half the time limit during the search: the results of the other
  /// shards, marked SearchResult::partial, with the missing ones named,
  /// rather than an IoError naming it. A shard left out is tried again after
  /// kRetryMissingShardSeconds, and by any search that does not allow
  /// partial results.
  bool allow_partial = false;
};

/// A run of text with the byte ranges that matched the query. The library
/// never inserts markers itself: render it with render_highlights (markers
/// such as "<b>"/"</b>") or visit_highlights (a callback per run).
struct HighlightedText {
  std::string text;                                        ///< display text, UTF-8
  std::vector<std::pair<std::size_t, std::size_t>> spans;  ///< [begin, end) byte ranges, sorted
};

/// Renders `text` with each span wrapped in `open` / `close`. With html_escape,
/// the text (not the markers) is HTML-escaped.
PAPERDEX_API std::string render_highlights(const HighlightedText& text, const std::string& open,
                                           const std::string& close, bool html_escape);

/// Receives one run of a HighlightedText: `matched` is true for a span that
/// matched the query, false for the text between spans.
using HighlightVisitor = std::function<void(std::string_view run, bool matched)>;

/// Calls `visit` for each run of `text` in order (plain text and matched
/// spans, never empty), so a caller can render highlights any way it likes
/// (terminal colours, a rich-text widget) without parsing markers back out.
/// The runs concatenate to `text.text`. Spans that overlap an earlier one or
/// run past the end of the text are ignored, as render_highlights does.
PAPERDEX_API void visit_highlights(const HighlightedText& text, const HighlightVisitor& visit);

/// The passage of a paper's full text (#50) that best matches the query
/// (Hit::passage): cut and highlighted as a snippet is (`text`, `spans`),
/// with where in the paper it is. An empty `text` means no passage: the
/// query searched no body, the paper has none, or its body did not match.
struct Passage : HighlightedText {
  /// The page (1-based) the passage's matches begin on, in a body read from
  /// a PDF; 0 when unknown (LaTeX sources, data sets).
  int page = 0;
  /// The title of the section the passage's matches are in ("3 Method");
  /// "" when unknown (no sections read, or before the first).
  std::string section;
};

// Paper (Searcher::get, Hit::paper) and PaperVersion: paperdex/common/record.h.

/// One part of the query that matched a hit, and what it added to the hit's
/// score: a term, a phrase, or the words of a wildcard, which the ranking
/// weighs as one.
struct TermContribution {
  std::string field;  ///< "text" (title and abstract), "title", "author", "subject", "year", ...
  /// As the index holds it, without the field: a stem in text and title
  /// ("switch"), a quoted phrase ("\"circuit switch\""), a wildcard's words
  /// the paper has ("switch OR switching"), a range ("2020..2024").
  std::string term;
  double weight = 0;  ///< its share of Hit::score; 0 for filters
};

/// What became new about a paper after a given time (SearchRequest::new_since),
/// as the index saw it: the first of these that applies.
enum class PaperNews {
  kNone,         ///< nothing: or a change that does not make it new (a fixed typo)
  kNew,          ///< the index added the paper
  kNewVersion,   ///< a version the index did not list before
  kCrossListed,  ///< a category the paper did not have before
};

/// "new", "new version", "cross-listed"; "" for kNone.
PAPERDEX_API std::string_view news_name(PaperNews news);

/// One result.
/// One edge of the citation graph (#51): a reference of the paper `citing`
/// and what it cites, resolved against the index as Searcher::get resolves a
/// paper's references (Reference::id, resolved_by, in_index).
struct Citation {
  std::string citing;   ///< the citing paper's id
  Reference reference;  ///< the entry; `reference.id` "" when it names no paper by id
};

struct Hit {
  std::string id;                     ///< arXiv id ("2101.00001") or a derived id
  HighlightedText title;              ///< the title, with the matched words
  HighlightedText snippet;            ///< from the abstract, around the best-matching passage
  std::vector<std::string> authors;   ///< display names, in paper order
  std::vector<std::string> subjects;  ///< arXiv categories, primary first
  int year = 0;                       ///< year of first submission; 0 when unknown
  double score = 0;                   ///< relevance: the IneB2 weight (0 for filter-only queries)
  bool matches_all_words = true;      ///< the paper has every word of the query
  /// With SearchRequest::explain: the parts of the query this paper matched,
  /// the largest share of the score first; their weights add up to `score`
  /// (to rounding). A `like` search's parts are the paper's distinctive
  /// words, never function words or numbers.
  std::vector<TermContribution> explanation;
  /// The whole stored record (title and snippet above are its highlighted forms).
  Paper paper;
  /// What became new about it after SearchRequest::new_since (kNone without one).
  PaperNews news = PaperNews::kNone;
  /// From the paper's full text, when the query searches bodies (plain words,
  /// `body:`) and the paper's body matched: the best passage, as long as a
  /// snippet (SearchRequest::snippet_bytes), with its page and section.
  /// Empty (`passage.text` "") otherwise. Read for the hits of the page only.
  Passage passage;
  /// With SearchRequest::recommend: why the hit is like the tags' papers,
  /// the parts of the recommendation it matched that weighed most in its
  /// score, largest first (at most kMaxBecause): words ("text"), authors
  /// ("author"), categories ("subject"). Empty otherwise.
  std::vector<TermContribution> because;
};

/// Hit::because lists at most this many parts.
inline constexpr std::size_t kMaxBecause = 5;

/// A facet value and how many matching papers have it.
struct FacetCount {
  std::string value;      ///< a subject ("cs.NI"), a year ("2024") or an author
  std::size_t count = 0;  ///< matching papers with that value
  std::string label;      ///< a subject's name ("Networking and Internet Architecture"), or ""
};

/// Which documents the total and the facets describe.
enum class MatchSet {
  kAllWords,  ///< papers matching the query as written: every word, every operator
  kAnyWord,   ///< papers matching any of the query's words
  /// Papers matching most of a long query's words: at least
  /// SearchResult::words_needed of its SearchResult::words_searched
  /// (kMostWordsUpTo). The hits are ranked among the papers with any of
  /// them, as for kAnyWord: a relevant paper may say the rest in other words.
  kMostWords,
};

/// Why a query matches the set it does: a rule of the query alone (its words
/// and the request's filters and MatchMode), never of the page asked for, so
/// every page of a query shows the same total and facets.
enum class MatchRule {
  kAsWritten,   ///< one word or written operators (AND, OR, NOT, NEAR): kAllWords
  kShortQuery,  ///< up to kAllWordsUpTo words: kAllWords
  /// A short query that no paper matches whole (within the filters): kAnyWord,
  /// papers with more of the words first.
  kNoFullMatch,
  /// More than kAllWordsUpTo words, as sentences and pasted titles have:
  /// ranked by relevance among the papers with any of the words; counted
  /// (total and facets) among those with most of them (kMostWords), or with
  /// any (kAnyWord) when the query has more than kMostWordsUpTo words or no
  /// paper has most of them.
  kLongQuery,
  kAnyWordRequested,  ///< MatchMode::kAnyWord: kAnyWord
};

/// A query longer than this many bytes is refused (QuerySyntaxError): far
/// more than any request a person writes or pastes, and a bound on what one
/// query can cost a service that takes queries from strangers.
inline constexpr std::size_t kMaxQueryBytes = 16 * 1024;
/// A query with more words and operators than this is refused likewise.
inline constexpr std::size_t kMaxQueryTerms = 1000;

/// The most words and index terms all the wildcards of one query may expand
/// to (one wildcard expands to at most 200 words): past it, each remaining
/// wildcard is searched as its word alone ("optim" for `optim*`) and
/// SearchResult::notes says which were. Wildcards not yet expanded when the
/// time limit runs out are searched likewise.
inline constexpr std::size_t kMaxWildcardExpansion = 2000;

/// The ranges of a SearchRequest's numbers; validate_request() refuses a
/// request outside them (InvalidRequestError), and Searcher::search checks
/// every request so. Xapian keeps offset + limit hits in memory, so both are
/// bounded; limit 0 only counts.
inline constexpr std::size_t kMaxLimit = 10'000;         ///< SearchRequest::limit: 0 to this
inline constexpr std::size_t kMaxOffset = 100'000;       ///< SearchRequest::offset: 0 to this
inline constexpr std::size_t kMaxSnippetBytes = 10'000;  ///< snippet_bytes: 1 to this
inline constexpr double kMaxTimeLimitSeconds = 24 * 60 * 60.0;  ///< time_limit_seconds: 0 to this

/// Queries of up to this many words (outside phrases, groups and fields)
/// match papers with every word; longer ones, papers with any (MatchRule).
inline constexpr std::size_t kAllWordsUpTo = 3;

/// Of a long query's `words` distinct words (stopwords left out), how many a
/// paper needs to count among the papers with most of them
/// (MatchSet::kMostWords): all but one in four, as Elasticsearch's
/// minimum_should_match "-25%" (3 of 4 words, 6 of 8).
constexpr std::size_t most_words_needed(std::size_t words) { return words - words / 4; }

/// A long query of up to this many distinct words is counted among the
/// papers with most of them (MatchSet::kMostWords); a longer one, a sentence
/// or a pasted abstract, among the papers with any. Bounds the cost of the
/// count: the papers with `needed` of `words` words are a union of one
/// conjunction per combination of words allowed to miss.
inline constexpr std::size_t kMostWordsUpTo = 10;

/// What a search found.
struct SearchResult {
  std::vector<Hit> hits;            ///< the requested page: at most `limit` hits from `offset`
  std::size_t total = 0;            ///< matches in `match_set`
  bool total_exact = true;          ///< false when `total` is an estimate (time limit reached)
  std::size_t all_words_total = 0;  ///< papers matching every word (equals total for kAllWords)
  /// For MatchSet::kMostWords, the papers counted have at least
  /// `words_needed` of the query's `words_searched` distinct words; 0 otherwise.
  std::size_t words_needed = 0;
  std::size_t words_searched = 0;  ///< see words_needed
  /// The papers ranked, which pages reach through: `total`, but for
  /// kMostWords, where the papers with fewer of the words follow those
  /// counted (exact unless `total_exact` is false).
  std::size_t ranked_total = 0;
  MatchSet match_set = MatchSet::kAllWords;      ///< which documents total and facets describe
  MatchRule match_rule = MatchRule::kAsWritten;  ///< why `match_set` is what it is
  /// What the query parser read differently from the query language (parts
  /// read as words, and why); each SearchRequest::authors name that is no
  /// author's whole name ("author 'grassl': no author has exactly this name;
  /// 7 papers have an author whose name contains it; nearest names: Markus
  /// Grassl (7)"); the time limit, when reached. Empty for a query that
  /// parsed as written.
  std::vector<std::string> notes;
  /// By count, descending, then value: one row per category, named by its
  /// canonical id (cs.IT and math.IT are one), counting exactly what the same
  /// search with `subjects = {value}` finds.
  std::vector<FacetCount> subject_facets;
  /// By year, descending (newest first); sort by count for the largest first.
  std::vector<FacetCount> year_facets;
  /// The query as paperdex understood it, in its own syntax, with every
  /// filter applied: "text:optic AND subject:cs.ni AND year:2020..2024"
  /// (words as indexed: stems, lower-cased subjects; see docs/api.md).
  std::string parsed_query;
  /// With SearchRequest::author_facet: the authors with the most matching
  /// papers, by count descending, then name.
  std::vector<FacetCount> author_facets;
  /// "Did you mean": the query with its misspelled words corrected from the
  /// index's own words; empty when nothing needs correcting.
  std::string suggestion;
  bool corrected = false;  ///< the hits are for `suggestion` (SearchRequest::correct)
  /// True when remote shards were missing (SearchRequest::allow_partial):
  /// the hits, totals and facets are of the other shards only.
  bool partial = false;
  /// The missing remote shards, as `tcp://HOST:PORT` (what --db takes); a
  /// note in `notes` says why each is missing and, for a stub's shard, which
  /// line of which stub names it.
  std::vector<std::string> missing_shards;
};

/// How long a Searcher searches without a remote shard that failed
/// (SearchRequest::allow_partial) before it tries that shard again.
inline constexpr double kRetryMissingShardSeconds = 30;

/// What Searcher::index_info() reports about an index.
struct IndexInfo {
  std::size_t documents = 0;         ///< papers
  std::size_t unique_terms = 0;      ///< distinct index terms, all fields
  std::size_t term_occurrences = 0;  ///< words indexed, all papers and fields
  std::size_t size_bytes = 0;        ///< the index's files on disk
  int first_year = 0;                ///< earliest year of a paper; 0 when none has one
  int last_year = 0;                 ///< latest year of a paper
  std::vector<FacetCount> subjects;  ///< every subject with its papers, by count
  int schema_version = 0;            ///< on-disk schema version
  std::string last_update;           ///< last commit, ISO 8601 UTC; "" when not recorded
  /// The analysis that made the index's terms ("ICU 72.1, Unicode 15.0"); "" when
  /// not recorded.
  std::string analysis;
};

/// The analysis (ICU and Unicode versions) an index was built with, and the one
/// this library analyzes queries with. When they differ, a word may be split
/// or folded differently on each side and go unfound: re-index to be sure.
struct AnalysisVersions {
  std::string index;     ///< recorded by the indexer; "" when not recorded
  std::string searcher;  ///< this library's
  bool differ() const { return !index.empty() && index != searcher; }
};

/// A search stored in the index under a name (Searcher::save_search): in the
/// index's metadata, so it travels with the index and every client sees it.
struct SavedSearch {
  std::string name;  ///< letters, digits, '.', '_', '-', the first a letter or digit; up to 64
  /// The query and the filters (query, subjects, years, authors, like,
  /// match, sort, cross_lists); the page and output members at their defaults.
  SearchRequest request;
  std::string saved;  ///< when it was saved, index time (as Paper::added)
  /// When it was last run for what is new (Searcher::search_new), else when
  /// it was saved: the papers the index added or changed since are new.
  std::string seen;
  std::size_t new_papers = 0;  ///< saved_searches(): the papers new to it now
};

/// A tag: papers kept under a name in the index's metadata
/// (Searcher::add_to_tag), as saved searches are, so it survives updates and
/// harvests and every client sees it; SearchRequest::recommend ranks the
/// papers like its papers.
struct Tag {
  std::string name;                 ///< as a saved search's name (SavedSearch::name)
  std::vector<std::string> papers;  ///< the papers' ids, in the order they were added
  std::string created;              ///< when it was made, index time (as Paper::added)
  std::string changed;              ///< when a paper was last added or removed
};

/// A tag holds at most this many papers; a recommendation learns from the
/// kMaxRecommendFrom most recently added.
inline constexpr std::size_t kMaxTagPapers = 10'000;
inline constexpr std::size_t kMaxRecommendFrom = 1'000;

/// What Searcher::add_to_tag or remove_from_tag did with the ids given.
struct TagChange {
  Tag tag;                             ///< the tag as it now is (no papers: it was deleted)
  std::vector<std::string> changed;    ///< the papers added (removed), by their ids in the index
  std::vector<std::string> unchanged;  ///< the papers already in the tag (not in it)
  std::vector<std::string> not_found;  ///< the ids, as given, that name no paper of the index
};

/// What an entry of a bibliography (a BibTeX, RIS or CSL-JSON file, a
/// reference manager's export) says of a paper, for Searcher::identify.
struct PaperClues {
  std::vector<std::string> arxiv_ids;  ///< the arXiv ids or links its fields hold
  std::string doi;                     ///< its DOI, or ""
  std::string title;                   ///< its title, or ""
};

/// The paper of the index an entry names (Searcher::identify).
struct IdentifiedPaper {
  std::string id;  ///< the paper's id in the index; "" for none
  /// How: "arxiv_id", "doi" (one paper has it) or "title" (the known-item
  /// ranking's first paper for the title, its title close enough); "".
  std::string by;
};

/// A title identifies a paper when the paper's title and it share this
/// share of their distinct folded words (of the words either has): a
/// reference manager's title may differ by a subtitle's word or its TeX.
inline constexpr double kTitleMatchShare = 0.8;

/// How a Searcher opens its index (Searcher(path, options)).
struct SearcherOptions {
  /// Let a stub file of the index (docs/deployment.md) run the program its
  /// `remote :PROGRAM ARGS` lines name, nested stubs' too. Off by default:
  /// such an index is refused (DatabaseNotFoundError), because opening an
  /// index you did not make would run its code. Turn it on for stubs you
  /// wrote (xapian-progsrv over ssh). `remote HOST:PORT` shards need no
  /// permission.
  bool allow_program_stubs = false;
  /// The time limit of the searches to come (SearchRequest::
  /// time_limit_seconds): a remote shard silent for longer, plus a second,
  /// fails the open; 0: no limit. Each search then gives remote shards its
  /// own time limit (plus a second), reconnecting them when it differs.
  double time_limit_seconds = 10;
  /// Open without the remote shards that cannot be reached (at least one
  /// database must open), for searches that allow partial results
  /// (SearchRequest::allow_partial); their remote shards then time out after
  /// half the time limit. Searches that do not allow partial results try the
  /// missing shards again, and fail naming them.
  bool allow_partial = false;
  /// Split each search over the cores: a second thread counts the matches
  /// (a local index's second half, or a sharded one's other shards) while
  /// the calling thread ranks the page; the fastest single search on an
  /// otherwise idle machine. Off: each search runs on the calling thread
  /// alone, for a program that runs as many searches at once as it has cores
  /// (paperdex-serve), whose other searches keep the cores busy: there a
  /// second thread only adds its hand-offs. Remote shards keep their helper
  /// threads either way (they wait on the servers, not on a core).
  bool split_each_search = true;
};

/// Checks every number of `request` against its range (kMaxLimit and the
/// others above). Searcher::search calls it first; a caller may call it
/// before searching, to report a bad value early.
/// @throws InvalidRequestError the first field out of range, named as
///         SearchRequest names it: "limit must be between 0 and 10,000, not 20000".
PAPERDEX_API void validate_request(const SearchRequest& request);

/// Checks a number meant for the SearchRequest field `field` ("limit",
/// "offset", "snippet_bytes", "time_limit_seconds") before it is converted to
/// the field's type, so that a caller reading signed or unbounded numbers
/// (a command line, Python) reports -1 as -1 and not as the size_t it would
/// wrap to; the message is validate_request's.
/// @throws InvalidRequestError `value` is outside the field's range.
/// @throws std::invalid_argument `field` is no bounded field of SearchRequest.
PAPERDEX_API void check_request_value(std::string_view field, double value);

/// Searches one paperdex index.
///
/// Thread-safety: a Searcher is not safe to share between threads; open one
/// per thread (opening one costs under a millisecond; see docs/api.md). Any
/// number of Searchers, in any threads or processes, may read one index while
/// one IndexWriter updates it. A Searcher sees the index as of when it was
/// opened or last reopened; when a writer's commits overtake it mid-search it
/// reopens and retries by itself, so every result comes from one consistent
/// committed state.
class PAPERDEX_API Searcher {
 public:
  /// Opens the index at `db_path`.
  /// @throws DatabaseNotFoundError no index there, or it cannot be opened.
  /// @throws SchemaVersionError the index was built by another paperdex version.
  /// @throws IoError writers kept overtaking the open (rare; try again).
  explicit Searcher(const std::string& db_path);
  /// Opens the index at `db_path` as `options` say.
  /// @throws DatabaseNotFoundError as above, and for a stub that names a
  ///         program to run without SearcherOptions::allow_program_stubs.
  Searcher(const std::string& db_path, const SearcherOptions& options);
  /// Opens several databases as one index, searched as one index of all
  /// their papers (results identical to one index of the same papers).
  /// Each location is an index directory, a stub file (docs/deployment.md),
  /// or `tcp://HOST:PORT`: a remote shard served by xapian-tcpsrv
  /// (`tcp://[IPV6]:PORT` for an IPv6 address). `db_path` above may be any of
  /// these too. Saved searches need one local, unsharded index.
  /// @throws DatabaseNotFoundError as above; a remote shard that cannot be
  ///         reached is named as `tcp://HOST:PORT` (and, for a stub's line,
  ///         the stub's file and line).
  /// @throws std::invalid_argument `locations` is empty.
  Searcher(const std::vector<std::string>& locations, const SearcherOptions& options);
  ~Searcher();
  /// Moves the open index; the moved-from Searcher may only be destroyed or assigned to.
  Searcher(Searcher&&) noexcept;
  /// Moves the open index; the moved-from Searcher may only be destroyed or assigned to.
  Searcher& operator=(Searcher&&) noexcept;
  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;

  /// Runs one search.
  /// @throws InvalidRequestError a number of the request is out of its range
  ///         (validate_request).
  /// @throws QuerySyntaxError a filter cannot be parsed, the query has
  ///         nothing to search for, or (SearchRequest::strict_syntax) the
  ///         query cannot be parsed; position() points at the problem.
  /// @throws PaperNotFoundError SearchRequest::like names no paper of the index
  ///         (PaperNotFoundError::id() is the id as given).
  /// @throws IoError reading the index failed; a remote shard that failed,
  ///         or stayed silent past the time limit, is named (`tcp://HOST:PORT`)
  ///         unless SearchRequest::allow_partial.
  SearchResult search(const SearchRequest& request);

  /// The stored paper with this id: an arXiv id in any form `id:` takes
  /// ("2101.00001", "arXiv:2101.00001v2", an abs/ URL) or a derived id.
  /// @throws PaperNotFoundError no paper of the index has that id.
  /// @throws IoError reading the index failed.
  Paper get(const std::string& id);

  /// The full text of the paper with this id (#50), as the indexer read it
  /// (Paper::fulltext says from what): words separated by spaces,
  /// paragraphs by '\n', a PDF's pages each ending in '\f'; "" when it has none.
  /// @throws PaperNotFoundError no paper of the index has that id.
  /// @throws IoError reading the index failed.
  std::string body(const std::string& id);

  /// The references of the paper with this id (#51), as papers, in order:
  /// the paper of this index each resolves to (Reference::in_index), else
  /// what its text gives (title, authors, year, DOI, the venue as journal,
  /// its link; its arXiv id when it names one). For the citation formats:
  /// paperdex-search --show ID --references --format bibtex.
  /// @throws PaperNotFoundError no paper of the index has that id.
  /// @throws IoError reading the index failed.
  std::vector<Paper> reference_papers(const std::string& id);

  /// Calls `visit` with every reference of every paper of the index with a
  /// reference list, paper by paper in the index's order, each list in its
  /// order: the citation graph as data (paperdex-search --citations).
  /// Memory holds one paper's list at a time.
  /// @throws IoError reading the index failed.
  void for_each_citation(const std::function<void(const Citation&)>& visit);

  /// Describes the index. Counting its distinct terms walks the whole term
  /// list: a second or two per million papers.
  /// @throws IoError reading the index failed.
  IndexInfo index_info();

  /// Number of papers in the index (as of the last open or reopen).
  std::size_t document_count() const;

  /// The index's analysis and this library's (a metadata read, cheap).
  /// @throws IoError reading the index failed.
  AnalysisVersions analysis_versions() const;

  /// Moves to the latest revision the index's writers committed, so that the
  /// next calls see their papers: a cheap check when nothing was committed
  /// (a long-lived Searcher, a server's, calls it before each request). A
  /// search never needs it to be consistent, only to be current. On a read
  /// replica (docs/deployment.md) it follows the replica to each new copy.
  /// @return true when the Searcher moved to a newer revision.
  /// @throws IoError reading the index failed.
  bool reopen();

  /// The revision the Searcher shows, as an opaque text: it changes when
  /// reopen() moves to a newer one, and two Searchers of one index at one
  /// revision give the same text (an HTTP ETag is made of it).
  /// @throws IoError reading the index failed.
  std::string revision() const;

  /// Saves `request`'s query and filters under `name` (replacing a search of
  /// that name); the papers the index adds or changes from now on are new to
  /// it. The query is checked first, as search() would. Saving writes the
  /// index (its metadata) under its write lock: the index must be a local,
  /// writable, unsharded one, with no writer running.
  /// @throws SavedSearchError `name` is not a valid name.
  /// @throws QuerySyntaxError, FilterError, InvalidRequestError as search().
  /// @throws DatabaseLockedError another writer holds the index.
  /// @throws IoError the index cannot be written (read-only, sharded).
  void save_search(const std::string& name, const SearchRequest& request);

  /// The saved search `name`, with how many papers are new to it.
  /// @throws SavedSearchError no saved search has that name, or it is not valid.
  SavedSearch saved_search(const std::string& name);

  /// Every saved search, by name, each with how many papers are new to it.
  std::vector<SavedSearch> saved_searches();

  /// Deletes the saved search `name` (under the write lock, as save_search).
  /// @throws SavedSearchError no saved search has that name.
  void delete_saved_search(const std::string& name);

  /// Adds papers to the tag `name`, making the tag when there is none. Each
  /// id is anything a query takes as one paper: an arXiv id in any form
  /// (versions, "arXiv:", abs/ and pdf/ links), a derived id, or a DOI that
  /// one paper of the index has. Writes the index (its metadata) under its
  /// write lock, as save_search.
  /// @throws TagError `name` is not a valid name, or the tag would pass
  ///         kMaxTagPapers.
  /// @throws DatabaseLockedError, IoError as save_search.
  TagChange add_to_tag(const std::string& name, const std::vector<std::string>& ids);

  /// The paper of this index `clues` name: the first of its arXiv ids the
  /// index has, else the one paper with its DOI, else the first paper the
  /// known-item ranking finds for its title when their titles share
  /// kTitleMatchShare of their words. For importing a bibliography into a
  /// tag (paperdex-search --tag NAME --import FILE).
  /// @throws IoError reading the index failed.
  IdentifiedPaper identify(const PaperClues& clues);

  /// Removes papers from the tag `name` (ids as add_to_tag takes them, or as
  /// Tag::papers lists them); a tag left with no paper is deleted.
  /// @throws TagError no tag has that name.
  TagChange remove_from_tag(const std::string& name, const std::vector<std::string>& ids);

  /// The tag `name`.
  /// @throws TagError no tag has that name (the message lists those there are).
  Tag tag(const std::string& name);

  /// Every tag of the index, by name.
  std::vector<Tag> tags();

  /// Deletes the tag `name` (under the write lock, as save_search).
  /// @throws TagError no tag has that name.
  void delete_tag(const std::string& name);

  /// Runs the saved search `name` with `page`'s page and output members,
  /// each hit saying what is new about it since the search was last run for
  /// what is new (Hit::news); marks nothing seen.
  /// @throws SavedSearchError no saved search has that name.
  SearchResult search_saved(const std::string& name, const SearchRequest& page);

  /// Runs the saved search `name` for what is new: only the papers the index
  /// added, or saw a new version or category of, since it was last run so
  /// (or saved), each hit saying which (Hit::news); then marks them seen, all
  /// of them, on this page or not (raise `page.limit` to see them all). Under
  /// the write lock, as save_search: a writer cannot add papers between the
  /// search and the mark. `page` gives the page and output members
  /// (offset, limit, snippet_bytes, facets, ...); the query and filters are
  /// the saved search's.
  /// @throws SavedSearchError no saved search has that name.
  SearchResult search_new(const std::string& name, const SearchRequest& page);

 private:
  std::size_t count_new(const SavedSearch& saved);

  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace paperdex
