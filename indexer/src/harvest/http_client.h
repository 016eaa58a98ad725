// The harvest stage's HTTP: libcurl, one request at a time, as a polite
// client of a server that asks for politeness (arXiv's OAI-PMH interface).
// It spaces requests by a least pause, waits out the 503/429 answers that
// carry Retry-After (within a bounded total), retries other server and
// network failures with exponential backoff a bounded number of times, and
// then throws an HttpError naming the URL. It follows redirects itself, a
// bounded number, and only within the host asked (unless allowed): a
// provider must not send the harvest to any address it likes. Private to the
// indexer.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace paperdex::harvest {

using Seconds = std::chrono::duration<double>;

// The URL could not be fetched within the retries allowed.
class HttpError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A redirect not followed (to another host, a loop): running again would
// meet it again.
class RedirectRefused : public HttpError {
 public:
  using HttpError::HttpError;
};

// A body that arrived whole but is not what was asked for (a truncated or
// malformed page): the validator throws it, and the request is retried as
// after a network error.
class BadBody : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The harvest was asked to stop (HttpOptions::stop): thrown by a transfer or
// a wait under way, within a tenth of a second.
class HarvestInterrupted : public std::runtime_error {
 public:
  HarvestInterrupted() : std::runtime_error("interrupted") {}
};

struct HttpOptions {
  std::string user_agent;
  Seconds pause{3};     // least time from the end of a request to the next
  Seconds timeout{60};  // to connect, and with no byte received
  // For a whole answer, from its request on: a server trickling a byte now
  // and then never trips `timeout`, and would hold the harvest forever.
  Seconds deadline{300};
  std::size_t max_body_bytes = std::size_t{256} << 20;  // arXiv's pages are a few MB
  int max_retries = 5;                // after network errors and 5xx without Retry-After
  Seconds max_retry_after{3600};      // the most a server may make one request wait in total
  int max_redirects = 5;              // for one request
  bool cross_host_redirects = false;  // follow redirects to another host too
  // When given and set, the client stops what it does (HarvestInterrupted).
  const std::atomic<bool>* stop = nullptr;
};

// Retry-After's value: delay-seconds or an HTTP date (measured from `now`).
// nullopt for anything else.
std::optional<Seconds> parse_retry_after(std::string_view value,
                                         std::chrono::system_clock::time_point now);

// What the client tells while it waits for a server: the wait and why.
using WaitListener = std::function<void(Seconds wait, const std::string& why)>;

class HttpClient {
 public:
  explicit HttpClient(HttpOptions options, WaitListener on_wait = {});
  ~HttpClient();
  HttpClient(const HttpClient&) = delete;
  HttpClient& operator=(const HttpClient&) = delete;

  // The body of a 200 answer to GET `url`, after the waits and retries
  // described above; `validate` (when given) throws BadBody for a body to
  // fetch again. Throws HttpError when it gives up, naming the URL.
  std::string get(const std::string& url,
                  const std::function<void(const std::string& body)>& validate = {});

  // Time spent in transfers, and asleep: the pauses between requests, the
  // waits servers asked for, the backoff before retries.
  Seconds transfer_time() const { return transfer_time_; }
  Seconds wait_time() const { return wait_time_; }

 private:
  struct Attempt;
  Attempt attempt(const std::string& url);
  Attempt follow(const std::string& url);
  void wait(Seconds wait, const std::string& why);
  // Sleeps until `until`, or throws HarvestInterrupted when asked to stop.
  void sleep_until(std::chrono::steady_clock::time_point until);
  void stop_if_asked() const;

  HttpOptions options_;
  WaitListener on_wait_;
  std::optional<std::chrono::steady_clock::time_point> last_end_;
  Seconds transfer_time_{0};
  Seconds wait_time_{0};
  struct CurlHandle;
  std::unique_ptr<CurlHandle> curl_;
};

}  // namespace paperdex::harvest
