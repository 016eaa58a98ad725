// The input format table (input.cc): one row per format, each detected from
// a sample of its own and read by its own reader; the rest of the input
// layer (format_name, detect_format, the unknown-format message, --help)
// comes from the table.
#include <catch2/catch.hpp>
#include <set>
#include <sstream>

#include "paperdex/indexer/readers.h"
#include "reader_test_support.h"
#include "test_support.h"

using paperdex::InputFormat;
using paperdex::InputFormatInfo;

namespace {

// A small valid input of each format, with one record titled "Table test".
std::string sample(InputFormat format) {
  switch (format) {
    case InputFormat::kAuthorPage:
      return "arXiv subjects\n\nAda Lovelace\n\n"
             "Publications and source records attributed to Ada Lovelace.\n\n"
             "arXiv2021\n\nTable test\n\nAn abstract.\n\ncs.NI\xE2\x86\x97\n";
    case InputFormat::kArxivJsonl:
      return R"({"id":"2101.00001","title":"Table test","authors":"A. Author","abstract":"x"})"
             "\n";
    case InputFormat::kArxivJsonArray:
      return R"([{"id":"2101.00001","title":"Table test","authors":"A. Author","abstract":"x"}])";
    case InputFormat::kJsonDocument:
      return "{\n  \"count\": 1,\n  \"papers\": [\n    {\"arxiv_id\": \"2101.00001v1\", "
             "\"title\": \"Table test\", \"summary\": \"x\", \"authors\": [\"A. Author\"]}\n"
             "  ]\n}\n";
    case InputFormat::kOaiPmh:
      return R"(<?xml version="1.0"?><OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/">)"
             R"(<ListRecords><record><header><identifier>oai:arXiv.org:2101.00001</identifier>)"
             R"(</header><metadata><arXiv xmlns="http://arxiv.org/OAI/arXiv/"><id>2101.00001</id>)"
             R"(<title>Table test</title><abstract>x</abstract></arXiv></metadata></record>)"
             R"(</ListRecords></OAI-PMH>)";
    case InputFormat::kAtom:
      return R"(<feed xmlns="http://www.w3.org/2005/Atom"><entry>)"
             R"(<id>http://arxiv.org/abs/2101.00001v1</id><title>Table test</title>)"
             R"(<summary>x</summary><author><name>A. Author</name></author></entry></feed>)";
    case InputFormat::kUnknown:
      break;
  }
  return "";
}

}  // namespace

TEST_CASE("input formats: one row each, with a distinct name and a description",
          "[readers][input-formats]") {
  std::set<std::string> names;
  std::set<InputFormat> formats;
  for (const InputFormatInfo& row : paperdex::input_formats()) {
    INFO(row.name);
    CHECK(names.insert(std::string(row.name)).second);
    CHECK(formats.insert(row.format).second);
    CHECK(row.format != InputFormat::kUnknown);
    CHECK_FALSE(row.description.empty());
    CHECK(paperdex::format_name(row.format) == row.name);
    REQUIRE(row.detect != nullptr);
    REQUIRE(row.read != nullptr);
  }
  CHECK(formats.size() == 6);
  CHECK(paperdex::format_name(InputFormat::kUnknown) == "unknown");
}

TEST_CASE("input formats: each row detects its own sample and no other's, and reads it",
          "[readers][input-formats]") {
  for (const InputFormatInfo& row : paperdex::input_formats()) {
    INFO(row.name);
    const std::string bytes = sample(row.format);
    REQUIRE_FALSE(bytes.empty());
    CHECK(paperdex::detect_format(bytes) == row.format);
    for (const InputFormatInfo& other : paperdex::input_formats()) {
      if (other.format != row.format) CHECK_FALSE(other.detect(bytes));
    }
    paperdex::test::Collected got;
    std::istringstream in(bytes);
    row.read(in, "sample", got.sink());
    INFO(got.problems.size() << " problems");
    REQUIRE(got.records.size() == 1);
    CHECK(got.records[0].title == "Table test");
  }
}

TEST_CASE("input formats: an unknown format's message names every format of the table",
          "[readers][input-formats]") {
  paperdex::test::TempDir dir;
  paperdex::test::write_file(dir / "notes.txt", "just some words\n");
  paperdex::test::Collected got;
  paperdex::read_input((dir / "notes.txt").string(), got.sink());
  REQUIRE(got.problems.size() == 1);
  CHECK(paperdex::holds_no_records(got.problems[0]));
  for (const InputFormatInfo& row : paperdex::input_formats()) {
    INFO(row.name);
    CHECK(got.problems[0].message.find(row.description) != std::string::npos);
  }
}
