// Searcher::reopen() and Searcher::revision(): a long-lived Searcher (a
// server's) moves to a writer's newer commits when asked, and says which
// revision it shows, the same for two Searchers of one index.
#include <string>

#include <catch2/catch.hpp>

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
