// The harvest stage's parts (indexer/src/harvest): Retry-After, an OAI-PMH
// page read whole or refused, the state the index keeps, the one-page queue
// between fetching and indexing, the harvest's progress line, and the HTTP
// client against canned answers on 127.0.0.1.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

#include "harvest/harvest_state.h"
#include "harvest/http_client.h"
#include "harvest/oai_page.h"
#include "harvest/page_queue.h"
#include "progress_line.h"

using namespace paperdex::harvest;
using namespace std::chrono_literals;

namespace {

const std::string kPage =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<OAI-PMH xmlns=\"http://www.openarchives.org/OAI/2.0/\">\n"
    "<responseDate>2026-01-02T03:04:05Z</responseDate>\n"
    "<request verb=\"ListRecords\">https://oaipmh.arxiv.org/oai</request>\n"
    "<ListRecords>\n"
    "<record><header><identifier>oai:arXiv.org:0704.0001</identifier>"
    "<datestamp>2008-11-13</datestamp></header><metadata>"
    "<arXivRaw xmlns=\"http://arxiv.org/OAI/arXivRaw/\"><id>0704.0001</id>"
    "<title>Calculation of prompt diphoton production</title><authors>C. Balazs</authors>"
    "<version version=\"v1\"><date>Mon, 2 Apr 2007 19:18:42 GMT</date></version>"
    "</arXivRaw></metadata></record>\n"
    "<record><header status=\"deleted\"><identifier>oai:arXiv.org:0704.0002</identifier>"
    "<datestamp>2026-01-01</datestamp></header></record>\n"
    "<resumptionToken cursor=\"0\" completeListSize=\"1234\">token|1001</resumptionToken>\n"
    "</ListRecords>\n</OAI-PMH>\n";

std::string error_page(const std::string& code) {
  return "<?xml version=\"1.0\"?><OAI-PMH xmlns=\"http://www.openarchives.org/OAI/2.0/\">"
         "<responseDate>2026-01-02T03:04:05Z</responseDate><error code=\"" +
         code + "\">the message</error></OAI-PMH>";
}

}  // namespace

TEST_CASE("Retry-After is read as seconds or as an HTTP date", "[harvest]") {
  const auto now =
      std::chrono::system_clock::from_time_t(1'700'000'000);  // Tue, 14 Nov 2023 22:13:20 GMT
  CHECK(parse_retry_after("120", now) == Seconds(120));
  CHECK(parse_retry_after("0", now) == Seconds(0));
  const auto date = parse_retry_after("Tue, 14 Nov 2023 22:13:30 GMT", now);
  REQUIRE(date);
  CHECK(date->count() == Approx(10));
  CHECK(parse_retry_after("Tue, 14 Nov 2023 22:00:00 GMT", now) == Seconds(0));  // past: now
  CHECK_FALSE(parse_retry_after("", now));
  CHECK_FALSE(parse_retry_after("-5", now));
  CHECK_FALSE(parse_retry_after("soon", now));
}

TEST_CASE("a ListRecords page gives its envelope and its records, deleted ones marked",
          "[harvest]") {
  const OaiPage page = parse_oai_page(kPage, "https://x/oai?verb=ListRecords");
  CHECK(page.response_date == "2026-01-02T03:04:05Z");
  CHECK(page.token == "token|1001");
  CHECK(page.complete_list_size == 1234u);
  CHECK(page.cursor == 0u);
  CHECK(page.error_code.empty());
  REQUIRE(page.records.size() == 2);
  CHECK(page.records[0].id == "0704.0001");
  CHECK(page.records[0].title == "Calculation of prompt diphoton production");
  CHECK_FALSE(page.records[0].deleted);
  CHECK(page.records[1].id == "0704.0002");
  CHECK(page.records[1].deleted);
  CHECK(page.problems.empty());
}

TEST_CASE("a truncated or malformed page is refused whole, never read in part", "[harvest]") {
  for (const std::size_t cut : {kPage.size() / 2, kPage.size() - 12, std::size_t{40}}) {
    INFO("cut at " << cut);
    CHECK_THROWS_AS(parse_oai_page(kPage.substr(0, cut), "u"), BadBody);
  }
  CHECK_THROWS_AS(parse_oai_page("<html><body>Service unavailable</body></html>", "u"), BadBody);
  std::string undated = kPage;
  undated.erase(undated.find("<responseDate>"), 48);
  CHECK_THROWS_WITH(parse_oai_page(undated, "u"), Catch::Contains("responseDate"));
}

TEST_CASE("OAI-PMH errors are the page's error code, with no records", "[harvest]") {
  const OaiPage none = parse_oai_page(error_page("noRecordsMatch"), "u");
  CHECK(none.error_code == "noRecordsMatch");
  CHECK(none.records.empty());
  const OaiPage expired = parse_oai_page(error_page("badResumptionToken"), "u");
  CHECK(expired.error_code == "badResumptionToken");
  CHECK(expired.error_message == "the message");
}

TEST_CASE("a harvest's state survives encoding, and a damaged one names its key", "[harvest]") {
  paperdex::HarvestState state;
  state.base_url = "https://oaipmh.arxiv.org/oai";
  state.set = "physics:hep-th";
  state.metadata_prefix = "arXivRaw";
  state.last_from = "2026-01-02T03:04:05Z";
  state.token = "token|1001";
  state.from = "2026-01-01";
  state.started = "2026-01-03T00:00:00Z";
  state.pages = 7;
  state.records = 7000;
  state.list_size = 123456;
  const std::string key = state_key(state.base_url, state.set, state.metadata_prefix);
  CHECK(key != state_key(state.base_url, "cs", state.metadata_prefix));
  CHECK(key != state_key(state.base_url, state.set, "arXiv"));
  const auto back = decode_state(key, encode_state(state));
  CHECK(encode_state(back) == encode_state(state));
  CHECK(back.pages == 7);
  CHECK(back.set == "physics:hep-th");
  CHECK_THROWS_WITH(decode_state(key, "{\"base_url\": 3"), Catch::Contains(key));
}

TEST_CASE("the page queue holds one page: the fetcher waits until it is taken", "[harvest]") {
  PageQueue queue;
  std::atomic<int> put{0};
  std::jthread fetcher([&] {
    for (int i = 0; i < 3; ++i) {
      FetchedPage page;
      page.url = std::to_string(i);
      if (!queue.put(std::move(page))) return;
      ++put;
    }
    queue.finish(std::make_exception_ptr(std::runtime_error("gave up")));
  });
  std::this_thread::sleep_for(50ms);
  CHECK(put == 1);  // the second waits for the first to be taken
  CHECK(queue.take()->url == "0");
  CHECK(queue.take()->url == "1");
  CHECK(queue.take()->url == "2");
  CHECK_THROWS_WITH(queue.take(), "gave up");  // after every page before it
}

TEST_CASE("the harvest's progress line shows the list size and a wait, fitting its width",
          "[harvest]") {
  paperdex::HarvestProgress progress;
  progress.set = "cs";
  progress.pages = 12;
  progress.records = 12000;
  progress.listed = 6000;
  progress.list_size = 102538;
  progress.elapsed_seconds = 10;
  const std::string line = paperdex::cli::harvest_progress_text(progress, 0, "", 200);
  CHECK(line == "set cs  page 12  12,000 records  1,200 rec/s  6,000 of 102,538 listed");
  const std::string waiting =
      paperdex::cli::harvest_progress_text(progress, 5, "server asked to wait", 40);
  CHECK(waiting.size() <= 40);
  CHECK(waiting.find("waiting 5.0 s") != std::string::npos);
}

namespace {

// A loopback HTTP server answering every request with `answer`, in a thread;
// it keeps the requests it received.
class CannedServer {
 public:
  explicit CannedServer(std::string answer) : answer_(std::move(answer)) {
    listener_ = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    REQUIRE(bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
    REQUIRE(listen(listener_, 8) == 0);
    socklen_t length = sizeof address;
    getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &length);
    port_ = ntohs(address.sin_port);
    thread_ = std::jthread([this] { serve(); });
  }
  ~CannedServer() {
    shutdown(listener_, SHUT_RDWR);
    close(listener_);
  }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/oai"; }
  int requests() const { return requests_; }
  std::string last_request() const {
    std::lock_guard lock(mutex_);
    return last_request_;
  }

 private:
  void serve() {
    for (;;) {
      const int connection = accept(listener_, nullptr, nullptr);
      if (connection < 0) return;
      char buffer[4096];
      const ssize_t got = recv(connection, buffer, sizeof buffer, 0);
      {
        std::lock_guard lock(mutex_);
        last_request_.assign(buffer, got > 0 ? static_cast<std::size_t>(got) : 0);
      }
      ++requests_;
      (void)send(connection, answer_.data(), answer_.size(), MSG_NOSIGNAL);
      close(connection);
    }
  }

  std::string answer_;
  int listener_ = -1;
  int port_ = 0;
  std::atomic<int> requests_{0};
  mutable std::mutex mutex_;
  std::string last_request_;
  std::jthread thread_;  // last: starts once the rest is ready
};

std::string http_answer(const std::string& status, const std::string& body) {
  return "HTTP/1.1 " + status + "\r\nContent-Length: " + std::to_string(body.size()) +
         "\r\nConnection: close\r\n\r\n" + body;
}

HttpOptions quick_options() {
  HttpOptions options;
  options.user_agent = paperdex::harvest_user_agent("9.9", "me@example.org");
  options.pause = Seconds(0.01);
  options.timeout = Seconds(2);
  return options;
}

}  // namespace

TEST_CASE("the HTTP client names paperdex and the contact, and accepts gzip", "[harvest]") {
  const CannedServer server(http_answer("200 OK", "fine"));
  HttpClient client(quick_options());
  CHECK(client.get(server.url()) == "fine");
  const std::string request = server.last_request();
  CHECK(request.find("User-Agent: paperdex/9.9 (+mailto:me@example.org)\r\n") != std::string::npos);
  CHECK(request.find("Accept-Encoding: ") != std::string::npos);
  CHECK(request.find("gzip") != std::string::npos);
}

TEST_CASE("the HTTP client refuses a body over its cap, and a 4xx, at once, naming the URL",
          "[harvest]") {
  const CannedServer big(http_answer("200 OK", std::string(5000, 'x')));
  HttpOptions options = quick_options();
  options.max_body_bytes = 1000;
  HttpClient capped(options);
  CHECK_THROWS_WITH(capped.get(big.url()),
                    Catch::Contains(big.url()) && Catch::Contains("larger than 1000 bytes"));
  CHECK(big.requests() == 1);

  const CannedServer missing(http_answer("404 Not Found", "no"));
  HttpClient client(quick_options());
  CHECK_THROWS_WITH(client.get(missing.url()), Catch::Contains("HTTP 404"));
  CHECK(missing.requests() == 1);
}

TEST_CASE("the HTTP client retries a 500 a bounded number of times, then names the URL",
          "[harvest]") {
  const CannedServer broken(http_answer("500 Internal Server Error", "broken"));
  HttpOptions options = quick_options();
  options.max_retries = 2;
  std::vector<std::string> waits;
  HttpClient client(options, [&](Seconds, const std::string& why) { waits.push_back(why); });
  CHECK_THROWS_WITH(client.get(broken.url()),
                    Catch::Contains(broken.url()) && Catch::Contains("gave up after 3 attempts"));
  CHECK(broken.requests() == 3);
  CHECK(waits.size() == 2);
}
