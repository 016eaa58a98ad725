#include "results/highlighter.h"

#include <algorithm>
#include <optional>
#include <set>
#include <tuple>
#include <unordered_map>

#include "paperdex/common/schema.h"

namespace paperdex::detail {
namespace {

constexpr std::string_view kEllipsis = "…";

// The stem of a title, text or body term ("Toptic" -> "optic"); nullopt for other fields.
std::optional<std::string> text_stem(const std::string& term) {
  const std::string_view prefix = schema::prefix_of(term);
  if (prefix != schema::kTextPrefix && prefix != schema::kTitlePrefix &&
      prefix != schema::kBodyPrefix) {
    return std::nullopt;
  }
  return term.substr(prefix.size());
}

// The phrases of `query` (their stems) and the stems it has outside phrases,
// leaving out what it excludes.
void collect_phrases(const Xapian::Query& query, std::vector<std::vector<std::string>>& phrases,
                     std::unordered_set<std::string>& loose) {
  switch (query.get_type()) {
    case Xapian::Query::OP_PHRASE: {
      std::vector<std::string> phrase;
      // By subquery: a query's term list is sorted, not in the phrase's order.
      for (std::size_t i = 0; i < query.get_num_subqueries(); ++i) {
        const Xapian::Query word = query.get_subquery(i);
        if (word.get_type() != Xapian::Query::LEAF_TERM) continue;
        std::optional<std::string> stem = text_stem(*word.get_terms_begin());
        if (stem) phrase.push_back(std::move(*stem));
      }
      if (phrase.size() > 1) phrases.push_back(std::move(phrase));
      return;
    }
    case Xapian::Query::OP_AND_NOT:
      if (query.get_num_subqueries() > 0) collect_phrases(query.get_subquery(0), phrases, loose);
      return;
    case Xapian::Query::LEAF_TERM:
      if (std::optional<std::string> stem = text_stem(*query.get_terms_begin())) {
        loose.insert(std::move(*stem));
      }
      return;
    default:
      for (std::size_t i = 0; i < query.get_num_subqueries(); ++i) {
        collect_phrases(query.get_subquery(i), phrases, loose);
      }
  }
}

// Spreads the room a window [first, last] leaves within target_bytes before
// and after it, so that its first match has context.
void widen(const std::vector<Token>& tokens, std::size_t target_bytes, std::size_t& first,
           std::size_t& last) {
  const std::size_t room =
      target_bytes - std::min(target_bytes, tokens[last].end - tokens[first].begin);
  std::size_t lead = room / 3;
  while (first > 0 && tokens[last].end - tokens[first - 1].begin <= target_bytes &&
         tokens[first].begin - tokens[first - 1].begin <= lead) {
    lead -= tokens[first].begin - tokens[first - 1].begin;
    --first;
  }
  while (last + 1 < tokens.size() && tokens[last + 1].end - tokens[first].begin <= target_bytes) {
    ++last;
  }
}

// Where the matches of the window [first, last] begin: `tight`, its first
// match from which on it has every word it matched, and `anchor`, its first
// occurrence of the words in order (sequence_at, `length` words), else
// `tight`. The window starts at the earlier, so that the room left is spread
// around its matches.
struct MatchesBegin {
  std::size_t tight = 0;
  std::size_t anchor = 0;
};
MatchesBegin matches_begin(const std::vector<int>& match_key, std::size_t keys,
                           const std::vector<bool>& sequence_at, std::size_t length,
                           bool has_sequence, std::size_t first, std::size_t last) {
  std::vector<int> count(keys, 0);
  for (std::size_t i = first; i <= last; ++i) {
    if (match_key[i] >= 0) ++count[match_key[i]];
  }
  MatchesBegin begin{first, first};
  while (begin.tight < last && (match_key[begin.tight] < 0 || count[match_key[begin.tight]] > 1)) {
    if (match_key[begin.tight] >= 0) --count[match_key[begin.tight]];
    ++begin.tight;
  }
  begin.anchor = begin.tight;
  for (std::size_t i = first; has_sequence && i <= last; ++i) {
    if (sequence_at[i] && i + length - 1 <= last) {
      begin.anchor = i;
      break;
    }
  }
  return begin;
}

}  // namespace

std::vector<bool> Highlighter::sequence_starts(const std::vector<Token>& tokens) const {
  const std::size_t length = sequence_.size();
  std::vector<bool> starts(tokens.size(), false);
  for (std::size_t first = 0; length > 0 && first + length <= tokens.size(); ++first) {
    std::size_t same = 0;
    // A function word is "" (ParsedQuery::word_sequence): any word there.
    while (same < length &&
           (sequence_[same].empty() || tokens[first + same].stem == sequence_[same])) {
      ++same;
    }
    starts[first] = same == length;
  }
  return starts;
}

Highlighter::Highlighter(const Analyzer& analyzer, const std::vector<std::string>& terms,
                         const std::vector<std::string>& stems, const Xapian::Query& query,
                         std::vector<std::string> sequence)
    : analyzer_(analyzer), terms_(terms.begin(), terms.end()), stems_(stems.begin(), stems.end()) {
  if (sequence.size() > 1) sequence_ = std::move(sequence);
  std::unordered_set<std::string> loose;
  collect_phrases(query, phrases_, loose);
  for (const std::vector<std::string>& phrase : phrases_) {
    for (const std::string& stem : phrase) {
      if (!loose.contains(stem)) phrase_only_.insert(stem);
    }
  }
}

Highlighter::Matches Highlighter::match(std::string_view text,
                                        const std::vector<Token>& tokens) const {
  Matches matches{std::vector<std::string>(tokens.size()), std::vector<int>(tokens.size(), -1)};
  if (terms_.empty() && stems_.empty()) return matches;
  const auto listed = [&](const std::string& term, const std::string& stem) {
    return (terms_.contains(term) || stems_.contains(stem)) && !phrase_only_.contains(stem);
  };
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (listed(tokens[i].term, tokens[i].stem)) matches.words[i] = tokens[i].stem;
  }
  // The query's "knockdown" matched the paper's "knock-down" (and the reverse):
  // every part is marked, as one word.
  for (const HyphenCompound& compound : analyzer_.hyphen_compounds(text, tokens)) {
    if (!listed(compound.term, compound.stem)) continue;
    for (std::size_t i = compound.first; i <= compound.last; ++i) {
      matches.words[i] = compound.stem;
    }
  }
  match_phrases(tokens, matches);
  return matches;
}

void Highlighter::match_phrases(const std::vector<Token>& tokens, Matches& matches) const {
  int occurrence = 0;
  for (std::size_t p = 0; p < phrases_.size(); ++p) {
    const std::vector<std::string>& phrase = phrases_[p];
    const std::string key = "\"" + std::to_string(p);  // never a stem
    for (std::size_t first = 0; first + phrase.size() <= tokens.size(); ++first) {
      std::size_t length = 0;
      while (length < phrase.size() && tokens[first + length].stem == phrase[length]) ++length;
      if (length < phrase.size()) continue;
      for (std::size_t i = first; i < first + length; ++i) {
        matches.words[i] = key;
        matches.occurrence[i] = occurrence;
      }
      ++occurrence;
      first += length - 1;
    }
  }
}

std::vector<std::pair<std::size_t, std::size_t>> Highlighter::spans(
    const std::vector<Token>& tokens, const Matches& matches, std::size_t first, std::size_t last,
    std::ptrdiff_t shift) {
  std::vector<std::pair<std::size_t, std::size_t>> spans;
  for (std::size_t i = first; i <= last && i < tokens.size(); ++i) {
    if (matches.words[i].empty()) continue;
    const std::size_t begin =
        static_cast<std::size_t>(static_cast<std::ptrdiff_t>(tokens[i].begin) + shift);
    const std::size_t end =
        static_cast<std::size_t>(static_cast<std::ptrdiff_t>(tokens[i].end) + shift);
    const bool same_phrase = i > first && matches.occurrence[i] >= 0 &&
                             matches.occurrence[i] == matches.occurrence[i - 1];
    if (same_phrase && !spans.empty()) {
      spans.back().second = end;  // one span from the phrase's first word to its last
    } else {
      spans.emplace_back(begin, end);
    }
  }
  return spans;
}

HighlightedText Highlighter::mark_all(std::string_view text) const {
  HighlightedText result{std::string(text), {}};
  if (terms_.empty() && stems_.empty()) return result;
  const std::vector<Token> tokens = analyzer_.tokenize(text);
  if (tokens.empty()) return result;
  result.spans = spans(tokens, match(text, tokens), 0, tokens.size() - 1, 0);
  return result;
}

HighlightedText Highlighter::snippet(std::string_view text, std::size_t target_bytes) const {
  return excerpt(text, target_bytes).text;
}

Excerpt Highlighter::excerpt(std::string_view text, std::size_t target_bytes) const {
  const std::vector<Token> tokens = analyzer_.tokenize(text);
  Excerpt result;
  if (tokens.empty()) return result;

  // Which tokens match, and under which key (so a window scores distinct words).
  std::vector<int> match_key(tokens.size(), -1);
  std::unordered_map<std::string, int> keys;
  const Matches matches = match(text, tokens);
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (!matches.words[i].empty()) {
      match_key[i] =
          keys.try_emplace(matches.words[i], static_cast<int>(keys.size())).first->second;
    }
  }
  const std::size_t length = sequence_.size();
  const std::vector<bool> sequence_at = sequence_starts(tokens);

  // Best window of whole tokens within target_bytes: most distinct matched
  // words, then most occurrences of the words in order, then most matches,
  // then earliest.
  std::size_t best_first = 0, best_last = 0;
  int best_distinct = -1, best_sequences = -1, best_total = -1;
  std::vector<int> in_window(keys.size(), 0);
  int distinct = 0, sequences = 0, total = 0;
  std::size_t first = 0;
  for (std::size_t last = 0; last < tokens.size(); ++last) {
    if (match_key[last] >= 0) {
      if (in_window[match_key[last]]++ == 0) ++distinct;
      ++total;
    }
    if (length > 0 && last + 1 >= length && last + 1 - length >= first &&
        sequence_at[last + 1 - length]) {
      ++sequences;  // an occurrence ends here, whole in the window
    }
    while (first < last && tokens[last].end - tokens[first].begin > target_bytes) {
      if (match_key[first] >= 0) {
        if (--in_window[match_key[first]] == 0) --distinct;
        --total;
      }
      if (sequence_at[first] && first + length - 1 <= last) --sequences;
      ++first;
    }
    if (std::tie(distinct, sequences, total) >
        std::tie(best_distinct, best_sequences, best_total)) {
      best_distinct = distinct;
      best_sequences = sequences;
      best_total = total;
      best_first = first;
      best_last = last;
    }
  }

  if (best_distinct > 0) {
    const MatchesBegin begin = matches_begin(match_key, keys.size(), sequence_at, length,
                                             best_sequences > 0, best_first, best_last);
    result.match_offset = tokens[begin.anchor].begin;
    best_first = std::min(begin.tight, begin.anchor);
  }

  widen(tokens, target_bytes, best_first, best_last);

  // Start at the text's start when the window begins with its first token, so
  // a leading quote or bracket is not lost; likewise for the end.
  HighlightedText& cut = result.text;
  const std::size_t begin = best_first == 0 ? 0 : tokens[best_first].begin;
  std::size_t end = best_last + 1 == tokens.size() ? text.size() : tokens[best_last].end;
  if (begin > 0) cut.text.append(kEllipsis);
  const std::size_t offset = cut.text.size();
  cut.text.append(text.substr(begin, end - begin));
  if (end < text.size()) cut.text.append(kEllipsis);
  cut.spans = spans(tokens, matches, best_first, best_last,
                    static_cast<std::ptrdiff_t>(offset) - static_cast<std::ptrdiff_t>(begin));
  return result;
}

std::vector<std::string> Highlighter::listed_words() const {
  std::set<std::string> words;
  for (const std::unordered_set<std::string>* listed : {&terms_, &stems_}) {
    for (const std::string& word : *listed) {
      if (!word.empty()) words.insert(word);
    }
  }
  return {words.begin(), words.end()};
}

bool Highlighter::has_non_ascii_words() const {
  const auto not_ascii = [](const std::string& word) {
    return std::any_of(word.begin(), word.end(), [](char c) { return (c & 0x80) != 0; });
  };
  return std::any_of(terms_.begin(), terms_.end(), not_ascii) ||
         std::any_of(stems_.begin(), stems_.end(), not_ascii);
}

}  // namespace paperdex::detail
