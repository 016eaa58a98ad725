/// @file
/// Readers: one per input format, each streaming records into a RecordSink.
/// Records come out with display text already prepared (TeX decoded, lines
/// unwrapped, valid UTF-8); ids canonical arXiv ids or empty.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "paperdex/export.h"
#include "paperdex/indexer/record_sink.h"

namespace paperdex {

/// The input formats paperdex reads.
/// kArxivJsonArray: one JSON document holding an array of snapshot records.
enum class InputFormat { kAuthorPage, kArxivJsonl, kOaiPmh, kAtom, kArxivJsonArray, kUnknown };

/// A short name for the format ("arxiv-jsonl", ...), for messages.
PAPERDEX_API std::string_view format_name(InputFormat format);

/// Detects the format from the first bytes of the (decompressed) content.
PAPERDEX_API InputFormat detect_format(std::string_view head);

/// Reads an "arXiv subjects" author page (see corpus/author-pages/).
PAPERDEX_API void read_author_page(std::istream& in, const std::string& origin,
                                   const RecordSink& sink);

/// Files given on the command line: a directory is read recursively (sorted
/// paths), "-" is standard input, ".gz" content is decompressed transparently,
/// the format is detected from content. An unreadable or unknown input is
/// reported as a problem, not thrown.
/// expand_inputs lists the files the paths stand for.
PAPERDEX_API std::vector<std::string> expand_inputs(const std::vector<std::string>& paths);
/// Reads one file (or "-") of any supported format into `sink`.
PAPERDEX_API void read_input(const std::string& path, const RecordSink& sink);

}  // namespace paperdex
