// A walked page's candidates (page_candidates.h) hold every paper that can
// be on the page: the best by the walk's weights and every paper within the
// tolerance of the weakest of them, over one walk or several merged.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include "match/page_candidates.h"
#include "match/ranking.h"

namespace {

using paperdex::detail::Candidate;
using paperdex::detail::PageCandidates;

// The papers whose weight is within the margin of the wanted-th best.
std::set<Xapian::docid> within_margin(std::vector<Candidate> all, std::size_t wanted) {
  std::sort(all.begin(), all.end(),
            [](const Candidate& a, const Candidate& b) { return a.weight > b.weight; });
  std::set<Xapian::docid> kept;
  if (all.empty()) return kept;
  const double edge = all[std::min(wanted, all.size()) - 1].weight;
  for (const Candidate& c : all) {
    if (c.weight >= PageCandidates::margin_below(edge)) kept.insert(c.docid);
  }
  return kept;
}

std::set<Xapian::docid> docids(const std::vector<Candidate>& candidates) {
  std::set<Xapian::docid> found;
  for (const Candidate& c : candidates) found.insert(c.docid);
  REQUIRE(found.size() == candidates.size());  // each paper once
  return found;
}

// Weights with ties, and pairs closer than the tolerance.
std::vector<Candidate> matches(std::size_t count, unsigned seed) {
  std::mt19937 random(seed);
  std::uniform_int_distribution<int> level(0, 40);
  std::vector<Candidate> all;
  for (Xapian::docid did = 1; did <= count; ++did) {
    double weight = 1.0 + level(random) / 8.0;
    if (did % 7 == 0) weight *= 1 - paperdex::detail::kWeightTolerance / 2;  // just below a tie
    all.push_back({weight, did});
  }
  return all;
}

}  // namespace

TEST_CASE("a walk's candidates are the papers within the margin of its page's edge",
          "[page_candidates]") {
  for (const std::size_t wanted : {1u, 10u, 35u}) {
    for (const unsigned seed : {1u, 2u, 3u}) {
      INFO(wanted << " wanted, seed " << seed);
      const std::vector<Candidate> all = matches(3000, seed);
      PageCandidates candidates(wanted);
      for (const Candidate& c : all) candidates.offer(c.docid, c.weight);
      REQUIRE(candidates.usable());
      const std::vector<Candidate> got = candidates.take_all();
      CHECK(docids(got) == within_margin(all, wanted));
      CHECK(got.size() >= wanted);
    }
  }

  SECTION("fewer matches than the page: every match") {
    PageCandidates candidates(10);
    for (const Candidate& c : matches(4, 1)) candidates.offer(c.docid, c.weight);
    CHECK(candidates.take_all().size() == 4);
  }

  SECTION("merged over parts: the margin of the edge of them all") {
    const std::vector<Candidate> all = matches(5000, 7);
    std::vector<Candidate> merged;
    for (std::size_t part = 0; part < 3; ++part) {
      PageCandidates candidates(10);
      for (std::size_t i = part; i < all.size(); i += 3)
        candidates.offer(all[i].docid, all[i].weight);
      const std::vector<Candidate> got = candidates.take_all();
      merged.insert(merged.end(), got.begin(), got.end());
    }
    CHECK(docids(PageCandidates::merge(merged, 10)) == within_margin(all, 10));
  }

  SECTION("too many ties at the edge: given up") {
    PageCandidates candidates(10);
    for (Xapian::docid did = 1; did <= PageCandidates::kMaxCandidates + 5000; ++did) {
      candidates.offer(did, 2.0);
    }
    CHECK_FALSE(candidates.usable());
    CHECK(candidates.take_all().empty());
  }
}
