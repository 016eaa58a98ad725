// paperdex-serve: see serve_cli.h.
#include <iostream>

#include "serve_cli.h"

int main(int argc, char** argv) {
  return paperdex::serve::run_serve(argc, argv, std::cout, std::cerr);
}
