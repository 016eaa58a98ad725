// Never lose data: a kill -9 mid-run leaves an index that opens and holds
// every committed batch; re-running completes it; a second writer is told
// the database is locked.
#include <signal.h>

#include <chrono>
#include <fstream>
#include <map>
#include <random>
#include <thread>

#include <xapian.h>
#include <catch2/catch.hpp>

#include "paperdex/indexer/index_writer.h"
#include "process_test_support.h"
#include "test_support.h"

namespace {

using paperdex::test::TempDir;
using namespace std::chrono_literals;

// Writes `count` distinct papers in the arXiv snapshot format.
void write_snapshot(const std::filesystem::path& path, int count) {
  paperdex::test::SnapshotSpec spec;
  spec.count = count;
  paperdex::test::write_snapshot(path, spec);
}

using paperdex::test::index_contents;
using paperdex::test::spawn_quiet;
using paperdex::test::wait_exit;

int run(const std::vector<std::string>& args) { return wait_exit(spawn_quiet(args)); }

std::size_t doc_count(const std::string& db) {
  try {
    return Xapian::Database(db).get_doccount();
  } catch (const Xapian::Error&) {
    return 0;
  }
}

}  // namespace

TEST_CASE("kill -9 mid-run keeps committed batches and a re-run completes the job",
          "[durability]") {
  constexpr int kPapers = 20000;
  constexpr int kBatch = 500;
  TempDir dir;
  const auto corpus = dir / "papers.jsonl";
  write_snapshot(corpus, kPapers);
  const std::string killed_db = (dir / "killed").string();
  const std::string clean_db = (dir / "clean").string();
  const std::vector<std::string> index = {PAPERDEX_INDEX_BIN,     "--quiet",           "--batch",
                                          std::to_string(kBatch), "--commit-interval", "3600"};

  auto args = index;
  args.insert(args.end(), {"--db", killed_db, corpus.string()});
  const pid_t pid = spawn_quiet(args);
  // Wait for a couple of commits, then kill without warning.
  const auto deadline = std::chrono::steady_clock::now() + 60s;
  while (doc_count(killed_db) < 2 * kBatch && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(20ms);
  }
  kill(pid, SIGKILL);
  const int killed_status = wait_exit(pid);

  const std::size_t survived = doc_count(killed_db);
  INFO("documents after kill -9: " << survived);
  if (killed_status != -SIGKILL) WARN("the indexer finished before the kill; nothing interrupted");
  CHECK(survived >= static_cast<std::size_t>(2 * kBatch));
  // Only whole batches are ever committed.
  CHECK(survived % kBatch == 0);
  for (const auto& [id, data] : index_contents(killed_db)) REQUIRE_FALSE(data.empty());

  CHECK(run(args) == 0);
  auto clean_args = index;
  clean_args.insert(clean_args.end(), {"--db", clean_db, corpus.string()});
  REQUIRE(run(clean_args) == 0);
  CHECK(doc_count(killed_db) == kPapers);
  CHECK(index_contents(killed_db) == index_contents(clean_db));
}

TEST_CASE("a second indexer is told the database is locked", "[durability]") {
  TempDir dir;
  const std::string db = (dir / "index").string();
  const auto corpus = dir / "papers.jsonl";
  write_snapshot(corpus, 10);
  const std::string log = (dir / "log").string();
  const std::string command = std::string(PAPERDEX_INDEX_BIN) + " --quiet --db " + db + " " +
                              corpus.string() + " >" + log + " 2>&1";
  {
    paperdex::IndexWriter holder(db);
    const int status = std::system(command.c_str());
    CHECK(WEXITSTATUS(status) == 2);
    std::ifstream in(log);
    const std::string message((std::istreambuf_iterator<char>(in)), {});
    CHECK(message.find("locked by another writer") != std::string::npos);
    CHECK(message.find("run it again with --wait") != std::string::npos);
  }
  SECTION("--wait waits for the lock instead") {
    std::thread holder_thread;
    {
      auto holder = std::make_unique<paperdex::IndexWriter>(db);
      const pid_t pid =
          spawn_quiet({PAPERDEX_INDEX_BIN, "--quiet", "--wait", "--db", db, corpus.string()});
      std::this_thread::sleep_for(300ms);
      holder.reset();  // releases the lock
      CHECK(wait_exit(pid) == 0);
    }
    CHECK(doc_count(db) == 10);
  }
}

TEST_CASE("kill -9 during a bulk build leaves an empty index that opens, and a re-run builds it",
          "[durability]") {
  constexpr int kPapers = 10000;
  TempDir dir;
  const auto corpus = dir / "papers.jsonl";
  write_snapshot(corpus, kPapers);
  const std::string db = (dir / "index").string();
  const std::vector<std::string> args = {PAPERDEX_INDEX_BIN, "--quiet", "--db", db,
                                         corpus.string()};
  const pid_t pid = spawn_quiet(args);
  // Wait until the build has written segments, then kill it.
  const auto deadline = std::chrono::steady_clock::now() + 60s;
  bool building = false;
  while (!building && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(10ms);
    for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
      if (entry.path().filename().string().starts_with("index.build-") &&
          std::filesystem::exists(entry.path() / "worker-0" / "seg-0")) {
        building = true;
      }
    }
  }
  kill(pid, SIGKILL);
  const int status = wait_exit(pid);
  if (status != -SIGKILL) WARN("the build finished before the kill; nothing interrupted");
  {
    Xapian::Database opened(db);  // opens: the empty index made at the start
    CHECK((opened.get_doccount() == 0 || opened.get_doccount() == kPapers));
  }
  REQUIRE(run(args) == 0);
  CHECK(doc_count(db) == kPapers);
  // The killed run's build directory is gone.
  for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
    CHECK_FALSE(entry.path().filename().string().starts_with("index.build-"));
  }
  const std::string clean = (dir / "clean").string();
  REQUIRE(run({PAPERDEX_INDEX_BIN, "--quiet", "--db", clean, corpus.string()}) == 0);
  CHECK(index_contents(db) == index_contents(clean));
}
