#pragma once
// The HTTP/1.1 transport of paperdex-serve (Boost.Beast over Asio): it reads
// requests, hands each to a handler on a fixed pool of worker threads, and
// writes the answers. It owns what is about the wire rather than the routes:
// keep-alive, HEAD, gzip, the bounds on requests, connections and the queue,
// the timeouts that drop slow clients, the access log and a graceful stop.
// Reading and writing are asynchronous on one I/O thread, so a slow client
// holds a socket and a little memory but never a worker.

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>

#include "http_exchange.h"

namespace paperdex::serve {

class AccessLog;
class Connection;

// Answers one request; called on the worker threads, several at once. A HEAD
// request reaches it as a GET (the server sends the headers alone).
using HttpHandler = std::function<HttpResponse(const HttpRequest&)>;

struct ServerSettings {
  std::string address = "127.0.0.1";
  unsigned short port = 8080;  // 0: one the system chooses (HttpServer::port says which)
  unsigned threads = 0;        // workers running the handler; 0: one per core
  // Requests that wait for a worker beyond those running; past it, 503.
  std::size_t queue = 256;
  // Connections open at once. At the limit a new connection takes the place
  // of one waiting for a request (idle, or slow with its headers), from the
  // address that holds the most; when every one is being answered, the new
  // one is answered 503 and closed.
  std::size_t max_connections = 1024;
  // Connections open at once from one client address; past it a new one from
  // there is answered 503 and closed, so that one client cannot take them all.
  std::size_t max_connections_per_client = 256;
  // Bytes of answers written but not yet read by their clients, all
  // connections together; past it a new answer of always_sent_bytes or more
  // is replaced by a 503, so clients that do not read cannot fill the memory.
  std::size_t max_unsent_bytes = std::size_t{256} << 20;
  std::size_t always_sent_bytes = 64 * 1024;  // answers below this are never refused
  std::size_t max_request_line = 8 * 1024;    // 414 beyond
  std::size_t max_header_bytes = 16 * 1024;   // request line and headers; 431 beyond
  std::size_t max_body_bytes = 8 * 1024;      // 413 beyond (the API is GET-only)
  // From a request's first byte to the end of its headers (slowloris-proof).
  std::chrono::milliseconds header_timeout{10'000};
  // A kept-alive connection waiting for its next request.
  std::chrono::milliseconds idle_timeout{30'000};
  // Writing one response to a client that does not read.
  std::chrono::milliseconds write_timeout{30'000};
  // Bodies from this size are gzipped when the client accepts it.
  std::size_t gzip_min_bytes = 1024;
  unsigned retry_after_seconds = 1;  // in a 503's Retry-After
  // SIGTERM and SIGINT stop run() as stop() does; SIGHUP calls on_hangup (and
  // never ends the program).
  bool stop_on_signals = false;
  // On SIGHUP (with stop_on_signals), on the I/O thread: reopen the logs.
  std::function<void()> on_hangup;
};

class HttpServer {
 public:
  // Binds and listens (no request is read before run()). `access_log` may be
  // null; it must outlive the server.
  // @throws std::runtime_error naming the address when it cannot listen there
  //         (in use, not this machine's, a privileged port).
  HttpServer(ServerSettings settings, HttpHandler handler, AccessLog* access_log = nullptr);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // The port it listens on (the system's choice when settings.port was 0).
  unsigned short port() const;
  // "127.0.0.1:8080", "[::1]:8080": where it listens.
  std::string listening_on() const;
  // Whether only this machine can reach it (a loopback address).
  bool loopback_only() const;
  unsigned threads() const;

  // Serves on the calling thread (the I/O) and the workers until stop() or,
  // with stop_on_signals, SIGTERM or SIGINT; then stops accepting, closes the
  // idle connections, answers the requests already read (with
  // "Connection: close") and returns.
  void run();
  // Makes run() stop as above. Thread-safe; may come before run().
  void stop();

 private:
  friend class Connection;
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace paperdex::serve
