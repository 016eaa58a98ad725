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

TEST_CASE("a feed whose source answered with an error is a warning, not a failed run", "[bounds]") {
  TempDir dir;
  write_file(dir / "error.xml",
             "<?xml version='1.0' encoding='UTF-8'?>\n"
             "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
             "  <entry>\n"
             "    <id>https://arxiv.org/api/errors#incorrect_id_format_for_abc</id>\n"
             "    <title>Error</title>\n"
             "    <summary>incorrect id format for abc</summary>\n"
             "  </entry>\n"
             "</feed>\n");
  write_file(dir / "good.jsonl", snapshot_line("1501.00002", "A paper beside the error") + "\n");
  std::string log;
  const std::string db = (dir / "index").string();
  CHECK(index_files(db, {(dir / "error.xml").string(), (dir / "good.jsonl").string()}, &log) ==
        paperdex::cli::kExitOk);
  INFO(log);
  CHECK(contains(log, "warning: " + (dir / "error.xml").string() +
                          ":3: arXiv API error: incorrect id format for abc; this input held "
                          "no paper"));
  CHECK(contains(log, "skipped        0\n"));
  CHECK(contains(log, "source errors  1\n"));
  CHECK(paperdex::Searcher(db).document_count() == 1);

  // A bad record beside it still fails the run as before.
  write_file(dir / "bad.jsonl", "{\"id\": \"1501.00003\"}\n");
  CHECK(index_files((dir / "index2").string(),
                    {(dir / "error.xml").string(), (dir / "bad.jsonl").string()},
                    &log) == paperdex::cli::kExitSkipped);

  // The Atom folder of the shared data, which carries such a feed, reads
  // clean; --quiet keeps the warning for runs without it, as cron wants.
  const auto shared = paperdex::test::shared_dir();
  if (!shared) {
    WARN("../shared is absent: the real Atom folder was not tried");
    return;
  }
  const std::string atom = (*shared / "data" / "arxiv-atom").string();
  const auto run = run_command(PAPERDEX_INDEX_BIN + std::string(" -q --db ") +
                               quote((dir / "atom-index").string()) + " " + quote(atom) + " 2>&1");
  INFO(run.out);
  CHECK(run.status == 0);
  CHECK(run.out.empty());
}
