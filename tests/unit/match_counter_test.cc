// The match counter splits a count over document-number ranges of one
// database or over the shards of a sharded one, on two threads. Whatever the
// split, the counts must be the ones a single pass over the whole index
// gives: the total, every subject row (with its own-category count) and
// every year.
#include <catch2/catch.hpp>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <xapian.h>

#include "index_test_support.h"
#include "match_counter.h"
#include "paperdex/common/analyzer.h"
#include "query_parser.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using paperdex::detail::MatchCounter;
using paperdex::detail::MatchCounts;

const std::string kCorpus = std::string(PAPERDEX_SOURCE_DIR) + "/corpus";

void build(const fs::path& db, const std::vector<std::string>& inputs, bool shards) {
  paperdex::IndexRunOptions options;
  options.db_path = db.string();
  options.inputs = inputs;
  options.jobs = 2;
  options.keep_shards = shards;
  std::ostringstream out, err;
  const int status = paperdex::test::run_indexer(options, out, err);
  INFO(out.str() + err.str());
  // 1: corpus/ holds a deliberate API error response, skipped.
  REQUIRE((status == 0 || status == 1));
}

// Queries over few and many papers, phrases, any-word sets and filters alone.
std::vector<Xapian::Query> queries() {
  static const paperdex::Analyzer analyzer;
  static const paperdex::detail::QueryParser parser(analyzer);
  std::vector<Xapian::Query> parsed;
  for (const char* text :
       {"learning", "neural network", "\"neural network\"", "quantum", "graph algorithms", "the",
        "subject:cs.LG", "year:2016", "subject:math learning", "author:smith",
        "photon OR electron OR proton", "zzzznomatch"}) {
    parsed.push_back(parser.parse(text, paperdex::MatchMode::kAllWords).query);
  }
  parsed.push_back(parser.parse("deep learning for graphs", paperdex::MatchMode::kAnyWord).query);
  parsed.push_back(Xapian::Query(std::string()));  // every paper
  return parsed;
}

void require_same(const MatchCounts& expected, const MatchCounts& got) {
  CHECK(got.matches == expected.matches);
  CHECK(got.exact == expected.exact);
  CHECK(got.years == expected.years);
  REQUIRE(got.subjects.size() == expected.subjects.size());
  for (const auto& [row, count] : expected.subjects) {
    INFO(row);
    REQUIRE(got.subjects.count(row) == 1);
    CHECK(got.subjects.at(row).papers == count.papers);
    CHECK(got.subjects.at(row).own == count.own);
  }
}

// Every query's counts in one part, as the reference.
std::vector<MatchCounts> reference_counts(const fs::path& db_path) {
  const Xapian::Database db(db_path.string());
  MatchCounter counter(db_path.string(), db, 1);
  counter.sync(db);
  REQUIRE(counter.part_count() == 1);
  std::vector<MatchCounts> counts;
  for (const Xapian::Query& query : queries()) counts.push_back(counter.count(query, true, {}));
  return counts;
}

}  // namespace

TEST_CASE("counts split over ranges and shards equal one pass over the whole index",
          "[match_counter]") {
  paperdex::test::TempDir dir;
  const fs::path single = dir.path() / "single";
  const fs::path shards = dir.path() / "shards";
  build(single, {kCorpus}, false);
  build(shards, {kCorpus}, true);
  const std::vector<MatchCounts> expected = reference_counts(single);
  REQUIRE(expected.front().matches > 100);  // "learning": a count worth splitting
  REQUIRE_FALSE(expected.front().subjects.empty());
  REQUIRE(expected.back().matches == Xapian::Database(single.string()).get_doccount());

  SECTION("ranges of one database") {
    const Xapian::Database db(single.string());
    for (const std::size_t parts : {2, 3, 7}) {
      MatchCounter counter(single.string(), db, parts);
      counter.sync(db);
      REQUIRE(counter.part_count() == parts);
      const std::vector<Xapian::Query> all = queries();
      for (std::size_t i = 0; i < all.size(); ++i) {
        INFO(parts << " parts, " << all[i].get_description());
        require_same(expected[i], counter.count(all[i], true, {}));
        CHECK(counter.count(all[i], false, {}).matches == expected[i].matches);
      }
    }
  }

  SECTION("the shards of a sharded index") {
    const Xapian::Database db(shards.string());
    REQUIRE(db.size() == 2);
    MatchCounter counter(shards.string(), db);
    counter.sync(db);
    REQUIRE(counter.part_count() == 2);
    const std::vector<Xapian::Query> all = queries();
    for (std::size_t i = 0; i < all.size(); ++i) {
      INFO(all[i].get_description());
      require_same(expected[i], counter.count(all[i], true, {}));
    }
  }
}

TEST_CASE("the counter follows the index to a new revision", "[match_counter]") {
  paperdex::test::TempDir dir;
  const fs::path path = dir.path() / "index";
  build(path, {kCorpus + "/arxiv-snapshot"}, false);
  Xapian::Database db(path.string());
  MatchCounter counter(path.string(), db, 2);
  counter.sync(db);
  const Xapian::Query every{std::string()};
  const Xapian::doccount before = counter.count(every, true, {}).matches;
  REQUIRE(before == db.get_doccount());

  // More papers, committed by an update run while the counter is open.
  REQUIRE(paperdex::test::index_files(path.string(), {kCorpus + "/arxiv-oai-cs"}) <= 1);
  REQUIRE(db.reopen());
  counter.sync(db);
  const MatchCounts after = counter.count(every, true, {});
  CHECK(after.matches == db.get_doccount());
  CHECK(after.matches > before);
  MatchCounter fresh(path.string(), db, 1);
  fresh.sync(db);
  require_same(fresh.count(every, true, {}), after);
}
