#include "http_client.h"

#include <curl/curl.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <thread>

namespace paperdex::harvest {
namespace {

using Clock = std::chrono::steady_clock;

// curl_global_init is not thread-safe and must run once, before any handle.
void init_curl_once() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
      throw HttpError("cannot initialise libcurl");
    }
  });
}

std::string seconds_text(Seconds seconds) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3g s", seconds.count());
  return buffer;
}

// What the write callback fills: the body, up to the cap.
struct BodySink {
  std::string body;
  std::size_t cap = 0;
  bool too_large = false;
};

std::size_t write_body(char* data, std::size_t size, std::size_t count, void* user) {
  auto& sink = *static_cast<BodySink*>(user);
  const std::size_t bytes = size * count;
  if (sink.body.size() + bytes > sink.cap) {
    sink.too_large = true;
    return 0;  // curl stops the transfer with CURLE_WRITE_ERROR
  }
  sink.body.append(data, bytes);
  return bytes;
}

// A transfer that receives nothing for the timeout is given up. (curl's
// LOW_SPEED_TIME averages over several seconds, so a burst and then silence
// would hold a stalled request open for seconds past the timeout.) So is one
// still going at its deadline, however steadily it trickles.
struct TransferWatch {
  const std::atomic<bool>* stop;
  Clock::duration timeout;
  Clock::time_point deadline;
  curl_off_t received = -1;
  Clock::time_point last_byte = Clock::now();
  bool stalled = false;
  bool overdue = false;
};

int watch_transfer(void* user, curl_off_t, curl_off_t received, curl_off_t, curl_off_t) {
  auto& watch = *static_cast<TransferWatch*>(user);
  if (watch.stop != nullptr && watch.stop->load()) return 1;
  const auto now = Clock::now();
  watch.overdue = now >= watch.deadline;
  if (watch.overdue) return 1;  // non-zero aborts the transfer
  if (received != watch.received) {
    watch.received = received;
    watch.last_byte = now;
    return 0;
  }
  watch.stalled = now - watch.last_byte > watch.timeout;
  return watch.stalled ? 1 : 0;
}

// A URL's part (CURLUPART_SCHEME, _HOST) as curl parses it, lower case; empty
// when it has none or is no URL.
std::string url_part(const std::string& url, CURLUPart part) {
  const std::unique_ptr<CURLU, decltype(&curl_url_cleanup)> parsed(curl_url(), curl_url_cleanup);
  char* value = nullptr;
  if (!parsed || curl_url_set(parsed.get(), CURLUPART_URL, url.c_str(), 0) != CURLUE_OK ||
      curl_url_get(parsed.get(), part, &value, 0) != CURLUE_OK) {
    return {};
  }
  std::string text(value);
  curl_free(value);
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

// Throws HttpError, naming both, unless `url` may redirect to `target`: http
// or https, on the same host (http to https on it, another path) unless
// `cross_host`.
void check_redirect(const std::string& url, const std::string& target, bool cross_host) {
  const std::string scheme = url_part(target, CURLUPART_SCHEME);
  if (scheme != "http" && scheme != "https") {
    throw RedirectRefused(url + ": the server redirects to " + target +
                          ", not an http or https URL: not followed; check the address");
  }
  const std::string host = url_part(url, CURLUPART_HOST);
  if (!cross_host && url_part(target, CURLUPART_HOST) != host) {
    throw RedirectRefused(url + ": the server redirects to " + target + ", away from the host " +
                          host +
                          ": not followed (harvest that address instead if it is the repository's, "
                          "or allow it with --cross-host-redirects)");
  }
}

// Retry-After, captured from the response headers (the last response's,
// after redirects: each new status line clears it).
std::size_t read_header(char* data, std::size_t size, std::size_t count, void* user) {
  auto& retry_after = *static_cast<std::string*>(user);
  const std::string_view line(data, size * count);
  if (line.starts_with("HTTP/")) retry_after.clear();
  constexpr std::string_view kName = "retry-after:";
  if (line.size() > kName.size()) {
    std::string name(line.substr(0, kName.size()));
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (name == kName) {
      std::string_view value = line.substr(kName.size());
      while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) {
        value.remove_prefix(1);
      }
      while (!value.empty() && std::isspace(static_cast<unsigned char>(value.back()))) {
        value.remove_suffix(1);
      }
      retry_after = value;
    }
  }
  return size * count;
}

}  // namespace

struct HttpClient::CurlHandle {
  CURL* handle = nullptr;
  CurlHandle() {
    init_curl_once();
    handle = curl_easy_init();
    if (handle == nullptr) throw HttpError("cannot create a libcurl handle");
  }
  ~CurlHandle() { curl_easy_cleanup(handle); }
};

// One request's outcome: status 0 when the transfer itself failed (`error`).
struct HttpClient::Attempt {
  long status = 0;
  std::string body;
  std::string error;
  std::string location;  // a redirect's target, absolute
  std::optional<Seconds> retry_after;
};

std::optional<Seconds> parse_retry_after(std::string_view value,
                                         std::chrono::system_clock::time_point now) {
  if (value.empty()) return std::nullopt;
  long long seconds = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), seconds);
  if (error == std::errc() && end == value.data() + value.size()) {
    if (seconds < 0) return std::nullopt;
    return Seconds(static_cast<double>(seconds));
  }
  const std::time_t when = curl_getdate(std::string(value).c_str(), nullptr);
  if (when == -1) return std::nullopt;
  const auto delay = std::chrono::system_clock::from_time_t(when) - now;
  return std::max(Seconds(0), std::chrono::duration_cast<Seconds>(delay));
}

HttpClient::HttpClient(HttpOptions options, WaitListener on_wait)
    : options_(std::move(options)),
      on_wait_(std::move(on_wait)),
      curl_(std::make_unique<CurlHandle>()) {}

HttpClient::~HttpClient() = default;

void HttpClient::wait(Seconds wait, const std::string& why) {
  if (on_wait_) on_wait_(wait, why);
  const auto before = Clock::now();
  sleep_until(before + std::chrono::duration_cast<Clock::duration>(wait));
  wait_time_ += Clock::now() - before;
}

void HttpClient::stop_if_asked() const {
  if (options_.stop != nullptr && options_.stop->load()) throw HarvestInterrupted();
}

void HttpClient::sleep_until(Clock::time_point until) {
  // In slices, so that a stop asked for is seen soon (a wait can be an hour).
  constexpr auto kSlice = std::chrono::milliseconds(100);
  for (auto now = Clock::now(); now < until; now = Clock::now()) {
    stop_if_asked();
    std::this_thread::sleep_for(std::min<Clock::duration>(until - now, kSlice));
  }
  stop_if_asked();
}

HttpClient::Attempt HttpClient::attempt(const std::string& url) {
  if (last_end_) {
    const auto before = Clock::now();
    sleep_until(*last_end_ + std::chrono::duration_cast<Clock::duration>(options_.pause));
    wait_time_ += Clock::now() - before;
  }
  CURL* curl = curl_->handle;
  curl_easy_reset(curl);
  BodySink sink;
  sink.cap = options_.max_body_bytes;
  std::string retry_after;
  char error_text[CURL_ERROR_SIZE] = "";
  const auto timeout_ms = static_cast<long>(std::ceil(options_.timeout.count() * 1000));
  curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl, CURLOPT_USERAGENT, options_.user_agent.c_str());
  curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");  // every encoding curl decodes
  curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
  // Redirects are follow()'s, checked each before it is taken.
  curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);  // a fetch thread: no SIGALRM
  // A fresh connection each time: curl silently sends a request again when a
  // reused connection turns out closed, which would skip the pause (and a
  // connection every few seconds costs the server nothing).
  curl_easy_setopt(curl, CURLOPT_FORBID_REUSE, 1L);
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
  // The deadline is watch_transfer's, which names it; curl's own a second
  // later is only a backstop.
  const auto deadline_ms = static_cast<long>(std::ceil(options_.deadline.count() * 1000));
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, deadline_ms + 1000);
  const auto started = Clock::now();
  TransferWatch watch{options_.stop, std::chrono::milliseconds(timeout_ms),
                      started + std::chrono::duration_cast<Clock::duration>(options_.deadline)};
  curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, watch_transfer);
  curl_easy_setopt(curl, CURLOPT_XFERINFODATA, &watch);
  curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, write_body);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &sink);
  curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, read_header);
  curl_easy_setopt(curl, CURLOPT_HEADERDATA, &retry_after);
  curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error_text);
  const CURLcode code = curl_easy_perform(curl);
  last_end_ = Clock::now();
  transfer_time_ += *last_end_ - started;
  stop_if_asked();
  if (sink.too_large) {
    throw HttpError(url + ": the answer is larger than " + std::to_string(sink.cap) +
                    " bytes, more than any page of records should be; is this the OAI-PMH "
                    "address?");
  }
  Attempt result;
  if (code != CURLE_OK) {
    result.error = watch.overdue ? "not received whole within the deadline of " +
                                       seconds_text(options_.deadline) + " (--deadline)"
                   : watch.stalled       ? "nothing received for " + seconds_text(options_.timeout)
                   : *error_text != '\0' ? error_text
                                         : curl_easy_strerror(code);
    return result;
  }
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &result.status);
  char* location = nullptr;
  if (result.status >= 300 && result.status < 400 &&
      curl_easy_getinfo(curl, CURLINFO_REDIRECT_URL, &location) == CURLE_OK &&
      location != nullptr) {
    result.location = location;
  }
  result.body = std::move(sink.body);
  result.retry_after = parse_retry_after(retry_after, std::chrono::system_clock::now());
  return result;
}

HttpClient::Attempt HttpClient::follow(const std::string& url) {
  std::string target = url;
  for (int redirects = 0;; ++redirects) {
    Attempt answer = attempt(target);
    if (answer.location.empty()) return answer;
    if (redirects == options_.max_redirects) {
      throw RedirectRefused(url + ": more than " + std::to_string(options_.max_redirects) +
                            " redirects (the last to " + answer.location +
                            "): not followed; check the address");
    }
    check_redirect(url, answer.location, options_.cross_host_redirects);
    target = std::move(answer.location);
  }
}

std::string HttpClient::get(const std::string& url,
                            const std::function<void(const std::string&)>& validate) {
  int failures = 0;
  Seconds asked_to_wait{0};
  for (;;) {
    Attempt answer = follow(url);
    std::string why;
    const bool asks_to_wait =
        (answer.status == 503 || answer.status == 429) && answer.retry_after.has_value();
    if (answer.status == 200) {
      if (!validate) return std::move(answer.body);
      try {
        validate(answer.body);
        return std::move(answer.body);
      } catch (const BadBody& bad) {
        why = bad.what();
      }
    } else if (asks_to_wait) {
      asked_to_wait += *answer.retry_after;
      if (asked_to_wait > options_.max_retry_after) {
        throw HttpError(url + ": the server asked to wait " + seconds_text(asked_to_wait) +
                        " in all, more than the " + seconds_text(options_.max_retry_after) +
                        " this harvest waits; run it again later");
      }
      wait(*answer.retry_after,
           "server asked to wait (HTTP " + std::to_string(answer.status) + " Retry-After)");
      continue;
    } else if (answer.status == 0 || answer.status >= 500) {
      why = answer.status == 0 ? answer.error : "HTTP " + std::to_string(answer.status);
    } else {
      throw HttpError(url + ": HTTP " + std::to_string(answer.status) +
                      " (not retried: check the address and the options)");
    }
    if (++failures > options_.max_retries) {
      throw HttpError(url + ": " + why + " (gave up after " + std::to_string(failures) +
                      " attempts)");
    }
    // Exponential backoff from the pause (at least 50 ms).
    const Seconds backoff = std::max(options_.pause, Seconds(0.05)) * (1 << failures);
    wait(backoff, why + "; retrying");
  }
}

}  // namespace paperdex::harvest
