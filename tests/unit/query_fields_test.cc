// The schema's field table (schema.h kFields) and what follows from it: the
// README's field table, names and aliases, the one normalization the indexer
// and the query parser share, each row's indexing action, and the query
// forms of the arXiv aliases and of dates.
#include <catch2/catch.hpp>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <xapian.h>

#include "document_builder.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/common/schema.h"
#include "paperdex/errors.h"
#include "query/query_translation.h"
#include "test_support.h"

namespace {

namespace schema = paperdex::schema;
using paperdex::QuerySyntaxError;

const paperdex::Analyzer& analyzer() {
  static const paperdex::Analyzer instance;
  return instance;
}

const paperdex::detail::QueryParser& parser() {
  static const paperdex::detail::QueryParser instance(analyzer());
  return instance;
}

std::string parsed(const std::string& query) {
  return parser().parse(query, paperdex::MatchMode::kAllWords).query.get_description();
}

// The README row a field's table entry stands for.
std::string readme_row(const schema::Field& field) {
  std::string aliases;
  const std::vector<std::string_view> names = schema::field_names(field);
  for (std::size_t i = 1; i < names.size(); ++i) {
    if (!aliases.empty()) aliases += ' ';
    aliases += "`" + std::string(names[i]) + ":`";
  }
  return "| `" + std::string(field.name) + ":" + std::string(field.example) + "` | " + aliases +
         " | " + std::string(field.help) + " |";
}

// The rows of the README's "### Fields" table, in order.
std::vector<std::string> readme_field_rows() {
  std::ifstream in(paperdex::test::source_dir() / "README.md");
  std::vector<std::string> rows;
  std::string line;
  bool in_section = false;
  bool in_table = false;
  while (std::getline(in, line)) {
    if (line.starts_with("#")) {
      in_section = line == "### Fields";
      continue;
    }
    if (!in_section) continue;
    if (line.starts_with("| field |")) {
      in_table = true;
    } else if (in_table && line.starts_with("|---")) {
      continue;
    } else if (in_table && line.starts_with("|")) {
      rows.push_back(line);
    } else if (in_table) {
      break;
    }
  }
  return rows;
}

std::set<std::string> terms_of(const Xapian::Document& doc) {
  std::set<std::string> terms;
  for (auto it = doc.termlist_begin(); it != doc.termlist_end(); ++it) terms.insert(*it);
  return terms;
}

}  // namespace

TEST_CASE("the README's field table is the schema's", "[fields]") {
  std::vector<std::string> expected;
  for (const schema::Field& field : schema::kFields) expected.push_back(readme_row(field));
  const std::vector<std::string> rows = readme_field_rows();
  REQUIRE_FALSE(rows.empty());
  CHECK(rows == expected);
}

TEST_CASE("the man page's query syntax names every field and alias", "[fields]") {
  // The man page is written by hand: this catches a field added to the
  // table and not to it (roff escapes each '-' as "\-").
  std::ifstream in(paperdex::test::source_dir() / "docs" / "man" / "paperdex-search.1");
  std::string page((std::istreambuf_iterator<char>(in)), {});
  REQUIRE_FALSE(page.empty());
  std::string syntax = page.substr(0, page.find(".SH OPTIONS"));
  for (std::size_t at = 0; (at = syntax.find("\\-", at)) != std::string::npos;) {
    syntax.replace(at, 2, "-");
  }
  for (const schema::Field& field : schema::kFields) {
    for (std::string_view name : schema::field_names(field)) {
      INFO(name);
      const bool listed = syntax.find(".BR " + std::string(name) + ":") != std::string::npos ||
                          syntax.find("\" " + std::string(name) + ":") != std::string::npos;
      CHECK(listed);
    }
  }
}

TEST_CASE("every name and alias names one field, in any case", "[fields]") {
  std::set<std::string_view> seen;
  for (const schema::Field& field : schema::kFields) {
    for (std::string_view name : schema::field_names(field)) {
      INFO(name);
      CHECK(seen.insert(name).second);
      CHECK(schema::find_field(name) == &field);
      std::string upper(name);
      for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      CHECK(schema::find_field(upper) == &field);
    }
    CHECK_FALSE(field.help.empty());
    CHECK_FALSE(field.example.empty());
  }
  CHECK(schema::find_field("nosuch") == nullptr);
}

TEST_CASE("arXiv's search prefixes are aliases of paperdex's fields", "[fields][query]") {
  const std::pair<const char*, const char*> aliases[] = {
      {"ti:optical", "title:optical"},
      {"au:zhao", "author:zhao"},
      {"abs:switch", "abstract:switch"},
      {"abs:switch", "text:switch"},
      {"co:\"10 pages\"", "comments:\"10 pages\""},
      {"jr:\"Phys. Rev.\"", "journal:\"Phys. Rev.\""},
      {"cat:cs.NI", "subject:cs.NI"},
      {"rn:CERN-TH-2021-001", "report:CERN-TH-2021-001"},
      {"submitted:2016-03", "date:2016-03"},
      {"ID:2101.00001", "id:2101.00001"},
      {"DOI:10.1000/X", "doi:10.1000/x"},
  };
  for (const auto& [alias, field] : aliases) {
    INFO(alias);
    CHECK(parsed(alias) == parsed(field));
  }
  // all: is what a plain word searches (the authors too): its words are plain words.
  CHECK(parsed("all:switch") == parsed("switch"));
  CHECK(parsed("ALL:\"optical switching\"") == parsed("\"optical switching\""));
  CHECK(parsed("all:(optical OR ti:switch)") == parsed("(optical OR ti:switch)"));
  CHECK(parsed("all:switch") != parsed("text:switch"));
  CHECK(schema::find_field("all") == nullptr);
  CHECK_THROWS_WITH(parsed("all:"), Catch::Contains("all: has no value"));
  CHECK(parsed("rn:CERN-TH-2021-001") ==
        "Query((XRcern PHRASE 4 XRth PHRASE 4 XR2021 PHRASE 4 XR001))");
  CHECK(parsed("primary:cs.NI") == "Query(0 * XPcs.ni)");
  CHECK(parsed("co:figures") == "Query(XKfigures)");
}

TEST_CASE("dates are days, months or years, alone or in ranges", "[fields][query]") {
  const std::pair<const char*, const char*> forms[] = {
      {"date:2016", "Query(VALUE_RANGE 2 2016 2016\\xff)"},
      {"date:2016-03", "Query(VALUE_RANGE 2 2016-03 2016-03\\xff)"},
      {"date:2016-03-01", "Query(VALUE_RANGE 2 2016-03-01 2016-03-01\\xff)"},
      {"date:2016-03-01..2016-03-31", "Query(VALUE_RANGE 2 2016-03-01 2016-03-31\\xff)"},
      {"date:2016-03..", "Query(VALUE_GE 2 2016-03)"},
      {"date:..2015", "Query(VALUE_LE 2 2015\\xff)"},
      {"submitted:2016..2017-06", "Query(VALUE_RANGE 2 2016 2017-06\\xff)"},
      {"updated:2024-02-29", "Query(VALUE_RANGE 4 2024-02-29 2024-02-29\\xff)"},
      {"updated:..2020-01", "Query(VALUE_LE 4 2020-01\\xff)"},
  };
  for (const auto& [query, description] : forms) {
    INFO(query);
    CHECK(parsed(query) == description);
  }
  // A filter outside the query takes the same forms.
  CHECK(parser().parse_filter("updated", "2016-03").get_description() ==
        "Query(VALUE_RANGE 4 2016-03 2016-03\\xff)");
}

TEST_CASE("a malformed date says where and what a valid one looks like", "[fields][query]") {
  struct Case {
    const char* query;
    const char* message;
    std::size_t position;
  };
  const Case cases[] = {
      {"date:2016-13", "malformed date '2016-13': the month is 01 to 12", 5},
      {"graph date:2016-3", "malformed date '2016-3': not YYYY, YYYY-MM or YYYY-MM-DD", 11},
      {"date:2015-02-29", "malformed date '2015-02-29': that month has days 01 to 28", 5},
      {"date:2016-04-31", "that month has days 01 to 30", 5},
      {"date:16-03-01", "not YYYY, YYYY-MM or YYYY-MM-DD", 5},
      {"date:2016/03/01", "not YYYY, YYYY-MM or YYYY-MM-DD", 5},
      {"date:2016-01..2016-1x", "malformed date '2016-1x'", 14},
      {"updated:2016-00", "malformed date '2016-00': the month is 01 to 12", 8},
      {"date:..", "the submitted: range '..' has no dates", 5},
      {"date:2016-03-02..2016-03-01", "is empty: it starts after it ends", 5},
      {"date:2016*", "takes whole values", 5},
  };
  for (const Case& c : cases) {
    INFO(c.query);
    try {
      parsed(c.query);
      FAIL("no error");
    } catch (const QuerySyntaxError& error) {
      CHECK_THAT(error.what(), Catch::Contains(c.message));
      CHECK(error.position() == c.position);
    }
  }
  // What a valid one looks like, in the field's own name.
  CHECK_THROWS_WITH(parsed("updated:May"),
                    Catch::Contains("a date is YYYY, YYYY-MM or YYYY-MM-DD: write updated:2016-03, "
                                    "updated:2016-03-01..2016-03-31"));
  try {
    parsed("date:2016-03-02..2016-03-01");
  } catch (const QuerySyntaxError& error) {
    CHECK(error.hint() == "did you mean submitted:2016-03-01..2016-03-02?");
  }
}

TEST_CASE("an unknown field's hint comes from the names and long aliases", "[fields][query]") {
  try {
    parsed("submited:2016");
    FAIL("no error");
  } catch (const QuerySyntaxError& error) {
    CHECK(error.hint() == "did you mean submitted:?");
  }
  try {
    parsed("primery:cs.NI");
    FAIL("no error");
  } catch (const QuerySyntaxError& error) {
    CHECK(error.hint() == "did you mean primary:?");
  }
  // Two-letter aliases are exact or nothing: "cs:" is no slip for co:.
  try {
    parsed("cs:x");
    FAIL("no error");
  } catch (const QuerySyntaxError& error) {
    CHECK(error.hint().find("co:") == std::string::npos);
  }
}

TEST_CASE("each row's indexing action writes what its queries look for", "[fields]") {
  paperdex::Record record;
  record.id = "1603.00002";
  record.title = "Optical switching";
  record.abstract = "Circuit schedules.";
  record.authors = {"Zhida Jiang"};
  record.subjects = {"cs.NI", "math.IT"};
  record.year = 2016;
  record.submitted = "2016-03-31";
  record.updated = "2019-06-10";
  record.doi = "10.1145/ABC.123";
  record.report_no = "CERN-TH-2016-001";
  record.comments = "12 pages";
  record.journal = "Phys. Rev. D";
  const paperdex::DocumentBuilder builder(analyzer());
  const Xapian::Document doc = builder.build(record);
  const std::set<std::string> terms = terms_of(doc);

  // Every term a field query of the record's own values asks for is there.
  for (const char* query :
       {"doi:https://doi.org/10.1145/abc.123", "DOI:10.1145/ABC.123", "subject:cs.NI", "subject:cs",
        "primary:cs.NI", "primary:cs", "id:1603.00002v2", "year:2016", "author:jiang", "rn:cern",
        "report:2016", "jr:phys", "co:pages", "ti:optical"}) {
    INFO(query);
    const Xapian::Query q = parser().parse(query, paperdex::MatchMode::kAllWords).query;
    bool found = false;
    for (auto it = q.get_terms_begin(); it != q.get_terms_end(); ++it) {
      found |= terms.count(*it) > 0;
    }
    CHECK(found);
  }
  // The primary field has the first category only.
  CHECK(terms.count("XPmath.it") == 0);
  CHECK(terms.count("XCmath.it") == 1);
  // The exact author name, as --author writes it.
  const Xapian::Query author = parser().author_filter("ZHIDA  jiang");
  CHECK(terms.count(*author.get_terms_begin()) == 1);
  // The date slots: first submission and latest update, then the id.
  CHECK(doc.get_value(schema::kDateSlot) == "2016-03-31 1603.00002");
  CHECK(doc.get_value(schema::kUpdatedSlot) == "2019-06-10 1603.00002");

  // Without an update date the updated slot falls back to the first
  // submission, and without that to the year.
  record.updated.clear();
  CHECK(builder.build(record).get_value(schema::kUpdatedSlot) == "2016-03-31 1603.00002");
  record.submitted.clear();
  CHECK(builder.build(record).get_value(schema::kUpdatedSlot) == "2016 1603.00002");
  CHECK(builder.build(record).get_value(schema::kDateSlot) == "2016 1603.00002");
}

TEST_CASE("DOIs are normalized alike on both sides", "[fields]") {
  CHECK(schema::doi_value("https://doi.org/10.1145/ABC") == "10.1145/abc");
  CHECK(schema::doi_value("doi:10.1145/ABC") == "10.1145/abc");
  CHECK(schema::doi_value("HTTP://DX.DOI.ORG/10.1/X") == "10.1/x");
  CHECK(schema::doi_value("10.1/x") == "10.1/x");
  CHECK(schema::folded_words(analyzer(), "Bj\xC3\xB6rn  SMITH") == "bjorn smith");
}

TEST_CASE("a title's sketch keeps its words' first letters, in order, and its numbers",
          "[fields]") {
  const auto sketch = [](std::string_view title) {
    return schema::title_sketch_term(analyzer(), title);
  };
  const std::string gan = sketch("Generative Adversarial Networks");
  REQUIRE_FALSE(gan.empty());
  CHECK(gan.starts_with(schema::kTitleSketchPrefix));
  // As people cite it: a word shortened or inflected, the case and the
  // full stop their own.
  CHECK(sketch("generative adversarial nets") == gan);
  CHECK(sketch("Generative adversarial network.") == gan);
  // Another title: a word more, or the same words in another order.
  CHECK(sketch("Conditional Generative Adversarial Nets") != gan);
  CHECK(sketch("Networks adversarial generative") != gan);
  // Two words are too few to tell titles apart.
  CHECK(sketch("Deep Nets").empty());
  CHECK(sketch("").empty());
  // Numbers whole: the workshops of two years are two papers.
  CHECK(sketch("Workshop proceedings 2011") != sketch("Workshop proceedings 2012"));
  // Letters, not bytes: Greek letters take two bytes each, and these words
  // share their first letter and the first byte of their third.
  CHECK(
      sketch(
          "\xCE\xB1\xCE\xBB\xCE\xB3\xCE\xBF\xCF\x81\xCE\xB9\xCE\xB8\xCE\xBC\xCE\xBF\xCE\xB9 a b") !=
      sketch("\xCE\xB1\xCE\xBB\xCE\xBE a b"));
}
