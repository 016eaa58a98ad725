// A server of Xapian's on 127.0.0.1, for tests that talk to one
// (replica_test: xapian-replicate-server and xapian-tcpsrv;
// remote_connections_test: xapian-tcpsrv).
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "process_test_support.h"

namespace paperdex::test {

// Whether `program` is found on PATH.
inline bool on_path(const std::string& program) {
  return run_command("command -v " + program + " >/dev/null").status == 0;
}

// A TCP port of 127.0.0.1 nobody listens on now.
inline int free_loopback_port() {
  const int socket_fd = ::socket(AF_INET, SOCK_STREAM, 0);
  REQUIRE(socket_fd >= 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  const bool bound = ::bind(socket_fd, reinterpret_cast<sockaddr*>(&address), length) == 0 &&
                     ::getsockname(socket_fd, reinterpret_cast<sockaddr*>(&address), &length) == 0;
  ::close(socket_fd);
  REQUIRE(bound);
  return ntohs(address.sin_port);
}

inline bool accepts_connections(int port) {
  const int socket_fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  const bool connected =
      ::connect(socket_fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
  ::close(socket_fd);
  return connected;
}

// A server of Xapian's (xapian-replicate-server, xapian-tcpsrv) on
// 127.0.0.1 and a free port, in a process group of its own (it forks per
// connection); stopped with its children when destroyed.
class LoopbackServer {
 public:
  // `program` and its arguments but --interface and --port.
  explicit LoopbackServer(std::vector<std::string> args) {
    for (int attempt = 0; attempt < 10 && pid_ < 0; ++attempt) start(args);
    REQUIRE(pid_ > 0);
  }
  ~LoopbackServer() {
    if (pid_ <= 0) return;
    ::kill(-pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }
  LoopbackServer(const LoopbackServer&) = delete;
  LoopbackServer& operator=(const LoopbackServer&) = delete;

  int port() const { return port_; }

  // How many processes the server runs besides itself: xapian-tcpsrv forks
  // one for each connection it accepted that is still open (an exited one
  // not yet reaped is not counted).
  std::size_t children() const {
    std::size_t count = 0;
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
      std::ifstream stat(entry.path() / "stat");
      std::string line;
      if (!std::getline(stat, line) || line.rfind(')') == std::string::npos) continue;
      // pid (comm) state ppid ...: comm may hold spaces and parentheses.
      std::istringstream fields(line.substr(line.rfind(')') + 1));
      std::string state;
      pid_t parent = 0;
      if (fields >> state >> parent && parent == pid_ && state != "Z") ++count;
    }
    return count;
  }

 private:
  void start(std::vector<std::string> args) {
    port_ = free_loopback_port();
    args.insert(args.begin() + 1, {"--interface=127.0.0.1", "--port=" + std::to_string(port_)});
    const pid_t pid = spawn_quiet(args, true);
    for (int wait = 0; wait < 100; ++wait) {
      if (accepts_connections(port_)) {
        pid_ = pid;
        return;
      }
      if (::waitpid(pid, nullptr, WNOHANG) == pid) return;  // the port was taken: another
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ::kill(-pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
  }

  pid_t pid_ = -1;
  int port_ = 0;
};

}  // namespace paperdex::test
