// What the extraction stage's helper programs (paperdex-pdftext,
// paperdex-bibtex) share: their arguments (numeric options, then one
// operand) and the limits each sets on itself before it reads an untrusted
// file. Header-only: each helper links nothing of paperdex's.
#pragma once

#include <sys/resource.h>

#include <charconv>
#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>

namespace paperdex::fulltext::helper {

struct NumberOption {
  std::string_view name;  // "--max-pages"
  std::size_t* value;
};

inline bool parse_number(std::string_view text, std::size_t& value) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size();
}

// argv as `options` and one operand (after "--" when it could read as an
// option). False for anything else: the helper prints its usage.
inline bool parse_arguments(int argc, char** argv, std::initializer_list<NumberOption> options,
                            std::string& operand) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    std::size_t* target = nullptr;
    for (const NumberOption& option : options) {
      if (arg == option.name) target = option.value;
    }
    if (target != nullptr) {
      if (++i >= argc || !parse_number(argv[i], *target)) return false;
    } else if (arg == "--" && i + 2 == argc && operand.empty()) {
      operand = argv[++i];
    } else if (operand.empty() && !arg.starts_with("--")) {
      operand = arg;
    } else {
      return false;
    }
  }
  return !operand.empty();
}

// AddressSanitizer (the sanitized build) maps terabytes of shadow memory at
// start: an address-space limit would refuse its every allocation.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
inline constexpr bool kAddressSanitizer = __has_feature(address_sanitizer);
#else
inline constexpr bool kAddressSanitizer = false;
#endif

inline void set_limit(int resource, rlim_t soft, rlim_t hard) {
  const rlimit limit{soft, hard};
  setrlimit(resource, &limit);  // best effort: the parent's wall clock still holds
}

// Before the library touches the file: a crafted one cannot take more than
// this (0: no limit of the helper's own). CPU time: SIGXCPU at the soft
// limit, SIGKILL a second later. No core file.
inline void limit_self(std::size_t memory_mib, std::size_t cpu_seconds) {
  set_limit(RLIMIT_CORE, 0, 0);
  if (memory_mib > 0 && !kAddressSanitizer) {
    const rlim_t bytes = static_cast<rlim_t>(memory_mib) << 20;
    set_limit(RLIMIT_AS, bytes, bytes);
  }
  if (cpu_seconds > 0) set_limit(RLIMIT_CPU, cpu_seconds, cpu_seconds + 1);
}

}  // namespace paperdex::fulltext::helper
