// Bounds on what one input can make the indexer hold or store (README
// "Input limits"). Reading enforces the per-record bounds as the bytes arrive,
// so an endless line or element never sits in memory whole; the per-field
// bounds cut what a record stores, far above any real arXiv record (arXiv caps
// abstracts at 1,920 characters; its longest author lists run to ~5,000 names);
// they are the record-field table's (record_fields.h).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "paperdex/common/record.h"
#include "paperdex/indexer/record_sink.h"

namespace paperdex::detail {

inline constexpr std::size_t kKiB = 1024;
inline constexpr std::size_t kMiB = 1024 * kKiB;

// One JSON line, one JSON array element, one author-page line, the text of
// one XML element, one XML token (a tag with its attributes, a comment).
inline constexpr std::size_t kMaxRecordBytes = 16 * kMiB;
// One line of a --delete-from file: one arXiv id.
inline constexpr std::size_t kMaxIdLineBytes = 1 * kMiB;
// How deep XML elements may nest. expat keeps every open element, so depth
// costs memory as length does (30M levels in an 87 KB .gz took 4 GB); no
// record of the XML formats read here is deeper than about 10.
inline constexpr std::size_t kMaxXmlDepth = 64;

// Cuts every field of `record` over its limit (the record-field table's
// max_bytes and max_entries, record_fields.h: text at a character boundary,
// lists to their first entries) and returns one message per field cut:
// "abstract: 20,000,000 bytes, cut to at most 65,536".
std::vector<std::string> apply_field_limits(Record& record);

// `sink` behind apply_field_limits: each field cut is told to on_warning
// ("truncated") before the record goes on. Keeps a reference to `sink`.
RecordSink with_field_limits(const RecordSink& sink);

}  // namespace paperdex::detail
