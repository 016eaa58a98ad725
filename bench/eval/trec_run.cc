#include "eval/trec_run.h"

#include <algorithm>
#include <functional>

namespace paperdex::eval {

std::vector<std::string> rank_with_trec_ties(const std::vector<ScoredDoc>& engine_order) {
  std::vector<std::string> ranking;
  ranking.reserve(engine_order.size());
  auto begin = engine_order.begin();
  while (begin != engine_order.end()) {
    auto end = std::find_if(begin, engine_order.end(),
                            [&](const ScoredDoc& doc) { return doc.score != begin->score; });
    std::vector<std::string> tied;
    for (auto it = begin; it != end; ++it) tied.push_back(it->docno);
    std::sort(tied.begin(), tied.end(), std::greater<>());
    ranking.insert(ranking.end(), tied.begin(), tied.end());
    begin = end;
  }
  return ranking;
}

void write_trec_run(std::ostream& out, const std::string& query_id,
                    const std::vector<std::string>& ranking, const std::string& tag) {
  for (std::size_t i = 0; i < ranking.size(); ++i) {
    out << query_id << " Q0 " << ranking[i] << ' ' << i + 1 << ' ' << ranking.size() - i << ' '
        << tag << '\n';
  }
}

}  // namespace paperdex::eval
