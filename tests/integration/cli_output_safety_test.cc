// What the CLIs write when the data, the destination or the numbers they are
// given are hostile: control characters from indexed data or a --batch file
// never reach the terminal, output that cannot be written is an error, and
// numbers out of range are usage errors naming the option and its range.
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "index_test_support.h"
#include "paperdex/searcher.h"
#include "test_support.h"

namespace {

// The helpers of test_support.h and index_test_support.h.
using namespace paperdex::test;

const std::string kIndexBin = PAPERDEX_INDEX_BIN;
const std::string kSearchBin = PAPERDEX_SEARCH_BIN;

// An index of three papers, one of them with a title made to attack a terminal.
const SharedIndex& hostile_index() {
  static const SharedIndex index([](const std::filesystem::path& dir) {
    const auto corpus = dir / "hostile.jsonl";
    write_file(corpus, snapshot_line("1501.00001",
                                     "Escape \x1b]0;pwned\x07\x1b[2J lattice C1 \xC2\x9B"
                                     "31m phonons",
                                     "lattice phonons \x1b[5m blink \x07 bell") +
                           "\n" + snapshot_line("1501.00002", "Plain lattice paper") + "\n" +
                           snapshot_line("1501.00003", "Another lattice study") + "\n");
    return std::vector<std::string>{corpus.string()};
  });
  INFO(index.summary());
  REQUIRE(index.status() == 0);
  return index;
}

RunOutput search(const std::string& args) {
  return run_command(kSearchBin + " --db " + quote(hostile_index().path()) + " --color never " +
                     args);
}

}  // namespace

TEST_CASE("control characters from indexed data never reach text or TSV output", "[cli-output]") {
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
          "[cli-output]") {
  // A --batch file is data too: a query line with ESC, BEL and invalid UTF-8.
  const auto queries = hostile_index().dir() / "queries.txt";
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

TEST_CASE("output that cannot be written is an error, not a silent success", "[cli-output]") {
  const std::string db = quote(hostile_index().path());
  // Standard output on a full device: exit 2 and one line on stderr.
  RunOutput run = run_command(kSearchBin + " --db " + db + " lattice 2>&1 >/dev/full");
  CHECK(run.status == 2);
  CHECK(run.out == "paperdex-search: cannot write the output: No space left on device\n");

  const auto queries = hostile_index().dir() / "two-queries.txt";
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

TEST_CASE("numbers out of range are usage errors naming the option and its range", "[cli-output]") {
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
      {"--batch " + quote(hostile_index().dir().string()), "is a directory"},
      {"--batch /nonexistent/queries", "cannot read --batch file /nonexistent/queries"},
  };
  for (const Case& c : cases) {
    INFO(c.args);
    const RunOutput run = search(c.args + " 2>&1");
    CHECK(run.status == 2);
    CHECK(contains(run.out, c.message));
  }
  // The bounds themselves are fine (exit 1 if "x" finds nothing: no error).
  CHECK(search("--limit 10000 --offset 100000 --facets 0 --snippet 10000 x").status <= 1);

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
