#include "index_report.h"

#include <algorithm>
#include <ostream>

#include "interruption.h"
#include "paperdex/common/safe_text.h"

namespace paperdex::cli {

std::string with_commas(std::uint64_t value) {
  std::string digits = std::to_string(value);
  for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3) digits.insert(i, ",");
  return digits;
}

int exit_status(const IndexRunResult& result) {
  if (result.outcome == IndexRunOutcome::kInterrupted) return interrupted_exit_status();
  if (result.outcome != IndexRunOutcome::kCompleted) return kExitFailed;
  return result.everything_indexed() ? kExitOk : kExitSkipped;
}

void print_summary(const IndexRunResult& result, std::ostream& out) {
  out << "records read   " << with_commas(result.records_read) << '\n'
      << "indexed (new)  " << with_commas(result.stats.added) << '\n'
      << "updated        " << with_commas(result.stats.updated) << '\n'
      << "unchanged      " << with_commas(result.stats.unchanged) << '\n'
      << "merged         " << with_commas(result.stats.merged) << '\n'
      << "deleted        " << with_commas(result.stats.deleted) << '\n'
      << "skipped        " << with_commas(result.skipped);
  if (!result.skipped_by_reason.empty()) {
    out << "  (";
    bool first = true;
    for (const auto& [reason, count] : result.skipped_by_reason) {
      out << (first ? "" : ", ") << reason << ' ' << with_commas(count);
      first = false;
    }
    out << ')';
  }
  out << '\n';
  if (result.fields_cut > 0) out << "fields cut     " << with_commas(result.fields_cut) << '\n';
  if (!result.ignored_files.empty()) {
    out << "files ignored  " << with_commas(result.ignored_files.size()) << '\n';
  }
  if (!result.source_errors.empty()) {
    out << "source errors  " << with_commas(result.source_errors.size()) << '\n';
  }
  if (result.files_unchanged > 0) {
    out << "files unchanged " << with_commas(result.files_unchanged) << " (not read again)\n";
  }
  if (result.files_gone > 0) {
    out << "files gone     " << with_commas(result.files_gone)
        << " (bodies dropped: " << with_commas(result.bodies_dropped) << ")\n";
  }
  out << "documents      " << with_commas(result.documents) << '\n'
      << "elapsed        " << std::fixed;
  out.precision(2);
  out << result.elapsed_seconds << " s\n";
  out.precision(0);
  out << "records/s      " << result.records_read / std::max(result.elapsed_seconds, 1e-9) << '\n';
  out.unsetf(std::ios::fixed);
}

void print_problems(const IndexRunOptions& options, const IndexRunResult& result,
                    std::ostream& err) {
  for (const std::string& id : result.deletes_not_found) {
    err << "paperdex-index: --delete " << quote_input(id) << ": no such paper in the index\n";
  }
  switch (result.outcome) {
    case IndexRunOutcome::kCompleted:
      return;
    case IndexRunOutcome::kStoppedStrict:
      err << terminal_safe(result.strict_problem.origin) << ": "
          << terminal_safe(result.strict_problem.message) << '\n'
          << "paperdex-index: stopped at the first bad record (--strict); "
          << (result.mode == WriteMode::kBulk
                  ? "the new index was not built: it is still empty\n"
                  : "the open batch was not committed, earlier batches were\n");
      return;
    case IndexRunOutcome::kInterrupted:
      err << "paperdex-index: interrupted: " << with_commas(result.records_read)
          << (result.records_read == 1 ? " record read, " : " records read, ")
          << (result.mode == WriteMode::kBulk
                  ? "nothing committed; the index is as it was before this run\n"
                  : "the open batch dropped; the batches committed before it stay (" +
                        with_commas(result.documents) +
                        " papers in the index): run the same command again to read the rest "
                        "(papers already current stay unchanged)\n");
      return;
    case IndexRunOutcome::kFailed:
      err << "paperdex-index: " << terminal_safe(result.error) << '\n';
      if (result.locked) {
        err << "paperdex-index: run it again with --wait to wait for the other writer\n";
      }
      if (result.disk_full && result.mode == WriteMode::kBulk) {
        err << "paperdex-index: the disk is full where the index " << terminal_safe(options.db_path)
            << " is: the new index was not built and the index is as it was before this run; "
               "free some space there (or build the index on a bigger disk) and run the same "
               "command again\n";
      } else if (result.disk_full) {
        err << "paperdex-index: the disk is full where the index " << terminal_safe(options.db_path)
            << " is: what was committed before is kept and can be searched; free some space "
               "there (or move the index to a bigger disk) and run the same command again to "
               "add the rest\n";
      }
      return;
  }
}

}  // namespace paperdex::cli
