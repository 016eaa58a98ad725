#include "match/page_ranking.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <utility>

#include "match/ranking.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/common/schema.h"
#include "paperdex/common/stored_record.h"
#include "results/citations.h"

namespace paperdex::detail {
namespace {

// The most papers of equal weight on a page ordered by the walks
// (order_by_walks): each one's date is read from the index (~1 µs).
constexpr std::size_t kMaxTiedRun = 64;

// The papers of a walked page's candidates (page_candidates.h), by shard:
// AND-ed with the query as a filter, Xapian weighs these papers alone. Xapian
// hands a source of a sharded database each shard, to init() in turn; the
// shard is known by its UUID.
class CandidateSet final : public Xapian::PostingSource {
 public:
  struct Shard {
    std::string uuid;                   // empty: the one database
    std::vector<Xapian::docid> docids;  // ascending, the shard's own numbers
  };
  explicit CandidateSet(std::shared_ptr<const std::vector<Shard>> shards)
      : shards_(std::move(shards)) {}

  Xapian::doccount get_termfreq_min() const override { return size(); }
  Xapian::doccount get_termfreq_est() const override { return size(); }
  Xapian::doccount get_termfreq_max() const override { return size(); }

  void init(const Xapian::Database& db) override {
    docids_ = nullptr;
    const std::string uuid = shards_->size() == 1 ? std::string() : db.get_uuid();
    for (const Shard& shard : *shards_) {
      if (shard.uuid == uuid) docids_ = &shard.docids;
    }
    at_ = 0;
    started_ = false;
  }
  void next(double /*min_wt*/) override {
    if (started_) ++at_;
    started_ = true;
  }
  void skip_to(Xapian::docid did, double /*min_wt*/) override {
    started_ = true;
    while (!at_end() && (*docids_)[at_] < did) ++at_;
  }
  bool at_end() const override { return docids_ == nullptr || at_ >= docids_->size(); }
  Xapian::docid get_docid() const override { return (*docids_)[at_]; }

  // Xapian's interface: a copy it owns, for each shard.
  CandidateSet* clone() const override { return new CandidateSet(shards_); }
  std::string get_description() const override { return "CandidateSet"; }

 private:
  Xapian::doccount size() const {
    return docids_ == nullptr ? 0 : static_cast<Xapian::doccount>(docids_->size());
  }

  std::shared_ptr<const std::vector<Shard>> shards_;
  const std::vector<Xapian::docid>* docids_ = nullptr;  // this shard's
  std::size_t at_ = 0;
  bool started_ = false;
};

// Every order ends in the paper's id (schema::dated_id), never in the
// document number, which differs between one index and its shards. Equal
// scores: the newest paper first. A page without weights is listed by date.
// The date slot a sort orders by.
Xapian::valueno sort_slot(SortOrder sort) {
  switch (sort) {
    case SortOrder::kUpdated:
      return schema::kUpdatedSlot;
    case SortOrder::kAdded:
      return schema::kAddedSlot;
    case SortOrder::kRelevance:
    case SortOrder::kNewest:
    case SortOrder::kOldest:
    case SortOrder::kCitations:
      break;
  }
  return schema::kDateSlot;
}

// --sort citations: a paper's cited_by_count (results/citations.h), then its
// date slot (which ends in its id: nothing ties). Counted when Xapian asks,
// for each match: the count follows the citing papers, which a slot written
// with the paper would not (a paper indexed later cites it).
class CitedByKey : public Xapian::KeyMaker {
 public:
  explicit CitedByKey(const Xapian::Database& db) : db_(db) {}

  std::string operator()(const Xapian::Document& doc) const override {
    // One a thread: Xapian may sort in the matcher's workers.
    thread_local const Analyzer analyzer;
    const Record record = decode_stored_record(doc.get_data());
    return Xapian::sortable_serialise(cited_by_count(db_, analyzer, record)) +
           doc.get_value(schema::kDateSlot);
  }

 private:
  Xapian::Database db_;
};

struct PageOrder {
  bool citations;
  bool by_weight;
  Xapian::valueno slot;
  bool descending;

  explicit PageOrder(const PassRequest& request)
      : citations(request.sort == SortOrder::kCitations),
        by_weight(request.weighted && request.sort == SortOrder::kRelevance),
        slot(sort_slot(request.sort)),
        descending(request.sort != SortOrder::kOldest) {}

  void apply(Xapian::Enquire& enquire, const Xapian::Database& db) const {
    if (citations) {
      enquire.set_sort_by_key((new CitedByKey(db))->release(), true);
    } else if (by_weight) {
      enquire.set_sort_by_relevance_then_value(slot, descending);
    } else {
      enquire.set_sort_by_value(slot, descending);
    }
  }
};

// Papers of equal weight, in `order`'s order of their slot values. The
// slot ends in the paper's id, so values never tie; the document number
// (Xapian's last resort) keeps the order total all the same.
void order_ties(const Xapian::Database& whole, std::vector<Candidate>::iterator first,
                std::vector<Candidate>::iterator last, const PageOrder& order) {
  std::vector<std::pair<std::string, Candidate>> keyed;
  for (auto it = first; it != last; ++it) {
    keyed.emplace_back(
        whole.get_document(it->docid, Xapian::DOC_ASSUME_VALID).get_value(order.slot), *it);
  }
  std::sort(keyed.begin(), keyed.end(), [&](const auto& a, const auto& b) {
    if (a.first != b.first) return order.descending ? a.first > b.first : a.first < b.first;
    return a.second.docid < b.second.docid;
  });
  for (const auto& [key, candidate] : keyed) *first++ = candidate;
}

// The page in the walks' order: by weight, equal weights by the date slot
// (PageOrder's rule). Xapian's weights are within kWeightTolerance of the
// walks' (ranking.h), so where the weights of the papers that can reach
// the page are equal or farther apart than that, Xapian's order is this
// one; ordering them here saves Xapian's pass over the candidates (70 µs
// on one index, 115 µs over two shards: a fixed cost per database).
// Nullopt where two such weights are nearer than the tolerance without
// being equal (Xapian's last bits decide), or where more than kMaxTiedRun
// papers tie (their dates cost more to read than Xapian's pass).
std::optional<RankedPage> order_by_walks(const Xapian::Database& whole,
                                         const std::vector<Candidate>& candidates,
                                         const PassRequest& request) {
  const std::size_t end = std::min<std::size_t>(candidates.size(), request.first + request.count);
  // Every candidate past the page is within the tolerance of its weakest
  // hit (PageCandidates::merge): one run with it, too long to read their
  // dates, seen without sorting up to kMaxCandidates papers.
  if (candidates.size() - end >= kMaxTiedRun) return std::nullopt;
  std::vector<Candidate> all = candidates;
  std::sort(all.begin(), all.end(),
            [](const Candidate& a, const Candidate& b) { return a.weight > b.weight; });
  const PageOrder order(request);
  // Runs of weights each within the tolerance of the one before.
  for (std::size_t run = 0; run < end;) {
    std::size_t run_end = run + 1;
    bool unequal = false;
    while (run_end < all.size() &&
           all[run_end].weight >= PageCandidates::margin_below(all[run_end - 1].weight)) {
      unequal = unequal || all[run_end].weight != all[run].weight;
      ++run_end;
    }
    // A run wholly above the page decides nothing on it.
    if (run_end > request.first && run_end - run > 1) {
      if (unequal || run_end - run > kMaxTiedRun) return std::nullopt;
      order_ties(whole, all.begin() + static_cast<std::ptrdiff_t>(run),
                 all.begin() + static_cast<std::ptrdiff_t>(run_end), order);
    }
    run = run_end;
  }
  RankedPage page;
  for (std::size_t i = request.first; i < end; ++i) {
    page.hits.push_back({all[i].docid, all[i].weight, std::nullopt, {}});
  }
  page.source = PageSource::kWalks;
  return page;
}

// The page ranked by Xapian among the candidates alone, over the whole
// index's statistics. Nullopt when Xapian's weights are not the walks'.
std::optional<RankedPage> rank_among_candidates(const Xapian::Database& whole,
                                                const std::vector<Candidate>& all,
                                                const PassRequest& request,
                                                const std::vector<std::string>& shard_uuids) {
  const bool sharded = !shard_uuids.empty();
  const std::size_t shard_count = shard_uuids.size();
  auto shards = std::make_shared<std::vector<CandidateSet::Shard>>(sharded ? shard_count : 1);
  std::map<Xapian::docid, double> walked_weight;
  for (const Candidate& candidate : all) {
    walked_weight[candidate.docid] = candidate.weight;
    const std::size_t shard = sharded ? (candidate.docid - 1) % shard_count : 0;
    (*shards)[shard].docids.push_back(sharded ? (candidate.docid - 1) / shard_count + 1
                                              : candidate.docid);
  }
  for (std::size_t shard = 0; shard < shards->size(); ++shard) {
    if (sharded) (*shards)[shard].uuid = shard_uuids[shard];
    std::sort((*shards)[shard].docids.begin(), (*shards)[shard].docids.end());
  }
  PassRequest among = request;
  among.query = Xapian::Query(Xapian::Query::OP_FILTER, request.query,
                              Xapian::Query((new CandidateSet(shards))->release()));
  RankedPage page = rank_page(whole, among);
  const std::size_t expected =
      all.size() > request.first ? std::min<std::size_t>(all.size() - request.first, request.count)
                                 : 0;
  if (page.hits.size() != expected) return std::nullopt;
  for (const PageHit& hit : page.hits) {
    const auto found = walked_weight.find(hit.docid);
    if (found == walked_weight.end() ||
        std::abs(found->second - hit.weight) > std::abs(hit.weight) * kWeightTolerance) {
      return std::nullopt;
    }
  }
  page.source = PageSource::kCandidates;
  return page;
}

}  // namespace

RankedPage rank_page(const Xapian::Database& db, const PassRequest& request,
                     bool records_with_page) {
  Xapian::Enquire enquire(db);
  enquire.set_query(request.weighted ? request.query : unweighted_match(request.query));
  enquire.set_weighting_scheme(ranking_weight());
  PageOrder(request).apply(enquire, db);
  // Each paper's record is its own (it holds the paper's id): as collapse
  // keys they collapse nothing, and come back with the page.
  if (records_with_page) enquire.set_collapse_key(schema::kStoredRecordSlot);
  const Xapian::MSet mset = enquire.get_mset(request.first, request.count);
  RankedPage page;
  for (auto it = mset.begin(); it != mset.end(); ++it) {
    page.hits.push_back({*it, it.get_weight(), std::nullopt,
                         records_with_page ? it.get_collapse_key() : std::string()});
  }
  page.estimated = mset.get_matches_estimated();
  page.exact = mset.get_matches_lower_bound() == mset.get_matches_upper_bound();
  return page;
}

std::optional<RankedPage> rank_walked_page(const Xapian::Database& whole,
                                           std::vector<Candidate> candidates,
                                           const PassRequest& request,
                                           const std::vector<std::string>& shard_uuids) {
  candidates = PageCandidates::merge(std::move(candidates), request.first + request.count);
  if (std::optional<RankedPage> page = order_by_walks(whole, candidates, request)) return page;
  return rank_among_candidates(whole, candidates, request, shard_uuids);
}

}  // namespace paperdex::detail
