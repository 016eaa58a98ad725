// Where a harvest stands, as the index keeps it: one metadata entry per base
// URL, set and format, written in the same commit as each page's papers.
// Private to the indexer.
#pragma once

#include <string>
#include <vector>

#include <xapian.h>

#include "paperdex/indexer/harvest.h"

namespace paperdex::harvest {

// The metadata key of the harvest of `base_url`, `set` and `metadata_prefix`.
std::string state_key(const std::string& base_url, const std::string& set,
                      const std::string& metadata_prefix);

std::string encode_state(const HarvestState& state);
// Throws std::runtime_error naming `key` for a value that is not a state.
HarvestState decode_state(const std::string& key, const std::string& value);

// Every harvest `db` remembers.
std::vector<HarvestState> read_states(const Xapian::Database& db);

}  // namespace paperdex::harvest
