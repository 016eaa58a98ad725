// For the tests of the paperdex-serve program: the real binary started as
// a child process, its start line read for the port it listens on.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "test_support.h"

extern char** environ;

namespace paperdex::test {

// paperdex-serve started with `args`, its standard output read through a
// pipe (for the start line), its standard error into a file.
class ServeProcess {
 public:
  explicit ServeProcess(const std::vector<std::string>& args) {
    int out[2];
    REQUIRE(pipe(out) == 0);
    std::vector<std::string> all{PAPERDEX_SERVE_BIN};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& arg : all) argv.push_back(arg.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&actions, out[0]);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err_path().c_str(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0600);
    REQUIRE(posix_spawn(&pid_, argv[0], &actions, nullptr, argv.data(), environ) == 0);
    posix_spawn_file_actions_destroy(&actions);
    close(out[1]);
    out_ = out[0];
  }
  ~ServeProcess() {
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    close(out_);
  }
  // The next line of standard output ("" at its end or after 10 s).
  std::string line() {
    std::string text;
    char c;
    pollfd ready{out_, POLLIN, 0};
    while (poll(&ready, 1, 10'000) == 1 && read(out_, &c, 1) == 1 && c != '\n') text += c;
    return text;
  }
  // Sends `signal` and goes on.
  void signal(int signal) { kill(pid_, signal); }
  // Whether it is still running (it has not exited).
  bool running() { return waitpid(pid_, nullptr, WNOHANG) == 0; }
  // Its resident memory (VmRSS in /proc/PID/status), in KiB; 0 when unknown.
  long resident_kib() const {
    std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
    for (std::string line; std::getline(status, line);) {
      if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
    }
    return 0;
  }
  int signal_and_wait(int signal) {
    kill(pid_, signal);
    return wait();
  }
  // Its exit status; one still running after 10 s (a server that should
  // have refused to start) is killed, and the status is -SIGKILL.
  int wait() {
    int status = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (waitpid(pid_, &status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() > deadline) kill(pid_, SIGKILL);
      usleep(10'000);
    }
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
  }
  std::string err() const {
    std::ifstream in(err_path());
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }

 private:
  std::string err_path() const { return (dir_.path() / "stderr").string(); }
  paperdex::test::TempDir dir_;
  pid_t pid_ = -1;
  int out_ = -1;
};

inline unsigned short listening_port(const std::string& start_line) {
  std::smatch match;
  REQUIRE(std::regex_search(start_line, match,
                            std::regex(R"(listening on http://127\.0\.0\.1:(\d+)/)")));
  return static_cast<unsigned short>(std::stoul(match[1]));
}

}  // namespace paperdex::test
