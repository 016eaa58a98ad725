#include "spelling.h"

#include <algorithm>

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

// Papers with the word in title or abstract. Text fields hold stems, so
// this counts the word's stem.
Xapian::doccount papers_with(const Xapian::Database& db, const Analyzer& analyzer,
                             const std::string& word) {
  return db.get_termfreq(schema::make_term(schema::kTextPrefix, analyzer.stem(word)));
}

// The correction as the user would have typed it: capitalized if they did.
std::string in_case_of(std::string correction, std::string_view written) {
  if (!written.empty() && written.front() >= 'A' && written.front() <= 'Z' && !correction.empty() &&
      correction.front() >= 'a' && correction.front() <= 'z') {
    correction.front() = static_cast<char>(correction.front() - 'a' + 'A');
  }
  return correction;
}

}  // namespace

std::string spelling_suggestion(const Xapian::Database& db, const Analyzer& analyzer,
                                std::string_view query, const std::vector<QueryWord>& words,
                                std::size_t matches) {
  if (words.empty() || db.spellings_begin() == db.spellings_end()) return {};
  struct Replacement {
    std::size_t begin, end;
    std::string text;
  };
  std::vector<Replacement> replacements;
  for (const QueryWord& word : words) {
    // Short words and numbers have too many near neighbours to guess from.
    const std::size_t length = count_characters(word.term);
    if (length < 3 || is_number(word.term)) continue;
    const Xapian::doccount frequency = papers_with(db, analyzer, word.term);
    if (frequency > 0 && (matches >= kFewMatches || frequency >= kCommonWord)) continue;
    // One edit in a short word, two in a longer one, as for field names.
    const std::string candidate = db.get_spelling_suggestion(word.term, length <= 4 ? 1 : 2);
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

}  // namespace paperdex::detail
