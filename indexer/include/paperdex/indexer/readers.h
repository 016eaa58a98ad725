// Readers: one per input format, each streaming records into a RecordSink.
// Records come out with display text already prepared (TeX decoded, lines
// unwrapped, valid UTF-8); ids canonical (arxiv_id.h) or empty.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "paperdex/indexer/record_sink.h"

namespace paperdex {

enum class InputFormat { kAuthorPage, kArxivJsonl, kOaiPmh, kAtom, kUnknown };

std::string_view format_name(InputFormat format);

// Detects the format from the first bytes of the (decompressed) content.
InputFormat detect_format(std::string_view head);

// The "arXiv subjects" author pages (see corpus/author-pages/).
void read_author_page(std::istream& in, const std::string& origin, const RecordSink& sink);

// Files given on the command line: a directory is read recursively (sorted
// paths), "-" is standard input, ".gz" content is decompressed transparently,
// the format is detected from content. An unreadable or unknown input is
// reported as a problem, not thrown.
std::vector<std::string> expand_inputs(const std::vector<std::string>& paths);
void read_input(const std::string& path, const RecordSink& sink);

}  // namespace paperdex
