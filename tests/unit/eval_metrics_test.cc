// The relevance harness's metrics (bench/eval), on cases small enough to
// compute by hand, and its readers and run-file conventions, which decide
// what trec_eval would see.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "eval/beir_reader.h"
#include "eval/metrics.h"
#include "eval/trec_run.h"
#include "test_support.h"

namespace {

using paperdex::eval::Judgments;
using paperdex::eval::ScoredDoc;

// A file in a fresh temporary directory of its own, removed at the end of
// the test. ctest runs each test case as its own process, two at a time, so a
// per-process counter would give two processes the same name.
class TempFile {
 public:
  explicit TempFile(const std::string& contents) : path_(dir_ / "input.tsv") {
    std::ofstream(path_) << contents;
  }
  const std::filesystem::path& path() const { return path_; }

 private:
  paperdex::test::TempDir dir_;  // declared first: path_ is made from it
  std::filesystem::path path_;
};

// Ranks "r1".."rN" with the listed ranks relevant, for cutoff cases.
std::vector<std::string> ranking_of(int size) {
  std::vector<std::string> ranking;
  for (int i = 1; i <= size; ++i) ranking.push_back("r" + std::to_string(i));
  return ranking;
}

}  // namespace

TEST_CASE("nDCG@10 on hand-computed rankings", "[eval]") {
  using paperdex::eval::ndcg_at;
  const double l3 = std::log2(3.0);
  struct Case {
    const char* what;
    std::vector<std::string> ranking;
    Judgments judgments;
    double expected;
  };
  const std::vector<Case> cases = {
      {"perfect", {"a", "b"}, {{"a", 1}, {"b", 1}}, 1.0},
      // DCG 1/log2(3) + 1/log2(5), ideal 1 + 1/log2(3)
      {"binary, ranks 2 and 4",
       {"x", "a", "y", "b"},
       {{"a", 1}, {"b", 1}},
       (1 / l3 + 1 / std::log2(5.0)) / (1 + 1 / l3)},
      // gain 2^2-1 = 3 for grade 2: DCG 1 + 3/log2(3), ideal 3 + 1/log2(3)
      {"graded, swapped",
       {"b", "a", "c"},
       {{"a", 2}, {"b", 1}, {"c", 0}},
       (1 + 3 / l3) / (3 + 1 / l3)},
      // the ideal counts the relevant documents never retrieved
      {"unretrieved relevant", {"a"}, {{"a", 1}, {"b", 1}, {"c", 1}}, 1 / (1 + 1 / l3 + 0.5)},
      {"nothing relevant retrieved", {"x", "y"}, {{"a", 1}}, 0.0},
      {"empty ranking", {}, {{"a", 1}}, 0.0},
      // judged grades 0 and below are not relevant; no ideal, so 0
      {"no relevant documents", {"a", "b"}, {{"a", 0}, {"b", -1}}, 0.0},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    CHECK(ndcg_at(c.ranking, c.judgments, 10) == Approx(c.expected).epsilon(1e-12));
  }
}

TEST_CASE("nDCG@10 stops at rank 10, ranking and ideal alike", "[eval]") {
  Judgments judgments;
  for (int i = 1; i <= 12; ++i) judgments["rel" + std::to_string(i)] = 1;
  std::vector<std::string> ranking = ranking_of(12);
  ranking[1] = "rel1";   // rank 2: counts
  ranking[10] = "rel2";  // rank 11: does not
  double ideal = 0;
  for (int rank = 1; rank <= 10; ++rank) ideal += 1 / std::log2(rank + 1.0);
  CHECK(paperdex::eval::ndcg_at(ranking, judgments, 10) ==
        Approx((1 / std::log2(3.0)) / ideal).epsilon(1e-12));
}

TEST_CASE("Recall@100 counts relevant documents down to rank 100", "[eval]") {
  using paperdex::eval::recall_at;
  std::vector<std::string> ranking = ranking_of(150);
  const Judgments judgments = {{"r1", 1}, {"r100", 2}, {"r101", 1}, {"missing", 1}};
  CHECK(recall_at(ranking, judgments, 100) == Approx(0.5));  // r1, r100 of 4
  CHECK(recall_at(ranking, judgments, 1000) == Approx(0.75));
  CHECK(recall_at(ranking, {{"r1", 0}}, 100) == 0.0);  // no relevant document
}

TEST_CASE("average precision on hand-computed rankings", "[eval]") {
  using paperdex::eval::average_precision;
  // relevant at ranks 1 and 3 of 3 relevant: (1/1 + 2/3) / 3
  CHECK(average_precision({"a", "x", "b", "y"}, {{"a", 1}, {"b", 1}, {"c", 1}}, 1000) ==
        Approx((1.0 + 2.0 / 3.0) / 3.0));
  // a grade-0 judgment is a judged non-relevant document
  CHECK(average_precision({"z", "a"}, {{"a", 1}, {"z", 0}}, 1000) == Approx(0.5));
  CHECK(average_precision({"a"}, {{"a", 0}}, 1000) == 0.0);
  // the depth cuts the run: a relevant document at rank 1001 adds nothing
  std::vector<std::string> ranking = ranking_of(1001);
  CHECK(average_precision(ranking, {{"r1001", 1}}, 1000) == 0.0);
  CHECK(average_precision(ranking, {{"r1000", 1}}, 1000) == Approx(1.0 / 1000));
}

TEST_CASE("evaluate_query gives the three figures and refuses duplicates", "[eval]") {
  const Judgments judgments = {{"a", 1}, {"b", 1}};
  const paperdex::eval::QueryMetrics metrics =
      paperdex::eval::evaluate_query({"a", "x"}, judgments);
  CHECK(metrics.ndcg10 == Approx(1 / (1 + 1 / std::log2(3.0))));
  CHECK(metrics.recall100 == Approx(0.5));
  CHECK(metrics.map == Approx(0.5));
  CHECK_THROWS_AS(paperdex::eval::evaluate_query({"a", "x", "a"}, judgments),
                  std::invalid_argument);
}

TEST_CASE("queries without relevant documents count as 0 in the means", "[eval]") {
  const paperdex::eval::QueryMetrics none = paperdex::eval::evaluate_query({"a"}, {{"a", 0}});
  const paperdex::eval::QueryMetrics perfect = paperdex::eval::evaluate_query({"a"}, {{"a", 1}});
  const paperdex::eval::QueryMetrics average = paperdex::eval::mean({none, perfect});
  CHECK(average.ndcg10 == Approx(0.5));
  CHECK(average.recall100 == Approx(0.5));
  CHECK(average.map == Approx(0.5));
  CHECK(paperdex::eval::mean({}).ndcg10 == 0.0);
}

TEST_CASE("ties in score are broken by docno descending, as trec_eval does", "[eval]") {
  std::vector<ScoredDoc> docs = {{"a", 1.0}, {"b", 2.0}, {"c", 1.0}, {"9", 0.5}, {"10", 0.5}};
  paperdex::eval::sort_like_trec_eval(docs);
  std::vector<std::string> order;
  for (const ScoredDoc& doc : docs) order.push_back(doc.docno);
  // strcmp order, not numeric: "9" > "10"
  CHECK(order == std::vector<std::string>{"b", "c", "a", "9", "10"});
  // which is what decides the metric when the relevant document is tied
  CHECK(paperdex::eval::ndcg_at(order, {{"a", 1}}, 10) == Approx(1 / std::log2(4.0)));
}

TEST_CASE("the engine's order is kept, ties reordered within their run", "[eval]") {
  // A later tier may score higher than an earlier one: the order stands.
  const std::vector<ScoredDoc> engine = {{"x", 5}, {"a", 3}, {"c", 3},
                                         {"b", 3}, {"z", 4}, {"y", 4}};
  CHECK(paperdex::eval::rank_with_trec_ties(engine) ==
        std::vector<std::string>{"x", "c", "b", "a", "z", "y"});
  CHECK(paperdex::eval::rank_with_trec_ties({}).empty());
}

TEST_CASE("the run file's scores make trec_eval read the ranking as written", "[eval]") {
  std::ostringstream out;
  paperdex::eval::write_trec_run(out, "q7", {"d2", "d10", "d1"}, "paperdex");
  CHECK(out.str() ==
        "q7 Q0 d2 1 3 paperdex\n"
        "q7 Q0 d10 2 2 paperdex\n"
        "q7 Q0 d1 3 1 paperdex\n");
}

TEST_CASE("BEIR qrels: header skipped, grades kept, errors located", "[eval]") {
  const TempFile good("query-id\tcorpus-id\tscore\n1\tdocA\t1\n1\tdocB\t0\n\n2\tdocC\t2\n");
  const paperdex::eval::Qrels qrels = paperdex::eval::read_qrels(good.path());
  REQUIRE(qrels.size() == 2);
  CHECK(qrels.at("1") == Judgments{{"docA", 1}, {"docB", 0}});
  CHECK(qrels.at("2") == Judgments{{"docC", 2}});

  const TempFile trec("5 0 docX 1\n");  // TREC's four columns
  CHECK(paperdex::eval::read_qrels(trec.path()).at("5") == Judgments{{"docX", 1}});

  const TempFile bad("query-id\tcorpus-id\tscore\n1\tdocA\thigh\n");
  CHECK_THROWS_WITH(paperdex::eval::read_qrels(bad.path()),
                    Catch::Contains(":2:") && Catch::Contains("not an integer"));
}

TEST_CASE("BEIR corpus and queries: ids as strings or numbers, titles optional", "[eval]") {
  const TempFile corpus(
      "{\"_id\": \"d1\", \"title\": \"T\", \"text\": \"body\"}\n"
      "{\"_id\": 42, \"text\": \"no title\", \"metadata\": {}}\n");
  std::vector<paperdex::eval::BeirDocument> documents;
  const std::size_t count = paperdex::eval::read_corpus(
      corpus.path(), [&](paperdex::eval::BeirDocument&& doc) { documents.push_back(doc); });
  REQUIRE(count == 2);
  CHECK(documents[0].id == "d1");
  CHECK(documents[0].title == "T");
  CHECK(documents[1].id == "42");
  CHECK(documents[1].title.empty());
  CHECK(documents[1].text == "no title");

  const TempFile broken("{\"_id\": \"q1\", \"text\": \"fine\"}\n{\"text\": \"no id\"}\n");
  CHECK_THROWS_WITH(paperdex::eval::read_queries(broken.path()),
                    Catch::Contains(":2:") && Catch::Contains("_id"));
}
