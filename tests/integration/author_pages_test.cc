// The author pages (corpus/author-pages), through the library and through
// the CLIs: index the three pages, then search them.
#include <array>
#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "index_test_support.h"
#include "paperdex/searcher.h"
#include "test_support.h"

namespace {

using paperdex::test::TempDir;
namespace fs = std::filesystem;

const fs::path kPages = paperdex::test::source_dir() / "corpus" / "author-pages";

// Counts, straight from the page files, lines matching `pattern`.
std::size_t count_lines(const std::regex& pattern) {
  std::size_t count = 0;
  for (const auto& entry : fs::directory_iterator(kPages)) {
    std::ifstream in(entry.path());
    for (std::string line; std::getline(in, line);) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (std::regex_match(line, pattern)) ++count;
    }
  }
  return count;
}

using paperdex::test::quote;
using paperdex::test::run_command;
using paperdex::test::RunOutput;

// One index of the author pages shared by every test case in this file.
const paperdex::test::SharedIndex& pages_index() {
  static const paperdex::test::SharedIndex index(std::vector<std::string>{kPages.string()});
  return index;
}

paperdex::SearchResult search(const std::string& query, std::size_t limit = 50) {
  paperdex::Searcher searcher(pages_index().path());
  paperdex::SearchRequest request;
  request.query = query;
  request.limit = limit;
  return searcher.search(request);
}

std::string plain_text(const paperdex::HighlightedText& text) { return text.text; }

std::vector<std::string> marked(const paperdex::HighlightedText& text) {
  std::vector<std::string> words;
  for (const auto& [begin, end] : text.spans) words.push_back(text.text.substr(begin, end - begin));
  return words;
}

}  // namespace

TEST_CASE("indexing the author pages gives one document per paper", "[author-pages]") {
  const paperdex::test::SharedIndex& index = pages_index();
  INFO(index.summary());
  REQUIRE(index.status() == 0);
  const std::size_t records = count_lines(std::regex(R"([A-Za-z]+\d{4})"));
  REQUIRE(records == 45);
  CHECK(paperdex::Searcher(index.path()).document_count() == records);
}

TEST_CASE("re-indexing the same pages changes nothing", "[author-pages]") {
  TempDir dir;
  paperdex::IndexRunOptions options;
  options.db_path = (dir / "index").string();
  options.inputs = {kPages.string()};
  std::ostringstream out, err;
  REQUIRE(paperdex::test::run_indexer(options, out, err) == 0);
  REQUIRE(paperdex::test::run_indexer(options, out, err) == 0);
  CHECK(paperdex::Searcher(options.db_path).document_count() == 45);
}

TEST_CASE("field queries count what the pages hold", "[author-pages]") {
  CHECK(search("author:\"Zhida Jiang\"").total == 9);
  CHECK(search("subject:math.FA").total == 4);
  CHECK(search("subject:math").total == 7);
  CHECK(search("year:2026").total == count_lines(std::regex(R"([A-Za-z]+2026)")));
}

TEST_CASE("the subject facet over everything sums to the pages' subject lines", "[author-pages]") {
  const paperdex::SearchResult result = search("year:..2100");
  CHECK(result.total == 45);
  std::size_t sum = 0;
  for (const auto& facet : result.subject_facets) sum += facet.count;
  // Every subject line names one category here; count the categories on them.
  CHECK(sum == count_lines(std::regex(R"(\S+↗)")));
  std::size_t year_sum = 0;
  for (const auto& facet : result.year_facets) year_sum += facet.count;
  CHECK(year_sum == 45);
}

TEST_CASE("optical circuit switch finds the OCS papers, highlighted", "[author-pages]") {
  const paperdex::SearchResult result = search("optical circuit switch", 10);
  REQUIRE(result.hits.size() >= 2);
  for (std::size_t i = 0; i < 2; ++i) {
    const paperdex::Hit& hit = result.hits[i];
    INFO(plain_text(hit.title));
    CHECK(hit.matches_all_words);
    const std::string text = plain_text(hit.title) + " " + plain_text(hit.snippet);
    CHECK(text.find("OCS") != std::string::npos);
    bool optical_marked = false;
    for (const std::string& word : marked(hit.snippet)) {
      if (word == "optical" || word == "Optical") optical_marked = true;
    }
    CHECK(optical_marked);
  }
}

TEST_CASE("accents and TeX spellings match their plain forms", "[author-pages]") {
  SECTION("Bjorn finds Bj\\\"{o}rn and highlights Björn") {
    const paperdex::SearchResult result = search("Bjorn");
    REQUIRE_FALSE(result.hits.empty());
    const auto words = marked(result.hits[0].snippet);
    REQUIRE_FALSE(words.empty());
    CHECK(words[0] == "Björn");
  }
  SECTION("biholder finds the biHölder paper") {
    const paperdex::SearchResult result = search("biholder");
    REQUIRE_FALSE(result.hits.empty());
    CHECK(plain_text(result.hits[0].title).find("biHölder") != std::string::npos);
  }
}

TEST_CASE("paperdex-search --json has the documented shape", "[author-pages][cli]") {
  const std::string db = pages_index().path();
  const RunOutput run = run_command(std::string(PAPERDEX_SEARCH_BIN) + " --db " + quote(db) +
                                    " --json " + quote("author:\"Zhida Jiang\""));
  REQUIRE(run.status == 0);
  const auto json = nlohmann::json::parse(run.out);
  CHECK(json["query"] == "author:\"Zhida Jiang\"");
  CHECK(json["total"] == 9);
  REQUIRE(json["hits"].is_array());
  CHECK(json["hits"].size() == 9);
  for (const auto& hit : json["hits"]) {
    for (const char* key : {"id", "title", "authors", "subjects", "year", "score", "snippet"}) {
      CHECK(hit.contains(key));
    }
    const auto& authors = hit["authors"];
    CHECK(std::find(authors.begin(), authors.end(), "Zhida Jiang") != authors.end());
  }
  std::size_t facet_sum = 0;
  for (const auto& bucket : json["facets"]["subjects"])
    facet_sum += bucket["count"].get<std::size_t>();
  CHECK(facet_sum >= 9);
  CHECK(json["facets"]["years"].is_array());
}

TEST_CASE("paperdex-search --json gives plain text, and the highlights beside it",
          "[author-pages][cli]") {
  const RunOutput run = run_command(std::string(PAPERDEX_SEARCH_BIN) + " --db " +
                                    quote(pages_index().path()) + " --json Bjorn");
  REQUIRE(run.status == 0);
  const auto json = nlohmann::json::parse(run.out);
  REQUIRE(json["hits"].size() >= 1);
  const auto& hit = json["hits"][0];
  const std::string snippet = hit["snippet"];
  CHECK(snippet.find("Björn") != std::string::npos);
  CHECK(snippet.find("<b>") == std::string::npos);
  CHECK(hit["snippet_highlighted"].get<std::string>().find("<b>Björn</b>") != std::string::npos);
}

TEST_CASE("paperdex-search errors exit 2 with one clear line", "[author-pages][cli]") {
  const std::string search =
      std::string(PAPERDEX_SEARCH_BIN) + " --db " + quote(pages_index().path());
  struct Case {
    std::string args;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"'\"unbalanced quote'", "quote"},
      {"'(open paren'", "parenthes"},
      {"'nosuchfield:x'", "unknown field"},
      {"''", "empty query"},
  };
  for (const Case& c : cases) {
    INFO(c.args);
    const RunOutput run = run_command(search + " --strict-syntax " + c.args + " 2>&1");
    CHECK(run.status == 2);
    CHECK(run.out.find(c.message) != std::string::npos);
  }
  // Without --strict-syntax, what is not valid syntax is read as words, and
  // the output says so; a query with nothing to search for is still an error.
  for (const Case& c : cases) {
    INFO(c.args);
    const RunOutput run = run_command(search + " " + c.args + " 2>&1");
    if (c.message == "empty query") {
      CHECK(run.status == 2);
    } else {
      // Read as words, which may find nothing: exit 1 then, as grep, not 2.
      const bool none = run.out.find("No papers match") != std::string::npos;
      CHECK(run.status == (none ? 1 : 0));
      CHECK(run.out.find("Note: read ") != std::string::npos);
      CHECK(run.out.find(c.message) != std::string::npos);
    }
  }
  const RunOutput missing =
      run_command(std::string(PAPERDEX_SEARCH_BIN) + " --db /nonexistent/paperdex x 2>&1");
  CHECK(missing.status == 2);
  CHECK(missing.out.find("no paperdex index") != std::string::npos);
}

TEST_CASE("paperdex-search: no results exits 1, as grep, not 2, and -- allows a leading dash",
          "[author-pages][cli]") {
  const std::string search =
      std::string(PAPERDEX_SEARCH_BIN) + " --db " + quote(pages_index().path());
  const RunOutput none = run_command(search + " zzzzqqqq");
  CHECK(none.status == 1);
  CHECK(none.out.find("No papers match") != std::string::npos);
  const RunOutput dashed = run_command(search + " --json -- -zzzzqqqq optical");
  CHECK(dashed.status == 0);
  CHECK(nlohmann::json::parse(dashed.out)["total"].get<int>() > 0);
}

TEST_CASE("filters alone list every match, newest first", "[author-pages][cli]") {
  const std::string search =
      std::string(PAPERDEX_SEARCH_BIN) + " --db " + quote(pages_index().path());
  const RunOutput run = run_command(search + " --json --limit 100 --subject cs.NI");
  REQUIRE(run.status == 0);
  const auto json = nlohmann::json::parse(run.out);
  CHECK(json["total"] == 9);
  int previous = 9999;
  for (const auto& hit : json["hits"]) {
    CHECK(hit["year"].get<int>() <= previous);
    previous = hit["year"].get<int>();
  }
}
