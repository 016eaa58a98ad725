#include "highlighter.h"

#include <algorithm>
#include <unordered_map>

namespace paperdex::detail {
namespace {

constexpr std::string_view kEllipsis = "…";

}  // namespace

Highlighter::Highlighter(const Analyzer& analyzer, const std::vector<std::string>& terms,
                         const std::vector<std::string>& stems)
    : analyzer_(analyzer), terms_(terms.begin(), terms.end()), stems_(stems.begin(), stems.end()) {}

std::vector<std::string> Highlighter::matched_words(std::string_view text,
                                                    const std::vector<Token>& tokens) const {
  std::vector<std::string> words(tokens.size());
  if (terms_.empty() && stems_.empty()) return words;
  const auto listed = [&](const std::string& term, const std::string& stem) {
    return terms_.contains(term) || stems_.contains(stem);
  };
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (listed(tokens[i].term, tokens[i].stem)) words[i] = tokens[i].stem;
  }
  // The query's "knockdown" matched the paper's "knock-down" (and the reverse):
  // every part is marked, as one word.
  for (const HyphenCompound& compound : analyzer_.hyphen_compounds(text, tokens)) {
    if (!listed(compound.term, compound.stem)) continue;
    for (std::size_t i = compound.first; i <= compound.last; ++i) words[i] = compound.stem;
  }
  return words;
}

HighlightedText Highlighter::mark_all(std::string_view text) const {
  HighlightedText result{std::string(text), {}};
  if (terms_.empty() && stems_.empty()) return result;
  const std::vector<Token> tokens = analyzer_.tokenize(text);
  const std::vector<std::string> words = matched_words(text, tokens);
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (!words[i].empty()) result.spans.emplace_back(tokens[i].begin, tokens[i].end);
  }
  return result;
}

HighlightedText Highlighter::snippet(std::string_view text, std::size_t target_bytes) const {
  const std::vector<Token> tokens = analyzer_.tokenize(text);
  HighlightedText result;
  if (tokens.empty()) return result;

  // Which tokens match, and under which key (so a window scores distinct words).
  std::vector<int> match_key(tokens.size(), -1);
  std::unordered_map<std::string, int> keys;
  const std::vector<std::string> words = matched_words(text, tokens);
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (!words[i].empty()) {
      match_key[i] = keys.try_emplace(words[i], static_cast<int>(keys.size())).first->second;
    }
  }

  // Best window of whole tokens within target_bytes: most distinct matched
  // words, then most matches, then earliest.
  std::size_t best_first = 0, best_last = 0;
  int best_distinct = -1, best_total = -1;
  std::vector<int> in_window(keys.size(), 0);
  int distinct = 0, total = 0;
  std::size_t first = 0;
  for (std::size_t last = 0; last < tokens.size(); ++last) {
    if (match_key[last] >= 0) {
      if (in_window[match_key[last]]++ == 0) ++distinct;
      ++total;
    }
    while (first < last && tokens[last].end - tokens[first].begin > target_bytes) {
      if (match_key[first] >= 0) {
        if (--in_window[match_key[first]] == 0) --distinct;
        --total;
      }
      ++first;
    }
    if (distinct > best_distinct || (distinct == best_distinct && total > best_total)) {
      best_distinct = distinct;
      best_total = total;
      best_first = first;
      best_last = last;
    }
  }

  // Spread unused room before and after the passage, so the first match has context.
  std::size_t room =
      target_bytes - std::min(target_bytes, tokens[best_last].end - tokens[best_first].begin);
  std::size_t lead = room / 3;
  while (best_first > 0 && tokens[best_last].end - tokens[best_first - 1].begin <= target_bytes &&
         tokens[best_first].begin - tokens[best_first - 1].begin <= lead) {
    lead -= tokens[best_first].begin - tokens[best_first - 1].begin;
    --best_first;
  }
  while (best_last + 1 < tokens.size() &&
         tokens[best_last + 1].end - tokens[best_first].begin <= target_bytes) {
    ++best_last;
  }

  // Start at the text's start when the window begins with its first token, so
  // a leading quote or bracket is not lost; likewise for the end.
  const std::size_t begin = best_first == 0 ? 0 : tokens[best_first].begin;
  std::size_t end = best_last + 1 == tokens.size() ? text.size() : tokens[best_last].end;
  if (begin > 0) result.text.append(kEllipsis);
  const std::size_t offset = result.text.size();
  result.text.append(text.substr(begin, end - begin));
  if (end < text.size()) result.text.append(kEllipsis);
  for (std::size_t i = best_first; i <= best_last; ++i) {
    if (match_key[i] >= 0) {
      result.spans.emplace_back(tokens[i].begin - begin + offset, tokens[i].end - begin + offset);
    }
  }
  return result;
}

}  // namespace paperdex::detail
