// The posting-list walk finds exactly the documents Xapian's matcher finds,
// for every query shape it accepts, and accepts no shape it cannot walk.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include <xapian.h>

#include "index_test_support.h"
#include "paperdex/common/analyzer.h"
#include "posting_walk.h"
#include "query_parser.h"
#include "test_support.h"

namespace {

using paperdex::detail::PostingWalk;
using Q = Xapian::Query;

std::vector<Xapian::docid> xapian_matches(const Xapian::Database& db, const Q& query) {
  Xapian::Enquire enquire(db);
  enquire.set_query(Q(Q::OP_FILTER, Q(std::string()), query));
  enquire.set_weighting_scheme(Xapian::BoolWeight());
  enquire.set_docid_order(Xapian::Enquire::ASCENDING);
  const Xapian::MSet mset = enquire.get_mset(0, db.get_doccount());
  return {mset.begin(), mset.end()};
}

std::vector<Xapian::docid> walked(const Xapian::Database& db, const Q& query,
                                  Xapian::docid from = 1) {
  const std::unique_ptr<PostingWalk> walk = PostingWalk::open(db, query);
  REQUIRE(walk != nullptr);
  std::vector<Xapian::docid> found;
  for (Xapian::docid did = walk->seek(from); did != PostingWalk::kEnd; did = walk->seek(did + 1)) {
    found.push_back(did);
  }
  return found;
}

}  // namespace

TEST_CASE("a posting-list walk matches what Xapian matches", "[posting_walk]") {
  paperdex::test::TempDir dir;
  const std::string path = (dir.path() / "index").string();
  REQUIRE(paperdex::test::index_files(
              path, {std::string(PAPERDEX_SOURCE_DIR) + "/corpus/arxiv-snapshot"}) <= 1);
  const Xapian::Database db(path);
  const paperdex::Analyzer analyzer;
  const paperdex::detail::QueryParser parser(analyzer);
  auto parsed = [&](const char* text, paperdex::MatchMode mode = paperdex::MatchMode::kAllWords) {
    return parser.parse(text, mode).query;
  };
  const Q learning = parsed("learning");
  const Q network = parsed("network");
  const Q quantum = parsed("quantum");

  const std::vector<Q> shapes = {
      learning,
      parsed("neural network learning"),
      parsed("deep learning for graphs", paperdex::MatchMode::kAnyWord),
      parsed("learning -network"),
      parsed("subject:cs learning"),
      parsed("learning OR quantum OR zzzznomatch"),
      Q(Q::OP_AND_NOT, Q(Q::OP_AND_NOT, learning, network), quantum),
      [&] {
        const std::vector<Q> parts{learning, network, quantum};
        return Q(Q::OP_AND_NOT, parts.begin(), parts.end());  // three parts at one level
      }(),
      Q(Q::OP_AND_MAYBE, network, learning),
      Q(Q::OP_SYNONYM, learning, quantum),
      Q(Q::OP_MAX, network, quantum),
      Q(Q::OP_SCALE_WEIGHT, Q(Q::OP_FILTER, network, learning), 2.5),
      Q(Q::OP_AND, Q(std::string()), quantum),
      Q(Q::OP_OR, Q("Tzzzznomatch"), Q()),
      Q(std::string()),
      Q(),
  };
  std::size_t nonempty = 0;
  for (const Q& query : shapes) {
    INFO(query.get_description());
    REQUIRE(PostingWalk::walkable(query));
    const std::vector<Xapian::docid> expected = xapian_matches(db, query);
    CHECK(walked(db, query) == expected);
    if (!expected.empty()) ++nonempty;
    // From the middle on, as a range of document numbers asks.
    const Xapian::docid middle = db.get_lastdocid() / 2;
    std::vector<Xapian::docid> tail;
    for (const Xapian::docid did : expected) {
      if (did >= middle) tail.push_back(did);
    }
    CHECK(walked(db, query, middle) == tail);
  }
  CHECK(nonempty >= 10);

  // Positions, patterns and value ranges are for Xapian to match.
  for (const Q& query : {parsed("\"neural network\""), parsed("learn*"), parsed("year:2010..2012"),
                         Q(Q::OP_AND, learning, parsed("\"neural network\""))}) {
    INFO(query.get_description());
    CHECK_FALSE(PostingWalk::walkable(query));
    CHECK(PostingWalk::open(db, query) == nullptr);
  }
}
