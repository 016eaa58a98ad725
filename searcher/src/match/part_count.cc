#include "match/part_count.h"

#include <algorithm>
#include <chrono>
#include <optional>

#include "match/posting_walk.h"
#include "paperdex/common/schema.h"
#include "results/facets.h"

namespace paperdex::detail {
namespace {

// The documents numbered first..last: AND-ed with a query as a filter, it
// restricts the matcher to one range of document numbers. Xapian positions
// the other posting lists with skip_to, so a range costs what its own
// matches cost, not what the whole index does. Used for counting only: a
// filter costs Xapian ~26 ns a match, more than a ranked half saves.
class DocidRange final : public Xapian::PostingSource {
 public:
  explicit DocidRange(Range range) : range_(range) {}

  Xapian::doccount get_termfreq_min() const override { return 0; }
  Xapian::doccount get_termfreq_est() const override { return size_; }
  Xapian::doccount get_termfreq_max() const override { return size_; }

  void init(const Xapian::Database& db) override {
    current_ = 0;
    size_ = std::min<Xapian::doccount>(range_.last - range_.first + 1, db.get_doccount());
  }
  void next(double /*min_wt*/) override { current_ = current_ == 0 ? range_.first : current_ + 1; }
  void skip_to(Xapian::docid did, double /*min_wt*/) override {
    if (current_ == 0 || did > current_) current_ = std::max(did, range_.first);
  }
  bool at_end() const override { return current_ > range_.last; }
  Xapian::docid get_docid() const override { return current_; }

  // Xapian's interface: a copy it owns, for a database of several shards.
  DocidRange* clone() const override { return new DocidRange(range_); }
  std::string get_description() const override {
    return "DocidRange(" + std::to_string(range_.first) + ".." + std::to_string(range_.last) + ")";
  }

 private:
  Range range_;
  Xapian::docid current_ = 0;  // 0: before the first
  Xapian::doccount size_ = 0;
};

Xapian::Query in_range(const Xapian::Query& query, Range range) {
  if (range.last == 0) return query;
  // release(): the query owns the source (Xapian's reference counting).
  return Xapian::Query(Xapian::Query::OP_FILTER, query,
                       Xapian::Query((new DocidRange(range))->release()));
}

// The spies that count a pass's subjects and years: through the table when
// there is one; otherwise Xapian's own value-count spies, which remote shard
// servers know without registration. A slot holds one value, so the subject
// spy counts subject lists; they become rows in read().
class FacetSpies {
 public:
  FacetSpies(Xapian::Enquire& enquire, const std::shared_ptr<const FacetTable>& table, bool facets)
      : facets_(facets) {
    if (facets && table) {
      enquire.add_matchspy(&table_spy_.emplace(table));
    } else if (facets) {
      enquire.add_matchspy(&subject_spy_);
      enquire.add_matchspy(&year_spy_);
    }
  }

  // The pass's counts, from `counted` (count_every_match).
  CountedPart read(const Count& counted) const {
    CountedPart part;
    part.matches = counted.matches();
    part.exact = counted.exact();
    if (!facets_) return part;
    if (table_spy_) {
      part.subjects = table_spy_->subject_counts();
      part.years = table_spy_->year_counts();
      return part;
    }
    std::map<std::string, std::size_t> lists;
    for (auto it = subject_spy_.values_begin(); it != subject_spy_.values_end(); ++it) {
      lists[*it] += it.get_termfreq();
    }
    part.subjects = subject_rows_of_lists(lists);
    for (auto it = year_spy_.values_begin(); it != year_spy_.values_end(); ++it) {
      part.years[*it] += it.get_termfreq();
    }
    return part;
  }

 private:
  bool facets_;
  std::optional<FacetTableSpy> table_spy_;
  Xapian::ValueCountMatchSpy subject_spy_{schema::kSubjectsSlot};
  Xapian::ValueCountMatchSpy year_spy_{schema::kYearSlot};
};

// How often a walk looks at the clock: every 4,096 matches (~10 µs).
constexpr Xapian::doccount kClockEvery = 4096;

// The count of a walkable query (posting_walk.h), through the facet table;
// and a walked page's candidates, when given them to gather.
CountedPart walk_part(const std::shared_ptr<const FacetTable>& table, PostingWalk& matches,
                      const PassRequest& request, Range range, PageCandidates* candidates) {
  FacetTableSpy facets(table);
  CountedPart part;
  const Xapian::docid last = range.last == 0 ? PostingWalk::kEnd - 1 : range.last;
  for (Xapian::docid did = matches.seek(std::max<Xapian::docid>(range.first, 1)); did <= last;
       did = matches.seek(did + 1)) {
    ++part.matches;
    if (request.facets) facets.add(did);
    // The bound is a sum of the same parts as the weight, in the same
    // order: a tolerance covers the last bits.
    if (candidates != nullptr) {
      const double floor = candidates->floor();
      if (matches.weight_bound(floor) * (1 + kWeightTolerance) >= floor) {
        candidates->offer(did, matches.weight());
      }
    }
    if (part.matches % kClockEvery == 0 && request.deadline &&
        std::chrono::steady_clock::now() >= *request.deadline) {
      part.exact = false;
      break;
    }
  }
  if (request.facets) {
    part.subjects = facets.subject_counts();
    part.years = facets.year_counts();
  }
  if (candidates != nullptr) {
    part.candidates_usable = candidates->usable();
    part.candidates = candidates->take_all();
  }
  return part;
}

CountedPart count_by_xapian(const Xapian::Database& db,
                            const std::shared_ptr<const FacetTable>& table,
                            const PassRequest& request, Range range) {
  Xapian::Enquire enquire = unweighted_enquire(db, in_range(request.query, range));
  const FacetSpies spies(enquire, table, request.facets);
  const Count counted = count_every_match(enquire, db, request.deadline);
  CountedPart part = spies.read(counted);
  // Xapian gathered them before it matched (from every shard, at once).
  for (const std::string& term : request.termfreqs_of) {
    part.termfreqs.emplace(term, counted.mset.get_termfreq(term));
  }
  return part;
}

CountedPart count_unweighted(const Xapian::Database& db,
                             const std::shared_ptr<const FacetTable>& facets,
                             const PassRequest& request, Range range) {
  // A table exists for a local database alone: its posting lists are here.
  if (facets) {
    if (std::unique_ptr<PostingWalk> matches = PostingWalk::open(db, request.query)) {
      return walk_part(facets, *matches, request, range, nullptr);
    }
  }
  return count_by_xapian(db, facets, request, range);
}

}  // namespace

CountedPart count_part(const Xapian::Database& db, const std::shared_ptr<const FacetTable>& facets,
                       const PassRequest& request, Range range, const WeighingStats* weighing,
                       const DocumentLengths* lengths) {
  if (weighing != nullptr) {
    if (const std::unique_ptr<PostingWalk> matches =
            PostingWalk::open_weighed(db, request.query, *weighing, *lengths)) {
      PageCandidates candidates(request.first + request.count);
      return walk_part(facets, *matches, request, range, &candidates);
    }
  }
  CountedPart part = count_unweighted(db, facets, request, range);
  // No candidates from this part: Xapian ranks the page.
  part.candidates_usable = weighing == nullptr;
  return part;
}

void add_part(PassResult& into, const CountedPart& part) {
  into.matches += part.matches;
  into.exact = into.exact && part.exact;
  for (const auto& [row, counts] : part.subjects) {
    into.subjects[row].papers += counts.papers;
    into.subjects[row].own += counts.own;
  }
  for (const auto& [year, papers] : part.years) into.years[year] += papers;
}

}  // namespace paperdex::detail
