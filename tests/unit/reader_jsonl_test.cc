// arXiv snapshot JSON-lines reader.
#include <catch2/catch.hpp>
#include <sstream>

#include "format_readers.h"
#include "reader_test_support.h"
#include "test_support.h"

using paperdex::Record;
using paperdex::test::Collected;

namespace {

Collected read_jsonl(const std::string& text, const std::string& origin = "s.jsonl") {
  Collected collected;
  std::istringstream in(text);
  paperdex::read_arxiv_jsonl(in, origin, collected.sink());
  return collected;
}

const std::string kGood =
    R"({"id":"0704.0001","submitter":"P","authors":"C. Bal\\'azs, E. L. Berger and C.-P. Yuan",)"
    R"("title":"Calculation of prompt diphoton\n  production","comments":"37 pages",)"
    R"("journal-ref":"Phys.Rev.D76:013009,2007","doi":"10.1103/PhysRevD.76.013009",)"
    R"("report-no":null,"categories":"hep-ph hep-ex","license":null,)"
    R"("abstract":"  A fully differential calculation\nis presented.\n",)"
    R"("versions":[{"version":"v1","created":"Mon, 2 Apr 2007 19:18:42 GMT"},)"
    R"({"version":"v2","created":"Tue, 24 Jul 2007 20:10:27 GMT"}],"update_date":"2008-11-26",)"
    R"("authors_parsed":[["Bal\u00e1zs","C.",""],["Berger","E. L.",""],["Yuan","C. -P.","Jr"]]})";

std::string with_id(const std::string& id, const std::string& title) {
  return R"({"id":")" + id + R"(","title":")" + title + R"(","authors":"X. Y"})";
}

}  // namespace

TEST_CASE("jsonl: every field of a snapshot line", "[readers]") {
  const Collected got = read_jsonl(kGood + "\n");
  REQUIRE(got.problems.empty());
  REQUIRE(got.records.size() == 1);
  const Record& r = got.records[0];
  CHECK(r.id == "0704.0001");
  CHECK(r.title == "Calculation of prompt diphoton production");
  CHECK(r.abstract == "A fully differential calculation is presented.");
  CHECK(r.authors == std::vector<std::string>{"C. Balázs", "E. L. Berger", "C.-P. Yuan Jr"});
  CHECK(r.subjects == std::vector<std::string>{"hep-ph", "hep-ex"});
  CHECK(r.year == 2007);
  CHECK(r.submitted == "2007-04-02");
  CHECK(r.updated == "2008-11-26");
  CHECK(r.doi == "10.1103/PhysRevD.76.013009");
  CHECK(r.journal == "Phys.Rev.D76:013009,2007");
  CHECK(r.comments == "37 pages");
  CHECK_FALSE(r.deleted);
  CHECK(r.origin == "s.jsonl:1");
}

TEST_CASE("jsonl: a record of the arXiv API as its wrappers write it, lists and all", "[readers]") {
  // A daily digest's line: lists of authors and categories, the API's key
  // names, and the primary category not listed first.
  const std::string line =
      R"j({"arxiv_id":"2401.01234v2","title":"Grasping in clutter",)j"
      R"j("authors":["Ana Pérez","Bernhard Schölkopf",{"name":"C. Wu"}],)j"
      R"j("summary":"We grasp.","categories":["cs.AI","cs.RO","cs.AI"],)j"
      R"j("primary_category":"cs.RO","published":"2024-01-03T18:59:59Z",)j"
      R"j("updated":"2024-02-01T09:00:00Z","pdf_url":"http://arxiv.org/pdf/2401.01234v2",)j"
      R"j("doi":null,"journal_ref":"Robotica 12 (2024)","comment":"8 pages"})j";
  const Collected got = read_jsonl(line + "\n");
  REQUIRE(got.problems.empty());
  REQUIRE(got.records.size() == 1);
  const Record& r = got.records[0];
  CHECK(r.id == "2401.01234");
  CHECK(r.title == "Grasping in clutter");
  CHECK(r.abstract == "We grasp.");
  CHECK(r.authors == std::vector<std::string>{"Ana Pérez", "Bernhard Schölkopf", "C. Wu"});
  CHECK(r.subjects == std::vector<std::string>{"cs.RO", "cs.AI"});
  CHECK(r.submitted == "2024-01-03");
  CHECK(r.year == 2024);
  CHECK(r.updated == "2024-02-01");
  CHECK(r.journal == "Robotica 12 (2024)");
  CHECK(r.comments == "8 pages");
  CHECK(r.doi.empty());

  // entry_id (the abstract page's link) is an id too; one category, a string.
  const Collected linked = read_jsonl(
      R"j({"entry_id":"http://arxiv.org/abs/2401.01235v1","title":"T","categories":"cs.RO"})j");
  REQUIRE(linked.records.size() == 1);
  CHECK(linked.records[0].id == "2401.01235");
  CHECK(linked.records[0].subjects == std::vector<std::string>{"cs.RO"});
}

TEST_CASE("jsonl: a paper as paperdex writes it (--show --json, to_dict) is read back",
          "[readers]") {
  const Collected got = read_jsonl(
      R"({"id":"2108.05102","title":"A paper","authors":["Ada Example","Grace Sample"],)"
      R"("subjects":["math.NA","cs.NA"],"subject_names":["Numerical Analysis","x"],)"
      R"("primary":"math.NA","year":2021,"submitted":"2021-08-11","updated":"2021-09-01",)"
      R"("versions":[{"version":"v1","date":"2021-08-11"},{"version":"v2","date":"2021-09-01"}],)"
      R"("withdrawn":true,"doi":"10.1/x","journal":"J. Num. 3 (2021) 1-9","comments":"9 pages",)"
      R"("report_no":"R-1","msc_class":"65N12","license":"","abstract":"Words.",)"
      R"("added":"2026-01-01T00:00:00.000000Z","changed":"2026-01-01T00:00:00.000000Z",)"
      R"("url":"https://arxiv.org/abs/2108.05102","pdf_url":"https://arxiv.org/pdf/2108.05102"})"
      "\n"
      R"({"id":"pdx-0123abcd","title":"An author page's paper","year":1999})"
      "\n");
  REQUIRE(got.problems.empty());
  REQUIRE(got.records.size() == 2);
  const Record& r = got.records[0];
  CHECK(r.authors == std::vector<std::string>{"Ada Example", "Grace Sample"});
  CHECK(r.subjects == std::vector<std::string>{"math.NA", "cs.NA"});
  CHECK(r.year == 2021);
  CHECK(r.submitted == "2021-08-11");
  REQUIRE(r.versions.size() == 2);
  CHECK(r.versions[1].date == "2021-09-01");
  CHECK(r.withdrawn_versions == std::vector<std::string>{"v2"});
  CHECK(r.journal == "J. Num. 3 (2021) 1-9");
  CHECK(r.report_no == "R-1");
  CHECK(r.msc_class == "65N12");
  CHECK(r.added.empty());  // the index's clock is the writer's
  // A paperdex-made id is made again by the writer, from title and year.
  CHECK(got.records[1].id.empty());
  CHECK(got.records[1].year == 1999);
  const Collected bad = read_jsonl(R"({"id":"2108.05102","title":"t","year":"2021"})"
                                   "\n"
                                   R"({"id":"2108.05102","title":"t","withdrawn":"yes"})"
                                   "\n");
  REQUIRE(bad.problems.size() == 2);
  CHECK(bad.problems[0].reason == "wrong-type");
  CHECK(bad.problems[1].reason == "wrong-type");
}

TEST_CASE("jsonl: authors come from the TeX string when authors_parsed is absent", "[readers]") {
  const Collected got = read_jsonl(
      R"({"id":"math/0406596v2","title":"T","authors":"A. One, B. {Two}, C. Three and D. Four"})");
  REQUIRE(got.records.size() == 1);
  CHECK(got.records[0].id == "math/0406596");
  CHECK(got.records[0].authors ==
        std::vector<std::string>{"A. One", "B. Two", "C. Three", "D. Four"});
  CHECK(got.records[0].year == 0);  // no versions: unknown, not invented
}

TEST_CASE("jsonl: a bad line is reported with its number and its neighbours are kept",
          "[readers]") {
  struct Case {
    std::string line;
    std::string reason;
  };
  const std::vector<Case> cases = {
      {R"({"id":"0704.0002","title":"Broken)", "invalid-json"},
      {R"(not json at all)", "invalid-json"},
      {R"([1, 2, 3])", "wrong-type"},
      {R"({"id":"0704.0002","title":42})", "wrong-type"},
      {R"({"id":704.0002,"title":"T"})", "wrong-type"},
      {R"({"id":"0704.0002","title":"T","versions":{"v1":"x"}})", "wrong-type"},
      {R"({"id":"0704.0002","title":"T","versions":[{"created":7}]})", "wrong-type"},
      {R"({"id":"0704.0002","title":"T","authors_parsed":"Smith"})", "wrong-type"},
      {R"({"id":"0704.0002","title":"T","authors_parsed":[["Smith",1]]})", "wrong-type"},
      {R"({"id":"0704.0002","title":"T","categories":{"cs.AI":1}})", "wrong-type"},
      {R"({"id":"0704.0002","title":"T","categories":["cs.AI",7]})", "wrong-type"},
      {R"({"id":"0704.0002","title":"T","doi":["10.1/x"]})", "wrong-type"},
      {R"({"title":"No id"})", "missing-field"},
      {R"({"id":null,"title":"Null id"})", "missing-field"},
      {R"({"id":"0704.0002"})", "missing-field"},
      {R"({"id":"0704.0002","title":"   "})", "missing-field"},
      {R"({"id":"not an id","title":"T"})", "invalid-id"},
      {std::string("{\"id\":\"0704.0002\",\"title\":\"T\0U\"}", 32), "invalid-json"},
  };
  for (const auto& c : cases) {
    INFO(c.line);
    const std::string text = with_id("0704.0001", "Before") + "\n" + c.line + "\n" +
                             with_id("0704.0003", "After") + "\n";
    const Collected got = read_jsonl(text);
    REQUIRE(got.records.size() == 2);
    CHECK(got.records[0].title == "Before");
    CHECK(got.records[1].title == "After");
    CHECK(got.records[1].origin == "s.jsonl:3");
    REQUIRE(got.problems.size() == 1);
    CHECK(got.problems[0].origin == "s.jsonl:2");
    CHECK(got.problems[0].reason == c.reason);
  }
}

TEST_CASE("jsonl: blank lines are skipped without shifting line numbers", "[readers]") {
  const Collected got =
      read_jsonl("\n" + with_id("0704.0001", "A") + "\r\n\n  \n" + with_id("0704.0002", "B"));
  CHECK(got.problems.empty());
  REQUIRE(got.records.size() == 2);
  CHECK(got.records[0].origin == "s.jsonl:2");
  CHECK(got.records[1].origin == "s.jsonl:5");
}

TEST_CASE("jsonl: a line with invalid UTF-8 is still indexed", "[readers]") {
  const std::string line =
      "{\"id\":\"0704.0009\",\"title\":\"Caf\xE9 \xFF society\","
      "\"authors\":\"J. M\xFCller\"}";
  const Collected got = read_jsonl(line + "\n" + with_id("0704.0010", "Next"));
  CHECK(got.problems.empty());
  REQUIRE(got.records.size() == 2);
  CHECK(got.records[0].id == "0704.0009");
  CHECK(got.records[0].title == "Caf\xEF\xBF\xBD \xEF\xBF\xBD society");
  CHECK(got.records[0].authors == std::vector<std::string>{"J. M\xEF\xBF\xBDller"});
  CHECK(got.records[1].title == "Next");
}

TEST_CASE("jsonl: a 12 MB abstract does not break the reader", "[readers]") {
  // Under the 16 MiB a line may take; the field limit is read_input's job.
  std::string abstract;
  abstract.reserve(12 * 1024 * 1024);
  while (abstract.size() < 12 * 1024 * 1024) abstract += "word ";
  const std::string line = R"({"id":"0704.0011","title":"Huge","abstract":")" + abstract + R"("})";
  const Collected got = read_jsonl(line + "\n" + with_id("0704.0012", "Small") + "\n");
  CHECK(got.problems.empty());
  REQUIRE(got.records.size() == 2);
  CHECK(got.records[0].abstract.size() >= 12 * 1024 * 1024 - 1);
  CHECK(got.records[1].title == "Small");
}

TEST_CASE("jsonl: a line over 16 MiB is a problem with its number, and the next line is read",
          "[readers]") {
  const std::string line = R"({"id":"0704.0011","title":"Huge","abstract":")" +
                           std::string(17 * 1024 * 1024, 'w') + R"("})";
  const Collected got = read_jsonl(with_id("0704.0010", "First") + "\n" + line + "\n" +
                                   with_id("0704.0012", "Small") + "\n");
  REQUIRE(got.problems.size() == 1);
  CHECK(got.problems[0].origin.ends_with(":2"));
  CHECK(got.problems[0].reason == "too-long");
  REQUIRE(got.records.size() == 2);
  CHECK(got.records[1].title == "Small");
}

TEST_CASE("jsonl: the real snapshot samples", "[readers]") {
  const auto shared = paperdex::test::shared_dir();
  if (!shared) {
    WARN("skipped: ../shared is absent");
    return;
  }
  const auto dir = *shared / "data" / "arxiv-kaggle";
  Collected head;
  paperdex::read_input((dir / "snapshot-head-200.jsonl").string(), head.sink());
  CHECK(head.problems.empty());
  REQUIRE(head.records.size() == 200);
  CHECK(head.records.front().id == "0704.0001");
  CHECK(head.records.back().id == "0704.0200");
  const Record& first = head.records.front();
  CHECK(first.authors ==
        std::vector<std::string>{"C. Balázs", "E. L. Berger", "P. M. Nadolsky", "C.-P. Yuan"});
  CHECK(first.submitted == "2007-04-02");
  CHECK(first.updated == "2008-11-26");
  CHECK(first.subjects == std::vector<std::string>{"hep-ph"});
  CHECK(first.title ==
        "Calculation of prompt diphoton production cross sections at Tevatron and LHC energies");
  for (const auto& record : head.records) {
    CHECK(record.year == 2007);
    CHECK_FALSE(record.authors.empty());
    CHECK_FALSE(record.abstract.empty());
    CHECK(record.title.find('\n') == std::string::npos);
  }
  const Record* multi = head.find_id("0704.0002");
  REQUIRE(multi != nullptr);
  CHECK(multi->subjects == std::vector<std::string>{"math.CO", "cs.CG"});

  Collected recent;
  paperdex::read_input((dir / "snapshot-2212-49.jsonl").string(), recent.sink());
  CHECK(recent.problems.empty());
  CHECK(recent.records.size() == 49);
  REQUIRE_FALSE(recent.records.empty());
  CHECK(recent.records[0].id == "2212.11867");
  CHECK(recent.records[0].authors == std::vector<std::string>{"Marcus Michelen", "Xuan-Truong Vu"});
}

TEST_CASE("jsonl: the snapshot's report number, license and versions", "[readers]") {
  const auto shared = paperdex::test::shared_dir();
  if (!shared) {
    WARN("skipped: ../shared is absent");
    return;
  }
  Collected got;
  paperdex::read_input((*shared / "data" / "arxiv-kaggle" / "snapshot-head-200.jsonl").string(),
                       got.sink());
  REQUIRE(got.problems.empty());
  const Record* diphoton = got.find_id("0704.0001");
  REQUIRE(diphoton != nullptr);
  CHECK(diphoton->report_no == "ANL-HEP-PR-07-12");
  CHECK(diphoton->license.empty());  // null in the snapshot
  REQUIRE(diphoton->versions.size() == 2);
  CHECK(diphoton->versions[0].version == "v1");
  CHECK(diphoton->versions[0].date == "2007-04-02");
  CHECK(diphoton->versions[1].version == "v2");
  CHECK(diphoton->versions[1].date == "2007-07-24");
  CHECK(diphoton->submitted == diphoton->versions[0].date);

  const Record* licensed = got.find_id("0704.0033");
  REQUIRE(licensed != nullptr);
  CHECK(licensed->license == "http://creativecommons.org/licenses/by-nc-nd/4.0/");
  CHECK(licensed->report_no.empty());
  REQUIRE(licensed->versions.size() == 2);
  CHECK(licensed->versions[1].date == "2022-03-29");
  std::size_t with_report = 0;
  for (const Record& record : got.records) {
    CHECK_FALSE(record.versions.empty());
    if (!record.report_no.empty()) ++with_report;
  }
  CHECK(with_report > 0);
}

TEST_CASE("json document: lists of papers under any key are read, the rest passed over",
          "[readers]") {
  // Pretty-printed as APIs and `jq .` write it: the JSON-lines reader gave
  // one "improper structure" problem per line of it.
  const std::string document =
      "{\n"
      "  \"count\": 3,\n"
      "  \"query\": {\"q\": \"lattice [x]\", \"tags\": [\"a\", \"b\"]},\n"
      "  \"numbers\": [1, 2, 3],\n"
      "  \"papers\": [\n"
      "    {\n"
      "      \"arxiv_id\": \"2101.00001v2\",\n"
      "      \"title\": \"First paper, [bracketed]\",\n"
      "      \"summary\": \"We study \\\"quoted\\\" lattices.\",\n"
      "      \"authors\": [\"Ada Lovelace\", \"Alan Turing\"]\n"
      "    },\n"
      "    {\"title\": \"No id\", \"summary\": \"x\"},\n"
      "    {\"id\": \"2101.00002\", \"title\": \"Second\", \"abstract\": \"y\", "
      "\"authors\": \"A. One and B. Two\"}\n"
      "  ],\n"
      "  \"next\": null\n"
      "}\n";
  REQUIRE(paperdex::detect_format(document) == paperdex::InputFormat::kJsonDocument);
  Collected got;
  std::istringstream in(document);
  paperdex::read_json_document(in, "d.json", got.sink());
  REQUIRE(got.records.size() == 2);
  const Record& first = got.records[0];
  CHECK(first.id == "2101.00001");
  CHECK(first.title == "First paper, [bracketed]");
  CHECK(first.abstract == "We study \"quoted\" lattices.");
  CHECK(first.authors == std::vector<std::string>{"Ada Lovelace", "Alan Turing"});
  CHECK(first.origin == "d.json:6");
  CHECK(got.records[1].authors == std::vector<std::string>{"A. One", "B. Two"});
  REQUIRE(got.problems.size() == 1);
  CHECK(got.problems[0].origin == "d.json:12");
  CHECK(got.problems[0].reason == "missing-field");

  // JSON lines stay JSON lines: each object ends on its own line, and a
  // broken one is followed by the next line's object.
  CHECK(paperdex::detect_format("{\"id\": \"2101.00001\", \"title\": \"a\"}\n{\"id\": 2}\n") ==
        paperdex::InputFormat::kArxivJsonl);
  CHECK(paperdex::detect_format("{broken\n") == paperdex::InputFormat::kArxivJsonl);
  CHECK(paperdex::detect_format("{\"id\": \"2101.0\n{\"id\": 2}\n") ==
        paperdex::InputFormat::kArxivJsonl);
}

TEST_CASE("json document: one without a list of papers is one problem naming the formats read",
          "[readers]") {
  const std::string document =
      "{\n  \"count\": 2,\n  \"items\": [1, 2],\n  \"rows\": [{\"name\": \"x\"}],\n"
      "  \"meta\": {\"a\": [{\"title\": \"nested, not a list of the document\"}]}\n}\n";
  Collected got;
  std::istringstream in(document);
  paperdex::read_json_document(in, "d.json", got.sink());
  CHECK(got.records.empty());
  REQUIRE(got.problems.size() == 1);
  CHECK(got.problems[0].origin == "d.json");
  CHECK(paperdex::holds_no_records(got.problems[0]));
  CHECK(got.problems[0].message.find("not a format paperdex reads") != std::string::npos);
  for (const paperdex::InputFormatInfo& row : paperdex::input_formats()) {
    CHECK(got.problems[0].message.find(row.description) != std::string::npos);
  }
}
