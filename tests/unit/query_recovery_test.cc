// The lenient parser (QueryParser::parse, Syntax::kLenient): what is not
// valid syntax is read as what it most likely means, each error with one
// true note. Each lenient reading is pinned as the strict reading of the
// query it stands for.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "query/query_translation.h"
#include "query_test_support.h"

namespace {

using paperdex::MatchMode;
using paperdex::detail::ParsedQuery;
using paperdex::detail::Syntax;
using paperdex::test::syntax_parser;

ParsedQuery lenient(const std::string& query) {
  return syntax_parser().parse(query, MatchMode::kAllWords, nullptr, Syntax::kLenient);
}

ParsedQuery strict(const std::string& query) {
  return syntax_parser().parse(query, MatchMode::kAllWords, nullptr, Syntax::kStrict);
}

bool any_note_contains(const ParsedQuery& parsed, const std::string& text) {
  return std::any_of(parsed.notes.begin(), parsed.notes.end(),
                     [&](const std::string& note) { return note.find(text) != std::string::npos; });
}

struct Row {
  std::string query;  // with a syntax error
  std::string as;     // what it is read as, in valid syntax
  std::string note;   // the first note, or a part of it
  std::size_t notes = 1;
};

void check_rows(const std::vector<Row>& rows) {
  for (const Row& row : rows) {
    INFO("query: " << row.query << "  read as: " << row.as);
    const ParsedQuery parsed = lenient(row.query);
    const ParsedQuery meant = strict(row.as);
    CHECK(parsed.query.get_description() == meant.query.get_description());
    CHECK(parsed.any_word.get_description() == meant.any_word.get_description());
    REQUIRE(parsed.notes.size() == row.notes);
    CHECK_THAT(parsed.notes[0], Catch::Contains(row.note));
  }
}

}  // namespace

TEST_CASE("an unclosed quote or parenthesis is closed at the end, its field kept",
          "[query][lenient]") {
  check_rows({
      {"title:\"deep residual", "title:\"deep residual\"",
       "read 'title:\"deep residual' as 'title:\"deep residual\"': unbalanced quote: this quote "
       "is never closed"},
      {"title:(deep residual", "title:(deep residual)",
       "read 'title:(deep residual' as 'title:(deep residual)': unbalanced parenthesis: this '(' "
       "is never closed"},
      {"graphs \"neural networks ", "graphs \"neural networks\"",
       "read '\"neural networks' as '\"neural networks\"'"},
      {"\"optical switch\" \"circuit", "\"optical switch\" \"circuit\"",
       "read '\"circuit' as '\"circuit\"'"},
      {"graphs (trees OR forests", "graphs (trees OR forests)", "as '(trees OR forests)'"},
      // The quote closes first, inside the group it opened in.
      {"(title:\"deep residual", "(title:\"deep residual\")",
       "read 'title:\"deep residual' as 'title:\"deep residual\"'", 2},
      // In arXiv's URL form too (its own note comes after).
      {"ti:%22quantum+criticality", "ti:\"quantum criticality\"", "unbalanced quote", 2},
  });
  // The group's note is the second, and reads the quote closed inside it.
  CHECK(lenient("(title:\"deep residual").notes[1] ==
        "read '(title:\"deep residual' as '(title:\"deep residual\")': unbalanced parenthesis: "
        "this '(' is never closed; add a ')' or remove it");
  // No note tells of a '(' that was never written.
  for (const char* query : {"title:\"deep residual", "title:\"unclosed", "\"graph neural"}) {
    INFO(query);
    CHECK_FALSE(any_note_contains(lenient(query), "'('"));
  }
}

TEST_CASE("a filter's malformed value is read as words, not the field's name", "[query][lenient]") {
  check_rows({
      {"year:20x5 foo", "20x5 foo", "read '20x5' as words: malformed year '20x5'; write year:2024"},
      {"foo year:\"abc\"", "foo \"abc\"", "read 'abc' as words: malformed year 'abc'"},
      {"subject:physic graphs", "physic graphs", "did you mean subject:physics?"},
      {"graphs date:2016-13", "graphs 2016-13", "malformed date '2016-13': the month is 01 to 12"},
      {"graphs year:(2020 OR abc)", "graphs (year:2020 OR abc)", "malformed year 'abc'"},
      // A bracketed range's words one by one.
      {"graphs submittedDate:[2016 TO x]", "graphs 2016 TO x", "malformed date 'x'"},
      {"graphs cat:cs.*", "graphs cs.", "wildcards extend words", 1},
  });
  // A text field keeps its field: the value is its text, no wildcard.
  check_rows(
      {{"title:neural-net* graphs", "title:neural-net graphs", "a wildcard extends one word"}});
}

TEST_CASE("each syntax error is told once, and only what was read so", "[query][lenient]") {
  // The '(' read as a separator opens no group for title: (it read the next
  // word as one, and told of a '(' never closed, twice).
  const ParsedQuery empty_group = lenient("title:() graph");
  CHECK_FALSE(any_note_contains(empty_group, "never closed"));
  CHECK(empty_group.notes.size() == 3);  // the (), title: with no value, the ) left alone
  CHECK(lenient("title:()").notes.size() == 3);
  // An error met again at its place reads the whole query as words, with
  // one note saying so.
  const ParsedQuery repeated = lenient("title:optical NEAR/2 abstract:switch");
  REQUIRE(repeated.notes.size() == 1);
  CHECK_THAT(repeated.notes[0], Catch::StartsWith("read the query as words: NEAR joins words of "
                                                  "one field"));
  for (const ParsedQuery& parsed : {empty_group, repeated, lenient("year:20x5 foo")}) {
    std::vector<std::string> notes = parsed.notes;
    std::sort(notes.begin(), notes.end());
    CHECK(std::adjacent_find(notes.begin(), notes.end()) == notes.end());
  }
}

TEST_CASE("a quote or parenthesis closed at the end offers no words for spelling",
          "[query][lenient]") {
  // "Did you mean" rewrites the query as written: title:"unclosed would
  // become title:"enclosed, its quote still open. The note comes first.
  for (const char* query : {"title:\"unclosed", "graph (neural"}) {
    INFO(query);
    CHECK(lenient(query).words.size() == 0);
  }
  CHECK(lenient("title:\"unclosed\"").words.size() == 1);
  // A mark read as text leaves the words misspelt or not: "quantm (" may
  // still be "quantum (".
  const ParsedQuery stray = lenient("quantm (");
  CHECK_FALSE(stray.notes.empty());
  CHECK_FALSE(stray.words.empty());
}
