// paperdex-serve-load: the load client of bench/serve_bench.sh. N kept-alive
// connections to paperdex-serve on 127.0.0.1 send GET /search?q=QUERY for
// every query of a file (PASSES times), each connection its next request as
// soon as its last answer is in; meanwhile SLOW connections (slowloris) send
// a request's headers a line at a time and never finish them, reconnecting
// when the server drops them. One Asio thread drives them all.
//
// Prints one line: connections requests failed seconds queries/s p50_ms
// p99_ms slow_dropped handler_cpu_ms (tab-separated). A request fails unless
// answered 200.
//
// With --api DB instead of --port, the same requests go to paperdex-serve's
// Api::handle in this process from --connections threads, no sockets: what
// the API costs, apart from the transport. handler_cpu_ms is then the CPU
// time a request's Api::handle took on its thread (the clock of the thread,
// not the wall's), "-" over HTTP.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http.hpp>

#include "api.h"
#include "measure.h"
#include "query_string.h"

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;

struct Options {
  unsigned short port = 0;
  std::string queries_file;
  unsigned connections = 1;
  unsigned passes = 1;
  unsigned slow = 0;                     // at most kMaxSlow, loopback only
  std::chrono::milliseconds drip{2000};  // a slow client's pause between header lines
  std::string path = "/search?q=";
  std::string api_db;  // --api: Api::handle in-process
};

constexpr unsigned kMaxSlow = 2000;
constexpr std::size_t kAnswerRoom = 64 * 1024;

// What the well-behaved connections share: the next request and the results.
struct Run {
  std::vector<std::string> targets;
  std::size_t next = 0;
  std::size_t total = 0;
  std::size_t failed = 0;
  std::size_t slow_dropped = 0;
  std::size_t active = 0;  // well-behaved connections not done
  std::vector<double> latencies_ms;
  double handler_cpu_ms = -1;      // --api: the handlers' thread CPU, summed
  asio::io_context* io = nullptr;  // stopped when the last connection is done
};

class Client : public std::enable_shared_from_this<Client> {
 public:
  Client(asio::io_context& io, const tcp::endpoint& server, Run& run)
      : stream_(io), server_(server), run_(run) {
    // Room for a whole answer: Beast reads into what the buffer has free,
    // and an empty one would read a 10 kB answer ~500 bytes a recvmsg (22
    // calls a request), costing the client, beside the server on the same
    // cores, about twice the CPU it needs.
    buffer_.reserve(kAnswerRoom);
  }
  void start() {
    ++run_.active;
    connect();
  }

 private:
  void connect() {
    stream_.async_connect(server_, [self = shared_from_this()](const beast::error_code& error) {
      if (error) return self->fail_and_stop();
      self->next();
    });
  }
  void next() {
    if (run_.next >= run_.total) return done();
    const std::string& target = run_.targets[run_.next++ % run_.targets.size()];
    request_ = {http::verb::get, target, 11};
    request_.set(http::field::host, "127.0.0.1");
    started_ = Clock::now();
    http::async_write(stream_, request_,
                      [self = shared_from_this()](const beast::error_code& error, std::size_t) {
                        if (error) return self->fail_and_stop();
                        self->read();
                      });
  }
  void read() {
    response_ = {};
    http::async_read(stream_, buffer_, response_,
                     [self = shared_from_this()](const beast::error_code& error, std::size_t) {
                       if (error) return self->fail_and_stop();
                       const std::chrono::duration<double, std::milli> took =
                           Clock::now() - self->started_;
                       self->run_.latencies_ms.push_back(took.count());
                       if (self->response_.result_int() != 200) ++self->run_.failed;
                       self->next();
                     });
  }
  void fail_and_stop() {
    ++run_.failed;
    done();
  }
  void done() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
    stream_.close();
    if (--run_.active == 0) run_.io->stop();  // the slow clients with it
  }

  beast::tcp_stream stream_;
  tcp::endpoint server_;
  Run& run_;
  beast::flat_buffer buffer_;
  http::request<http::empty_body> request_;
  http::response<http::string_body> response_;
  Clock::time_point started_;
};

// A slowloris client: a request's headers a line at a time, never the end.
class SlowClient : public std::enable_shared_from_this<SlowClient> {
 public:
  SlowClient(asio::io_context& io, const tcp::endpoint& server, Run& run,
             std::chrono::milliseconds drip)
      : io_(io), socket_(io), timer_(io), server_(server), run_(run), drip_(drip) {}
  void start() {
    socket_ = tcp::socket(io_);
    socket_.async_connect(server_, [self = shared_from_this()](const beast::error_code& error) {
      if (error) return self->dropped();
      self->send("GET /search?q=slow HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    });
  }

 private:
  void send(std::string text) {
    line_ = std::move(text);
    asio::async_write(socket_, asio::buffer(line_),
                      [self = shared_from_this()](const beast::error_code& error, std::size_t) {
                        if (error) return self->dropped();
                        self->timer_.expires_after(self->drip_);
                        self->timer_.async_wait([self](const beast::error_code& wait_error) {
                          if (wait_error) return;
                          self->send("X-Slow-" + std::to_string(++self->lines_) + ": 1\r\n");
                        });
                      });
  }
  // The server closed it (its header timeout): count it, and come back.
  void dropped() {
    ++run_.slow_dropped;
    beast::error_code ignored;
    socket_.close(ignored);
    timer_.expires_after(std::chrono::milliseconds(100));
    timer_.async_wait([self = shared_from_this()](const beast::error_code& error) {
      if (!error) self->start();
    });
  }

  asio::io_context& io_;
  tcp::socket socket_;
  asio::steady_timer timer_;
  tcp::endpoint server_;
  Run& run_;
  std::chrono::milliseconds drip_;
  std::string line_;
  unsigned lines_ = 0;
};

double percentile(std::vector<double> values, double fraction) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const auto index = static_cast<std::size_t>(fraction * static_cast<double>(values.size() - 1));
  return values[index];
}

// --api: the targets through Api::handle, `threads` threads taking the next.
void run_in_process(paperdex::serve::Api& api, unsigned thread_count, Run& run) {
  std::mutex mutex;
  std::vector<std::thread> threads;
  for (unsigned i = 0; i < thread_count; ++i) {
    threads.emplace_back([&] {
      for (;;) {
        std::unique_lock lock(mutex);
        if (run.next >= run.total) return;
        paperdex::serve::HttpRequest request{
            "GET", run.targets[run.next++ % run.targets.size()], {}};
        lock.unlock();
        const Clock::time_point started = Clock::now();
        const double cpu_before = paperdex::bench::thread_cpu_seconds();
        const unsigned status = api.handle(request).status;
        const double cpu_ms = (paperdex::bench::thread_cpu_seconds() - cpu_before) * 1e3;
        const std::chrono::duration<double, std::milli> took = Clock::now() - started;
        lock.lock();
        run.latencies_ms.push_back(took.count());
        run.handler_cpu_ms = std::max(run.handler_cpu_ms, 0.0) + cpu_ms;
        if (status != 200) ++run.failed;
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
}

void report(const Options& options, const Run& run, std::chrono::duration<double> seconds) {
  const auto requests = static_cast<double>(run.latencies_ms.size());
  const std::string handler_cpu =
      run.handler_cpu_ms < 0 ? "-" : std::to_string(run.handler_cpu_ms / std::max(requests, 1.0));
  std::printf("%u\t%zu\t%zu\t%.2f\t%.1f\t%.2f\t%.2f\t%zu\t%s\n", options.connections,
              run.latencies_ms.size(), run.failed, seconds.count(), requests / seconds.count(),
              percentile(run.latencies_ms, 0.5), percentile(run.latencies_ms, 0.99),
              run.slow_dropped, handler_cpu.c_str());
}

int usage(std::ostream& out, int status) {
  out << "usage: paperdex-serve-load --port PORT --queries FILE [--connections N] [--passes K]\n"
         "         [--slow S] [--drip-ms MS] [--path /search?q=]\n"
         "Sends every query of FILE (one a line) K times over N kept-alive connections to\n"
         "127.0.0.1:PORT while S slowloris connections (at most 2000) drip header lines.\n"
         "Prints: connections requests failed seconds queries/s p50_ms p99_ms slow_dropped\n"
         "        handler_cpu_ms\n"
         "With --api DB for --port: Api::handle in-process from N threads, no sockets;\n"
         "handler_cpu_ms is the thread CPU a request's handler took (\"-\" over HTTP).\n";
  return status;
}

bool parse(int argc, char** argv, Options& options) {
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string arg = argv[i];
    const std::string value = argv[i + 1];
    if (arg == "--port")
      options.port = static_cast<unsigned short>(std::stoul(value));
    else if (arg == "--queries")
      options.queries_file = value;
    else if (arg == "--connections")
      options.connections = std::stoul(value);
    else if (arg == "--passes")
      options.passes = std::stoul(value);
    else if (arg == "--slow")
      options.slow = std::stoul(value);
    else if (arg == "--drip-ms")
      options.drip = std::chrono::milliseconds(std::stoul(value));
    else if (arg == "--path")
      options.path = value;
    else if (arg == "--api")
      options.api_db = value;
    else
      return false;
  }
  return argc % 2 == 1 && (options.port != 0 || !options.api_db.empty()) &&
         !options.queries_file.empty() && options.connections > 0 && options.slow <= kMaxSlow;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (!parse(argc, argv, options)) return usage(std::cerr, 2);
  Run run;
  std::ifstream in(options.queries_file);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) run.targets.push_back(options.path + paperdex::serve::percent_encode(line));
  }
  if (run.targets.empty()) {
    std::cerr << "paperdex-serve-load: no queries in " << options.queries_file << "\n";
    return 2;
  }
  run.total = run.targets.size() * options.passes;
  asio::io_context io(1);
  run.io = &io;
  if (!options.api_db.empty()) {
    paperdex::serve::ApiSettings settings;
    settings.databases = {options.api_db};
    settings.time_limit_seconds = 10;
    // As paperdex-serve with as many workers as connections here.
    settings.split_each_search = paperdex::serve::splits_searches(options.connections);
    paperdex::serve::Api api(settings);
    Run warm_up = run;  // one untimed pass: each thread's Searcher opened, caches warm
    warm_up.total = run.targets.size();
    run_in_process(api, options.connections, warm_up);
    const Clock::time_point start = Clock::now();
    run_in_process(api, options.connections, run);
    report(options, run, Clock::now() - start);
    return 0;
  }
  const tcp::endpoint server(asio::ip::make_address("127.0.0.1"), options.port);
  for (unsigned i = 0; i < options.slow; ++i) {
    std::make_shared<SlowClient>(io, server, run, options.drip)->start();
  }
  // The slow ones connect and start dripping before the timed run.
  io.run_for(std::chrono::milliseconds(options.slow > 0 ? 1000 : 0));
  io.restart();
  const Clock::time_point start = Clock::now();
  for (unsigned i = 0; i < options.connections; ++i) {
    std::make_shared<Client>(io, server, run)->start();
  }
  io.run();
  report(options, run, Clock::now() - start);
  return 0;
}
