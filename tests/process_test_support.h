// For tests that run the CLIs as processes they may kill (durability_test,
// harvest_test): spawning one quietly, its exit, and an index's papers to
// compare two indexes by.
#pragma once

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>

#include <map>
#include <string>
#include <vector>

#include <xapian.h>
#include <catch2/catch.hpp>

#include "test_support.h"

extern char** environ;

namespace paperdex::test {

// Starts `args` (args[0] looked up in PATH when it has no '/'), its output
// to /dev/null; with `own_group`, in a process group of its own (kill(-pid)
// stops a server and the children it forks).
inline pid_t spawn_quiet(const std::vector<std::string>& args, bool own_group = false) {
  std::vector<char*> argv;
  for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  if (own_group) {
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attributes, 0);
  }
  pid_t pid = -1;
  const int error = posix_spawnp(&pid, argv[0], &actions, &attributes, argv.data(), environ);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  REQUIRE(error == 0);
  return pid;
}

// The exit status, or minus the signal that ended it.
inline int wait_exit(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
}

// id term -> stored paper (paper_json: without the index's clock), for
// comparing two indexes paper by paper.
inline std::map<std::string, std::string> index_contents(const std::string& db_path) {
  Xapian::Database db(db_path);
  std::map<std::string, std::string> papers;
  for (auto term = db.allterms_begin("Q"); term != db.allterms_end("Q"); ++term) {
    papers[*term] =
        paper_json(decode_stored_record(db.get_document(*db.postlist_begin(*term)).get_data()));
  }
  return papers;
}

}  // namespace paperdex::test
