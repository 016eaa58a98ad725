#include "match/matcher.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <condition_variable>
#include <exception>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

#include "database_open.h"
#include "match/document_lengths.h"
#include "match/page_candidates.h"
#include "match/posting_walk.h"
#include "match/ranking.h"
#include "paperdex/common/schema.h"
#include "results/facets.h"

namespace paperdex::detail {
namespace {

namespace fs = std::filesystem;
using Deadline = PassRequest::Deadline;

// Below this many documents a second thread costs more than it saves: waking
// it and setting up the passes of a second part take ~20 µs, and a whole
// count over 20,000 papers takes less than a millisecond.
constexpr Xapian::doccount kSplitFrom = 20000;

// The deepest page ranked from the walks' candidates: every part keeps this
// many papers at most, besides the ties at its edge.
constexpr Xapian::doccount kMaxWalkedPage = 1000;

// The most papers of equal weight on a page ordered by the walks
// (order_by_walks): each one's date is read from the index (~1 µs).
constexpr std::size_t kMaxTiedRun = 64;

// Documents first..last; last == 0: every document.
struct Range {
  Xapian::docid first = 0;
  Xapian::docid last = 0;
};

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

// The local databases a stub file lists ("auto PATH" or "glass PATH" lines,
// docs/deployment.md), or nothing when `path` is no stub or lists anything
// else (a remote shard, a backend we do not open ourselves).
std::optional<std::vector<std::string>> listed_local_shards(const std::string& path) {
  fs::path stub = path;
  if (fs::is_directory(stub)) stub /= "XAPIANDB";
  if (!fs::is_regular_file(stub)) return std::nullopt;
  std::ifstream in(stub);
  std::vector<std::string> shards;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string kind, shard;
    if (!(words >> kind) || kind.front() == '#') continue;
    if ((kind != "auto" && kind != "glass") || !(words >> shard)) return std::nullopt;
    fs::path shard_path = shard;
    if (shard_path.is_relative()) shard_path = stub.parent_path() / shard_path;
    shards.push_back(shard_path.string());
  }
  if (shards.empty()) return std::nullopt;
  return shards;
}

// Every order ends in the paper's id (schema::dated_id), never in the
// document number, which differs between one index and its shards. Equal
// scores: the newest paper first. A page without weights is listed by date.
struct PageOrder {
  bool by_weight;
  Xapian::valueno slot;
  bool descending;

  explicit PageOrder(const PassRequest& request)
      : by_weight(request.weighted && request.sort == SortOrder::kRelevance),
        slot(request.sort == SortOrder::kUpdated ? schema::kUpdatedSlot : schema::kDateSlot),
        descending(request.sort != SortOrder::kOldest) {}

  void apply(Xapian::Enquire& enquire) const {
    if (by_weight) {
      enquire.set_sort_by_relevance_then_value(slot, descending);
    } else {
      enquire.set_sort_by_value(slot, descending);
    }
  }
};

// What one part's count found.
struct CountedPart {
  Xapian::doccount matches = 0;
  bool exact = true;
  // A walked page's: the part's papers that can reach it (its own docids).
  std::vector<Candidate> candidates;
  bool candidates_usable = true;
  SubjectRowCounts subjects;
  std::map<std::string, std::size_t> years;
};

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

  // The pass's counts, from `counted` (an MSet that checked every match).
  CountedPart read(const Xapian::MSet& counted) const {
    CountedPart part;
    part.matches = counted.get_matches_estimated();
    part.exact = counted.get_matches_lower_bound() == counted.get_matches_upper_bound();
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

// The page: hits first..first+count-1, and Xapian's bounds on the matches.
struct RankedPage {
  std::vector<PageHit> hits;
  Xapian::doccount estimated = 0;
  bool exact = true;
  PageSource source = PageSource::kXapian;
};

RankedPage rank(const Xapian::Database& db, const PassRequest& request) {
  Xapian::Enquire enquire(db);
  limit_time(enquire, request.deadline);
  enquire.set_query(request.weighted ? request.query : unweighted_match(request.query));
  enquire.set_weighting_scheme(ranking_weight());
  PageOrder(request).apply(enquire);
  const Xapian::MSet mset = enquire.get_mset(request.first, request.count);
  RankedPage page;
  for (auto it = mset.begin(); it != mset.end(); ++it) page.hits.push_back({*it, it.get_weight()});
  page.estimated = mset.get_matches_estimated();
  page.exact = mset.get_matches_lower_bound() == mset.get_matches_upper_bound();
  return page;
}

// How often a walk looks at the clock: every 4,096 matches (~10 µs).
constexpr Xapian::doccount kClockEvery = 4096;

// The count of a walkable query (posting_walk.h), through the facet table;
// and a walked page's candidates, when given them to gather.
CountedPart walk(const std::shared_ptr<const FacetTable>& table, PostingWalk& matches,
                 const PassRequest& request, Range range, PageCandidates* candidates) {
  FacetTableSpy facets(table);
  CountedPart part;
  const Xapian::docid last = range.last == 0 ? PostingWalk::kEnd - 1 : range.last;
  for (Xapian::docid did = matches.seek(std::max<Xapian::docid>(range.first, 1)); did <= last;
       did = matches.seek(did + 1)) {
    ++part.matches;
    if (request.facets) facets.add(did);
    if (candidates != nullptr) candidates->offer(did, matches.weight());
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

// An unweighted Xapian pass over `query`'s matches, within `deadline`.
Xapian::Enquire unweighted_enquire(const Xapian::Database& db, const Xapian::Query& query,
                                   const Deadline& deadline) {
  Xapian::Enquire enquire(db);
  limit_time(enquire, deadline);
  enquire.set_query(unweighted_match(query));
  enquire.set_weighting_scheme(Xapian::BoolWeight());
  return enquire;
}

CountedPart count(const Xapian::Database& db, const std::shared_ptr<const FacetTable>& table,
                  const PassRequest& request, Range range) {
  Xapian::Enquire enquire =
      unweighted_enquire(db, in_range(request.query, range), request.deadline);
  const FacetSpies spies(enquire, table, request.facets);
  return spies.read(enquire.get_mset(0, 0, db.get_doccount()));
}

// Parts hold disjoint papers: their counts add up.
void add(PassResult& into, const CountedPart& part) {
  into.matches += part.matches;
  into.exact = into.exact && part.exact;
  for (const auto& [row, counts] : part.subjects) {
    into.subjects[row].papers += counts.papers;
    into.subjects[row].own += counts.own;
  }
  for (const auto& [year, papers] : part.years) into.years[year] += papers;
}

// The handles one thread matches with.
struct Handles {
  Xapian::Database whole;                // the index (split into ranges)
  std::vector<Xapian::Database> shards;  // a sharded index's shards, one each
};

}  // namespace

void limit_time(Xapian::Enquire& enquire, const PassRequest::Deadline& deadline) {
  if (!deadline) return;
  const double left =
      std::chrono::duration<double>(*deadline - std::chrono::steady_clock::now()).count();
  enquire.set_time_limit(std::max(left, 0.001));
}

struct Matcher::Impl {
  std::string path;
  bool sharded = false;                     // counted per local shard
  std::size_t ranges = 1;                   // of one database, counted apart
  Handles caller;                           // caller.whole shares the searcher's database
  Handles own;                              // the worker's
  std::shared_ptr<const FacetTable> table;  // of the whole database
  std::vector<std::shared_ptr<const FacetTable>> tables;  // by shard
  std::vector<Range> range_of;                            // by part, when split into ranges
  // For walked pages: papers' lengths (of the whole database, or by shard)
  // and the shards' UUIDs (CandidateSet).
  PageRanking page_ranking;
  std::shared_ptr<const DocumentLengths> lengths;
  std::vector<std::shared_ptr<const DocumentLengths>> shard_lengths;
  std::vector<std::string> shard_uuids;

  // The walked page being run, if any: the statistics its walks weigh with.
  // The worker is handed the count first and wakes while this thread reads
  // them (a B-tree look-up per term and shard, ~35 µs over two shards), then
  // waits for `weighing_set`; read-only until the count is done.
  std::optional<WeighingStats> weighing;
  std::atomic<bool> weighing_set{false};

  // The count being run: its parts are claimed by index, by the worker and
  // the caller alike; each lands in its slot.
  std::size_t parts_to_count = 0;
  std::atomic<std::size_t> next_part{0};
  std::vector<CountedPart> counted;
  std::vector<std::exception_ptr> errors;

  // The worker takes a search's request without its query, and the query
  // serialised: Xapian's reference counts are not atomic, so the two threads
  // never share a Query object.
  std::mutex mutex;
  std::condition_variable wake;
  std::condition_variable done;
  PassRequest worker_request;
  std::string worker_query;
  std::uint64_t job_number = 0;       // of the latest search given to the worker
  std::uint64_t finished_number = 0;  // of the latest search the worker finished
  bool stopping = false;
  std::thread worker;

  Impl(const std::string& db_path, const Xapian::Database& db, std::size_t wanted,
       PageRanking ranking)
      : path(db_path), page_ranking(ranking) {
    caller.whole = db;
    const std::size_t cores = std::max(1u, std::thread::hardware_concurrency());
    if (db.size() > 1 && !has_remote_shard(db)) {
      if (const auto shards = listed_local_shards(path); shards && shards->size() == db.size()) {
        sharded = true;
        for (const std::string& shard : *shards) {
          // A listed shard may be a stub itself: read as the searcher reads
          // it (database_open.h), with no program allowed.
          caller.shards.push_back(open_database_at(shard, {}));
          own.shards.push_back(open_database_at(shard, {}));
        }
      }
    } else if (db.size() == 1 && !has_remote_shard(db)) {
      ranges = wanted != 0 ? wanted : (db.get_doccount() >= kSplitFrom ? cores : 1);
      if (ranges > 1) own.whole = open_database_at(path, {});
    }
    if (part_count() > 1) worker = std::thread([this] { serve(); });
  }

  ~Impl() {
    if (!worker.joinable()) return;
    {
      std::lock_guard lock(mutex);
      stopping = true;
    }
    wake.notify_one();
    worker.join();
  }

  std::size_t part_count() const { return sharded ? caller.shards.size() : ranges; }

  // Waits until the worker is done with the search it was given: one that
  // threw on the calling thread can leave it matching, with handles sync()
  // moves.
  void wait_idle() {
    if (!worker.joinable()) return;
    std::unique_lock lock(mutex);
    done.wait(lock, [&] { return finished_number == job_number; });
  }

  void sync(const Xapian::Database& db) {
    wait_idle();
    if (sharded) {
      for (Handles* handles : {&caller, &own}) {
        Xapian::doccount documents = 0;
        for (Xapian::Database& shard : handles->shards) {
          shard.reopen();
          documents += shard.get_doccount();
        }
        // Xapian tells no revision of a sharded database; its size must agree.
        if (documents != db.get_doccount()) {
          throw Xapian::DatabaseModifiedError("a shard changed while the index was reopened");
        }
      }
      tables.clear();
      shard_lengths.clear();
      shard_uuids.clear();
      for (const Xapian::Database& shard : caller.shards) {
        tables.push_back(FacetTable::load(shard));
        shard_lengths.push_back(DocumentLengths::load(shard));
        shard_uuids.push_back(shard.get_uuid());
      }
      return;
    }
    if (ranges > 1) {
      own.whole.reopen();
      // A writer committed between the two reopens: the searcher reopens and
      // syncs again (its retry), until both handles show one revision.
      if (own.whole.get_revision() != db.get_revision()) {
        throw Xapian::DatabaseModifiedError("the index changed while it was reopened");
      }
    }
    table = FacetTable::load(db);
    lengths = table ? DocumentLengths::load(db) : nullptr;
    const Xapian::docid last = db.get_lastdocid();
    range_of.clear();
    for (std::size_t i = 0; i < ranges && ranges > 1; ++i) {
      Range range{static_cast<Xapian::docid>(1 + last * i / ranges),
                  static_cast<Xapian::docid>(last * (i + 1) / ranges)};
      // An empty range (fewer documents than ranges) would mean every document.
      if (range.last < range.first) range = {last + 1, last + 1};
      range_of.push_back(range);
    }
  }

  Range range(std::size_t part) const { return range_of.empty() ? Range{} : range_of[part]; }

  // Counts one part, by walking posting lists where the query allows it.
  void count_part(std::size_t part, const Handles& handles, const PassRequest& request) {
    const Xapian::Database& db = sharded ? handles.shards[part] : handles.whole;
    const std::shared_ptr<const FacetTable>& facets = sharded ? tables[part] : table;
    const Range part_range = sharded ? Range{} : range(part);
    // walk_page(): every part has its tables, and the query was weighable
    // (the worker's is its unserialised copy: checked again).
    if (weighing) {
      if (const std::unique_ptr<PostingWalk> matches = PostingWalk::open_weighed(
              db, request.query, *weighing, sharded ? *shard_lengths[part] : *lengths)) {
        PageCandidates candidates(request.first + request.count);
        counted[part] = walk(facets, *matches, request, part_range, &candidates);
        return;
      }
    }
    counted[part] = count_unweighted(db, facets, request, part_range);
    // No candidates from this part: Xapian ranks the page.
    counted[part].candidates_usable = !weighing;
  }

  static CountedPart count_unweighted(const Xapian::Database& db,
                                      const std::shared_ptr<const FacetTable>& facets,
                                      const PassRequest& request, Range part_range) {
    // A table exists for a local database alone: its posting lists are here.
    if (facets) {
      if (std::unique_ptr<PostingWalk> matches = PostingWalk::open(db, request.query)) {
        return walk(facets, *matches, request, part_range, nullptr);
      }
    }
    return count(db, facets, request, part_range);
  }

  void count_parts(const Handles& handles, const PassRequest& request) {
    for (std::size_t i = next_part++; i < parts_to_count; i = next_part++) {
      try {
        count_part(i, handles, request);
      } catch (...) {
        errors[i] = std::current_exception();
      }
    }
  }

  void serve() {
    std::uint64_t served = 0;
    for (;;) {
      PassRequest request;
      {
        std::unique_lock lock(mutex);
        wake.wait(lock, [&] { return stopping || job_number != served; });
        if (stopping) return;
        served = job_number;
        request = worker_request;
      }
      try {
        request.query = Xapian::Query::unserialise(worker_query);
        // A few tens of microseconds at most (run()): not worth a sleep.
        while (!weighing_set.load(std::memory_order_acquire)) std::this_thread::yield();
        count_parts(own, request);
      } catch (...) {
        // Not unserialisable: the caller counts every part (run).
      }
      request = {};
      {
        std::lock_guard lock(mutex);
        finished_number = served;
      }
      done.notify_one();
    }
  }

  // Gives the worker the count (when it has one and Xapian can serialise the
  // query; otherwise the caller counts every part).
  void hand_over(const PassRequest& request) {
    if (!worker.joinable() || parts_to_count == 0) return;
    std::string serialised;
    try {
      serialised = request.query.serialise();
    } catch (const Xapian::Error&) {
      return;
    }
    PassRequest shape = request;
    shape.query = Xapian::Query();
    {
      std::lock_guard lock(mutex);
      worker_request = std::move(shape);
      worker_query = std::move(serialised);
      ++job_number;
    }
    wake.notify_one();
  }

  // Whether `request`'s page is ranked from the walks (matcher.h); if so,
  // sets the statistics they weigh with.
  bool walk_page(const PassRequest& request) {
    weighing.reset();
    if (!request.page || !request.weighted || request.sort != SortOrder::kRelevance ||
        !request.exact_total || request.count == 0 ||
        request.first + request.count > kMaxWalkedPage || page_ranking != PageRanking::kWalked) {
      return false;
    }
    for (std::size_t part = 0; part < part_count(); ++part) {
      if (sharded ? !(tables[part] && shard_lengths[part]) : !(table && lengths)) return false;
    }
    if (!PostingWalk::weighable(request.query)) return false;
    weighing = WeighingStats::of(caller.whole, request.query);
    return true;
  }

  // The walked page, from the parts' candidates (page_candidates.h): in the
  // walks' own order where that is certainly Xapian's, else ranked by Xapian
  // among the candidates alone. Nullopt when a part gave its candidates up,
  // or Xapian's weights are not the walks'.
  std::optional<RankedPage> rank_candidates(const PassRequest& request) {
    std::vector<Candidate> all;
    for (std::size_t part = 0; part < counted.size(); ++part) {
      if (!counted[part].candidates_usable) return std::nullopt;
      for (Candidate candidate : counted[part].candidates) {
        // Xapian numbers a sharded database's documents by turns.
        if (sharded) candidate.docid = (candidate.docid - 1) * part_count() + part + 1;
        all.push_back(candidate);
      }
    }
    all = PageCandidates::merge(std::move(all), request.first + request.count);
    if (std::optional<RankedPage> page = order_by_walks(all, request)) return page;
    return rank_by_xapian(all, request);
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
  std::optional<RankedPage> order_by_walks(const std::vector<Candidate>& candidates,
                                           const PassRequest& request) const {
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
        order_ties(all.begin() + static_cast<std::ptrdiff_t>(run),
                   all.begin() + static_cast<std::ptrdiff_t>(run_end), order);
      }
      run = run_end;
    }
    RankedPage page;
    for (std::size_t i = request.first; i < end; ++i) {
      page.hits.push_back({all[i].docid, all[i].weight});
    }
    page.source = PageSource::kWalks;
    return page;
  }

  // Papers of equal weight, in `order`'s order of their slot values. The
  // slot ends in the paper's id, so values never tie; the document number
  // (Xapian's last resort) keeps the order total all the same.
  void order_ties(std::vector<Candidate>::iterator first, std::vector<Candidate>::iterator last,
                  const PageOrder& order) const {
    std::vector<std::pair<std::string, Candidate>> keyed;
    for (auto it = first; it != last; ++it) {
      keyed.emplace_back(
          caller.whole.get_document(it->docid, Xapian::DOC_ASSUME_VALID).get_value(order.slot),
          *it);
    }
    std::sort(keyed.begin(), keyed.end(), [&](const auto& a, const auto& b) {
      if (a.first != b.first) return order.descending ? a.first > b.first : a.first < b.first;
      return a.second.docid < b.second.docid;
    });
    for (const auto& [key, candidate] : keyed) *first++ = candidate;
  }

  // The page ranked by Xapian among the candidates alone, over the whole
  // index's statistics. Nullopt when Xapian's weights are not the walks'.
  std::optional<RankedPage> rank_by_xapian(const std::vector<Candidate>& all,
                                           const PassRequest& request) {
    auto shards = std::make_shared<std::vector<CandidateSet::Shard>>(sharded ? part_count() : 1);
    std::map<Xapian::docid, double> walked_weight;
    for (const Candidate& candidate : all) {
      walked_weight[candidate.docid] = candidate.weight;
      const std::size_t shard = sharded ? (candidate.docid - 1) % part_count() : 0;
      (*shards)[shard].docids.push_back(sharded ? (candidate.docid - 1) / part_count() + 1
                                                : candidate.docid);
    }
    for (std::size_t shard = 0; shard < shards->size(); ++shard) {
      if (sharded) (*shards)[shard].uuid = shard_uuids[shard];
      std::sort((*shards)[shard].docids.begin(), (*shards)[shard].docids.end());
    }
    PassRequest among = request;
    among.query = Xapian::Query(Xapian::Query::OP_FILTER, request.query,
                                Xapian::Query((new CandidateSet(shards))->release()));
    RankedPage page = rank(caller.whole, among);
    const std::size_t expected =
        all.size() > request.first
            ? std::min<std::size_t>(all.size() - request.first, request.count)
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

  bool has_match(const Xapian::Query& query, const Deadline& deadline) {
    wait_idle();
    // Local databases only: a remote shard's posting lists are on its server.
    if ((sharded || table) && PostingWalk::walkable(query)) {
      if (!sharded) return PostingWalk::open(caller.whole, query)->seek(1) != PostingWalk::kEnd;
      return std::any_of(caller.shards.begin(), caller.shards.end(), [&](const auto& shard) {
        return PostingWalk::open(shard, query)->seek(1) != PostingWalk::kEnd;
      });
    }
    return unweighted_enquire(caller.whole, query, deadline)
               .get_mset(0, 0, 1)
               .get_matches_lower_bound() > 0;
  }

  PassResult run(const PassRequest& request) {
    wait_idle();
    parts_to_count = request.exact_total ? part_count() : 0;
    counted.assign(parts_to_count, {});
    errors.assign(parts_to_count, nullptr);
    next_part = 0;
    // The worker counts while this thread ranks the page over the whole
    // index (unless the walks find it), then counts what the worker has
    // not taken. It wakes while this thread decides whether the walks weigh.
    weighing_set = false;
    hand_over(request);
    bool walked = false;
    try {
      walked = walk_page(request);
    } catch (...) {
      weighing.reset();
      weighing_set.store(true, std::memory_order_release);
      throw;
    }
    weighing_set.store(true, std::memory_order_release);
    PassResult result;
    if (request.page && !walked) {
      RankedPage page = rank(caller.whole, request);
      result.page = std::move(page.hits);
      result.matches = page.estimated;
      result.exact = page.exact;
    }
    count_parts(caller, request);
    wait_idle();
    for (const std::exception_ptr& error : errors) {
      if (error) std::rethrow_exception(error);
    }
    if (walked) {
      std::optional<RankedPage> page = rank_candidates(request);
      if (!page) page = rank(caller.whole, request);
      result.page = std::move(page->hits);
      result.page_source = page->source;
    }
    if (request.exact_total) {
      result.matches = 0;
      result.exact = true;
      for (const CountedPart& part : counted) add(result, part);
    }
    return result;
  }
};

Matcher::Matcher(const std::string& path, const Xapian::Database& db, std::size_t ranges,
                 PageRanking page_ranking)
    : impl_(std::make_unique<Impl>(path, db, ranges, page_ranking)) {}
Matcher::~Matcher() = default;

void Matcher::sync(const Xapian::Database& db) { impl_->sync(db); }
std::size_t Matcher::part_count() const { return impl_->part_count(); }
const std::vector<Xapian::Database>& Matcher::local_shards() const { return impl_->caller.shards; }
PassResult Matcher::run(const PassRequest& request) { return impl_->run(request); }
bool Matcher::has_match(const Xapian::Query& query, const PassRequest::Deadline& deadline) {
  return impl_->has_match(query, deadline);
}

}  // namespace paperdex::detail
