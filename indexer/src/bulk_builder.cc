#include "bulk_builder.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <exception>
#include <filesystem>
#include <fstream>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>

#include <xapian.h>

#include "document_builder.h"
#include "last_update.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/common/arxiv_id.h"
#include "paperdex/common/citations.h"
#include "paperdex/common/index_time.h"
#include "paperdex/common/schema.h"
#include "paperdex/common/stored_record.h"
#include "paperdex/common/writable_index.h"
#include "spelling_buffer.h"
#include "update_policy.h"

namespace paperdex {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kQueueCapacity = 512;

// A blocking queue of bounded size: the reader waits when the workers are behind,
// which keeps memory flat whatever the corpus size.
template <typename T>
class BoundedQueue {
 public:
  void push(T value) {
    std::unique_lock lock(mutex_);
    not_full_.wait(lock, [&] { return items_.size() < kQueueCapacity; });
    items_.push_back(std::move(value));
    not_empty_.notify_one();
  }
  std::optional<T> pop() {
    std::unique_lock lock(mutex_);
    not_empty_.wait(lock, [&] { return !items_.empty() || closed_; });
    if (items_.empty()) return std::nullopt;
    T value = std::move(items_.front());
    items_.pop_front();
    not_full_.notify_one();
    return value;
  }
  void close() {
    std::lock_guard lock(mutex_);
    closed_ = true;
    not_empty_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable not_full_, not_empty_;
  std::deque<T> items_;
  bool closed_ = false;
};

// Metadata a key and its value.
using MetadataEntries = std::vector<std::pair<std::string, std::string>>;

// What a user kept in `db` (schema::kUserMetadataPrefixes: saved searches,
// tags): kept in the empty index a build replaces, and by the new index.
MetadataEntries user_metadata_of(const Xapian::Database& db) {
  MetadataEntries entries;
  for (const std::string_view kept : schema::kUserMetadataPrefixes) {
    const std::string prefix(kept);
    for (auto it = db.metadata_keys_begin(prefix); it != db.metadata_keys_end(prefix); ++it) {
      entries.emplace_back(*it, db.get_metadata(*it));
    }
  }
  return entries;
}

// Marks a finished build with the time it completed, and gives it `kept`.
void stamp(const fs::path& index, const MetadataEntries& kept) {
  Xapian::WritableDatabase db(index.string(), Xapian::DB_OPEN | Xapian::DB_BACKEND_GLASS);
  for (const auto& [key, value] : kept) db.set_metadata(key, value);
  stamp_last_update(db);
  db.commit();
}

// Segments are written once and read by this process only: no fsync, and
// in-place updates (DB_DANGEROUS) are safe because nobody else opens them.
constexpr int kSegmentFlags = Xapian::DB_BACKEND_GLASS | Xapian::DB_DANGEROUS | Xapian::DB_NO_SYNC;

void compact_into(const std::vector<fs::path>& inputs, const fs::path& output) {
  Xapian::Database combined;
  for (const fs::path& input : inputs) combined.add_database(Xapian::Database(input.string()));
  combined.compact(output.string(), Xapian::DBCOMPACT_MULTIPASS | Xapian::Compactor::FULL);
}

// One worker: owns the papers whose id hashes to it, so every version of a
// paper meets every other in one place and no locking is needed.
class Worker {
 public:
  Worker(fs::path dir, const BulkBuildOptions& options, std::string build_time)
      : dir_(std::move(dir)),
        options_(options),
        build_time_(std::move(build_time)),
        thread_([this] { run(); }) {}

  ~Worker() {
    queue_.close();
    if (thread_.joinable()) thread_.join();
  }

  void push(Record record) { queue_.push(std::move(record)); }

  // Finishes the queue; returns this worker's segments (merged by tier).
  std::vector<fs::path> finish() {
    queue_.close();
    if (thread_.joinable()) thread_.join();
    if (error_) std::rethrow_exception(error_);
    std::vector<fs::path> paths;
    for (const Segment& segment : segments_) {
      if (segment.live) paths.push_back(segment_path(segment.number));
    }
    return paths;
  }

  // After finish(): the database holding this worker's spelling words (and
  // nothing else), if its papers had any.
  std::optional<fs::path> spelling_table() const {
    if (!fs::exists(spelling_path())) return std::nullopt;
    return spelling_path();
  }

  bool failed() const { return failed_.load(); }

  const IndexStats& stats() const { return stats_; }

 private:
  struct Segment {
    int number;
    int tier;
    bool live;
    int merged_into = -1;
  };
  // What the worker keeps of each paper it wrote: where to find it when
  // another record of it comes (rare: several sources in one build).
  struct Entry {
    int segment;
  };

  void run() {
    try {
      while (std::optional<Record> record = queue_.pop()) handle(*record);
      close_current();
      finish_spelling();
    } catch (...) {
      error_ = std::current_exception();
      failed_ = true;
      // Drain so the reader never blocks on a dead worker.
      while (queue_.pop()) {
      }
    }
  }

  fs::path segment_path(int number) const { return dir_ / ("seg-" + std::to_string(number)); }
  fs::path spelling_path() const { return dir_ / "spelling"; }

  Xapian::WritableDatabase& spelling_table_db() {
    if (!spelling_db_) {
      spelling_db_.emplace(spelling_path().string(), Xapian::DB_CREATE_OR_OPEN | kSegmentFlags);
      schema::write_schema_metadata(*spelling_db_);
    }
    return *spelling_db_;
  }

  void flush_spelling() {
    if (spelling_.empty()) return;
    spelling_.flush_into(spelling_table_db());
    spelling_db_->commit();
  }

  // The words held, then the words of papers replaced after their words were
  // flushed taken back: the spelling table is this worker's papers' exactly.
  void finish_spelling() {
    flush_spelling();
    if (spelling_.has_removals()) {
      spelling_.apply_removals(spelling_table_db());
      spelling_db_->commit();
    }
    spelling_db_.reset();
  }

  int resolve(int segment) const {
    while (segments_[segment].merged_into >= 0) segment = segments_[segment].merged_into;
    return segment;
  }

  // The segment holding `segment`'s papers now, opened (the current one as
  // it is, an older one for writing).
  template <class Action>
  auto with_segment(int segment, Action action) {
    segment = resolve(segment);
    std::optional<Xapian::WritableDatabase> older;
    if (!current_ || segment != current_number_) {
      older.emplace(segment_path(segment).string(), kSegmentFlags);
    }
    Xapian::WritableDatabase& db = older ? *older : *current_;
    auto result = action(db);
    if (older) older->commit();
    return result;
  }

  // The stored record of the paper in `segment`, if it is there (not: a
  // hash collision between two ids).
  std::optional<Record> stored_in(int segment, const std::string& id_term) {
    return with_segment(segment, [&](Xapian::WritableDatabase& db) -> std::optional<Record> {
      const Xapian::PostingIterator found = db.postlist_begin(id_term);
      if (found == db.postlist_end(id_term)) return std::nullopt;
      return DocumentBuilder::stored_paper(db.get_document(*found));
    });
  }

  // Removes the paper from the segment holding it, and takes its words back
  // from the spelling table (so the table keeps counting papers); false if it
  // is not there (a hash collision between two ids).
  bool remove_from(int segment, const std::string& id_term) {
    return with_segment(segment, [&](Xapian::WritableDatabase& db) {
      const Xapian::PostingIterator found = db.postlist_begin(id_term);
      if (found == db.postlist_end(id_term)) return false;
      spelling_.remove(
          builder_.spelling_words(decode_stored_record(db.get_document(*found).get_data())));
      db.delete_document(id_term);
      return true;
    });
  }

  void handle(Record& record) {
    const std::string id_term = schema::make_term(schema::kIdPrefix, record.id);
    const std::uint64_t key = std::hash<std::string>{}(record.id);
    auto found = registry_.find(key);
    if (record.deleted) {
      if (found != registry_.end() && remove_from(found->second.segment, id_term)) {
        ++stats_.deleted;
        registry_.erase(found);
      }
      return;
    }
    update_policy::Change change = update_policy::Change::kAdded;
    std::optional<Record> merged;
    // A hash collision between two ids finds no such paper to merge with.
    if (found != registry_.end()) {
      if (std::optional<Record> stored = stored_in(found->second.segment, id_term)) {
        merged = update_policy::merge_sources(*stored, record);
        change = update_policy::compare_merged(*merged, *stored);
        if (change == update_policy::Change::kUnchanged) {
          update_policy::count(stats_, change);
          return;
        }
        update_policy::stamp_changed(*merged, *stored, build_time_);
        remove_from(found->second.segment, id_term);
      }
    }
    std::vector<std::string> spelling;
    if (!merged) {
      update_policy::first_source(record);
      update_policy::stamp_added(record, build_time_);
    }
    Xapian::Document document = builder_.build(merged ? *merged : record, &spelling);
    if (!current_) open_segment();
    current_->add_document(document);
    spelling_.add(spelling);
    if (spelling_.full()) flush_spelling();
    registry_[key] = Entry{current_number_};
    update_policy::count(stats_, change);
    if (++current_records_ >= options_.segment_records) {
      close_current();
    } else if (current_records_ % options_.flush_records == 0) {
      current_->commit();
    }
  }

  void open_segment() {
    current_number_ = static_cast<int>(segments_.size());
    segments_.push_back({current_number_, 0, false});
    current_.emplace(segment_path(current_number_).string(), Xapian::DB_CREATE | kSegmentFlags);
    schema::write_schema_metadata(*current_);
    current_records_ = 0;
  }

  void close_current() {
    if (!current_) return;
    current_->commit();
    current_.reset();
    segments_[current_number_].live = true;
    merge_full_tiers();
  }

  // When merge_factor segments of one tier exist, they become one of the next
  // tier: each paper is copied about log(N) times, never N times.
  void merge_full_tiers() {
    for (int tier = 0;; ++tier) {
      std::vector<int> members;
      for (const Segment& segment : segments_) {
        if (segment.live && segment.tier == tier) members.push_back(segment.number);
      }
      if (members.size() < options_.merge_factor) return;
      const int merged = static_cast<int>(segments_.size());
      segments_.push_back({merged, tier + 1, false});
      std::vector<fs::path> inputs;
      for (int member : members) inputs.push_back(segment_path(member));
      compact_into(inputs, segment_path(merged));
      for (int member : members) {
        segments_[member].live = false;
        segments_[member].merged_into = merged;
        fs::remove_all(segment_path(member));
      }
      segments_[merged].live = true;
    }
  }

  fs::path dir_;
  const BulkBuildOptions& options_;
  // The index's clock for every paper of the build (index_time.h), taken
  // with the write lock held, as IndexWriter's batches take theirs.
  const std::string build_time_;
  Analyzer analyzer_;
  DocumentBuilder builder_{analyzer_, options_.records_in_slot};
  // The spelling words, written now and then into a database of their own
  // (spelling_path()) rather than into the segments: merges copy no spelling
  // table, and the table can go to any shard (see BulkBuilder::Impl::finish).
  SpellingBuffer spelling_{options_.spelling_words};
  std::optional<Xapian::WritableDatabase> spelling_db_;
  BoundedQueue<Record> queue_;
  std::vector<Segment> segments_;
  std::optional<Xapian::WritableDatabase> current_;
  int current_number_ = -1;
  std::size_t current_records_ = 0;
  std::unordered_map<std::uint64_t, Entry> registry_;
  IndexStats stats_;
  std::exception_ptr error_;
  std::atomic<bool> failed_{false};
  std::thread thread_;  // last: starts after every other member is ready
};

// Records kept on disk until the end of the build (author-page records wait
// there for the whole index): each as its stored form, behind its length, so
// memory holds one record at a time however many there are.
class RecordSpill {
 public:
  explicit RecordSpill(fs::path path) : path_(std::move(path)) {}

  // The stored record, then the body, its facts and its references (a full
  // text that named no paper), which the stored record leaves out: each
  // length-prefixed.
  void append(const Record& record) {
    if (!out_.is_open()) out_.open(path_, std::ios::binary | std::ios::trunc);
    for (const std::string& data : {encode_stored_record(record), record.body, record.fulltext,
                                    citations::encode_references(record.references)}) {
      const auto size = static_cast<std::uint32_t>(data.size());
      char length[4];
      for (int i = 0; i < 4; ++i) length[i] = static_cast<char>((size >> (8 * i)) & 0xFF);
      out_.write(length, 4).write(data.data(), static_cast<std::streamsize>(data.size()));
    }
    if (!out_)
      throw std::runtime_error("cannot write " + path_.string() + ": " + std::strerror(errno));
    ++count_;
  }

  bool empty() const { return count_ == 0; }

  // Calls `use` with each record in the order appended.
  void for_each(const std::function<void(Record&&)>& use) {
    if (count_ == 0) return;
    out_.close();
    std::ifstream in(path_, std::ios::binary);
    const auto read_part = [&in](std::string& data) {
      unsigned char length[4];
      if (!in.read(reinterpret_cast<char*>(length), 4)) return false;
      const std::uint32_t size = length[0] | length[1] << 8 | length[2] << 16 |
                                 static_cast<std::uint32_t>(length[3]) << 24;
      data.resize(size);
      return static_cast<bool>(in.read(data.data(), size));
    };
    std::string data, body, fulltext, references;
    for (std::size_t i = 0; i < count_; ++i) {
      if (!read_part(data) || !read_part(body) || !read_part(fulltext) || !read_part(references)) {
        break;
      }
      Record record = decode_stored_record(data);
      record.body = std::move(body);
      record.fulltext = std::move(fulltext);
      record.references = citations::decode_references(references);
      use(std::move(record));
    }
    if (!in) throw std::runtime_error("cannot read back " + path_.string());
  }

 private:
  fs::path path_;
  std::ofstream out_;
  std::size_t count_ = 0;
};

bool process_alive(long pid) {
  return pid > 0 && (kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM);
}

// Build directories left by killed runs ("PATH.build-PID") are removed.
void remove_stale_builds(const fs::path& final_path) {
  const fs::path parent = final_path.has_parent_path() ? final_path.parent_path() : ".";
  const std::string prefix = final_path.filename().string() + ".build-";
  std::error_code ignored;
  for (const auto& entry : fs::directory_iterator(parent, ignored)) {
    const std::string name = entry.path().filename().string();
    if (!name.starts_with(prefix)) continue;
    const long pid = std::strtol(name.c_str() + prefix.size(), nullptr, 10);
    if (!process_alive(pid)) fs::remove_all(entry.path(), ignored);
  }
}

// Less room than this on the disk of a build that failed is a full disk:
// a write that finds no room fails with under one glass block (8 KiB) left.
constexpr std::uint64_t kFullDiskBytes = 1 << 20;

// Whether the disk holding `path` is full (for this user: f_bavail).
bool disk_full_at(const fs::path& path) {
  struct statvfs disk {};
  if (statvfs(path.c_str(), &disk) != 0) return false;
  return static_cast<std::uint64_t>(disk.f_bavail) * disk.f_frsize < kFullDiskBytes;
}

}  // namespace

struct BulkBuilder::Impl {
  fs::path final_path;
  fs::path work_dir;
  BulkBuildOptions options;
  std::optional<Xapian::WritableDatabase> placeholder;  // holds the write lock
  std::vector<std::unique_ptr<Worker>> workers;
  // Records without an id, merged in after the segments, by title.
  std::optional<RecordSpill> without_id;
  std::size_t records_given = 0;
  std::size_t documents = 0;

  Impl(const std::string& path, BulkBuildOptions opts, Xapian::WritableDatabase locked)
      : final_path(path), options(opts), placeholder(std::move(locked)) {
    if (options.jobs == 0) options.jobs = std::max(1u, std::thread::hardware_concurrency());
    if (placeholder->get_doccount() > 0) {
      throw std::logic_error("bulk build into a non-empty index " + path);
    }
    schema::write_schema_metadata(*placeholder);
    placeholder->commit();
    remove_stale_builds(final_path);
    work_dir = final_path;
    work_dir += ".build-" + std::to_string(getpid());
    fs::remove_all(work_dir);
    fs::create_directories(work_dir);
    without_id.emplace(work_dir / "without-id.records");
    const std::string build_time = index_time_now();
    for (unsigned i = 0; i < options.jobs; ++i) {
      const fs::path dir = work_dir / ("worker-" + std::to_string(i));
      fs::create_directories(dir);
      workers.push_back(std::make_unique<Worker>(dir, options, build_time));
    }
  }

  ~Impl() { abandon(); }

  // Runs `step` of the build. A segment that cannot be written because the
  // disk is full fails with no word of it: under DB_DANGEROUS Xapian answers
  // the failed write by calling cancel(), which that mode refuses, and the
  // refusal ("cancel() not supported") replaces the write's error. The disk
  // itself still says what happened, and is asked before abandon() frees it.
  template <class Step>
  auto guarded(Step step) {
    try {
      return step();
    } catch (const Xapian::Error&) {
      const fs::path disk = work_dir.empty() ? fs::absolute(final_path).parent_path() : work_dir;
      if (!disk_full_at(disk)) throw;
      throw std::runtime_error("building the new index at " + final_path.string() +
                               " failed: " + std::strerror(ENOSPC));
    }
  }

  // Stops the workers and removes the build's files: the index stays the
  // empty placeholder.
  void abandon() {
    workers.clear();  // joins the threads
    if (!work_dir.empty()) {
      std::error_code ignored;
      fs::remove_all(work_dir, ignored);
      work_dir.clear();
    }
  }

  void add(Record record) {
    ++records_given;
    if (record.id.empty()) {
      without_id->append(record);
      return;
    }
    Worker& worker = *workers[std::hash<std::string>{}(record.id) % workers.size()];
    if (worker.failed()) worker.finish();  // rethrows the worker's error
    worker.push(std::move(record));
  }

  // Writes the stub that presents several shards as one index.
  static void write_stub(const fs::path& dir, const std::vector<std::string>& shards) {
    std::ofstream stub(dir / "XAPIANDB");
    for (const std::string& shard : shards) stub << "auto " << shard << '\n';
    if (!stub) throw std::runtime_error("cannot write " + (dir / "XAPIANDB").string());
  }

  // Through the ordinary writer, so they meet the same update policy.
  static void add_without_id(const std::string& path, RecordSpill& records, IndexStats& stats,
                             bool records_in_slot) {
    if (records.empty()) return;
    IndexWriter writer(path, IndexWriterOptions{.records_in_slot = records_in_slot});
    records.for_each([&writer](Record&& record) { writer.add(std::move(record)); });
    stats += writer.finish();
  }

  // Author-page records join their paper by title, so each goes to the shard
  // that holds a paper of that title; one no shard knows goes to the first.
  void add_without_id_to_shards(const fs::path& dir, const std::vector<std::string>& shards,
                                IndexStats& stats) {
    if (without_id->empty()) return;
    std::vector<Xapian::Database> readers;
    for (const std::string& shard : shards) readers.emplace_back((dir / shard).string());
    const Analyzer analyzer;
    const DocumentBuilder builder(analyzer);
    std::vector<RecordSpill> per_shard;
    per_shard.reserve(shards.size());
    for (std::size_t i = 0; i < shards.size(); ++i) {
      per_shard.emplace_back(work_dir / ("without-id-" + std::to_string(i) + ".records"));
    }
    // Every record is routed before any is added, by the shards as merged.
    without_id->for_each([&](Record&& record) {
      const std::string key = builder.title_key_term(record.title);
      std::size_t shard = 0;
      while (!key.empty() && shard < readers.size() && !readers[shard].term_exists(key)) ++shard;
      per_shard[shard < readers.size() ? shard : 0].append(record);
    });
    readers.clear();
    for (std::size_t i = 0; i < shards.size(); ++i) {
      add_without_id((dir / shards[i]).string(), per_shard[i], stats, options.records_in_slot);
    }
  }

  // The built index as one shard per worker behind a stub (keep_shards).
  void build_shards(const fs::path& built, std::vector<std::vector<fs::path>>& per_worker,
                    const std::vector<fs::path>& spelling_tables, const MetadataEntries& kept,
                    IndexStats& stats) {
    // The whole spelling table goes to the first shard. Xapian looks a word
    // up in every shard's table and adds up the trigram scores of a word
    // found in several, so split tables cost a look-up per shard and
    // suggest other words than one index does. (Author-page records keep
    // it there: one that joins a paper adds authors, whose names are no
    // spelling words, and a new one goes to the first shard.)
    per_worker.front().insert(per_worker.front().end(), spelling_tables.begin(),
                              spelling_tables.end());
    fs::create_directories(built);
    std::vector<std::string> shard_names;
    for (std::size_t i = 0; i < per_worker.size(); ++i) {
      shard_names.push_back("shard-" + std::to_string(i));
    }
    // Each shard is merged on a thread of its own, as its worker built it.
    std::vector<std::exception_ptr> errors(shard_names.size());
    {
      std::vector<std::jthread> mergers;
      for (std::size_t i = 0; i < shard_names.size(); ++i) {
        mergers.emplace_back([&, i] {
          try {
            const fs::path shard = built / shard_names[i];
            if (per_worker[i].empty()) {
              create_empty_index(shard.string());
            } else {
              compact_into(per_worker[i], shard);
            }
            stamp(shard, kept);
          } catch (...) {
            errors[i] = std::current_exception();
          }
        });
      }
    }
    for (const std::exception_ptr& error : errors) {
      if (error) std::rethrow_exception(error);
    }
    write_stub(built, shard_names);
    add_without_id_to_shards(built, shard_names, stats);
  }

  IndexStats finish() {
    IndexStats stats;
    std::vector<std::vector<fs::path>> per_worker;
    std::vector<fs::path> spelling_tables;
    for (auto& worker : workers) {
      per_worker.push_back(worker->finish());
      if (std::optional<fs::path> table = worker->spelling_table()) {
        spelling_tables.push_back(*table);
      }
      stats += worker->stats();
    }
    const fs::path built = work_dir / "index";
    const MetadataEntries kept = user_metadata_of(*placeholder);
    if (options.keep_shards) {
      build_shards(built, per_worker, spelling_tables, kept, stats);
    } else {
      std::vector<fs::path> all;
      for (const auto& paths : per_worker) all.insert(all.end(), paths.begin(), paths.end());
      all.insert(all.end(), spelling_tables.begin(), spelling_tables.end());
      if (all.empty()) {
        create_empty_index(built.string());
      } else {
        compact_into(all, built);
      }
      // Author-page records join their arXiv paper by title: that needs the
      // whole index, so they go in last, through the ordinary writer.
      add_without_id(built.string(), *without_id, stats, options.records_in_slot);
      stamp(built, kept);
    }
    workers.clear();
    documents = Xapian::Database(built.string()).get_doccount();

    // Swap the built index with the empty placeholder in one step, so a
    // reader sees either the empty index or the full one, never neither.
    // The placeholder's lock is held until the new index is in place: a
    // writer waiting for it must find the new index there, not take the lock
    // of the placeholder as it moves out (open_writable checks for that).
    if (renameat2(AT_FDCWD, built.c_str(), AT_FDCWD, final_path.c_str(), RENAME_EXCHANGE) != 0) {
      throw std::runtime_error("cannot move the new index into place at " + final_path.string() +
                               ": " + std::strerror(errno));
    }
    placeholder.reset();
    return stats;
  }
};

BulkBuilder::BulkBuilder(const std::string& final_path, BulkBuildOptions options)
    : BulkBuilder(final_path, options, open_writable(final_path, options.wait_for_lock)) {}

BulkBuilder::BulkBuilder(const std::string& final_path, BulkBuildOptions options,
                         Xapian::WritableDatabase locked)
    : impl_(std::make_unique<Impl>(final_path, options, std::move(locked))) {}

std::unique_ptr<BulkBuilder> BulkBuilder::start_if_empty(const std::string& final_path,
                                                         BulkBuildOptions options) {
  Xapian::WritableDatabase locked = open_writable(final_path, options.wait_for_lock);
  if (locked.get_doccount() > 0) return nullptr;
  return std::unique_ptr<BulkBuilder>(new BulkBuilder(final_path, options, std::move(locked)));
}
BulkBuilder::~BulkBuilder() = default;
void BulkBuilder::add(Record&& record) {
  impl_->guarded([&] { impl_->add(std::move(record)); });
}

bool BulkBuilder::remove(const std::string& id) {
  // The new index starts empty: before any record came there is nothing to
  // remove; after, the removal goes to the worker holding the id, in order.
  if (impl_->records_given == 0) return false;
  Record deletion;
  deletion.id = canonical_arxiv_id(id).value_or(id);
  deletion.deleted = true;
  impl_->guarded([&] { impl_->add(std::move(deletion)); });
  return true;
}

void BulkBuilder::discard_uncommitted() { impl_->abandon(); }
IndexStats BulkBuilder::finish() {
  return impl_->guarded([&] { return impl_->finish(); });
}
std::size_t BulkBuilder::document_count() const { return impl_->documents; }

}  // namespace paperdex
