// paperdex-index's progress line (indexer/cli/progress_line.h): it fits the
// width it is given, shortening itself, and never wraps.
#include "progress_line.h"

#include <algorithm>
#include <sstream>
#include <thread>

#include <catch2/catch.hpp>

using paperdex::IndexProgress;
using paperdex::cli::progress_text;

namespace {

IndexProgress halfway() {
  IndexProgress progress;
  progress.records = 1'234'567;
  progress.bytes = 500'000'000;
  progress.total_bytes = 1'000'000'000;
  progress.elapsed_seconds = 100;
  return progress;
}

}  // namespace

TEST_CASE("progress_text: the whole line when there is room", "[progress]") {
  CHECK(progress_text(halfway(), 200) ==
        "1,234,567 records  12,345 rec/s  500.0 MB of 1000.0 MB  ETA 1:40");
}

TEST_CASE("progress_text: shortens itself to the width, keeping the record count", "[progress]") {
  CHECK(progress_text(halfway(), 60) == "1,234,567 records  500.0 MB of 1000.0 MB  ETA 1:40");
  CHECK(progress_text(halfway(), 30) == "1,234,567 records  ETA 1:40");
  CHECK(progress_text(halfway(), 20) == "1,234,567 records");
  CHECK(progress_text(halfway(), 5) == "1,234");
  for (std::size_t width = 1; width < 90; ++width) {
    INFO(width);
    CHECK(progress_text(halfway(), width).size() <= width);
  }
}

TEST_CASE("progress_text: standard input has no total and no ETA", "[progress]") {
  IndexProgress progress = halfway();
  progress.total_bytes = 0;
  CHECK(progress_text(progress, 200) == "1,234,567 records  12,345 rec/s  500.0 MB");
}

TEST_CASE("ProgressDisplay: a live line stays one column short of the terminal", "[progress]") {
  std::ostringstream err;
  paperdex::cli::ProgressDisplay display(paperdex::cli::ProgressStyle::kTerminal, err, 32,
                                         std::chrono::milliseconds(0));
  display.update(halfway());
  display.clear();
  const std::string text = err.str();
  REQUIRE(text.starts_with("\r\033[K"));
  const std::string line = text.substr(4, text.find('\r', 4) - 4);
  CHECK(line == "1,234,567 records  ETA 1:40");
  CHECK(line.size() < 32);
  CHECK(text.ends_with("\r\033[K"));  // cleared before anything else is printed
}

TEST_CASE("ProgressDisplay: plain lines fit the width with their prefix", "[progress]") {
  std::ostringstream err;
  paperdex::cli::ProgressDisplay display(paperdex::cli::ProgressStyle::kLines, err, 40,
                                         std::chrono::milliseconds(0));
  display.update(halfway());
  CHECK(err.str() == "progress: 1,234,567 records  ETA 1:40\n");
}

TEST_CASE("output_columns: $COLUMNS when it is a positive number", "[progress]") {
  const char* saved = std::getenv("COLUMNS");
  const std::string before = saved != nullptr ? saved : "";
  ::setenv("COLUMNS", "57", 1);
  CHECK(paperdex::cli::output_columns(-1) == 57);
  ::setenv("COLUMNS", "wide", 1);
  CHECK(paperdex::cli::output_columns(-1) == 80);  // no terminal on fd -1 either
  if (saved != nullptr) {
    ::setenv("COLUMNS", before.c_str(), 1);
  } else {
    ::unsetenv("COLUMNS");
  }
}

TEST_CASE("progress_text: no ETA until enough of the input and of the time has passed",
          "[progress]") {
  // The first seconds read fast: an ETA from them said 1:00 for 90 s of a
  // build that took 152.
  IndexProgress early = halfway();
  early.elapsed_seconds = 5;  // half read in 5 s: too soon to tell
  CHECK(progress_text(early, 200).find("ETA") == std::string::npos);
  IndexProgress little = halfway();
  little.bytes = 50'000'000;  // 5 % in 100 s
  CHECK(progress_text(little, 200).find("ETA") == std::string::npos);
  IndexProgress enough = halfway();
  enough.bytes = 100'000'000;
  enough.elapsed_seconds = 15;
  CHECK(progress_text(enough, 200).ends_with("ETA 2:15"));
}

TEST_CASE("MergeProgress: the final merge is told at once and then with its time", "[progress]") {
  std::ostringstream err;
  paperdex::cli::ProgressDisplay display(paperdex::cli::ProgressStyle::kLines, err, 80,
                                         std::chrono::milliseconds(0));
  {
    paperdex::cli::MergeProgress merging(display, std::chrono::milliseconds(0));
    std::this_thread::sleep_for(std::chrono::milliseconds(1200));
  }
  const std::string text = err.str();
  INFO(text);
  CHECK(text.starts_with("progress: merging segments...\n"));
  CHECK(text.find("progress: merging segments...  0:01 so far\n") != std::string::npos);
  // Drawn every second at most, even for a display drawing every update.
  CHECK(std::count(text.begin(), text.end(), '\n') <= 4);
}
