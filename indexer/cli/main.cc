// paperdex-index: see index_cli.h.
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>

#include "index_cli.h"

int main(int argc, char** argv) {
  const int status = paperdex::cli::run_index_cli(argc, argv, std::cout, std::cerr);
  // run_index_cli has flushed; closing is where a network file system
  // reports that the data never arrived.
  if (close(STDOUT_FILENO) != 0 && errno != EBADF && status != paperdex::cli::kExitFailed) {
    std::cerr << "paperdex-index: cannot write the summary to standard output: "
              << std::strerror(errno) << " (the index itself was written)\n";
    return paperdex::cli::kExitFailed;
  }
  return status;
}
