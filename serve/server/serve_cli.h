#pragma once
// paperdex-serve's command line: the options (one boost::program_options
// table that --help prints and docs/man/paperdex-serve.1 follows), the Api
// over the --db indexes, and the HttpServer that serves it until SIGTERM.

#include <iosfwd>

namespace paperdex::serve {

// Runs paperdex-serve; the exit status: 0 after a stop by SIGTERM or SIGINT
// (or --help, --version), 2 for a usage error or what keeps it from starting
// (an index it cannot open, an address it cannot listen on), said on `err`.
int run_serve(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace paperdex::serve
