// How many connections a Searcher holds to a remote shard (#34): one from
// its opening; the worker's and the document fetchers' (five more, matcher.h)
// from its first search only, so that paperdex-serve's pool of Searchers,
// most of them idle, does not hold six server processes each on every shard.
// xapian-tcpsrv forks a process for each connection it accepted while the
// connection is open: its children are the connections counted.
//
// Skipped (a WARN) without xapian-tcpsrv (Debian xapian-tools).
#include <chrono>
#include <cstddef>
#include <sstream>
#include <string>
#include <thread>

#include <catch2/catch.hpp>

#include "index_test_support.h"
#include "loopback_server.h"
#include "paperdex/searcher.h"

namespace {

using paperdex::test::LoopbackServer;

// The server's children once they are `expected` in number, or after 3 s
// (a connection's process starts and ends a little after the connection).
std::size_t settled_children(const LoopbackServer& server, std::size_t expected) {
  std::size_t children = server.children();
  for (int wait = 0; wait < 60 && children != expected; ++wait) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    children = server.children();
  }
  return children;
}

}  // namespace

TEST_CASE("a searcher opens its more connections to a remote shard at its first search",
          "[remote][integration]") {
  if (!paperdex::test::on_path("xapian-tcpsrv")) {
    WARN("skipped: no xapian-tcpsrv (apt-get install -y xapian-tools)");
    return;
  }
  const LoopbackServer server({"xapian-tcpsrv", paperdex::test::one_paper_index().path()});
  REQUIRE(settled_children(server, 0) == 0);  // the server's start-up probe is gone

  paperdex::Searcher searcher("tcp://127.0.0.1:" + std::to_string(server.port()));
  CHECK(settled_children(server, 1) == 1);

  paperdex::SearchRequest request;
  request.query = "phonons";
  const paperdex::SearchResult first = searcher.search(request);
  REQUIRE(first.hits.size() == 1);
  CHECK(first.hits[0].id == "1501.00001");
  // The page's, the worker's and four fetchers'.
  CHECK(settled_children(server, 6) == 6);

  // Later searches reuse them.
  CHECK(searcher.search(request).hits.size() == 1);
  CHECK(settled_children(server, 6) == 6);
}

TEST_CASE("over shards with their records in a slot, a searcher opens no document fetchers",
          "[remote][integration]") {
  if (!paperdex::test::on_path("xapian-tcpsrv")) {
    WARN("skipped: no xapian-tcpsrv (apt-get install -y xapian-tools)");
    return;
  }
  paperdex::test::TempDir dir;
  const auto input = dir / "one.jsonl";
  paperdex::test::write_file(input, paperdex::test::snapshot_line("1501.00001", "Lattice phonons",
                                                                  "phonons in a lattice") +
                                        "\n");
  paperdex::IndexRunOptions options;
  options.db_path = (dir / "index").string();
  options.inputs = {input.string()};
  options.writer.records_in_slot = true;  // paperdex-index --records-in-slot
  std::ostringstream out, err;
  REQUIRE(paperdex::test::run_indexer(options, out, err) == 0);
  const LoopbackServer server({"xapian-tcpsrv", options.db_path});
  REQUIRE(settled_children(server, 0) == 0);

  paperdex::Searcher searcher("tcp://127.0.0.1:" + std::to_string(server.port()));
  paperdex::SearchRequest request;
  request.query = "phonons";
  const paperdex::SearchResult first = searcher.search(request);
  REQUIRE(first.hits.size() == 1);
  CHECK(first.hits[0].id == "1501.00001");  // its record came with the page
  CHECK(first.hits[0].title.text == "Lattice phonons");
  // The page's and the worker's: nothing to fetch.
  CHECK(settled_children(server, 2) == 2);
}

TEST_CASE("over a remote shard, cites: and cited_by_count work and sort by citations is refused",
          "[remote][integration][citations]") {
  if (!paperdex::test::on_path("xapian-tcpsrv")) {
    WARN("skipped: no xapian-tcpsrv (apt-get install -y xapian-tools)");
    return;
  }
  const LoopbackServer server({"xapian-tcpsrv", paperdex::test::one_paper_index().path()});
  paperdex::Searcher searcher("tcp://127.0.0.1:" + std::to_string(server.port()));
  paperdex::SearchRequest request;
  request.query = "phonons";
  const paperdex::SearchResult found = searcher.search(request);
  REQUIRE(found.hits.size() == 1);
  CHECK(found.hits[0].paper.cited_by_count == 0);
  request.query = "cites:1501.00001";
  CHECK(searcher.search(request).hits.empty());
  request.query = "phonons";
  request.sort = paperdex::SortOrder::kCitations;
  try {
    searcher.search(request);
    FAIL("sort by citations over a remote shard did not fail");
  } catch (const paperdex::InvalidRequestError& error) {
    CHECK(error.field() == "sort");
    CHECK(std::string(error.what()).find("local indexes") != std::string::npos);
  }
}
