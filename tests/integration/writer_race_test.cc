// Two paperdex-index runs on one index at once, the second told to --wait:
// whichever order they take the lock in, and whether each builds the index
// in bulk or adds in batches, every paper of both runs ends up in the index
// and xapian-check finds it sound. (A bulk build used to give its lock up
// before swapping its new index into place; the writer that had waited then
// wrote into the empty placeholder as it was moved away, or built a second
// index over the first: either run's papers were lost.)
#include <sys/wait.h>

#include <fstream>
#include <random>
#include <string>

#include <xapian.h>
#include <catch2/catch.hpp>

#include "test_support.h"

namespace {

using paperdex::test::quote;
using paperdex::test::TempDir;

constexpr int kFirstPapers = 4'000;  // enough for the first run to hold the lock a while
constexpr int kSecondPapers = 3;
constexpr int kRounds = 4;  // per pair of modes; the second starts at a random moment

struct Inputs {
  TempDir dir;
  std::filesystem::path first = dir / "first.jsonl";
  std::filesystem::path second = dir / "second.jsonl";
  Inputs() {
    paperdex::test::SnapshotSpec spec;
    spec.id_prefix = "2301";
    spec.count = kFirstPapers;
    paperdex::test::write_snapshot(first, spec);
    spec.id_prefix = "2302";
    spec.count = kSecondPapers;
    paperdex::test::write_snapshot(second, spec);
  }
};

// The shell command of one run: its exit status goes to `status_file`.
std::string index_command(const std::string& db, const std::filesystem::path& input,
                          const std::string& flags, const std::filesystem::path& status_file) {
  return std::string(PAPERDEX_INDEX_BIN) + " --quiet --db " + quote(db) + " " + flags + " " +
         quote(input.string()) + " >/dev/null 2>&1; echo $? > " + quote(status_file.string());
}

int status_in(const std::filesystem::path& file) {
  std::ifstream in(file);
  int status = -1;
  in >> status;
  return status;
}

}  // namespace

TEST_CASE("two writers with --wait keep every paper of both runs", "[concurrency][write-paths]") {
  const Inputs inputs;
  struct Modes {
    const char* first;
    const char* second;
  };
  // "" is a bulk build (the index is new or empty), --incremental batches.
  // The first waits too: on a loaded machine the second, started a few ms
  // later, can be the one that takes the lock first.
  const Modes pairs[] = {{"", "--wait"},
                         {"", "--wait --incremental"},
                         {"--incremental", "--wait"},
                         {"--incremental", "--wait --incremental"}};
  std::mt19937 random(2026);
  for (const Modes& modes : pairs) {
    for (int round = 0; round < kRounds; ++round) {
      const TempDir scratch;
      const std::string db = (scratch / "index").string();
      const int delay_ms = static_cast<int>(random() % 600);
      INFO("first: '" << modes.first << "', second: '" << modes.second << "', started " << delay_ms
                      << " ms later");
      const std::string script =
          "(" +
          index_command(db, inputs.first, std::string(modes.first) + " --wait",
                        scratch / "first.status") +
          ") & " + "sleep " + std::to_string(delay_ms / 1000.0) + "; " +
          index_command(db, inputs.second, modes.second, scratch / "second.status") + "; wait";
      REQUIRE(std::system(("bash -c " + quote(script)).c_str()) == 0);
      CHECK(status_in(scratch / "first.status") == 0);
      CHECK(status_in(scratch / "second.status") == 0);
      CHECK(Xapian::Database(db).get_doccount() == kFirstPapers + kSecondPapers);
      const auto check = paperdex::test::run_command("xapian-check " + quote(db) + " 2>&1");
      if (check.status == 127) {
        WARN("xapian-check (xapian-tools) is missing: the index's soundness is not checked");
      } else {
        CHECK(check.status == 0);
      }
    }
  }
}
