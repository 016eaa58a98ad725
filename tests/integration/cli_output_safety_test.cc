// Issue #19, hostile input and failure: data that tries to program the
// terminal, output that cannot be written, numbers out of range, lines and
// fields without end, read errors in the middle of a run, and JSON documents
// where JSON lines were expected. Each is refused or contained with a message
// naming what was wrong, and what could be kept is kept.
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "index_test_support.h"
#include "paperdex/searcher.h"
#include "test_support.h"

namespace {

using paperdex::test::quote;
using paperdex::test::run_command;
using paperdex::test::RunOutput;
using paperdex::test::TempDir;

const std::string kIndexBin = PAPERDEX_INDEX_BIN;
const std::string kSearchBin = PAPERDEX_SEARCH_BIN;

std::string snapshot_line(const std::string& id, const std::string& title,
                          const std::string& abstract = "an abstract") {
  nlohmann::json record = {{"id", id},
                           {"title", title},
                           {"authors", "A. Writer"},
                           {"categories", "cs.DS"},
                           {"abstract", abstract},
                           {"versions", {{{"version", "v1"}, {"created", "Mon, 5 Jan 2015"}}}}};
  return record.dump();
}

using paperdex::test::contains;
using paperdex::test::write_file;

using paperdex::test::has_terminal_controls;
using paperdex::test::index_files;

// An index of three papers, one of them with a title made to attack a terminal.
class HostileIndex {
 public:
  static const HostileIndex& get() {
    static HostileIndex index;
    return index;
  }
  std::string path() const { return (dir_ / "index").string(); }
  const std::filesystem::path& dir() const { return dir_.path(); }

 private:
  HostileIndex() {
    const auto corpus = dir_ / "hostile.jsonl";
    write_file(corpus, snapshot_line("1501.00001",
                                     "Escape \x1b]0;pwned\x07\x1b[2J lattice C1 \xC2\x9B"
                                     "31m phonons",
                                     "lattice phonons \x1b[5m blink \x07 bell") +
                           "\n" + snapshot_line("1501.00002", "Plain lattice paper") + "\n" +
                           snapshot_line("1501.00003", "Another lattice study") + "\n");
    std::string log;
    status_ = index_files(path(), {corpus.string()}, &log);
    INFO(log);
    REQUIRE(status_ == 0);
  }
  TempDir dir_;
  int status_ = -1;
};

RunOutput search(const std::string& args) {
  return run_command(kSearchBin + " --db " + quote(HostileIndex::get().path()) + " --color never " +
                     args);
}

}  // namespace

TEST_CASE("control characters from indexed data never reach text or TSV output", "[hostile]") {
  for (const std::string format : {"text", "tsv"}) {
    INFO(format);
    const RunOutput run = search("--format " + format + " --fields id,title,snippet lattice");
    REQUIRE(run.status == 0);
    CHECK(contains(run.out, "1501.00001"));
    CHECK(contains(run.out, "pwned"));                 // the text is shown...
    CHECK_FALSE(has_terminal_controls(run.out));       // ...its controls are not
    CHECK(contains(run.out, "\xEF\xBF\xBD]0;pwned"));  // ESC shows as U+FFFD
  }
  // JSON escapes them itself, so a script still gets the title as it was.
  const RunOutput json = search("--format json lattice");
  REQUIRE(json.status == 0);
  CHECK(contains(json.out, "\\u001b]0;pwned\\u0007"));
}

TEST_CASE("the query echoed under a query error is made safe, and the caret counts columns",
          "[hostile]") {
  // A --batch file is data too: a query line with ESC, BEL and invalid UTF-8.
  const auto queries = HostileIndex::get().dir() / "queries.txt";
  write_file(queries, "\x1b[2J\xff\xC3\xA9 year:zz\x07\n");
  const RunOutput run =
      search("--strict-syntax --batch " + quote(queries.string()) + " 2>&1 >/dev/null");
  CHECK(run.status == 2);
  CHECK(contains(run.out, "malformed year"));
  CHECK_FALSE(has_terminal_controls(run.out));
  // The error marks the year's value: "\x1b[2J\xff\xC3\xA9 year:" shows as
  // "\uFFFD[2J\uFFFD\u00E9 year:", 12 columns (19 bytes), after a two-space indent.
  CHECK(contains(run.out, "  \xEF\xBF\xBD[2J\xEF\xBF\xBD\xC3\xA9 year:zz\xEF\xBF\xBD\n" +
                              std::string(2 + 12, ' ') + "^\n"));
  // Read as words by default: the note quoting the query is made safe too.
  const RunOutput lenient = search("--batch " + quote(queries.string()) + " 2>&1");
  CHECK(lenient.status == 0);
  CHECK(contains(lenient.out, "Note: read "));
  CHECK_FALSE(has_terminal_controls(lenient.out));
}

TEST_CASE("output that cannot be written is an error, not a silent success", "[hostile]") {
  const std::string db = quote(HostileIndex::get().path());
  // Standard output on a full device: exit 2 and one line on stderr.
  RunOutput run = run_command(kSearchBin + " --db " + db + " lattice 2>&1 >/dev/full");
  CHECK(run.status == 2);
  CHECK(run.out == "paperdex-search: cannot write the output: No space left on device\n");

  const auto queries = HostileIndex::get().dir() / "two-queries.txt";
  write_file(queries, "lattice\nphonons\n");
  run = run_command(kSearchBin + " --db " + db + " --batch " + quote(queries.string()) +
                    " --timings /dev/full 2>&1 >/dev/null");
  CHECK(run.status == 2);
  CHECK(run.out ==
        "paperdex-search: cannot write --timings file /dev/full: No space left on device\n");

  // paperdex-index's summary: the index is written, the lost summary still an error.
  TempDir dir;
  const auto corpus = dir / "one.jsonl";
  write_file(corpus, snapshot_line("1501.00009", "One paper") + "\n");
  run = run_command(kIndexBin + " --db " + quote((dir / "index").string()) + " " +
                    quote(corpus.string()) + " 2>&1 >/dev/full");
  CHECK(run.status == 2);
  CHECK(contains(run.out, "cannot write the summary to standard output: No space left on device"));
  CHECK(paperdex::Searcher((dir / "index").string()).document_count() == 1);
}

TEST_CASE("numbers out of range are usage errors naming the option and its range", "[hostile]") {
  struct Case {
    std::string args;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"--limit -1 x", "--limit must be between 0 and 10,000, not -1"},
      {"--limit 10001 x", "--limit must be between 0 and 10,000, not 10001"},
      {"--offset -1 x", "--offset must be between 0 and 100,000, not -1"},
      {"--snippet -1 x", "--snippet must be between 1 and 10,000, not -1"},
      {"--facets -1 x", "--facets must be between 0 and 10,000, not -1"},
      {"--batch " + quote(HostileIndex::get().dir().string()), "is a directory"},
      {"--batch /nonexistent/queries", "cannot read --batch file /nonexistent/queries"},
  };
  for (const Case& c : cases) {
    INFO(c.args);
    const RunOutput run = search(c.args + " 2>&1");
    CHECK(run.status == 2);
    CHECK(contains(run.out, c.message));
  }
  // The bounds themselves are fine.
  CHECK(search("--limit 10000 --offset 100000 --facets 0 --snippet 10000 x").status == 0);

  TempDir dir;
  for (const std::string& args : {std::string("--jobs 0"), std::string("--jobs -1")}) {
    INFO(args);
    const RunOutput run = run_command(kIndexBin + " --db " + quote((dir / "index").string()) + " " +
                                      args + " /dev/null 2>&1");
    CHECK(run.status == 2);
    CHECK(contains(run.out, "--jobs must be between 1 and 256"));
  }
  const RunOutput batch = run_command(kIndexBin + " --db " + quote((dir / "index").string()) +
                                      " --batch -5 /dev/null 2>&1");
  CHECK(batch.status == 2);
  CHECK(contains(batch.out, "--batch must be between 1 and 1,000,000, not -5"));
}

TEST_CASE("over-long lines are refused while read, and the lines after them still count",
          "[hostile]") {
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
                    quote(HostileIndex::get().path()) + " --batch /dev/stdin 2>&1");
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
          "[hostile]") {
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
          "[hostile]") {
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

TEST_CASE("a JSON array of snapshot records is read element by element", "[hostile]") {
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
