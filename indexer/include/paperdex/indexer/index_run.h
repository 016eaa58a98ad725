/// @file
/// One indexing run as the paperdex-index command does it: read inputs, feed
/// the writer, report progress, problems and a summary. The CLI only parses
/// options into IndexRunOptions.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "paperdex/export.h"
#include "paperdex/indexer/index_writer.h"

namespace paperdex {

/// How run_index reports progress on its error stream.
enum class ProgressStyle {
  kAuto,      ///< a live line on a terminal, periodic lines otherwise
  kTerminal,  ///< a live line rewritten in place
  kLines,     ///< a plain line every few seconds
  kNone,      ///< --quiet
};

/// What one run_index call does.
struct IndexRunOptions {
  std::string db_path;                  ///< the index directory (created if missing)
  std::vector<std::string> inputs;      ///< files, directories, "-" for stdin
  std::vector<std::string> delete_ids;  ///< papers to remove
  std::string delete_from;              ///< a file of ids to remove, one a line
  bool strict = false;                  ///< stop at the first bad record, dropping its batch
  ProgressStyle progress = ProgressStyle::kAuto;  ///< progress reporting on `err`
  /// A new (absent or empty) index is built in bulk: parallel segments merged
  /// at the end and installed at once. An existing index, or any index when
  /// this is set, is updated in batches committed whole.
  bool incremental = false;
  unsigned jobs = 0;          ///< bulk: worker threads; 0 = one per core
  bool keep_shards = false;   ///< bulk: one shard per worker behind a stub, no final merge
  IndexWriterOptions writer;  ///< batching and locking
};

/// run_index result: every record indexed.
inline constexpr int kExitOk = 0;
/// run_index result: some records were skipped (each reported on `err`).
inline constexpr int kExitSkipped = 1;
/// run_index result: the run could not proceed (reported on `err`).
inline constexpr int kExitFailed = 2;

/// Runs it; the summary goes to `out`, progress and problems to `err`.
/// Never throws for bad input or a busy index: the return value says how it
/// went (kExitOk, kExitSkipped, kExitFailed) and `err` says why.
PAPERDEX_API int run_index(const IndexRunOptions& options, std::ostream& out, std::ostream& err);

}  // namespace paperdex
