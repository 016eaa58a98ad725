// Author-page reader: the three real pages and hand-made variants.
#include <catch2/catch.hpp>
#include <sstream>

#include "paperdex/indexer/readers.h"
#include "reader_test_support.h"
#include "test_support.h"

using paperdex::Record;
using paperdex::test::Collected;

namespace {

Collected read_page(const std::string& text, const std::string& origin = "page.txt") {
  Collected collected;
  std::istringstream in(text);
  paperdex::read_author_page(in, origin, collected.sink());
  return collected;
}

const std::string kSmallPage =
    "arXiv subjects\n"
    "\n"
    "Ada Lovelace\n"
    "\n"
    "Publications and source records attributed to Ada Lovelace.\n"
    "\n"
    "3 recordsLinked to original sources\n"
    "\n"
    "arXiv2024\n"  // line 9
    "\n"
    "First Title\n"
    "\n"
    "First abstract line one\n"
    "continues here.\n"
    "\n"
    "Second paragraph.\n"
    "\n"
    "cs.NI↗\n"
    "\n"
    "DBLP2019\n"  // line 20
    "Second Title\n"
    "cs.LG↗ math.OC↗\n"
    "arXiv2021\n"  // line 23
    "Third Title Without Abstract Or Subject\n";

}  // namespace

TEST_CASE("author page: records, fields and origins of a small page", "[readers]") {
  const Collected got = read_page(kSmallPage);
  REQUIRE(got.problems.empty());
  REQUIRE(got.records.size() == 3);

  const Record& first = got.records[0];
  CHECK(first.id.empty());
  CHECK(first.title == "First Title");
  CHECK(first.abstract == "First abstract line one continues here. Second paragraph.");
  CHECK(first.subjects == std::vector<std::string>{"cs.NI"});
  CHECK(first.year == 2024);
  CHECK(first.authors == std::vector<std::string>{"Ada Lovelace"});
  CHECK(first.page_authors == std::vector<std::string>{"Ada Lovelace"});
  CHECK(first.origin == "page.txt:9");

  const Record& second = got.records[1];
  CHECK(second.title == "Second Title");
  CHECK(second.abstract.empty());
  CHECK(second.subjects == std::vector<std::string>{"cs.LG", "math.OC"});
  CHECK(second.year == 2019);
  CHECK(second.origin == "page.txt:20");

  const Record& third = got.records[2];
  CHECK(third.title == "Third Title Without Abstract Or Subject");
  CHECK(third.abstract.empty());
  CHECK(third.subjects.empty());
  CHECK(third.year == 2021);
  CHECK(third.origin == "page.txt:23");
}

TEST_CASE("author page: CRLF, BOM, trailing spaces and odd blank lines read the same",
          "[readers]") {
  std::string crlf = "\xEF\xBB\xBF";
  std::istringstream lines(kSmallPage);
  for (std::string line; std::getline(lines, line);) crlf += line + "   \r\n\r\n\r\n";
  paperdex::test::TempDir dir;
  paperdex::test::write_file(dir / "crlf.txt", crlf);

  Collected expected = read_page(kSmallPage);
  Collected got;
  paperdex::read_input((dir / "crlf.txt").string(), got.sink());
  REQUIRE(got.problems.empty());
  REQUIRE(got.records.size() == expected.records.size());
  for (std::size_t i = 0; i < got.records.size(); ++i) {
    CHECK(got.records[i].title == expected.records[i].title);
    CHECK(got.records[i].abstract == expected.records[i].abstract);
    CHECK(got.records[i].subjects == expected.records[i].subjects);
    CHECK(got.records[i].year == expected.records[i].year);
    CHECK(got.records[i].authors == expected.records[i].authors);
  }
  // Every input line became three: the origin still points at the source line.
  CHECK(got.records[0].origin == (dir / "crlf.txt").string() + ":25");
}

TEST_CASE("author page: malformed records are reported with their line, the rest kept",
          "[readers]") {
  const std::string page =
      "arXiv subjects\n"
      "Grace Hopper\n"
      "arXiv2020\n"  // line 3: no title, next source follows
      "arXiv2021\n"  // line 4
      "Good One\n"
      "Abstract.\n"
      "cs.PL↗\n"
      "arXiv2022\n"  // line 8: subject instead of a title
      "cs.SE↗\n"
      "arXiv2023\n"  // line 10
      "Good Two\n"
      "arXiv2024\n";  // line 12: page ends before the title
  const Collected got = read_page(page, "p.txt");
  REQUIRE(got.records.size() == 2);
  CHECK(got.records[0].title == "Good One");
  CHECK(got.records[0].year == 2021);
  CHECK(got.records[0].subjects == std::vector<std::string>{"cs.PL"});
  CHECK(got.records[1].title == "Good Two");
  CHECK(got.records[1].authors == std::vector<std::string>{"Grace Hopper"});
  REQUIRE(got.problems.size() == 3);
  CHECK(got.problems[0].origin == "p.txt:3");
  CHECK(got.problems[1].origin == "p.txt:8");
  CHECK(got.problems[2].origin == "p.txt:12");
  for (const auto& problem : got.problems) CHECK(problem.reason == "no-title");
}

TEST_CASE(
    "author page: the attributed-to sentence names the author when the name line is "
    "missing, TeX in names is decoded",
    "[readers]") {
  const Collected got = read_page(
      "arXiv subjects\n"
      "Publications and source records attributed to Bj\\\"{o}rn {M}ustermann.\n"
      "arXiv2010\nA Title\n");
  REQUIRE(got.records.size() == 1);
  // Braces are gone whatever the TeX decoder makes of the accent.
  REQUIRE(got.records[0].authors.size() == 1);
  CHECK(got.records[0].authors[0].find_first_of("{}") == std::string::npos);
  CHECK(got.records[0].authors[0].ends_with("Mustermann"));
}

TEST_CASE("author page: a page without records is a problem", "[readers]") {
  const Collected got =
      read_page("arXiv subjects\n\nNobody\n\n0 recordsLinked to original sources\n");
  CHECK(got.records.empty());
  CHECK(got.has_problem("no-records"));
}

TEST_CASE("author page: the three real pages", "[readers]") {
  const auto shared = paperdex::test::shared_dir();
  if (!shared) {
    WARN("skipped: ../shared is absent");
    return;
  }
  struct Case {
    std::string file;
    std::size_t records;
    std::string author;
  };
  const std::vector<Case> cases = {
      {"000_45b4861b90412355.txt", 18, "Shizhen Zhao"},
      {"001_bae548b29664adf4.txt", 9, "Zhida Jiang"},
      {"003_87dafd9eeb873131.txt", 18, "Zhuang Wang"},
  };
  std::size_t total = 0;
  for (const auto& c : cases) {
    INFO(c.file);
    Collected got;
    paperdex::read_input((*shared / "seeds" / c.file).string(), got.sink());
    CHECK(got.problems.empty());
    REQUIRE(got.records.size() == c.records);
    total += got.records.size();
    for (const auto& record : got.records) {
      CHECK_FALSE(record.title.empty());
      CHECK_FALSE(record.abstract.empty());
      CHECK(record.subjects.size() == 1);
      CHECK(record.year >= 2015);
      CHECK(record.authors == std::vector<std::string>{c.author});
    }
  }
  CHECK(total == 45);

  Collected first_page;
  paperdex::read_input((*shared / "seeds" / cases[0].file).string(), first_page.sink());
  REQUIRE_FALSE(first_page.records.empty());
  const Record& first = first_page.records.front();
  CHECK(first.title ==
        "Breaking the Duplex Barrier: Lane-Granularity OCS Scheduling for LLM Training");
  CHECK(first.year == 2026);
  CHECK(first.subjects == std::vector<std::string>{"cs.NI"});
  CHECK(first.authors == std::vector<std::string>{"Shizhen Zhao"});
  CHECK(first.abstract.starts_with("Optical circuit switch (OCS) can reconfigure"));
  CHECK(first.origin.ends_with("000_45b4861b90412355.txt:9"));
  const Record& last = first_page.records.back();
  CHECK(last.title == "A Highly Scalable LLM Clusters with Optical Interconnect");
  CHECK(last.year == 2025);
}
