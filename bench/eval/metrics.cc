#include "eval/metrics.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <stdexcept>
#include <unordered_set>

namespace paperdex::eval {
namespace {

// trec_eval's default relevance level (-l 1).
constexpr int kRelevantGrade = 1;

int grade_of(const Judgments& judgments, const std::string& docno) {
  const auto it = judgments.find(docno);
  return it == judgments.end() ? 0 : it->second;
}

double gain(int grade) { return grade > 0 ? std::exp2(grade) - 1.0 : 0.0; }

double discount(std::size_t rank) { return std::log2(static_cast<double>(rank) + 1.0); }

std::size_t relevant_count(const Judgments& judgments) {
  return static_cast<std::size_t>(
      std::count_if(judgments.begin(), judgments.end(),
                    [](const auto& judged) { return judged.second >= kRelevantGrade; }));
}

}  // namespace

void sort_like_trec_eval(std::vector<ScoredDoc>& docs) {
  std::sort(docs.begin(), docs.end(), [](const ScoredDoc& a, const ScoredDoc& b) {
    if (a.score != b.score) return a.score > b.score;
    return a.docno > b.docno;
  });
}

double ndcg_at(const std::vector<std::string>& ranking, const Judgments& judgments, std::size_t k) {
  double dcg = 0;
  for (std::size_t i = 0; i < std::min(k, ranking.size()); ++i) {
    dcg += gain(grade_of(judgments, ranking[i])) / discount(i + 1);
  }
  std::vector<int> grades;
  for (const auto& [docno, grade] : judgments) {
    if (grade > 0) grades.push_back(grade);
  }
  std::sort(grades.begin(), grades.end(), std::greater<>());
  double ideal = 0;
  for (std::size_t i = 0; i < std::min(k, grades.size()); ++i) {
    ideal += gain(grades[i]) / discount(i + 1);
  }
  return ideal > 0 ? dcg / ideal : 0.0;
}

double recall_at(const std::vector<std::string>& ranking, const Judgments& judgments,
                 std::size_t k) {
  const std::size_t relevant = relevant_count(judgments);
  if (relevant == 0) return 0.0;
  std::size_t found = 0;
  for (std::size_t i = 0; i < std::min(k, ranking.size()); ++i) {
    if (grade_of(judgments, ranking[i]) >= kRelevantGrade) ++found;
  }
  return static_cast<double>(found) / static_cast<double>(relevant);
}

double average_precision(const std::vector<std::string>& ranking, const Judgments& judgments,
                         std::size_t depth) {
  const std::size_t relevant = relevant_count(judgments);
  if (relevant == 0) return 0.0;
  std::size_t found = 0;
  double sum = 0;
  for (std::size_t i = 0; i < std::min(depth, ranking.size()); ++i) {
    if (grade_of(judgments, ranking[i]) >= kRelevantGrade) {
      ++found;
      sum += static_cast<double>(found) / static_cast<double>(i + 1);
    }
  }
  return sum / static_cast<double>(relevant);
}

QueryMetrics evaluate_query(const std::vector<std::string>& ranking, const Judgments& judgments) {
  std::unordered_set<std::string> seen;
  for (const std::string& docno : ranking) {
    if (!seen.insert(docno).second) {
      throw std::invalid_argument("the ranking lists document " + docno + " twice");
    }
  }
  QueryMetrics metrics;
  metrics.ndcg10 = ndcg_at(ranking, judgments, 10);
  metrics.recall100 = recall_at(ranking, judgments, 100);
  metrics.map = average_precision(ranking, judgments, 1000);
  return metrics;
}

QueryMetrics mean(const std::vector<QueryMetrics>& per_query) {
  QueryMetrics total;
  if (per_query.empty()) return total;
  for (const QueryMetrics& metrics : per_query) {
    total.ndcg10 += metrics.ndcg10;
    total.recall100 += metrics.recall100;
    total.map += metrics.map;
  }
  const auto count = static_cast<double>(per_query.size());
  total.ndcg10 /= count;
  total.recall100 /= count;
  total.map /= count;
  return total;
}

}  // namespace paperdex::eval
