// arXiv API Atom reader.
#include <catch2/catch.hpp>
#include <filesystem>
#include <sstream>

#include "format_readers.h"
#include "reader_test_support.h"
#include "test_support.h"

using paperdex::Record;
using paperdex::test::Collected;

namespace {

Collected read_feed(const std::string& text, const std::string& origin = "a.xml") {
  Collected collected;
  std::istringstream in(text);
  paperdex::read_atom(in, origin, collected.sink());
  return collected;
}

std::string feed(const std::string& entries) {
  return "<?xml version='1.0' encoding='UTF-8'?>\n"
         "<feed xmlns:arxiv=\"http://arxiv.org/schemas/atom\" "
         "xmlns=\"http://www.w3.org/2005/Atom\">\n"
         "  <id>https://arxiv.org/api/x</id>\n  <title>arXiv Query</title>\n"
         "  <updated>2026-04-12T22:09:25Z</updated>\n" +
         entries + "</feed>\n";
}

std::string entry(const std::string& id, const std::string& title,
                  const std::string& summary = "A summary.") {
  return "  <entry>\n"
         "    <id>http://arxiv.org/abs/" +
         id +
         "</id>\n"
         "    <updated>2013-09-03T01:06:36Z</updated>\n"
         "    <published>2013-03-27T20:00:04Z</published>\n"
         "    <title>" +
         title +
         "</title>\n"
         "    <summary>  " +
         summary +
         "\n</summary>\n"
         "    <author><name>B. Kulchytskyy</name></author>\n"
         "    <author><name>A. Del "
         "Maestro</name><arxiv:affiliation>UVM</arxiv:affiliation></author>\n"
         "    <arxiv:doi>10.1103/PhysRevB.88.064512</arxiv:doi>\n"
         "    <arxiv:comment>Added a figure</arxiv:comment>\n"
         "    <arxiv:journal_ref>Physical Review B 88, 064512 (2013)</arxiv:journal_ref>\n"
         "    <link href=\"http://arxiv.org/abs/" +
         id +
         "\" rel=\"alternate\" type=\"text/html\"/>\n"
         "    <category term=\"cond-mat.stat-mech\" scheme=\"http://arxiv.org/schemas/atom\"/>\n"
         "    <category term=\"cond-mat.mes-hall\" scheme=\"http://arxiv.org/schemas/atom\"/>\n"
         "    <arxiv:primary_category term=\"cond-mat.mes-hall\"/>\n"
         "  </entry>\n";
}

}  // namespace

TEST_CASE("atom: every field of an entry", "[readers]") {
  const Collected got =
      read_feed(feed(entry("1303.6954v2", "Local Superfluidity\n  at the Nanoscale")));
  REQUIRE(got.problems.empty());
  REQUIRE(got.records.size() == 1);
  const Record& r = got.records[0];
  CHECK(r.id == "1303.6954");
  CHECK(r.title == "Local Superfluidity at the Nanoscale");
  CHECK(r.abstract == "A summary.");
  CHECK(r.authors == std::vector<std::string>{"B. Kulchytskyy", "A. Del Maestro"});
  CHECK(r.subjects == std::vector<std::string>{"cond-mat.mes-hall", "cond-mat.stat-mech"});
  CHECK(r.year == 2013);
  CHECK(r.submitted == "2013-03-27");
  CHECK(r.updated == "2013-09-03");
  CHECK(r.doi == "10.1103/PhysRevB.88.064512");
  CHECK(r.journal == "Physical Review B 88, 064512 (2013)");
  CHECK(r.comments == "Added a figure");
  CHECK(r.origin == "a.xml:6");
}

TEST_CASE("atom: MSC and ACM classes listed as categories are not subjects", "[readers]") {
  // The API lists them as <category> terms, several to a term.
  std::string text = entry("2108.05102v1", "A paper");
  const std::string classes =
      "    <category term=\"35J20, 35B38, 65N12\" scheme=\"http://arxiv.org/schemas/atom\"/>\n"
      "    <category term=\"I.2.7; F.4.1\" scheme=\"http://arxiv.org/schemas/atom\"/>\n"
      "    <category term=\"math.NA\" scheme=\"http://arxiv.org/schemas/atom\"/>\n";
  text.insert(text.find("    <arxiv:primary_category"), classes);
  const Collected got = read_feed(feed(text));
  REQUIRE(got.records.size() == 1);
  const Record& r = got.records[0];
  CHECK(r.subjects ==
        std::vector<std::string>{"cond-mat.mes-hall", "cond-mat.stat-mech", "math.NA"});
  CHECK(r.msc_class == "35J20, 35B38, 65N12");
}

TEST_CASE("atom: the API's error entry is a problem, not a paper", "[readers]") {
  const Collected got = read_feed(
      feed("  <entry>\n    <id>https://arxiv.org/api/errors#incorrect_id_format_for_abc</id>\n"
           "    <title>Error</title>\n    <summary>incorrect id format for abc</summary>\n"
           "    <author><name>arXiv api core</name></author>\n  </entry>\n"));
  CHECK(got.records.empty());
  REQUIRE(got.problems.size() == 1);
  CHECK(got.problems[0].reason == "api-error");
  CHECK(got.problems[0].origin == "a.xml:6");
  CHECK(got.problems[0].message.find("incorrect id format for abc") != std::string::npos);
}

TEST_CASE("atom: bad bytes and broken XML cost only what they must", "[readers]") {
  const Collected bad_bytes =
      read_feed(feed(entry("2101.00001", "One", "Caf\xE9 \xFF") + entry("2101.00002", "Two")));
  CHECK(bad_bytes.problems.empty());
  REQUIRE(bad_bytes.records.size() == 2);
  CHECK(bad_bytes.records[0].abstract == "Caf\xEF\xBF\xBD \xEF\xBF\xBD");
  CHECK(bad_bytes.records[1].title == "Two");

  const std::string whole = feed(entry("2101.00001", "One") + entry("2101.00002", "Two"));
  const Collected truncated = read_feed(whole.substr(0, whole.find("<title>Two")));
  REQUIRE(truncated.records.size() == 1);
  CHECK(truncated.records[0].title == "One");
  REQUIRE(truncated.problems.size() == 1);
  CHECK(truncated.problems[0].reason == "invalid-xml");

  const Collected no_id = read_feed(feed(entry("not-an-id", "Lost") + entry("2101.00002", "Two")));
  REQUIRE(no_id.records.size() == 1);
  REQUIRE(no_id.problems.size() == 1);
  CHECK(no_id.problems[0].reason == "missing-field");
}

TEST_CASE("atom: a feed that declares another encoding is decoded by it", "[readers]") {
  std::string text = feed(entry("2101.00001", "Caf\xE9"));
  text.replace(text.find("UTF-8"), 5, "ISO-8859-1");
  const Collected got = read_feed(text);
  CHECK(got.problems.empty());
  REQUIRE(got.records.size() == 1);
  CHECK(got.records[0].title == "Caf\xC3\xA9");
}

TEST_CASE("atom: all the saved API responses", "[readers]") {
  const auto shared = paperdex::test::shared_dir();
  if (!shared) {
    WARN("skipped: ../shared is absent");
    return;
  }
  const auto dir = *shared / "data" / "arxiv-atom";
  std::size_t files = 0;
  Collected all;
  for (const auto& file : paperdex::expand_inputs({dir.string()})) {
    ++files;
    Collected got;
    paperdex::read_input(file, got.sink());
    const std::string bytes = paperdex::test::read_file(file);
    std::size_t entries = 0;
    for (auto at = bytes.find("<entry>"); at != std::string::npos;
         at = bytes.find("<entry>", at + 1)) {
      ++entries;
    }
    INFO(file);
    CHECK(got.records.size() + got.problems.size() == entries);
    for (auto& record : got.records) all.records.push_back(std::move(record));
    for (auto& problem : got.problems) all.problems.push_back(std::move(problem));
  }
  CHECK(files == 23);
  CHECK(all.records.size() == 239);
  REQUIRE(all.problems.size() == 1);
  CHECK(all.problems[0].reason == "api-error");
  CHECK(all.problems[0].origin.find("arxiv.py__id_abc_") != std::string::npos);

  const Record* zero = all.find_id("2104.12255");
  REQUIRE(zero != nullptr);
  CHECK(zero->title == "0");
  CHECK(zero->subjects == std::vector<std::string>{"cs.CR"});
  CHECK(zero->year == 2021);
  CHECK(zero->authors == std::vector<std::string>{"Quan Thoi Minh Nguyen"});

  const Record* old_style = all.find_id("astro-ph/0601001");
  REQUIRE(old_style != nullptr);
  CHECK(old_style->year == 2006);

  // Mojibake is valid UTF-8: it is indexed exactly as the feed has it.
  bool mojibake = false;
  for (const auto& record : all.records) {
    for (const auto& author : record.authors) mojibake |= author == "Aurora Ram\xC3\x83\xC2\xADrez";
  }
  CHECK(mojibake);

  Collected empty;
  paperdex::read_input((dir / "arxivapi__EMPTY_RESPONSE.xml").string(), empty.sink());
  CHECK(empty.records.empty());
  CHECK(empty.problems.empty());
}

TEST_CASE("atom: real entries give primary-first categories, comment, journal-ref and DOI",
          "[readers]") {
  const auto shared = paperdex::test::shared_dir();
  if (!shared) {
    WARN("skipped: ../shared is absent");
    return;
  }
  const auto file =
      *shared / "data" / "arxiv-atom" / "arxiv.py__q_testing_s0_m100_cfe7536492ca.xml";
  Collected got;
  paperdex::read_input(file.string(), got.sink());
  const Record* testing = got.find_id("2202.12139");
  REQUIRE(testing != nullptr);
  CHECK(testing->subjects == std::vector<std::string>{"cs.SE", "cs.LG"});
  CHECK(testing->doi == "10.1109/ICSTW55395.2022.00035");
  CHECK(testing->journal.starts_with("Artificial Intelligence in Software Testing @ 2022 IEEE"));
  const Record* quantum = got.find_id("1706.08286");
  REQUIRE(quantum != nullptr);
  CHECK(quantum->subjects.front() == "quant-ph");

  Collected proceedings;
  paperdex::read_input(
      (*shared / "data" / "arxiv-atom" / "arxiv.py__id_1707.08567_s0_m100_6a1afebfc6a3.xml")
          .string(),
      proceedings.sink());
  REQUIRE(proceedings.records.size() == 1);
  CHECK(proceedings.records[0].comments ==
        "44 pages, editors for the proceedings: Yanling Chen and A. J. Han Vinck");
  CHECK(proceedings.records[0].subjects == std::vector<std::string>{"cs.IT"});
}
