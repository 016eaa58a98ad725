// Issue #28, inputs that are not what paperdex reads or that have no end in
// depth: each gives one clear message naming the file (and line), and the
// inputs after it are still read.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "index_test_support.h"
#include "paperdex/searcher.h"
#include "test_support.h"

namespace {

using paperdex::test::index_files;
using paperdex::test::quote;
using paperdex::test::run_command;
using paperdex::test::TempDir;

std::string snapshot_line(const std::string& id, const std::string& title) {
  const nlohmann::json record = {{"id", id},
                                 {"title", title},
                                 {"authors", "A. Writer"},
                                 {"categories", "cs.DS"},
                                 {"abstract", "an abstract about lattices"}};
  return record.dump();
}

void write_file(const std::filesystem::path& path, const std::string& content) {
  std::ofstream out(path, std::ios::binary);
  out << content;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("deeply nested XML, gzipped, is one problem at its line, and the next input is read",
          "[bounds]") {
  TempDir dir;
  // 2,000,000 levels in some 20 KB of gzip: the old reader held every level.
  std::string xml =
      "<?xml version=\"1.0\"?>\n<OAI-PMH xmlns=\"http://www.openarchives.org/OAI/2.0/\">\n"
      "<ListRecords>\n";
  constexpr std::size_t kLevels = 2'000'000;
  xml.reserve(xml.size() + 7 * kLevels);
  for (std::size_t i = 0; i < kLevels; ++i) xml += "<a>";
  for (std::size_t i = 0; i < kLevels; ++i) xml += "</a>";
  xml += "</ListRecords></OAI-PMH>\n";
  write_file(dir / "deep.xml", xml);
  REQUIRE(run_command("gzip -n " + quote((dir / "deep.xml").string())).status == 0);
  const std::string deep = (dir / "deep.xml.gz").string();
  write_file(dir / "after.jsonl", snapshot_line("1501.00001", "Read after the deep file") + "\n");

  std::string log;
  const std::string db = (dir / "index").string();
  CHECK(index_files(db, {deep, (dir / "after.jsonl").string()}, &log) ==
        paperdex::cli::kExitSkipped);
  INFO(log);
  CHECK(contains(log, deep + ":4: XML elements nested more than 64 deep"));
  CHECK(contains(log, "skipped        1  (too-deep 1)"));
  CHECK(paperdex::Searcher(db).document_count() == 1);
}
