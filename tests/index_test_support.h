// Indexing from tests as paperdex-index does it (index_and_report: the
// library run and its presentation), without a progress display.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "index_cli.h"

namespace paperdex::test {

// Runs `options`; the summary goes to `out`, problems to `err`. Returns the exit status.
inline int run_indexer(const IndexRunOptions& options, std::ostream& out, std::ostream& err) {
  cli::IndexReportOptions report;
  report.progress = cli::ProgressStyle::kNone;
  return cli::index_and_report(options, report, out, err);
}

// Indexes `inputs` into `db` as paperdex-index --jobs JOBS [--shards] does: a
// new index is built by `jobs` workers (0: one per core), as one database or,
// with `shards`, one shard per worker behind a stub; an existing one is
// updated. `log` (when given) gets the summary and the problems.
inline int index_in_parallel(const std::string& db, const std::vector<std::string>& inputs,
                             unsigned jobs, bool shards, std::string* log = nullptr) {
  IndexRunOptions options;
  options.db_path = db;
  options.inputs = inputs;
  options.jobs = jobs;
  options.keep_shards = shards;
  std::ostringstream out, err;
  const int status = run_indexer(options, out, err);
  if (log != nullptr) *log = out.str() + err.str();
  return status;
}

// Indexes `inputs` into `db` with the defaults.
inline int index_files(const std::string& db, const std::vector<std::string>& inputs,
                       std::string* log = nullptr) {
  return index_in_parallel(db, inputs, 0, false, log);
}

}  // namespace paperdex::test
