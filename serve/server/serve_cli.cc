#include "serve_cli.h"

#include <sys/resource.h>

#include <boost/program_options.hpp>
#include <boost/version.hpp>
#include <csignal>
#include <exception>
#include <iostream>
#include <mutex>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "access_log.h"
#include "api.h"
#include "http_server.h"
#include "option_table.h"
#include "paperdex/common/safe_text.h"
#include "paperdex/searcher.h"

namespace paperdex::serve {
namespace {

namespace po = boost::program_options;

constexpr int kExitOk = 0;
constexpr int kExitError = 2;

struct ServeOptions {
  ApiSettings api;
  ServerSettings server;
  std::string listen = "127.0.0.1:8080";
  std::string cors;
  std::string access_log;
  std::string completion;  // the shell --completion asks a script for
  double header_timeout = 10;
  double idle_timeout = 30;
  std::size_t unsent_memory_mib = 256;
};

std::string usage_text() {
  return "Usage: paperdex-serve --db PATH [--db PATH...] [options]\n"
         "Serves the indexes as one over HTTP: a JSON API (docs/http-api.md) and a search page at "
         "/.\nRunning it, its bounds and a reverse proxy for TLS: docs/serve.md.\n\nOptions";
}

void add_serving_options(po::options_description& visible, ServeOptions& options) {
  // clang-format off
  visible.add_options()
      ("help,h", "show this help")
      ("version", "show the versions of paperdex-serve and Boost")
      ("db", po::value(&options.api.databases)->value_name("PATH")->composing(),
       "an index to serve: a directory, a stub file or tcp://HOST:PORT (a shard served by "
       "xapian-tcpsrv), as paperdex-search's --db takes it; repeatable: served as one index")
      ("allow-partial", po::bool_switch(&options.api.allow_partial),
       "when a remote shard is down or silent for half the --time-limit, answer with the other "
       "shards' results, marked \"partial\" with the missing shards named (default: 503 "
       "naming them)")
      ("listen", po::value(&options.listen)->value_name("ADDR:PORT")->default_value(options.listen),
       "ADDR:PORT to listen on ([::1]:PORT for IPv6); port 0 lets the system choose one, which "
       "the start line says; an address other than loopback is reachable from other machines")
      ("cors", po::value(&options.cors)->value_name("ORIGIN"),
       "the one ORIGIN (https://example.org) whose pages may call the API from a browser; "
       "without it CORS is off")
      ("access-log", po::value(&options.access_log)->value_name("FILE"),
       "append a line per request to FILE in the Combined Log Format (- for standard output); "
       "what the client sent is escaped");
  // clang-format on
}

void add_bound_options(po::options_description& visible, ServeOptions& options) {
  ServerSettings& server = options.server;
  // clang-format off
  visible.add_options()
      ("threads", po::value(&server.threads)->value_name("N")->default_value(server.threads),
       "worker threads answering requests (searches); 0: one per core")
      ("queue", po::value(&server.queue)->value_name("N")->default_value(server.queue),
       "requests that may wait for a worker; past them a request is answered 503 with Retry-After")
      ("max-connections", po::value(&server.max_connections)->value_name("N")
          ->default_value(server.max_connections),
       "connections open at once; at the limit a new one takes the place of one waiting for a "
       "request (idle or slow), else it is answered 503 and closed")
      ("connections-per-client", po::value(&server.max_connections_per_client)->value_name("N")
          ->default_value(server.max_connections_per_client),
       "connections open at once from one client address; past them a new one is answered 503 "
       "and closed (behind a reverse proxy every client is the proxy: raise it)")
      ("unsent-memory", po::value(&options.unsent_memory_mib)->value_name("MIB")
          ->default_value(options.unsent_memory_mib),
       "MiB of answers waiting for their clients to read them, all together; past it a new "
       "answer of 64 KiB or more is answered 503 with Retry-After")
      ("time-limit", po::value(&options.api.time_limit_seconds)->value_name("SECONDS")
          ->default_value(10),
       "stop a search after SECONDS (above 0) and answer with what it found so far, as "
       "paperdex-search's "
       "--time-limit")
      ("header-timeout", po::value(&options.header_timeout)->value_name("SECONDS")
          ->default_value(options.header_timeout),
       "SECONDS a client has to send a request's headers before the connection is closed")
      ("idle-timeout", po::value(&options.idle_timeout)->value_name("SECONDS")
          ->default_value(options.idle_timeout),
       "SECONDS a kept-alive connection may wait for its next request");
  // clang-format on
}

std::string version_text() {
  return "paperdex-serve " PAPERDEX_VERSION "\nBoost " + std::to_string(BOOST_VERSION / 100000) +
         "." + std::to_string(BOOST_VERSION / 100 % 1000) + "." +
         std::to_string(BOOST_VERSION % 100) + " (Beast, Asio)\n";
}

// Hidden: the build writes the completion scripts with it (CMakeLists.txt).
po::options_description hidden_options(ServeOptions& options) {
  po::options_description hidden;
  hidden.add_options()("completion",
                       po::value(&options.completion)->notifier([](const std::string& shell) {
                         for (const auto& [name, known] : cli::completion_shells()) {
                           if (shell == name) return;
                         }
                         throw po::error("--completion must be " + cli::completion_shell_names());
                       }));
  return hidden;
}

// --completion SHELL: the script (the shell name was checked by the parser).
std::string completion_asked(const std::string& shell_name,
                             const po::options_description& visible) {
  for (const auto& [name, shell] : cli::completion_shells()) {
    if (shell_name == name) {
      return cli::completion_script(shell, "paperdex-serve", visible, cli::ChoiceTable{}, false);
    }
  }
  return {};
}

// --listen ADDR:PORT ([ADDR]:PORT for IPv6) into the server's settings.
bool parse_listen(const std::string& listen, ServerSettings& server, std::ostream& err) {
  const std::size_t colon = listen.rfind(':');
  std::string address = colon == std::string::npos ? "" : listen.substr(0, colon);
  const std::string port = colon == std::string::npos ? "" : listen.substr(colon + 1);
  if (address.size() > 2 && address.front() == '[' && address.back() == ']') {
    address = address.substr(1, address.size() - 2);
  }
  const bool port_ok = !port.empty() && port.size() <= 5 &&
                       port.find_first_not_of("0123456789") == std::string::npos &&
                       std::stoul(port) <= 65535;
  if (address.empty() || !port_ok) {
    err << "paperdex-serve: --listen " << terminal_safe(listen)
        << ": give ADDRESS:PORT, such as 127.0.0.1:8080, [::1]:8080 or 0.0.0.0:8080 (port 0: "
           "one the system chooses)\n";
    return false;
  }
  server.address = address;
  server.port = static_cast<unsigned short>(std::stoul(port));
  return true;
}

// The problem with the time options, or "". The timeouts are bounded so that
// they fit the server's clock (1e30 seconds would overflow it); the search
// time limit is the library's range, but 0 (paperdex-search's "no limit") is
// refused: a server's search must not hold a worker for as long as it likes.
std::string time_problem(const ServeOptions& options) {
  constexpr double kMaxTimeoutSeconds = 24 * 60 * 60;
  const std::pair<const char*, double> timeouts[] = {{"--header-timeout", options.header_timeout},
                                                     {"--idle-timeout", options.idle_timeout}};
  for (const auto& [name, seconds] : timeouts) {
    if (!(seconds > 0 && seconds <= kMaxTimeoutSeconds)) {
      return std::string(name) + " takes a number of seconds above 0 and at most 86,400 (a day)";
    }
  }
  if (!(options.api.time_limit_seconds > 0)) {
    return "--time-limit must be above 0: a server's searches always have a time limit";
  }
  try {
    check_request_value("time_limit_seconds", options.api.time_limit_seconds);
  } catch (const InvalidRequestError& error) {
    return "--time-limit " + error.problem();
  }
  return {};
}

// Whether --cors's ORIGIN is one as a browser sends it in Origin
// ("https://lab.example", "http://127.0.0.1:3000"): another form (a trailing
// '/', a path, capitals) would never match one, and CORS would stay off
// without a word.
bool is_origin(const std::string& origin) {
  static const std::regex kOrigin(
      R"(https?://([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:[0-9]{1,5})?)");
  return std::regex_match(origin, kOrigin);
}

// The options' checks beyond their types; the settings they make.
bool interpret(ServeOptions& options, std::ostream& err) {
  if (options.api.databases.empty()) {
    err << "paperdex-serve: give the index to serve with --db PATH (paperdex-index --db PATH "
           "builds one)\nTry 'paperdex-serve --help'.\n";
    return false;
  }
  if (!parse_listen(options.listen, options.server, err)) return false;
  if (const std::string problem = time_problem(options); !problem.empty()) {
    err << "paperdex-serve: " << problem << "\n";
    return false;
  }
  if (options.server.max_connections == 0 || options.server.max_connections_per_client == 0) {
    err << "paperdex-serve: --max-connections and --connections-per-client must be at least 1\n";
    return false;
  }
  constexpr std::size_t kMaxUnsentMib = std::size_t{1} << 20;  // a TiB: no overflow below
  if (options.unsent_memory_mib == 0 || options.unsent_memory_mib > kMaxUnsentMib) {
    err << "paperdex-serve: --unsent-memory takes MiB from 1 to " << kMaxUnsentMib << "\n";
    return false;
  }
  options.server.max_unsent_bytes = options.unsent_memory_mib << 20;
  if (!options.cors.empty() && !is_origin(options.cors)) {
    err << "paperdex-serve: --cors " << terminal_safe(options.cors)
        << ": give an origin as browsers send it, scheme and host in lower case and an optional "
           "port, no path: https://lab.example or http://127.0.0.1:3000\n";
    return false;
  }
  if (!options.cors.empty()) options.api.cors_origin = options.cors;
  const auto milliseconds = [](double seconds) {
    return std::chrono::milliseconds(static_cast<long long>(seconds * 1000));
  };
  options.server.header_timeout = milliseconds(options.header_timeout);
  options.server.idle_timeout = milliseconds(options.idle_timeout);
  options.server.stop_on_signals = true;
  return true;
}

// Each connection is a file descriptor: the soft limit (often 1024) raised
// to the hard one. When --max-connections cannot fit in it, the connections
// are what fits, with a warning: past the limit accept() fails, and a client
// would get no answer at all rather than the 503 that the bound gives.
std::size_t raise_file_limit(std::size_t max_connections, std::ostream& err) {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return max_connections;
  if (limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
    getrlimit(RLIMIT_NOFILE, &limit);
  }
  // Beyond the connections: the indexes' files, the log, the refused ones.
  constexpr std::size_t kOtherFiles = 128;
  if (limit.rlim_cur == RLIM_INFINITY || max_connections + kOtherFiles <= limit.rlim_cur) {
    return max_connections;
  }
  const std::size_t fitting =
      limit.rlim_cur > 2 * kOtherFiles ? limit.rlim_cur - kOtherFiles : limit.rlim_cur / 2;
  err << "paperdex-serve: warning: --max-connections " << max_connections
      << " needs more open files than this process may have (" << limit.rlim_cur << "); serving "
      << fitting
      << " at most: lower it or raise the limit (ulimit -n, LimitNOFILE= in the systemd unit)\n";
  return fitting;
}

// The program's standard error, written by the I/O thread and the workers.
class ErrorLog {
 public:
  explicit ErrorLog(std::ostream& err) : err_(err) {}
  void write(const std::string& line) {
    std::lock_guard lock(mutex_);
    err_ << "paperdex-serve: " << terminal_safe(line) << std::endl;
  }

 private:
  std::mutex mutex_;
  std::ostream& err_;
};

// The start line (scripts and tests read its port), and a warning when
// other machines can reach the server.
void announce(const HttpServer& server, const ServeOptions& options, std::ostream& out,
              std::ostream& err) {
  if (!server.loopback_only()) {
    err << "paperdex-serve: warning: listening on " << server.listening_on()
        << ", which other machines can reach; the server speaks plain HTTP: put it behind a "
           "reverse proxy with TLS (docs/serve.md) or listen on 127.0.0.1\n";
  }
  out << "paperdex-serve: listening on http://" << server.listening_on() << "/ ("
      << server.threads() << " threads, " << options.api.databases.size()
      << (options.api.databases.size() == 1 ? " index" : " indexes") << ")" << std::endl;
}

// SIGHUP: the access log opened again at its path, as daemons do when
// logrotate has renamed the file.
void reopen_access_log(AccessLog& access_log, const std::string& path, ErrorLog& errors) {
  try {
    access_log.reopen();
    errors.write("SIGHUP: reopened the access log " + path);
  } catch (const std::exception& error) {
    errors.write(std::string("SIGHUP: ") + error.what() + "; still writing to the file open");
  }
}

int serve(ServeOptions& options, std::ostream& out, std::ostream& err) {
  // Ignored until the server handles it, and after: opening a large index
  // takes a moment, and a SIGHUP then must not end the program.
  std::signal(SIGHUP, SIG_IGN);
  options.server.max_connections = raise_file_limit(options.server.max_connections, err);
  options.api.split_each_search = splits_searches(options.server.threads);
  ErrorLog errors(err);
  options.api.log_error = [&errors](const std::string& line) { errors.write(line); };
  Api api(options.api);
  std::optional<AccessLog> access_log;
  if (!options.access_log.empty()) access_log.emplace(options.access_log);
  if (access_log) {
    options.server.on_hangup = [&] { reopen_access_log(*access_log, options.access_log, errors); };
  }
  {
    HttpServer server(
        options.server, [&api](const HttpRequest& request) { return api.handle(request); },
        access_log ? &*access_log : nullptr);
    announce(server, options, out, err);
    server.run();
  }  // the server restores SIGHUP's default as it goes
  std::signal(SIGHUP, SIG_IGN);
  out << "paperdex-serve: stopped" << std::endl;
  return kExitOk;
}

}  // namespace

int run_serve(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  ServeOptions options;
  po::options_description visible(usage_text());
  add_serving_options(visible, options);
  add_bound_options(visible, options);
  po::variables_map vm;
  if (!cli::parse_command_line("paperdex-serve", argc, argv, visible, hidden_options(options),
                               nullptr, vm, err)) {
    return kExitError;
  }
  if (vm.count("help")) {
    out << visible;
    return kExitOk;
  }
  if (vm.count("version")) {
    out << version_text();
    return kExitOk;
  }
  if (vm.count("completion")) {
    out << completion_asked(options.completion, visible);
    return kExitOk;
  }
  if (!interpret(options, err)) return kExitError;
  try {
    return serve(options, out, err);
  } catch (const std::exception& error) {
    err << "paperdex-serve: " << terminal_safe(error.what()) << '\n';
    return kExitError;
  }
}

}  // namespace paperdex::serve
