#pragma once
// The access log (--access-log FILE|-): one line per answered request in the
// Combined Log Format that Apache and nginx write, so the usual log tools read
// it. What the client chose (the request line, Referer, User-Agent) is
// escaped: no control character, quote or byte outside ASCII reaches the log
// as it came, so a request cannot forge a line or drive a terminal.

#include <chrono>
#include <cstdio>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

namespace paperdex::serve {

struct AccessLogEntry {
  std::string remote_address;
  std::chrono::system_clock::time_point time;
  std::string_view method;
  std::string_view target;
  unsigned http_version = 11;  // 10 or 11
  unsigned status = 0;
  std::size_t body_bytes = 0;
  std::string_view referer;
  std::string_view user_agent;
};

// `text` with '"', '\\', control characters and bytes of 0x7f and above
// written as \xHH (Apache's escaping of the request line).
std::string escape_log_field(std::string_view text);

// One line, newline included:
// 127.0.0.1 - - [03/Dec/2026:18:07:15 +0000] "GET /search?q=x HTTP/1.1" 200 512 "-" "curl/7.88"
// ("-" for the request when what came could not be read as one).
std::string access_log_line(const AccessLogEntry& entry);

class AccessLog {
 public:
  // Appends to `path`, or writes to standard output for "-".
  // @throws std::runtime_error naming the file when it cannot be opened.
  explicit AccessLog(const std::string& path);
  // Writes one entry's line. Thread-safe.
  void write(const AccessLogEntry& entry);
  // Opens the path again (after SIGHUP: a log rotated by renaming goes on in
  // a new file at the path); the lines go on to the old file when it cannot
  // be opened. Nothing to do for standard output. Thread-safe.
  // @throws std::runtime_error naming the file when it cannot be opened.
  void reopen();

 private:
  struct FileCloser {
    void operator()(std::FILE* file) const;
  };
  std::string path_;
  std::mutex mutex_;
  std::unique_ptr<std::FILE, FileCloser> file_;
};

}  // namespace paperdex::serve
