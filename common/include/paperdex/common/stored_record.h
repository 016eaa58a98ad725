// The display record stored in each document's data (JSON compressed by zstd
// with a dictionary compiled in), read back by the searcher for results and
// by the indexer when merging.
#pragma once

#include <cstddef>
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

// A paper's full text (Record::body) as its value slot holds it
// (schema::kBodySlot): a zstd frame, no dictionary. Bodies are most of an
// index with full text: compressed they take about a third of their size,
// and one is read only to merge a paper or to show a hit's passage.
std::string encode_body(std::string_view body);
// The body of a value encode_body made; throws std::runtime_error on a value
// that is not one, or one of more than kMaxBodyBytes.
std::string decode_body(std::string_view value);
inline constexpr std::size_t kMaxBodyBytes = std::size_t{256} << 20;

}  // namespace paperdex
