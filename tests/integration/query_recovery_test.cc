// A query with a syntax error, searched on a small index: what was meant is
// searched (an unclosed quote closed, its field kept; a filter's malformed
// value as words), with one true note and no "did you mean" that would keep
// the error. The readings themselves: tests/unit/query_recovery_test.cc.
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "index_test_support.h"
#include "paperdex/indexer/index_writer.h"
#include "paperdex/searcher.h"
#include "test_support.h"

namespace {

using Ids = std::set<std::string>;

paperdex::Record paper(std::string id, std::string title, std::string abstract) {
  paperdex::Record record;
  record.id = std::move(id);
  record.title = std::move(title);
  record.abstract = std::move(abstract);
  record.authors = {"Ada Lovelace"};
  record.subjects = {"cs.CV"};
  record.submitted = "2015-12-10";
  record.year = 2015;
  record.updated = record.submitted;
  return record;
}

// One paper titled "deep residual", others with the words apart or in the
// abstract; "enclosed" in many papers, "unclosed" in none; "foo" and
// "year" in one paper each.
const paperdex::test::SharedIndex& small_index() {
  static const paperdex::test::SharedIndex index([](paperdex::IndexWriter& writer) {
    writer.add(paper("1512.03385", "Deep residual learning for image recognition",
                     "Residual networks are easier to optimize."));
    writer.add(paper("1512.00001", "Residual codes in deep space links",
                     "Deep residual learning is cited here."));
    writer.add(paper("1512.00002", "A title on deep learning", "Nothing residual."));
    for (int i = 3; i < 9; ++i) {
      writer.add(paper("1512.0000" + std::to_string(i), "Enclosed spaces " + std::to_string(i),
                       "Rooms enclosed by walls."));
    }
    writer.add(paper("1512.00010", "The foo bar", "Foo is a placeholder."));
    writer.add(paper("1512.00011", "A year in review", "What the year held."));
  });
  return index;
}

paperdex::SearchResult search(const std::string& query) {
  paperdex::Searcher searcher(small_index().path());
  paperdex::SearchRequest request;
  request.query = query;
  request.limit = 100;
  return searcher.search(request);
}

Ids ids(const paperdex::SearchResult& result) {
  Ids found;
  for (const paperdex::Hit& hit : result.hits) found.insert(hit.id);
  return found;
}

}  // namespace

TEST_CASE("an unclosed quote keeps its field: title:\"deep residual is the title phrase",
          "[query][lenient]") {
  const paperdex::SearchResult result = search("title:\"deep residual");
  CHECK(ids(result) == Ids{"1512.03385"});
  CHECK(ids(result) == ids(search("title:\"deep residual\"")));
  REQUIRE(result.notes.size() == 1);
  CHECK(result.notes[0] ==
        "read 'title:\"deep residual' as 'title:\"deep residual\"': unbalanced quote: this quote "
        "is never closed; add a closing \" or remove it");
  // So does a group: title:(deep residual.
  const paperdex::SearchResult group = search("title:(deep residual");
  CHECK(ids(group) == Ids{"1512.03385", "1512.00001"});
  REQUIRE(group.notes.size() == 1);
  CHECK(paperdex::test::contains(group.notes[0], "as 'title:(deep residual)'"));
}

TEST_CASE("a query read despite a syntax error gets no spelling suggestion", "[query][lenient]") {
  paperdex::Searcher searcher(small_index().path());
  paperdex::SearchRequest request;
  request.suggest = true;
  // The closed query has one: the table knows "enclosed", not "unclosed".
  request.query = "title:\"unclosed\"";
  CHECK(searcher.search(request).suggestion == "title:\"enclosed\"");
  // Not the query with its error kept.
  request.query = "title:\"unclosed";
  const paperdex::SearchResult result = searcher.search(request);
  CHECK(result.suggestion.empty());
  REQUIRE(result.notes.size() == 1);
  CHECK(paperdex::test::contains(result.notes[0], "as 'title:\"unclosed\"'"));
}

TEST_CASE("a malformed year is a note, not a search for the word year", "[query][lenient]") {
  const paperdex::SearchResult result = search("year:20x5 foo");
  CHECK(ids(result) == Ids{"1512.00010"});
  REQUIRE(result.notes.size() == 1);
  CHECK(result.notes[0] ==
        "read '20x5' as words: malformed year '20x5'; write year:2024, year:2020..2024, "
        "year:2020.. or year:..2010");
  CHECK(result.suggestion.empty());
}
