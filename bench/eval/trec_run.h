// TREC run files: "qid Q0 docno rank score tag", one line per retrieved
// document, the format trec_eval and pytrec_eval read.
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include "eval/metrics.h"

namespace paperdex::eval {

// The engine's ranking with trec_eval's tie rule applied: within each run of
// neighbours with exactly the same score, docno descending. Anything else
// keeps the engine's order. The order is not re-sorted by score because
// paperdex ranks in tiers (papers matching every word, then papers filling
// the page with most of the words), and a partial match's BM25 score can
// exceed a full match's: re-sorting would evaluate a ranking no user sees.
std::vector<std::string> rank_with_trec_ties(const std::vector<ScoredDoc>& engine_order);

// Writes one query's ranking as run lines. The score column is derived from
// the rank (ranking.size() down to 1), strictly decreasing, so that trec_eval
// (which re-sorts by score) evaluates exactly this order.
void write_trec_run(std::ostream& out, const std::string& query_id,
                    const std::vector<std::string>& ranking, const std::string& tag);

}  // namespace paperdex::eval
