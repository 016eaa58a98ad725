// The index schema: every term prefix, value slot and metadata key in one
// place. The indexer writes with it, the searcher reads with it; nothing else
// spells a prefix or a slot number. Bump kSchemaVersion on any change that
// makes an existing database unreadable or wrong, so old ones are refused.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <xapian.h>

namespace paperdex::schema {

inline constexpr int kSchemaVersion = 5;

// How a field is indexed, which decides how the query parser treats `name:`.
enum class FieldKind {
  // Analyzed words stored as their English stems, with positions: loose
  // words, phrases and NEAR all match on stems (as Lucene's English analysis
  // does). One posting per word instead of a stemmed and an unstemmed one
  // halves Xapian's indexing work and shrinks the index by a fifth.
  kText,
  kName,     // analyzed words with positions, no stemming (author names)
  kBoolean,  // exact keyword terms, filtered (subject, id, doi)
  kRange,    // boolean year term plus a sortable value slot (year)
};

struct Field {
  std::string_view name;    // what users type before ':'
  std::string_view prefix;  // term prefix
  FieldKind kind;
  bool default_search;  // searched by words without a field
};

// Term prefixes. Folded terms never start with an ASCII capital, so a prefix
// of capitals is unambiguous.
inline constexpr std::string_view kIdPrefix = "Q";            // unique id term (+ canonical id)
inline constexpr std::string_view kTitlePrefix = "S";         // title stems, positional
inline constexpr std::string_view kTextPrefix = "T";          // title + abstract stems, positional
inline constexpr std::string_view kAuthorPrefix = "A";        // author name words, positional
inline constexpr std::string_view kAuthorExactPrefix = "XA";  // folded full author name
inline constexpr std::string_view kSubjectPrefix = "XC";      // lower-cased category and archive
inline constexpr std::string_view kYearPrefix = "Y";          // "2026"
inline constexpr std::string_view kDoiPrefix = "XD";          // lower-cased DOI
inline constexpr std::string_view kJournalPrefix = "XJ";      // journal-ref words, positional
inline constexpr std::string_view kCommentsPrefix = "XK";     // comments words, positional
inline constexpr std::string_view kTitleKeyPrefix = "XN";     // hash of normalized title (merging)
// Subject groups ("physics") and aliases (cs.NA = math.NA) have no terms of
// their own: the query parser widens a subject into the XC terms it covers
// (taxonomy.h), so a taxonomy update needs no re-index.

// The spelling table (Xapian's, on the database) holds the folded, unstemmed
// words of titles and abstracts, once per paper: "did you mean" and wildcard
// expansion read it. An index without it still searches; it only suggests
// nothing and expands wildcards over stems.

// Ranking searches one text field, title and abstract together: a word has
// one frequency in the collection and one count in the paper, instead of two
// fields scored apart and added up (which counts a title word twice and
// weighs it by a second, title-only rarity). Measured on SciFact this ranks
// better than any weighting of two fields (bench/README.md). The title's words
// count kTitleWordsInText times in it, its one field-level knob. The title has
// a field of its own too, for title: searches; an abstract-only field would
// double the index's largest table (positions), so abstract: searches the text.
inline constexpr Xapian::termcount kTitleWordsInText = 2;

// The query language's fields, in the order --help lists them. The first
// field with a prefix names it (explanations); `abstract` is another name
// for `text`.
inline constexpr Field kFields[] = {
    {"text", kTextPrefix, FieldKind::kText, true},
    {"title", kTitlePrefix, FieldKind::kText, false},
    {"abstract", kTextPrefix, FieldKind::kText, false},
    {"author", kAuthorPrefix, FieldKind::kName, false},
    {"subject", kSubjectPrefix, FieldKind::kBoolean, false},
    {"year", kYearPrefix, FieldKind::kRange, false},
    {"id", kIdPrefix, FieldKind::kBoolean, false},
    {"doi", kDoiPrefix, FieldKind::kBoolean, false},
    {"journal", kJournalPrefix, FieldKind::kName, false},
    {"comments", kCommentsPrefix, FieldKind::kName, false},
};

// nullptr when no field has that name.
const Field* find_field(std::string_view name);

// Value slots.
inline constexpr Xapian::valueno kYearSlot = 0;      // Xapian::sortable_serialise(year)
inline constexpr Xapian::valueno kSubjectsSlot = 1;  // categories, '\n'-separated, as displayed
inline constexpr Xapian::valueno kDateSlot = 2;      // "YYYY-MM-DD" (or "YYYY"): newest/oldest sort
inline constexpr Xapian::valueno kAuthorsSlot = 3;   // authors, '\n'-separated, as displayed

inline constexpr char kListSeparator = '\n';

// Metadata keys.
inline constexpr std::string_view kSchemaVersionKey = "paperdex:schema-version";
inline constexpr std::string_view kLastUpdateKey = "paperdex:last-update";  // ISO 8601 UTC
// analysis_version() (analyzer.h) of the indexer that created the database.
inline constexpr std::string_view kAnalysisKey = "paperdex:analysis";

// Positions: the gap left between two values of one field (authors) so that a
// phrase never spans two of them.
inline constexpr Xapian::termpos kValueGap = 100;

// Throws SchemaMismatch-like std::runtime_error (caught and typed by callers)
// when the database has no or another schema version.
// Returns the version found (nullopt when the key is missing: not a paperdex db).
std::optional<int> stored_schema_version(const Xapian::Database& db);

// Marks a new database as paperdex's: the schema version and the analysis
// that made its terms (kAnalysisKey).
void write_schema_metadata(Xapian::WritableDatabase& db);

// Terms over this many bytes are hashed (Xapian rejects terms over 245 bytes).
inline constexpr std::size_t kMaxTermBytes = 240;
// The prefix `term` carries: its leading capitals (folded words start with none).
inline std::string_view prefix_of(std::string_view term) {
  std::size_t capitals = 0;
  while (capitals < term.size() && term[capitals] >= 'A' && term[capitals] <= 'Z') ++capitals;
  return term.substr(0, capitals);
}

// prefix + term, hashed into a bounded length when too long.
std::string make_term(std::string_view prefix, std::string_view term);

}  // namespace paperdex::schema
