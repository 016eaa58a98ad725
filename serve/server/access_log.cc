#include "access_log.h"

#include <cerrno>
#include <cstring>
#include <ctime>
#include <stdexcept>

#include "paperdex/common/utc_text.h"

namespace paperdex::serve {

std::string escape_log_field(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string escaped;
  escaped.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte >= 0x7f || c == '"' || c == '\\') {
      escaped += "\\x";
      escaped += kHex[byte >> 4];
      escaped += kHex[byte & 0xf];
    } else {
      escaped += c;
    }
  }
  return escaped;
}

namespace {

// "-" for an absent value, as the format writes it.
std::string quoted_field(std::string_view text) {
  return '"' + (text.empty() ? std::string("-") : escape_log_field(text)) + '"';
}

// [03/Dec/2026:18:07:15 +0000]
std::string log_time(std::chrono::system_clock::time_point time) {
  return utc_text(std::chrono::system_clock::to_time_t(time), "[%d/%b/%Y:%H:%M:%S +0000]");
}

}  // namespace

std::string access_log_line(const AccessLogEntry& entry) {
  // "-" for a request that could not be read as one (as Apache writes it).
  const std::string request =
      entry.method.empty() ? "-"
                           : escape_log_field(entry.method) + ' ' + escape_log_field(entry.target) +
                                 (entry.http_version == 10 ? " HTTP/1.0" : " HTTP/1.1");
  return escape_log_field(entry.remote_address) + " - - " + log_time(entry.time) + " \"" + request +
         "\" " + std::to_string(entry.status) + ' ' + std::to_string(entry.body_bytes) + ' ' +
         quoted_field(entry.referer) + ' ' + quoted_field(entry.user_agent) + '\n';
}

void AccessLog::FileCloser::operator()(std::FILE* file) const {
  if (file != stdout) std::fclose(file);
}

namespace {

std::runtime_error unwritable(const std::string& path) {
  return std::runtime_error("cannot open the access log " + path + ": " + std::strerror(errno) +
                            "; give a file paperdex-serve may write, or - for standard output");
}

}  // namespace

AccessLog::AccessLog(const std::string& path)
    : path_(path), file_(path == "-" ? stdout : std::fopen(path.c_str(), "a")) {
  if (!file_) throw unwritable(path_);
}

void AccessLog::reopen() {
  if (path_ == "-") return;
  std::unique_ptr<std::FILE, FileCloser> reopened(std::fopen(path_.c_str(), "a"));
  if (!reopened) throw unwritable(path_);
  std::lock_guard lock(mutex_);
  file_ = std::move(reopened);
}

void AccessLog::write(const AccessLogEntry& entry) {
  const std::string line = access_log_line(entry);
  std::lock_guard lock(mutex_);
  std::fwrite(line.data(), 1, line.size(), file_.get());
  std::fflush(file_.get());
}

}  // namespace paperdex::serve
