// How paperdex-index presents a run: the summary on standard output, what
// went wrong on standard error, and the exit status.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

#include "paperdex/indexer/index_run.h"

namespace paperdex::cli {

// Exit statuses, the same convention for paperdex-index and paperdex-search:
// 0 all is well; 1 (paperdex-index only) some records were skipped, cut or
// not found for deletion; 2 usage error, or the run could not proceed.
inline constexpr int kExitOk = 0;
inline constexpr int kExitSkipped = 1;
inline constexpr int kExitFailed = 2;

// 12345 -> "12,345".
std::string with_commas(std::uint64_t value);

// The exit status a run's result calls for (128 + the signal for an
// interrupted run, as a shell reports it).
int exit_status(const IndexRunResult& result);

// The summary: "records read   3,332" and so on, one count a line.
void print_summary(const IndexRunResult& result, std::ostream& out);

// Why a run that did not complete stopped (kFailed, kStoppedStrict,
// kInterrupted), and what
// became of the index; and each --delete id that found no paper.
void print_problems(const IndexRunOptions& options, const IndexRunResult& result,
                    std::ostream& err);

}  // namespace paperdex::cli
