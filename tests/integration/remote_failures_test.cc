// Several databases opened as one (Searcher(locations, options)), and remote
// shards that fail (#34): the failure names the shard as tcp://HOST:PORT and
// comes within the time limit; with allow_partial the other databases answer,
// the result marked partial. The remote shards here are sockets on 127.0.0.1:
// a port nothing listens on (refused at once), and one that accepts
// connections but never answers (a silent host). tests/netns/ tests real
// shard servers on other hosts.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <stdexcept>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "index_test_support.h"
#include "paperdex/searcher.h"
#include "test_support.h"

namespace {

// A TCP socket on 127.0.0.1 at a port of the system's choosing: listening
// (connections wait in its backlog, never answered) or closed again (the
// port then refuses connections).
class LoopbackPort {
 public:
  explicit LoopbackPort(bool listening) : fd_(socket(AF_INET, SOCK_STREAM, 0)) {
    REQUIRE(fd_ >= 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    REQUIRE(bind(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
    socklen_t length = sizeof address;
    REQUIRE(getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length) == 0);
    port_ = ntohs(address.sin_port);
    if (listening) {
      REQUIRE(listen(fd_, 16) == 0);
    } else {
      close(fd_);
      fd_ = -1;
    }
  }
  ~LoopbackPort() {
    if (fd_ >= 0) close(fd_);
  }
  LoopbackPort(const LoopbackPort&) = delete;
  LoopbackPort& operator=(const LoopbackPort&) = delete;

  std::string location() const { return "tcp://127.0.0.1:" + std::to_string(port_); }

 private:
  int fd_;
  unsigned port_ = 0;
};

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::vector<std::string> ids_of(const paperdex::SearchResult& result) {
  std::vector<std::string> ids;
  for (const paperdex::Hit& hit : result.hits) ids.push_back(hit.id);
  return ids;
}

paperdex::SearchRequest request_for(const std::string& query, bool allow_partial) {
  paperdex::SearchRequest request;
  request.query = query;
  request.time_limit_seconds = 1;
  request.allow_partial = allow_partial;
  return request;
}

}  // namespace

TEST_CASE("a remote shard that refuses connections is named, or left out with allow_partial",
          "[remote][integration]") {
  const std::string index = paperdex::test::corpus_index().path();
  const LoopbackPort refused(false);
  const std::vector<std::string> locations = {index, refused.location()};
  paperdex::SearcherOptions options;
  options.time_limit_seconds = 1;
  CHECK_THROWS_WITH(paperdex::Searcher(locations, options),
                    Catch::Contains("the remote shard " + refused.location()) &&
                        Catch::Contains("check that its xapian-tcpsrv is running"));

  options.allow_partial = true;
  paperdex::Searcher partial(locations, options);
  paperdex::Searcher whole(index);
  const paperdex::SearchResult result = partial.search(request_for("optical network", true));
  CHECK(result.partial);
  CHECK(result.missing_shards == std::vector<std::string>{refused.location()});
  CHECK_THAT(result.notes.back(), Catch::StartsWith("partial results: the remote shard " +
                                                    refused.location() + " is left out"));
  const paperdex::SearchResult reference = whole.search(request_for("optical network", false));
  REQUIRE(!reference.hits.empty());
  CHECK(ids_of(result) == ids_of(reference));
  CHECK(result.total == reference.total);
  CHECK_FALSE(reference.partial);

  // A search that does not allow partial results tries the shard again.
  CHECK_THROWS_WITH(partial.search(request_for("optical network", false)),
                    Catch::Contains(refused.location()));
}

TEST_CASE("a silent remote shard is given up within the time limit", "[remote][integration]") {
  const std::string index = paperdex::test::corpus_index().path();
  const LoopbackPort silent(true);
  const std::vector<std::string> locations = {index, silent.location()};
  paperdex::SearcherOptions options;
  options.time_limit_seconds = 1;

  auto start = std::chrono::steady_clock::now();
  CHECK_THROWS_WITH(paperdex::Searcher(locations, options),
                    Catch::Contains("the remote shard " + silent.location()));
  // The time limit and a second for the connection's answer, and a margin.
  CHECK(seconds_since(start) < 1 + 1 + 1);

  options.allow_partial = true;
  start = std::chrono::steady_clock::now();
  paperdex::Searcher partial(locations, options);
  const paperdex::SearchResult result = partial.search(request_for("optical network", true));
  CHECK(seconds_since(start) < 1 + 0.5);  // half the limit for the shard, and a margin
  CHECK(result.partial);
  CHECK(result.missing_shards == std::vector<std::string>{silent.location()});
  // The answer of the index that did answer, whole.
  const paperdex::SearchResult reference =
      paperdex::Searcher(index).search(request_for("optical network", false));
  REQUIRE_FALSE(reference.hits.empty());
  CHECK(ids_of(result) == ids_of(reference));
  CHECK(result.total == reference.total);
}

TEST_CASE("locations are index directories, stubs or tcp://HOST:PORT", "[remote][integration]") {
  CHECK_THROWS_AS(paperdex::Searcher(std::vector<std::string>{}, {}), std::invalid_argument);
  for (const std::string bad :
       {"tcp://127.0.0.1", "tcp://127.0.0.1:http", "tcp://::1:7000", "tcp://127.0.0.1:70000"}) {
    CHECK_THROWS_WITH(paperdex::Searcher(bad),
                      Catch::Contains("a remote shard is tcp://HOST:PORT"));
  }
  // One location is one index, whichever constructor opens it.
  const std::string index = paperdex::test::corpus_index().path();
  paperdex::Searcher one(std::vector<std::string>{index}, {});
  paperdex::Searcher whole(index);
  CHECK(one.document_count() == whole.document_count());
  // Several: their sizes add up; saved searches need one index to be kept in.
  paperdex::Searcher twice(std::vector<std::string>{index, index}, {});
  CHECK(twice.index_info().size_bytes == 2 * whole.index_info().size_bytes);
  CHECK_THROWS_WITH(twice.save_search("mine", request_for("optical", false)),
                    Catch::Contains("is several databases"));
}
