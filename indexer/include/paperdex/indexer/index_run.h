/// @file
/// One indexing run as the paperdex-index command does it: read inputs, feed
/// a writer (a bulk build for a new index, batches for an existing one) and
/// return what happened as values. Presenting it (progress line, summary,
/// exit status) is the caller's: paperdex-index's is in indexer/cli.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "paperdex/export.h"
#include "paperdex/indexer/index_writer.h"
#include "paperdex/indexer/readers.h"
#include "paperdex/indexer/record_sink.h"

namespace paperdex {

/// What one run_index call does.
struct IndexRunOptions {
  std::string db_path;                  ///< the index directory (created if missing)
  std::vector<std::string> inputs;      ///< files, directories, "-" for stdin
  std::vector<std::string> delete_ids;  ///< papers to remove
  std::string delete_from;              ///< a file of ids to remove, one a line
  bool strict = false;                  ///< stop at the first bad record, dropping its batch
  /// A new (absent or empty) index is built in bulk: parallel segments merged
  /// at the end and installed at once. An existing index, or any index when
  /// this is set, is updated in batches committed whole.
  bool incremental = false;
  unsigned jobs = 0;          ///< bulk: worker threads; 0 = one per core
  bool keep_shards = false;   ///< bulk: one shard per worker behind a stub, no final merge
  IndexWriterOptions writer;  ///< batching, locking, records in a slot (bulk builds too)
  ReadOptions reading;        ///< the bounds on reading full texts
  /// PDFs are read this many at once (each by a child process), ahead of the
  /// file being indexed; 0 = one per core.
  unsigned pdf_readers = 0;
  /// When given and set (by a signal handler, another thread), the run stops
  /// at the next record it reads: a bulk build is abandoned (the index is as
  /// it was), a batched run drops its open batch (earlier batches stay
  /// committed). The outcome is then kInterrupted. A bulk build that has
  /// started merging finishes first.
  const std::atomic<bool>* stop = nullptr;
  /// The paper a full text is when its file names none (no arXiv id in its
  /// name, on page 1 or in its metadata), found by its title and authors:
  /// the id of an indexed paper, or empty when no paper is certain. Called
  /// with the text's record (Record::body set, Record::id empty).
  /// paperdex-index searches the index for the title (FullTextMatcher,
  /// indexer/cli). Unset, or when it finds none, the text joins the one
  /// paper of exactly its title, or becomes a paper of its own.
  std::function<std::string(const Record&)> identify_fulltext;
};

/// Asks for batch commits every `batch_records` changes (0: the default) or
/// `interval_seconds` (0: the default); asking for either means asking for
/// the batched writer, so it sets `incremental` too.
PAPERDEX_API void request_batches(IndexRunOptions& options, std::size_t batch_records,
                                  double interval_seconds);

/// How far a run has got, for a progress display.
struct IndexProgress {
  std::uint64_t records = 0;      ///< records read so far
  std::uint64_t bytes = 0;        ///< input bytes consumed so far
  std::uint64_t total_bytes = 0;  ///< of all input files (0 when unknown: stdin only)
  double elapsed_seconds = 0;
};

/// The skipped records of one input that are told one by one (on_skipped);
/// past it they are counted and told once (on_more_skipped): a file of some
/// other kind gives one problem a line, and 63,000 lines of them say nothing
/// the first ones did not.
inline constexpr std::size_t kMaxSkippedToldPerInput = 20;

/// What run_index tells as it goes; every callback may be empty. They are
/// called on the calling thread.
struct IndexRunEvents {
  /// After each record and each chunk of input (many times a second: throttle).
  std::function<void(const IndexProgress&)> on_progress;
  /// A record that was skipped (bad input); the run goes on. At most
  /// kMaxSkippedToldPerInput of one input.
  std::function<void(const ReadProblem&)> on_skipped;
  /// After an input: how many of its skipped records on_skipped did not tell.
  std::function<void(const std::string& path, std::uint64_t untold)> on_more_skipped;
  /// A record kept with a field cut to its limit.
  std::function<void(const ReadProblem&)> on_truncated;
  /// A file in an input directory that holds no records of a known kind.
  std::function<void(const std::string& path)> on_ignored;
  /// An input whose source answered with an error instead of papers (an
  /// arXiv API error feed): no bad record, the run's outcome is unchanged.
  std::function<void(const ReadProblem& problem)> on_source_error;
  /// Something the user should know that does not change the outcome (the
  /// index was built with another ICU, --jobs does not apply, ...).
  std::function<void(const std::string& message)> on_warning;
  /// Reading is done and a bulk build starts merging its segments.
  std::function<void()> on_merging;
};

/// How an index was written.
enum class WriteMode {
  kBulk,     ///< a new index built in parallel and installed at the end
  kBatched,  ///< batches committed as they filled
};

/// How a run ended.
enum class IndexRunOutcome {
  kCompleted,      ///< every input read (some records may have been skipped)
  kStoppedStrict,  ///< --strict stopped at `strict_problem`; uncommitted changes dropped
  kFailed,         ///< the run could not proceed: `error` says why
  kInterrupted,    ///< IndexRunOptions::stop was set; uncommitted changes dropped
};

/// What one run did.
struct IndexRunResult {
  IndexRunOutcome outcome = IndexRunOutcome::kCompleted;
  WriteMode mode = WriteMode::kBatched;
  std::string error;           ///< kFailed: what went wrong, for a human
  bool disk_full = false;      ///< kFailed: because the disk holding the index is full
  bool locked = false;         ///< kFailed: because another writer holds the index's lock
  ReadProblem strict_problem;  ///< kStoppedStrict: the record it stopped at

  std::uint64_t records_read = 0;                          ///< good records handed to the writer
  IndexStats stats;                                        ///< what the writer did with them
  std::size_t documents = 0;                               ///< papers in the index afterwards
  std::uint64_t skipped = 0;                               ///< records skipped as bad input
  std::map<std::string, std::uint64_t> skipped_by_reason;  ///< ReadProblem::reason -> count
  std::uint64_t fields_cut = 0;  ///< fields cut to their limits (a record may count twice)
  std::vector<std::string> deletes_not_found;  ///< --delete ids no paper had
  std::vector<std::string> ignored_files;      ///< directory entries holding no records
  /// Full-text files of input directories not read again: the same size and
  /// time, or the same content, as when the index last read them.
  std::uint64_t files_unchanged = 0;
  /// Files the index read from an input directory that are gone from it,
  /// and the papers whose bodies (read from them) were dropped.
  std::uint64_t files_gone = 0;
  std::uint64_t bodies_dropped = 0;
  /// Inputs whose source answered with an error instead of papers (an arXiv
  /// API error feed): warnings, not skipped records (holds_no_papers()).
  std::vector<ReadProblem> source_errors;
  double elapsed_seconds = 0;

  /// True when every record given was indexed whole and every removal found
  /// its paper: nothing was skipped, cut or missing.
  bool everything_indexed() const {
    return outcome == IndexRunOutcome::kCompleted && skipped == 0 && fields_cut == 0 &&
           deletes_not_found.empty();
  }
};

/// Runs it. Never throws for bad input, a missing input file or a busy
/// index: the result says how it went.
PAPERDEX_API IndexRunResult run_index(const IndexRunOptions& options,
                                      const IndexRunEvents& events = {});

}  // namespace paperdex
