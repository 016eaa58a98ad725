// paperdex-search: see search_cli.h.
#include <iostream>

#include "search_cli.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  return paperdex::cli::run_search(argc, argv, std::cout, std::cerr);
}
