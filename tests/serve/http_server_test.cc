// The HTTP transport (serve/server/http_server.h) on a real socket with test
// handlers: keep-alive, HEAD, gzip, the bounds on requests, connections and
// the queue, the header timeout, a graceful stop and the access log.
#include "http_server.h"

#include <zlib.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <fstream>
#include <memory>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "access_log.h"
#include "gzip_body.h"
#include "serve_test_support.h"
#include "test_support.h"

namespace {

using paperdex::serve::HttpRequest, paperdex::serve::HttpResponse, paperdex::serve::ServerSettings;
using paperdex::test::Gate, paperdex::test::RawClient, paperdex::test::Reply,
    paperdex::test::TestServer;

// Answers JSON naming the method and target, `size` bytes long at least.
paperdex::serve::HttpHandler echo_handler(std::size_t size = 0) {
  return [size](const HttpRequest& request) {
    HttpResponse response;
    response.content_type = "application/json; charset=utf-8";
    response.body = "{\"method\":\"" + request.method + "\",\"target\":\"" + request.target +
                    "\",\"pad\":\"" + std::string(size, 'x') + "\"}";
    return response;
  };
}

ServerSettings small_settings() {
  ServerSettings settings;
  settings.threads = 2;
  return settings;
}

std::string gunzip(const std::string& data) {
  z_stream stream{};
  REQUIRE(inflateInit2(&stream, 15 + 16) == Z_OK);
  std::string out(1 << 20, '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  stream.avail_in = static_cast<uInt>(data.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  const int status = inflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  inflateEnd(&stream);
  REQUIRE(status == Z_STREAM_END);
  return out;
}

// The transport's own error: the API's JSON shape, and as every answer of the
// API, not to be sniffed as another type (docs/http-api.md).
bool is_json_error(const Reply& reply) {
  return reply.header("content-type").starts_with("application/json") &&
         reply.header("x-content-type-options") == "nosniff" &&
         paperdex::test::contains(reply.body, "\"error\":") &&
         paperdex::test::contains(reply.body, std::to_string(reply.status));
}

// The answer to `request`, sent as written on a connection of its own: for
// requests no client library would send.
Reply reply_to_raw(const TestServer& server, const std::string& request) {
  RawClient client(server.port());
  client.send(request);
  return client.read();
}

// The echo handler, each call held at `gate` until it opens: requests that
// stay in a worker for as long as a test needs.
auto gated_echo(Gate& gate) {
  return [&gate](const HttpRequest& request) {
    gate.wait();
    return echo_handler()(request);
  };
}

// Sends a request on each of `first` and `second` and waits until `gate`
// holds both handlers: the two connections are busy, so the server can
// neither shed them as idle nor give their places to another.
void hold_both(RawClient& first, RawClient& second, Gate& gate) {
  first.send("GET /1 HTTP/1.1\r\nHost: t\r\n\r\n");
  second.send("GET /2 HTTP/1.1\r\nHost: t\r\n\r\n");
  REQUIRE(gate.await_waiting(2));
}

}  // namespace

TEST_CASE("a kept-alive connection answers one request after another", "[serve][http]") {
  std::atomic<int> calls = 0;
  TestServer server(small_settings(), [&](const HttpRequest& request) {
    ++calls;
    return echo_handler()(request);
  });
  RawClient client(server.port());
  for (const std::string target : {"/search?q=one", "/search?q=two", "/health"}) {
    const Reply reply = client.get(target);
    CHECK(reply.status == 200);
    CHECK(reply.keep_alive);
    CHECK(paperdex::test::contains(reply.body, "\"target\":\"" + target + "\""));
  }
  CHECK(calls == 3);
  // Connection: close is honoured: the answer, then the end of the connection.
  const Reply last = client.get("/x", "Connection: close\r\n");
  CHECK(last.status == 200);
  CHECK_FALSE(last.keep_alive);
  CHECK(client.closed_by_server());
}

TEST_CASE("HEAD is the GET's headers without its body", "[serve][http]") {
  TestServer server(small_settings(), echo_handler(100));
  RawClient client(server.port());
  const Reply get = client.get("/search?q=x");
  client.send("HEAD /search?q=x HTTP/1.1\r\nHost: test\r\n\r\n");
  const Reply head = client.read(true);
  CHECK(head.status == 200);
  CHECK(head.body.empty());
  CHECK(head.header("content-length") == std::to_string(get.body.size()));
  CHECK(head.header("content-type") == get.header("content-type"));
  // The handler saw a GET; the connection goes on after the bodiless answer.
  CHECK(paperdex::test::contains(get.body, "\"method\":\"GET\""));
  CHECK(client.get("/after").status == 200);
}

TEST_CASE("bodies worth it are gzipped when the client accepts gzip", "[serve][http][gzip]") {
  TestServer server(small_settings(), echo_handler(5000));
  RawClient client(server.port());
  const Reply plain = client.get("/big");
  CHECK(plain.header("content-encoding").empty());
  CHECK(plain.header("vary") == "Accept-Encoding");
  const Reply gzipped = client.get("/big", "Accept-Encoding: br, gzip;q=0.8\r\n");
  CHECK(gzipped.header("content-encoding") == "gzip");
  CHECK(gzipped.header("vary") == "Accept-Encoding");
  CHECK(gzipped.body.size() < plain.body.size() / 4);
  CHECK(gunzip(gzipped.body) == plain.body);
  // Refused by q=0; a HEAD tells the gzipped length.
  CHECK(client.get("/big", "Accept-Encoding: gzip;q=0\r\n").header("content-encoding").empty());
  client.send("HEAD /big HTTP/1.1\r\nHost: t\r\nAccept-Encoding: gzip\r\n\r\n");
  CHECK(client.read(true).header("content-length") == std::to_string(gzipped.body.size()));

  TestServer small(small_settings(), echo_handler(10));
  RawClient small_client(small.port());
  const Reply tiny = small_client.get("/small", "Accept-Encoding: gzip\r\n");
  CHECK(tiny.header("content-encoding").empty());
  CHECK(paperdex::test::contains(tiny.body, "/small"));
}

TEST_CASE("Accept-Encoding: gzip, x-gzip or * with a q-value above 0", "[serve][gzip]") {
  using paperdex::serve::accepts_gzip;
  CHECK(accepts_gzip("gzip"));
  CHECK(accepts_gzip("deflate, GZIP;q=0.5"));
  CHECK(accepts_gzip("*"));
  CHECK(accepts_gzip("x-gzip"));
  CHECK_FALSE(accepts_gzip(""));
  CHECK_FALSE(accepts_gzip("br, deflate"));
  CHECK_FALSE(accepts_gzip("gzip;q=0"));
  CHECK_FALSE(accepts_gzip("gzip; q=0.0, *"));
  CHECK_FALSE(accepts_gzip("*;q=0"));
}

TEST_CASE("a handler that throws gets a 500 with a JSON error, and the server goes on",
          "[serve][http]") {
  TestServer server(small_settings(), [](const HttpRequest& request) -> HttpResponse {
    if (request.target == "/std") throw std::runtime_error("disk on fire");
    if (request.target == "/other") throw 42;
    return echo_handler()(request);
  });
  RawClient client(server.port());
  const Reply standard = client.get("/std");
  CHECK(standard.status == 500);
  CHECK(is_json_error(standard));
  CHECK(paperdex::test::contains(standard.body, "disk on fire"));
  const Reply other = client.get("/other");
  CHECK(other.status == 500);
  CHECK(is_json_error(other));
  CHECK(client.get("/fine").status == 200);
}

TEST_CASE("oversized requests get 431, 414 and 413 with a JSON error", "[serve][http][bounds]") {
  ServerSettings settings = small_settings();
  settings.max_request_line = 1000;
  settings.max_header_bytes = 4000;
  settings.max_body_bytes = 100;
  std::atomic<int> calls = 0;
  TestServer server(settings, [&](const HttpRequest& request) {
    ++calls;
    return echo_handler()(request);
  });
  const std::string filler(900, 'a');
  SECTION("headers") {
    RawClient client(server.port());
    std::string headers;
    for (int i = 0; i < 6; ++i) headers += "X-Filler-" + std::to_string(i) + ": " + filler + "\r\n";
    const Reply reply = client.get("/search?q=x", headers);
    CHECK(reply.status == 431);
    CHECK(is_json_error(reply));
    CHECK_FALSE(reply.keep_alive);
  }
  SECTION("a request line past the line bound but within the header bound") {
    RawClient client(server.port());
    const Reply reply = client.get("/search?q=" + filler + filler);
    CHECK(reply.status == 414);
    CHECK(is_json_error(reply));
  }
  SECTION("a request line past the header bound too") {
    RawClient client(server.port());
    const Reply reply = client.get("/search?q=" + std::string(5000, 'b'));
    CHECK(reply.status == 414);
  }
  SECTION("a body") {
    RawClient client(server.port());
    const Reply reply = client.get("/search", "Content-Length: 5000\r\n");
    CHECK(reply.status == 413);
    CHECK(is_json_error(reply));
    CHECK(paperdex::test::contains(reply.body, "GET"));
  }
  SECTION("not HTTP") {
    const Reply reply = reply_to_raw(server, "GET /x HTTP/1.1\r\nBad Header\r\n\r\n");
    CHECK(reply.status == 400);
    CHECK(is_json_error(reply));
  }
  CHECK(calls == 0);
  RawClient after(server.port());
  CHECK(after.get("/fine").status == 200);
}

TEST_CASE("past --max-connections a new connection gets 503 and Retry-After", "[serve][bounds]") {
  ServerSettings settings = small_settings();
  settings.max_connections = 2;
  settings.retry_after_seconds = 3;
  Gate gate;
  TestServer server(settings, [&](const HttpRequest& request) {
    if (request.target != "/quick") gate.wait();
    return echo_handler()(request);
  });
  // Both places held by requests being answered: neither can make room.
  RawClient first(server.port());
  RawClient second(server.port());
  hold_both(first, second, gate);
  RawClient third(server.port());
  const Reply refused = third.read();
  CHECK(refused.status == 503);
  CHECK(refused.header("retry-after") == "3");
  CHECK(is_json_error(refused));
  CHECK(third.closed_by_server());
  // Answered, they wait for their next request: a new connection takes the
  // place of one, whose client finds it closed.
  gate.open();
  CHECK(first.read().status == 200);
  CHECK(second.read().status == 200);
  RawClient fourth(server.port());
  CHECK(fourth.get("/quick").status == 200);
  CHECK((first.closed_by_server() || second.closed_by_server()));
}

TEST_CASE("past the queue a request gets 503 and Retry-After at once", "[serve][bounds]") {
  ServerSettings settings = small_settings();
  settings.threads = 1;
  settings.queue = 1;
  Gate gate;
  TestServer server(settings, gated_echo(gate));
  RawClient running(server.port());
  running.send("GET /1 HTTP/1.1\r\nHost: t\r\n\r\n");
  REQUIRE(gate.await_waiting(1));  // the one worker holds /1
  RawClient queued(server.port());
  queued.send("GET /2 HTTP/1.1\r\nHost: t\r\n\r\n");
  std::this_thread::sleep_for(std::chrono::milliseconds(100));  // /2 waits in the queue
  RawClient refused(server.port());
  const Reply busy = refused.get("/3");
  CHECK(busy.status == 503);
  CHECK(busy.header("retry-after") == "1");
  CHECK(is_json_error(busy));
  CHECK(busy.keep_alive);  // the connection stays; its next request may find room
  gate.open();
  CHECK(running.read().status == 200);
  CHECK(queued.read().status == 200);
  CHECK(refused.get("/4").status == 200);
}

TEST_CASE("a slow client is dropped after the header timeout, others served meanwhile",
          "[serve][bounds][timeout]") {
  ServerSettings settings = small_settings();
  settings.header_timeout = std::chrono::milliseconds(400);
  settings.idle_timeout = std::chrono::milliseconds(800);
  TestServer server(settings, echo_handler());
  RawClient slow(server.port());
  slow.send("GET /slow HTTP/1.1\r\nHost: t\r\n");
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < 3; ++i) {
    slow.send("X-Drip: " + std::to_string(i) + "\r\n");  // bytes, never the end of the headers
    RawClient quick(server.port());
    CHECK(quick.get("/quick").status == 200);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  CHECK(slow.closed_by_server());
  const auto held = std::chrono::steady_clock::now() - start;
  CHECK(held >= std::chrono::milliseconds(250));
  CHECK(held < std::chrono::milliseconds(3000));

  // A kept-alive connection that says nothing goes after the idle timeout.
  RawClient idle(server.port());
  CHECK(idle.get("/once").status == 200);
  const auto idle_start = std::chrono::steady_clock::now();
  CHECK(idle.closed_by_server());
  CHECK(std::chrono::steady_clock::now() - idle_start >= std::chrono::milliseconds(600));
}

TEST_CASE("SIGTERM stops accepting, answers the request in flight, and run() returns",
          "[serve][signals]") {
  ServerSettings settings = small_settings();
  settings.stop_on_signals = true;
  Gate gate;
  auto server = std::make_unique<TestServer>(settings, gated_echo(gate));
  const unsigned short port = server->port();
  RawClient in_flight(port);
  in_flight.send("GET /long HTTP/1.1\r\nHost: t\r\n\r\n");
  RawClient idle(port);
  REQUIRE(gate.await_waiting(1));
  REQUIRE(std::raise(SIGTERM) == 0);
  CHECK(idle.closed_by_server());  // no request of its own: closed at once
  gate.open();
  const Reply reply = in_flight.read();
  CHECK(reply.status == 200);
  CHECK_FALSE(reply.keep_alive);
  CHECK(paperdex::test::contains(reply.body, "/long"));
  server->join_and_forget();
  CHECK_THROWS(RawClient(port));  // nothing listens any more
}

TEST_CASE("the access log escapes what the client sent", "[serve][access-log]") {
  using paperdex::serve::escape_log_field;
  CHECK(escape_log_field("/search?q=a b") == "/search?q=a b");
  CHECK(escape_log_field("\x1b[31m\"x\"\\\n\xc3\xa9") ==
        "\\x1b[31m\\x22x\\x22\\x5c\\x0a\\xc3\\xa9");

  paperdex::test::TempDir dir;
  const std::string path = (dir.path() / "access.log").string();
  {
    paperdex::serve::AccessLog log(path);
    TestServer server(small_settings(), echo_handler(), &log);
    RawClient client(server.port());
    client.send(
        "GET /search?q=%22x%22&t=\xc3\xa9\" HTTP/1.1\r\nHost: t\r\n"
        "User-Agent: evil\" \"1.2.3.4\xff\r\nReferer: http://r/\r\n\r\n");
    CHECK(client.read().status == 200);
    RawClient second(server.port());
    CHECK(second.get("/next", "Content-Length: 99999\r\n").status == 413);
    RawClient third(server.port());
    third.send("\x1b]0;title\x07 / HTTP/1.1\r\n\r\n");  // not HTTP: no request to log
    CHECK(third.read().status == 400);
  }
  // One line each (in the order their answers were written: any).
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  REQUIRE(lines.size() == 3);
  const auto line_with = [&](const std::string& part) {
    const auto found = std::find_if(lines.begin(), lines.end(), [&](const std::string& line) {
      return paperdex::test::contains(line, part);
    });
    return found == lines.end() ? std::string() : *found;
  };
  const std::string search = line_with("/search");
  const std::string too_large = line_with("/next");
  const std::string unreadable = line_with("\"-\" 400");
  INFO(search);
  CHECK(std::regex_match(
      search, std::regex(R"(127\.0\.0\.1 - - \[\d\d/[A-Z][a-z]{2}/\d{4}:\d\d:\d\d:\d\d \+0000\] )"
                         R"("GET /search\?q=%22x%22&t=\\xc3\\xa9\\x22 HTTP/1\.1" 200 \d+ )"
                         R"("http://r/" "evil\\x22 \\x221\.2\.3\.4\\xff")")));
  INFO(too_large);
  CHECK(std::regex_search(too_large, std::regex(R"("GET /next HTTP/1\.1" 413 \d+ "-" "-"$)")));
  CHECK(std::regex_search(unreadable, std::regex(R"(\] "-" 400 \d+ "-" "-"$)")));
  for (const std::string& line : lines) {
    for (const char c : line) CHECK(static_cast<unsigned char>(c) >= 0x20);
  }
}

// Issue 48: what a hostile client could do to the transport.

TEST_CASE("headers past their bound get 431 however long their one line", "[serve][http][bounds]") {
  TestServer server(small_settings(), echo_handler());
  RawClient client(server.port());
  // A short request line and one header of 20 KiB: the headers' bound, not
  // the request line's (Beast has read the line when the bound is passed).
  const Reply reply = client.get("/search?q=x", "Cookie: " + std::string(20 * 1024, 'c') + "\r\n");
  CHECK(reply.status == 431);
  CHECK(is_json_error(reply));
  CHECK(paperdex::test::contains(reply.body, "headers"));
}

TEST_CASE("HTTP/1.0 is answered in HTTP/1.0, and another major version gets 505",
          "[serve][http][bounds]") {
  TestServer server(small_settings(), echo_handler());
  SECTION("HTTP/1.0, which closes after its answer unless it asks to keep alive") {
    RawClient client(server.port());
    client.send("GET /old HTTP/1.0\r\n\r\n");
    const Reply reply = client.read();
    CHECK(reply.status == 200);
    CHECK(paperdex::test::contains(reply.body, "/old"));
    CHECK_FALSE(reply.keep_alive);
    CHECK(client.closed_by_server());
    RawClient kept(server.port());
    kept.send("GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
    CHECK(kept.read().keep_alive);
    kept.send("GET /b HTTP/1.0\r\n\r\n");
    CHECK(kept.read().status == 200);
  }
  SECTION("HTTP/2.0 as text") {
    const Reply reply = reply_to_raw(server, "GET /new HTTP/2.0\r\nHost: t\r\n\r\n");
    CHECK(reply.status == 505);
    CHECK(is_json_error(reply));
  }
}

TEST_CASE("every connection refused in a flood gets its 503", "[serve][bounds]") {
  ServerSettings settings = small_settings();
  settings.max_connections = 2;
  Gate gate;
  TestServer server(settings, gated_echo(gate));
  // Both places held by requests being answered: no connection can be shed.
  RawClient first(server.port());
  RawClient second(server.port());
  hold_both(first, second, gate);
  std::vector<std::unique_ptr<RawClient>> flood;
  for (int i = 0; i < 100; ++i) flood.push_back(std::make_unique<RawClient>(server.port()));
  int refused = 0;
  for (auto& client : flood) {
    try {
      const Reply reply = client->read();
      if (reply.status == 503 && is_json_error(reply)) ++refused;
    } catch (const std::exception& error) {
      INFO(error.what());  // no answer at all: the defect
    }
  }
  CHECK(refused == 100);
  gate.open();
  CHECK(first.read().status == 200);
  CHECK(second.read().status == 200);
}

TEST_CASE("at the connection limit idle and slow connections make room for a new client",
          "[serve][bounds]") {
  ServerSettings settings = small_settings();
  settings.max_connections = 20;
  settings.max_connections_per_client = 12;
  TestServer server(settings, echo_handler());
  std::vector<std::unique_ptr<RawClient>> held;
  // One client's idle connections, another's slow ones (headers never ending).
  for (int i = 0; i < 12; ++i) {
    held.push_back(std::make_unique<RawClient>(server.port(), "127.0.0.2"));
  }
  // The 13th of 127.0.0.2 is past its own bound.
  RawClient greedy(server.port(), "127.0.0.2");
  CHECK(greedy.read().status == 503);
  for (int i = 0; i < 12; ++i) {
    held.push_back(std::make_unique<RawClient>(server.port(), "127.0.0.3"));
    held.back()->send("GET /slow HTTP/1.1\r\nHost: t\r\n");
  }
  for (const std::string source : {"127.0.0.4", "127.0.0.5", "127.0.0.6"}) {
    INFO(source);
    RawClient other(server.port(), source);
    const Reply reply = other.get("/hello");
    CHECK(reply.status == 200);
    CHECK(reply.keep_alive);
  }
}

TEST_CASE("answers nobody reads are held within the unsent-bytes budget, past it 503",
          "[serve][bounds][memory]") {
  ServerSettings settings = small_settings();
  settings.threads = 1;  // the requests answered in the order they came
  constexpr std::size_t kAnswer = 12 << 20;
  settings.max_unsent_bytes = 2 * kAnswer + kAnswer / 2;
  TestServer server(settings, echo_handler(kAnswer));
  std::vector<std::unique_ptr<RawClient>> readers;
  for (int i = 0; i < 5; ++i) {
    readers.push_back(std::make_unique<RawClient>(server.port()));
    readers.back()->send("GET /big/" + std::to_string(i) + " HTTP/1.1\r\nHost: t\r\n\r\n");
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
  }
  // The first two are held whole (more than the sockets take), the others refused. The
  // refused are read first: reading an answer frees its bytes, and a request the server has
  // not reached yet (a slow, sanitized build) would then fit.
  std::vector<unsigned> statuses(readers.size());
  for (std::size_t i = readers.size(); i-- > 0;) statuses[i] = readers[i]->read().status;
  CHECK(statuses == std::vector<unsigned>{200, 200, 503, 503, 503});
  // Read, they free the budget: the next large answer is sent.
  CHECK(readers[2]->get("/big/again").status == 200);
}
