// The index's clock: when a writer stored a paper (Record::added, changed)
// and when a saved search was last read. UTC to the microsecond, always the
// same width, so that two times compare as text and as value-slot values.
#pragma once

#include <chrono>
#include <ctime>
#include <string>

#include "paperdex/common/utc_text.h"

namespace paperdex {

// "YYYY-MM-DDTHH:MM:SS.ffffffZ" of `when`.
inline std::string index_time(std::chrono::system_clock::time_point when) {
  const auto micros =
      std::chrono::duration_cast<std::chrono::microseconds>(when.time_since_epoch()).count();
  const std::string text =
      utc_text(static_cast<std::time_t>(micros / 1'000'000), "%Y-%m-%dT%H:%M:%S");
  char fraction[16];
  std::snprintf(fraction, sizeof fraction, ".%06lldZ", static_cast<long long>(micros % 1'000'000));
  return text + fraction;
}

inline std::string index_time_now() { return index_time(std::chrono::system_clock::now()); }

}  // namespace paperdex
