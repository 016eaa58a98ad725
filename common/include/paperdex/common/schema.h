// The index schema: every term prefix, value slot and metadata key in one
// place. The indexer writes with it, the searcher reads with it; nothing else
// spells a prefix or a slot number. Bump kSchemaVersion on any change that
// makes an existing database unreadable or wrong, so old ones are refused.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <xapian.h>

#include "paperdex/common/record.h"

namespace paperdex {
class Analyzer;
struct Token;
}  // namespace paperdex

namespace paperdex::schema {

// 6: report numbers (XR), primary categories (XP), the updated-date slot.
// 7: the date slots end in the paper's id (dated_id), so ties order alike in
// one index and in shards.
// 8: the stored record is compressed with zstd and a dictionary compiled in
// (stored_record.h).
// 9: author words in both spellings (Jürgen: "jurgen" and "juergen") and the
// authors' surname+initials keys (XI, "hinton_g"), author_names.h.
// 10: the stored record keeps the versions listed without files ("wv") and
// the withdrawn mark ("wd"), record_fields.h.
// 11: each paper records when this index first had it and when it last saw
// a new version or category (index time: "ad", "ch", "va", "sa"), with the
// added and changed slots.
// 12: a name word written with umlauts or rings keeps the pair of its
// spellings (XU, "scholkopf schoelkopf"), by which "Schoelkopf" finds the
// "Scholkopf" that "Schölkopf" finds (author_names.h umlaut_readings).
// 13: a full text's reference list (kReferencesSlot) and the terms linking
// it to the papers it cites (XL, XO, XH: citations.h).
// 14: the title's sketch (XM, title_sketch_term), by which a title as people
// cite it ("generative adversarial nets") finds the paper.
inline constexpr int kSchemaVersion = 14;

// Term prefixes. Folded terms never start with an ASCII capital, so a prefix
// of capitals is unambiguous.
inline constexpr std::string_view kIdPrefix = "Q";            // unique id term (+ canonical id)
inline constexpr std::string_view kTitlePrefix = "S";         // title stems, positional
inline constexpr std::string_view kTextPrefix = "T";          // title + abstract stems, positional
inline constexpr std::string_view kAuthorPrefix = "A";        // author name words, positional
inline constexpr std::string_view kAuthorExactPrefix = "XA";  // folded full author name
inline constexpr std::string_view kInitialsPrefix = "XI";     // author's surname_initials
inline constexpr std::string_view kUmlautNamePrefix = "XU";   // umlaut_name_key() of a name word
inline constexpr std::string_view kSubjectPrefix = "XC";      // lower-cased category and archive
inline constexpr std::string_view kPrimaryPrefix = "XP";      // the primary category and archive
inline constexpr std::string_view kYearPrefix = "Y";          // "2026"
inline constexpr std::string_view kDoiPrefix = "XD";          // doi_value() of the DOI
inline constexpr std::string_view kJournalPrefix = "XJ";      // journal-ref words, positional
inline constexpr std::string_view kCommentsPrefix = "XK";     // comments words, positional
inline constexpr std::string_view kReportPrefix = "XR";       // report-number words, positional
inline constexpr std::string_view kTitleKeyPrefix = "XN";     // hash of normalized title (merging)
inline constexpr std::string_view kTitleSketchPrefix = "XM";  // hash of title_sketch_term's letters
inline constexpr std::string_view kBodyPrefix = "B";          // full-text stems, positional, wdf 0
// What a paper's references cite (#51, citations.h): the arXiv id a
// reference names, else its DOI (doi_value) and the title keys its text may
// hold (as kTitleKeyPrefix hashes them). A cited paper's own Q, XD and XN
// terms answer them, so a paper indexed after the papers citing it is cited
// at once: nothing is resolved when it is written.
inline constexpr std::string_view kCitedIdPrefix = "XL";
inline constexpr std::string_view kCitedDoiPrefix = "XO";
inline constexpr std::string_view kCitedTitlePrefix = "XH";
// Subject groups ("physics") and aliases (cs.NA = math.NA) have no terms of
// their own: the query parser widens a subject into the XC (or XP) terms it
// covers (taxonomy.h), so a taxonomy update needs no re-index.

// The spelling table (Xapian's, on the database) holds the folded, unstemmed
// words of titles and abstracts, once per paper: "did you mean" and wildcard
// expansion read it. An index without it still searches; it only suggests
// nothing and expands wildcards over stems.

// Ranking searches one text field, title and abstract together: a word has
// one frequency in the collection and one count in the paper. Measured on
// SciFact this ranks better than two fields scored apart and added up at
// equal weights (bench/README.md). The title's words count kTitleWordsInText
// times in it. The title has a field of its own too, for title: searches and
// the title's share of a plain query's weight (searcher's title_bonus.h); an
// abstract-only field would double the index's largest table (positions), so
// abstract: searches the text.
inline constexpr Xapian::termcount kTitleWordsInText = 2;
// A plain word also searches the author names (Field::default_search), where
// it is far rarer than in text: at full weight a title word that is also a
// surname ("rate", "field", "single") lifts that author's papers over the
// title meant. Scaled to a fifth, a name still decides which papers match
// ("hinton dropout") and the text ranks them: on the known-item benchmark
// (cs, 102k papers) author + word s@1 0.531 at 1, 0.546 at 0.2, 0.549 at
// 0.1, and the title shapes as without authors from 0.5 down.
inline constexpr double kAuthorWordsInPlainQuery = 0.2;
// ...plus this times the share of the papers with the word that have it as
// a name (of those with it in the text or the names): "hinton" (0.67 in cs)
// is mostly a name, "deep" (0.004) a word. Hinton's dropout paper, whose
// title lacks "dropout", goes from 3rd to 1st for `hinton dropout`, above
// papers citing "(Hinton et al., 2012)" (bench/README.md).
inline constexpr double kAuthorWordsPerNameShare = 5.0;
// A plain word searches the bodies too (#50), below the title and abstract.
// Body words are posted with wdf 0 (DocumentBuilder): a paper's length, which
// every weighting scheme normalizes a term's frequency by, and the mean
// length stay those of its title and abstract, so that a body of 30,000
// words neither buries its own paper's title and abstract matches nor moves
// the ranking of every other paper. A body match then finds the paper (and
// phrases and NEAR work on positions) but weighs nothing yet: this weight
// is the share it gets once bodies are weighed on their own length.
inline constexpr double kBodyWordsInPlainQuery = 0.5;

// Value slots.
inline constexpr Xapian::valueno kYearSlot = 0;      // Xapian::sortable_serialise(year)
inline constexpr Xapian::valueno kSubjectsSlot = 1;  // categories, '\n'-separated, as displayed
// dated_id() of the first submission (or the year): newest/oldest sort, date:,
// and the order of papers with equal scores.
inline constexpr Xapian::valueno kDateSlot = 2;
inline constexpr Xapian::valueno kAuthorsSlot = 3;  // authors, '\n'-separated, as displayed
// dated_id() of the latest version or metadata change (else as kDateSlot):
// --sort updated, updated:
inline constexpr Xapian::valueno kUpdatedSlot = 4;
// dated_id() of Record::added and Record::changed, the index's clock
// (index_time.h, "YYYY-MM-DDTHH:MM:SS.ffffffZ", which the date ranges of
// added: and changed: take as they take a day): --sort added, added:,
// changed:, and the papers new since a saved search was read.
inline constexpr Xapian::valueno kAddedSlot = 5;
inline constexpr Xapian::valueno kChangedSlot = 6;
// The stored record (the document's data) again, in an index built with
// --records-in-slot (IndexWriterOptions::records_in_slot), for shards served by
// xapian-tcpsrv: a remote page's hits bring their records as their collapse
// keys (unique: nothing collapses), one exchange with each server instead of
// one exchange a hit (Xapian 1.4 reads a remote document at a time).
inline constexpr Xapian::valueno kStoredRecordSlot = 7;
// A paper's full text (Record::body), apart from the stored record: the
// document's data is decoded for every hit, a body of 30,000 words only by
// the indexer (merging) and for passages. And what it was read from
// (Record::fulltext, JSON), small, beside it. The body compressed
// (stored_record.h encode_body).
inline constexpr Xapian::valueno kBodySlot = 8;
inline constexpr Xapian::valueno kFullTextSlot = 9;
// The body's reference list (Record::references), compressed as the body is
// (citations.h encode_references): read for a paper shown, for cited_by:
// and for the citation graph's export, never for a hit.
inline constexpr Xapian::valueno kReferencesSlot = 10;

// A date slot's value: "YYYY-MM-DD" (or "YYYY"), a space, the paper's id.
// Xapian orders what a sort leaves equal by document number, which differs
// between one index and its shards; with the id in the sorted value nothing is
// left equal, so every layout pages alike, at no extra slot. A space sorts
// below '-' ("2016 id" before "2016-01-01 id", as the bare dates were) and
// date: ranges end in '\xff', above any byte of an id.
std::string dated_id(std::string_view date, std::string_view id);

// The separator of a list slot's values (subjects, authors).
inline constexpr char kListSeparator = '\n';

// Calls `visit` with each value of a list slot's `list`, a view into it
// (empty values skipped): the one reading of the lists the indexer joins.
template <typename Visit>
void for_each_list_value(std::string_view list, Visit&& visit) {
  std::size_t begin = 0;
  while (begin < list.size()) {
    std::size_t end = list.find(kListSeparator, begin);
    if (end == std::string_view::npos) end = list.size();
    if (end > begin) visit(list.substr(begin, end - begin));
    begin = end + 1;
  }
}

// What the query parser does with `name:value`; the kind also says whether
// the field scores (words) or only narrows (every other kind: a filter).
enum class FieldKind {
  // Analyzed words stored as their English stems, with positions: loose
  // words, phrases and NEAR all match on stems (as Lucene's English analysis
  // does). One posting per word instead of a stemmed and an unstemmed one
  // halves Xapian's indexing work and shrinks the index by a fifth.
  kText,
  kUnstemmedWords,  // analyzed words with positions, no stemming (authors, journal, comments)
  kSubject,         // a category, archive or group, widened by the taxonomy into boolean terms
  kId,              // an arXiv id in any form and version: boolean id terms
  kKeyword,         // one whole value, as Field::normalize writes it: one boolean term (doi)
  kYear,            // a year or a year range: the year term, or a range over kYearSlot
  kDate,            // a date or a date range ("2016-03", "2016-03-01..2016-03-31") over Field::slot
  kCites,           // an arXiv id or a DOI: the papers whose references cite it (citations.h)
  kCitedBy,         // an arXiv id: the papers its references cite, as this index has them
};

// Filters narrow the results without adding to the score.
constexpr bool is_filter(FieldKind kind) {
  return kind != FieldKind::kText && kind != FieldKind::kUnstemmedWords;
}

// How DocumentBuilder writes a field's terms and values: one small action
// per field, in the manner of omega's scriptindex.
enum class Indexing {
  kRankedText,      // title + abstract stems into the text field, the title's into the
                    // title field too: the one ranked text, built once (DocumentBuilder)
  kWithText,        // written by the kRankedText row (the title field)
  kWords,           // the folded words of Field::source, with positions
  kAuthors,         // each author's words, kValueGap apart, and the exact folded name
  kCategories,      // each category as subject_value() writes it, and its archive
  kPrimary,         // the first category (the primary one) and its archive
  kId,              // the unique id term, by which replace_document finds the paper
  kKeyword,         // Field::normalize of Field::source: one boolean term, when not empty
  kYear,            // the year term and kYearSlot
  kDate,            // Field::source in Field::slot, else the first submission, else the year
  kIndexTime,       // Field::source (the index's clock) in Field::slot, when it has one
  kBody,            // Record::body's stems with positions and wdf 0 (kBodyWordsInPlainQuery)
  kReferences,      // Record::references: kReferencesSlot and each one's citation terms
  kWithReferences,  // written by the kReferences row (cited_by: reads the cited paper's terms)
};

// One field of the query language: what users type, how it is indexed and
// how a value is read. Adding a field or an alias is a row here (plus where
// the record gets the data, a test, and the README's table, which a test
// checks against this one).
struct Field {
  std::string_view name{};     // what users type before ':' (any case)
  std::string_view aliases{};  // other names, space-separated (arXiv's search prefixes)
  std::string_view prefix{};   // term prefix; empty for fields searched by value slot only
  FieldKind kind = FieldKind::kText;
  Indexing indexing = Indexing::kWords;
  bool default_search = false;  // searched by words without a field
  double default_weight = 1.0;  // default_search: its share of a plain word's weight
  // default_search: added to default_weight per share of the papers with a
  // plain word that have it in this field (of those with it in any
  // default_search field), as the index counts them.
  double default_weight_per_share = 0;
  std::string Record::*source = nullptr;       // kWords, kKeyword, kDate: the record's text
  Xapian::valueno slot = Xapian::BAD_VALUENO;  // kYear, kDate: the value slot
  // kKeyword: the value as both the indexer and the query parser write it.
  std::string (*normalize)(std::string_view) = nullptr;
  std::string_view example{};  // a typical value ("cs.NI"), for help and messages
  std::string_view help{};     // what the field searches: --help-syntax, the README
};

// Lower-cased, without a resolver ("https://doi.org/", "doi:"): DOIs are
// indexed bare, and people paste them as links.
std::string doi_value(std::string_view doi);
// A category or archive as indexed: ASCII lower case ("cs.ni").
std::string subject_value(std::string_view category);

// The query language's fields, in the order --help-syntax and the README
// list them. The first field with a prefix names it (explanations).
inline constexpr Field kFields[] = {
    {.name = "text",
     .aliases = "abstract abs",
     .prefix = kTextPrefix,
     .kind = FieldKind::kText,
     .indexing = Indexing::kRankedText,
     .default_search = true,
     .example = "word",
     .help = "title and abstract; a plain word searches these, the authors and the full text"},
    {.name = "title",
     .aliases = "ti",
     .prefix = kTitlePrefix,
     .kind = FieldKind::kText,
     .indexing = Indexing::kWithText,
     .example = "scheduling",
     .help = "the title only"},
    {.name = "author",
     .aliases = "au",
     .prefix = kAuthorPrefix,
     .kind = FieldKind::kUnstemmedWords,
     .indexing = Indexing::kAuthors,
     // A plain word searches the names too, as arXiv's all: does, so that
     // "hinton dropout" finds Hinton's dropout paper.
     .default_search = true,
     .default_weight = kAuthorWordsInPlainQuery,
     .default_weight_per_share = kAuthorWordsPerNameShare,
     .example = "zhao",
     .help = "an author with that name part; author:\"Zhida Jiang\": that name; "
             "au:Hinton_G, au:\"G. Hinton\": initials"},
    {.name = "body",
     .aliases = "fulltext",
     .prefix = kBodyPrefix,
     .kind = FieldKind::kText,
     .indexing = Indexing::kBody,
     .default_search = true,
     .default_weight = kBodyWordsInPlainQuery,
     .example = "\"we measured the latency\"",
     .help = "the full text, where a PDF, LaTeX source or data set gave one"},
    {.name = "journal",
     .aliases = "jr",
     .prefix = kJournalPrefix,
     .kind = FieldKind::kUnstemmedWords,
     .indexing = Indexing::kWords,
     .source = &Record::journal,
     .example = "\"Phys. Rev.\"",
     .help = "the journal reference"},
    {.name = "comments",
     .aliases = "co",
     .prefix = kCommentsPrefix,
     .kind = FieldKind::kUnstemmedWords,
     .indexing = Indexing::kWords,
     .source = &Record::comments,
     .example = "\"10 pages\"",
     .help = "the submitter's comments"},
    {.name = "report",
     .aliases = "rn",
     .prefix = kReportPrefix,
     .kind = FieldKind::kUnstemmedWords,
     .indexing = Indexing::kWords,
     .source = &Record::report_no,
     .example = "CERN-TH-2021-001",
     .help = "the report number"},
    {.name = "subject",
     .aliases = "cat",
     .prefix = kSubjectPrefix,
     .kind = FieldKind::kSubject,
     .indexing = Indexing::kCategories,
     .example = "cs.NI",
     .help = "a category, an archive (hep-th) or a group (physics), aliases included"},
    {.name = "primary",
     .prefix = kPrimaryPrefix,
     .kind = FieldKind::kSubject,
     .indexing = Indexing::kPrimary,
     .example = "cs.NI",
     .help = "the primary category only, widened as for subject:"},
    {.name = "year",
     .prefix = kYearPrefix,
     .kind = FieldKind::kYear,
     .indexing = Indexing::kYear,
     .slot = kYearSlot,
     .example = "2024",
     .help = "a year or a range: 2020..2024, 2020.., ..2010"},
    {.name = "submitted",
     .aliases = "date submittedDate",
     .kind = FieldKind::kDate,
     .indexing = Indexing::kDate,
     .source = &Record::submitted,
     .slot = kDateSlot,
     .example = "2016-03",
     .help = "first submitted: a day, month or year, or a range: 2016-03-01..2016-03-31"},
    {.name = "updated",
     .aliases = "lastUpdatedDate",
     .kind = FieldKind::kDate,
     .indexing = Indexing::kDate,
     .source = &Record::updated,
     .slot = kUpdatedSlot,
     .example = "2016-03-09",
     .help = "last updated (latest version or metadata change), as for submitted:"},
    {.name = "added",
     .kind = FieldKind::kDate,
     .indexing = Indexing::kIndexTime,
     .source = &Record::added,
     .slot = kAddedSlot,
     .example = "2026-12-03",
     .help = "when this index first had the paper (UTC), as for submitted:"},
    {.name = "changed",
     .kind = FieldKind::kDate,
     .indexing = Indexing::kIndexTime,
     .source = &Record::changed,
     .slot = kChangedSlot,
     .example = "2026-12-03",
     .help = "when this index last saw a new version or category of the paper, as for "
             "submitted:"},
    {.name = "id",
     .prefix = kIdPrefix,
     .kind = FieldKind::kId,
     .indexing = Indexing::kId,
     .example = "2101.00001",
     .help = "one paper, any version, old-style ids too (cs/9301111); arXiv:2101.00001"},
    {.name = "doi",
     .prefix = kDoiPrefix,
     .kind = FieldKind::kKeyword,
     .indexing = Indexing::kKeyword,
     .source = &Record::doi,
     .normalize = doi_value,
     .example = "10.1145/3544216.3544265",
     .help = "a DOI, also as https://doi.org/..."},
    {.name = "cites",
     .prefix = kCitedIdPrefix,
     .kind = FieldKind::kCites,
     .indexing = Indexing::kReferences,
     .example = "1706.03762",
     .help = "the papers whose references cite that paper (an arXiv id or a DOI), by its id, "
             "DOI or whole title; in this index or not"},
    {.name = "cited_by",
     .kind = FieldKind::kCitedBy,
     .indexing = Indexing::kWithReferences,
     .example = "2303.03819",
     .help = "the papers of this index that paper's references cite (its id)"},
};

// The field `name` names, by its name or an alias (any case); nullptr when
// none does.
const Field* find_field(std::string_view name);

// arXiv's all: searches what a plain word searches (every default_search
// field: title, abstract, the authors and the body), so its value is read as plain
// words, as if written without it. It names no field of kFields: a field
// searches one prefix.
inline constexpr std::string_view kPlainWordsName = "all";

// Whether `name` (any case) is kPlainWordsName.
bool is_plain_words_name(std::string_view name);

// Every name of `field`: its name, then its aliases.
std::vector<std::string_view> field_names(const Field& field);

// The analyzer's folded words of `text` joined by single spaces: how exact
// author names and title keys are written, by the indexer and the queries.
std::string folded_words(const Analyzer& analyzer, std::string_view text);

// The kTitleKeyPrefix term of a paper titled `title` (its folded words,
// hashed): the indexer merges copies of a paper by it, and a query that is a
// paper's whole title finds that paper by it. Empty for a title without
// words, which is no paper's key: papers without titles (classic test
// collections) are not one paper.
std::string title_key_term(const Analyzer& analyzer, std::string_view title);
// The same from the title's tokens (Analyzer::tokenize), for a caller that
// has them.
std::string title_key_term(std::span<const Token> title);

// The kTitleSketchPrefix term of a paper titled `title`: the first
// kSketchLetters letters of each of its folded words (a number whole), in
// order, hashed. A title as people cite it shortens or inflects a word or
// two ("Generative Adversarial Nets" for "... Networks", "Network" for
// "Networks") and keeps the words' order and beginnings, so its sketch is
// the paper's; a query that is a paper's title so written finds that paper
// by it. Empty for fewer than kSketchMinWords words: shorter titles'
// sketches are shared by too many unrelated titles ("Deep Nets", "Dense
// Networks").
std::string title_sketch_term(const Analyzer& analyzer, std::string_view title);
std::string title_sketch_term(std::span<const Token> title);
inline constexpr std::size_t kSketchLetters = 3;
inline constexpr std::size_t kSketchMinWords = 3;

// Metadata keys.
inline constexpr std::string_view kSchemaVersionKey = "paperdex:schema-version";
inline constexpr std::string_view kLastUpdateKey = "paperdex:last-update";  // ISO 8601 UTC
// analysis_version() (analyzer.h) of the indexer that created the database.
inline constexpr std::string_view kAnalysisKey = "paperdex:analysis";
// Each saved search (searcher's saved_searches.h) under this prefix and its
// name: the index carries them, and a bulk build keeps them.
inline constexpr std::string_view kSavedSearchPrefix = "paperdex:saved-search:";
// Each tag (searcher's tags.h: a named list of papers) under this prefix
// and its name, kept likewise.
inline constexpr std::string_view kTagPrefix = "paperdex:tag:";
// What a user keeps in an index's metadata, which a bulk build carries over
// to the index it builds.
inline constexpr std::string_view kUserMetadataPrefixes[] = {kSavedSearchPrefix, kTagPrefix};

// Positions: the gap left between two values of one field (authors) so that a
// phrase never spans two of them.
inline constexpr Xapian::termpos kValueGap = 100;

// The schema version `db` was written with: nullopt when it has none (not a
// paperdex database), -1 when the stored value is not a number. Callers
// compare it with kSchemaVersion and throw their own typed error.
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
