#include "harvest_cli.h"

#include <mutex>
#include <ostream>

#include "paperdex/common/safe_text.h"
#include "paperdex/errors.h"

namespace paperdex::cli {

int harvest_and_report(const HarvestOptions& options, const IndexReportOptions& report,
                       std::ostream& out, std::ostream& err) {
  ProgressDisplay progress(report.quiet ? ProgressStyle::kNone : report.progress, err,
                           report.columns, report.progress_interval);
  // on_wait comes from the fetching thread: the display is shared under this.
  std::mutex display_mutex;
  HarvestProgress last;
  const auto tell = [&](const std::string& line) {
    std::lock_guard lock(display_mutex);
    progress.clear();
    err << line << '\n';
  };
  HarvestEvents events;
  events.on_progress = [&](const HarvestProgress& now) {
    std::lock_guard lock(display_mutex);
    last = now;
    progress.update([&](std::size_t width) { return harvest_progress_text(now, 0, "", width); });
  };
  events.on_wait = [&](double seconds, const std::string& why) {
    std::lock_guard lock(display_mutex);
    progress.update(
        [&](std::size_t width) { return harvest_progress_text(last, seconds, why, width); }, true);
  };
  events.on_skipped = [&](const ReadProblem& problem) {
    tell(terminal_safe(problem.origin) + ": " + terminal_safe(problem.message) + " (skipped)");
  };
  events.on_truncated = [&](const ReadProblem& problem) {
    tell(terminal_safe(problem.origin) + ": " + terminal_safe(problem.message) + " (" +
         problem.reason + ")");
  };
  if (!report.quiet) {
    events.on_note = [&](const std::string& note) {
      tell("paperdex-index: " + terminal_safe(note));
    };
  }
  const HarvestResult result = run_harvest(options, events);
  progress.clear();
  IndexRunOptions run_options;
  run_options.db_path = options.db_path;
  if (result.run.outcome == IndexRunOutcome::kInterrupted) {
    err << "paperdex-index: interrupted: " << with_commas(result.pages)
        << (result.pages == 1 ? " page" : " pages") << " (" << with_commas(result.run.records_read)
        << " records) committed in this run stay; the same command resumes the harvest from the "
           "next page\n";
  } else {
    print_problems(run_options, result.run, err);
  }
  const int status = exit_status(result.run);
  if (result.run.outcome == IndexRunOutcome::kCompleted && !(report.quiet && status == kExitOk)) {
    out << "pages          " << with_commas(result.pages) << '\n';
    print_summary(result.run, out);
    out << std::fixed;
    out.precision(2);
    out << "fetching       " << result.fetch_seconds << " s\n"
        << "waiting        " << result.wait_seconds << " s\n"
        << "indexing       " << result.index_seconds << " s\n";
    out.unsetf(std::ios::fixed);
  }
  return status;
}

int print_harvest_status(const std::string& db_path, std::ostream& out, std::ostream& err) {
  std::vector<HarvestState> states;
  try {
    states = harvest_states(db_path);
  } catch (const std::exception& error) {
    err << "paperdex-index: " << terminal_safe(error.what()) << '\n';
    return kExitFailed;
  }
  if (states.empty()) out << "no harvest recorded in " << db_path << '\n';
  for (const HarvestState& state : states) {
    out << "harvest      " << state.base_url << '\n'
        << "set          " << (state.set.empty() ? "(all)" : state.set) << '\n'
        << "format       " << state.metadata_prefix << '\n'
        << "last from    " << (state.last_from.empty() ? "(no harvest completed)" : state.last_from)
        << '\n';
    if (!state.token.empty()) {
      // Empty dates are what the harvest asked for: no bound.
      out << "interrupted  from " << (state.from.empty() ? "the start" : state.from) << " until "
          << (state.until.empty() ? "now" : state.until) << ", began " << state.started << '\n'
          << "done         " << with_commas(state.pages)
          << (state.pages == 1 ? " page, " : " pages, ") << with_commas(state.records)
          << (state.list_size > 0 ? " of " + with_commas(state.list_size) : "") << " records\n"
          << "token        " << terminal_safe(state.token) << '\n';
    }
    out << '\n';
  }
  return kExitOk;
}

}  // namespace paperdex::cli
