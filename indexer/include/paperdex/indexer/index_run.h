// One indexing run as the paperdex-index command does it: read inputs, feed
// the writer, report progress, problems and a summary. The CLI only parses
// options into IndexRunOptions.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "paperdex/indexer/index_writer.h"

namespace paperdex {

enum class ProgressStyle {
  kAuto,      // a live line on a terminal, periodic lines otherwise
  kTerminal,  // a live line rewritten in place
  kLines,     // a plain line every few seconds
  kNone,      // --quiet
};

struct IndexRunOptions {
  std::string db_path;
  std::vector<std::string> inputs;      // files, directories, "-" for stdin
  std::vector<std::string> delete_ids;  // papers to remove
  std::string delete_from;              // a file of ids to remove, one a line
  bool strict = false;                  // stop at the first bad record, dropping its batch
  ProgressStyle progress = ProgressStyle::kAuto;
  IndexWriterOptions writer;
};

// Exit statuses: every record indexed / some skipped / the run could not proceed.
inline constexpr int kExitOk = 0;
inline constexpr int kExitSkipped = 1;
inline constexpr int kExitFailed = 2;

// Runs it; the summary goes to `out`, progress and problems to `err`.
int run_index(const IndexRunOptions& options, std::ostream& out, std::ostream& err);

}  // namespace paperdex
