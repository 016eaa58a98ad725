// The citation graph from the command line (#51 items 3-4), on three of
// the shared PDFs: 2304.02623 cites 2206.10883 by its arXiv id and
// 2302.07302 by its whole title. cites: and cited_by: find them, --show
// lists the references resolved, hits carry cited_by_count, and
// --citations writes the edges, read back here in both its formats.
#include <algorithm>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using paperdex::test::contains;
using paperdex::test::quote;
using paperdex::test::run_command;
using paperdex::test::search_cli;
using paperdex::test::shared_fulltext;
using paperdex::test::TempDir;

std::set<std::string> tsv_ids(const std::string& out) {
  std::set<std::string> ids;
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty()) ids.insert(line.substr(0, line.find('\t')));
  }
  return ids;
}

std::vector<nlohmann::json> json_lines(const std::string& out) {
  std::vector<nlohmann::json> rows;
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty()) rows.push_back(nlohmann::json::parse(line));
  }
  return rows;
}

}  // namespace

TEST_CASE("cites:, cited_by:, --show's references and --citations on real PDFs",
          "[citations][cli]") {
  const auto shared = shared_fulltext();
  if (!shared) {
    WARN("../shared/data/fulltext is absent: the citation graph is not checked on PDFs");
    return;
  }
  TempDir dir;
  const std::string db = (dir.path() / "index").string();
  std::string files;
  for (const char* name : {"2206.10883v3.pdf", "2302.07302v1.pdf", "2304.02623v1.pdf"}) {
    files += " " + quote((*shared / "pdf" / name).string());
  }
  const auto indexed =
      run_command(std::string(PAPERDEX_INDEX_BIN) + " --db " + quote(db) + files + " 2>&1");
  INFO(indexed.out);
  REQUIRE(indexed.status == 0);

  using Ids = std::set<std::string>;
  CHECK(tsv_ids(search_cli(db, "cites:2206.10883 --format tsv").out) == Ids{"2304.02623"});
  CHECK(tsv_ids(search_cli(db, "cites:2302.07302 --format tsv").out) == Ids{"2304.02623"});
  CHECK(tsv_ids(search_cli(db, "cited_by:2304.02623 --format tsv").out) ==
        Ids{"2206.10883", "2302.07302"});
  CHECK(tsv_ids(search_cli(db, "cites:2304.02623 --format tsv").out).empty());
  // With words and fields.
  CHECK(tsv_ids(search_cli(db, "cited_by:2304.02623 title:lawsuits --format tsv").out) ==
        Ids{"2206.10883"});

  // Hits carry cited_by_count.
  const auto counted =
      search_cli(db, "cited_by:2304.02623 --format jsonl --fields id,cited_by_count");
  REQUIRE(counted.status == 0);
  for (const nlohmann::json& hit : json_lines(counted.out)) CHECK(hit["cited_by_count"] == 1);

  // --show: the references, resolved.
  const auto shown = search_cli(db, "--show 2304.02623 --json");
  REQUIRE(shown.status == 0);
  const nlohmann::json paper = nlohmann::json::parse(shown.out)["papers"].at(0);
  const nlohmann::json& references = paper["references"];
  REQUIRE(references.size() > 30);
  std::set<std::string> linked;
  for (const nlohmann::json& reference : references) {
    for (const char* key :
         {"text", "id", "more_ids", "doi", "title", "authors", "year", "in_index", "resolved_by"}) {
      CHECK(reference.contains(key));
    }
    if (reference["in_index"] == true) {
      linked.insert(reference["id"].get<std::string>() + " " +
                    reference["resolved_by"].get<std::string>());
    }
  }
  CHECK(linked == Ids{"2206.10883 arxiv_id", "2302.07302 title"});
  const auto text = search_cli(db, "--show 2304.02623");
  // (Wrapped to the width: any white space between the words.)
  CHECK(std::regex_search(text.out, std::regex(R"(->\s+2206\.10883\s)")));
  CHECK(std::regex_search(text.out, std::regex(R"(->\s+2302\.07302\s+\(by\s+title\))")));

  // --show ID --references: the references as papers, in the citation
  // formats: the indexed ones as the index has them.
  const auto bibtex = search_cli(db, "--show 2304.02623 --references --format bibtex");
  REQUIRE(bibtex.status == 0);
  CHECK(static_cast<std::size_t>(std::count(bibtex.out.begin(), bibtex.out.end(), '@')) >=
        references.size());
  CHECK(contains(bibtex.out, "eprint = {2206.10883}"));
  CHECK(contains(bibtex.out, "eprint = {2302.07302}"));
  const auto csl = search_cli(db, "--show 2304.02623 --references --format csljson");
  REQUIRE(csl.status == 0);
  CHECK(nlohmann::json::parse(csl.out).size() == references.size());
  CHECK(search_cli(db, "--references attention").status == 2);

  // --citations: every reference an edge, in TSV (columns named by --header)
  // and JSON lines alike.
  const auto edges = search_cli(db, "--citations --format jsonl");
  REQUIRE(edges.status == 0);
  const std::vector<nlohmann::json> rows = json_lines(edges.out);
  std::size_t from_citing = 0;
  std::set<std::string> in_index;
  for (const nlohmann::json& row : rows) {
    if (row["citing"] == "2304.02623") ++from_citing;
    if (row["in_index"] == true) {
      in_index.insert(row["citing"].get<std::string>() + ">" + row["cited"].get<std::string>());
      CHECK(row["cited_as"] == "arxiv_id");
    }
  }
  CHECK(from_citing >= references.size());
  CHECK(in_index.count("2304.02623>2206.10883") == 1);
  CHECK(in_index.count("2304.02623>2302.07302") == 1);
  const auto tsv = search_cli(db, "--citations --header");
  REQUIRE(tsv.status == 0);
  std::istringstream lines(tsv.out);
  std::string line;
  REQUIRE(std::getline(lines, line));
  CHECK(line == "citing\tcited\tcited_as\tresolved_by\tin_index\ttext");
  std::size_t count = 0;
  for (; std::getline(lines, line); ++count) {
    CHECK(std::count(line.begin(), line.end(), '\t') == 5);
  }
  CHECK(count == rows.size());
  // Refused: a query, or a format without an edge form.
  CHECK(search_cli(db, "--citations attention").status == 2);
  CHECK(search_cli(db, "--citations --subject cs.CL").status == 2);
  CHECK(search_cli(db, "--citations --format json").status == 2);
}
