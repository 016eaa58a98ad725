// Searcher::reopen() and Searcher::revision(): a long-lived Searcher (a
// server's) moves to a writer's newer commits when asked, and says which
// revision it shows, the same for two Searchers of one index.
#include <atomic>
#include <string>
#include <thread>

#include <catch2/catch.hpp>

#include "index_test_support.h"
#include "paperdex/indexer/index_writer.h"
#include "paperdex/searcher.h"
#include "test_support.h"

namespace {

paperdex::Record paper(const std::string& id, const std::string& title) {
  paperdex::Record record;
  record.id = id;
  record.title = title;
  record.abstract = "An abstract about " + title + ".";
  record.authors = {"Ada Lovelace"};
  record.subjects = {"cs.NI"};
  record.submitted = record.updated = "2021-01-04";
  record.year = 2021;
  return record;
}

std::size_t total(paperdex::Searcher& searcher, const std::string& query) {
  paperdex::SearchRequest request;
  request.query = query;
  return searcher.search(request).total;
}

}  // namespace

TEST_CASE("Searcher::reopen moves to a writer's newer commit, and revision() follows it",
          "[library]") {
  paperdex::test::TempDir dir;
  const std::string path = (dir / "index").string();
  paperdex::IndexWriter writer(path);
  writer.add(paper("2101.00001", "Optical switching"));
  writer.commit();

  paperdex::Searcher searcher(path);
  const std::string first = searcher.revision();
  CHECK_FALSE(searcher.reopen());  // nothing committed since it opened
  CHECK(searcher.revision() == first);
  CHECK(paperdex::Searcher(path).revision() == first);

  writer.add(paper("2101.00002", "Zeppelin routing"));
  writer.commit();
  CHECK(searcher.document_count() == 1);  // as of its open, until reopened
  CHECK(searcher.reopen());
  CHECK(searcher.document_count() == 2);
  CHECK(total(searcher, "zeppelin") == 1);
  CHECK(searcher.revision() != first);
  CHECK(paperdex::Searcher(path).revision() == searcher.revision());
  CHECK_FALSE(searcher.reopen());
}

// paperdex-index --jobs N on an empty index builds a new database beside it
// and swaps it into place (bulk_builder.cc). A Searcher that had the empty
// one open (a server started on an interrupted build's index) must open the
// new one: Xapian's reopen alone read the new document count through the
// path but the old tables through its open files, and every search found
// nothing until a restart.
TEST_CASE("a Searcher open on an empty index follows a bulk build swapped into its place",
          "[library]") {
  const bool shards = GENERATE(false, true);
  paperdex::test::TempDir dir;
  const std::string path = (dir / "index").string();
  paperdex::IndexWriter(path).commit();  // an empty index, as an interrupted build leaves it
  paperdex::Searcher searcher(path);
  CHECK(total(searcher, "network") == 0);

  paperdex::test::SnapshotSpec spec;
  spec.count = 400;
  spec.title_marker = "network";
  paperdex::test::write_snapshot(dir / "papers.jsonl", spec);
  // Searched all along, as a server's searcher is.
  std::string log;
  std::atomic<bool> built = false;
  int status = -1;
  std::thread build([&] {
    status =
        paperdex::test::index_in_parallel(path, {(dir / "papers.jsonl").string()}, 2, shards, &log);
    built = true;
  });
  while (!built) {
    searcher.reopen();
    total(searcher, "network");
  }
  build.join();
  INFO(log);
  REQUIRE(status == 0);
  searcher.reopen();  // may have moved already, in the loop's last round
  CHECK(searcher.document_count() == 400);
  CHECK(total(searcher, "network") == 400);
  paperdex::Searcher fresh(path);
  CHECK(searcher.revision() == fresh.revision());
}
