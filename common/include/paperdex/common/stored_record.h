// The display record stored in each document's data (JSON), read back by the
// searcher for results and by the indexer when merging.
#pragma once

#include <string>
#include <string_view>

#include "paperdex/common/record.h"

namespace paperdex {

std::string encode_stored_record(const Record& record);
// Throws std::runtime_error on data that is not a stored record.
Record decode_stored_record(std::string_view data);

}  // namespace paperdex
