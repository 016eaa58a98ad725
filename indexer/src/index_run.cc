#include "paperdex/indexer/index_run.h"

#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <ostream>
#include <sstream>

#include <xapian.h>

#include "bulk_builder.h"
#include "input_limits.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/common/line_reader.h"
#include "paperdex/common/schema.h"
#include "paperdex/indexer/readers.h"

namespace paperdex {
namespace {

using Clock = std::chrono::steady_clock;

// All the ids of one --delete-from file are held at once (see ids_to_delete).
constexpr std::size_t kMaxDeleteIdBytes = 64 * detail::kMiB;

// Raised by the strict policy to unwind out of a reader.
struct StrictStop {
  ReadProblem problem;
};

std::string with_commas(std::uint64_t value) {
  std::string digits = std::to_string(value);
  for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3) digits.insert(i, ",");
  return digits;
}

std::string megabytes(std::uint64_t bytes) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f MB", static_cast<double>(bytes) / 1e6);
  return buffer;
}

std::string duration(double seconds) {
  const long total = std::lround(seconds);
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%ld:%02ld", total / 60, total % 60);
  return buffer;
}

// Prints progress at a rate that suits where stderr goes.
class ProgressReporter {
 public:
  ProgressReporter(ProgressStyle style, std::ostream& err, std::uint64_t total_bytes)
      : err_(err), total_bytes_(total_bytes), started_(Clock::now()), last_(started_) {
    if (style == ProgressStyle::kAuto) {
      style = isatty(STDERR_FILENO) ? ProgressStyle::kTerminal : ProgressStyle::kLines;
    }
    style_ = style;
  }

  void update(std::uint64_t records, std::uint64_t bytes) {
    if (style_ == ProgressStyle::kNone) return;
    const auto now = Clock::now();
    const auto interval = style_ == ProgressStyle::kTerminal ? std::chrono::milliseconds(500)
                                                             : std::chrono::milliseconds(10'000);
    if (now - last_ < interval) return;
    last_ = now;
    const double elapsed = std::chrono::duration<double>(now - started_).count();
    std::ostringstream line;
    line << with_commas(records) << " records  "
         << with_commas(static_cast<std::uint64_t>(records / std::max(elapsed, 1e-9))) << " rec/s  "
         << megabytes(bytes);
    if (total_bytes_ > 0) {
      line << " of " << megabytes(total_bytes_);
      if (bytes > 0 && bytes <= total_bytes_) {
        line << "  ETA " << duration(elapsed * (total_bytes_ - bytes) / bytes);
      }
    }
    if (style_ == ProgressStyle::kTerminal) {
      err_ << "\r\033[K" << line.str() << std::flush;
      live_line_ = true;
    } else {
      err_ << "progress: " << line.str() << '\n' << std::flush;
    }
  }

  // Ends a live line before anything else is printed below it.
  void clear() {
    if (live_line_) err_ << "\r\033[K" << std::flush;
    live_line_ = false;
  }

 private:
  std::ostream& err_;
  ProgressStyle style_ = ProgressStyle::kNone;
  std::uint64_t total_bytes_;
  Clock::time_point started_;
  Clock::time_point last_;
  bool live_line_ = false;
};

std::uint64_t total_size(const std::vector<std::string>& files) {
  std::uint64_t total = 0;
  for (const std::string& file : files) {
    std::error_code ignored;
    if (file != "-") {
      const auto size = std::filesystem::file_size(file, ignored);
      if (!ignored) total += size;
    }
  }
  return total;
}

// New papers in an index built with another ICU may be split into words
// differently from the old ones: say so, and index them all the same.
void warn_if_analysis_differs(const std::string& db_path, std::ostream& err) {
  const std::string recorded =
      Xapian::Database(db_path).get_metadata(std::string(schema::kAnalysisKey));
  const std::string current = analysis_version();
  if (recorded.empty() || recorded == current) return;
  err << "paperdex-index: warning: " << db_path << " was built with " << recorded
      << " and this paperdex-index uses " << current
      << "; papers added now may be split into words differently: rebuild it into a new --db "
         "path to be sure\n";
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

std::string disk_full_advice(const std::string& db_path) {
  return "paperdex-index: the disk is full where the index " + db_path +
         " is: what was committed before is kept and can be searched; free some space there (or "
         "move the index to a bigger disk) and run the same command again to add the rest\n";
}

}  // namespace

int run_index(const IndexRunOptions& options, std::ostream& out, std::ostream& err) {
  const auto started = Clock::now();
  std::uint64_t records_read = 0;
  std::map<std::string, std::uint64_t> skipped_by_reason;
  std::uint64_t skipped = 0;
  std::uint64_t truncated = 0;  // fields cut to their limits (a record may count more than once)
  std::uint64_t not_found_deletes = 0;

  try {
    const bool bulk = !options.incremental && BulkBuilder::can_build(options.db_path);
    std::optional<IndexWriter> writer;
    std::optional<BulkBuilder> builder;
    if (bulk) {
      builder.emplace(options.db_path,
                      BulkBuildOptions{.jobs = options.jobs,
                                       .keep_shards = options.keep_shards,
                                       .wait_for_lock = options.writer.wait_for_lock});
    } else {
      writer.emplace(options.db_path, options.writer);
      warn_if_analysis_differs(options.db_path, err);
      if (options.keep_shards || options.jobs > 0) {
        err << "paperdex-index: --jobs and --shards apply to building a new index; "
            << options.db_path << " is updated in batches by one writer\n";
      }
    }

    for (const std::string& id : ids_to_delete(options)) {
      if (!writer || !writer->remove(id)) {
        ++not_found_deletes;
        err << "paperdex-index: --delete " << id << ": no such paper in the index\n";
      }
    }

    const std::vector<std::string> files = expand_inputs(options.inputs);
    ProgressReporter progress(options.progress, err, total_size(files));
    std::uint64_t bytes_done = 0;  // bytes of the files finished
    std::uint64_t bytes_current = 0;

    RecordSink sink;
    sink.on_record = [&](Record&& record) {
      ++records_read;
      if (builder) {
        builder->add(std::move(record));
      } else {
        writer->add(record);
      }
      progress.update(records_read, bytes_done + bytes_current);
    };
    sink.on_problem = [&](const ReadProblem& problem) {
      if (options.strict) throw StrictStop{problem};
      ++skipped;
      ++skipped_by_reason[problem.reason];
      progress.clear();
      err << problem.origin << ": " << problem.message << " (skipped)\n";
    };
    sink.on_warning = [&](const ReadProblem& problem) {
      ++truncated;
      progress.clear();
      err << problem.origin << ": " << problem.message << " (" << problem.reason << ")\n";
    };
    sink.on_progress = [&](std::uint64_t bytes) {
      bytes_current = bytes;
      progress.update(records_read, bytes_done + bytes_current);
    };

    try {
      for (const std::string& file : files) {
        bytes_current = 0;
        read_input(file, sink);
        std::error_code ignored;
        if (file != "-") bytes_done += std::filesystem::file_size(file, ignored);
      }
    } catch (const StrictStop& stop) {
      if (writer) writer->discard_batch();
      builder.reset();  // abandons the build: the index stays as it was
      progress.clear();
      err << stop.problem.origin << ": " << stop.problem.message << '\n'
          << "paperdex-index: stopped at the first bad record (--strict); "
          << (bulk ? "the new index was not built: it is still empty\n"
                   : "the open batch was not committed, earlier batches were\n");
      return kExitFailed;
    }
    IndexStats stats;
    std::size_t documents = 0;
    progress.clear();
    if (builder) {
      if (options.progress != ProgressStyle::kNone) err << "merging segments...\n";
      stats = builder->finish();
      documents = builder->document_count();
    } else {
      writer->commit();
      stats = writer->stats();
      documents = writer->document_count();
    }

    const double elapsed = std::chrono::duration<double>(Clock::now() - started).count();
    out << "records read   " << with_commas(records_read) << '\n'
        << "indexed (new)  " << with_commas(stats.added) << '\n'
        << "updated        " << with_commas(stats.updated) << '\n'
        << "unchanged      " << with_commas(stats.unchanged) << '\n'
        << "merged         " << with_commas(stats.merged) << '\n'
        << "deleted        " << with_commas(stats.deleted) << '\n'
        << "skipped        " << with_commas(skipped);
    if (!skipped_by_reason.empty()) {
      out << "  (";
      bool first = true;
      for (const auto& [reason, count] : skipped_by_reason) {
        out << (first ? "" : ", ") << reason << ' ' << with_commas(count);
        first = false;
      }
      out << ')';
    }
    out << '\n';
    if (truncated > 0) out << "fields cut     " << with_commas(truncated) << '\n';
    out << "documents      " << with_commas(documents) << '\n' << "elapsed        " << std::fixed;
    out.precision(2);
    out << elapsed << " s\n";
    out.precision(0);
    out << "records/s      " << records_read / std::max(elapsed, 1e-9) << '\n';
    out.unsetf(std::ios::fixed);
    return skipped > 0 || truncated > 0 || not_found_deletes > 0 ? kExitSkipped : kExitOk;
  } catch (const std::exception& error) {
    err << "paperdex-index: " << error.what() << '\n';
    if (is_disk_full(error.what())) err << disk_full_advice(options.db_path);
    return kExitFailed;
  } catch (const Xapian::Error& error) {
    // Xapian's errors are not std::exceptions: a full disk or a damaged
    // index surfaces here, after every earlier batch was committed.
    err << "paperdex-index: writing the index at " << options.db_path
        << " failed: " << error.get_description() << '\n';
    if (is_disk_full(error.get_description())) err << disk_full_advice(options.db_path);
    return kExitFailed;
  }
}

}  // namespace paperdex
