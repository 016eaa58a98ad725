// paperdex-search --help-syntax: the query language, as README "Query syntax"
// describes it, for the terminal.
#pragma once

#include <string>

namespace paperdex::cli {

std::string syntax_help();

}  // namespace paperdex::cli
