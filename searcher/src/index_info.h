// paperdex-search --stats: what an index holds, read from the database.
#pragma once

#include <string>
#include <vector>

#include <xapian.h>

#include "paperdex/searcher.h"

namespace paperdex::detail {

// Everything but the subjects, which the searcher counts with its facets, of
// `db`, opened from `locations` (their local files are its size). Walks the
// whole term list to count distinct terms.
IndexInfo describe_index(const Xapian::Database& db, const std::vector<std::string>& locations);

}  // namespace paperdex::detail
