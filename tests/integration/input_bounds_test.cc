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

// A snapshot record (one JSON line, without its line break) of a paper on lattices.
std::string snapshot_line(const std::string& id, const std::string& title) {
  return paperdex::test::snapshot_line(id, title, "an abstract about lattices");
}

using paperdex::test::contains;
using paperdex::test::write_file;

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

TEST_CASE("a JSON document of papers is read, and one of anything else is one line", "[bounds]") {
  TempDir dir;
  // {"count": N, "papers": [...]}, pretty-printed: once 10 problem lines a paper.
  nlohmann::json papers = nlohmann::json::array();
  for (int i = 0; i < 500; ++i) {
    papers.push_back({{"arxiv_id", "1501." + std::to_string(10000 + i) + "v1"},
                      {"title", "Paper number " + std::to_string(i)},
                      {"summary", "An abstract about lattices."},
                      {"authors", {"Ada Lovelace", "Alan Turing"}}});
  }
  std::filesystem::create_directories(dir / "data");
  write_file(dir / "data" / "papers.json",
             nlohmann::json({{"count", 500}, {"papers", papers}}).dump(2));
  nlohmann::json other = {{"count", 500}, {"rows", nlohmann::json::array()}};
  for (int i = 0; i < 500; ++i) other["rows"].push_back({{"name", "row"}, {"value", i}});
  write_file(dir / "other.json", other.dump(2));

  std::string log;
  CHECK(index_files((dir / "index").string(), {(dir / "data" / "papers.json").string()}, &log) ==
        paperdex::cli::kExitOk);
  CHECK(paperdex::Searcher((dir / "index").string()).document_count() == 500);

  // Named, the other document is one skipped input on one line.
  CHECK(index_files((dir / "index2").string(), {(dir / "other.json").string()}, &log) ==
        paperdex::cli::kExitSkipped);
  INFO(log);
  CHECK(contains(log, (dir / "other.json").string() +
                          ": a JSON document (not one JSON object a line) with no list of papers"));
  CHECK(contains(log, "not a format paperdex reads, which are "));
  CHECK(std::count(log.begin(), log.end(), '\n') == 1 + 10);  // the summary's 10 lines

  // In a directory beside papers, it is ignored once and the papers are read.
  std::filesystem::copy_file(dir / "other.json", dir / "data" / "other.json");
  CHECK(index_files((dir / "index3").string(), {(dir / "data").string()}, &log) ==
        paperdex::cli::kExitOk);
  CHECK(contains(log, "ignored " + (dir / "data" / "other.json").string()));
  CHECK(paperdex::Searcher((dir / "index3").string()).document_count() == 500);
}

TEST_CASE("the skipped records of one input are told up to a limit, then counted", "[bounds]") {
  TempDir dir;
  std::string lines;
  for (int i = 0; i < 1000; ++i) lines += "{\"title\": \"no id\"}\n";
  write_file(dir / "bad.jsonl", lines);
  write_file(dir / "few.jsonl", "{\"title\": \"no id\"}\n{\"title\": \"no id either\"}\n");
  std::string log;
  CHECK(index_files((dir / "index").string(),
                    {(dir / "bad.jsonl").string(), (dir / "few.jsonl").string()},
                    &log) == paperdex::cli::kExitSkipped);
  INFO(log);
  const std::string bad = (dir / "bad.jsonl").string();
  CHECK(contains(log, bad + ":20: no \"id\" (skipped)"));
  CHECK_FALSE(contains(log, bad + ":21:"));
  CHECK(contains(log, bad + ": ... and 980 more skipped (counted in the summary)\n"));
  CHECK(contains(log, (dir / "few.jsonl").string() + ":2: no \"id\" (skipped)"));
  CHECK(contains(log, "skipped        1,002  (missing-field 1,002)"));
  CHECK(std::count(log.begin(), log.end(), '\n') == 20 + 1 + 2 + 10);
}
