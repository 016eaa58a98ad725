#include "match/page_candidates.h"

#include <algorithm>
#include <cmath>

#include "match/ranking.h"

namespace paperdex::detail {
namespace {

// For a heap whose front is the weakest.
bool stronger(const Candidate& a, const Candidate& b) { return a.weight > b.weight; }

}  // namespace

PageCandidates::PageCandidates(std::size_t wanted) : wanted_(std::max<std::size_t>(wanted, 1)) {
  best_.reserve(wanted_);
}

double PageCandidates::margin_below(double weight) {
  return weight - std::abs(weight) * kWeightTolerance;
}

void PageCandidates::take(Xapian::docid docid, double weight) {
  best_.push_back({weight, docid});
  std::push_heap(best_.begin(), best_.end(), stronger);
}

void PageCandidates::replace(Xapian::docid docid, double weight) {
  std::pop_heap(best_.begin(), best_.end(), stronger);
  const Candidate weakest = best_.back();
  best_.back() = {weight, docid};
  std::push_heap(best_.begin(), best_.end(), stronger);
  if (weakest.weight >= lowest_kept()) near(weakest.docid, weakest.weight);
}

void PageCandidates::near(Xapian::docid docid, double weight) {
  if (!usable_) return;
  near_.push_back({weight, docid});
  if (near_.size() <= 2 * wanted_ + 1024) return;
  // The edge has risen since some were added.
  const double lowest = lowest_kept();
  std::erase_if(near_, [&](const Candidate& c) { return c.weight < lowest; });
  if (near_.size() > kMaxCandidates) {
    usable_ = false;
    near_.clear();
  }
}

std::vector<Candidate> PageCandidates::take_all() {
  std::vector<Candidate> all;
  if (!usable_) return all;
  if (best_.size() == wanted_) {
    const double lowest = lowest_kept();
    for (const Candidate& c : near_) {
      if (c.weight >= lowest) all.push_back(c);
    }
  }
  all.insert(all.end(), best_.begin(), best_.end());
  best_.clear();
  near_.clear();
  return all;
}

std::vector<Candidate> PageCandidates::merge(std::vector<Candidate> all, std::size_t wanted) {
  if (all.size() <= wanted) return all;
  std::nth_element(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(wanted - 1), all.end(),
                   stronger);
  const double lowest = margin_below(all[wanted - 1].weight);
  std::erase_if(all, [&](const Candidate& c) { return c.weight < lowest; });
  return all;
}

}  // namespace paperdex::detail
