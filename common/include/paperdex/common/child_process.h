// Running a helper program on one untrusted input as a child process,
// bounded in wall-clock time and in the bytes taken from its output: the
// PDF reader (paperdex-pdftext) and the BibTeX reader (paperdex-bibtex, for
// a source package's .bib and for --import). posix_spawn, not fork: the
// caller may be multi-threaded, and only exec is safe in a forked copy of
// such a process.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace paperdex {

struct ChildBounds {
  std::chrono::milliseconds time{60000};  // from the spawn to the child's exit
  std::size_t max_stdout_bytes = 64u << 20;
  std::size_t max_stderr_bytes = 4096;  // the last bytes are kept
};

struct ChildOutcome {
  std::string out;         // stdout, at most max_stdout_bytes
  bool out_cut = false;    // stdout was longer: the child was stopped there
  std::string err_tail;    // the end of stderr
  bool timed_out = false;  // killed at the time bound
  int exit_status = -1;    // when it exited
  int signal = 0;          // when a signal ended it (not ours)
};

// Runs `program` with `args` (argv[1..]) in a process group of its own
// (which is killed whole at a bound). Its stdin reads `input` (an anonymous
// file holding it: nothing is written to a pipe, so a child that stops
// reading can neither block the caller nor raise SIGPIPE in it); /dev/null
// when `input` is empty. Returns once the child is gone; never leaves it
// running or unreaped. Throws std::system_error when it cannot be started.
ChildOutcome run_child(const std::string& program, const std::vector<std::string>& args,
                       const ChildBounds& bounds, std::string_view input = {});

// Where a helper program is: `chosen` when not empty, else $`environment`,
// else `name` beside the running program, else `installed`. Not checked:
// see is_executable.
std::string find_helper(const std::string& chosen, const char* environment, std::string_view name,
                        const std::string& installed);
bool is_executable(const std::string& path);

}  // namespace paperdex
