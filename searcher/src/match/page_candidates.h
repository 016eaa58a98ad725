// The papers that can reach a page ranked by relevance, gathered while a
// weighed walk (posting_walk.h) visits every match: the `wanted` best by the
// walk's weights, and every other paper within kWeightTolerance of the
// weakest of them. The walk's weights may differ from Xapian's in the last
// bits (ranking.h), so a paper just below the walk's best could be on
// Xapian's page; with the margin, every paper of Xapian's page is kept, and
// the page is ordered from the candidates alone (matcher.h).
#pragma once

#include <cstddef>
#include <limits>
#include <vector>

#include <xapian.h>

namespace paperdex::detail {

struct Candidate {
  double weight = 0;  // the walk's
  Xapian::docid docid = 0;
};

class PageCandidates {
 public:
  // At most this many papers tie at the page's edge before the candidates
  // are given up (too many equal weights: Xapian ranks the page itself).
  static constexpr std::size_t kMaxCandidates = 20000;

  explicit PageCandidates(std::size_t wanted);

  // The weight a paper needs to be kept: a match whose weight is bounded
  // below it need not be weighed.
  double floor() const {
    return best_.size() < wanted_ ? -std::numeric_limits<double>::infinity() : lowest_kept();
  }

  void offer(Xapian::docid docid, double weight) {
    if (best_.size() < wanted_) return take(docid, weight);
    if (weight > best_.front().weight) return replace(docid, weight);
    if (weight >= lowest_kept()) near(docid, weight);
  }

  // False when more than kMaxCandidates tied at the edge.
  bool usable() const { return usable_; }
  // The candidates, in no order.
  std::vector<Candidate> take_all();

  // The candidates of several walks over disjoint papers together: those
  // within the margin of the `wanted`-th best of them all.
  static std::vector<Candidate> merge(std::vector<Candidate> all, std::size_t wanted);

  // The lowest weight kept beside a page whose weakest hit has `weight`.
  static double margin_below(double weight);

 private:
  void take(Xapian::docid docid, double weight);
  void replace(Xapian::docid docid, double weight);
  void near(Xapian::docid docid, double weight);
  double lowest_kept() const { return margin_below(best_.front().weight); }

  std::size_t wanted_;
  std::vector<Candidate> best_;  // a heap, the weakest first
  std::vector<Candidate> near_;  // within the margin of the weakest best, when added
  bool usable_ = true;
};

}  // namespace paperdex::detail
