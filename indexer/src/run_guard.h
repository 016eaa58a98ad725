// How a run (indexing files, harvesting) turns what it throws into its
// result: the one place that says a run failed, was locked out or found the
// disk full. Private to the indexer.
#pragma once

#include <functional>
#include <string>

#include "paperdex/indexer/index_run.h"

namespace paperdex::detail {

// Runs `steps`; an exception they throw becomes result.outcome kFailed with
// its message (locked, disk_full set from it). Sets result.elapsed_seconds.
void run_guarded(const std::string& db_path, IndexRunResult& result,
                 const std::function<void()>& steps);

}  // namespace paperdex::detail
