// ReadAhead (indexer/src/read_ahead.h): PDFs read on worker threads, at most
// so many at once, hand on what their readers gave as read_input would have;
// anything but a PDF file is left to be read in turn.
#include <cstdlib>
#include <filesystem>
#include <string>

#include <catch2/catch.hpp>

#include "read_ahead.h"
#include "reader_test_support.h"
#include "test_support.h"

namespace fs = std::filesystem;

TEST_CASE("read ahead: PDFs only, so many at once, handed on as read_input gives them",
          "[fulltext][read-ahead]") {
  const auto shared = paperdex::test::shared_dir();
  if (!shared || !fs::is_directory(*shared / "data/fulltext/pdf")) {
    WARN("../shared/data/fulltext/pdf is absent: no real PDFs to read ahead");
    return;
  }
  ::setenv("PAPERDEX_PDFTEXT", PAPERDEX_PDFTEXT_BIN, 1);
  paperdex::test::TempDir dir;
  const std::string first = (*shared / "data/fulltext/pdf/1805.05865.pdf").string();
  const std::string second = (*shared / "data/fulltext/pdf/0801.0012.pdf").string();
  const std::string third = (*shared / "data/fulltext/pdf/2304.10117.pdf").string();
  const std::string damaged = (dir.path() / "2101.00002.pdf").string();
  const std::string notes = (dir.path() / "notes.txt").string();
  paperdex::test::write_file(damaged, "%PDF-1.5\n% cut short\n");
  paperdex::test::write_file(notes, "not a paper\n");

  paperdex::ReadAhead ahead(paperdex::ReadOptions{}, 2);
  CHECK_FALSE(ahead.start(notes));  // read in turn
  CHECK(ahead.start(first));
  CHECK(ahead.start(damaged));
  CHECK_FALSE(ahead.start(second));  // both workers busy
  CHECK(ahead.started(first));
  CHECK_FALSE(ahead.started(second));

  paperdex::test::Collected direct;
  paperdex::read_input(first, direct.sink());
  paperdex::test::Collected handed;
  ahead.finish(first, handed.sink());
  REQUIRE(direct.records.size() == 1);
  REQUIRE(handed.records.size() == 1);
  CHECK(handed.records[0].id == "1805.05865");
  CHECK(handed.records[0].body == direct.records[0].body);
  CHECK(handed.records[0].fulltext == direct.records[0].fulltext);
  CHECK_FALSE(ahead.started(first));

  CHECK(ahead.start(second));  // a worker is free again
  paperdex::test::Collected refused;
  ahead.finish(damaged, refused.sink());
  CHECK(refused.records.empty());
  REQUIRE(refused.problems.size() == 1);
  CHECK(refused.problems[0].origin == damaged);
  // Left unfinished: the destructor waits for it.
  CHECK(ahead.start(third));
}
