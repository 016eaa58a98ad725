// paperdex-search's messages about how it was called (issue 28, item 12): an
// option's bad value names the option, an unknown option gets the nearest
// known one, a page past the last says where the last page starts, --help
// states the match rule, --batch errors name their line, and TSV has a
// header row when asked.
#include <algorithm>
#include <fstream>
#include <string>

#include <catch2/catch.hpp>

#include "index_test_support.h"
#include "paperdex/searcher.h"
#include "test_support.h"

namespace {

using paperdex::test::quote;
using paperdex::test::run_command;
using paperdex::test::RunOutput;
using paperdex::test::TempDir;

constexpr int kPapers = 23;  // every title starts with "bandit"

// One small index for every test case in this file.
const paperdex::test::SharedIndex& bandit_index() {
  static const paperdex::test::SharedIndex index([](const std::filesystem::path& dir) {
    paperdex::test::SnapshotSpec spec;
    spec.count = kPapers;
    spec.title_marker = "bandit";
    const auto input = dir / "papers.jsonl";
    paperdex::test::write_snapshot(input, spec);
    return std::vector<std::string>{input.string()};
  });
  return index;
}

// paperdex-search on the index with `args`, standard error after standard output.
RunOutput search(const std::string& args) {
  const paperdex::test::SharedIndex& index = bandit_index();
  REQUIRE(index.status() == 0);
  return run_command("COLUMNS=100 " + std::string(PAPERDEX_SEARCH_BIN) + " --db " +
                     quote(index.path()) + " --color never " + args + " 2>&1");
}

}  // namespace

TEST_CASE("a bad --subject, --year or --author value names the option, not a spot in the query",
          "[cli][usage]") {
  const RunOutput subject = search("--subject cs.XX bandit");
  INFO(subject.out);
  CHECK(subject.status == 2);
  CHECK(subject.out.find("paperdex-search: --subject cs.XX: unknown subject 'cs.XX'") == 0);
  CHECK(subject.out.find("(did you mean --subject cs.") != std::string::npos);
  CHECK(subject.out.find("subject:") == std::string::npos);  // no query syntax for an option
  CHECK(subject.out.find('^') == std::string::npos);         // nothing marked in the query

  const RunOutput year = search("--year 20x4 bandit");
  INFO(year.out);
  CHECK(year.status == 2);
  CHECK(year.out.find("paperdex-search: --year 20x4: ") == 0);
  CHECK(year.out.find('^') == std::string::npos);

  // The library says which filter it was, for any caller.
  paperdex::Searcher searcher(bandit_index().path());
  paperdex::SearchRequest request;
  request.query = "bandit";
  request.subjects = {"cs.NI", "cs.XX"};
  try {
    searcher.search(request);
    FAIL("an unknown subject was searched");
  } catch (const paperdex::FilterError& error) {
    CHECK(error.filter() == "subject");
    CHECK(error.value() == "cs.XX");
    CHECK_FALSE(error.suggestion().empty());
  }
}

TEST_CASE("an unknown option gets the nearest known one", "[cli][usage]") {
  for (const auto& [written, nearest] : {std::pair<std::string, std::string>{"--limt 5", "--limit"},
                                         {"--ofset 10", "--offset"},
                                         {"--formt json", "--format"},
                                         {"--strict-sintax", "--strict-syntax"}}) {
    const RunOutput run = search(written + " bandit");
    INFO(run.out);
    CHECK(run.status == 2);
    CHECK(run.out.find("(did you mean " + nearest + "?)") != std::string::npos);
  }
  // Nothing near: no suggestion rather than a misleading one.
  const RunOutput far = search("--xyzzy bandit");
  CHECK(far.status == 2);
  CHECK(far.out.find("unrecognised option '--xyzzy'") != std::string::npos);
  CHECK(far.out.find("did you mean") == std::string::npos);
  // paperdex-index reads the same table.
  const RunOutput index =
      run_command(std::string(PAPERDEX_INDEX_BIN) + " --db /nonexistent --quiett x 2>&1");
  INFO(index.out);
  CHECK(index.out.find("(did you mean --quiet?)") != std::string::npos);
}

TEST_CASE("a page past the last says how many match and where the last page starts",
          "[cli][usage]") {
  const RunOutput past = search("--offset 40 bandit");
  INFO(past.out);
  CHECK(past.status == 0);
  CHECK(past.out.find("No papers on this page: 23 match in all; the last page starts at offset "
                      "20 (--offset 20).") != std::string::npos);
  CHECK(past.out.find("No papers match") == std::string::npos);
  // And that page is the last one indeed.
  const RunOutput last = search("--offset 20 bandit");
  CHECK(last.out.find("Showing 21–23 of 23 papers") != std::string::npos);
  // Nothing matching at all is still said so.
  CHECK(search("zebrafish").out.find("No papers match 'zebrafish'.") != std::string::npos);
}

TEST_CASE("paperdex-search --help states the match rule the searcher applies", "[cli][usage]") {
  RunOutput help = run_command(std::string(PAPERDEX_SEARCH_BIN) + " --help");
  CHECK(help.status == 0);
  std::replace(help.out.begin(), help.out.end(), '\n', ' ');  // wherever the lines break
  CHECK(help.out.find("Every word must match") == std::string::npos);
  CHECK(help.out.find("up to " + std::to_string(paperdex::kAllWordsUpTo) +
                      " words matches the papers with every word") != std::string::npos);
  CHECK(help.out.find("a longer one matches the papers with any of its words") !=
        std::string::npos);
  // And the searcher does so: a query one word longer matches any word.
  std::string long_query = "bandit";
  for (std::size_t i = 0; i < paperdex::kAllWordsUpTo; ++i)
    long_query += " zebrafish" + std::to_string(i);
  paperdex::Searcher searcher(bandit_index().path());
  paperdex::SearchRequest request;
  request.query = long_query;
  CHECK(searcher.search(request).match_rule == paperdex::MatchRule::kLongQuery);
}

TEST_CASE("each error of a --batch query names its file and line", "[cli][usage]") {
  const auto file = bandit_index().dir() / "queries.txt";
  std::ofstream(file) << "bandit\n\ntitle:(bandit\nbandit\n";
  const RunOutput run = search("--strict-syntax --batch " + quote(file.string()));
  INFO(run.out);
  CHECK(run.status == 2);
  CHECK(run.out.find("paperdex-search: --batch " + file.string() + ":3: ") != std::string::npos);

  // A filter error names the line too (each line is searched with the filters).
  const RunOutput filtered = search("--subject cs.XX --batch " + quote(file.string()));
  CHECK(filtered.out.find("--batch " + file.string() + ":1: --subject cs.XX: ") !=
        std::string::npos);
}

TEST_CASE("TSV has a header row with --header, from the fields' names", "[cli][usage]") {
  const RunOutput plain = search("--format tsv --limit 2 bandit");
  CHECK(plain.out.rfind("id\t", 0) != 0);  // piped: the rows alone, as before
  const RunOutput header = search("--format tsv --header --limit 2 bandit");
  INFO(header.out);
  CHECK(header.out.rfind("id\tyear\tscore\ttitle\n", 0) == 0);
  CHECK(header.out.substr(header.out.find('\n') + 1) == plain.out);
  const RunOutput fields = search("--format tsv --header --fields title,id --limit 1 bandit");
  CHECK(fields.out.rfind("title\tid\n", 0) == 0);
  // One header for a batch, not one per query, its rows led by the query's
  // line and the query.
  const auto file = bandit_index().dir() / "two-queries.txt";
  std::ofstream(file) << "bandit\nbandit\n";
  const RunOutput batch = search("--format tsv --header --limit 1 --batch " + quote(file.string()));
  CHECK(batch.out.rfind("line\tquery\tid\t", 0) == 0);
  CHECK(batch.out.find("\nline\t") == std::string::npos);
  CHECK(batch.out.find("\n2\tbandit\t") != std::string::npos);
  CHECK(search("--format tsv --header --no-header bandit").status == 2);
  // A terminal gets the header by default.
  if (run_command("command -v script >/dev/null").status == 0) {
    const paperdex::test::SharedIndex& index = bandit_index();
    const RunOutput tty =
        run_command("script -qec " +
                    quote(std::string(PAPERDEX_SEARCH_BIN) + " --db " + quote(index.path()) +
                          " --format tsv --limit 1 bandit") +
                    " /dev/null");
    INFO(tty.out);
    CHECK(tty.out.rfind("id\tyear\tscore\ttitle", 0) == 0);
  } else {
    WARN("script(1) is missing: the default header on a terminal is not checked");
  }
}

TEST_CASE("a timings file without --batch is a usage error that says it goes with --batch",
          "[cli][usage]") {
  // Alone it took the next option for its file: "--timings --limit 10 bandit"
  // searched "10 bandit".
  const RunOutput run = search("--timings --limit 10 bandit");
  INFO(run.out);
  CHECK(run.status == 2);
  CHECK(run.out.find("--timings goes with --batch") != std::string::npos);
  CHECK(run.out.find("--limit") != std::string::npos);
}
