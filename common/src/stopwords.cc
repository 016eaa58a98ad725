#include "paperdex/common/stopwords.h"

#include <algorithm>
#include <array>

namespace paperdex {
namespace {

// Articles, pronouns, auxiliaries, prepositions and conjunctions: words that
// say how a request is phrased, not what it is about. Content words that
// requests use often ("information", "papers", "studies") are not here: in
// some collection they are the subject.
constexpr std::array<std::string_view, 129> kStopwords = {
    "a",       "about",  "above",    "after", "again",  "against", "all",     "am",    "an",
    "and",     "any",    "are",      "as",    "at",     "be",      "because", "been",  "before",
    "being",   "below",  "between",  "both",  "but",    "by",      "can",     "could", "did",
    "do",      "does",   "doing",    "down",  "during", "each",    "either",  "for",   "from",
    "further", "had",    "has",      "have",  "having", "he",      "her",     "here",  "hers",
    "him",     "his",    "how",      "i",     "if",     "in",      "into",    "is",    "it",
    "its",     "itself", "just",     "may",   "me",     "might",   "more",    "most",  "must",
    "my",      "myself", "no",       "nor",   "not",    "of",      "off",     "on",    "once",
    "only",    "or",     "other",    "our",   "ours",   "out",     "over",    "own",   "same",
    "shall",   "she",    "should",   "so",    "some",   "such",    "than",    "that",  "the",
    "their",   "them",   "then",     "there", "these",  "they",    "this",    "those", "through",
    "to",      "too",    "under",    "until", "up",     "upon",    "us",      "very",  "via",
    "was",     "we",     "were",     "what",  "when",   "where",   "whether", "which", "while",
    "who",     "whom",   "whose",    "why",   "will",   "with",    "within",  "would", "you",
    "your",    "yours",  "yourself",
};
static_assert(std::is_sorted(kStopwords.begin(), kStopwords.end()), "kept sorted for lookup");

}  // namespace

bool is_stopword(std::string_view word) {
  return std::binary_search(kStopwords.begin(), kStopwords.end(), word);
}

}  // namespace paperdex
