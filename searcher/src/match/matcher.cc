#include "match/matcher.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <filesystem>
#include <fstream>
#include <future>
#include <mutex>
#include <sstream>
#include <thread>

#include "database_open.h"
#include "match/page_ranking.h"
#include "match/part_count.h"
#include "match/posting_walk.h"
#include "match/ranking.h"
#include "paperdex/common/schema.h"

namespace paperdex::detail {
namespace {

namespace fs = std::filesystem;
using Deadline = PassRequest::Deadline;

// Below this many documents a second thread costs more than it saves: waking
// it and setting up the passes of a second part take ~20 µs, and a whole
// count over 20,000 papers takes less than a millisecond.
constexpr Xapian::doccount kSplitFrom = 20000;

// Remote shards: the threads that fetch a page's documents besides the
// caller and the worker, each over connections of its own (each document is
// an exchange with its server, and Xapian 1.4 asks for them one at a time):
// a page of 10 costs two exchanges' time instead of ten. Measured on the cs
// harvest's two shards on loopback (bench/README.md): 2 fetchers p50 -40 %,
// 8 a little more, at 10 connections to each server per searcher.
constexpr std::size_t kDocumentFetchers = 4;

// The deepest page ranked from the walks' candidates: every part keeps this
// many papers at most, besides the ties at its edge.
constexpr Xapian::doccount kMaxWalkedPage = 1000;

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

// The handles one thread matches with.
struct Handles {
  Xapian::Database whole;                // the index (split into ranges)
  std::vector<Xapian::Database> shards;  // a sharded index's shards, one each
};

// Stops a local pass at its deadline (count_every_match), looking at the
// clock every 1,024 matches (~0.1 ms of a count with facets).
class DeadlineSpy final : public Xapian::MatchSpy {
 public:
  struct Reached {};  // thrown through Xapian's matcher, caught below

  explicit DeadlineSpy(std::chrono::steady_clock::time_point deadline) : deadline_(deadline) {}

  void operator()(const Xapian::Document& /*doc*/, double /*wt*/) override {
    if (++seen_ % kClockEvery == 0 && std::chrono::steady_clock::now() >= deadline_) {
      throw Reached{};
    }
  }
  Xapian::doccount seen() const { return seen_; }

 private:
  static constexpr Xapian::doccount kClockEvery = 1024;
  std::chrono::steady_clock::time_point deadline_;
  Xapian::doccount seen_ = 0;
};

}  // namespace

Xapian::doccount Count::matches() const { return std::max(seen, mset.get_matches_estimated()); }

bool Count::exact() const {
  return !stopped && mset.get_matches_lower_bound() == mset.get_matches_upper_bound();
}

Count count_every_match(Xapian::Enquire& enquire, const Xapian::Database& db,
                        const PassRequest::Deadline& deadline) {
  const Xapian::doccount all = db.get_doccount();
  Count count;
  if (!deadline) {
    count.mset = enquire.get_mset(0, 0, all);
  } else if (has_remote_shard(db)) {
    // Xapian reads 0 as no limit: a spent budget still allows a millisecond.
    const double left =
        std::chrono::duration<double>(*deadline - std::chrono::steady_clock::now()).count();
    enquire.set_time_limit(std::max(left, 0.001));
    count.mset = enquire.get_mset(0, 0, all);
  } else if (std::chrono::steady_clock::now() >= *deadline) {
    count.stopped = true;
  } else {
    DeadlineSpy clock(*deadline);
    enquire.add_matchspy(&clock);
    try {
      count.mset = enquire.get_mset(0, 0, all);
    } catch (const DeadlineSpy::Reached&) {
      count.stopped = true;
      count.seen = clock.seen();
    }
  }
  // The spies have counted; the clock is gone with its block.
  enquire.clear_matchspies();
  // Checking no match (check_at_least 0), Xapian only estimates.
  if (count.stopped) count.mset = enquire.get_mset(0, 0);
  return count;
}

struct Matcher::Impl {
  std::string path;
  bool remote = false;  // some shard is remote: each pass costs exchanges
  // Remote shards hold their records in a slot (--records-in-slot): the
  // page's pass brings them (rank_page), and only hits without one are fetched.
  bool records_with_page = false;
  bool sharded = false;                     // counted per local shard
  std::size_t ranges = 1;                   // of one database, counted apart
  Handles caller;                           // caller.whole shares the searcher's database
  Handles own;                              // the worker's
  std::vector<Xapian::Database> fetchers;   // remote: kDocumentFetchers' own
  ConnectAgain connect_again;               // remote: opens own.whole and the fetchers
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

  // Remote shards: the page's documents, one exchange each (Xapian 1.4's
  // MSet::fetch asks for them one at a time too), are fetched by the caller
  // and the worker (once it has counted, waiting for the page) at once, each
  // over its own connections, each hit by whichever is free first. The
  // caller offers the page (or none); each hit is claimed by `next_fetch`.
  enum class Offer { kPending, kOffered, kNone };
  Offer offer = Offer::kNone;  // under `mutex`
  std::condition_variable offered;
  std::vector<PageHit>* fetching = nullptr;
  std::atomic<std::size_t> next_fetch{0};
  std::exception_ptr fetch_error;  // the first fetch that failed

  // Remote shards: has_match counts its query's matches whole (Xapian 1.4
  // counts them all before it answers over shards anyway), with the facets,
  // as count_ahead does, and the next count of those matches (the search's,
  // once) is this one: the worker then has no count to wait for before it
  // fetches documents.
  std::string counted_ahead_query;  // serialised; empty: none
  CountedPart counted_ahead;

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
       PageRanking ranking, const ConnectAgain& more_connections)
      : path(db_path), connect_again(more_connections), page_ranking(ranking) {
    caller.whole = db;
    remote = has_remote_shard(db);
    const std::size_t cores = std::max(1u, std::thread::hardware_concurrency());
    // One range asked for: every part on the calling thread (no worker) for
    // local databases; remote shards' worker waits on the servers, not on
    // a core, and stays.
    const bool one_thread = wanted == 1 && !remote;
    if (db.size() > 1 && !remote) {
      if (const auto shards = listed_local_shards(path); shards && shards->size() == db.size()) {
        sharded = true;
        for (const std::string& shard : *shards) {
          // A listed shard may be a stub itself: read as the searcher reads
          // it (database_open.h), with no program allowed.
          caller.shards.push_back(open_database_at(shard, {}));
          if (!one_thread) own.shards.push_back(open_database_at(shard, {}));
        }
      }
    } else if (db.size() == 1 && !remote) {
      ranges = wanted != 0 ? wanted : (db.get_doccount() >= kSplitFrom ? cores : 1);
      if (ranges > 1) own.whole = open_database_at(path, {});
    }
    if (part_count() > 1 && !one_thread) worker = std::thread([this] { serve(); });
  }

  // Remote shards: the worker's and the fetchers' connections, opened by the
  // first run() (all at once: each is a connection to every server, and a
  // server forks a process for each), so that a searcher that never runs a
  // search, or one of a pool that is seldom used, holds one connection to
  // each server. Then starts the worker.
  void connect_more(const Xapian::Database& db) {
    if (!connect_again || worker.joinable()) return;
    // A page that brings its records leaves the fetchers nothing to fetch
    // (a hit of a shard without them is fetched by the caller and the worker).
    const std::size_t fetcher_count = records_with_page ? 0 : kDocumentFetchers;
    std::vector<std::future<Xapian::Database>> opening;
    for (std::size_t i = 0; i <= fetcher_count; ++i) {
      opening.push_back(std::async(std::launch::async, connect_again));
    }
    std::vector<Xapian::Database> opened;
    for (std::future<Xapian::Database>& handle : opening) opened.push_back(handle.get());
    check_same_size(db, opened);
    own.whole = opened.back();
    opened.pop_back();
    fetchers = std::move(opened);
    worker = std::thread([this] { serve(); });
  }

  // Xapian tells no revision of several shards; their size must agree with
  // `db`'s (else the searcher reopens `db` and tries again).
  static void check_same_size(const Xapian::Database& db,
                              const std::vector<Xapian::Database>& handles) {
    for (const Xapian::Database& handle : handles) {
      if (handle.get_doccount() != db.get_doccount()) {
        throw Xapian::DatabaseModifiedError("a shard changed while the index was reopened");
      }
    }
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
    counted_ahead_query.clear();
    if (sharded) {
      for (Handles* handles : {&caller, &own}) {
        if (handles->shards.empty()) continue;  // no worker: its handles are not opened
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
    if (!fetchers.empty()) {
      own.whole.reopen();
      for (Xapian::Database& fetcher : fetchers) fetcher.reopen();
      check_same_size(db, fetchers);
      check_same_size(db, {own.whole});
    } else if (ranges > 1) {
      own.whole.reopen();
      // A writer committed between the two reopens: the searcher reopens and
      // syncs again (its retry), until both handles show one revision.
      if (own.whole.get_revision() != db.get_revision()) {
        throw Xapian::DatabaseModifiedError("the index changed while it was reopened");
      }
    }
    records_with_page = remote && db.get_value_freq(schema::kStoredRecordSlot) > 0;
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

  // Counts one part (part_count.h).
  void count_part(std::size_t part, const Handles& handles, const PassRequest& request) {
    const Xapian::Database& db = sharded ? handles.shards[part] : handles.whole;
    // walk_page(): every part has its tables, and the query was weighable
    // (the worker's is its unserialised copy: checked again).
    const DocumentLengths* part_lengths = !weighing ? nullptr
                                          : sharded ? shard_lengths[part].get()
                                                    : lengths.get();
    counted[part] = detail::count_part(db, sharded ? tables[part] : table, request,
                                       sharded ? Range{} : range(part),
                                       weighing ? &*weighing : nullptr, part_lengths);
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
        fetch_documents(own.whole, true);
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

  // The walked page, from the parts' candidates (page_ranking.h). Nullopt
  // when a part gave its candidates up, or Xapian's weights are not the
  // walks'.
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
    return rank_walked_page(caller.whole, std::move(all), request,
                            sharded ? shard_uuids : std::vector<std::string>());
  }

  // Offers `page`'s documents to fetch (above), or none (nullptr).
  void offer_documents(std::vector<PageHit>* page) {
    {
      std::lock_guard lock(mutex);
      const bool fetch = remote && page != nullptr &&
                         std::any_of(page->begin(), page->end(),
                                     [](const PageHit& hit) { return hit.record.empty(); });
      fetching = fetch ? page : nullptr;
      next_fetch = 0;
      offer = fetch ? Offer::kOffered : Offer::kNone;
    }
    offered.notify_one();
  }

  // Fetches the offered page's documents not yet claimed, through
  // `handles`, after waiting for the offer when `wait`; a failure is kept
  // for run() to rethrow.
  void fetch_documents(const Xapian::Database& db, bool wait) {
    {
      std::unique_lock lock(mutex);
      if (wait) offered.wait(lock, [&] { return offer != Offer::kPending; });
      if (offer != Offer::kOffered) return;
    }
    std::vector<PageHit>& page = *fetching;
    for (std::size_t hit = next_fetch++; hit < page.size(); hit = next_fetch++) {
      if (!page[hit].record.empty()) continue;  // it came with the page
      try {
        page[hit].document = db.get_document(page[hit].docid);
      } catch (...) {
        std::lock_guard lock(mutex);
        if (!fetch_error) fetch_error = std::current_exception();
      }
    }
  }

  // The offered page's documents, by the caller, the fetchers (each on a
  // thread of its own, for this page) and the worker once it has counted.
  void fetch_offered_documents() {
    std::vector<std::future<void>> helpers;
    if (fetching != nullptr) {
      for (const Xapian::Database& fetcher : fetchers) {
        try {
          helpers.push_back(std::async(std::launch::async,
                                       [this, &fetcher] { fetch_documents(fetcher, false); }));
        } catch (const std::system_error&) {
          break;  // no thread: the others fetch its share
        }
      }
    }
    fetch_documents(caller.whole, false);
    for (std::future<void>& helper : helpers) helper.wait();
  }

  // Whether `query`'s matches are those counted ahead: the query
  // itself, or the first of an AND_MAYBE (what the others add is weight).
  bool counts_ahead(const Xapian::Query& query) const {
    if (counted_ahead_query.empty()) return false;
    const Xapian::Query& matched =
        query.get_type() == Xapian::Query::OP_AND_MAYBE ? query.get_subquery(0) : query;
    return serialised(matched) == counted_ahead_query;
  }

  // Serialised, or empty when Xapian cannot serialise it (no count ahead).
  static std::string serialised(const Xapian::Query& query) {
    try {
      return query.serialise();
    } catch (const Xapian::Error&) {
      return {};
    }
  }

  std::map<std::string, Xapian::doccount> count_ahead(const Xapian::Query& query,
                                                      const Deadline& deadline,
                                                      std::vector<std::string> termfreqs_of) {
    wait_idle();
    PassRequest counting;
    counting.query = query;
    counting.weighted = false;
    counting.page = false;
    counting.deadline = deadline;
    counting.termfreqs_of = std::move(termfreqs_of);
    counted_ahead_query.clear();
    counted_ahead = detail::count_part(caller.whole, nullptr, counting, Range{}, nullptr, nullptr);
    // An estimate (the time limit) is this count's alone.
    if (counted_ahead.exact) counted_ahead_query = serialised(query);
    return std::move(counted_ahead.termfreqs);
  }

  void same_matches_as_counted(const Xapian::Query& query) {
    if (!counted_ahead_query.empty()) counted_ahead_query = serialised(query);
  }

  bool has_match(const Xapian::Query& query, const Deadline& deadline) {
    wait_idle();
    if (remote) {
      if (!counts_ahead(query)) count_ahead(query, deadline, {});
      return counted_ahead.matches > 0;
    }
    // Local databases only: a remote shard's posting lists are on its server.
    if ((sharded || table) && PostingWalk::walkable(query)) {
      if (!sharded) return PostingWalk::open(caller.whole, query)->seek(1) != PostingWalk::kEnd;
      return std::any_of(caller.shards.begin(), caller.shards.end(), [&](const auto& shard) {
        return PostingWalk::open(shard, query)->seek(1) != PostingWalk::kEnd;
      });
    }
    return unweighted_enquire(caller.whole, query).get_mset(0, 0, 1).get_matches_lower_bound() > 0;
  }

  PassResult run(const PassRequest& request) {
    wait_idle();
    connect_more(caller.whole);
    fetch_error = nullptr;
    offer = remote ? Offer::kPending : Offer::kNone;  // the worker is idle
    parts_to_count = request.exact_total ? part_count() : 0;
    counted.assign(parts_to_count, {});
    errors.assign(parts_to_count, nullptr);
    next_part = 0;
    if (parts_to_count == 1 && counts_ahead(request.query)) {
      counted[0] = std::move(counted_ahead);
      counted_ahead_query.clear();  // once: a later search counts again
      next_part = 1;
    }
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
      offer_documents(nullptr);
      throw;
    }
    weighing_set.store(true, std::memory_order_release);
    PassResult result;
    if (request.page && !walked) {
      try {
        RankedPage page = rank_page(caller.whole, request, records_with_page);
        result.page = std::move(page.hits);
        result.matches = page.estimated;
        result.exact = page.exact;
      } catch (...) {
        offer_documents(nullptr);
        throw;
      }
    }
    offer_documents(&result.page);
    fetch_offered_documents();
    count_parts(caller, request);
    wait_idle();
    for (const std::exception_ptr& error : errors) {
      if (error) std::rethrow_exception(error);
    }
    if (fetch_error) std::rethrow_exception(fetch_error);
    if (walked) {
      std::optional<RankedPage> page = rank_candidates(request);
      if (!page) page = rank_page(caller.whole, request);
      result.page = std::move(page->hits);
      result.page_source = page->source;
    }
    if (request.exact_total) {
      result.matches = 0;
      result.exact = true;
      for (const CountedPart& part : counted) add_part(result, part);
    }
    return result;
  }
};

Matcher::Matcher(const std::string& path, const Xapian::Database& db, std::size_t ranges,
                 PageRanking page_ranking, const ConnectAgain& connect_again)
    : impl_(std::make_unique<Impl>(path, db, ranges, page_ranking, connect_again)) {}
Matcher::~Matcher() = default;

void Matcher::sync(const Xapian::Database& db) { impl_->sync(db); }
std::size_t Matcher::part_count() const { return impl_->part_count(); }
bool Matcher::remote() const { return impl_->remote; }
const std::vector<Xapian::Database>& Matcher::local_shards() const { return impl_->caller.shards; }
PassResult Matcher::run(const PassRequest& request) { return impl_->run(request); }
bool Matcher::has_match(const Xapian::Query& query, const PassRequest::Deadline& deadline) {
  return impl_->has_match(query, deadline);
}
std::map<std::string, Xapian::doccount> Matcher::count_ahead(
    const Xapian::Query& query, const PassRequest::Deadline& deadline,
    std::vector<std::string> termfreqs_of) {
  return impl_->count_ahead(query, deadline, std::move(termfreqs_of));
}
bool Matcher::counts_ahead(const Xapian::Query& query) const { return impl_->counts_ahead(query); }
void Matcher::same_matches_as_counted(const Xapian::Query& query) {
  impl_->same_matches_as_counted(query);
}

}  // namespace paperdex::detail
