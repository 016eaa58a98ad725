// arXiv's query language on a small index written through the library:
// primary:, --no-cross-lists (SearchRequest::cross_lists), date:/updated:
// ranges, rn:, the arXiv aliases, arXiv's API syntax, and --sort updated.
#include <algorithm>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "index_test_support.h"
#include "paperdex/common/schema.h"
#include "paperdex/indexer/index_writer.h"
#include "paperdex/searcher.h"
#include "test_support.h"

namespace {

using Ids = std::vector<std::string>;

paperdex::Record paper(std::string id, std::vector<std::string> categories, std::string created,
                       std::string updated) {
  paperdex::Record record;
  record.id = std::move(id);
  record.title = "Optical switching study " + record.id;
  record.abstract = "Scheduling optical circuit switches in data centers.";
  record.authors = {"Ada Lovelace"};
  record.subjects = std::move(categories);
  record.submitted = std::move(created);
  record.year = std::stoi(record.submitted.substr(0, 4));
  record.updated = std::move(updated);
  return record;
}

// Five papers: two primary in cs.NI, one cross-listed to it, one in math.IT
// (an alias of cs.IT), one in hep-th with a report number.
const paperdex::test::SharedIndex& small_index() {
  static const paperdex::test::SharedIndex index([](paperdex::IndexWriter& writer) {
    writer.add(paper("1603.00001", {"cs.NI"}, "2016-03-01", "2016-03-01"));
    writer.add(paper("1603.00002", {"cs.NI", "cs.DC"}, "2016-03-31", "2019-06-10"));
    writer.add(paper("1604.00003", {"cs.DC", "cs.NI"}, "2016-04-01", "2017-01-20"));
    writer.add(paper("1602.00004", {"math.IT"}, "2016-02-29", "2016-02-29"));
    paperdex::Record report = paper("1501.00005", {"hep-th"}, "2015-01-15", "2018-12-31");
    report.report_no = "CERN-TH-2015-012";
    report.comments = "12 pages, 3 figures";
    report.journal = "Phys. Rev. D 91 (2015)";
    writer.add(report);
  });
  return index;
}

paperdex::SearchResult search(paperdex::SearchRequest request) {
  paperdex::Searcher searcher(small_index().path());
  request.limit = 100;
  request.strict_syntax = true;
  return searcher.search(request);
}

Ids ids(const paperdex::SearchResult& result, bool sorted = true) {
  Ids found;
  for (const paperdex::Hit& hit : result.hits) found.push_back(hit.id);
  if (sorted) std::sort(found.begin(), found.end());
  return found;
}

Ids matches(const std::string& query) {
  paperdex::SearchRequest request;
  request.query = query;
  return ids(search(request));
}

}  // namespace

TEST_CASE("primary: matches a paper's primary category only, widened as subject: is",
          "[arxiv-query]") {
  CHECK(matches("subject:cs.NI") == Ids{"1603.00001", "1603.00002", "1604.00003"});
  CHECK(matches("primary:cs.NI") == Ids{"1603.00001", "1603.00002"});
  CHECK(matches("primary:cs.DC") == Ids{"1604.00003"});
  // The archive and the group widen; so does an alias (cs.IT = math.IT).
  // cs includes math.IT, an alias of cs.IT, as subject:cs does.
  CHECK(matches("primary:cs") == Ids{"1602.00004", "1603.00001", "1603.00002", "1604.00003"});
  CHECK(matches("subject:cs") == matches("primary:cs"));
  CHECK(matches("primary:cs.IT") == Ids{"1602.00004"});
  CHECK(matches("primary:physics") == Ids{"1501.00005"});
  // cat: is subject:.
  CHECK(matches("cat:cs.DC") == Ids{"1603.00002", "1604.00003"});
}

TEST_CASE(
    "without cross-lists (--no-cross-lists), only papers whose primary category is a --subject",
    "[arxiv-query]") {
  paperdex::SearchRequest request;
  request.query = "optical";
  request.subjects = {"cs.NI"};
  CHECK(ids(search(request)) == Ids{"1603.00001", "1603.00002", "1604.00003"});
  request.cross_lists = false;
  const paperdex::SearchResult primary_only = search(request);
  CHECK(ids(primary_only) == Ids{"1603.00001", "1603.00002"});
  CHECK(primary_only.total == 2);
  request.subjects = {"cs.DC", "cs.IT"};
  CHECK(ids(search(request)) == Ids{"1602.00004", "1604.00003"});
}

TEST_CASE("submitted: (and its old name date:) and updated: take days, months, years and ranges",
          "[arxiv-query]") {
  CHECK(matches("date:2016-03") == Ids{"1603.00001", "1603.00002"});
  CHECK(matches("submitted:2016-03") == Ids{"1603.00001", "1603.00002"});
  CHECK(matches("date:2016-03-31") == Ids{"1603.00002"});
  CHECK(matches("date:2016-02-29..2016-03-01") == Ids{"1602.00004", "1603.00001"});
  CHECK(matches("date:2016") == Ids{"1602.00004", "1603.00001", "1603.00002", "1604.00003"});
  CHECK(matches("date:..2016-02") == Ids{"1501.00005", "1602.00004"});
  CHECK(matches("date:2016-04..") == Ids{"1604.00003"});
  CHECK(matches("updated:2017..") == Ids{"1501.00005", "1603.00002", "1604.00003"});
  CHECK(matches("updated:2018-12-31") == Ids{"1501.00005"});
  CHECK(matches("optical date:2016-03 updated:..2016") == Ids{"1603.00001"});
}

TEST_CASE("malformed dates say where and what a valid one looks like", "[arxiv-query]") {
  paperdex::SearchRequest request;
  request.query = "optical date:2016-13";
  try {
    search(request);
    FAIL("no error");
  } catch (const paperdex::QuerySyntaxError& error) {
    CHECK_THAT(error.what(), Catch::Contains("malformed date '2016-13': the month is 01 to 12"));
    CHECK_THAT(error.what(), Catch::Contains("submitted:2016-03-01..2016-03-31"));
    CHECK(error.position() == 13);
  }
}

TEST_CASE("rn:, co:, jr:, ti:, au:, abs: and all: search their fields", "[arxiv-query]") {
  CHECK(matches("rn:CERN-TH-2015-012") == Ids{"1501.00005"});
  CHECK(matches("report:cern") == Ids{"1501.00005"});
  CHECK(matches("co:figures") == Ids{"1501.00005"});
  CHECK(matches("jr:\"Phys. Rev. D\"") == Ids{"1501.00005"});
  CHECK(matches("ti:1604.00003") == Ids{"1604.00003"});
  CHECK(matches("au:lovelace").size() == 5);
  CHECK(matches("abs:centers").size() == 5);
  CHECK(matches("all:scheduling").size() == 5);
  // all: searches the authors too, as a plain word does (and as on arXiv).
  CHECK(matches("abs:lovelace").empty());
  CHECK(matches("all:lovelace") == matches("au:lovelace"));
  CHECK(matches("rn:cern*") == Ids{"1501.00005"});
}

TEST_CASE("a query copied from an arXiv API URL finds what it finds there", "[arxiv-query]") {
  // ANDNOT, the bracketed date ranges (times of day rounding to their
  // days) and the URL form, '+' for spaces and %XX escapes.
  CHECK(matches("optical ANDNOT cat:cs.DC") == Ids{"1501.00005", "1602.00004", "1603.00001"});
  CHECK(matches("submittedDate:[201603010000 TO 201603312359]") == Ids{"1603.00001", "1603.00002"});
  CHECK(matches("submittedDate:[201603311200 TO 201604010000]") == Ids{"1603.00002", "1604.00003"});
  CHECK(matches("lastUpdatedDate:[20170101 TO *]") ==
        Ids{"1501.00005", "1603.00002", "1604.00003"});
  CHECK(matches("cat:cs.NI+ANDNOT+submittedDate:[201603010000+TO+201603312359]") ==
        Ids{"1604.00003"});
  CHECK(matches("%28cat:cs.DC+OR+cat:hep-th%29+AND+all:%22optical+switching%22") ==
        Ids{"1501.00005", "1603.00002", "1604.00003"});
  paperdex::SearchRequest request;
  request.query = "ti:optical+AND+submittedDate:[201603011200+TO+201603011300]";
  const paperdex::SearchResult result = search(request);
  CHECK(ids(result) == Ids{"1603.00001"});
  CHECK(result.notes.size() == 2);  // the URL form, and the times dropped
  CHECK(result.suggestion.empty());
}

TEST_CASE("sorting by update (--sort updated) lists the latest first", "[arxiv-query]") {
  paperdex::SearchRequest request;
  request.query = "optical";
  request.sort = paperdex::SortOrder::kUpdated;
  CHECK(ids(search(request), false) ==
        Ids{"1603.00002", "1501.00005", "1604.00003", "1603.00001", "1602.00004"});
  request.sort = paperdex::SortOrder::kNewest;
  CHECK(ids(search(request), false) ==
        Ids{"1604.00003", "1603.00002", "1603.00001", "1602.00004", "1501.00005"});
}

TEST_CASE("paperdex-search takes --sort updated and --no-cross-lists", "[arxiv-query][cli]") {
  const std::string search_bin = std::string(PAPERDEX_SEARCH_BIN) + " --db " +
                                 small_index().path() + " --format tsv --fields id ";
  auto run = paperdex::test::run_command(search_bin + "--sort updated optical");
  CHECK(run.status == 0);
  CHECK(run.out == "1603.00002\n1501.00005\n1604.00003\n1603.00001\n1602.00004\n");
  run = paperdex::test::run_command(search_bin +
                                    "--sort newest --no-cross-lists --subject cs.NI "
                                    "optical");
  CHECK(run.status == 0);
  CHECK(run.out == "1603.00002\n1603.00001\n");
  run = paperdex::test::run_command(search_bin + "--sort sideways optical 2>&1");
  CHECK(run.status == 2);
  CHECK(run.out.find("relevance, newest, oldest, updated, added or citations") !=
        std::string::npos);
}

TEST_CASE("paperdex-search --help-syntax lists every field of the schema table with its aliases",
          "[arxiv-query][cli]") {
  const auto run = paperdex::test::run_command(std::string(PAPERDEX_SEARCH_BIN) + " --help-syntax");
  CHECK(run.status == 0);
  for (const paperdex::schema::Field& field : paperdex::schema::kFields) {
    INFO(field.name);
    CHECK(run.out.find("  " + std::string(field.name) + ":" + std::string(field.example)) !=
          std::string::npos);
    for (std::string_view name : paperdex::schema::field_names(field)) {
      CHECK(run.out.find(std::string(name) + ":") != std::string::npos);
    }
  }
}

namespace {

paperdex::Record known_paper(std::string id, std::string title, std::string abstract,
                             std::string doi = "") {
  paperdex::Record record = paper(std::move(id), {"cs.LG"}, "2014-09-10", "2014-12-14");
  record.title = std::move(title);
  record.abstract = std::move(abstract);
  record.doi = std::move(doi);
  return record;
}

// Papers people look up by id, by DOI, and one whose title cites an id.
const paperdex::test::SharedIndex& known_papers() {
  static const paperdex::test::SharedIndex index([](paperdex::IndexWriter& writer) {
    writer.add(known_paper("1409.3215", "Sequence to Sequence Learning with Neural Networks",
                           "Deep neural networks map sequences to sequences."));
    writer.add(known_paper("cs/9301111", "Nested Satisfiability",
                           "A special case of satisfiability solved in linear time."));
    writer.add(known_paper("0704.0046", "Entangled states of neural networks",
                           "Quantum states of networks.", "10.1063/1.2779138"));
    writer.add(known_paper("1501.00009", "A comment citing arXiv:1234.5678 on neural networks",
                           "The result of arXiv:9999.99999 does not hold for sequences."));
  });
  return index;
}

paperdex::SearchResult look_up(const std::string& query) {
  paperdex::Searcher searcher(known_papers().path());
  paperdex::SearchRequest request;
  request.query = query;
  return searcher.search(request);
}

}  // namespace

TEST_CASE("a query that is one arXiv id, link or DOI finds that paper, as id: or doi: does",
          "[arxiv-query][known-item]") {
  const std::vector<std::pair<std::string, std::string>> forms = {
      {"1409.3215", "1409.3215"},
      {" 1409.3215v2 ", "1409.3215"},
      {"arXiv:1409.3215", "1409.3215"},
      {"cs/9301111", "cs/9301111"},
      {"arXiv:cs/9301111v1", "cs/9301111"},
      {"arxiv.org/abs/1409.3215", "1409.3215"},
      {"https://arxiv.org/abs/1409.3215", "1409.3215"},
      {"https://arxiv.org/pdf/1409.3215v1", "1409.3215"},
      {"http://www.arxiv.org/pdf/1409.3215v1.pdf", "1409.3215"},
      {"https://export.arxiv.org/abs/cs/9301111", "cs/9301111"},
      {"10.1063/1.2779138", "0704.0046"},
      {"doi:10.1063/1.2779138", "0704.0046"},
      {"DOI: 10.1063/1.2779138", "0704.0046"},
      {"https://doi.org/10.1063/1.2779138", "0704.0046"},
      {"http://dx.doi.org/10.1063/1.2779138", "0704.0046"},
  };
  for (const auto& [query, id] : forms) {
    INFO(query);
    const paperdex::SearchResult found = look_up(query);
    REQUIRE(found.hits.size() == 1);
    CHECK(found.hits[0].id == id);
    CHECK(found.notes.empty());
  }
  CHECK(look_up("1409.3215v2").parsed_query == look_up("id:1409.3215").parsed_query);
  CHECK(look_up("https://doi.org/10.1063/1.2779138").parsed_query ==
        look_up("doi:10.1063/1.2779138").parsed_query);
}

TEST_CASE("an id or DOI the index lacks is searched as its words, and a note says so",
          "[arxiv-query][known-item]") {
  const paperdex::SearchResult missing = look_up("https://arxiv.org/abs/9999.99999v1");
  CHECK(missing.notes ==
        std::vector<std::string>{
            "no paper with id 9999.99999 in this index; searched its words instead"});
  CHECK(ids(missing) == Ids{"1501.00009"});  // its abstract cites the id
  const paperdex::SearchResult doi = look_up("https://doi.org/10.1000/ABC");
  CHECK(doi.notes ==
        std::vector<std::string>{
            "no paper with DOI 10.1000/abc in this index; searched its words instead"});
  // id: is a filter wherever it stands: no paper, no note.
  const paperdex::SearchResult filter = look_up("id:9999.99999");
  CHECK(filter.hits.empty());
  CHECK(filter.notes.empty());
}

TEST_CASE("an id within a longer query is searched as words, not as a filter",
          "[arxiv-query][known-item]") {
  const paperdex::SearchResult cited = look_up("A comment citing arXiv:1234.5678");
  REQUIRE_FALSE(cited.hits.empty());
  CHECK(cited.hits[0].id == "1501.00009");
  CHECK(ids(look_up("sequence learning https://arxiv.org/abs/1409.3215"), false).at(0) ==
        "1409.3215");
  // Written as a field, the id is a filter still.
  CHECK(ids(look_up("neural id:1409.3215")) == Ids{"1409.3215"});
}
