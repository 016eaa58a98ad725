// paperdex-search --help-syntax: the query language, as README "Query syntax"
// describes it, for the terminal.
#pragma once

#include <string>

namespace paperdex::cli {

// The whole text; its field rows come from the schema's field table.
std::string syntax_help();

// Every field name and alias of the query language ("  text: abstract: ..."),
// from the schema's field table, for --help: indented lines, each ending in
// a newline.
std::string field_names_summary();

}  // namespace paperdex::cli
