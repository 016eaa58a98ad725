#include "results/spelling.h"

#include <algorithm>
#include <map>

#include "match/ranking.h"
#include "query/query_lexer.h"
#include "results/facets.h"

#include "paperdex/common/author_names.h"
#include "paperdex/common/edit_distance.h"
#include "paperdex/common/safe_text.h"
#include "paperdex/common/schema.h"
#include "paperdex/common/utf8.h"

namespace paperdex::detail {
namespace {

// Below this many full matches a query "found few papers", and a rare word
// that has a far more common near-spelling is probably a typo of it.
constexpr std::size_t kFewMatches = 5;
// How much more common the near-spelling must be than a word the index has.
constexpr Xapian::doccount kMoreCommon = 20;
// A word in this many papers is a word, not a typo: no look-up (Xapian's
// spelling search reads several fragment lists, the costly part here).
constexpr Xapian::doccount kCommonWord = 50;

// Papers with the word in title or abstract, or in an author's name (a
// plain word searches both: "schmidhuber" is no typo). Text fields hold
// stems, so this counts the word's stem; a paper with both counts twice,
// which the thresholds below do not mind.
Xapian::doccount papers_with(const Xapian::Database& db, const Analyzer& analyzer,
                             const std::string& word) {
  return db.get_termfreq(schema::make_term(schema::kTextPrefix, analyzer.stem(word))) +
         db.get_termfreq(schema::make_term(schema::kAuthorPrefix, word));
}

// The correction as the user would have typed it: capitalized if they did.
std::string in_case_of(std::string correction, std::string_view written) {
  if (!written.empty() && written.front() >= 'A' && written.front() <= 'Z' && !correction.empty() &&
      correction.front() >= 'a' && correction.front() <= 'z') {
    correction.front() = static_cast<char>(correction.front() - 'a' + 'A');
  }
  return correction;
}

// Runs `read` of the spelling table; a DatabaseError from it (the table is
// damaged) is kept in `words.damage`, and `words` left without words, so
// that the search goes on without suggestions. A discarded revision is the
// searcher's to handle (it reopens), and passes.
template <typename Read>
void read_spelling_table(SpellingWords& words, const Read& read) {
  try {
    read();
  } catch (const Xapian::DatabaseModifiedError&) {
    throw;
  } catch (const Xapian::DatabaseError& error) {
    words.any = false;
    words.damage = error.get_msg();
  }
}

}  // namespace

SpellingWords SpellingWords::of(const Xapian::Database& db,
                                const std::vector<Xapian::Database>& local_shards) {
  SpellingWords words;
  read_spelling_table(words, [&] {
    if (local_shards.empty()) {
      words.tables = db;
      words.any = db.spellings_begin() != db.spellings_end();
      return;
    }
    for (const Xapian::Database& shard : local_shards) {
      if (shard.spellings_begin() == shard.spellings_end()) continue;
      words.tables.add_database(shard);
      words.any = true;
    }
  });
  return words;
}

std::string spelling_suggestion(
    const Xapian::Database& db, SpellingWords& spellings, const Analyzer& analyzer,
    std::string_view query, const std::vector<QueryWord>& words, std::size_t matches,
    const std::optional<std::chrono::steady_clock::time_point>& deadline) {
  if (words.empty() || !spellings.any) return {};
  struct Replacement {
    std::size_t begin, end;
    std::string text;
  };
  std::vector<Replacement> replacements;
  for (const QueryWord& word : words) {
    if (deadline && std::chrono::steady_clock::now() >= *deadline) break;
    // Short words and numbers have too many near neighbours to guess from.
    const std::size_t length = count_characters(word.term);
    if (length < 3 || is_number(word.term)) continue;
    const Xapian::doccount frequency = papers_with(db, analyzer, word.term);
    if (frequency > 0 && (matches >= kFewMatches || frequency >= kCommonWord)) continue;
    // One edit in a short word, two in a longer one, as for field names.
    std::string candidate;
    read_spelling_table(spellings, [&] {
      candidate = spellings.tables.get_spelling_suggestion(word.term, length <= 4 ? 1 : 2);
    });
    if (!spellings.any) return {};  // the table failed to read
    if (candidate.empty() || candidate == word.term) continue;
    // "circuits" for "circuit" changes nothing the search sees.
    if (analyzer.stem(candidate) == analyzer.stem(word.term)) continue;
    const Xapian::doccount candidate_frequency = papers_with(db, analyzer, candidate);
    if (candidate_frequency == 0) continue;
    if (frequency > 0 && candidate_frequency < kMoreCommon * frequency) continue;
    if (word.end > query.size() || word.begin >= word.end) continue;
    replacements.push_back(
        {word.begin, word.end,
         in_case_of(candidate, query.substr(word.begin, word.end - word.begin))});
  }
  if (replacements.empty()) return {};
  std::string suggestion(query);
  // Back to front, so earlier offsets stay valid.
  std::sort(replacements.begin(), replacements.end(),
            [](const Replacement& a, const Replacement& b) { return a.begin > b.begin; });
  std::size_t limit = suggestion.size();
  for (const Replacement& replacement : replacements) {
    if (replacement.end > limit) continue;  // overlapping (never from one parse): keep the first
    suggestion.replace(replacement.begin, replacement.end - replacement.begin, replacement.text);
    limit = replacement.begin;
  }
  return suggestion;
}

namespace {

// How many names an author note suggests.
constexpr std::size_t kNearestNames = 3;

// Each word of a name in all its spellings ("Jürgen": jurgen, juergen), as
// the index holds author words (author_names.h).
using SpelledWords = std::vector<std::vector<std::string>>;

SpelledWords spelled_words(const Analyzer& analyzer, std::string_view name) {
  const std::string prepared = analyzer.prepare(name);
  SpelledWords words;
  for (const Token& token : analyzer.tokenize(prepared)) {
    words.push_back(name_word_forms(analyzer, prepared, token));
  }
  return words;
}

bool share_a_spelling(const std::vector<std::string>& one, const std::vector<std::string>& other) {
  return std::find_first_of(one.begin(), one.end(), other.begin(), other.end()) != one.end();
}

// True when `written` is how `name` may be written, as author: matches it:
// its words one after another in the name, each in one of its spellings, or
// the name's initials ("G. Hinton", "Hinton_G" for Geoffrey E. Hinton).
bool names_one_author(const Analyzer& analyzer, std::string_view name, const SpelledWords& words,
                      const std::vector<std::string>& initials_keys) {
  if (!initials_keys.empty()) {
    const std::string prepared = analyzer.prepare(name);
    return share_a_spelling(author_initials_keys(analyzer, prepared, analyzer.tokenize(prepared)),
                            initials_keys);
  }
  if (words.empty()) return false;
  const SpelledWords spelled = spelled_words(analyzer, name);
  return std::search(spelled.begin(), spelled.end(), words.begin(), words.end(),
                     share_a_spelling) != spelled.end();
}

// The surname+initials keys `name` stands for when written with initials.
std::vector<std::string> written_keys(const Analyzer& analyzer, std::string_view name) {
  const std::string prepared = analyzer.prepare(name);
  return written_initials_keys(analyzer, prepared, analyzer.tokenize(prepared));
}

// The author-name word of the index nearest to `word` (a typo's
// correction): within two edits, the commonest of the nearest; "" when none.
// Only words with the same first letter are read, a small slice of them.
std::string nearest_name_word(const Xapian::Database& db, const std::string& word) {
  if (word.empty()) return {};
  const std::string prefix = std::string(schema::kAuthorPrefix) + word.front();
  std::string best;
  std::size_t best_distance = word.size() <= 4 ? 1 : 2;
  Xapian::doccount best_papers = 0;
  for (auto it = db.allterms_begin(prefix); it != db.allterms_end(prefix); ++it) {
    const std::string candidate = (*it).substr(schema::kAuthorPrefix.size());
    const std::size_t distance = edit_distance(word, candidate);
    if (distance > best_distance) continue;
    if (distance < best_distance || it.get_termfreq() > best_papers || best.empty()) {
      best = candidate;
      best_distance = distance;
      best_papers = it.get_termfreq();
    }
  }
  return best;
}

// The authors of `query`'s papers whose names `words` (or `initials_keys`)
// may stand for, most papers first.
std::vector<FacetCount> names_with(const Xapian::Database& db, const Analyzer& analyzer,
                                   const Xapian::Query& query, const SpelledWords& words,
                                   const std::vector<std::string>& initials_keys = {}) {
  std::vector<FacetCount> names;
  for (FacetCount& author : author_facet(count_authors(db, query), analyzer)) {
    if (names_one_author(analyzer, author.value, words, initials_keys)) {
      names.push_back(std::move(author));
    }
  }
  return names;
}

std::string name_list(const std::vector<FacetCount>& names) {
  if (names.empty()) return "; no name is near it";
  std::string list = "; nearest names: ";
  for (std::size_t i = 0; i < names.size() && i < kNearestNames; ++i) {
    if (i > 0) list += ", ";
    list += names[i].value + " (" + std::to_string(names[i].count) + ")";
  }
  return list;
}

}  // namespace

std::string author_name_note(const Xapian::Database& db, const Analyzer& analyzer,
                             const std::string& name, const Xapian::Query& matched) {
  const SpelledWords words = spelled_words(analyzer, name);
  Xapian::Enquire enquire(db);
  enquire.set_query(unweighted_match(matched));
  enquire.set_weighting_scheme(Xapian::BoolWeight());
  const Xapian::doccount papers = enquire.get_mset(0, 0, db.get_doccount()).get_matches_estimated();
  const std::string quoted = "author " + quote_input(name) + ": ";
  if (papers > 0) {
    return quoted + "no author has exactly this name; " + std::to_string(papers) +
           (papers == 1 ? " paper has" : " papers have") + " an author whose name contains it" +
           name_list(names_with(db, analyzer, matched, words, written_keys(analyzer, name)));
  }
  // A typo: each word's nearest author-name word, and the names that hold them.
  SpelledWords corrected;
  std::vector<Xapian::Query> terms;
  for (const std::vector<std::string>& word : words) {
    std::string nearest = nearest_name_word(db, word.front());
    if (nearest.empty()) break;
    terms.emplace_back(schema::make_term(schema::kAuthorPrefix, nearest));
    corrected.push_back({std::move(nearest)});
  }
  std::vector<FacetCount> names;
  if (!words.empty() && corrected.size() == words.size()) {
    names = names_with(db, analyzer,
                       Xapian::Query(Xapian::Query::OP_AND, terms.begin(), terms.end()), corrected);
  }
  return quoted + "no author has this name or a name containing it" + name_list(names);
}

}  // namespace paperdex::detail
