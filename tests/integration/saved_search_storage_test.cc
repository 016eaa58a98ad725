// How a saved search is stored in the index: its sort order and match rule
// by their public names (searcher.h kSortOrderNames, kMatchModeNames), so
// that reordering the enums changes no saved search; the numbers an older
// paperdex stored are still read.
#include <string>

#include <xapian.h>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "paperdex/common/schema.h"
#include "paperdex/indexer/index_writer.h"
#include "paperdex/searcher.h"
#include "test_support.h"

namespace {

std::string stored(const std::string& db, const std::string& name) {
  return Xapian::Database(db).get_metadata(std::string(paperdex::schema::kSavedSearchPrefix) +
                                           name);
}

}  // namespace

TEST_CASE("a saved search stores its sort order and match rule by name", "[saved]") {
  paperdex::test::TempDir dir;
  const std::string db = (dir / "index").string();
  paperdex::IndexWriter(db).commit();
  paperdex::SearchRequest request;
  request.query = "graphs";
  request.sort = paperdex::SortOrder::kNewest;
  request.match = paperdex::MatchMode::kAnyWord;
  paperdex::Searcher(db).save_search("recent", request);

  const auto json = nlohmann::json::parse(stored(db, "recent"));
  CHECK(json["sort"] == "newest");
  CHECK(json["match"] == "any");
  const paperdex::SavedSearch read = paperdex::Searcher(db).saved_search("recent");
  CHECK(read.request.sort == paperdex::SortOrder::kNewest);
  CHECK(read.request.match == paperdex::MatchMode::kAnyWord);
}

TEST_CASE("a saved search stored with numbers by an older paperdex is read", "[saved]") {
  paperdex::test::TempDir dir;
  const std::string db = (dir / "index").string();
  paperdex::IndexWriter(db).commit();
  {
    Xapian::WritableDatabase writable(db);
    // SortOrder::kOldest was 2 and MatchMode::kAnyWord 1.
    writable.set_metadata(std::string(paperdex::schema::kSavedSearchPrefix) + "old",
                          R"({"query": "graphs", "sort": 2, "match": 1, "saved": "2026-01-01"})");
    writable.set_metadata(std::string(paperdex::schema::kSavedSearchPrefix) + "bad",
                          R"({"query": "graphs", "sort": "sideways"})");
    writable.commit();
  }
  const paperdex::SavedSearch old = paperdex::Searcher(db).saved_search("old");
  CHECK(old.request.sort == paperdex::SortOrder::kOldest);
  CHECK(old.request.match == paperdex::MatchMode::kAnyWord);
  CHECK_THROWS_WITH(paperdex::Searcher(db).saved_search("bad"),
                    Catch::Contains("damaged") && Catch::Contains("sideways"));
}

TEST_CASE("a saved search stores what it searches by the search parameters' names", "[saved]") {
  paperdex::test::TempDir dir;
  const std::string db = (dir / "index").string();
  paperdex::IndexWriter(db).commit();
  paperdex::SearchRequest request;
  request.query = "graphs";
  request.subjects = {"cs.DM", "math.CO"};
  request.authors = {"Ada Lovelace"};
  request.cross_lists = false;
  request.strict_syntax = true;
  request.limit = 3;  // the page: not kept
  paperdex::Searcher(db).save_search("dm", request);

  const auto json = nlohmann::json::parse(stored(db, "dm"));
  CHECK(json["subject"] == nlohmann::json::array({"cs.DM", "math.CO"}));
  CHECK(json["author"] == nlohmann::json::array({"Ada Lovelace"}));
  CHECK(json["no-cross-lists"] == "true");
  CHECK(json["strict-syntax"] == "true");
  CHECK_FALSE(json.contains("limit"));
  const paperdex::SavedSearch read = paperdex::Searcher(db).saved_search("dm");
  CHECK(read.request.subjects == request.subjects);
  CHECK(read.request.authors == request.authors);
  CHECK_FALSE(read.request.cross_lists);
  CHECK(read.request.strict_syntax);
  CHECK(read.request.limit == paperdex::SearchRequest{}.limit);
}

TEST_CASE("a saved search stored under an older paperdex's member names is read", "[saved]") {
  paperdex::test::TempDir dir;
  const std::string db = (dir / "index").string();
  paperdex::IndexWriter(db).commit();
  {
    Xapian::WritableDatabase writable(db);
    writable.set_metadata(
        std::string(paperdex::schema::kSavedSearchPrefix) + "old",
        R"({"query": "graphs", "subjects": ["cs.DM"], "years": ["2015.."], "authors": [],)"
        R"( "like": "", "match": "all", "sort": "newest", "cross_lists": false,)"
        R"( "strict_syntax": false, "saved": "2026-01-01"})");
    writable.set_metadata(std::string(paperdex::schema::kSavedSearchPrefix) + "bad",
                          R"({"query": "graphs", "subjects": "cs.DM", "cross_lists": 3})");
    writable.commit();
  }
  const paperdex::SavedSearch old = paperdex::Searcher(db).saved_search("old");
  CHECK(old.request.query == "graphs");
  CHECK(old.request.subjects == std::vector<std::string>{"cs.DM"});
  CHECK(old.request.years == std::vector<std::string>{"2015.."});
  CHECK(old.request.sort == paperdex::SortOrder::kNewest);
  CHECK_FALSE(old.request.cross_lists);  // cross_lists false: no cross-lists
  CHECK_THROWS_WITH(paperdex::Searcher(db).saved_search("bad"),
                    Catch::Contains("damaged") && Catch::Contains("cross_lists"));
}
