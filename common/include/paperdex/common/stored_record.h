// The display record stored in each document's data (JSON compressed by zstd
// with a dictionary compiled in), read back by the searcher for results and
// by the indexer when merging.
#pragma once

#include <string>
#include <string_view>

#include "paperdex/common/record.h"

namespace paperdex {

// The zstd level records are compressed at, and the dictionary trained for
// (indexer/tools/train_record_dictionary.cc).
inline constexpr int kStoredRecordCompressionLevel = 3;

std::string encode_stored_record(const Record& record);
// The JSON that encode_stored_record compresses: two records are stored
// alike exactly when theirs are equal.
std::string stored_record_json(const Record& record);
// Throws std::runtime_error on data that is not a stored record.
Record decode_stored_record(std::string_view data);

}  // namespace paperdex
