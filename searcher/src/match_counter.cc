#include "match_counter.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

#include "facet_table.h"
#include "facets.h"
#include "paperdex/common/schema.h"
#include "ranking.h"

namespace paperdex::detail {
namespace {

namespace fs = std::filesystem;

// Below this many documents a second thread costs more than it saves: waking
// it and setting up a second match take ~20 µs, and a whole count over
// 20,000 papers takes less than a millisecond.
constexpr Xapian::doccount kSplitFrom = 20000;

// The documents numbered first..last: AND-ed with a query as a filter, it
// restricts the matcher to one range of document numbers. Xapian positions
// the other posting lists with skip_to, so a range costs what its own
// matches cost, not what the whole index does.
class DocidRange final : public Xapian::PostingSource {
 public:
  DocidRange(Xapian::docid first, Xapian::docid last) : first_(first), last_(last) {}

  Xapian::doccount get_termfreq_min() const override { return 0; }
  Xapian::doccount get_termfreq_est() const override { return size_; }
  Xapian::doccount get_termfreq_max() const override { return size_; }

  void init(const Xapian::Database& db) override {
    current_ = 0;
    size_ = std::min<Xapian::doccount>(last_ - first_ + 1, db.get_doccount());
  }
  void next(double /*min_wt*/) override { current_ = current_ == 0 ? first_ : current_ + 1; }
  void skip_to(Xapian::docid did, double /*min_wt*/) override {
    if (current_ == 0 || did > current_) current_ = std::max(did, first_);
  }
  bool at_end() const override { return current_ > last_; }
  Xapian::docid get_docid() const override { return current_; }

  // Xapian's interface: a copy it owns, for a database of several shards.
  DocidRange* clone() const override { return new DocidRange(first_, last_); }
  std::string get_description() const override {
    return "DocidRange(" + std::to_string(first_) + ".." + std::to_string(last_) + ")";
  }

 private:
  Xapian::docid first_;
  Xapian::docid last_;
  Xapian::docid current_ = 0;  // 0: before the first
  Xapian::doccount size_ = 0;
};

// The local databases a stub file lists ("auto PATH" or "glass PATH" lines,
// docs/deployment.md), or nothing when `path` is no stub or lists anything
// else (a remote shard, a backend we do not open ourselves).
std::optional<std::vector<std::string>> local_shards(const std::string& path) {
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

// One part of a count: a database handle (its own, or the searcher's when
// there is one part), its facet table (nullptr: Xapian's spies) and a range of
// document numbers (last == 0: every document).
struct Part {
  Xapian::Database db;
  std::shared_ptr<const FacetTable> table;
  Xapian::docid first = 0;
  Xapian::docid last = 0;
};

struct Job {
  Xapian::Query query;
  bool facets = false;
  MatchCounter::Deadline deadline;
};

MatchCounts count_part(const Part& part, const Job& job) {
  Xapian::Enquire enquire(part.db);
  if (job.deadline) {
    const double left =
        std::chrono::duration<double>(*job.deadline - std::chrono::steady_clock::now()).count();
    enquire.set_time_limit(std::max(left, 0.001));  // Xapian reads 0 as no limit
  }
  Xapian::Query query = job.query;
  if (part.last != 0) {
    // release(): the query owns the source (Xapian's reference counting).
    query = Xapian::Query(Xapian::Query::OP_FILTER, query,
                          Xapian::Query((new DocidRange(part.first, part.last))->release()));
  }
  enquire.set_query(unweighted_match(query));
  enquire.set_weighting_scheme(Xapian::BoolWeight());
  // The table when there is one; otherwise Xapian's own value-count spies,
  // which remote shard servers know without registration. A slot holds one
  // value, so the subject spy counts subject lists; they become rows below.
  std::optional<FacetTableSpy> table_spy;
  Xapian::ValueCountMatchSpy subject_spy(schema::kSubjectsSlot);
  Xapian::ValueCountMatchSpy year_spy(schema::kYearSlot);
  if (job.facets && part.table) {
    enquire.add_matchspy(&table_spy.emplace(part.table));
  } else if (job.facets) {
    enquire.add_matchspy(&subject_spy);
    enquire.add_matchspy(&year_spy);
  }
  const Xapian::MSet counted = enquire.get_mset(0, 0, part.db.get_doccount());
  MatchCounts counts;
  counts.matches = counted.get_matches_estimated();
  counts.exact = counted.get_matches_lower_bound() == counted.get_matches_upper_bound();
  if (!job.facets) return counts;
  if (table_spy) {
    counts.subjects = table_spy->subject_counts();
    counts.years = table_spy->year_counts();
    return counts;
  }
  std::map<std::string, std::size_t> lists;
  for (auto it = subject_spy.values_begin(); it != subject_spy.values_end(); ++it) {
    lists[*it] += it.get_termfreq();
  }
  counts.subjects = subject_rows_of_lists(lists);
  for (auto it = year_spy.values_begin(); it != year_spy.values_end(); ++it) {
    counts.years[*it] += it.get_termfreq();
  }
  return counts;
}

// Parts hold disjoint papers: their counts add up.
void add(MatchCounts& into, const MatchCounts& part) {
  into.matches += part.matches;
  into.exact = into.exact && part.exact;
  for (const auto& [row, count] : part.subjects) {
    into.subjects[row].papers += count.papers;
    into.subjects[row].own += count.own;
  }
  for (const auto& [year, count] : part.years) into.years[year] += count;
}

}  // namespace

struct MatchCounter::Impl {
  std::string path;
  std::vector<Part> parts;
  bool sharded = false;  // a part per local shard, rather than ranges of one database
  std::size_t ranges = 1;

  // The job being counted: parts are claimed by index, by the worker and the
  // caller alike; each part's counts or error land in its slot.
  std::atomic<std::size_t> next_part{0};
  std::vector<MatchCounts> results;
  std::vector<std::exception_ptr> errors;
  Job caller_job;

  // The worker: it takes a job's serialised query (Xapian's reference counts
  // are not atomic, so the two threads never share a Query object).
  std::mutex mutex;
  std::condition_variable wake;
  std::condition_variable done;
  std::string worker_query;
  bool worker_facets = false;
  Deadline worker_deadline;
  std::uint64_t job_number = 0;       // of the latest job given to the worker
  std::uint64_t finished_number = 0;  // of the latest job the worker finished
  bool stopping = false;
  std::thread worker;

  Impl(const std::string& db_path, const Xapian::Database& db, std::size_t wanted) : path(db_path) {
    const std::size_t cores = std::max(1u, std::thread::hardware_concurrency());
    if (has_remote_shard(db)) {
      parts.push_back({db, nullptr});
    } else if (db.size() > 1) {
      if (const auto shards = local_shards(path); shards && shards->size() == db.size()) {
        sharded = true;
        for (const std::string& shard : *shards) parts.push_back({Xapian::Database(shard), {}});
      } else {
        parts.push_back({db, nullptr});
      }
    } else {
      ranges = wanted != 0 ? wanted : (db.get_doccount() >= kSplitFrom ? cores : 1);
      if (ranges == 1) {
        parts.push_back({db, {}});
      } else {
        for (std::size_t i = 0; i < ranges; ++i) parts.push_back({Xapian::Database(path), {}});
      }
    }
    if (parts.size() > 1) worker = std::thread([this] { serve(); });
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

  bool owns_handles() const { return sharded || ranges > 1; }

  // Facet tables and ranges for the revision every part shows.
  void load(const Xapian::Database& db) {
    if (sharded) {
      for (Part& part : parts) part.table = FacetTable::load(part.db);
      return;
    }
    std::shared_ptr<const FacetTable> table = FacetTable::load(db);
    const Xapian::docid last = db.get_lastdocid();
    for (std::size_t i = 0; i < parts.size(); ++i) {
      parts[i].table = table;
      if (ranges == 1) continue;
      parts[i].first = static_cast<Xapian::docid>(1 + last * i / ranges);
      parts[i].last = static_cast<Xapian::docid>(last * (i + 1) / ranges);
      // An empty range (fewer documents than parts) would mean every document.
      if (parts[i].last < parts[i].first) parts[i].first = parts[i].last = last + 1;
    }
  }

  // Waits until the worker is done with the job it was given: a search that
  // threw before finish() leaves it counting, with handles sync() moves.
  void wait_idle() {
    if (!worker.joinable()) return;
    std::unique_lock lock(mutex);
    done.wait(lock, [&] { return finished_number == job_number; });
  }

  void sync(const Xapian::Database& db) {
    wait_idle();
    if (owns_handles()) {
      for (Part& part : parts) part.db.reopen();
      if (!sharded) {
        for (const Part& part : parts) {
          // A writer committed between two reopens: the searcher reopens and
          // syncs again (its retry), until every handle shows one revision.
          if (part.db.get_revision() != db.get_revision()) {
            throw Xapian::DatabaseModifiedError("the index changed while it was reopened");
          }
        }
      } else {
        Xapian::doccount documents = 0;
        for (const Part& part : parts) documents += part.db.get_doccount();
        if (documents != db.get_doccount()) {
          throw Xapian::DatabaseModifiedError("a shard changed while the index was reopened");
        }
      }
    }
    load(db);
  }

  void serve() {
    std::uint64_t served = 0;
    for (;;) {
      Job job;
      {
        std::unique_lock lock(mutex);
        wake.wait(lock, [&] { return stopping || job_number != served; });
        if (stopping) return;
        served = job_number;
        job.facets = worker_facets;
        job.deadline = worker_deadline;
        try {
          job.query = Xapian::Query::unserialise(worker_query);
        } catch (...) {
          job.query = Xapian::Query();  // the caller counts every part (see start)
        }
      }
      if (!job.query.empty()) count_parts(job);
      {
        std::lock_guard lock(mutex);
        finished_number = served;
      }
      done.notify_one();
    }
  }

  void count_parts(const Job& job) {
    for (std::size_t i = next_part++; i < parts.size(); i = next_part++) {
      try {
        results[i] = count_part(parts[i], job);
      } catch (...) {
        errors[i] = std::current_exception();
      }
    }
  }

  void start(const Xapian::Query& query, bool facets, Deadline deadline) {
    wait_idle();
    results.assign(parts.size(), {});
    errors.assign(parts.size(), nullptr);
    next_part = 0;
    caller_job = {query, facets, deadline};
    if (!worker.joinable()) return;
    std::string serialised;
    try {
      serialised = query.serialise();
    } catch (const Xapian::Error&) {
      return;  // a query Xapian cannot serialise: the caller counts every part
    }
    {
      std::lock_guard lock(mutex);
      worker_query = std::move(serialised);
      worker_facets = facets;
      worker_deadline = deadline;
      ++job_number;
    }
    wake.notify_one();
  }

  MatchCounts finish() {
    count_parts(caller_job);
    caller_job = {};
    wait_idle();
    MatchCounts total;
    for (std::size_t i = 0; i < parts.size(); ++i) {
      if (errors[i]) std::rethrow_exception(errors[i]);
      add(total, results[i]);
    }
    return total;
  }
};

MatchCounter::MatchCounter(const std::string& path, const Xapian::Database& db, std::size_t parts)
    : impl_(std::make_unique<Impl>(path, db, parts)) {}
MatchCounter::~MatchCounter() = default;

void MatchCounter::sync(const Xapian::Database& db) { impl_->sync(db); }
std::size_t MatchCounter::part_count() const { return impl_->parts.size(); }
void MatchCounter::start(const Xapian::Query& query, bool facets, Deadline deadline) {
  impl_->start(query, facets, deadline);
}
MatchCounts MatchCounter::finish() { return impl_->finish(); }

}  // namespace paperdex::detail
