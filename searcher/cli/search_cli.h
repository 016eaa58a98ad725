// paperdex-search as a function: arguments in, output and an exit status out,
// so tests can drive it and main() stays empty of logic.
#pragma once

#include <iosfwd>

namespace paperdex::cli {

// Exit statuses: 0 success (also when nothing matches), 2 usage, index or query
// error, or an id of --show that no paper has (the papers found still printed).
int run_search(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace paperdex::cli
