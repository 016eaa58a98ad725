// paperdex-http-floor: the least an HTTP exchange over loopback costs on this
// machine, the floor under paperdex-serve's transport (bench/serve_bench.sh).
// It answers every GET with the same body, read once from a file (a real
// /search answer), over kept-alive connections, each connection on a thread
// of its own doing blocking Beast reads and writes: no parsing of the target,
// no search, no queue, no hand-off between threads. serve_bench.sh drives it
// with paperdex-serve-load as it drives paperdex-serve and reads the CPU
// time both sides spend per request.
//
// usage: paperdex-http-floor BODY_FILE
// Prints "listening on http://127.0.0.1:PORT/" (an ephemeral port) and serves
// until SIGTERM or SIGINT.
#include <csignal>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <thread>

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>

namespace asio = boost::asio;
namespace http = boost::beast::http;
using tcp = asio::ip::tcp;

namespace {

// One connection's requests, answered in turn until the client closes it.
void serve_connection(tcp::socket socket, const std::string& body) {
  boost::beast::flat_buffer buffer;
  boost::beast::error_code error;
  for (;;) {
    http::request<http::string_body> request;
    http::read(socket, buffer, request, error);
    if (error) return;
    http::response<http::string_body> response(http::status::ok, request.version());
    response.set(http::field::content_type, "application/json; charset=utf-8");
    response.keep_alive(request.keep_alive());
    response.body() = body;
    response.prepare_payload();
    http::write(socket, response, error);
    if (error || !request.keep_alive()) return;
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: paperdex-http-floor BODY_FILE\n";
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    std::cerr << "paperdex-http-floor: cannot read " << argv[1] << "\n";
    return 2;
  }
  const std::string body{std::istreambuf_iterator<char>(in), {}};
  asio::io_context io(1);
  tcp::acceptor acceptor(io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
  std::cout << "listening on http://127.0.0.1:" << acceptor.local_endpoint().port() << "/"
            << std::endl;
  std::signal(SIGTERM, [](int) { std::_Exit(0); });
  std::signal(SIGINT, [](int) { std::_Exit(0); });
  for (;;) {
    tcp::socket socket(io);
    acceptor.accept(socket);
    socket.set_option(tcp::no_delay(true));
    std::thread(serve_connection, std::move(socket), std::cref(body)).detach();
  }
}
