#include "http_server.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <ctime>
#include <mutex>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <unordered_map>
#include <unordered_set>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http.hpp>

#include "access_log.h"
#include "gzip_body.h"
#include "paperdex/common/utc_text.h"
#include "worker_pool.h"

namespace paperdex::serve {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;
using WireResponse = http::response<http::string_body>;

namespace {

constexpr std::string_view kJsonType = "application/json; charset=utf-8";
// Refused connections (past --max-connections) still being answered and
// lingering; past these, a new one is answered at once, without lingering.
constexpr std::size_t kMaxRefusing = 64;
// What a connection answered at once reads of its request before closing
// (a request line and headers fit), so that closing does not reset it.
constexpr std::size_t kRefusalDrainBytes = 64 * 1024;
// How long a connection closed after an error reads (and drops) what its
// client still sends, so the client sees the answer rather than a reset.
constexpr std::chrono::seconds kLingerTime{2};

// JSON text of `text` (the transport's own messages: ASCII, no quotes).
std::string json_string(std::string_view text) {
  std::string quoted = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') quoted += '\\';
    if (static_cast<unsigned char>(c) >= 0x20) quoted += c;
  }
  return quoted + '"';
}

// An error the transport answers itself, in the API's JSON error form
// (serve/api/api_error.cc): {"error":{"status":503,"message":"..."}}.
HttpResponse transport_error(unsigned status, std::string_view message) {
  HttpResponse response;
  response.status = status;
  response.content_type = kJsonType;
  response.body = "{\"error\":{\"status\":" + std::to_string(status) +
                  ",\"message\":" + json_string(message) + "}}\n";
  response.headers.emplace_back("Cache-Control", "no-store");
  // As the API's answers (serve/api/api.cc): a browser must not read it as HTML.
  response.headers.emplace_back("X-Content-Type-Options", "nosniff");
  return response;
}

HttpResponse busy_error(std::string_view message, unsigned retry_after_seconds) {
  HttpResponse response = transport_error(503, message);
  response.headers.emplace_back("Retry-After", std::to_string(retry_after_seconds));
  return response;
}

// "Thu, 03 Dec 2026 18:07:15 GMT" (RFC 9110's IMF-fixdate).
std::string http_date() { return utc_text(std::time(nullptr), "%a, %d %b %Y %H:%M:%S GMT"); }

std::string lower_case(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower;
}

// The headers the transport writes itself, whatever the handler says.
bool transport_header(std::string_view lower_name) {
  return lower_name == "content-length" || lower_name == "transfer-encoding" ||
         lower_name == "connection" || lower_name == "content-type";
}

// The response as bytes on the wire: status line, headers, body.
std::string serialized(const WireResponse& response) {
  std::ostringstream bytes;
  bytes << response;
  return bytes.str();
}

// What the transport needs of the request to put a response on the wire.
struct WireOptions {
  unsigned version = 11;
  bool head = false;
  bool gzip_accepted = false;
  std::size_t gzip_min_bytes = 1024;
};

// The handler's headers and the Vary that gzip adds to them: a body that
// may be compressed varies with Accept-Encoding, whether compressed or not.
void add_headers(WireResponse& wire, const HttpResponse& response, bool varies_with_encoding) {
  bool vary_written = false;
  for (const auto& [name, value] : response.headers) {
    const std::string lower = lower_case(name);
    if (transport_header(lower)) continue;
    if (lower == "vary" && varies_with_encoding) {
      wire.insert(name, value + ", Accept-Encoding");
      vary_written = true;
    } else {
      wire.insert(name, value);
    }
  }
  if (varies_with_encoding && !vary_written) wire.set(http::field::vary, "Accept-Encoding");
}

bool has_header(const HttpResponse& response, std::string_view lower_name) {
  return std::any_of(response.headers.begin(), response.headers.end(),
                     [&](const auto& header) { return lower_case(header.first) == lower_name; });
}

// `response` as Beast writes it: gzipped when asked and worth it, the
// length of the whole body and none after a HEAD.
WireResponse wire_response(HttpResponse response, const WireOptions& options) {
  WireResponse wire;
  wire.version(options.version);
  wire.result(response.status);
  wire.set(http::field::server, "paperdex-serve");
  wire.set(http::field::date, http_date());
  if (!response.content_type.empty()) wire.set(http::field::content_type, response.content_type);
  const bool compressible = response.status != 204 && response.status != 304 &&
                            response.body.size() >= options.gzip_min_bytes &&
                            compressible_type(response.content_type) &&
                            !has_header(response, "content-encoding");
  add_headers(wire, response, compressible);
  if (compressible && options.gzip_accepted) {
    response.body = gzip_compress(response.body);
    wire.set(http::field::content_encoding, "gzip");
  }
  wire.set(http::field::content_length, std::to_string(response.body.size()));
  if (!options.head) wire.body() = std::move(response.body);
  return wire;
}

}  // namespace

class Connection;

struct HttpServer::Impl {
  Impl(ServerSettings settings, HttpHandler handler, AccessLog* access_log);

  void accept();
  void on_accept(const beast::error_code& error, tcp::socket socket);
  // A 503 with `message` on `socket`, which is closed after it.
  void refuse(tcp::socket socket, std::string address, std::string_view message);
  void refuse_at_once(tcp::socket& socket, std::string_view message);
  // Closes the connection waiting longest for a request of the client that
  // holds the most connections; false when every connection is being answered.
  bool shed_waiting_connection();
  std::size_t connections_from(const std::string& address);
  void await_hangup();
  void begin_stop();
  // What the handler answers, ready for the wire; a handler that throws,
  // whatever it throws, gets a 500 (the API never does; a test handler may).
  WireResponse answer(const HttpRequest& request, const WireOptions& options);

  ServerSettings settings;
  HttpHandler handler;
  AccessLog* access_log;
  unsigned threads;
  asio::io_context io{1};
  tcp::acceptor acceptor{io};
  tcp::endpoint local_endpoint;  // where it listens
  asio::steady_timer accept_pause{io};
  std::optional<asio::signal_set> signals;
  std::optional<asio::signal_set> hangups;  // SIGHUP, from the start to the end
  std::atomic<bool> stopping{false};
  std::atomic<std::size_t> open_connections{0};
  std::atomic<std::size_t> refusing{0};
  // Body bytes of the answers being written (max_unsent_bytes bounds them).
  std::atomic<std::size_t> unsent_bytes{0};
  std::mutex connections_mutex;
  std::unordered_set<Connection*> connections;  // every open one, for stop()
  // The open (counted) connections of each client address.
  std::unordered_map<std::string, std::size_t> connections_per_client;
  std::unique_ptr<WorkerPool> workers;  // while run() runs
};

// One client's connection: reads its requests one after another, hands each
// to a worker, writes the answer, and keeps the connection for the next
// while both sides want it. All of it runs on the I/O thread but the handler.
class Connection : public std::enable_shared_from_this<Connection> {
 public:
  Connection(HttpServer::Impl& server, tcp::socket socket, std::string remote_address,
             bool counted);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Reads the first request (header timeout from now).
  void start();
  // Past --max-connections or --connections-per-client: a 503 with
  // `message`, and the connection closed.
  void refuse(std::string_view message);
  // On stop: drops the connection unless a request of it is being answered.
  void close_if_reading();
  // Whether it waits for a request (idle, or reading one), as a connection
  // that may be shed to make room for another.
  bool waiting() const { return phase_ == Phase::kReading; }
  std::chrono::steady_clock::time_point waiting_since() const { return waiting_since_; }
  const std::string& remote_address() const { return remote_address_; }
  // Closes it now, and its place is free at once.
  void shed() { close(); }

 private:
  enum class Phase { kReading, kAnswering, kClosing };
  // What the log and the answer need of the request being answered.
  struct RequestFacts {
    std::string method;
    std::string target;
    std::string referer;
    std::string user_agent;
    unsigned version = 11;
    bool keep_alive = false;
    std::chrono::system_clock::time_point time;
  };

  void wait_for_request();
  void read_request();
  void on_read(const beast::error_code& error);
  void refuse_request(unsigned status, std::string_view message);
  bool request_line_too_long() const;
  bool start_line_read() const;
  bool names_a_version() const;
  void dispatch();
  WireResponse within_unsent_budget(WireResponse response);
  void release_unsent();
  void release_slot();
  void write(WireResponse response, bool keep_alive);
  void on_write(const beast::error_code& error);
  void log_request();
  void close();
  void linger_then_close();
  void drop_input_then_close();

  HttpServer::Impl& server_;
  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  WireResponse response_;
  RequestFacts facts_;
  std::string remote_address_;
  Phase phase_ = Phase::kReading;
  std::chrono::steady_clock::time_point waiting_since_ = std::chrono::steady_clock::now();
  bool keep_alive_ = false;
  bool counted_;            // one of the open connections --max-connections bounds
  bool slot_held_;          // counted, and not closed yet
  std::size_t unsent_ = 0;  // bytes of response_ counted in the server's unsent_bytes
};

Connection::Connection(HttpServer::Impl& server, tcp::socket socket, std::string remote_address,
                       bool counted)
    : server_(server),
      stream_(std::move(socket)),
      buffer_(server.settings.max_header_bytes + server.settings.max_body_bytes + 4096),
      remote_address_(std::move(remote_address)),
      counted_(counted),
      slot_held_(counted) {
  if (counted_) ++server_.open_connections;
  std::lock_guard lock(server_.connections_mutex);
  server_.connections.insert(this);
  if (counted_) ++server_.connections_per_client[remote_address_];
}

Connection::~Connection() {
  release_slot();
  release_unsent();
  if (!counted_) --server_.refusing;
  std::lock_guard lock(server_.connections_mutex);
  server_.connections.erase(this);
}

// Its place among the open connections, given back when it closes rather
// than when the last handler lets go of it, so that a shed connection makes
// room at once.
void Connection::release_slot() {
  if (!slot_held_) return;
  slot_held_ = false;
  --server_.open_connections;
  std::lock_guard lock(server_.connections_mutex);
  const auto found = server_.connections_per_client.find(remote_address_);
  if (found != server_.connections_per_client.end() && --found->second == 0) {
    server_.connections_per_client.erase(found);
  }
}

void Connection::start() {
  waiting_since_ = std::chrono::steady_clock::now();
  stream_.expires_after(server_.settings.header_timeout);
  read_request();
}

void Connection::refuse(std::string_view message) {
  facts_ = RequestFacts{};
  facts_.time = std::chrono::system_clock::now();
  phase_ = Phase::kClosing;
  write(wire_response(busy_error(message, server_.settings.retry_after_seconds), WireOptions{}),
        false);
}

void Connection::close_if_reading() {
  if (phase_ == Phase::kReading) stream_.cancel();
}

// A kept-alive connection: its next request, which may have come with the
// last one (pipelined), within the idle timeout; then its headers within the
// header timeout.
void Connection::wait_for_request() {
  if (server_.stopping) return close();
  phase_ = Phase::kReading;
  waiting_since_ = std::chrono::steady_clock::now();
  if (buffer_.size() > 0) {
    stream_.expires_after(server_.settings.header_timeout);
    return read_request();
  }
  stream_.expires_after(server_.settings.idle_timeout);
  stream_.async_read_some(
      buffer_.prepare(4096),
      [self = shared_from_this()](const beast::error_code& error, std::size_t bytes) {
        if (error) return self->close();
        self->buffer_.commit(bytes);
        self->stream_.expires_after(self->server_.settings.header_timeout);
        self->read_request();
      });
}

void Connection::read_request() {
  parser_.emplace();
  parser_->header_limit(static_cast<std::uint32_t>(server_.settings.max_header_bytes));
  parser_->body_limit(server_.settings.max_body_bytes);
  http::async_read(stream_, buffer_, *parser_,
                   [self = shared_from_this()](const beast::error_code& error, std::size_t) {
                     self->on_read(error);
                   });
}

void Connection::on_read(const beast::error_code& error) {
  if (!error) return dispatch();
  if (error == http::error::header_limit || error == http::error::buffer_overflow) {
    if (request_line_too_long()) {
      return refuse_request(414, "the request line is longer than the server allows (" +
                                     std::to_string(server_.settings.max_request_line) +
                                     " bytes); shorten the query");
    }
    return refuse_request(431, "the request's headers are larger than the server allows (" +
                                   std::to_string(server_.settings.max_header_bytes) + " bytes)");
  }
  if (error == http::error::body_limit) {
    return refuse_request(413, "the request's body is larger than the server allows (" +
                                   std::to_string(server_.settings.max_body_bytes) +
                                   " bytes); the API takes GET requests without a body");
  }
  if (error == http::error::bad_version && names_a_version()) {
    return refuse_request(505,
                          "the server speaks HTTP/1.1 and HTTP/1.0, not the version of "
                          "this request; send it as HTTP/1.1");
  }
  // A malformed request (not a closed or timed-out connection): say so.
  if (error.category() == http::make_error_code(http::error::bad_method).category() &&
      error != http::error::end_of_stream && error != http::error::partial_message) {
    return refuse_request(400, "the request is not valid HTTP/1.1: " + error.message());
  }
  close();  // the client left, or was too slow (the header timeout)
}

// Whether the parser has read the request line (Beast then drops it from the
// buffer, and what is left is headers).
bool Connection::start_line_read() const { return parser_ && !parser_->get().target().empty(); }

// Whether the request line, still in the buffer unparsed, ends with a well
// formed version ("HTTP/2.0"): one the server does not speak (505), not a
// malformed request (400).
bool Connection::names_a_version() const {
  std::string_view line(static_cast<const char*>(buffer_.data().data()), buffer_.size());
  line = line.substr(0, line.find('\n'));
  if (line.ends_with('\r')) line.remove_suffix(1);
  constexpr std::string_view kPrefix = " HTTP/";
  if (line.size() < kPrefix.size() + 3) return false;
  const std::string_view version = line.substr(line.size() - kPrefix.size() - 3);
  const auto digit = [](char c) { return c >= '0' && c <= '9'; };
  return version.starts_with(kPrefix) && digit(version[6]) && version[7] == '.' &&
         digit(version[8]);
}

// Whether the request line, still in the buffer unparsed, is past its bound.
// Once it was read, a bound passed is the headers' however long their lines.
bool Connection::request_line_too_long() const {
  if (start_line_read()) return false;
  const std::string_view data(static_cast<const char*>(buffer_.data().data()), buffer_.size());
  const std::size_t end = data.find('\n');
  return (end == std::string_view::npos ? data.size() : end) > server_.settings.max_request_line;
}

void Connection::refuse_request(unsigned status, std::string_view message) {
  facts_ = RequestFacts{};
  facts_.time = std::chrono::system_clock::now();
  // The request line, when it was read (a body too large is seen in the headers).
  if (start_line_read()) {
    facts_.method = std::string(parser_->get().method_string());
    facts_.target = std::string(parser_->get().target());
  }
  phase_ = Phase::kClosing;
  write(wire_response(transport_error(status, message), WireOptions{}), false);
}

// The request read: to a worker, or a 503 when the queue is full.
void Connection::dispatch() {
  const auto& request = parser_->get();
  // HTTP/1.0 clients (curl -0, ab, some proxies) are answered in HTTP/1.0
  // (Beast reads 1.0 and 1.1 only: on_read refuses the others).
  facts_ = RequestFacts{std::string(request.method_string()),
                        std::string(request.target()),
                        std::string(request[http::field::referer]),
                        std::string(request[http::field::user_agent]),
                        request.version(),
                        request.keep_alive(),
                        std::chrono::system_clock::now()};
  if (request.target().size() > server_.settings.max_request_line) {
    return refuse_request(414, "the request target is longer than the server allows (" +
                                   std::to_string(server_.settings.max_request_line) +
                                   " bytes); shorten the query");
  }
  const WireOptions options{facts_.version, request.method() == http::verb::head,
                            accepts_gzip(request[http::field::accept_encoding]),
                            server_.settings.gzip_min_bytes};
  HttpRequest exchange;
  exchange.method = options.head ? "GET" : facts_.method;
  exchange.target = facts_.target;
  for (const auto& field : request) {
    exchange.headers.emplace_back(lower_case(field.name_string()), std::string(field.value()));
  }
  phase_ = Phase::kAnswering;
  auto work = asio::make_work_guard(server_.io);  // run() waits for the answer
  const bool queued = server_.workers->try_submit(
      [self = shared_from_this(), exchange = std::move(exchange), options, work]() mutable {
        WireResponse response = self->server_.answer(exchange, options);
        auto executor = self->stream_.get_executor();
        asio::post(executor, [self = std::move(self), response = std::move(response)]() mutable {
          self->write(self->within_unsent_budget(std::move(response)), self->facts_.keep_alive);
        });
      });
  if (!queued) {
    write(wire_response(busy_error("the server is answering as many searches as its queue "
                                   "holds (--queue); try again shortly",
                                   server_.settings.retry_after_seconds),
                        options),
          facts_.keep_alive);
  }
}

// The handler's answer, counted in the bytes waiting for their clients; a
// large one past the budget is a 503 instead, so that answers nobody reads
// cannot take the server's memory (each is held until written whole). One
// larger than the whole budget is sent when no other waits.
WireResponse Connection::within_unsent_budget(WireResponse response) {
  const std::size_t bytes = response.body().size();
  const ServerSettings& settings = server_.settings;
  const std::size_t unsent = server_.unsent_bytes;
  if (bytes >= settings.always_sent_bytes && unsent > 0 &&
      unsent + bytes > settings.max_unsent_bytes) {
    return wire_response(busy_error("the server holds as many answers waiting for their clients "
                                    "as its memory allows (--unsent-memory); try again shortly, "
                                    "or ask for less (limit, snippet)",
                                    settings.retry_after_seconds),
                         WireOptions{facts_.version});
  }
  unsent_ = bytes;
  server_.unsent_bytes += bytes;
  return response;
}

void Connection::release_unsent() {
  server_.unsent_bytes -= unsent_;
  unsent_ = 0;
}

void Connection::write(WireResponse response, bool keep_alive) {
  response_ = std::move(response);
  keep_alive_ = keep_alive && !server_.stopping;
  response_.keep_alive(keep_alive_);
  stream_.expires_after(server_.settings.write_timeout);
  http::async_write(stream_, response_,
                    [self = shared_from_this()](const beast::error_code& error, std::size_t) {
                      self->on_write(error);
                    });
}

void Connection::on_write(const beast::error_code& error) {
  log_request();
  response_.body() = std::string();  // the memory of a large answer, free at once
  release_unsent();
  if (error) return close();
  if (phase_ == Phase::kClosing) return linger_then_close();
  if (!keep_alive_) return close();
  wait_for_request();
}

void Connection::log_request() {
  if (!server_.access_log) return;
  server_.access_log->write(AccessLogEntry{
      remote_address_, facts_.time, facts_.method, facts_.target, facts_.version,
      response_.result_int(), response_.body().size(), facts_.referer, facts_.user_agent});
}

void Connection::close() {
  phase_ = Phase::kClosing;
  beast::error_code ignored;
  stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
  stream_.close();
  release_slot();
}

// After an error answer: no more writing, and what the client still sends
// (the rest of a body too large) is read and dropped for a moment, so that
// closing does not reset the connection before the client has read the answer.
void Connection::linger_then_close() {
  beast::error_code ignored;
  stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
  stream_.expires_after(kLingerTime);
  drop_input_then_close();
}

void Connection::drop_input_then_close() {
  buffer_.clear();
  stream_.async_read_some(buffer_.prepare(4096),
                          [self = shared_from_this()](const beast::error_code& error, std::size_t) {
                            if (error)
                              return self->close();  // the client's end, or the linger time is over
                            self->drop_input_then_close();
                          });
}

HttpServer::Impl::Impl(ServerSettings settings_in, HttpHandler handler_in, AccessLog* log)
    : settings(std::move(settings_in)),
      handler(std::move(handler_in)),
      access_log(log),
      threads(settings.threads > 0 ? settings.threads
                                   : std::max(1u, std::thread::hardware_concurrency())) {
  beast::error_code error;
  const asio::ip::address address = asio::ip::make_address(settings.address, error);
  if (error) {
    throw std::runtime_error("cannot listen on " + settings.address +
                             ": not an IP address; give one such as 127.0.0.1 or ::1");
  }
  const tcp::endpoint endpoint(address, settings.port);
  const std::string where =
      address.is_v6() ? "[" + settings.address + "]:" : settings.address + ":";
  acceptor.open(endpoint.protocol(), error);
  if (!error) acceptor.set_option(asio::socket_base::reuse_address(true), error);
  if (!error) acceptor.bind(endpoint, error);
  if (!error) acceptor.listen(asio::socket_base::max_listen_connections, error);
  if (error) {
    throw std::runtime_error("cannot listen on " + where + std::to_string(settings.port) + ": " +
                             error.message() +
                             (error == asio::error::address_in_use
                                  ? "; another program listens there: stop it or choose another "
                                    "port with --listen"
                                  : "; choose an address of this machine and a port above 1023 "
                                    "with --listen"));
  }
  local_endpoint = acceptor.local_endpoint();
  if (settings.stop_on_signals) {
    signals.emplace(io, SIGINT, SIGTERM);
    signals->async_wait([this](const beast::error_code& wait_error, int) {
      if (!wait_error) begin_stop();
    });
    // Registered until the server goes, also while it stops: a SIGHUP (a
    // closed terminal, a log rotation) must never end it with its requests.
    hangups.emplace(io, SIGHUP);
    await_hangup();
  }
}

void HttpServer::Impl::await_hangup() {
  hangups->async_wait([this](const beast::error_code& wait_error, int) {
    if (wait_error) return;
    if (settings.on_hangup) settings.on_hangup();
    await_hangup();
  });
}

void HttpServer::Impl::accept() {
  acceptor.async_accept([this](const beast::error_code& error, tcp::socket socket) {
    on_accept(error, std::move(socket));
  });
}

void HttpServer::Impl::on_accept(const beast::error_code& error, tcp::socket socket) {
  if (stopping || error == asio::error::operation_aborted) return;
  if (error) {
    // Out of file descriptors, most often: accept again in a moment rather
    // than spinning on the error.
    accept_pause.expires_after(std::chrono::milliseconds(50));
    accept_pause.async_wait([this](const beast::error_code& wait_error) {
      if (!wait_error) accept();
    });
    return;
  }
  beast::error_code ignored;
  socket.set_option(tcp::no_delay(true), ignored);
  std::string address = socket.remote_endpoint(ignored).address().to_string();
  if (connections_from(address) >= settings.max_connections_per_client) {
    refuse(std::move(socket), std::move(address),
           "this client has as many connections open as the server allows one address "
           "(--connections-per-client); reuse them, or try again shortly");
  } else if (open_connections < settings.max_connections || shed_waiting_connection()) {
    std::make_shared<Connection>(*this, std::move(socket), std::move(address), true)->start();
  } else {
    refuse(std::move(socket), std::move(address),
           "the server has as many connections as it allows (--max-connections); try again "
           "shortly");
  }
  accept();
}

std::size_t HttpServer::Impl::connections_from(const std::string& address) {
  std::lock_guard lock(connections_mutex);
  const auto found = connections_per_client.find(address);
  return found == connections_per_client.end() ? 0 : found->second;
}

// Idle connections and slow ones go before a new client is refused: they
// cost the server a place and their clients little (a client reopens an idle
// connection that was closed), and a client that holds many loses its own.
bool HttpServer::Impl::shed_waiting_connection() {
  std::shared_ptr<Connection> victim;
  {
    std::lock_guard lock(connections_mutex);
    std::size_t victim_share = 0;
    for (Connection* connection : connections) {
      if (!connection->waiting()) continue;
      const auto share = connections_per_client.find(connection->remote_address());
      const std::size_t held = share == connections_per_client.end() ? 0 : share->second;
      const bool better =
          !victim || held > victim_share ||
          (held == victim_share && connection->waiting_since() < victim->waiting_since());
      if (!better) continue;
      if (auto alive = connection->weak_from_this().lock()) {
        victim = std::move(alive);
        victim_share = held;
      }
    }
  }
  if (!victim) return false;
  victim->shed();
  return true;
}

void HttpServer::Impl::refuse(tcp::socket socket, std::string address, std::string_view message) {
  if (refusing < kMaxRefusing) {
    ++refusing;
    std::make_shared<Connection>(*this, std::move(socket), std::move(address), false)
        ->refuse(message);
  } else {
    refuse_at_once(socket, message);
  }
}

// Many refusals at once (a flood): the 503 is written now, without waiting
// for the client, and the socket closed; it fits in the socket's buffer. What
// the client sent already is read first, so that the close does not reset the
// connection before the client reads the answer.
void HttpServer::Impl::refuse_at_once(tcp::socket& socket, std::string_view message) {
  beast::error_code error;
  socket.non_blocking(true, error);
  std::string drained(kRefusalDrainBytes, '\0');
  for (int read = 0; read < 4 && !error; ++read) socket.read_some(asio::buffer(drained), error);
  const std::string answer =
      serialized(wire_response(busy_error(message, settings.retry_after_seconds), WireOptions{}));
  error = {};
  asio::write(socket, asio::buffer(answer), error);
  socket.shutdown(tcp::socket::shutdown_both, error);
  socket.close(error);
}

void HttpServer::Impl::begin_stop() {
  if (stopping.exchange(true)) return;
  beast::error_code ignored;
  acceptor.close(ignored);
  accept_pause.cancel();
  if (signals) {
    signals->cancel(ignored);
    signals->clear(ignored);  // a second signal ends the program at once
  }
  // No more waiting for SIGHUP (run() returns when nothing waits), but it
  // stays registered, and so harmless, until the server goes.
  if (hangups) hangups->cancel(ignored);
  std::lock_guard lock(connections_mutex);
  for (Connection* connection : connections) connection->close_if_reading();
}

WireResponse HttpServer::Impl::answer(const HttpRequest& request, const WireOptions& options) {
  HttpResponse response;
  try {
    response = handler(request);
  } catch (const std::exception& error) {
    response = transport_error(500, std::string("the server failed: ") + error.what());
  } catch (...) {  // escaping the worker thread would end the program
    response = transport_error(500, "the server failed with an error of an unknown kind");
  }
  try {
    return wire_response(std::move(response), options);
  } catch (const std::exception& error) {  // gzip out of memory
    return wire_response(transport_error(500, std::string("the server failed: ") + error.what()),
                         WireOptions{options.version, options.head, false, 0});
  }
}

HttpServer::HttpServer(ServerSettings settings, HttpHandler handler, AccessLog* access_log)
    : impl_(std::make_unique<Impl>(std::move(settings), std::move(handler), access_log)) {}

HttpServer::~HttpServer() = default;

unsigned short HttpServer::port() const { return impl_->local_endpoint.port(); }

std::string HttpServer::listening_on() const {
  const asio::ip::address address = impl_->local_endpoint.address();
  const std::string host = address.is_v6() ? "[" + address.to_string() + "]" : address.to_string();
  return host + ":" + std::to_string(port());
}

bool HttpServer::loopback_only() const { return impl_->local_endpoint.address().is_loopback(); }

unsigned HttpServer::threads() const { return impl_->threads; }

void HttpServer::run() {
  impl_->workers = std::make_unique<WorkerPool>(impl_->threads, impl_->settings.queue);
  impl_->accept();
  impl_->io.run();
  // Every answer was written (each held the I/O open until then): the
  // workers have nothing left.
  impl_->workers.reset();
}

void HttpServer::stop() {
  asio::post(impl_->io, [impl = impl_.get()] { impl->begin_stop(); });
}

}  // namespace paperdex::serve
