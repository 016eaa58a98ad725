// paperdex-index as functions: arguments in, output and an exit status out,
// so tests can drive it and main() stays empty of logic. The library
// (run_index) returns values; this is where they are presented.
#pragma once

#include <chrono>
#include <cstddef>
#include <iosfwd>
#include <optional>

#include "index_report.h"
#include "paperdex/indexer/index_run.h"
#include "progress_line.h"

namespace paperdex::cli {

// How index_and_report presents a run.
struct IndexReportOptions {
  ProgressStyle progress = ProgressStyle::kAuto;
  // --quiet: nothing on success (no progress, no summary, no notes); what
  // went wrong still goes to `err`.
  bool quiet = false;
  std::size_t columns = 0;  // the width progress lines fit; 0: $COLUMNS or the terminal's
  std::optional<std::chrono::milliseconds> progress_interval;  // default: ProgressDisplay's
};

// Runs `options` and presents it: progress and problems on `err`, the
// summary on `out`. Returns the exit status (kExitOk, kExitSkipped, kExitFailed);
// `result`, when given, receives the run's values (the counts the summary shows).
int index_and_report(const IndexRunOptions& options, const IndexReportOptions& report,
                     std::ostream& out, std::ostream& err, IndexRunResult* result = nullptr);

// The whole command: parses `argv`, runs, presents. Exit statuses: 0 every
// record indexed; 1 some records skipped (or cut, or a --delete id not
// found); 2 usage error, or the run could not proceed.
int run_index_cli(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace paperdex::cli
