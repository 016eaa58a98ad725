// arXiv's API query syntax (its search_query= values): ANDNOT, the bracketed
// date ranges submittedDate:[... TO ...] and lastUpdatedDate:[... TO ...],
// and the URL form ("ti:neural+AND+au:hinton", %22 quotes), each read as
// the query that means the same in paperdex's own syntax.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "paperdex/errors.h"
#include "query/query_translation.h"
#include "query_test_support.h"

namespace {

using paperdex::MatchMode;
using paperdex::QuerySyntaxError;
using paperdex::detail::ParsedQuery;
using paperdex::detail::Syntax;
using paperdex::test::syntax_parser;

ParsedQuery parse(const std::string& query, Syntax syntax = Syntax::kStrict) {
  return syntax_parser().parse(query, MatchMode::kAllWords, nullptr, syntax);
}

std::string described(const std::string& query) { return parse(query).query.get_description(); }

}  // namespace

TEST_CASE("ANDNOT is AND NOT, as arXiv's API writes it", "[query][arxiv-api]") {
  CHECK(described("ti:\"neural networks\" ANDNOT cat:cs.CV") ==
        described("ti:\"neural networks\" AND NOT cat:cs.CV"));
  CHECK(described("graphs ANDNOT trees") == "Query((Tgraph AND_NOT Ttree))");
  CHECK(parse("graphs ANDNOT trees").any_word.empty());  // an operator: taken as written
  // Lowercase, or in a query written in capitals, it is a word as AND is.
  CHECK(described("graphs andnot trees") == "Query((Tgraph AND Tandnot AND Ttree))");
  CHECK(parse("GRAPHS ANDNOT TREES", Syntax::kLenient).notes.size() == 1);
  CHECK_THROWS_WITH(parse("graphs ANDNOT"), Catch::Contains("'ANDNOT' needs"));
}

TEST_CASE("submittedDate: and lastUpdatedDate: take arXiv's bracketed ranges",
          "[query][arxiv-api]") {
  const std::pair<const char*, const char*> forms[] = {
      {"submittedDate:[202301010000 TO 202302012359]",
       "Query(VALUE_RANGE 2 2023-01-01 2023-02-01\\xff)"},
      {"submittedDate:[20230101 TO 20230201]", "Query(VALUE_RANGE 2 2023-01-01 2023-02-01\\xff)"},
      {"lastUpdatedDate:[202301010000 TO 202302012359]",
       "Query(VALUE_RANGE 4 2023-01-01 2023-02-01\\xff)"},
      // Any date field and year: take brackets, '*' an open end; the
      // compact days are dates anywhere.
      {"submitted:[2016-03 TO *]", "Query(VALUE_GE 2 2016-03)"},
      {"updated:[* TO 20150101]", "Query(VALUE_LE 4 2015-01-01\\xff)"},
      {"date:20160301", "Query(VALUE_RANGE 2 2016-03-01 2016-03-01\\xff)"},
      {"submitteddate:[2016 TO 2017]", "Query(VALUE_RANGE 2 2016 2017\\xff)"},
  };
  for (const auto& [query, description] : forms) {
    INFO(query);
    const ParsedQuery parsed = parse(query);
    CHECK(parsed.query.get_description() == description);
    CHECK(parsed.notes.empty());  // whole days: nothing dropped
  }
  CHECK(described("year:[2020 TO 2024]") == described("year:2020..2024"));
  // Only range fields take brackets: elsewhere they are text, as before.
  CHECK(described("ti:[draft notes]") == described("ti:draft notes"));
  CHECK(described("optical submittedDate:[20160301 TO 20160331] graphs") ==
        described("optical submitted:2016-03-01..2016-03-31 graphs"));
}

TEST_CASE("a time of day in a date bound searches its whole day, with a note",
          "[query][arxiv-api]") {
  const ParsedQuery parsed = parse("submittedDate:[202301011200 TO 202302010000]");
  CHECK(parsed.query.get_description() == "Query(VALUE_RANGE 2 2023-01-01 2023-02-01\\xff)");
  REQUIRE(parsed.notes.size() == 1);
  CHECK(parsed.notes[0] ==
        "dates are days: '[202301011200 TO 202302010000]' was searched as "
        "submitted:2023-01-01..2023-02-01, whole days, the times of day dropped");
  CHECK(parse("date:202301011200").notes.size() == 1);
  CHECK(parse("submittedDate:[202301010000 TO 202302012359]").notes.empty());
}

TEST_CASE("a malformed arXiv range says where and what to write", "[query][arxiv-api]") {
  struct ErrorRow {
    const char* query;
    const char* message;
    std::size_t position;
  };
  const ErrorRow rows[] = {
      {"graphs submittedDate:[202301010000 TO 202302010000",
       "unclosed '[': a range in brackets ends with ']'", 21},
      {"submittedDate:[202301010000 202302010000]",
       "a range in brackets is [FROM TO TO], e.g. submitted:[202301010000 TO 202302010000]", 14},
      {"year:[2020-2024]", "e.g. year:[2020 TO 2024]", 5},
      {"submittedDate:[202301010000 TO 2023020100]", "malformed date '2023020100'", 31},
      {"submittedDate:[202313010000 TO 202302010000]",
       "malformed date '202313010000': the month is 01 to 12", 15},
      {"submittedDate:[202301012460 TO 202302010000]", "the time HHMM is 0000 to 2359", 15},
      {"submittedDate:[20230201 TO 20230101]", "is empty: it starts after it ends", 14},
      {"date:2023-1-01", "arXiv's YYYYMMDD and YYYYMMDDHHMM (GMT) are days too", 5},
      // In URL form, at its place in the query as written.
      {"cat:cs.AI+AND+submittedDate:[202301010000+TO+2023020100]", "malformed date", 45},
  };
  for (const ErrorRow& row : rows) {
    INFO(row.query);
    try {
      parse(row.query);
      FAIL("no error");
    } catch (const QuerySyntaxError& error) {
      CHECK_THAT(error.what(), Catch::Contains(row.message));
      CHECK(error.position() == row.position);
    }
  }
}

TEST_CASE("a search_query= value copied from an arXiv API URL means what it means there",
          "[query][arxiv-api]") {
  const std::pair<const char*, const char*> forms[] = {
      {"ti:neural+AND+au:hinton", "ti:neural AND au:hinton"},
      {"all:electron+ANDNOT+cat:cs.CV", "all:electron ANDNOT cat:cs.CV"},
      {"ti:%22quantum+criticality%22", "ti:\"quantum criticality\""},
      {"au:maestro+ANDNOT+%28ti:checkerboard+OR+ti:Pyrochlore%29",
       "au:maestro AND NOT (ti:checkerboard OR ti:Pyrochlore)"},
      {"cat:cs.AI+AND+submittedDate:[202301010000+TO+202302012359]",
       "cat:cs.AI AND submitted:2023-01-01..2023-02-01"},
      {"graphs+cat:cs.DM", "graphs cat:cs.DM"},
      {"ti%3Aneural", "ti:neural"},
  };
  for (const auto& [url_form, written] : forms) {
    INFO(url_form);
    const ParsedQuery parsed = parse(url_form);
    CHECK(parsed.query.get_description() == described(written));
    REQUIRE(parsed.notes.size() == 1);
    CHECK_THAT(parsed.notes[0], Catch::StartsWith("read as an arXiv API search_query= value"));
  }
}

TEST_CASE("queries with '+' that are not in URL form keep their meaning", "[query][arxiv-api]") {
  // '+word' requires a word; "C++" and "e+e-" are words; a '+' between two
  // plain words is one word, as the analyzer splits it; with a space
  // anywhere, or an escape that stands for a control character, the query
  // is as written.
  for (const char* query : {"+graphs trees", "C++", "ti:C++", "e+e-", "ti:neural+networks",
                            "graphs +AND+ trees", "100%", "graphs%0A"}) {
    INFO(query);
    const ParsedQuery parsed = parse(query);
    CHECK(parsed.notes.empty());
  }
  CHECK(described("+graphs trees") == "Query((Tgraph AND Ttree))");
  CHECK(described("ti:neural+networks") == "Query((Sneural PHRASE 2 Snetwork))");
}

TEST_CASE("URL-form words keep their place as written, and errors read as words",
          "[query][arxiv-api]") {
  const std::string query = "circut+AND+%22neural+netwrk%22";
  const ParsedQuery parsed = parse(query);
  std::vector<std::string> written;
  for (const auto& word : parsed.words) {
    written.push_back(query.substr(word.begin, word.end - word.begin));
  }
  CHECK(written == std::vector<std::string>{"circut", "neural", "netwrk"});
  // The lenient parser reads a range with an error as words, once: the
  // range's words, not the field's name.
  const ParsedQuery range = parse("graphs submittedDate:[2016 TO x]", Syntax::kLenient);
  CHECK(range.notes.size() == 1);
  CHECK(range.query.get_description() == described("graphs 2016 TO x"));
  // It reads an error's token as words in URL form too.
  const ParsedQuery lenient = parse("graphs+AND+titel:trees", Syntax::kLenient);
  CHECK(lenient.query.get_description() == described("graphs AND titel trees"));
}
