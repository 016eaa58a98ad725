// paperdex-index --harvest against tests/harvest/oai_test_server.py on
// 127.0.0.1, serving the first records of ../shared's arXivRaw file in pages:
// the harvested index holds what indexing the same records from a file gives,
// through server faults, kill -9 at random pages and a second, incremental
// harvest; the waits the server asked for were honoured and no request
// overlapped another. Skipped without ../shared or python3.
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <map>
#include <random>
#include <thread>

#include <xapian.h>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "process_test_support.h"
#include "test_support.h"

namespace {

using paperdex::test::contains;
using paperdex::test::index_contents;
using paperdex::test::run_command;
using paperdex::test::TempDir;
using namespace std::chrono_literals;

constexpr int kRecords = 240;
constexpr int kPageSize = 40;

// The test server in `dir`, serving `file`'s first kRecords records; stopped
// on destruction.
class OaiServer {
 public:
  // `files`: "arXivRaw=PATH", "arXiv=PATH", the records of each format.
  OaiServer(const TempDir& dir, const std::vector<std::string>& files)
      : log_(dir / "requests.log"), control_(dir / "control.json"), dump_(dir / "served.xml") {
    const auto port_file = dir / "port";
    std::vector<std::string> args = {
        "python3",     (paperdex::test::source_dir() / "tests/harvest/oai_test_server.py").string(),
        "--port-file", port_file.string(),
        "--log",       log_.string(),
        "--control",   control_.string(),
        "--dump",      dump_.string(),
        "--page-size", std::to_string(kPageSize),
        "--limit",     std::to_string(kRecords)};
    args.insert(args.end(), files.begin(), files.end());
    pid_ = paperdex::test::spawn_quiet(args);
    for (int i = 0; i < 200 && !std::filesystem::exists(port_file); ++i) {
      std::this_thread::sleep_for(50ms);
    }
    std::ifstream in(port_file);
    std::string port;
    in >> port;
    REQUIRE_FALSE(port.empty());
    url_ = "http://127.0.0.1:" + port + "/oai";
  }
  ~OaiServer() {
    kill(pid_, SIGTERM);
    waitpid(pid_, nullptr, 0);
  }
  const std::string& url() const { return url_; }
  const std::filesystem::path& served() const { return dump_; }
  void control(const nlohmann::json& value) const {
    paperdex::test::write_file(control_, value.dump());
  }
  std::vector<nlohmann::json> requests() const {
    std::vector<nlohmann::json> lines;
    std::ifstream in(log_);
    for (std::string line; std::getline(in, line);) lines.push_back(nlohmann::json::parse(line));
    std::sort(lines.begin(), lines.end(),
              [](const auto& a, const auto& b) { return a["start"] < b["start"]; });
    return lines;
  }

 private:
  std::filesystem::path log_;
  std::filesystem::path control_;
  std::filesystem::path dump_;
  std::string url_;
  pid_t pid_ = -1;
};

std::string quote(const std::string& text) { return "'" + text + "'"; }

std::vector<std::string> harvest_args(const std::string& db, const OaiServer& server) {
  return {PAPERDEX_INDEX_BIN, "--db", db,          "--harvest",     server.url(), "--delay", "0.05",
          "--timeout",        "1",    "--contact", "me@example.org"};
}

paperdex::test::RunOutput harvest(const std::string& db, const OaiServer& server,
                                  const std::string& extra = "") {
  std::string command;
  for (const std::string& arg : harvest_args(db, server)) command += quote(arg) + " ";
  return run_command(command + extra + " 2>&1");
}

std::map<std::string, std::string> reference(const TempDir& dir, const OaiServer& server) {
  const std::string db = (dir / "reference").string();
  const auto built = run_command(quote(PAPERDEX_INDEX_BIN) + " -q --db " + quote(db) + " " +
                                 quote(server.served().string()) + " 2>&1");
  INFO(built.out);
  REQUIRE(built.status == 0);
  return index_contents(db);
}

// The test feed: "FORMAT=PATH" of ../shared's arXivRaw file, and with
// `arxiv` its arXiv-format cs pages instead; nullopt (the test skipped) without
// ../shared or python3.
std::optional<std::vector<std::string>> feed(bool arxiv = false) {
  const auto shared = paperdex::test::shared_dir();
  if (!shared || run_command("python3 -c '' 2>&1").status != 0) {
    WARN("no ../shared data or no python3: the harvest tests are skipped");
    return std::nullopt;
  }
  if (arxiv) {
    return std::vector<std::string>{"arXiv=" +
                                    (*shared / "data/arxiv-oai-cs-2016/page-001.xml.gz").string()};
  }
  return std::vector<std::string>{"arXivRaw=" +
                                  (*shared / "data/arxiv-oai-raw/ListRecords.xml").string()};
}

void check_sound(const std::string& db) {
  const auto check = run_command("xapian-check " + quote(db) + " 2>&1");
  if (check.status == 127) {
    WARN("xapian-check (xapian-tools) is missing: the index's soundness is not checked");
    return;
  }
  INFO(check.out);
  CHECK(check.status == 0);
}

double gap_after(const std::vector<nlohmann::json>& requests, std::size_t i) {
  return requests[i + 1]["start"].get<double>() - requests[i]["end"].get<double>();
}

}  // namespace

TEST_CASE("a harvest through server faults equals an index of the same records, politely",
          "[harvest]") {
  const auto files = feed();
  if (!files) return;
  TempDir dir;
  const OaiServer server(dir, *files);
  // Request 1 is the first page; then every fault, and a token the server
  // forgets, which restarts the listing.
  server.control({{"faults",
                   {{"2", "503"},
                    {"3", "500"},
                    {"4", "reset"},
                    {"5", "truncate"},
                    {"6", "stall"},
                    {"7", "503-date"},
                    {"8", "429"},
                    {"10", "bad-token"}}}});
  const std::string db = (dir / "harvested").string();
  const auto run = harvest(db, server);
  INFO(run.out);
  REQUIRE(run.status == 0);
  CHECK(contains(run.out, "resumption token"));
  // The summary's "waiting" holds the waits the server asked for (1 + 1.5 + 1 s).
  const auto waiting = run.out.find("\nwaiting ");
  REQUIRE(waiting != std::string::npos);
  CHECK(std::stod(run.out.substr(waiting + 9)) >= 3.4);
  CHECK(index_contents(db) == reference(dir, server));
  check_sound(db);

  const auto requests = server.requests();
  REQUIRE(requests.size() > kRecords / kPageSize + 8);
  for (std::size_t i = 0; i + 1 < requests.size(); ++i) {
    INFO("request " << requests[i]["n"] << " " << requests[i]["fault"]);
    // Never two at once, and the pause between (the server's times are
    // taken a little after the client's ends: less a margin).
    CHECK(gap_after(requests, i) >= 0.035);
    const auto fault = requests[i]["fault"];
    if (fault == "503" || fault == "429") CHECK(gap_after(requests, i) >= 0.95);
    if (fault == "503-date") CHECK(gap_after(requests, i) >= 0.4);
    // --timeout 1: a stalled transfer is given up well before the server's 3 s.
    const double took = requests[i]["end"].get<double>() - requests[i]["start"].get<double>();
    if (fault == "stall") CHECK(took < 2.5);
    CHECK(requests[i]["gzip"] == true);
    CHECK(contains(requests[i]["agent"].get<std::string>(), "paperdex/"));
    CHECK(contains(requests[i]["agent"].get<std::string>(), "(+mailto:me@example.org)"));
  }
  const auto status =
      run_command(quote(PAPERDEX_INDEX_BIN) + " --db " + quote(db) + " --harvest-status");
  CHECK(contains(status.out, server.url()));
  CHECK(contains(status.out, "arXivRaw"));
  CHECK_FALSE(contains(status.out, "interrupted"));
}

TEST_CASE("a harvest killed at random pages and run again equals an index of the same records",
          "[harvest]") {
  const auto files = feed();
  if (!files) return;
  TempDir dir;
  const OaiServer server(dir, *files);
  const std::string db = (dir / "harvested").string();
  auto args = harvest_args(db, server);
  args[6] = "0.1";  // --delay: a harvest of about a second, killed a few times
  std::mt19937 random(std::random_device{}());
  int killed = 0;
  for (int run = 0; run < 30; ++run) {
    const pid_t pid = paperdex::test::spawn_quiet(args);
    std::this_thread::sleep_for(std::chrono::milliseconds(100 + random() % 400));
    kill(pid, SIGKILL);
    if (paperdex::test::wait_exit(pid) >= 0) break;  // it completed before the kill
    ++killed;
    check_sound(db);
  }
  INFO("killed " << killed << " times");
  CHECK(killed > 0);
  const auto finish = harvest(db, server);
  INFO(finish.out);
  REQUIRE(finish.status == 0);
  CHECK(index_contents(db) == reference(dir, server));
  check_sound(db);
}

TEST_CASE("a second harvest asks from the first one's start and applies changes and deletions",
          "[harvest]") {
  const auto files = feed();
  if (!files) return;
  TempDir dir;
  const OaiServer server(dir, *files);
  const std::string db = (dir / "harvested").string();
  REQUIRE(harvest(db, server).status == 0);
  const auto before = index_contents(db);
  // One paper changed today, one deleted.
  std::vector<std::string> ids;
  for (const auto& [term, data] : before) ids.push_back(term.substr(1));
  server.control({{"touched", {ids[3]}}, {"deleted", {ids[5]}}});
  const auto second = harvest(db, server);
  INFO(second.out);
  REQUIRE(second.status == 0);
  CHECK(contains(second.out, "records read   2\n"));
  CHECK(contains(second.out, "deleted        1\n"));
  const auto requests = server.requests();
  CHECK(contains(requests.back()["query"].get<std::string>(), "&from=20"));
  CHECK(index_contents(db).size() == before.size() - 1);

  // Nothing changed since: noRecordsMatch is success with nothing new.
  const auto empty = harvest(db, server, "--from 2099-01-01");
  INFO(empty.out);
  CHECK(empty.status == 0);
  CHECK(contains(empty.out, "records read   0\n"));
}

TEST_CASE("a harvest that runs out of retries names the URL, keeps its pages and resumes",
          "[harvest]") {
  const auto files = feed();
  if (!files) return;
  TempDir dir;
  const OaiServer server(dir, *files);
  // The second page fails six times: the first attempt and five retries.
  server.control(
      {{"faults",
        {{"2", "500"}, {"3", "500"}, {"4", "reset"}, {"5", "500"}, {"6", "500"}, {"7", "500"}}}});
  const std::string db = (dir / "harvested").string();
  const auto failed = harvest(db, server);
  INFO(failed.out);
  CHECK(failed.status == 2);
  CHECK(contains(failed.out, server.url() + "?verb=ListRecords&resumptionToken="));
  CHECK(contains(failed.out, "gave up after 6 attempts"));
  CHECK(contains(failed.out, "run the same command again"));
  CHECK(index_contents(db).size() == static_cast<std::size_t>(kPageSize));
  const auto status =
      run_command(quote(PAPERDEX_INDEX_BIN) + " --db " + quote(db) + " --harvest-status");
  INFO(status.out);
  CHECK(contains(status.out, "interrupted"));
  CHECK(contains(status.out, "interrupted  from the start until now, began 20"));
  CHECK(contains(status.out, "done         1 page, 40 of 240 records\n"));

  const auto resumed = harvest(db, server);
  INFO(resumed.out);
  REQUIRE(resumed.status == 0);
  CHECK(contains(resumed.out, "resumes after page 1"));
  CHECK(contains(resumed.out, "records read   200\n"));  // none of page 1 again
  CHECK(index_contents(db) == reference(dir, server));
}

TEST_CASE("each set is a harvest of its own, in the arXiv format too", "[harvest]") {
  const auto files = feed(true);
  if (!files) return;
  TempDir dir;
  const OaiServer server(dir, *files);
  const std::string db = (dir / "harvested").string();
  const auto run = harvest(db, server, "--metadata arXiv --set cs --set physics:hep-th");
  INFO(run.out);
  REQUIRE(run.status == 0);
  CHECK(index_contents(db) == reference(dir, server));
  const auto requests = server.requests();
  CHECK(contains(requests.front()["query"].get<std::string>(), "metadataPrefix=arXiv&set=cs"));
  CHECK(contains(requests.back()["query"].get<std::string>(), "resumptionToken="));
  const auto status =
      run_command(quote(PAPERDEX_INDEX_BIN) + " --db " + quote(db) + " --harvest-status");
  INFO(status.out);
  CHECK(contains(status.out, "set          cs\n"));
  CHECK(contains(status.out, "set          physics:hep-th\n"));
  CHECK(contains(status.out, "format       arXiv\n"));
}

TEST_CASE("harvest options that make no sense are usage errors with exit 2", "[harvest]") {
  TempDir dir;
  const std::string index = quote(PAPERDEX_INDEX_BIN) + " --db " + quote((dir / "db").string());
  const std::pair<std::string, std::string> cases[] = {
      {" --set cs x.xml", "--set needs --harvest"},
      {" --harvest --from yesterday", "--from must be a date YYYY-MM-DD or auto"},
      {" --harvest --until 2026-1-1", "--until must be a date YYYY-MM-DD"},
      {" --harvest --metadata oai_dc", "--metadata must be arXivRaw or arXiv"},
      {" --harvest --delay -1", "--delay must be between 0 and 3600"},
      {" --harvest --timeout 0", "--timeout must be more than 0"},
      {" --harvest --deadline 0", "--deadline must be more than 0"},
      {" --harvest --deadline 3601", "--deadline must be more than 0 and at most 3600"},
      {" --deadline 5 x.xml", "--deadline needs --harvest"},
      {" --cross-host-redirects x.xml", "--cross-host-redirects needs --harvest"},
      {" --harvest http://a http://b", "--harvest takes one repository URL"},
      {" --harvest papers.xml", "--harvest takes the repository's http:// or https:// URL"},
      {" --harvest --jobs 2", "--jobs does not apply to --harvest"},
      {" --harvest --strict", "--strict does not apply to --harvest"},
      {" --harvest --delete 0704.0001", "--delete does not apply to --harvest"},
      {" --harvest --pdf-readers 2", "--pdf-readers does not apply to --harvest"},
      {" --harvest --pdf-page-limit 5", "--pdf-page-limit does not apply to --harvest"},
      {" --harvest --source-size-limit 5", "--source-size-limit does not apply to --harvest"},
  };
  for (const auto& [arguments, message] : cases) {
    const auto run = run_command(index + arguments + " 2>&1");
    INFO(arguments << ": " << run.out);
    CHECK(run.status == 2);
    CHECK(contains(run.out, message));
  }
  CHECK_FALSE(std::filesystem::exists(dir / "db"));
  const auto help = run_command(quote(PAPERDEX_INDEX_BIN) + " --help");
  INFO(help.out);
  CHECK(contains(help.out, "--deadline SECONDS"));
  CHECK(contains(help.out, "(default 300)"));
  CHECK(contains(help.out, "--cross-host-redirects"));
}

TEST_CASE("a server that keeps rejecting its own tokens stops the harvest after three restarts",
          "[harvest]") {
  const auto files = feed();
  if (!files) return;
  TempDir dir;
  const OaiServer server(dir, *files);
  server.control(
      {{"faults",
        {{"2", "bad-token"}, {"4", "bad-token"}, {"6", "bad-token"}, {"8", "bad-token"}}}});
  const std::string db = (dir / "harvested").string();
  const auto run = harvest(db, server);
  INFO(run.out);
  CHECK(run.status == 2);
  CHECK(contains(run.out, "OAI-PMH error badResumptionToken"));
  CHECK(server.requests().size() == 8);
  CHECK(index_contents(db).size() == static_cast<std::size_t>(kPageSize));
}

TEST_CASE("a resumption token sent again stops the harvest where it was, to resume once fixed",
          "[harvest]") {
  const auto files = feed();
  if (!files) return;
  // "same": each token answered with itself (page 2's token is page 2's);
  // "cycle": A, B, A (page 3's token is page 2's).
  for (const auto& [loop, pages] : {std::pair<std::string, int>{"same", 1}, {"cycle", 2}}) {
    INFO("loop " << loop);
    TempDir dir;
    const OaiServer server(dir, *files);
    server.control({{"loop", loop}});
    const std::string db = (dir / "harvested").string();
    const auto looped = harvest(db, server);
    INFO(looped.out);
    CHECK(looped.status == 2);
    CHECK(contains(looped.out, server.url() + "?verb=ListRecords&resumptionToken="));
    CHECK(contains(looped.out, "sent the resumption token '{\"metadataPrefix\": \"arXivRaw\""));
    CHECK(contains(looped.out, "\"offset\": 40}' a second time in this list"));
    // Stopped at once, the page with the token again not indexed.
    CHECK(server.requests().size() == static_cast<std::size_t>(pages + 1));
    CHECK(index_contents(db).size() == static_cast<std::size_t>(pages * kPageSize));
    const auto status =
        run_command(quote(PAPERDEX_INDEX_BIN) + " --db " + quote(db) + " --harvest-status");
    INFO(status.out);
    CHECK(contains(status.out, "done         " + std::to_string(pages) + " page"));

    server.control(nlohmann::json::object());
    const auto resumed = harvest(db, server);
    INFO(resumed.out);
    REQUIRE(resumed.status == 0);
    CHECK(contains(resumed.out, "resumes after page " + std::to_string(pages)));
    CHECK(contains(resumed.out,
                   "records read   " + std::to_string(kRecords - pages * kPageSize) + "\n"));
    CHECK(index_contents(db) == reference(dir, server));
  }
}

TEST_CASE("an answer that trickles is given up at --deadline and retried a bounded number of times",
          "[harvest]") {
  const auto files = feed();
  if (!files) return;
  // A byte every 0.2 s: never silent for --timeout 1, still arriving at --deadline 0.5.
  const auto took = [](const nlohmann::json& request) {
    return request["end"].get<double>() - request["start"].get<double>();
  };
  {
    TempDir dir;
    const OaiServer server(dir, *files);
    server.control({{"faults", {{"2", "trickle"}}}});
    const std::string db = (dir / "harvested").string();
    const auto run = harvest(db, server, "--deadline 0.5");
    INFO(run.out);
    REQUIRE(run.status == 0);
    CHECK(index_contents(db) == reference(dir, server));
    const auto requests = server.requests();
    REQUIRE(requests.size() > 2);
    CHECK(requests[1]["fault"] == "trickle");
    CHECK(took(requests[1]) < 1.5);
  }
  TempDir dir;
  const OaiServer server(dir, *files);
  server.control({{"faults",
                   {{"2", "trickle"},
                    {"3", "trickle"},
                    {"4", "trickle"},
                    {"5", "trickle"},
                    {"6", "trickle"},
                    {"7", "trickle"}}}});
  const std::string db = (dir / "harvested").string();
  const auto failed = harvest(db, server, "--deadline 0.5");
  INFO(failed.out);
  CHECK(failed.status == 2);
  CHECK(contains(failed.out, server.url() + "?verb=ListRecords&resumptionToken="));
  CHECK(contains(failed.out, "not received whole within the deadline of 0.5 s (--deadline)"));
  CHECK(contains(failed.out, "gave up after 6 attempts"));
  CHECK(index_contents(db).size() == static_cast<std::size_t>(kPageSize));
  // The server logs a trickle once a write finds the client gone: a moment
  // after the harvest has stopped.
  auto requests = server.requests();
  for (int i = 0; i < 40 && requests.size() < 7; ++i) {
    std::this_thread::sleep_for(50ms);
    requests = server.requests();
  }
  CHECK(requests.size() == 7);
  for (const auto& request : requests) {
    INFO("request " << request["n"]);
    CHECK(took(request) < 1.5);
  }
}

TEST_CASE(
    "redirects within the host are followed, a bounded number, and one to another host is not",
    "[harvest]") {
  const auto files = feed();
  if (!files) return;
  {
    TempDir dir;
    const OaiServer server(dir, *files);
    server.control({{"faults", {{"2", "redirect-path"}, {"4", "redirect-absolute"}}}});
    const std::string db = (dir / "harvested").string();
    const auto run = harvest(db, server);
    INFO(run.out);
    REQUIRE(run.status == 0);
    CHECK(index_contents(db) == reference(dir, server));
    const auto requests = server.requests();
    REQUIRE(requests.size() > 5);
    CHECK(requests[2]["query"].get<std::string>().starts_with("/moved/oai?verb=ListRecords"));
    CHECK(requests[4]["query"].get<std::string>().starts_with("/other/oai?verb=ListRecords"));
  }
  {
    // "localhost" reaches the same server, but is another host name.
    TempDir dir;
    const OaiServer server(dir, *files);
    server.control({{"faults", {{"2", "redirect-localhost"}}}});
    const std::string db = (dir / "harvested").string();
    const auto refused = harvest(db, server);
    INFO(refused.out);
    CHECK(refused.status == 2);
    const std::string away = "http://localhost:" + server.url().substr(17);  // past 127.0.0.1
    CHECK(contains(refused.out, "redirects to " + away + "?verb=ListRecords&resumptionToken="));
    CHECK(contains(refused.out, "away from the host 127.0.0.1: not followed"));
    CHECK(contains(refused.out, "--cross-host-redirects"));
    CHECK_FALSE(contains(refused.out, "run the same command again"));  // it would meet it again
    CHECK(server.requests().size() == 2);
    CHECK(index_contents(db).size() == static_cast<std::size_t>(kPageSize));

    server.control({{"faults", {{"3", "redirect-localhost"}}}});  // the resumed run's first
    const auto allowed = harvest(db, server, "--cross-host-redirects");
    INFO(allowed.out);
    REQUIRE(allowed.status == 0);
    CHECK(index_contents(db) == reference(dir, server));
  }
  TempDir dir;
  const OaiServer server(dir, *files);
  nlohmann::json faults;
  for (int n = 2; n <= 12; ++n) faults[std::to_string(n)] = "redirect-path";
  server.control({{"faults", faults}});
  const std::string db = (dir / "harvested").string();
  const auto looped = harvest(db, server);
  INFO(looped.out);
  CHECK(looped.status == 2);
  CHECK(contains(looped.out, "more than 5 redirects"));
  CHECK(server.requests().size() == 7);  // the request and 5 redirects followed
}

TEST_CASE("a harvest interrupted with Ctrl-C says what it kept, exits 130 and resumes there",
          "[harvest]") {
  const auto files = feed();
  if (!files) return;
  TempDir dir;
  const OaiServer server(dir, *files);
  const std::string db = (dir / "harvested").string();
  auto args = harvest_args(db, server);
  args[6] = "1";  // --delay: a page a second, so that the signal falls mid-harvest
  std::string command;
  for (const std::string& arg : args) command += quote(arg) + " ";
  const auto run = run_command("(" + command + " 2>" + quote((dir / "err").string()) +
                               " >/dev/null & pid=$!; sleep 2.5; kill -INT $pid; wait $pid; "
                               "echo \"status $?\") 2>&1");
  std::ifstream err_file(dir / "err");
  const std::string err((std::istreambuf_iterator<char>(err_file)), {});
  INFO(run.out << err);
  CHECK(contains(run.out, "status 130"));
  CHECK(contains(err,
                 "committed in this run stay; the same command resumes the harvest from "
                 "the next page"));
  const auto status =
      run_command(quote(PAPERDEX_INDEX_BIN) + " --db " + quote(db) + " --harvest-status 2>&1");
  CHECK(contains(status.out, "interrupted  from"));
  const auto finish = harvest(db, server);
  INFO(finish.out);
  REQUIRE(finish.status == 0);
  CHECK(contains(finish.out, "resumes after page"));
  CHECK(index_contents(db) == reference(dir, server));
}
