// A full disk and a read-only index directory: paperdex-index stops with a
// clear message naming the index, every committed paper stays searchable,
// and once there is room (or write access) again the next run completes.
//
// Each test mounts a small tmpfs of its own, which needs root (and a
// kernel that lets this process mount); without that it says why and
// passes without testing anything. Root ignores file permissions, so the
// read-only index is a tmpfs remounted read-only, not a chmod.
#include <sys/mount.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <random>
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "test_support.h"

namespace {

using paperdex::test::quote;
using paperdex::test::run_command;
using paperdex::test::TempDir;

// A tmpfs mounted on `dir` for the life of the object.
class TmpfsMount {
 public:
  TmpfsMount(const std::filesystem::path& dir, const std::string& size) : dir_(dir) {
    std::filesystem::create_directories(dir_);
    if (geteuid() != 0) {
      why_not_ = "not running as root";
      return;
    }
    const std::string options = "size=" + size;
    if (::mount("tmpfs", dir_.c_str(), "tmpfs", 0, options.c_str()) != 0) {
      why_not_ = std::string("mount -t tmpfs failed: ") + std::strerror(errno);
      return;
    }
    mounted_ = true;
  }
  ~TmpfsMount() {
    if (mounted_ && ::umount2(dir_.c_str(), 0) != 0) ::umount2(dir_.c_str(), MNT_DETACH);
  }
  TmpfsMount(const TmpfsMount&) = delete;
  TmpfsMount& operator=(const TmpfsMount&) = delete;

  bool mounted() const { return mounted_; }
  const std::string& why_not() const { return why_not_; }

  // mount -o remount,<options>; false (with errno's text in the log) on failure.
  bool remount(unsigned long flags, const std::string& options) {
    if (::mount("tmpfs", dir_.c_str(), "tmpfs", MS_REMOUNT | flags, options.c_str()) != 0) {
      WARN("remounting " << dir_ << " failed: " << std::strerror(errno));
      return false;
    }
    return true;
  }

 private:
  std::filesystem::path dir_;
  bool mounted_ = false;
  std::string why_not_;
};

// `count` papers in the arXiv snapshot format, ids PREFIX.00001 on; every
// title has `marker`, and every paper a word of its own so the index grows.
void write_snapshot(const std::filesystem::path& path, const std::string& prefix, int count,
                    const std::string& marker) {
  paperdex::test::SnapshotSpec spec;
  spec.id_prefix = prefix;
  spec.count = count;
  spec.seed = 7;
  spec.title_marker = marker;
  spec.title_words = 5;
  spec.abstract_words = 120;
  spec.words_of_its_own = true;
  paperdex::test::write_snapshot(path, spec);
}

struct IndexRun {
  int status = -1;
  std::string messages;  // stdout and stderr together
};

IndexRun index(const std::string& db, const std::filesystem::path& input) {
  const auto result = run_command(std::string(PAPERDEX_INDEX_BIN) + " --quiet --batch 200 --db " +
                                  quote(db) + " " + quote(input.string()) + " 2>&1");
  return {result.status, result.out};
}

// Papers in the index, as paperdex-search --stats reports them (-1: it failed).
long documents(const std::string& db) {
  const auto result = run_command(std::string(PAPERDEX_SEARCH_BIN) + " --db " + quote(db) +
                                  " --stats --format json 2>/dev/null");
  if (result.status != 0) return -1;
  return nlohmann::json::parse(result.out).at("documents").get<long>();
}

// Papers matching `word`, as paperdex-search counts them (-1: it failed).
long matches(const std::string& db, const std::string& word) {
  const auto result = run_command(std::string(PAPERDEX_SEARCH_BIN) + " --db " + quote(db) +
                                  " --format json --limit 0 " + quote(word) + " 2>/dev/null");
  if (result.status != 0) return -1;
  return nlohmann::json::parse(result.out).at("total").get<long>();
}

using paperdex::test::contains;

// The run could not proceed (exit 2) and said so naming the index and `why`.
void check_stopped(const IndexRun& run, const std::string& db, const std::string& why) {
  CHECK(run.status == 2);
  CHECK(contains(run.messages, db));
  CHECK(contains(run.messages, why));
}

// Without the tmpfs the test cannot run: it says why and passes untested.
bool skipped_without(const TmpfsMount& fs) {
  if (fs.mounted()) return false;
  WARN("SKIPPED: cannot mount a small tmpfs (" << fs.why_not() << ")");
  SUCCEED();
  return true;
}

}  // namespace

TEST_CASE(
    "a full disk stops the indexer with a clear message, keeps the committed papers, "
    "and the next run with room completes",
    "[disk-failure]") {
  constexpr int kSmall = 40;
  constexpr int kBig = 6000;
  TempDir dir;
  const auto small = dir / "small.jsonl";
  const auto big = dir / "big.jsonl";  // outside the tmpfs: only the index fills it
  write_snapshot(small, "1401", kSmall, "zebrafish");
  write_snapshot(big, "1501", kBig, "okapi");
  TmpfsMount fs(dir / "fs", "2m");
  if (skipped_without(fs)) return;
  const std::string db = (dir / "fs" / "index").string();

  const IndexRun first = index(db, small);
  INFO(first.messages);
  REQUIRE(first.status == 0);
  REQUIRE(documents(db) == kSmall);

  const IndexRun full = index(db, big);
  INFO("the run on a full disk said: " << full.messages);
  check_stopped(full, db, "disk is full");

  // Every paper of the first run is still there and found.
  const long after_failure = documents(db);
  CHECK(after_failure >= kSmall);
  CHECK(after_failure < kSmall + kBig);
  CHECK(matches(db, "zebrafish") == kSmall);

  REQUIRE(fs.remount(0, "size=256m"));
  const IndexRun again = index(db, big);
  INFO("the run with room said: " << again.messages);
  CHECK(again.status == 0);
  CHECK(documents(db) == kSmall + kBig);
  CHECK(matches(db, "zebrafish") == kSmall);
  CHECK(matches(db, "okapi") == kBig);
}

TEST_CASE(
    "a full disk during the first build of an index leaves an index that opens, and the "
    "next run with room builds it",
    "[disk-failure]") {
  constexpr int kBig = 6000;
  TempDir dir;
  const auto big = dir / "big.jsonl";
  write_snapshot(big, "1501", kBig, "okapi");
  TmpfsMount fs(dir / "fs", "2m");
  if (skipped_without(fs)) return;
  const std::string db = (dir / "fs" / "index").string();

  const IndexRun full = index(db, big);
  INFO("the build on a full disk said: " << full.messages);
  check_stopped(full, db, "disk is full");
  // The index opens, with at most the batches committed before the disk filled.
  const long after_failure = documents(db);
  CHECK(after_failure >= 0);
  CHECK(after_failure < kBig);

  REQUIRE(fs.remount(0, "size=256m"));
  const IndexRun again = index(db, big);
  INFO("the build with room said: " << again.messages);
  CHECK(again.status == 0);
  CHECK(documents(db) == kBig);
  CHECK(matches(db, "okapi") == kBig);
  // The failed build's scratch directory is gone.
  for (const auto& entry : std::filesystem::directory_iterator(dir / "fs")) {
    CHECK_FALSE(entry.path().filename().string().starts_with("index.build-"));
  }
}

TEST_CASE(
    "a full disk during a bulk build (--jobs 2) stops it saying the disk is full, leaves the "
    "index as it was, and the next run with room builds it",
    "[disk-failure]") {
  constexpr int kBig = 6000;
  TempDir dir;
  const auto big = dir / "big.jsonl";
  const auto empty = dir / "empty.jsonl";
  write_snapshot(big, "1501", kBig, "okapi");
  std::ofstream{empty};
  TmpfsMount fs(dir / "fs", "2m");
  if (skipped_without(fs)) return;
  const std::string db = (dir / "fs" / "index").string();
  // Leak checks off for the indexer (under scripts/test.sh --sanitize): now
  // and then libxapian leaks a few objects of a segment write that failed on
  // the full disk (seen once in several runs: 224 bytes allocated inside
  // libxapian.so), in a process about to exit anyway.
  const auto run = [&](const std::string& arguments) {
    const auto result = run_command(
        "ASAN_OPTIONS=\"${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0\" " +
        std::string(PAPERDEX_INDEX_BIN) + " --quiet --db " + quote(db) + " " + arguments + " 2>&1");
    return IndexRun{result.status, result.out};
  };
  const auto saved_list = [&] {
    return run_command(std::string(PAPERDEX_SEARCH_BIN) + " --db " + quote(db) +
                       " --saved-list 2>&1")
        .out;
  };
  // What the index held before: nothing but a saved search, which a bulk
  // build into it keeps.
  REQUIRE(run(quote(empty.string())).status == 1);  // 1: the empty input is skipped
  REQUIRE(
      run_command(std::string(PAPERDEX_SEARCH_BIN) + " --db " + quote(db) + " --save okapis okapi")
          .status == 0);

  const IndexRun full = run("--jobs 2 " + quote(big.string()));
  INFO("the bulk build on a full disk said: " << full.messages);
  check_stopped(full, db, "disk is full");
  CHECK(contains(full.messages, "No space left on device"));
  CHECK_FALSE(contains(full.messages, "cancel()"));
  CHECK(contains(full.messages, "run the same command again"));
  // The index is as it was: it opens, empty, with its saved search.
  CHECK(documents(db) == 0);
  CHECK(contains(saved_list(), "okapis"));
  for (const auto& entry : std::filesystem::directory_iterator(dir / "fs")) {
    CHECK_FALSE(entry.path().filename().string().starts_with("index.build-"));
  }

  REQUIRE(fs.remount(0, "size=256m"));
  const IndexRun again = run("--jobs 2 " + quote(big.string()));
  INFO("the bulk build with room said: " << again.messages);
  CHECK(again.status == 0);
  CHECK(documents(db) == kBig);
  CHECK(matches(db, "okapi") == kBig);
  CHECK(contains(saved_list(), "okapis"));
}

TEST_CASE(
    "a read-only disk holding the index stops the indexer with a clear message, the index "
    "still searches, and the next run with write access completes",
    "[disk-failure]") {
  constexpr int kSmall = 40;
  TempDir dir;
  const auto small = dir / "small.jsonl";
  const auto more = dir / "more.jsonl";
  write_snapshot(small, "1401", kSmall, "zebrafish");
  write_snapshot(more, "1501", 25, "okapi");
  TmpfsMount fs(dir / "fs", "64m");
  if (skipped_without(fs)) return;
  const std::string db = (dir / "fs" / "index").string();
  REQUIRE(index(db, small).status == 0);

  REQUIRE(fs.remount(MS_RDONLY, ""));
  const IndexRun refused = index(db, more);
  INFO("the run on a read-only index said: " << refused.messages);
  check_stopped(refused, db, "read-only");
  CHECK_FALSE(contains(refused.messages, "locked by another writer"));

  // Searching needs no write access.
  CHECK(documents(db) == kSmall);
  CHECK(matches(db, "zebrafish") == kSmall);

  REQUIRE(fs.remount(0, ""));
  const IndexRun again = index(db, more);
  INFO("the run with write access said: " << again.messages);
  CHECK(again.status == 0);
  CHECK(documents(db) == kSmall + 25);
  CHECK(matches(db, "okapi") == 25);
}
