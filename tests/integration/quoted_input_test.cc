// Issue #28: what a message quotes of its input is cleaned as the results are
// and cut to a readable length, in both CLIs and in the libraries beneath
// them; and the numbers of a request are checked by the library, for the CLI
// and every other caller, with one message.
#include <filesystem>
#include <fstream>
#include <string>

#include <catch2/catch.hpp>

#include "index_test_support.h"
#include "paperdex/searcher.h"
#include "test_support.h"

namespace {

using paperdex::test::has_terminal_controls;
using paperdex::test::quote;
using paperdex::test::run_command;
using paperdex::test::RunOutput;
using paperdex::test::TempDir;

const std::string kIndexBin = PAPERDEX_INDEX_BIN;
const std::string kSearchBin = PAPERDEX_SEARCH_BIN;

// Terminal control sequences a hostile id or file name might carry: a
// hyperlink, a bell, clearing the screen, and a right-to-left override.
const std::string kHostile = "\x1b]8;;http://x/\x07\x1b[2J\xE2\x80\xAEgpj.exe";
// The same in a file name, which holds no '/': a window title instead of a link.
const std::string kHostileName = "\x1b]0;pwned\x07\x1b[2J\xE2\x80\xAEgpj";

using paperdex::test::contains;
using paperdex::test::snapshot_line;
using paperdex::test::write_file;

std::string small_index() { return paperdex::test::one_paper_index().path(); }

// paperdex-search's standard error (standard output thrown away).
RunOutput search_stderr(const std::string& args) {
  return run_command(kSearchBin + " --db " + quote(small_index()) + " " + args +
                     " 2>&1 >/dev/null");
}

}  // namespace

TEST_CASE("paperdex-search quotes hostile option values and ids cleaned", "[quoted-input]") {
  for (const std::string& args :
       {"--like " + quote(kHostile), "--sort " + quote(kHostile) + " x",
        "--format " + quote(kHostile) + " x", "--show " + quote(kHostile),
        "--subject " + quote(kHostile) + " x", "--batch " + quote("/nonexistent/" + kHostile),
        "--limit " + quote(kHostile) + " x", "--strict-syntax " + quote("year:" + kHostile)}) {
    INFO(args);
    const RunOutput run = search_stderr(args);
    CHECK(run.status == 2);
    CHECK(contains(run.out, "8;;http://x/"));     // the input is quoted...
    CHECK_FALSE(has_terminal_controls(run.out));  // ...without what a terminal acts on
  }
}

TEST_CASE("a megabyte query gives a message of a few lines, cut around the problem",
          "[quoted-input]") {
  TempDir dir;
  std::string query;
  while (query.size() < (1 << 20) - 100) query += "graph ";
  write_file(dir / "queries.txt", query + "\n");
  const RunOutput run = search_stderr("--batch " + quote((dir / "queries.txt").string()));
  CHECK(run.status == 2);
  CHECK(contains(run.out, "the query is " + std::to_string(query.size()) + " bytes long"));
  CHECK(contains(run.out, "graph graph"));
  CHECK(run.out.size() < 1024);
  // A long query with a problem past its start: the caret stays under it.
  const std::string words(3000, 'w');
  const RunOutput caret =
      search_stderr(quote("--strict-syntax") + " -- " + quote(words + " year:zz " + words));
  CHECK(caret.status == 2);
  CHECK(caret.out.size() < 1024);
  const std::size_t shown = caret.out.find("year:zz");
  REQUIRE(shown != std::string::npos);
  const std::size_t line_start = caret.out.rfind('\n', shown) + 1;
  const std::size_t caret_line = caret.out.find('\n', shown) + 1;
  // Both lines are ASCII but for the leading "…" (3 bytes, 1 column).
  CHECK(caret.out.find('^', caret_line) - caret_line ==
        caret.out.find("zz", shown) - line_start - 2);
}

TEST_CASE("paperdex-index quotes hostile record ids, file names and ids to delete cleaned",
          "[quoted-input]") {
  TempDir dir;
  std::filesystem::create_directories(dir / "inputs");
  // A record whose id is a terminal attack, in a file whose name is one too.
  const auto hostile_file = dir / "inputs" / (kHostileName + ".jsonl");
  write_file(hostile_file, snapshot_line(kHostile, "Bad id") + "\n" +
                               snapshot_line(std::string(1 << 20, '9'), "Long id") + "\n" +
                               "{\"id\": 7}\n");
  write_file(dir / "ids.txt", kHostile + "\n");
  const std::string db = quote((dir / "index").string());
  const std::string record_problems = quote((dir / "inputs").string());
  struct Case {
    std::string args;
    std::string quoted;  // the part of the hostile text the message shows
  };
  for (const Case& c : {Case{record_problems, "8;;http://x/"}, Case{record_problems, "0;pwned"},
                        Case{"--delete " + quote(kHostile), "8;;http://x/"},
                        Case{"--delete-from " + quote((dir / "ids.txt").string()), "8;;http://x/"},
                        Case{"--delete-from " + quote((dir / kHostileName).string()), "0;pwned"},
                        Case{quote((dir / kHostileName).string()), "0;pwned"}}) {
    INFO(c.args);
    const RunOutput run =
        run_command(kIndexBin + " -q --db " + db + " " + c.args + " 2>&1 >/dev/null");
    CHECK(run.status != 0);
    CHECK(contains(run.out, c.quoted));
    CHECK_FALSE(has_terminal_controls(run.out));
    CHECK(run.out.size() < 4096);  // the megabyte id is cut
  }
  // The library's message itself is clean, for a Python traceback too.
  const RunOutput run =
      run_command(kIndexBin + " -q --db " + db + " " + record_problems + " 2>&1 >/dev/null");
  CHECK(contains(run.out, "'\xEF\xBF\xBD]8;;http://x/"));
  CHECK(contains(run.out, "\xE2\x80\xA6' (1,048,576 bytes) is not an arXiv id"));
}

TEST_CASE("the library checks a request's numbers, and the CLI says the same of its options",
          "[quoted-input]") {
  paperdex::Searcher searcher(small_index());
  paperdex::SearchRequest request;
  request.query = "lattice";
  request.limit = 4294967295u;
  std::string problem;
  try {
    searcher.search(request);
    FAIL("a limit of 2^32 - 1 was searched");
  } catch (const paperdex::InvalidRequestError& error) {
    CHECK(error.field() == "limit");
    problem = error.problem();
  }
  const RunOutput run = search_stderr("--limit 4294967295 lattice");
  CHECK(run.status == 2);
  CHECK(contains(run.out, "paperdex-search: --limit " + problem + "\n"));

  request.limit = 10;
  request.time_limit_seconds = 1e10;
  CHECK_THROWS_AS(searcher.search(request), paperdex::InvalidRequestError);
  CHECK(search_stderr("--time-limit 1e10 lattice").status == 2);
}
