// paperdex-index's progress display: one line that fits the terminal,
// rewritten in place, or a plain line every few seconds when stderr is not a
// terminal.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <thread>

#include "paperdex/indexer/harvest.h"
#include "paperdex/indexer/index_run.h"

namespace paperdex::cli {

// How the final merge of a bulk build is told; while it lasts, its time so
// far follows (Python's paperdex.index() tells this line from the others).
inline constexpr std::string_view kMergingText = "merging segments...";

// How progress is shown on the error stream.
enum class ProgressStyle {
  kAuto,      // a live line on a terminal, periodic lines otherwise
  kTerminal,  // a live line rewritten in place
  kLines,     // a plain line every few seconds
  kNone,      // none (--quiet)
};

// "12,345 records  2,100 rec/s  12.3 MB of 80.0 MB  ETA 0:31", shortened to
// at most `width` characters by leaving out first the rate, then the sizes,
// then the ETA; cut as a last resort.
std::string progress_text(const IndexProgress& progress, std::size_t width);

// A harvest's: "set cs  page 12  12,000 records  350 rec/s  6,000 of 102,538
// listed", then the wait when one is starting ("waiting 5 s: ..."); shortened
// as progress_text is, the wait kept longest.
std::string harvest_progress_text(const HarvestProgress& progress, double waiting_seconds,
                                  const std::string& waiting_for, std::size_t width);

// The width lines must fit: $COLUMNS when it is a positive number, else the
// width of the terminal on `fd`, else 80.
std::size_t output_columns(int fd);

class ProgressDisplay {
 public:
  // `columns`: the width to fit (0: output_columns of stderr). `interval`:
  // the least time between two lines (by default half a second for a live
  // line, ten seconds for plain lines).
  ProgressDisplay(ProgressStyle style, std::ostream& err, std::size_t columns = 0,
                  std::optional<std::chrono::milliseconds> interval = std::nullopt);

  void update(const IndexProgress& progress);
  // Shows `text(width)`, at most once an interval unless `now` (a wait the
  // user should see when it starts).
  void update(const std::function<std::string(std::size_t width)>& text, bool now = false);
  // Ends a live line before anything else is printed below it.
  void clear();
  // The least time between two lines.
  std::chrono::milliseconds interval() const { return interval_; }

 private:
  friend class MergeProgress;
  // Writes `text(width)` as the live line or a plain one.
  void show(const std::function<std::string(std::size_t width)>& text);

  std::ostream& err_;
  ProgressStyle style_;
  std::size_t columns_;
  std::chrono::milliseconds interval_;
  std::chrono::steady_clock::time_point last_;
  bool live_line_ = false;
};

// While it lives, the display says the final merge of a bulk build is under
// way and for how long, every `interval` (after reading there is nothing
// else to show, and the merge takes a good part of a build). The caller
// writes nothing else to the display meanwhile: the run is inside finish().
class MergeProgress {
 public:
  MergeProgress(ProgressDisplay& display, std::chrono::milliseconds interval);
  ~MergeProgress();
  MergeProgress(const MergeProgress&) = delete;
  MergeProgress& operator=(const MergeProgress&) = delete;

 private:
  void tell();

  ProgressDisplay& display_;
  std::chrono::milliseconds interval_;
  std::chrono::steady_clock::time_point started_;
  bool told_ = false;
  std::jthread thread_;  // last: starts once the rest is ready
};

}  // namespace paperdex::cli
