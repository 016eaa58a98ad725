// paperdex-search: see search_cli.h.
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>

#include "search_cli.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  const int status = paperdex::cli::run_search(argc, argv, std::cout, std::cerr);
  // run_search has flushed; closing is where a network file system reports
  // that the data never arrived.
  if (close(STDOUT_FILENO) != 0 && errno != EBADF && status == 0) {
    std::cerr << "paperdex-search: cannot write the output: " << std::strerror(errno) << '\n';
    return 2;
  }
  return status;
}
