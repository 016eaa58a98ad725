// A Searcher on a read replica (docs/deployment.md, "Read replicas") follows
// Xapian's replication: xapian-replicate-server serves the master's
// directory on 127.0.0.1, xapian-replicate keeps the replica. A changeset is
// applied to the replica's live copy, as a commit; a full copy is made beside
// it, and the replica's stub ("auto replica_N") switched to it, the old copy
// removed. Xapian's reopen() never reads the stub again, so after a switch
// the Searcher must open the index anew (detail::IndexFiles), and a search
// must never fail nor mix two revisions while it happens.
//
// Skipped (a WARN) without xapian-replicate and xapian-replicate-server
// (Debian xapian-tools). Catch2 v2 assertions are not thread-safe, so the
// searching thread records what it saw and the main thread asserts.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "loopback_server.h"
#include "paperdex/indexer/index_writer.h"
#include "paperdex/searcher.h"
#include "process_test_support.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using paperdex::test::TempDir;

constexpr std::size_t kPapers = 30;          // the papers every edition rewrites
constexpr std::size_t kAddedPerEdition = 5;  // and the papers each one adds
// An edition's word is in every title: a page of two editions shows two words.
const std::vector<std::string> kEditions = {"alpha",   "bravo", "charlie", "delta", "echo",
                                            "foxtrot", "golf",  "hotel",   "india", "juliett"};
const std::vector<std::string> kSubjects = {"cs.NI", "cs.DC", "cs.LG"};

// Paper `n` as edition `edition` writes it: later editions are newer.
paperdex::Record edition_paper(std::size_t edition, std::size_t n) {
  paperdex::Record record;
  record.id = "2401." + std::to_string(10000 + n);
  record.title = "Zeppelin routing " + kEditions[edition] + " study number " + std::to_string(n);
  record.abstract = "We study zeppelin methods for datacenter fabrics, edition " +
                    kEditions[edition] + "; experiment " + std::to_string(n) + ".";
  record.authors = {"Ada Example", "Grace Sample"};
  record.subjects = {kSubjects[n % kSubjects.size()]};
  record.year = 2020 + static_cast<int>(n % 5);
  record.updated = "2024-02-" + std::string(edition < 9 ? "0" : "") + std::to_string(edition + 1);
  return record;
}

std::size_t papers_of(std::size_t edition) { return kPapers + kAddedPerEdition * edition; }

// Writes edition `edition` to the master in one commit: every paper rewritten,
// kAddedPerEdition more.
void write_edition(const std::string& master, std::size_t edition) {
  paperdex::IndexWriterOptions options;
  options.batch_records = 1'000'000;  // one commit, when the test says so
  options.batch_interval = std::chrono::hours(1);
  paperdex::IndexWriter writer(master, options);
  for (std::size_t n = 0; n < papers_of(edition); ++n) writer.add(edition_paper(edition, n));
  writer.commit();
}

// XAPIAN_MAX_CHANGESETS set while it lives: a writer keeps that many
// changesets, which the replication server sends instead of a full copy.
class KeepChangesets {
 public:
  KeepChangesets() { ::setenv("XAPIAN_MAX_CHANGESETS", "10", 1); }
  ~KeepChangesets() { ::unsetenv("XAPIAN_MAX_CHANGESETS"); }
  KeepChangesets(const KeepChangesets&) = delete;
  KeepChangesets& operator=(const KeepChangesets&) = delete;
};

// xapian-replicate-server for the directory holding the master.
class ReplicationServer {
 public:
  explicit ReplicationServer(const fs::path& served)
      : server_({"xapian-replicate-server", served.string()}) {}

  // Brings `replica` up to the master `name` (a full copy when `full_copy`);
  // true when xapian-replicate succeeded.
  bool replicate(const std::string& name, const fs::path& replica, bool full_copy) const {
    std::vector<std::string> args = {
        "xapian-replicate", "--host=127.0.0.1", "--port=" + std::to_string(server_.port()),
        "--master=" + name, "--one-shot",       "--reader-time=0"};
    if (full_copy) args.push_back("--force-copy");
    args.push_back(replica.string());
    return paperdex::test::wait_exit(paperdex::test::spawn_quiet(args)) == 0;
  }

 private:
  paperdex::test::LoopbackServer server_;
};

// The copy the replica's stub names now ("replica_0" or "replica_1").
std::string live_copy(const fs::path& replica) {
  std::ifstream stub(replica / "XAPIANDB");
  std::string line, last;
  while (std::getline(stub, line)) {
    if (!line.empty() && line.front() != '#') last = line;
  }
  return last;
}

paperdex::SearchRequest zeppelin_request() {
  paperdex::SearchRequest request;
  request.query = "zeppelin";
  request.limit = 10;
  return request;
}

// "alpha" for a page of edition 0, "" for a page of no or several editions.
std::string edition_word(const paperdex::SearchResult& result) {
  std::string seen;
  for (const paperdex::Hit& hit : result.hits) {
    const std::string& title = hit.title.text;
    std::string word;
    for (const std::string& edition : kEditions) {
      if (title.find(" " + edition + " ") != std::string::npos) word = edition;
    }
    if (word.empty() || (!seen.empty() && word != seen)) return "";
    seen = word;
  }
  return seen;
}

// The facet counts of `papers` edition papers: paper n has value n % `values`.
std::map<std::string, std::size_t> expected_facet(
    std::size_t papers, std::size_t values, const std::function<std::string(std::size_t)>& name) {
  std::map<std::string, std::size_t> counts;
  for (std::size_t n = 0; n < papers; ++n) ++counts[name(n % values)];
  return counts;
}

std::map<std::string, std::size_t> as_map(const std::vector<paperdex::FacetCount>& facets) {
  std::map<std::string, std::size_t> counts;
  for (const paperdex::FacetCount& facet : facets) counts[facet.value] = facet.count;
  return counts;
}

// What is wrong with `result` as a page of one edition ("" when nothing):
// its hits of one edition, the total and the facets that edition's.
std::string mixed_page(const paperdex::SearchResult& result) {
  const std::string word = edition_word(result);
  const auto edition = std::find(kEditions.begin(), kEditions.end(), word);
  if (edition == kEditions.end()) return "a page of no single edition";
  const std::size_t want = papers_of(static_cast<std::size_t>(edition - kEditions.begin()));
  const auto subject = [](std::size_t n) { return kSubjects[n]; };
  const auto year = [](std::size_t n) { return std::to_string(2020 + n); };
  if (result.total != want || result.hits.size() != 10 ||
      as_map(result.subject_facets) != expected_facet(want, kSubjects.size(), subject) ||
      as_map(result.year_facets) != expected_facet(want, 5, year)) {
    return "a page of edition " + word + " with total " + std::to_string(result.total) + " and " +
           std::to_string(result.hits.size()) + " hits, or facets not of its " +
           std::to_string(want) + " papers";
  }
  return "";
}

// The page as the fields a reader sees, to compare two indexes' pages.
std::vector<std::string> page_of(const paperdex::SearchResult& result) {
  std::vector<std::string> page = {"total " + std::to_string(result.total)};
  for (const paperdex::Hit& hit : result.hits) {
    page.push_back(hit.id + " " + std::to_string(hit.score) + " " + hit.title.text);
  }
  for (const paperdex::FacetCount& facet : result.subject_facets) {
    page.push_back(facet.value + " " + std::to_string(facet.count));
  }
  return page;
}

// What the searching thread saw.
struct SearchLog {
  std::size_t searches = 0;
  std::size_t reopened = 0;           // searches after a reopen that moved
  std::vector<std::string> editions;  // in the order seen
  std::vector<std::string> problems;
};

void search_while_replicating(const std::string& replica, const std::atomic<bool>& done,
                              SearchLog& log) {
  const auto problem = [&](const std::string& what) {
    if (log.problems.size() < 20) log.problems.push_back(what);
  };
  try {
    paperdex::Searcher searcher(replica);
    // At least 20 searches, and more until the replication is done; bounded
    // even when every search fails.
    for (std::size_t attempts = 0; !done.load() || (log.searches < 20 && attempts < 200);
         ++attempts) {
      try {
        if (searcher.reopen()) ++log.reopened;
        const paperdex::SearchResult result = searcher.search(zeppelin_request());
        ++log.searches;
        if (const std::string wrong = mixed_page(result); !wrong.empty()) problem(wrong);
        const std::string word = edition_word(result);
        if (log.editions.empty() || log.editions.back() != word) log.editions.push_back(word);
      } catch (const paperdex::Error& error) {
        problem(std::string("search failed: ") + error.what());
      }
    }
  } catch (const std::exception& error) {
    problem(std::string("unexpected exception: ") + error.what());
  } catch (...) {
    problem("an exception that is not a std::exception escaped the library");
  }
}

// DIR/master/index, edition 0 written; returns its path.
std::string first_edition_master(const TempDir& dir) {
  fs::create_directory(dir / "master");
  const std::string master = (dir / "master" / "index").string();
  write_edition(master, 0);
  return master;
}

// A master index of edition 0, its changesets kept, served by
// xapian-replicate-server, and its replica's first (full) copy.
struct ReplicatedMaster {
  TempDir dir;
  KeepChangesets changesets;  // before the master is written
  std::string master = first_edition_master(dir);
  fs::path replica = dir / "replica";
  ReplicationServer server{dir / "master"};

  ReplicatedMaster() { REQUIRE(server.replicate("index", replica, false)); }
};

bool have_replication_tools() {
  if (paperdex::test::on_path("xapian-replicate") &&
      paperdex::test::on_path("xapian-replicate-server"))
    return true;
  WARN(
      "xapian-replicate or xapian-replicate-server not found (Debian xapian-tools); "
      "replicas not tested");
  return false;
}

}  // namespace

TEST_CASE("a Searcher on a replica follows changesets and full copies without a restart",
          "[replica][integration]") {
  if (!have_replication_tools()) return;
  const ReplicatedMaster replicated;
  const TempDir& dir = replicated.dir;
  const std::string& master = replicated.master;
  const fs::path& replica = replicated.replica;
  const ReplicationServer& server = replicated.server;

  paperdex::Searcher searcher(replica.string());
  // The replica served by xapian-tcpsrv, searched through a stub: a switch
  // fails the server's reopen, and the searcher connects again.
  const paperdex::test::LoopbackServer replica_server({"xapian-tcpsrv", replica.string()});
  paperdex::test::write_file(dir / "remote" / "XAPIANDB",
                             "remote 127.0.0.1:" + std::to_string(replica_server.port()) + "\n");
  paperdex::Searcher remote((dir / "remote").string());
  // Held open and never reopened: it keeps the copy it opened, whole, after
  // the replica removed it.
  paperdex::Searcher stale(replica.string());
  const paperdex::SearchResult first = stale.search(zeppelin_request());
  // Changesets and full copies (a switch of the stub), in turn.
  const std::vector<bool> full_copies = {false, true, true, false, false, true};
  for (std::size_t step = 0; step < full_copies.size(); ++step) {
    const std::size_t edition = step + 1;
    INFO("edition " << kEditions[edition]
                    << (full_copies[step] ? ", a full copy" : ", changesets"));
    write_edition(master, edition);
    const std::string before = live_copy(replica);
    REQUIRE(server.replicate("index", replica, full_copies[step]));
    // Both ways of replicating are exercised: a full copy switches the stub.
    CHECK((live_copy(replica) != before) == full_copies[step]);

    CHECK(searcher.reopen());
    const paperdex::SearchResult result = searcher.search(zeppelin_request());
    CHECK(mixed_page(result).empty());
    CHECK(edition_word(result) == kEditions[edition]);
    paperdex::Searcher on_master(master);
    CHECK(page_of(result) == page_of(on_master.search(zeppelin_request())));
    CHECK(searcher.document_count() == papers_of(edition));
    CHECK_FALSE(searcher.reopen());  // nothing new: it stays
    remote.reopen();                 // after a switch the server cannot reopen: a new connection
    CHECK(page_of(remote.search(zeppelin_request())) == page_of(result));
  }
  CHECK(page_of(stale.search(zeppelin_request())) == page_of(first));
}

TEST_CASE("searches running while a replica switches copies never fail nor mix two revisions",
          "[replica][integration]") {
  if (!have_replication_tools()) return;
  const ReplicatedMaster replicated;
  const std::string& master = replicated.master;
  const fs::path& replica = replicated.replica;
  const ReplicationServer& server = replicated.server;

  std::atomic<bool> done{false};
  SearchLog log;
  std::thread searching(search_while_replicating, replica.string(), std::cref(done), std::ref(log));
  std::vector<std::string> failed;
  for (std::size_t edition = 1; edition < kEditions.size(); ++edition) {
    write_edition(master, edition);
    // Mostly full copies: the switch is what a reopen alone would miss.
    if (!server.replicate("index", replica, edition % 3 != 0)) failed.push_back(kEditions[edition]);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  done = true;
  searching.join();

  CHECK(failed.empty());
  INFO(log.searches << " searches, " << log.reopened << " after a reopen that moved");
  for (const std::string& problem : log.problems) FAIL_CHECK(problem);
  // The editions in the order written: never back to an older one.
  std::vector<std::string> expected;
  for (const std::string& edition : log.editions) {
    const auto at = std::find(kEditions.begin(), kEditions.end(), edition);
    CHECK(at != kEditions.end());
    if (!expected.empty()) {
      CHECK(std::find(kEditions.begin(), kEditions.end(), expected.back()) < at);
    }
    expected.push_back(edition);
  }
  REQUIRE_FALSE(log.editions.empty());
  CHECK(log.editions.back() == kEditions.back());
}
