/// @file
/// What every reader hands its output to: records, problems, progress.
/// Readers never stop on a bad record: they report it and go on; the caller
/// decides (the --strict policy lives in the caller's on_problem, which may throw).
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "paperdex/common/record.h"

namespace paperdex {

/// A record a reader could not use.
struct ReadProblem {
  std::string origin;   ///< "file:line", "file#record 12", "file@byte 4096"
  std::string reason;   ///< short category for the summary: "invalid-json", "no-title", ...
  std::string message;  ///< what is wrong, for a human
};

/// Callbacks a reader calls as it goes.
struct RecordSink {
  std::function<void(Record&&)> on_record;             ///< each good record
  std::function<void(const ReadProblem&)> on_problem;  ///< each bad one
  /// Bytes of the input consumed so far (compressed bytes for .gz); may be empty.
  std::function<void(std::uint64_t)> on_progress;
  /// Each record kept but changed on the way: a field over its limit was cut
  /// (README "Input limits"); on_record follows with the cut record. May be
  /// empty. Last, so that {on_record, on_problem, on_progress} still compiles.
  std::function<void(const ReadProblem&)> on_warning;
};

}  // namespace paperdex
