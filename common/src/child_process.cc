// See child_process.h. Every resource (the
// pipes' ends, the child itself) has an owner that releases it on every path,
// exceptions included: a child is killed and reaped by its owner's destructor.
#include "paperdex/common/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <system_error>
#include <thread>
#include <utility>

extern char** environ;

namespace paperdex {
namespace {

using Clock = std::chrono::steady_clock;

class UniqueFd {
 public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  UniqueFd(UniqueFd&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  UniqueFd& operator=(UniqueFd&& other) noexcept {
    if (this != &other) reset(std::exchange(other.fd_, -1));
    return *this;
  }
  UniqueFd(const UniqueFd&) = delete;
  UniqueFd& operator=(const UniqueFd&) = delete;
  ~UniqueFd() { reset(); }
  int get() const { return fd_; }
  void reset(int fd = -1) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = fd;
  }

 private:
  int fd_ = -1;
};

struct Pipe {
  UniqueFd read_end, write_end;
};

Pipe make_pipe() {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) throw std::system_error(errno, std::generic_category(), "pipe");
  return {UniqueFd(fds[0]), UniqueFd(fds[1])};
}

// posix_spawn's attribute and file-action objects, destroyed on every path.
struct SpawnSetup {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  SpawnSetup() {
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
  }
  SpawnSetup(const SpawnSetup&) = delete;
  SpawnSetup& operator=(const SpawnSetup&) = delete;
  ~SpawnSetup() {
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
  }
};

// The running child: killed (its whole process group) and reaped unless it
// was reaped already.
class Child {
 public:
  explicit Child(pid_t pid) : pid_(pid) {}
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;
  ~Child() {
    if (pid_ > 0) {
      kill_group();
      wait_blocking();
    }
  }
  void kill_group() const {
    ::kill(-pid_, SIGKILL);
    ::kill(pid_, SIGKILL);  // in case it left its group
  }
  // True when the child has exited; `status` then holds its wait status.
  bool try_wait(int& status) {
    const pid_t done = ::waitpid(pid_, &status, WNOHANG);
    if (done == pid_ || (done < 0 && errno != EINTR)) {
      pid_ = -1;
      return true;
    }
    return false;
  }
  int wait_blocking() {
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
    return status;
  }

 private:
  pid_t pid_;
};

// An anonymous file holding `input`, read from its start.
UniqueFd input_file(std::string_view input) {
  UniqueFd file(::memfd_create("paperdex-child-input", MFD_CLOEXEC));
  if (file.get() < 0) throw std::system_error(errno, std::generic_category(), "memfd_create");
  for (std::size_t written = 0; written < input.size();) {
    const ssize_t wrote = ::write(file.get(), input.data() + written, input.size() - written);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0)
      throw std::system_error(errno, std::generic_category(), "writing a child's input");
    written += static_cast<std::size_t>(wrote);
  }
  if (::lseek(file.get(), 0, SEEK_SET) != 0) {
    throw std::system_error(errno, std::generic_category(), "lseek");
  }
  return file;
}

pid_t spawn(const std::string& program, const std::vector<std::string>& args, int in, int out,
            int err) {
  SpawnSetup setup;
  if (in >= 0) {
    posix_spawn_file_actions_adddup2(&setup.actions, in, 0);
  } else {
    posix_spawn_file_actions_addopen(&setup.actions, 0, "/dev/null", O_RDONLY, 0);
  }
  posix_spawn_file_actions_adddup2(&setup.actions, out, 1);
  posix_spawn_file_actions_adddup2(&setup.actions, err, 2);
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
  // Descriptors other threads opened without O_CLOEXEC stay out of the child.
  posix_spawn_file_actions_addclosefrom_np(&setup.actions, 3);
#endif
  // Default signal dispositions and no blocked signals: the caller may ignore
  // SIGPIPE or block SIGINT; the child must not inherit that. Its own process
  // group, so a timeout kills whatever it started too.
  sigset_t none, all;
  sigemptyset(&none);
  sigfillset(&all);
  posix_spawnattr_setsigmask(&setup.attributes, &none);
  posix_spawnattr_setsigdefault(&setup.attributes, &all);
  posix_spawnattr_setpgroup(&setup.attributes, 0);
  posix_spawnattr_setflags(&setup.attributes,
                           POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(program.c_str()));
  for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int error =
      ::posix_spawn(&pid, program.c_str(), &setup.actions, &setup.attributes, argv.data(), environ);
  if (error != 0) throw std::system_error(error, std::generic_category(), program);
  return pid;
}

int remaining_ms(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  return left.count() <= 0 ? 0 : static_cast<int>(std::min<long long>(left.count(), 1000000));
}

// Reads what `fd` has into `into`; false at end of file (or error).
bool drain(int fd, std::string& into, std::size_t room) {
  char buffer[65536];
  const ssize_t got = ::read(fd, buffer, std::min(sizeof buffer, std::max<std::size_t>(room, 1)));
  if (got < 0) return errno == EINTR || errno == EAGAIN;
  if (got == 0) return false;
  into.append(buffer, static_cast<std::size_t>(got));
  return true;
}

// Reads both pipes until both close, stdout is full, or the deadline passes.
void read_output(UniqueFd& out, UniqueFd& err, const ChildBounds& bounds,
                 Clock::time_point deadline, ChildOutcome& outcome) {
  std::string err_buffer;
  while (out.get() >= 0 || err.get() >= 0) {
    pollfd fds[2] = {{out.get(), POLLIN, 0}, {err.get(), POLLIN, 0}};
    const int ready = ::poll(fds, 2, remaining_ms(deadline));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) {
      outcome.timed_out = true;
      break;
    }
    if (fds[0].revents != 0) {
      const std::size_t room =
          bounds.max_stdout_bytes + 1 - std::min(outcome.out.size(), bounds.max_stdout_bytes);
      if (!drain(out.get(), outcome.out, room)) out.reset();
      if (outcome.out.size() > bounds.max_stdout_bytes) {
        outcome.out.resize(bounds.max_stdout_bytes);
        outcome.out_cut = true;
        break;
      }
    }
    if (fds[1].revents != 0) {
      if (!drain(err.get(), err_buffer, 65536)) err.reset();
      if (err_buffer.size() > bounds.max_stderr_bytes) {
        err_buffer.erase(0, err_buffer.size() - bounds.max_stderr_bytes);
      }
    }
  }
  outcome.err_tail = std::move(err_buffer);
}

// After its output closed: the child's exit, until the deadline.
bool wait_until(Child& child, Clock::time_point deadline, int& status) {
  for (;;) {
    if (child.try_wait(status)) return true;
    if (Clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

}  // namespace

ChildOutcome run_child(const std::string& program, const std::vector<std::string>& args,
                       const ChildBounds& bounds, std::string_view input) {
  const Clock::time_point deadline = Clock::now() + bounds.time;
  UniqueFd in = input.empty() ? UniqueFd() : input_file(input);
  Pipe out = make_pipe();
  Pipe err = make_pipe();
  Child child(spawn(program, args, in.get(), out.write_end.get(), err.write_end.get()));
  in.reset();
  out.write_end.reset();
  err.write_end.reset();
  ChildOutcome outcome;
  read_output(out.read_end, err.read_end, bounds, deadline, outcome);
  int status = 0;
  if (outcome.timed_out || outcome.out_cut || !wait_until(child, deadline, status)) {
    outcome.timed_out = !outcome.out_cut;
    child.kill_group();
    child.wait_blocking();
    return outcome;
  }
  if (WIFEXITED(status)) outcome.exit_status = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) outcome.signal = WTERMSIG(status);
  return outcome;
}

bool is_executable(const std::string& path) {
  return !path.empty() && ::access(path.c_str(), X_OK) == 0 && !std::filesystem::is_directory(path);
}

std::string find_helper(const std::string& chosen, const char* environment, std::string_view name,
                        const std::string& installed) {
  if (!chosen.empty()) return chosen;
  if (const char* value = std::getenv(environment); value != nullptr && *value != '\0') {
    return value;
  }
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) {
    std::string beside = (self.parent_path() / name).string();
    if (is_executable(beside)) return beside;
  }
  return installed;
}

}  // namespace paperdex
