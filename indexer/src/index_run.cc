#include "paperdex/indexer/index_run.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <thread>
#include <vector>

#include <xapian.h>
#include <nlohmann/json.hpp>

#include "bulk_builder.h"
#include "input_limits.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/common/arxiv_id.h"
#include "paperdex/common/line_reader.h"
#include "paperdex/common/schema.h"
#include "paperdex/indexer/readers.h"
#include "read_ahead.h"
#include "run_guard.h"

namespace paperdex {
namespace {

using Clock = std::chrono::steady_clock;

// All the ids of one --delete-from file are held at once (see ids_to_delete).
constexpr std::size_t kMaxDeleteIdBytes = 64 * detail::kMiB;

// Raised by the strict policy to unwind out of a reader.
// IndexRunOptions::stop was set: unwinds the reading like StrictStop.
struct Interrupted {};

struct StrictStop {
  ReadProblem problem;
};

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

std::uint64_t total_size(const std::vector<InputFile>& files) {
  std::uint64_t total = 0;
  for (const InputFile& file : files) {
    std::error_code ignored;
    if (file.path != "-") {
      const auto size = std::filesystem::file_size(file.path, ignored);
      if (!ignored) total += size;
    }
  }
  return total;
}

// A named input that does not exist stops the run before anything changes:
// it is a mistyped command, not a bad record.
void require_inputs_exist(const std::vector<std::string>& inputs) {
  for (const std::string& input : inputs) {
    std::error_code code;
    if (input != "-" && !std::filesystem::exists(input, code)) {
      throw std::runtime_error("cannot read input " + input + ": " +
                               std::strerror(code ? code.value() : ENOENT) +
                               "; nothing was indexed");
    }
  }
}

// New papers in an index built with another ICU may be split into words
// differently from the old ones: say so, and index them all the same.
void warn_if_analysis_differs(const std::string& db_path, const IndexRunEvents& events) {
  const std::string recorded =
      Xapian::Database(db_path).get_metadata(std::string(schema::kAnalysisKey));
  const std::string current = analysis_version();
  if (recorded.empty() || recorded == current || !events.on_warning) return;
  events.on_warning(db_path + " was built with " + recorded + " and this paperdex-index uses " +
                    current +
                    "; papers added now may be split into words differently: rebuild it into a "
                    "new --db path to be sure");
}

// The ids of --delete and --delete-from, all read before the first removal,
// so that a bad file changes nothing.
std::vector<std::string> ids_to_delete(const IndexRunOptions& options) {
  std::vector<std::string> ids = options.delete_ids;
  if (options.delete_from.empty()) return ids;
  const std::string& path = options.delete_from;
  std::error_code code;
  if (std::filesystem::is_directory(path, code)) {
    throw std::runtime_error("--delete-from " + path + " is a directory; give a file of ids");
  }
  std::ifstream in(path);
  if (!in) {
    throw std::runtime_error("cannot read --delete-from file " + path + ": " +
                             std::strerror(errno));
  }
  BoundedLineReader reader(in, detail::kMaxIdLineBytes);
  std::size_t id_bytes = 0;
  std::string line;
  for (auto status = reader.next(line); status != BoundedLineReader::Status::kEnd;
       status = reader.next(line)) {
    const std::string where = "--delete-from " + path + ":" + std::to_string(reader.line_number());
    if (status == BoundedLineReader::Status::kTooLong) {
      throw std::runtime_error(where +
                               ": a line longer than 1 MiB; the file must list one arXiv id a "
                               "line; nothing was deleted");
    }
    const auto begin = line.find_first_not_of(" \t\r");
    if (begin == std::string::npos || line[begin] == '#') continue;
    const auto end = line.find_last_not_of(" \t\r");
    id_bytes += end - begin + 1;
    if (id_bytes > kMaxDeleteIdBytes) {
      throw std::runtime_error(where + ": over 64 MiB of ids; split the file; nothing was deleted");
    }
    ids.push_back(line.substr(begin, end - begin + 1));
  }
  if (reader.read_error()) {
    throw std::runtime_error("error reading --delete-from file " + path + " after line " +
                             std::to_string(reader.line_number()) + "; nothing was deleted");
  }
  return ids;
}

// Whether an error's text says a write found no space left (ENOSPC or, for
// a quota, EDQUOT): Xapian keeps only the text.
bool is_disk_full(const std::string& text) {
  return text.find(std::strerror(ENOSPC)) != std::string::npos ||
         text.find(std::strerror(EDQUOT)) != std::string::npos;
}

// The writer a run uses: a bulk build for a new index (unless batches were
// asked for), the batched writer otherwise.
std::unique_ptr<RecordWriter> open_writer(const IndexRunOptions& options,
                                          const IndexRunEvents& events, WriteMode& mode) {
  if (!options.incremental) {
    auto bulk = BulkBuilder::start_if_empty(
        options.db_path, BulkBuildOptions{.jobs = options.jobs,
                                          .keep_shards = options.keep_shards,
                                          .wait_for_lock = options.writer.wait_for_lock,
                                          .records_in_slot = options.writer.records_in_slot});
    if (bulk) {
      mode = WriteMode::kBulk;
      return bulk;
    }
  }
  mode = WriteMode::kBatched;
  auto writer = std::make_unique<IndexWriter>(options.db_path, options.writer);
  warn_if_analysis_differs(options.db_path, events);
  if ((options.keep_shards || options.jobs > 0) && events.on_warning) {
    events.on_warning("--jobs and --shards apply to building a new index; " + options.db_path +
                      " is updated in batches by one writer");
  }
  return writer;
}

// The full-text files of input directories as the index last read them
// (#50 item 6): a directory indexed again reads only the ones that are new or
// changed (size and time, then content), and drops the bodies of those gone
// (metadata files are read again each time, as before). Each file's state
// is a metadata entry of the index, written in the batch of the papers read
// from it, so the two commit together.
class FolderState {
 public:
  static constexpr std::string_view kPrefix = "paperdex:file:";

  // The states stored in the index `writer` (none for a new index: null).
  explicit FolderState(IndexWriter* writer) : writer_(writer) {
    if (writer_ == nullptr) return;
    for (auto& [key, value] : writer_->metadata_with_prefix(std::string(kPrefix))) {
      nlohmann::json state = nlohmann::json::parse(value, nullptr, false);
      if (state.is_object()) stored_.emplace(std::move(key), std::move(state));
    }
  }

  // Whether the file is as the index last read it. A file whose size or
  // time changed but not its content gets its new time, and is not read.
  bool unchanged(const std::string& path) {
    const auto found = stored_.find(key_of(path));
    if (found == stored_.end()) return false;
    const nlohmann::json& state = found->second;
    const auto [size, time] = size_and_time(path);
    if (state.value("size", std::uint64_t{0}) == size &&
        state.value("mtime", std::int64_t{0}) == time) {
      return true;
    }
    if (state.value("size", std::uint64_t{0}) != size ||
        state.value("hash", std::string()) != content_hash(path)) {
      return false;
    }
    remember(path);  // touched only: the new time, the same content
    return true;
  }

  // After the file was read whole, without a problem.
  void remember(const std::string& path) {
    const std::string absolute = absolute_path(path);
    const auto [size, time] = size_and_time(path);
    nlohmann::json state = {{"path", absolute},
                            {"origin", path},
                            {"size", size},
                            {"mtime", time},
                            {"hash", content_hash(path)}};
    const std::string key = key_of(path);
    if (writer_ != nullptr) writer_->set_metadata(key, state.dump());
    stored_[key] = std::move(state);
    remembered_.push_back(key);
  }

  // The files this index read from one of `directories` that are gone: their
  // bodies dropped, their states forgotten.
  void drop_gone(const std::vector<std::string>& directories, IndexRunResult& result) {
    if (writer_ == nullptr) return;
    std::vector<std::string> roots;
    for (const std::string& directory : directories) {
      std::error_code code;
      if (directory != "-" && std::filesystem::is_directory(directory, code)) {
        roots.push_back(absolute_path(directory) + "/");
      }
    }
    std::vector<std::string> gone;
    for (const auto& [key, state] : stored_) {
      const std::string path = state.value("path", std::string());
      const bool below = std::any_of(roots.begin(), roots.end(), [&](const std::string& root) {
        return path.starts_with(root);
      });
      std::error_code code;
      if (!below || std::filesystem::exists(path, code)) continue;
      ++result.files_gone;
      gone.push_back(state.value("origin", std::string()));
      writer_->set_metadata(key, "");
    }
    result.bodies_dropped += writer_->drop_bodies_from(gone);
  }

  // For a new index (built in bulk, without metadata of its own): the
  // states of the files read, written once the index is there.
  void save_to(const std::string& db_path, const IndexWriterOptions& options) const {
    if (writer_ != nullptr || remembered_.empty()) return;
    IndexWriter writer(db_path, options);
    for (const std::string& key : remembered_) writer.set_metadata(key, stored_.at(key).dump());
    writer.finish();
  }

 private:
  static std::string absolute_path(const std::string& path) {
    std::error_code code;
    const std::filesystem::path absolute = std::filesystem::absolute(path, code);
    return (code ? std::filesystem::path(path) : absolute).lexically_normal().string();
  }

  static std::string key_of(const std::string& path) {
    // Hashed: a Xapian metadata key is at most a few hundred bytes long.
    return std::string(kPrefix) + stable_hash_hex(absolute_path(path));
  }

  static std::pair<std::uint64_t, std::int64_t> size_and_time(const std::string& path) {
    std::error_code size_error, time_error;
    const std::uint64_t size = std::filesystem::file_size(path, size_error);
    const auto time = std::filesystem::last_write_time(path, time_error);
    return {size_error ? 0 : size,
            time_error ? 0 : static_cast<std::int64_t>(time.time_since_epoch().count())};
  }

  // FNV-1a over the file's bytes, streamed: as large as the file may be.
  static std::string content_hash(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::uint64_t hash = 14695981039346656037ull;
    std::vector<char> buffer(1 << 16);
    while (in.read(buffer.data(), static_cast<std::streamsize>(buffer.size())) || in.gcount() > 0) {
      for (std::streamsize i = 0; i < in.gcount(); ++i) {
        hash = (hash ^ static_cast<unsigned char>(buffer[static_cast<std::size_t>(i)])) *
               1099511628211ull;
      }
    }
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
    return text;
  }

  IndexWriter* writer_;
  std::map<std::string, nlohmann::json> stored_;
  std::vector<std::string> remembered_;
};

// Reads every input into `writer`, counting into `result` and telling
// `events`; a strict run's first bad record unwinds as StrictStop.
class InputFeeder {
 public:
  InputFeeder(const IndexRunOptions& options, const IndexRunEvents& events, RecordWriter& writer,
              IndexRunResult& result, Clock::time_point started, FolderState& folders)
      : options_(options),
        events_(events),
        writer_(writer),
        result_(result),
        started_(started),
        folders_(folders) {}

  void read_all(const std::vector<InputFile>& files) {
    progress_.total_bytes = total_size(files);
    unchanged_.assign(files.size(), -1);
    ReadAhead ahead(options_.reading, read_ahead_workers());
    for (std::size_t i = 0; i < files.size(); ++i) {
      const InputFile& file = files[i];
      current_ = &file;
      bytes_current_ = 0;
      skipped_in_file_ = 0;
      ignored_current_ = false;
      fulltext_current_ = false;
      std::error_code ignored;
      // A directory's file as the index last read it: not read again.
      if (unchanged(files, i)) {
        ++result_.files_unchanged;
        bytes_done_ += std::filesystem::file_size(file.path, ignored);
        report_progress();
        continue;
      }
      // The next PDFs are read while this file is.
      for (std::size_t next = i; next < files.size() && next < i + kReadAheadFiles; ++next) {
        if (!unchanged(files, next)) ahead.start(files[next].path);
      }
      if (ahead.started(file.path)) {
        ahead.finish(file.path, sink());
      } else {
        read_input(file.path, sink(), options_.reading);
      }
      if (skipped_in_file_ > kMaxSkippedToldPerInput && events_.on_more_skipped) {
        events_.on_more_skipped(file.path, skipped_in_file_ - kMaxSkippedToldPerInput);
      }
      // Full-text files only (metadata files are read again, as before); one
      // with a problem is read again next time, and named again.
      if (file.found_in_directory && fulltext_current_ && skipped_in_file_ == 0 &&
          !ignored_current_) {
        folders_.remember(file.path);
      }
      if (file.path != "-") bytes_done_ += std::filesystem::file_size(file.path, ignored);
    }
  }

 private:
  // Files looked at for reading ahead: past them, a run of metadata files
  // would keep the PDFs beyond waiting.
  static constexpr std::size_t kReadAheadFiles = 8;

  // PDFs read at once: by default one per core, the run's own thread
  // indexing beside them.
  unsigned read_ahead_workers() const {
    if (options_.pdf_readers > 0) return options_.pdf_readers;
    return std::max(1u, std::thread::hardware_concurrency());
  }

  // Whether files[i] is a directory's file as the index last read it;
  // asked once a file (it may hash the file).
  bool unchanged(const std::vector<InputFile>& files, std::size_t i) {
    if (unchanged_[i] < 0) {
      unchanged_[i] = files[i].found_in_directory && folders_.unchanged(files[i].path) ? 1 : 0;
    }
    return unchanged_[i] == 1;
  }

  RecordSink sink() {
    RecordSink sink;
    sink.on_record = [this](Record&& record) {
      stop_if_asked();
      if (!record.body.empty()) fulltext_current_ = true;
      if (record.id.empty() && !record.body.empty() && options_.identify_fulltext) {
        record.id = options_.identify_fulltext(record);
      }
      ++result_.records_read;
      writer_.add(std::move(record));
      report_progress();
    };
    sink.on_problem = [this](const ReadProblem& problem) { skip(problem); };
    sink.on_warning = [this](const ReadProblem& problem) {
      ++result_.fields_cut;
      if (events_.on_truncated) events_.on_truncated(problem);
    };
    sink.on_progress = [this](std::uint64_t bytes) {
      stop_if_asked();
      bytes_current_ = bytes;
      report_progress();
    };
    return sink;
  }

  void stop_if_asked() const {
    if (options_.stop != nullptr && options_.stop->load()) throw Interrupted{};
  }

  void skip(const ReadProblem& problem) {
    // An error feed is no bad record: the input simply held no paper.
    if (holds_no_papers(problem)) {
      result_.source_errors.push_back(problem);
      if (events_.on_source_error) events_.on_source_error(problem);
      return;
    }
    // A README or an image beside the data in a directory is no bad record.
    if (current_->found_in_directory && problem.origin == current_->path &&
        holds_no_records(problem)) {
      ignored_current_ = true;
      result_.ignored_files.push_back(current_->path);
      if (events_.on_ignored) events_.on_ignored(current_->path);
      return;
    }
    if (options_.strict) throw StrictStop{problem};
    ++result_.skipped;
    ++result_.skipped_by_reason[problem.reason];
    if (++skipped_in_file_ <= kMaxSkippedToldPerInput && events_.on_skipped) {
      events_.on_skipped(problem);
    }
  }

  void report_progress() {
    if (!events_.on_progress) return;
    progress_.records = result_.records_read;
    progress_.bytes = bytes_done_ + bytes_current_;
    progress_.elapsed_seconds = seconds_since(started_);
    events_.on_progress(progress_);
  }

  const IndexRunOptions& options_;
  const IndexRunEvents& events_;
  RecordWriter& writer_;
  IndexRunResult& result_;
  Clock::time_point started_;
  FolderState& folders_;
  const InputFile* current_ = nullptr;
  bool ignored_current_ = false;   // the current file holds no records of a known kind
  bool fulltext_current_ = false;  // the current file gave a full text
  IndexProgress progress_;
  std::uint64_t bytes_done_ = 0;  // bytes of the files finished
  std::uint64_t bytes_current_ = 0;
  std::uint64_t skipped_in_file_ = 0;
  std::vector<signed char> unchanged_;  // per file: -1 not asked yet, 0 or 1
};

// The steps of a run; run_index turns what they throw into the result.
void run_steps(const IndexRunOptions& options, const IndexRunEvents& events, IndexRunResult& result,
               Clock::time_point started) {
  require_inputs_exist(options.inputs);
  const std::vector<std::string> deletions = ids_to_delete(options);
  const std::vector<InputFile> files = list_inputs(options.inputs);
  std::unique_ptr<RecordWriter> writer = open_writer(options, events, result.mode);
  for (const std::string& id : deletions) {
    if (!writer->remove(id)) result.deletes_not_found.push_back(id);
  }
  // Batched: the index's own file states; a new index has none.
  auto* batched = dynamic_cast<IndexWriter*>(writer.get());
  FolderState folders(batched);
  try {
    InputFeeder(options, events, *writer, result, started, folders).read_all(files);
    folders.drop_gone(options.inputs, result);
  } catch (const StrictStop& stop) {
    writer->discard_uncommitted();
    result.outcome = IndexRunOutcome::kStoppedStrict;
    result.strict_problem = stop.problem;
    return;
  } catch (const Interrupted&) {
    writer->discard_uncommitted();
    result.outcome = IndexRunOutcome::kInterrupted;
    result.documents = writer->document_count();
    return;
  }
  if (result.mode == WriteMode::kBulk && events.on_merging) events.on_merging();
  result.stats = writer->finish();
  result.documents = writer->document_count();
  writer.reset();
  folders.save_to(options.db_path, options.writer);
}

void fail(IndexRunResult& result, std::string message) {
  result.outcome = IndexRunOutcome::kFailed;
  result.disk_full = is_disk_full(message);
  result.error = std::move(message);
}

}  // namespace

void request_batches(IndexRunOptions& options, std::size_t batch_records, double interval_seconds) {
  if (batch_records > 0 || interval_seconds > 0) options.incremental = true;
  if (batch_records > 0) options.writer.batch_records = batch_records;
  if (interval_seconds > 0) {
    options.writer.batch_interval =
        std::chrono::milliseconds(static_cast<long long>(interval_seconds * 1000));
  }
}

namespace detail {

void run_guarded(const std::string& db_path, IndexRunResult& result,
                 const std::function<void()>& steps) {
  const auto started = Clock::now();
  try {
    steps();
  } catch (const DatabaseLockedError& error) {
    fail(result, error.what());
    result.locked = true;
  } catch (const std::exception& error) {
    fail(result, error.what());
  } catch (const Xapian::Error& error) {
    // Xapian's errors are not std::exceptions: a full disk or a damaged
    // index surfaces here, after every earlier batch was committed.
    fail(result, "writing the index at " + db_path + " failed: " + error.get_description());
  }
  result.elapsed_seconds = seconds_since(started);
}

}  // namespace detail

IndexRunResult run_index(const IndexRunOptions& options, const IndexRunEvents& events) {
  const auto started = Clock::now();
  IndexRunResult result;
  detail::run_guarded(options.db_path, result,
                      [&] { run_steps(options, events, result, started); });
  return result;
}

}  // namespace paperdex
