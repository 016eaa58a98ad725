#pragma once
// The HTTP API of paperdex-serve as a function from request to response
// (docs/serve.md lists the routes). No sockets: server/ calls it from its
// worker threads, tests call it in-process.

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "http_exchange.h"

namespace paperdex::serve {

struct ApiSettings {
  // The indexes searched as one, as paperdex-search's --db takes them.
  std::vector<std::string> databases;
  // The one origin CORS allows (Access-Control-Allow-Origin); none: CORS off.
  std::optional<std::string> cors_origin;
  // Each search's time limit (SearchRequest::time_limit_seconds).
  double time_limit_seconds = 10;
  // Answer with the shards that answered when a remote shard fails or stays
  // silent (SearcherOptions::allow_partial); the JSON says "partial".
  bool allow_partial = false;
  // Each search split over the cores (SearcherOptions::split_each_search):
  // off when as many requests are answered at once as there are cores
  // (splits_searches).
  bool split_each_search = true;
  // Gets each server error (5xx) in full, with the request: the operator's
  // log. The client's answer leaves the server's paths out.
  std::function<void(const std::string&)> log_error;
};

// Whether searches should be split over the cores when `workers` threads
// (0: one per core) answer requests at once: only while they leave a core
// idle. A worker per core keeps the cores busy with the other requests'
// searches, and a split's hand-offs only cost (bench/README.md).
bool splits_searches(unsigned workers);

class Api {
 public:
  // Opens the indexes once to check them.
  // @throws std::runtime_error (a paperdex::Error) naming the index that cannot be opened.
  explicit Api(ApiSettings settings);
  ~Api();
  Api(const Api&) = delete;
  Api& operator=(const Api&) = delete;

  // Answers one request. Thread-safe: the server calls it from every worker
  // thread at once. Picks up the indexer's commits (a newer revision) without
  // a restart. Never throws: a failure is an HttpResponse with its status.
  HttpResponse handle(const HttpRequest& request);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace paperdex::serve
