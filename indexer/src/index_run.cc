#include "paperdex/indexer/index_run.h"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>

#include <xapian.h>

#include "bulk_builder.h"
#include "input_limits.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/common/line_reader.h"
#include "paperdex/common/schema.h"
#include "paperdex/indexer/readers.h"
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

// Reads every input into `writer`, counting into `result` and telling
// `events`; a strict run's first bad record unwinds as StrictStop.
class InputFeeder {
 public:
  InputFeeder(const IndexRunOptions& options, const IndexRunEvents& events, RecordWriter& writer,
              IndexRunResult& result, Clock::time_point started)
      : options_(options), events_(events), writer_(writer), result_(result), started_(started) {}

  void read_all(const std::vector<InputFile>& files) {
    progress_.total_bytes = total_size(files);
    for (const InputFile& file : files) {
      current_ = &file;
      bytes_current_ = 0;
      skipped_in_file_ = 0;
      read_input(file.path, sink());
      if (skipped_in_file_ > kMaxSkippedToldPerInput && events_.on_more_skipped) {
        events_.on_more_skipped(file.path, skipped_in_file_ - kMaxSkippedToldPerInput);
      }
      std::error_code ignored;
      if (file.path != "-") bytes_done_ += std::filesystem::file_size(file.path, ignored);
    }
  }

 private:
  RecordSink sink() {
    RecordSink sink;
    sink.on_record = [this](Record&& record) {
      stop_if_asked();
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
  const InputFile* current_ = nullptr;
  IndexProgress progress_;
  std::uint64_t bytes_done_ = 0;  // bytes of the files finished
  std::uint64_t bytes_current_ = 0;
  std::uint64_t skipped_in_file_ = 0;
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
  try {
    InputFeeder(options, events, *writer, result, started).read_all(files);
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
