// libFuzzer target: the query lexer and parser (detail::QueryParser::parse),
// on any query string. The first byte picks the match mode and whether
// wildcards expand against a word list (as over an open index) or are left
// to Xapian; the rest is the query. A QuerySyntaxError is a correct answer to
// a bad query; any other exception, a crash, or a position outside the query
// is a bug.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.h"
#include "paperdex/errors.h"
#include "query/query_translation.h"
#include "word_list_terms.h"

namespace {

// Words and terms to expand wildcards against; a few share prefixes so that
// expansions both fit and overflow a small max_wildcard_terms.
std::vector<std::string> word_list() {
  std::vector<std::string> words;
  for (const char* stem : {"optic", "optim", "opti", "graph", "quantum", "bjorn", "cs.ni"}) {
    for (const char* ending : {"", "a", "al", "ize", "izer", "s"}) {
      words.push_back(std::string(stem) + ending);
    }
  }
  return words;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const paperdex::Analyzer analyzer;
  static const paperdex::detail::QueryParser parser(analyzer, {.max_wildcard_terms = 8});
  static const paperdex::test::WordListTermSource words(word_list());

  const std::uint8_t choice = data[0];
  const auto mode =
      (choice & 1) != 0 ? paperdex::MatchMode::kAnyWord : paperdex::MatchMode::kAllWords;
  const paperdex::detail::TermSource* terms = (choice & 2) != 0 ? &words : nullptr;
  const std::string_view query = paperdex::fuzz::as_text(data + 1, size - 1);
  try {
    const paperdex::detail::ParsedQuery parsed = parser.parse(query, mode, terms);
    // Walks the whole query tree: a malformed one shows here.
    (void)parsed.query.get_description();
    (void)parsed.any_word.get_description();
    for (const paperdex::detail::QueryWord& word : parsed.words) {
      if (word.begin > word.end || word.end > query.size()) {
        paperdex::fuzz::broken("QueryWord range outside the query", word.term);
      }
    }
  } catch (const paperdex::QuerySyntaxError& error) {
    // position() may point one past the end (an unterminated quote, "a AND").
    if (error.position() > query.size()) paperdex::fuzz::broken("error position", error.what());
  }
  return 0;
}
