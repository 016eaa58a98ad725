// The posting-list walk finds exactly the documents Xapian's matcher finds,
// for every query shape it accepts, and accepts no shape it cannot walk.
// Weighed, it gives each match the weight Xapian's ranking gives it, within
// the tolerance the walked pages allow for (ranking.h).
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <xapian.h>

#include "index_test_support.h"
#include "match/document_lengths.h"
#include "match/posting_walk.h"
#include "match/ranking.h"
#include "paperdex/common/analyzer.h"
#include "query/fixed_weight.h"
#include "query/query_translation.h"
#include "test_support.h"

namespace {

using paperdex::detail::fixed_weight;
using paperdex::detail::PostingWalk;
using Q = Xapian::Query;

// A posting source alone: every paper, each weighing `weight`.
Q every_paper_weighing(double weight) {
  return Q((new Xapian::FixedWeightPostingSource(weight))->release());
}

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

// Each match's weight by Xapian's ranking.
std::map<Xapian::docid, double> xapian_weights(const Xapian::Database& db, const Q& query) {
  Xapian::Enquire enquire(db);
  enquire.set_query(query);
  enquire.set_weighting_scheme(paperdex::detail::ranking_weight());
  const Xapian::MSet mset = enquire.get_mset(0, db.get_doccount());
  std::map<Xapian::docid, double> weights;
  for (auto it = mset.begin(); it != mset.end(); ++it) weights[*it] = it.get_weight();
  return weights;
}

std::map<Xapian::docid, double> walked_weights(const Xapian::Database& db, const Q& query) {
  const auto lengths = paperdex::detail::DocumentLengths::load(db);
  const auto stats = paperdex::detail::WeighingStats::of(db, query);
  const std::unique_ptr<PostingWalk> walk = PostingWalk::open_weighed(db, query, stats, *lengths);
  REQUIRE(walk != nullptr);
  std::map<Xapian::docid, double> weights;
  const double slack = 1 + paperdex::detail::kWeightTolerance;
  for (Xapian::docid did = walk->seek(1); did != PostingWalk::kEnd; did = walk->seek(did + 1)) {
    REQUIRE(walk->at() == did);
    // The bounds a page's walk skips weights by (part_count.cc), asked
    // first, as it asks them; with a floor on every other match (a looser
    // bound is allowed below it, never one below the weight).
    const double bound = walk->weight_bound(did % 2 == 0 ? PostingWalk::kNoFloor : 2.0);
    weights[did] = walk->weight();
    CHECK(weights[did] <= bound * slack);
    CHECK(weights[did] <= walk->max_weight() * slack);
  }
  return weights;
}

// The index of corpus/arxiv-snapshot, and queries parsed as searches parse them.
struct SnapshotIndex {
  paperdex::test::TempDir dir;
  Xapian::Database db;
  paperdex::Analyzer analyzer;
  paperdex::detail::QueryParser parser{analyzer};

  Q learning = parsed("learning");
  Q network = parsed("network");
  Q quantum = parsed("quantum");

  SnapshotIndex() {
    const std::string path = (dir.path() / "index").string();
    REQUIRE(paperdex::test::index_files(
                path, {std::string(PAPERDEX_SOURCE_DIR) + "/corpus/arxiv-snapshot"}) <= 1);
    db = Xapian::Database(path);
  }

  Q parsed(const char* text, paperdex::MatchMode mode = paperdex::MatchMode::kAllWords) const {
    return parser.parse(text, mode).query;
  }

  // The shapes searches make of plain words, exclusions, filters and OR,
  // which every walk, weighed or not, must take.
  std::vector<Q> searched_shapes() const {
    return {
        learning,
        parsed("neural network learning"),
        parsed("deep learning for graphs", paperdex::MatchMode::kAnyWord),
        parsed("learning -network"),
        parsed("subject:cs learning"),
        parsed("learning OR quantum OR zzzznomatch"),
        Q(Q::OP_AND_NOT, Q(Q::OP_AND_NOT, learning, network), quantum),
    };
  }
};

}  // namespace

TEST_CASE("a weighed walk weighs each match as Xapian's ranking does", "[posting_walk]") {
  const SnapshotIndex index;
  const Xapian::Database& db = index.db;
  const Q &learning = index.learning, &network = index.network, &quantum = index.quantum;
  std::vector<Q> weighable = index.searched_shapes();
  weighable.insert(
      weighable.end(),
      {
          index.parsed("learning learning network"),  // a repeated word: a scaled clause
          Q(Q::OP_AND_MAYBE, network, Q(Q::OP_OR, learning, quantum)),
          Q(Q::OP_SCALE_WEIGHT, Q(Q::OP_FILTER, network, learning), 2.5),
          Q(Q::OP_SCALE_WEIGHT, Q(Q::OP_OR, network, quantum), std::sqrt(3.0)),
          Q(Q::OP_FILTER, learning, Q(Q::OP_SYNONYM, network, quantum)),  // the synonym unweighted
          Q(Q::OP_AND, learning, Q(Q::OP_SCALE_WEIGHT, network, 0.0)),
          Q(*network.get_terms_begin(), 3),  // a within-query frequency of 3
          // Fixed weights (a body's match, a whole title's), alone, beside
          // terms, scaled, and as a bonus.
          fixed_weight(2.5, network),
          Q(Q::OP_OR, learning, fixed_weight(std::sqrt(7.0), quantum)),
          Q(Q::OP_AND_MAYBE, learning, fixed_weight(1000, network)),
          Q(Q::OP_SCALE_WEIGHT, fixed_weight(1.5, Q(Q::OP_AND, learning, network)), 0.5),
          Q(Q::OP_FILTER, network, fixed_weight(4, quantum)),  // boolean: no weight
          every_paper_weighing(3),
      });
  std::size_t weighed = 0;
  for (const Q& query : weighable) {
    INFO(query.get_description());
    REQUIRE(PostingWalk::weighable(query));
    const std::map<Xapian::docid, double> expected = xapian_weights(db, query);
    const std::map<Xapian::docid, double> got = walked_weights(db, query);
    REQUIRE(got.size() == expected.size());
    for (const auto& [docid, weight] : expected) {
      INFO("document " << docid);
      REQUIRE(got.count(docid) == 1);
      CHECK(std::abs(got.at(docid) - weight) <=
            std::abs(weight) * paperdex::detail::kWeightTolerance);
      if (weight > 0) ++weighed;
    }
  }
  CHECK(weighed > 200);

  // Weights Xapian computes otherwise: a synonym's, MAX's, every document's,
  // positions', a posting source's other than a fixed weight.
  for (const Q& query :
       {Q(Q::OP_SYNONYM, learning, quantum), Q(Q::OP_MAX, network, quantum),
        Q(Q::OP_AND, Q(std::string()), quantum), Q(std::string()),
        Q(Q::OP_FILTER, Q((new Xapian::ValueWeightPostingSource(0))->release()), learning),
        index.parsed("\"neural network\""), Q(Q::OP_OR, learning, index.parsed("learn*"))}) {
    INFO(query.get_description());
    CHECK_FALSE(PostingWalk::weighable(query));
    CHECK(PostingWalk::open_weighed(db, query, paperdex::detail::WeighingStats::of(db, query),
                                    *paperdex::detail::DocumentLengths::load(db)) == nullptr);
  }
}

TEST_CASE("a posting-list walk matches what Xapian matches", "[posting_walk]") {
  const SnapshotIndex index;
  const Xapian::Database& db = index.db;
  const Q &learning = index.learning, &network = index.network, &quantum = index.quantum;
  std::vector<Q> shapes = index.searched_shapes();
  shapes.insert(shapes.end(), {
                                  [&] {
                                    const std::vector<Q> parts{learning, network, quantum};
                                    return Q(Q::OP_AND_NOT, parts.begin(),
                                             parts.end());  // three parts at one level
                                  }(),
                                  Q(Q::OP_AND_MAYBE, network, learning),
                                  Q(Q::OP_SYNONYM, learning, quantum),
                                  Q(Q::OP_MAX, network, quantum),
                                  Q(Q::OP_SCALE_WEIGHT, Q(Q::OP_FILTER, network, learning), 2.5),
                                  Q(Q::OP_AND, Q(std::string()), quantum),
                                  Q(Q::OP_OR, Q("Tzzzznomatch"), Q()),
                                  Q(std::string()),
                                  Q(),
                                  fixed_weight(2, Q(Q::OP_OR, network, quantum)),
                                  every_paper_weighing(1),
                              });
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
  for (const Q& query :
       {index.parsed("\"neural network\""), index.parsed("learn*"), index.parsed("year:2010..2012"),
        Q(Q::OP_AND, learning, index.parsed("\"neural network\""))}) {
    INFO(query.get_description());
    CHECK_FALSE(PostingWalk::walkable(query));
    CHECK(PostingWalk::open(db, query) == nullptr);
  }
}

TEST_CASE("a weighed walk bounds a match's weight without its bonus, when the bonus is not there",
          "[posting_walk]") {
  const SnapshotIndex index;
  const Xapian::Database& db = index.db;
  // A bonus on few papers (as a whole title's): the papers without it are
  // bounded below the bonus, unweighed, and those with it above it.
  const Q query(Q::OP_AND_MAYBE, index.learning, fixed_weight(1000, index.quantum));
  const auto lengths = paperdex::detail::DocumentLengths::load(db);
  const auto stats = paperdex::detail::WeighingStats::of(db, query);
  const std::unique_ptr<PostingWalk> walk = PostingWalk::open_weighed(db, query, stats, *lengths);
  REQUIRE(walk != nullptr);
  CHECK(walk->max_weight() > 1000);
  std::size_t below = 0, above = 0;
  for (Xapian::docid did = walk->seek(1); did != PostingWalk::kEnd; did = walk->seek(did + 1)) {
    const double bound = walk->weight_bound(PostingWalk::kNoFloor);
    const double weight = walk->weight();
    (weight > 1000 ? above : below) += 1;
    if (weight < 1000) CHECK(bound < 1000);
    if (weight > 1000) CHECK(bound > 1000);
  }
  CHECK(above > 0);
  CHECK(below > above);
}
