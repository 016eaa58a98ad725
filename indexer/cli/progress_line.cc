#include "progress_line.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <ostream>
#include <stop_token>
#include <vector>

#include "index_report.h"

namespace paperdex::cli {
namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t kDefaultColumns = 80;
// An ETA needs a rate worth extrapolating: the first seconds of a build read
// fast (queues filling, small segments), so an ETA from them promised a
// minute for a build that took two and a half.
constexpr double kEtaMinSeconds = 15;
constexpr double kEtaMinFraction = 0.1;
constexpr std::string_view kLinePrefix = "progress: ";
// How often the merge line is redrawn at most: a display drawing every
// update (interval 0) would otherwise spin.
constexpr std::chrono::milliseconds kMinMergeInterval{1000};

std::string megabytes(std::uint64_t bytes) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f MB", static_cast<double>(bytes) / 1e6);
  return buffer;
}

std::string duration(double seconds) {
  const long total = std::lround(seconds);
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%ld:%02ld", total / 60, total % 60);
  return buffer;
}

std::string join(const std::vector<std::string>& parts) {
  std::string line;
  for (const std::string& part : parts) {
    if (part.empty()) continue;
    if (!line.empty()) line += "  ";
    line += part;
  }
  return line;
}

}  // namespace

std::string progress_text(const IndexProgress& progress, std::size_t width) {
  const std::string records = with_commas(progress.records) + " records";
  const std::string rate = with_commas(static_cast<std::uint64_t>(
                               progress.records / std::max(progress.elapsed_seconds, 1e-9))) +
                           " rec/s";
  std::string size = megabytes(progress.bytes);
  std::string eta;
  if (progress.total_bytes > 0) {
    size += " of " + megabytes(progress.total_bytes);
    const double fraction =
        static_cast<double>(progress.bytes) / static_cast<double>(progress.total_bytes);
    if (progress.bytes <= progress.total_bytes && fraction >= kEtaMinFraction &&
        progress.elapsed_seconds >= kEtaMinSeconds) {
      eta = "ETA " + duration(progress.elapsed_seconds *
                              static_cast<double>(progress.total_bytes - progress.bytes) /
                              static_cast<double>(progress.bytes));
    }
  }
  // From the fullest line to the barest: the first that fits is shown.
  const std::vector<std::vector<std::string>> candidates = {
      {records, rate, size, eta}, {records, size, eta}, {records, eta}, {records}};
  for (const auto& parts : candidates) {
    std::string line = join(parts);
    if (line.size() <= width) return line;
  }
  return records.substr(0, width);
}

std::string harvest_progress_text(const HarvestProgress& progress, double waiting_seconds,
                                  const std::string& waiting_for, std::size_t width) {
  const std::string set = progress.set.empty() ? "" : "set " + progress.set;
  const std::string pages = "page " + with_commas(progress.pages);
  const std::string records = with_commas(progress.records) + " records";
  const std::string rate = with_commas(static_cast<std::uint64_t>(
                               progress.records / std::max(progress.elapsed_seconds, 1e-9))) +
                           " rec/s";
  const std::string listed =
      progress.list_size == 0
          ? ""
          : with_commas(progress.listed) + " of " + with_commas(progress.list_size) + " listed";
  std::string wait;
  if (waiting_seconds > 0) {
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.1f s", waiting_seconds);
    wait = std::string("waiting ") + seconds + ": " + waiting_for;
  }
  // The wait is what the user most needs to see while it lasts: kept to the end.
  const std::vector<std::vector<std::string>> candidates = {
      {set, pages, records, rate, listed, wait},
      {set, pages, records, listed, wait},
      {pages, records, wait}};
  for (const auto& parts : candidates) {
    std::string line = join(parts);
    if (line.size() <= width) return line;
  }
  return join({records, wait}).substr(0, width);
}

std::size_t output_columns(int fd) {
  if (const char* columns = std::getenv("COLUMNS"); columns != nullptr && *columns != '\0') {
    char* end = nullptr;
    const long value = std::strtol(columns, &end, 10);
    if (*end == '\0' && value > 0) return static_cast<std::size_t>(value);
  }
  winsize size{};
  if (ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  return kDefaultColumns;
}

ProgressDisplay::ProgressDisplay(ProgressStyle style, std::ostream& err, std::size_t columns,
                                 std::optional<std::chrono::milliseconds> interval)
    : err_(err),
      style_(style == ProgressStyle::kAuto
                 ? (isatty(STDERR_FILENO) ? ProgressStyle::kTerminal : ProgressStyle::kLines)
                 : style),
      columns_(columns > 0 ? columns : output_columns(STDERR_FILENO)),
      interval_(interval                             ? *interval
                : style_ == ProgressStyle::kTerminal ? std::chrono::milliseconds(500)
                                                     : std::chrono::milliseconds(10'000)),
      last_(Clock::now()) {}

void ProgressDisplay::update(const IndexProgress& progress) {
  update([&](std::size_t width) { return progress_text(progress, width); });
}

void ProgressDisplay::update(const std::function<std::string(std::size_t width)>& text, bool now) {
  if (style_ == ProgressStyle::kNone) return;
  const auto time = Clock::now();
  if (!now && time - last_ < interval_) return;
  last_ = time;
  show(text);
}

void ProgressDisplay::show(const std::function<std::string(std::size_t width)>& text) {
  if (style_ == ProgressStyle::kTerminal) {
    // One column short of the width: a terminal that wraps on writing the
    // last column would leave a blank line behind each rewrite.
    const std::size_t width = columns_ > 1 ? columns_ - 1 : 1;
    err_ << "\r\033[K" << text(width) << std::flush;
    live_line_ = true;
  } else {
    const std::size_t width =
        columns_ > kLinePrefix.size() ? columns_ - kLinePrefix.size() : std::size_t{1};
    err_ << kLinePrefix << text(width) << '\n' << std::flush;
  }
}

MergeProgress::MergeProgress(ProgressDisplay& display, std::chrono::milliseconds interval)
    : display_(display), interval_(std::max(interval, kMinMergeInterval)), started_(Clock::now()) {
  if (display_.style_ == ProgressStyle::kNone) return;
  tell();
  thread_ = std::jthread([this](std::stop_token stop) {
    std::mutex mutex;
    std::condition_variable_any wake;
    std::unique_lock lock(mutex);
    while (!stop.stop_requested()) {
      wake.wait_for(lock, stop, interval_, [] { return false; });
      if (!stop.stop_requested()) tell();
    }
  });
}

MergeProgress::~MergeProgress() {
  if (thread_.joinable()) {
    thread_.request_stop();
    thread_.join();
  }
}

void MergeProgress::tell() {
  // The first line is the one paperdex-index has always printed (the Python
  // module passes it on as progress); the ones after add the time taken.
  const double elapsed = std::chrono::duration<double>(Clock::now() - started_).count();
  const std::string text =
      std::string(kMergingText) + (told_ ? "  " + duration(elapsed) + " so far" : "");
  told_ = true;
  display_.show([&](std::size_t width) { return text.substr(0, width); });
}

void ProgressDisplay::clear() {
  if (live_line_) err_ << "\r\033[K" << std::flush;
  live_line_ = false;
}

}  // namespace paperdex::cli
