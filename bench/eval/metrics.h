// Relevance metrics with trec_eval's conventions, so that the figures the
// harness prints are the ones `trec_eval -c -m ndcg_cut.10 -m recall.100 -m map`
// prints for the run file it writes (apart from the graded gain, see ndcg_at).
//
// Conventions (trec_eval 9.x, form_res_rels.c and m_*.c):
// - a document is relevant when its judged grade is >= 1; grades of 0 and
//   below, and unjudged documents, are not relevant;
// - a ranking is ordered by score, descending, ties broken by docno in
//   descending strcmp order (sort_like_trec_eval);
// - the ideal DCG is built from every judged document with a grade > 0,
//   retrieved or not;
// - a query with judgments but no relevant document scores 0 on every
//   measure and counts in the averages; a query with no judgments at all is
//   not evaluated (see Qrels in beir_reader.h).
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace paperdex::eval {

// One query's judgments: docno -> relevance grade.
using Judgments = std::map<std::string, int>;

// One retrieved document as the engine scored it.
struct ScoredDoc {
  std::string docno;
  double score = 0;
};

// Orders `docs` the way trec_eval reads a run: by score, descending, then by
// docno, descending (strcmp).
void sort_like_trec_eval(std::vector<ScoredDoc>& docs);

// nDCG at `k` with gain 2^grade - 1 and discount log2(rank + 1). For binary
// judgments the gain equals trec_eval's (which uses the grade itself); for
// graded ones it rewards the highest grades more, as BEIR's task asks.
double ndcg_at(const std::vector<std::string>& ranking, const Judgments& judgments, std::size_t k);

// Relevant documents in the first `k` over all relevant documents.
double recall_at(const std::vector<std::string>& ranking, const Judgments& judgments,
                 std::size_t k);

// Average precision over the first `depth` documents (trec_eval's map on a
// run cut at `depth`): the sum of the precision at each relevant document
// retrieved, over all relevant documents.
double average_precision(const std::vector<std::string>& ranking, const Judgments& judgments,
                         std::size_t depth);

// The three figures the harness reports.
struct QueryMetrics {
  double ndcg10 = 0;
  double recall100 = 0;
  double map = 0;
};

// Throws std::invalid_argument when `ranking` lists a docno twice (trec_eval
// refuses such runs too: the measures would count the document twice).
QueryMetrics evaluate_query(const std::vector<std::string>& ranking, const Judgments& judgments);

// The mean of each figure over `per_query`; zeros for an empty list.
QueryMetrics mean(const std::vector<QueryMetrics>& per_query);

}  // namespace paperdex::eval
