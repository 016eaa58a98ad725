// The query language, as README "Query syntax" describes it, for the
// terminal: paperdex-search --help-syntax and the search page's /syntax.txt.
#pragma once

#include <string>

namespace paperdex::presentation {

// The whole text; its field rows come from the schema's field table.
std::string syntax_help();

// Every field name and alias of the query language ("  text: abstract: ..."),
// from the schema's field table, for --help: indented lines, each ending in
// a newline.
std::string field_names_summary();

}  // namespace paperdex::presentation
