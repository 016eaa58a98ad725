// paperdex-serve, the program: on a real index it says where it listens and
// answers /health; SIGTERM ends it with 0; what keeps it from starting ends
// it with 2 and a message; its man page lists the options --help lists.
#include <signal.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "index_test_support.h"
#include "serve_process.h"
#include "serve_test_support.h"

namespace {

using paperdex::test::contains;
using paperdex::test::listening_port;
using paperdex::test::RawClient;
using paperdex::test::ServeProcess;

}  // namespace

TEST_CASE("paperdex-serve on an index answers /health and stops on SIGTERM with 0",
          "[serve][program]") {
  const auto& index = paperdex::test::one_paper_index();
  ServeProcess serve({"--db", index.path(), "--listen", "127.0.0.1:0", "--threads", "2", "--cors",
                      "http://127.0.0.1:3000"});
  const std::string start = serve.line();
  INFO(start << serve.err());
  const unsigned short port = listening_port(start);
  CHECK(serve.err().empty());  // loopback: no warning
  RawClient client(port);
  const paperdex::test::Reply health = client.get("/health");
  CHECK(health.status == 200);
  CHECK(contains(health.body, "\"documents\":1"));
  CHECK(client.get("/search?q=phonons").status == 200);
  // The page's hardening is on the wire, as headers, not only in its <meta>.
  const paperdex::test::Reply page = client.get("/");
  CHECK(page.status == 200);
  CHECK(contains(page.header("content-security-policy"), "script-src 'self'"));
  CHECK(contains(page.header("content-security-policy"), "frame-ancestors 'none'"));
  CHECK(page.header("x-content-type-options") == "nosniff");
  CHECK(page.header("referrer-policy") == "no-referrer");
  CHECK(serve.signal_and_wait(SIGTERM) == 0);
  CHECK(contains(serve.line(), "stopped"));
}

TEST_CASE("paperdex-serve warns when it listens beyond loopback", "[serve][program]") {
  const auto& index = paperdex::test::one_paper_index();
  ServeProcess serve({"--db", index.path(), "--listen", "0.0.0.0:0"});
  const std::string start = serve.line();
  INFO(start << serve.err());
  CHECK(std::regex_search(start, std::regex(R"(listening on http://0\.0\.0\.0:\d+/)")));
  CHECK(contains(serve.err(), "warning: listening on 0.0.0.0:"));
  CHECK(contains(serve.err(), "other machines can reach"));
  CHECK(serve.signal_and_wait(SIGINT) == 0);
}

TEST_CASE("paperdex-serve says what keeps it from starting, and exits 2", "[serve][program]") {
  paperdex::test::TempDir dir;
  SECTION("no index there") {
    const std::string missing = (dir.path() / "no-index").string();
    ServeProcess serve({"--db", missing, "--listen", "127.0.0.1:0"});
    CHECK(serve.wait() == 2);
    CHECK(contains(serve.err(), missing));
  }
  SECTION("the port is taken") {
    const auto& index = paperdex::test::one_paper_index();
    ServeProcess first({"--db", index.path(), "--listen", "127.0.0.1:0"});
    const std::string port = std::to_string(listening_port(first.line()));
    ServeProcess second({"--db", index.path(), "--listen", "127.0.0.1:" + port});
    CHECK(second.wait() == 2);
    CHECK(contains(second.err(), "127.0.0.1:" + port));
    CHECK(contains(second.err(), "--listen"));
  }
  SECTION("a bad --listen, no --db") {
    ServeProcess bad_listen({"--db", "x", "--listen", "localhost"});
    CHECK(bad_listen.wait() == 2);
    CHECK(contains(bad_listen.err(), "ADDRESS:PORT"));
    ServeProcess no_db({});
    CHECK(no_db.wait() == 2);
    CHECK(contains(no_db.err(), "--db"));
  }
  SECTION("a --cors that is no origin as a browser sends it") {
    const auto& index = paperdex::test::one_paper_index();
    for (const std::string origin :
         {"https://lab.example/", "https://Lab.example", "lab.example", "https://a\r\nX-Y: z"}) {
      INFO(origin);
      ServeProcess serve({"--db", index.path(), "--listen", "127.0.0.1:0", "--cors", origin});
      CHECK(serve.wait() == 2);
      CHECK(contains(serve.err(), "--cors"));
      CHECK(contains(serve.err(), "https://lab.example or http://127.0.0.1:3000"));
    }
  }
  SECTION("a time option out of its range, named as the option") {
    const auto& index = paperdex::test::one_paper_index();
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"--time-limit", "0"}, "--time-limit must be above 0"},
        {{"--time-limit", "100000"}, "--time-limit must be between 0 (no limit) and 86,400"},
        {{"--idle-timeout", "1e30"},
         "--idle-timeout takes a number of seconds above 0 and at most"},
        {{"--header-timeout=-1"}, "--header-timeout takes a number of seconds above 0"},
    };
    for (const auto& [options, message] : cases) {
      std::vector<std::string> args{"--db", index.path(), "--listen", "127.0.0.1:0"};
      args.insert(args.end(), options.begin(), options.end());
      ServeProcess serve(args);
      CHECK(serve.wait() == 2);
      CHECK(contains(serve.err(), message));
      CHECK_FALSE(contains(serve.err(), "time_limit_seconds"));
    }
  }
}

TEST_CASE("paperdex-serve's man page lists the options of its --help", "[serve][program][docs]") {
  const paperdex::test::RunOutput help =
      paperdex::test::run_command(std::string(PAPERDEX_SERVE_BIN) + " --help");
  REQUIRE(help.status == 0);
  std::set<std::string> in_help;
  const std::regex help_option(R"(^  (?:-\w \[ )?--([a-z-]+))");
  std::istringstream lines(help.out);
  for (std::string line; std::getline(lines, line);) {
    std::smatch match;
    if (std::regex_search(line, match, help_option)) in_help.insert(match[1]);
  }
  std::ifstream man(paperdex::test::source_dir() / "docs/man/paperdex-serve.1");
  // Each option is the tag of a .TP paragraph: ".BI \-\-time\-limit " SECONDS"".
  std::set<std::string> in_man;
  const std::regex man_option(R"(\\-\\-((?:[a-z]|\\-)+))");
  std::string previous;
  for (std::string line; std::getline(man, line); previous = line) {
    std::smatch match;
    if (previous == ".TP" && std::regex_search(line, match, man_option)) {
      in_man.insert(std::regex_replace(match[1].str(), std::regex(R"(\\)"), ""));
    }
  }
  CHECK(in_help.size() >= 12);
  CHECK(in_man == in_help);
}

TEST_CASE("paperdex-serve's bash completion completes its options", "[serve][program]") {
  const paperdex::test::RunOutput completed = paperdex::test::run_command(
      "bash -c 'source <(\"$0\" --completion bash); COMP_WORDS=(paperdex-serve --max-c); "
      "COMP_CWORD=1; _paperdex_serve; echo \"${COMPREPLY[*]}\"' " PAPERDEX_SERVE_BIN);
  CHECK(completed.status == 0);
  CHECK(completed.out == "--max-connections\n");
}
