// The matcher splits a search over document-number ranges of one database
// or over the shards of a sharded one, on two threads, and ranks pages by
// relevance from its walks. Whatever the split, the results must be the ones
// a single pass of Xapian over the whole index gives: the page (papers,
// order, weights) in every sort order and at an offset, the total, every
// subject row (with its own-category count) and every year.
#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include <xapian.h>

#include "index_test_support.h"
#include "match/matcher.h"
#include "match/ranking.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/common/schema.h"
#include "query/fixed_weight.h"
#include "query/query_translation.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;

using paperdex::SortOrder;
using paperdex::detail::Matcher;
using paperdex::detail::PageRanking;
using paperdex::detail::PassRequest;
using paperdex::detail::PassResult;

const std::string kCorpus = std::string(PAPERDEX_SOURCE_DIR) + "/corpus";

// Queries over few and many papers, phrases, any-word sets, fixed weights
// (a bonus, as a whole title's; a part, as a body's) and filters alone.
std::vector<Xapian::Query> queries() {
  using Q = Xapian::Query;
  using paperdex::detail::fixed_weight;
  static const paperdex::Analyzer analyzer;
  static const paperdex::detail::QueryParser parser(analyzer);
  const auto parse = [](const char* text) {
    return parser.parse(text, paperdex::MatchMode::kAllWords).query;
  };
  std::vector<Q> parsed;
  for (const char* text :
       {"learning", "neural network", "\"neural network\"", "quantum", "graph algorithms", "the",
        "subject:cs.LG", "year:2016", "subject:math learning", "author:smith",
        "photon OR electron OR proton", "zzzznomatch"}) {
    parsed.push_back(parse(text));
  }
  parsed.push_back(parser.parse("deep learning for graphs", paperdex::MatchMode::kAnyWord).query);
  parsed.push_back(Q(Q::OP_AND_MAYBE, parse("learning"), fixed_weight(30, parse("network"))));
  parsed.push_back(Q(Q::OP_OR, parse("quantum"), fixed_weight(std::sqrt(5.0), parse("photon"))));
  parsed.push_back(Q(std::string()));  // every paper: the last
  return parsed;
}

// The requests of one query: pages in every order (and without weights),
// at an offset, and a count alone.
std::vector<PassRequest> requests(const Xapian::Query& query) {
  std::vector<PassRequest> all;
  for (const SortOrder sort :
       {SortOrder::kRelevance, SortOrder::kNewest, SortOrder::kOldest, SortOrder::kUpdated}) {
    PassRequest request;
    request.query = query;
    request.sort = sort;
    all.push_back(request);
  }
  PassRequest deep = all.front();
  deep.first = 15;
  deep.count = 30;
  all.push_back(deep);
  PassRequest unweighted = all.front();
  unweighted.weighted = false;
  all.push_back(unweighted);
  PassRequest count_only = all.front();
  count_only.page = false;
  count_only.facets = false;
  all.push_back(count_only);
  return all;
}

// The total and the facets.
void require_same_counts(const PassResult& expected, const PassResult& got) {
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

// The counts and the page, hit by hit: its papers in order, with Xapian's
// weights to the bit, or within kWeightTolerance of them for a page in the
// walks' order (it carries the walks' weights).
void require_same(const PassResult& expected, const PassResult& got) {
  require_same_counts(expected, got);
  REQUIRE(got.page.size() == expected.page.size());
  for (std::size_t i = 0; i < expected.page.size(); ++i) {
    INFO("hit " << i);
    CHECK(got.page[i].docid == expected.page[i].docid);
    if (got.page_source == paperdex::detail::PageSource::kWalks) {
      CHECK(std::abs(got.page[i].weight - expected.page[i].weight) <=
            std::abs(expected.page[i].weight) * paperdex::detail::kWeightTolerance);
    } else {
      CHECK(got.page[i].weight == expected.page[i].weight);
    }
  }
}

// How many pages of hits were ranked from the walks: in their own order, and
// by Xapian among their candidates.
struct WalkedPages {
  std::size_t in_walk_order = 0;
  std::size_t among_candidates = 0;

  void add(const PassResult& result) {
    if (result.page.empty()) return;
    if (result.page_source == paperdex::detail::PageSource::kWalks) ++in_walk_order;
    if (result.page_source == paperdex::detail::PageSource::kCandidates) ++among_candidates;
  }
  std::size_t total() const { return in_walk_order + among_candidates; }
};

// Every request's results in one part, its pages ranked by Xapian over
// every match, as the reference.
std::vector<PassResult> reference_results(const fs::path& db_path) {
  const Xapian::Database db(db_path.string());
  Matcher matcher(db_path.string(), db, 1, PageRanking::kXapian);
  matcher.sync(db);
  REQUIRE(matcher.part_count() == 1);
  std::vector<PassResult> results;
  for (const Xapian::Query& query : queries()) {
    for (const PassRequest& request : requests(query)) results.push_back(matcher.run(request));
  }
  return results;
}

// Runs every request through `matcher`, against the reference.
WalkedPages require_reference(Matcher& matcher, const std::vector<PassResult>& expected) {
  std::size_t index = 0;
  WalkedPages walked;
  for (const Xapian::Query& query : queries()) {
    const std::vector<PassRequest> all = requests(query);
    for (std::size_t i = 0; i < all.size(); ++i, ++index) {
      INFO(query.get_description() << ", request " << i);
      const PassResult got = matcher.run(all[i]);
      require_same(expected[index], got);
      walked.add(got);
    }
    CHECK(matcher.has_match(query, {}) == (expected[index - 1].matches > 0));
  }
  return walked;
}

// The threads of this process now.
std::size_t thread_count() {
  const fs::directory_iterator tasks("/proc/self/task");
  return static_cast<std::size_t>(std::distance(begin(tasks), end(tasks)));
}

}  // namespace

TEST_CASE("searches split over ranges and shards equal one pass over the whole index",
          "[matcher]") {
  paperdex::test::TempDir dir;
  const fs::path single = dir.path() / "single";
  const fs::path shards = dir.path() / "shards";
  paperdex::test::build_with_two_workers(single.string(), {kCorpus}, false);
  paperdex::test::build_with_two_workers(shards.string(), {kCorpus}, true);
  const std::vector<PassResult> expected = reference_results(single);
  const std::size_t per_query = requests(Xapian::Query()).size();
  REQUIRE(expected.front().matches > 100);  // "learning": a count worth splitting
  REQUIRE(expected.front().page.size() == 10);
  REQUIRE_FALSE(expected.front().subjects.empty());
  REQUIRE(expected[expected.size() - per_query].matches ==
          Xapian::Database(single.string()).get_doccount());

  SECTION("ranges of one database") {
    const Xapian::Database db(single.string());
    for (const std::size_t ranges : {2, 3, 7}) {
      INFO(ranges << " ranges");
      Matcher matcher(single.string(), db, ranges, PageRanking::kXapian);
      matcher.sync(db);
      REQUIRE(matcher.part_count() == ranges);
      CHECK(require_reference(matcher, expected).total() == 0);
    }
  }

  SECTION("pages ranked from the walks, in one part or several") {
    // Every weighable query's pages by relevance (the first and the deep
    // one; 21 with hits on this corpus): "learning", "neural network",
    // "quantum", "graph algorithms", "subject:math learning", the three-word
    // OR, the any-word set... 17 of them in the walks' own order (with
    // equal weights among them: ordering those by date the wrong way round
    // fails 45 checks), 4 ranked by Xapian among the candidates.
    const Xapian::Database db(single.string());
    for (const std::size_t ranges : {1, 2, 3, 7}) {
      INFO(ranges << " ranges");
      Matcher matcher(single.string(), db, ranges);
      matcher.sync(db);
      const WalkedPages walked = require_reference(matcher, expected);
      CHECK(walked.total() >= 14);
      CHECK(walked.in_walk_order >= 14);
    }
  }

  SECTION("the shards of a sharded index") {
    // Document numbers differ from one index's: compared by count only, and
    // pages through shard_order_test's papers and order.
    const Xapian::Database db(shards.string());
    REQUIRE(db.size() == 2);
    Matcher walked(shards.string(), db);
    walked.sync(db);
    Matcher by_xapian(shards.string(), db, 0, PageRanking::kXapian);
    by_xapian.sync(db);
    REQUIRE(walked.part_count() == 2);
    // One range asked for (SearcherOptions::split_each_search off): both
    // shards counted on the calling thread, with no worker thread started.
    const std::size_t threads_before = thread_count();
    Matcher on_caller(shards.string(), db, 1);
    on_caller.sync(db);
    on_caller.sync(db);  // a reopen, with no worker's handles to move
    CHECK(thread_count() == threads_before);
    CHECK(on_caller.part_count() == 2);
    std::size_t index = 0;
    WalkedPages walked_pages;
    for (const Xapian::Query& query : queries()) {
      for (const PassRequest& request : requests(query)) {
        INFO(query.get_description());
        const PassResult got = walked.run(request);
        require_same_counts(expected[index], got);
        CHECK(got.page.size() == expected[index++].page.size());
        // Walked or not, the shards' own page.
        require_same(by_xapian.run(request), got);
        require_same(on_caller.run(request), got);
        walked_pages.add(got);
      }
      CHECK(walked.has_match(query, {}) == (expected[index - 1].matches > 0));
    }
    CHECK(walked_pages.total() >= 14);
    CHECK(walked_pages.in_walk_order >= 14);
  }
}

TEST_CASE("the matcher follows the index to a new revision", "[matcher]") {
  paperdex::test::TempDir dir;
  const fs::path path = dir.path() / "index";
  paperdex::test::build_with_two_workers(path.string(), {kCorpus + "/arxiv-snapshot"}, false);
  Xapian::Database db(path.string());
  Matcher matcher(path.string(), db, 2);
  matcher.sync(db);
  PassRequest every;
  every.query = Xapian::Query(std::string());
  const Xapian::doccount before = matcher.run(every).matches;
  REQUIRE(before == db.get_doccount());

  // More papers, committed by an update run while the matcher is open.
  REQUIRE(paperdex::test::index_files(path.string(), {kCorpus + "/arxiv-oai-cs"}) <= 1);
  REQUIRE(db.reopen());
  matcher.sync(db);
  const PassResult after = matcher.run(every);
  CHECK(after.matches == db.get_doccount());
  CHECK(after.matches > before);
  Matcher fresh(path.string(), db, 1);
  fresh.sync(db);
  require_same(fresh.run(every), after);
}

TEST_CASE("a count made ahead brings term frequencies, and is the count of the same matches",
          "[matcher][remote]") {
  paperdex::test::TempDir dir;
  const fs::path path = dir.path() / "index";
  paperdex::test::build_with_two_workers(path.string(), {kCorpus + "/arxiv-snapshot"}, false);
  const Xapian::Database db(path.string());
  Matcher matcher(path.string(), db, 1);
  matcher.sync(db);
  const std::string learning = paperdex::schema::make_term(paperdex::schema::kTextPrefix, "learn");
  const std::string nobody = paperdex::schema::make_term(paperdex::schema::kAuthorPrefix, "zzqx");
  const Xapian::Query query(learning);
  REQUIRE(db.get_termfreq(learning) > 0);

  // Xapian's statistics of the count answer for every term asked, none or some.
  const auto freqs = matcher.count_ahead(query, {}, {learning, nobody});
  REQUIRE(freqs.size() == 2);
  CHECK(freqs.at(learning) == db.get_termfreq(learning));
  CHECK(freqs.at(nobody) == 0);

  // The same words read again (another weight) match the same papers: the
  // caller says so, and the count ahead is theirs, taken on its word. A query
  // of other papers shows that no count was made for it.
  const Xapian::Query other(paperdex::schema::make_term(paperdex::schema::kTextPrefix, "quantum"));
  REQUIRE(db.get_termfreq(*other.get_terms_begin()) != db.get_termfreq(learning));
  matcher.same_matches_as_counted(other);
  PassRequest counting;
  counting.query = other;
  counting.page = false;
  CHECK(matcher.run(counting).matches == db.get_termfreq(learning));
  // Once: the next count of it is its own.
  CHECK(matcher.run(counting).matches == db.get_termfreq(*other.get_terms_begin()));
}

// A count stops at its deadline: local counts by a clock of their own (Xapian
// 1.4's time limit can corrupt the stack, matcher.h), in steps of 1,024 matches.
TEST_CASE("a count stops at its deadline, by its own clock", "[matcher][time-limit]") {
  paperdex::test::TempDir dir;
  const fs::path path = dir.path() / "index";
  constexpr Xapian::doccount kPapers = 3000;
  {
    Xapian::WritableDatabase writer(path.string(), Xapian::DB_CREATE_OR_OPEN);
    for (Xapian::doccount i = 0; i < kPapers; ++i) {
      Xapian::Document doc;
      doc.add_term("Xword");
      writer.add_document(doc);
    }
    writer.commit();
  }
  const Xapian::Database db(path.string());
  // Counts what it sees; the first match takes `pause`.
  struct SlowSpy : Xapian::MatchSpy {
    std::chrono::milliseconds pause{0};
    Xapian::doccount seen = 0;
    void operator()(const Xapian::Document&, double) override {
      if (seen++ == 0) std::this_thread::sleep_for(pause);
    }
  };
  const auto count = [&](const PassRequest::Deadline& deadline, SlowSpy& spy) {
    Xapian::Enquire enquire(db);
    enquire.set_query(Xapian::Query("Xword"));
    enquire.set_weighting_scheme(Xapian::BoolWeight());
    enquire.add_matchspy(&spy);
    return paperdex::detail::count_every_match(enquire, db, deadline);
  };
  const auto now = std::chrono::steady_clock::now;

  SECTION("with time to spare, or none asked, every match") {
    for (const PassRequest::Deadline& deadline :
         {PassRequest::Deadline{}, PassRequest::Deadline{now() + std::chrono::hours(1)}}) {
      SlowSpy spy;
      const auto counted = count(deadline, spy);
      CHECK_FALSE(counted.stopped);
      CHECK(counted.exact());
      CHECK(counted.matches() == kPapers);
      CHECK(spy.seen == kPapers);
    }
  }
  SECTION("past the deadline before it starts: Xapian's estimate, no match checked") {
    SlowSpy spy;
    const auto counted = count(now() - std::chrono::milliseconds(1), spy);
    CHECK(counted.stopped);
    CHECK_FALSE(counted.exact());
    CHECK(counted.matches() == kPapers);  // one term: its frequency
    CHECK(spy.seen == 0);
  }
  SECTION("the deadline passing mid-count stops it at the next look at the clock") {
    SlowSpy spy;
    spy.pause = std::chrono::milliseconds(20);
    const auto counted = count(now() + std::chrono::milliseconds(5), spy);
    CHECK(counted.stopped);
    CHECK_FALSE(counted.exact());
    CHECK(counted.seen == 1024);
    CHECK(spy.seen == 1024);
    CHECK(counted.matches() == kPapers);
  }
}
