// OAI-PMH reader: arXiv, arXivRaw and oai_dc metadata; deleted records;
// truncated and broken XML.
#include <catch2/catch.hpp>
#include <sstream>

#include "format_readers.h"
#include "input_stream.h"
#include "paperdex/common/utf8.h"
#include "reader_test_support.h"
#include "test_support.h"
#include "xml_stream.h"

using paperdex::Record;
using paperdex::test::Collected;

namespace {

Collected read_oai(const std::string& text, const std::string& origin = "o.xml") {
  Collected collected;
  std::istringstream in(text);
  paperdex::read_oai_pmh(in, origin, collected.sink());
  return collected;
}

std::string oai(const std::string& records) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<OAI-PMH xmlns=\"http://www.openarchives.org/OAI/2.0/\">\n"
         "<responseDate>2016-03-09T00:35:38Z</responseDate>\n"
         "<ListRecords>\n" +
         records + "</ListRecords>\n</OAI-PMH>\n";
}

std::string arxiv_record(const std::string& id, const std::string& title) {
  return "<record>\n<header>\n <identifier>oai:arXiv.org:" + id +
         "</identifier>\n <datestamp>2009-11-13</datestamp>\n</header>\n<metadata>\n"
         " <arXiv xmlns=\"http://arxiv.org/OAI/arXiv/\">\n <id>" +
         id +
         "</id><created>2007-04-01</created><authors><author><keyname>Ka{\xC3\xA2}niche"
         "</keyname><forenames>Mohamed</forenames><suffix>Jr</suffix></author><author>"
         "<keyname>Petz</keyname><forenames>D.</forenames></author></authors><title>" +
         title +
         "</title><categories>quant-ph cs.IT math.IT</categories><comments>11 pages</comments>"
         "<journal-ref>J. Math. Phys. 48(2007)</journal-ref><doi>10.1063/1.2779138</doi>"
         "<msc-class>94A17;\n  81P15</msc-class>"
         "<abstract>  In a quantum mechanical model,\nDiosi arrived at a\nconjecture.\n"
         "</abstract></arXiv>\n</metadata>\n</record>\n";
}

std::size_t count_occurrences(const std::string& text, const std::string& needle) {
  std::size_t count = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1))
    ++count;
  return count;
}

std::string gunzip(const std::filesystem::path& path) {
  std::stringbuf compressed(paperdex::test::read_file(path));
  paperdex::detail::GzipInputBuf gzip(compressed);
  std::istream in(&gzip);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

}  // namespace

TEST_CASE("oai: every field of an arXiv-format record", "[readers]") {
  const Collected got = read_oai(oai(arxiv_record("0704.0046", "A limit relation\n  for entropy")));
  REQUIRE(got.problems.empty());
  REQUIRE(got.records.size() == 1);
  const Record& r = got.records[0];
  CHECK(r.id == "0704.0046");
  CHECK(r.title == "A limit relation for entropy");
  CHECK(r.abstract == "In a quantum mechanical model, Diosi arrived at a conjecture.");
  CHECK(r.authors == std::vector<std::string>{"Mohamed Ka\xC3\xA2niche Jr", "D. Petz"});
  CHECK(r.subjects == std::vector<std::string>{"quant-ph", "cs.IT", "math.IT"});
  CHECK(r.year == 2007);
  CHECK(r.submitted == "2007-04-01");
  // The header datestamp (metadata last changed) is later than any version.
  CHECK(r.updated == "2009-11-13");
  CHECK(r.doi == "10.1063/1.2779138");
  CHECK(r.journal == "J. Math. Phys. 48(2007)");
  CHECK(r.comments == "11 pages");
  CHECK(r.msc_class == "94A17; 81P15");
  CHECK(r.origin == "o.xml:5");
  CHECK_FALSE(r.deleted);
}

TEST_CASE("oai: a deleted record carries only its id", "[readers]") {
  const Collected got = read_oai(
      oai(arxiv_record("0704.0001", "Kept") +
          "<record><header status=\"deleted\"><identifier>oai:arXiv.org:cs/0101001</identifier>"
          "<datestamp>2010-01-02</datestamp><setSpec>cs</setSpec></header></record>\n"));
  REQUIRE(got.problems.empty());
  REQUIRE(got.records.size() == 2);
  const Record& deleted = got.records[1];
  CHECK(deleted.deleted);
  CHECK(deleted.id == "cs/0101001");
  CHECK(deleted.title.empty());
  CHECK(deleted.updated == "2010-01-02");
}

TEST_CASE("oai: truncated or broken XML keeps the records completed before the damage",
          "[readers]") {
  const std::string whole =
      oai(arxiv_record("0704.0001", "One") + arxiv_record("0704.0002", "Two") +
          arxiv_record("0704.0003", "Three"));
  const std::size_t cut = whole.find("<title>Three");
  REQUIRE(cut != std::string::npos);
  const Collected truncated = read_oai(whole.substr(0, cut + 9));
  REQUIRE(truncated.records.size() == 2);
  CHECK(truncated.records[1].title == "Two");
  REQUIRE(truncated.problems.size() == 1);
  CHECK(truncated.problems[0].reason == "invalid-xml");
  CHECK(truncated.problems[0].origin.starts_with("o.xml:"));
  CHECK_FALSE(truncated.problems[0].message.empty());

  std::string broken = whole;
  broken.replace(broken.find("<title>Two</title>"), 18, "<title>Two</titel>");
  const std::size_t broken_line =
      1 + static_cast<std::size_t>(
              std::count(broken.begin(), broken.begin() + broken.find("</titel>"), '\n'));
  const Collected got = read_oai(broken);
  REQUIRE(got.records.size() == 1);
  REQUIRE(got.problems.size() == 1);
  CHECK(got.problems[0].origin == "o.xml:" + std::to_string(broken_line));
}

TEST_CASE("oai: records without id or title, and OAI errors", "[readers]") {
  std::string no_title = arxiv_record("0704.0005", "");
  std::string no_id = arxiv_record("0704.0006", "No id");
  no_id.replace(no_id.find("oai:arXiv.org:0704.0006"), 23, "oai:example.org:x");
  no_id.replace(no_id.find("<id>0704.0006</id>"), 18, "");
  const Collected got = read_oai(oai(no_title + no_id + arxiv_record("0704.0007", "Fine")));
  REQUIRE(got.records.size() == 1);
  CHECK(got.records[0].title == "Fine");
  REQUIRE(got.problems.size() == 2);
  CHECK(got.problems[0].reason == "missing-field");
  CHECK(got.problems[1].reason == "missing-field");

  const Collected empty =
      read_oai("<OAI-PMH><error code=\"noRecordsMatch\">no records</error></OAI-PMH>");
  CHECK(empty.records.empty());
  CHECK(empty.problems.empty());

  const Collected bad =
      read_oai("<OAI-PMH>\n<error code=\"badResumptionToken\">token expired</error></OAI-PMH>");
  REQUIRE(bad.problems.size() == 1);
  CHECK(bad.problems[0].reason == "oai-error");
  CHECK(bad.problems[0].origin == "o.xml:2");
  CHECK(bad.problems[0].message.find("token expired") != std::string::npos);
}

TEST_CASE("oai: arXivRaw takes dates from the first and last versions", "[readers]") {
  const Collected got =
      read_oai(oai("<record><header><identifier>oai:arXiv.org:0803.4354</identifier>"
                   "<datestamp>2016-10-21</datestamp></header><metadata>"
                   "<arXivRaw xmlns=\"http://arxiv.org/OAI/arXivRaw/\"><id>0803.4354</id>"
                   "<submitter>M. Diaby</submitter>"
                   "<version version=\"v1\"><date>Sun, 30 Mar 2008 23:26:50 "
                   "GMT</date><size>69kb</size></version>"
                   "<version version=\"v2\"><date>Thu, 20 Oct 2016 16:58:38 GMT</date></version>"
                   "<title>A Linear Programming\n      Model</title>"
                   "<authors>Carl Lagoze, Herbert Van de Sompel and Michael L. Nelson</authors>"
                   "<categories>cs.DM cs.CC</categories><abstract>Text.</abstract></arXivRaw>"
                   "</metadata></record>\n"));
  REQUIRE(got.problems.empty());
  REQUIRE(got.records.size() == 1);
  const Record& r = got.records[0];
  CHECK(r.title == "A Linear Programming Model");
  CHECK(r.submitted == "2008-03-30");
  CHECK(r.updated == "2016-10-21");  // the header datestamp, a day after the last version
  CHECK(r.year == 2008);
  CHECK(r.authors ==
        std::vector<std::string>{"Carl Lagoze", "Herbert Van de Sompel", "Michael L. Nelson"});
  CHECK(r.subjects == std::vector<std::string>{"cs.DM", "cs.CC"});
  CHECK(r.withdrawn_versions.empty());  // no version of it is without files
}

TEST_CASE("oai: arXivRaw's versions without files are noted as withdrawal notices",
          "[readers][withdrawn]") {
  const std::string versions =
      "<version version=\"v1\"><date>Sun, 30 Mar 2008 23:26:50 GMT</date><size>69kb</size>"
      "<source_type>D</source_type></version>"
      "<version version=\"v2\"><date>Mon, 31 Mar 2008 10:00:00 GMT</date><size>0kb</size>"
      "<source_type>I</source_type></version>"
      "<version version=\"v3\"><date>Tue, 1 Apr 2008 10:00:00 GMT</date><size>70kb</size>"
      "</version>"
      "<version version=\"v4\"><date>Wed, 2 Apr 2008 10:00:00 GMT</date><size> 0kb </size>"
      "</version>";
  const Collected got = read_oai(oai(
      "<record><header><identifier>oai:arXiv.org:0803.4354</identifier></header><metadata>"
      "<arXivRaw xmlns=\"http://arxiv.org/OAI/arXivRaw/\"><id>0803.4354</id>" +
      versions + "<title>T</title><authors>A. Author</authors></arXivRaw></metadata></record>"));
  REQUIRE(got.records.size() == 1);
  CHECK(got.records[0].withdrawn_versions == std::vector<std::string>{"v2", "v4"});
  CHECK(got.records[0].versions.size() == 4);
}

TEST_CASE("oai: Dublin Core records are read too", "[readers]") {
  const Collected got = read_oai(
      oai("<record><header><identifier>oai:arXiv.org:0704.0002</identifier>"
          "<datestamp>2008-12-13</datestamp></header><metadata>"
          "<oai_dc:dc xmlns:oai_dc=\"http://www.openarchives.org/OAI/2.0/oai_dc/\" "
          "xmlns:dc=\"http://purl.org/dc/elements/1.1/\">"
          "<dc:title>Sparsity-certifying Graph Decompositions</dc:title>"
          "<dc:creator>Streinu, Ileana</dc:creator><dc:creator>Theran, Louis</dc:creator>"
          "<dc:subject>Mathematics - Combinatorics</dc:subject>"
          "<dc:description>  We describe a new algorithm.</dc:description>"
          "<dc:description>Comment: To appear in Graphs and Combinatorics</dc:description>"
          "<dc:date>2007-03-30</dc:date><dc:date>2008-12-13</dc:date>"
          "<dc:type>text</dc:type><dc:identifier>http://arxiv.org/abs/0704.0002</dc:identifier>"
          "<dc:identifier>doi:10.1000/xyz</dc:identifier>"
          "</oai_dc:dc></metadata></record>\n"));
  REQUIRE(got.problems.empty());
  REQUIRE(got.records.size() == 1);
  const Record& r = got.records[0];
  CHECK(r.id == "0704.0002");
  CHECK(r.title == "Sparsity-certifying Graph Decompositions");
  CHECK(r.authors == std::vector<std::string>{"Ileana Streinu", "Louis Theran"});
  CHECK(r.abstract == "We describe a new algorithm.");
  CHECK(r.comments == "To appear in Graphs and Combinatorics");
  CHECK(r.submitted == "2007-03-30");
  CHECK(r.updated == "2008-12-13");
  CHECK(r.year == 2007);
  CHECK(r.doi == "10.1000/xyz");
}

TEST_CASE("oai: invalid UTF-8 bytes do not cost the file its records", "[readers]") {
  const Collected got = read_oai(
      oai(arxiv_record("0704.0001", "Caf\xE9 \xC3") + arxiv_record("0704.0002", "Second")));
  CHECK(got.problems.empty());
  REQUIRE(got.records.size() == 2);
  CHECK(got.records[0].title == "Caf\xEF\xBF\xBD \xEF\xBF\xBD");
  CHECK(got.records[1].title == "Second");
}

TEST_CASE("UTF-8 sanitizing is the same wherever the chunks are cut", "[readers]") {
  const std::string text = "a\xC3\xA9z \xE2\x86\x97 \xF0\x9F\x98\x80 bad\xE2\x86 \xFF end\xC3";
  const std::string expected = paperdex::sanitize_utf8(text);
  for (std::size_t cut = 0; cut <= text.size(); ++cut) {
    for (std::size_t cut2 = cut; cut2 <= text.size(); ++cut2) {
      paperdex::detail::Utf8StreamSanitizer sanitizer;
      std::string out(sanitizer.feed(std::string_view(text).substr(0, cut), false));
      out += sanitizer.feed(std::string_view(text).substr(cut, cut2 - cut), false);
      out += sanitizer.feed(std::string_view(text).substr(cut2), true);
      INFO("cuts at " << cut << ", " << cut2);
      REQUIRE(out == expected);
    }
  }
}

TEST_CASE("oai: real harvests", "[readers]") {
  const auto shared = paperdex::test::shared_dir();
  if (!shared) {
    WARN("skipped: ../shared is absent");
    return;
  }
  const auto data = *shared / "data";
  for (const char* page : {"page-001.xml.gz", "page-050.xml.gz", "page-103.xml.gz"}) {
    INFO(page);
    const auto path = data / "arxiv-oai-cs-2016" / page;
    Collected got;
    paperdex::read_input(path.string(), got.sink());
    CHECK(got.problems.empty());
    CHECK(got.records.size() == count_occurrences(gunzip(path), "<record>"));
    for (const auto& record : got.records) {
      CHECK_FALSE(record.id.empty());
      CHECK_FALSE(record.title.empty());
      CHECK(record.title.find('\n') == std::string::npos);
      CHECK_FALSE(record.subjects.empty());
      CHECK(record.year >= 1989);
      CHECK(record.year <= 2016);
    }
  }
  Collected first;
  paperdex::read_input((data / "arxiv-oai-cs-2016" / "page-001.xml.gz").string(), first.sink());
  REQUIRE(first.records.size() == 1000);
  CHECK(first.records[0].id == "0704.0002");
  CHECK(first.records[0].updated == "2008-12-13");
  CHECK(first.records[0].authors == std::vector<std::string>{"Ileana Streinu", "Louis Theran"});

  const auto raw = data / "arxiv-oai-raw" / "ListRecords.xml";
  Collected list;
  paperdex::read_input(raw.string(), list.sink());
  CHECK(list.problems.empty());
  CHECK(list.records.size() == count_occurrences(paperdex::test::read_file(raw), "<record>"));
  CHECK(list.records.size() == 387);
  const Record* diaby = list.find_id("0803.4354");
  REQUIRE(diaby != nullptr);
  CHECK(diaby->submitted == "2008-03-30");
  CHECK(diaby->updated == "2016-10-21");
  CHECK(diaby->year == 2008);
  CHECK(diaby->title ==
        "A O(n^8) X O(n^7) Linear Programming Model of the Traveling Salesman Problem");

  Collected single;
  paperdex::read_input((data / "arxiv-oai-raw" / "GetRecord.xml").string(), single.sink());
  REQUIRE(single.records.size() == 1);
  CHECK(single.records[0].id == "0804.2273");
  CHECK(single.records[0].title == "Object Re-Use & Exchange: A Resource-Centric Approach");
  CHECK(single.records[0].authors.size() == 6);
  CHECK(single.records[0].submitted == "2008-04-14");
}

TEST_CASE("oai: report numbers, licenses and arXivRaw's versions from real harvests", "[readers]") {
  const auto shared = paperdex::test::shared_dir();
  if (!shared) {
    WARN("skipped: ../shared is absent");
    return;
  }
  const auto data = *shared / "data";
  Collected page;
  paperdex::read_input((data / "arxiv-oai-cs-2016" / "page-001.xml.gz").string(), page.sink());
  const Record* sparsity = page.find_id("0704.0002");
  REQUIRE(sparsity != nullptr);
  CHECK(sparsity->license == "http://arxiv.org/licenses/nonexclusive-distrib/1.0/");
  CHECK(sparsity->report_no.empty());
  CHECK(sparsity->versions.empty());  // the arXiv format lists no versions
  const Record* options = page.find_id("0704.0090");
  REQUIRE(options != nullptr);
  CHECK(options->report_no == "Report 2007:ROPS");
  // Primary first, as the record lists it.
  CHECK(options->subjects.front() == "cs.CE");

  Collected raw;
  paperdex::read_input((data / "arxiv-oai-raw" / "ListRecords.xml").string(), raw.sink());
  const Record* diaby = raw.find_id("0803.4354");
  REQUIRE(diaby != nullptr);
  REQUIRE(diaby->versions.size() == 6);
  CHECK(diaby->versions[0].version == "v1");
  CHECK(diaby->versions[0].date == "2008-03-30");
  CHECK(diaby->versions[1].date == "2010-09-11");
  CHECK(diaby->versions[5].version == "v6");
  CHECK(diaby->versions[5].date == "2016-10-20");
  CHECK(diaby->license == "http://arxiv.org/licenses/nonexclusive-distrib/1.0/");
  const Record* reported = raw.find_id("1102.2226");
  REQUIRE(reported != nullptr);
  CHECK(reported->report_no == "AEI-2011-084");
  REQUIRE(reported->versions.size() >= 2);
  CHECK(reported->versions[1].date == "2011-11-10");
}

TEST_CASE("oai: elements nested past the depth limit stop the file at that line", "[readers]") {
  // 200,000 levels: expat would hold every one; a record is never 10 deep.
  constexpr std::size_t kLevels = 200'000;
  std::string deep = arxiv_record("0704.0001", "Before") + "<nest>\n";
  for (std::size_t i = 0; i < kLevels; ++i) deep += "<a>";
  for (std::size_t i = 0; i < kLevels; ++i) deep += "</a>";
  deep += "</nest>\n" + arxiv_record("0704.0002", "After");
  const std::string document = oai(deep);
  const std::size_t nest_line =
      1 + static_cast<std::size_t>(
              std::count(document.begin(), document.begin() + document.find("<nest>"), '\n'));
  const Collected got = read_oai(document);
  REQUIRE(got.records.size() == 1);
  CHECK(got.records[0].title == "Before");
  REQUIRE(got.problems.size() == 1);
  CHECK(got.problems[0].reason == "too-deep");
  CHECK(got.problems[0].origin == "o.xml:" + std::to_string(nest_line + 1));
  CHECK(got.problems[0].message.find("more than 64 deep") != std::string::npos);

  // Nesting up to the limit is read as before.
  std::string shallow = "<nest>";
  for (int i = 0; i < 50; ++i) shallow += "<a>";
  for (int i = 0; i < 50; ++i) shallow += "</a>";
  const Collected fine = read_oai(oai(shallow + "</nest>\n" + arxiv_record("0704.0003", "Fine")));
  CHECK(fine.problems.empty());
  CHECK(fine.records.size() == 1);
}
