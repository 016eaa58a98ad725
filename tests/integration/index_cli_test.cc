// paperdex-index's manners, as a user and a cron job see them: exit status,
// ignored files, --quiet, the progress line's width, usage errors,
// --version, PAPERDEX_DB and --help.
#include <fstream>
#include <sstream>
#include <string>

#include <xapian.h>
#include <catch2/catch.hpp>

#include "index_cli.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/common/schema.h"
#include "paperdex/indexer/readers.h"
#include "paperdex/searcher.h"
#include "test_support.h"

namespace {

namespace test = paperdex::test;
using test::TempDir;

std::string snapshot_line(const std::string& id, const std::string& title) {
  test::SnapshotRecord record;
  record.id = id;
  record.title = title;
  return test::snapshot_json(record);
}

void write(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path) << text;
}

using paperdex::test::contains;

std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

// paperdex-index ARGS with stdout and stderr apart (stderr into `err_file`).
struct Run {
  int status;
  std::string out;
  std::string err;
};
Run index_command(const TempDir& dir, const std::string& args, const std::string& env = "") {
  const auto err_file = dir / "stderr.txt";
  const test::RunOutput run =
      test::run_command("env -u PAPERDEX_DB " + env + " " + PAPERDEX_INDEX_BIN + " " + args +
                        " 2>" + test::quote(err_file.string()));
  std::ifstream in(err_file);
  std::stringstream err;
  err << in.rdbuf();
  return {run.status, run.out, err.str()};
}

}  // namespace

TEST_CASE(
    "paperdex-index exits 0 when every record is indexed, 1 when some are skipped, 2 "
    "for a missing input",
    "[index-cli]") {
  TempDir dir;
  write(dir / "good.jsonl",
        snapshot_line("2101.00001", "One") + snapshot_line("2101.00002", "Two"));
  write(dir / "bad.jsonl", snapshot_line("2101.00003", "Three") + "{broken\n");
  const std::string db = test::quote((dir / "index").string());

  const Run good =
      index_command(dir, "--db " + db + " " + test::quote((dir / "good.jsonl").string()));
  INFO(good.err);
  CHECK(good.status == 0);
  CHECK(contains(good.out, "indexed (new)  2\n"));

  const Run bad =
      index_command(dir, "--db " + db + " " + test::quote((dir / "bad.jsonl").string()));
  CHECK(bad.status == 1);
  CHECK(contains(bad.err, (dir / "bad.jsonl").string() + ":2: "));
  CHECK(contains(bad.err, "(skipped)"));
  CHECK(contains(bad.out, "skipped        1"));

  const auto missing = dir / "no-such-file.jsonl";
  const Run absent =
      index_command(dir, "--db " + db + " " + test::quote((dir / "good.jsonl").string()) + " " +
                             test::quote(missing.string()));
  CHECK(absent.status == 2);
  CHECK(contains(absent.err, "cannot read input " + missing.string() +
                                 ": No such file or directory; nothing was indexed"));
  CHECK(absent.out.empty());
  CHECK(paperdex::Searcher((dir / "index").string()).document_count() == 3);
}

TEST_CASE("files of no known kind in an input directory are listed once as ignored, exit 0",
          "[index-cli]") {
  TempDir dir;
  const auto data = dir / "data";
  std::filesystem::create_directories(data / "images");
  write(data / "papers.jsonl", snapshot_line("2101.00001", "One"));
  write(data / "README.md", "# The data\n\nRecords from the snapshot.\n");
  write(data / "table.csv", "id,title\n2101.00001,One\n");
  // A PNG's signature and first chunk header: binary, NULs included.
  static constexpr char kPng[] = "\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10";
  write(data / "images" / "plot.png", std::string(kPng, sizeof kPng - 1));

  const Run run = index_command(
      dir, "--db " + test::quote((dir / "index").string()) + " " + test::quote(data.string()));
  INFO(run.err);
  CHECK(run.status == 0);
  for (const auto& name : {data / "README.md", data / "table.csv", data / "images" / "plot.png"}) {
    CHECK(occurrences(run.err, "ignored " + name.string() + ":") == 1);
  }
  CHECK(occurrences(run.err, "ignored ") == 3);
  CHECK_FALSE(contains(run.err, "skipped"));
  CHECK(contains(run.out, "files ignored  3\n"));
  CHECK(contains(run.out, "indexed (new)  1\n"));

  // Named on the command line, such a file is a mistake: a skipped input.
  const Run named = index_command(dir, "--db " + test::quote((dir / "index").string()) + " " +
                                           test::quote((data / "table.csv").string()));
  CHECK(named.status == 1);
  CHECK(contains(named.err, (data / "table.csv").string() + ": not a known input format"));
}

TEST_CASE("paperdex-index -q prints nothing on success, and still reports problems",
          "[index-cli]") {
  TempDir dir;
  write(dir / "good.jsonl", snapshot_line("2101.00001", "One"));
  write(dir / "bad.jsonl", "{broken\n");
  const std::string db = test::quote((dir / "index").string());
  const Run quiet =
      index_command(dir, "-q --db " + db + " " + test::quote((dir / "good.jsonl").string()));
  CHECK(quiet.status == 0);
  CHECK(quiet.out.empty());
  CHECK(quiet.err.empty());

  const Run problem =
      index_command(dir, "--quiet --db " + db + " " + test::quote((dir / "bad.jsonl").string()));
  CHECK(problem.status == 1);
  CHECK(contains(problem.err, (dir / "bad.jsonl").string() + ":1: "));

  const Run failed =
      index_command(dir, "-q --db " + db + " " + test::quote((dir / "none.jsonl").string()));
  CHECK(failed.status == 2);
  CHECK(contains(failed.err, "cannot read input"));
}

TEST_CASE("meaningless option values are usage errors with exit 2", "[index-cli]") {
  TempDir dir;
  write(dir / "good.jsonl", snapshot_line("2101.00001", "One"));
  const std::string input = test::quote((dir / "good.jsonl").string());
  const std::string db = "--db " + test::quote((dir / "index").string()) + " ";
  struct Case {
    std::string args;
    std::string message;
  };
  const std::vector<Case> cases = {
      {db + "--jobs 0 " + input, "--jobs must be between 1 and 256, not 0"},
      {db + "--jobs 257 " + input, "--jobs must be between 1 and 256, not 257"},
      {db + "--jobs many " + input, "the argument ('many') for option '--jobs' is invalid"},
      {db + "--batch 0 " + input, "--batch must be between 1 and 1,000,000, not 0"},
      {db + "--commit-interval 0 " + input, "--commit-interval must be more than 0"},
      {db + "--jobs 2 --incremental " + input, "--jobs and --shards build a new index in bulk"},
      {db + "--shards --batch 10 " + input, "--jobs and --shards build a new index in bulk"},
      {db, "nothing to do"},
      {input, "--db PATH is required (or set PAPERDEX_DB)"},
      {db + "--no-such-option " + input, "unrecognised option '--no-such-option'"},
  };
  for (const Case& c : cases) {
    INFO(c.args);
    const Run run = index_command(dir, c.args);
    CHECK(run.status == 2);
    CHECK(contains(run.err, "paperdex-index: " + c.message));
    CHECK(contains(run.err, "Try 'paperdex-index --help'."));
    CHECK(run.out.empty());
  }
  CHECK_FALSE(std::filesystem::exists(dir / "index"));
}

TEST_CASE("paperdex-index --version names paperdex, the schema, ICU and Xapian", "[index-cli]") {
  TempDir dir;
  const Run run = index_command(dir, "--version");
  CHECK(run.status == 0);
  CHECK(run.out == "paperdex-index " PAPERDEX_TEST_VERSION "\nindex schema version " +
                       std::to_string(paperdex::schema::kSchemaVersion) + "\n" +
                       paperdex::analysis_version() + "\nXapian " + Xapian::version_string() +
                       "\n");
  CHECK(contains(run.out, "ICU "));
}

TEST_CASE("PAPERDEX_DB names the index when --db is not given, and --db wins over it",
          "[index-cli]") {
  TempDir dir;
  write(dir / "good.jsonl", snapshot_line("2101.00001", "One"));
  const std::string input = test::quote((dir / "good.jsonl").string());
  const Run from_env =
      index_command(dir, "-q " + input, "PAPERDEX_DB=" + test::quote((dir / "env-index").string()));
  INFO(from_env.err);
  CHECK(from_env.status == 0);
  CHECK(paperdex::Searcher((dir / "env-index").string()).document_count() == 1);

  const Run both =
      index_command(dir, "-q --db " + test::quote((dir / "flag-index").string()) + " " + input,
                    "PAPERDEX_DB=" + test::quote((dir / "unused").string()));
  CHECK(both.status == 0);
  CHECK(std::filesystem::exists(dir / "flag-index"));
  CHECK_FALSE(std::filesystem::exists(dir / "unused"));
}

TEST_CASE("paperdex-index --help lists the input formats of the table and PAPERDEX_DB",
          "[index-cli]") {
  TempDir dir;
  const Run run = index_command(dir, "--help");
  CHECK(run.status == 0);
  for (const paperdex::InputFormatInfo& format : paperdex::input_formats()) {
    INFO(format.name);
    CHECK(contains(run.out, "  " + std::string(format.name)));
    CHECK(contains(run.out, std::string(format.description)));
  }
  CHECK(contains(run.out, "PAPERDEX_DB"));
  CHECK(contains(run.out, "--version"));
  CHECK(contains(run.out, "Exit status: 0 every record indexed (an input that held no paper"));
}

TEST_CASE("the live progress line fits the terminal width and never wraps", "[index-cli]") {
  TempDir dir;
  std::string lines;
  for (int i = 1; i <= 300; ++i) {
    char id[16];
    std::snprintf(id, sizeof id, "2101.%05d", i);
    lines += snapshot_line(id, "Paper number " + std::to_string(i));
  }
  write(dir / "many.jsonl", lines);
  for (const std::size_t columns : {80u, 40u, 24u, 12u}) {
    INFO(columns);
    paperdex::IndexRunOptions options;
    options.db_path = (dir / ("index-" + std::to_string(columns))).string();
    options.inputs = {(dir / "many.jsonl").string()};
    paperdex::cli::IndexReportOptions report;
    report.progress = paperdex::cli::ProgressStyle::kTerminal;
    report.columns = columns;
    report.progress_interval = std::chrono::milliseconds(0);  // draw on every update
    std::ostringstream out, err;
    REQUIRE(paperdex::cli::index_and_report(options, report, out, err) == 0);
    const std::string text = err.str();
    std::size_t drawn = 0;
    for (auto at = text.find("\r\033[K"); at != std::string::npos;) {
      const auto next = text.find_first_of("\r\n", at + 4);
      const std::string line = text.substr(at + 4, next - at - 4);
      // What follows the last clearing is the next message, not progress.
      if (!line.empty() && !line.starts_with("merging")) {  // the final merge, cut to fit
        ++drawn;
        CHECK(line.size() < columns);
        CHECK(contains(line, "records"));
      }
      at = text.find("\r\033[K", at + 1);
    }
    CHECK(drawn >= 300);
    CHECK(contains(out.str(), "indexed (new)  300\n"));
  }
}
