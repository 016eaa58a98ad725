// The full-text inputs as paperdex-index reads them (fulltext_input.h,
// input.cc's format table, the JSON-lines reader): a snapshot line with a
// "body" and unarXive's lines become records that carry the body and its
// facts; a body that cannot be read leaves the line's metadata indexed.
#include <filesystem>
#include <sstream>
#include <string>

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "format_readers.h"
#include "paperdex/indexer/readers.h"
#include "reader_test_support.h"
#include "test_support.h"

namespace fs = std::filesystem;

TEST_CASE("a snapshot line with a body is read with its body and facts", "[fulltext][readers]") {
  nlohmann::json line = nlohmann::json::parse(paperdex::test::snapshot_line("2101.00001", "Birds"));
  line["body"] = "Introduction\nWe counted the migrating starlings.";
  std::istringstream in(line.dump() + "\n");
  paperdex::test::Collected got;
  paperdex::read_arxiv_jsonl(in, "set.jsonl", got.sink());
  REQUIRE(got.records.size() == 1);
  const paperdex::Record& record = got.records[0];
  CHECK(record.id == "2101.00001");
  CHECK(record.title == "Birds");
  CHECK(record.body.find("migrating starlings") != std::string::npos);
  const nlohmann::json facts = nlohmann::json::parse(record.fulltext);
  CHECK(facts["source"] == "jsonl");
  CHECK(facts["file"] == "set.jsonl:1");
  CHECK(facts["words"] == 6);
  CHECK(got.problems.empty());
}

TEST_CASE("a snapshot line without a body is read as before", "[fulltext][readers]") {
  std::istringstream in(paperdex::test::snapshot_line("2101.00001", "Birds") + "\n");
  paperdex::test::Collected got;
  paperdex::read_arxiv_jsonl(in, "set.jsonl", got.sink());
  REQUIRE(got.records.size() == 1);
  CHECK(got.records[0].body.empty());
  CHECK(got.records[0].fulltext.empty());
  CHECK(got.warnings.empty());
}

TEST_CASE("unarXive's sample is read: 49 papers, each with its body", "[fulltext][readers]") {
  const auto found = paperdex::test::shared_unarxive_sample();
  if (!found) {
    WARN("unarXive test skipped: ../shared/data/fulltext/unarxive absent");
    return;
  }
  const fs::path& sample = *found;
  paperdex::test::Collected got;
  paperdex::read_input(sample.string(), got.sink());
  CHECK(got.problems.empty());
  REQUIRE(got.records.size() == 49);
  for (const paperdex::Record& record : got.records) {
    INFO(record.origin);
    CHECK_FALSE(record.id.empty());
    CHECK_FALSE(record.title.empty());
    CHECK_FALSE(record.body.empty());  // one of them is a few words long
    CHECK(nlohmann::json::parse(record.fulltext)["source"] == "unarxive");
  }
}
