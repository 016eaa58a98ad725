// The matches of a boolean query, found by walking its posting lists in
// document order, for counting them: Xapian's matcher costs three times what
// its posting lists do. Measured on a 1,000,000-paper index, the 466,747
// papers with the word "algorithm": the posting list walked in 6.4 ms, an
// unweighted Xapian pass over it in 17-24 ms. A search's exact total and
// facets need every match and nothing else about it, so the counts come from
// here whenever the query is made of terms combined by AND, OR and AND_NOT
// (and their forms: FILTER, SYNONYM, MAX, AND_MAYBE's left side, weight
// scaling), with fixed weights (fixed_weight.h: a body's match, a whole
// title's). A query with phrases, wildcards, value ranges or other posting
// sources is counted by Xapian (walkable() says which).
//
// A walk can weigh its matches too, as ranking_weight() does (ranking.h),
// with each paper's length from a DocumentLengths table: Xapian's matcher
// weighs a match of a common word in ~39 ns, two thirds of it reading the
// paper's length. Weighed, a walk finds the papers that can reach a page
// (matcher.h), and Xapian ranks those alone. Where a query's weight comes
// from synonyms, MAX or positions, Xapian weighs it (weighable()).
#pragma once

#include <limits>
#include <memory>

#include <xapian.h>

#include "match/document_lengths.h"
#include "match/ranking.h"

namespace paperdex::detail {

class PostingWalk {
 public:
  // The matches of `query` in `db`, or nullptr when `query` is not walkable.
  static std::unique_ptr<PostingWalk> open(const Xapian::Database& db, const Xapian::Query& query);
  static bool walkable(const Xapian::Query& query);

  // The same matches with their weights (weight()), or nullptr when `query`
  // is not weighable. `stats` are the whole index's (of every shard);
  // `lengths` are `db`'s, and outlive the walk.
  static std::unique_ptr<PostingWalk> open_weighed(const Xapian::Database& db,
                                                   const Xapian::Query& query,
                                                   const WeighingStats& stats,
                                                   const DocumentLengths& lengths);
  static bool weighable(const Xapian::Query& query);

  static constexpr Xapian::docid kEnd = static_cast<Xapian::docid>(-1);

  virtual ~PostingWalk() = default;
  // The first match numbered `did` or more (kEnd when none). Calls must ask
  // for ascending numbers, each above the previous match returned.
  virtual Xapian::docid seek(Xapian::docid did) = 0;
  // An upper bound of the matches, to order the parts of an AND.
  virtual Xapian::doccount bound() const = 0;
  // What the last seek() returned.
  virtual Xapian::docid at() const = 0;
  // The weight of the match at(): 0 unless opened weighed.
  virtual double weight() = 0;
  // Bounds of weight(), cheaper to know than it (no paper's length, no
  // logarithm, no look at a bonus's posting lists): a walk weighing for a
  // page skips the weights of the matches that cannot reach it. Of any
  // match, and of the match at(); where a first, looser bound of the match
  // is already below `floor` (the weight a page needs), that one.
  virtual double max_weight() const = 0;
  virtual double weight_bound(double floor) = 0;
  static constexpr double kNoFloor = -std::numeric_limits<double>::infinity();
};

}  // namespace paperdex::detail
