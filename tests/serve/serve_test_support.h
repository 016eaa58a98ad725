// For the paperdex-serve tests: a real HttpServer on 127.0.0.1 (an ephemeral
// port) run on its own thread, and a raw HTTP client that sends exactly the
// bytes a test gives it (a slow client, a malformed or oversized request).
#pragma once

#include <sys/socket.h>
#include <sys/time.h>

#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <string>
#include <thread>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>
#include <catch2/catch.hpp>

#include "http_server.h"

namespace paperdex::test {

namespace asio = boost::asio;
namespace http = boost::beast::http;

// A server with `handler` on 127.0.0.1:0, serving until the object goes.
class TestServer {
 public:
  TestServer(serve::ServerSettings settings, serve::HttpHandler handler,
             serve::AccessLog* log = nullptr)
      : server_(ephemeral(std::move(settings)), std::move(handler), log),
        thread_([this] { server_.run(); }) {}
  ~TestServer() {
    server_.stop();
    if (thread_.joinable()) thread_.join();
  }
  unsigned short port() const { return server_.port(); }
  serve::HttpServer& server() { return server_; }
  // Waits for run() to return (after a stop, a signal).
  void join_and_forget() { thread_.join(); }

 private:
  static serve::ServerSettings ephemeral(serve::ServerSettings settings) {
    settings.address = "127.0.0.1";
    settings.port = 0;
    return settings;
  }
  serve::HttpServer server_;
  std::thread thread_;
};

struct Reply {
  unsigned status = 0;
  std::map<std::string, std::string> headers;  // names lower-cased
  std::string body;
  bool keep_alive = false;
  std::string header(const std::string& name) const {
    const auto found = headers.find(name);
    return found == headers.end() ? "" : found->second;
  }
};

// One connection to 127.0.0.1:port, from `source` (another loopback
// address, 127.0.0.2, is another client) or the system's choice; every read
// gives up after 5 seconds.
class RawClient {
 public:
  explicit RawClient(unsigned short port, const std::string& source = "") : socket_(io_) {
    if (!source.empty()) {
      socket_.open(asio::ip::tcp::v4());
      socket_.bind({asio::ip::make_address(source), 0});
    }
    socket_.connect({asio::ip::make_address("127.0.0.1"), port});
    const timeval timeout{5, 0};
    setsockopt(socket_.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  }
  void send(const std::string& bytes) { asio::write(socket_, asio::buffer(bytes)); }
  // The next response; `head`: it has no body (the answer to a HEAD).
  Reply read(bool head = false) {
    http::response_parser<http::string_body> parser;
    parser.body_limit(64 * 1024 * 1024);
    parser.skip(head);
    http::read(socket_, buffer_, parser);
    Reply reply;
    reply.status = parser.get().result_int();
    for (const auto& field : parser.get()) {
      std::string name(field.name_string());
      for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      reply.headers[name] = std::string(field.value());
    }
    reply.body = parser.get().body();
    reply.keep_alive = parser.get().keep_alive();
    return reply;
  }
  Reply get(const std::string& target, const std::string& extra_headers = "") {
    send("GET " + target + " HTTP/1.1\r\nHost: test\r\n" + extra_headers + "\r\n");
    return read();
  }
  // Whether the server has closed the connection (a read ends without data).
  bool closed_by_server() {
    char byte;
    boost::system::error_code error;
    const std::size_t got = socket_.read_some(asio::buffer(&byte, 1), error);
    return got == 0 && (error == asio::error::eof || error == asio::error::connection_reset);
  }

 private:
  asio::io_context io_;
  asio::ip::tcp::socket socket_;
  boost::beast::flat_buffer buffer_;
};

// Holds handlers until opened; counts those waiting.
class Gate {
 public:
  void wait() {
    std::unique_lock lock(mutex_);
    ++waiting_;
    changed_.notify_all();
    changed_.wait(lock, [this] { return open_; });
  }
  void open() {
    std::lock_guard lock(mutex_);
    open_ = true;
    changed_.notify_all();
  }
  // Waits until `count` handlers are held (at most 5 seconds).
  bool await_waiting(int count) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, std::chrono::seconds(5), [&] { return waiting_ >= count; });
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  int waiting_ = 0;
  bool open_ = false;
};

}  // namespace paperdex::test
