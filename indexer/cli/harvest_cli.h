// paperdex-index --harvest and --harvest-status: run_harvest and
// harvest_states presented as the rest of the command presents a run.
#pragma once

#include <iosfwd>
#include <string>

#include "index_cli.h"
#include "paperdex/indexer/harvest.h"

namespace paperdex::cli {

// Harvests: progress, notes and problems on `err`, the summary on `out`.
// Exit status as for indexing files (kExitFailed when the server gave up).
int harvest_and_report(const HarvestOptions& options, const IndexReportOptions& report,
                       std::ostream& out, std::ostream& err);

// One block per harvest the index remembers, or a line saying there is none.
int print_harvest_status(const std::string& db_path, std::ostream& out, std::ostream& err);

}  // namespace paperdex::cli
