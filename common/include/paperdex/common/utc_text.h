// A time as text in UTC, by a strftime format: the index's stamps (ISO 8601),
// paperdex-serve's HTTP Date header and its access log, one conversion.
#pragma once

#include <ctime>
#include <string>

namespace paperdex {

// `when` in UTC as strftime writes `format` (at most 63 bytes of it). The
// names of %a and %b are the C locale's, English, as HTTP dates and the
// Common Log Format want them: nothing in paperdex sets another locale.
inline std::string utc_text(std::time_t when, const char* format) {
  std::tm utc{};
  gmtime_r(&when, &utc);
  char text[64];
  const std::size_t length = std::strftime(text, sizeof text, format, &utc);
  return std::string(text, length);
}

}  // namespace paperdex
