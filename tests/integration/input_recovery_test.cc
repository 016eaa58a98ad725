// Inputs paperdex cannot take whole: lines without end (in a --batch file,
// a --delete-from list, JSON lines), fields over their limits, a read error
// in the middle of a run, and a JSON document where JSON lines were
// expected. Each part is refused or cut with a message naming the file (and
// line), and what could be kept is kept.
#include <algorithm>
#include <string>

#include <catch2/catch.hpp>

#include "index_test_support.h"
#include "paperdex/searcher.h"
#include "test_support.h"

namespace {

// The helpers of test_support.h and index_test_support.h.
using namespace paperdex::test;

const std::string kIndexBin = PAPERDEX_INDEX_BIN;
const std::string kSearchBin = PAPERDEX_SEARCH_BIN;

// paperdex-search on an index of one paper, 1501.00001 on lattice phonons.
RunOutput search(const std::string& args) {
  return run_command(kSearchBin + " --db " + quote(one_paper_index().path()) + " --color never " +
                     args);
}

}  // namespace

TEST_CASE("over-long lines are refused while read, and the lines after them still count",
          "[input-recovery]") {
  TempDir dir;
  // A query line just over 1 MiB between two good ones.
  const auto queries = dir / "queries.txt";
  write_file(queries, "lattice\n" + std::string((1 << 20) + 1, 'q') + "\nphonons\n");
  RunOutput run = search("--format tsv --fields id --batch " + quote(queries.string()) + " 2>&1");
  CHECK(run.status == 2);
  CHECK(contains(run.out, queries.string() + ":2: a query line longer than 1 MiB; skipped"));
  CHECK(contains(run.out, "1501.00001"));  // the queries around it ran

  // An endless line (no line break in 1 GiB) ends the batch with a bound on
  // time and memory.
  run = run_command("head -c 1200000000 /dev/zero | " + kSearchBin + " --db " +
                    quote(one_paper_index().path()) + " --batch /dev/stdin 2>&1");
  CHECK(run.status == 2);
  CHECK(contains(run.out, "no line end in the next 1 GiB"));

  // --delete-from: a line of 1 MiB is no id; nothing is deleted.
  const std::string db = (dir / "index").string();
  write_file(dir / "a.jsonl", snapshot_line("1501.00011", "First") + "\n" +
                                  snapshot_line("1501.00012", "Second") + "\n");
  REQUIRE(index_files(db, {(dir / "a.jsonl").string()}, nullptr) == 0);
  write_file(dir / "ids.txt", "1501.00011\n" + std::string((1 << 20) + 1, '1') + "\n");
  run = run_command(kIndexBin + " -q --db " + quote(db) + " --delete-from " +
                    quote((dir / "ids.txt").string()) + " 2>&1");
  CHECK(run.status == 2);
  CHECK(contains(run.out, "ids.txt:2: a line longer than 1 MiB"));
  CHECK(paperdex::Searcher(db).document_count() == 2);

  // A JSON line over 16 MiB is skipped, named by its line; the next is indexed.
  const auto big = dir / "big.jsonl";
  write_file(big, snapshot_line("1501.00021", "Before") + "\n" +
                      snapshot_line("1501.00022", "Huge", std::string(17 << 20, 'x')) + "\n" +
                      snapshot_line("1501.00023", "After") + "\n");
  std::string log;
  CHECK(index_files((dir / "big-index").string(), {big.string()}, &log) ==
        paperdex::cli::kExitSkipped);
  CHECK(contains(log, big.string() + ":2: a line longer than 16 MiB"));
  CHECK(paperdex::Searcher((dir / "big-index").string()).document_count() == 2);
}

TEST_CASE("fields over their limits are cut with a message naming file, line and field",
          "[input-recovery]") {
  TempDir dir;
  const auto corpus = dir / "long.jsonl";
  std::string abstract;
  while (abstract.size() < 100'000) abstract += "graphene lattice phonon ";
  std::string title;
  while (title.size() < 5'000) title += "very long title ";
  write_file(corpus, snapshot_line("1501.00031", "Fine") + "\n" +
                         snapshot_line("1501.00032", title, abstract) + "\n");
  std::string log;
  const std::string db = (dir / "index").string();
  CHECK(index_files(db, {corpus.string()}, &log) == paperdex::cli::kExitSkipped);
  CHECK(contains(log, corpus.string() + ":2: title: 5,00"));  // trimmed: 5,007 or 5,008
  CHECK(contains(log, "bytes, cut to at most 4,096 (truncated)"));
  CHECK(contains(log, corpus.string() + ":2: abstract: 100,00"));
  CHECK(contains(log, "bytes, cut to at most 65,536 (truncated)"));
  CHECK(contains(log, "fields cut     2\n"));
  paperdex::Searcher searcher(db);
  CHECK(searcher.document_count() == 2);
  paperdex::SearchRequest request;
  request.query = "id:1501.00032";
  const auto result = searcher.search(request);
  REQUIRE(result.hits.size() == 1);
  CHECK(result.hits[0].title.text.size() <= 4096);
  CHECK(result.hits[0].title.text.starts_with("very long title"));
}

TEST_CASE("a read error names the file, keeps what was read and goes on to the next input",
          "[input-recovery]") {
  TempDir dir;
  write_file(dir / "good.jsonl", snapshot_line("1501.00041", "Good one") + "\n");
  write_file(dir / "more.jsonl", snapshot_line("1501.00042", "More") + "\n");
  const std::string db = (dir / "index").string();
  const RunOutput run =
      run_command(kIndexBin + " -q --db " + quote(db) + " " + quote((dir / "good.jsonl").string()) +
                  " /proc/self/mem " + quote((dir / "more.jsonl").string()) + " 2>&1");
  INFO(run.out);
  CHECK(run.status == 1);
  CHECK(contains(run.out, "/proc/self/mem: reading failed after 0 bytes: Input/output error"));
  CHECK(paperdex::Searcher(db).document_count() == 2);  // both files, a new index kept
}

TEST_CASE("a JSON array of snapshot records is read element by element", "[input-recovery]") {
  TempDir dir;
  const auto document = dir / "records.json";
  // Pretty-printed, as `jq .` writes it, with one element that is no record.
  write_file(document, "\xEF\xBB\xBF[\n  " + snapshot_line("1501.00051", "First, [with] {braces}") +
                           ",\n  {\"id\": 42},\n  " +
                           snapshot_line("1501.00052", "Second \\\"quoted\\\" \\\\") + "\n]\n");
  std::string log;
  const std::string db = (dir / "index").string();
  CHECK(index_files(db, {document.string()}, &log) == paperdex::cli::kExitSkipped);
  CHECK(contains(log, document.string() + ":3: \"id\" is not a string"));
  // One problem for the one bad element: not one per line.
  CHECK(std::count(log.begin(), log.end(), '\n') == 1 + 10);  // the summary's 10 lines
  CHECK(paperdex::Searcher(db).document_count() == 2);

  // A broken document is reported once, where it breaks.
  const auto broken = dir / "broken.json";
  write_file(broken, "[\n" + snapshot_line("1501.00061", "Kept") + ",\n" +
                         snapshot_line("1501.00062", "Cut off").substr(0, 30));
  CHECK(index_files((dir / "broken-index").string(), {broken.string()}, &log) ==
        paperdex::cli::kExitSkipped);
  CHECK(contains(log, broken.string() + ":3: the file ends inside the JSON array"));
  CHECK(paperdex::Searcher((dir / "broken-index").string()).document_count() == 1);
}
