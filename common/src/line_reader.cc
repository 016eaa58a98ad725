#include "paperdex/common/line_reader.h"

#include <algorithm>

namespace paperdex {
namespace {

constexpr std::size_t kChunkBytes = 64 * 1024;

}  // namespace

BoundedLineReader::BoundedLineReader(std::istream& in, std::size_t max_line_bytes)
    : in_(in), max_line_bytes_(max_line_bytes), chunk_(kChunkBytes) {}

BoundedLineReader::Status BoundedLineReader::next(std::string& line) {
  line.clear();
  if (finished_) return Status::kEnd;
  bool too_long = false;
  bool started = false;  // some byte of this line was read
  std::uint64_t skipped = 0;
  for (;;) {
    // getline stops at '\n' (extracted, not stored), at the end of the
    // stream, or with failbit when the chunk is full: then the line goes on.
    in_.getline(chunk_.data(), static_cast<std::streamsize>(chunk_.size()));
    const auto extracted = static_cast<std::size_t>(in_.gcount());
    const bool ended_by_newline = !in_.fail() && !in_.eof();
    const bool chunk_full = in_.fail() && !in_.eof() && !in_.bad();
    const std::size_t stored = ended_by_newline ? extracted - 1 : extracted;
    started = started || extracted > 0;
    if (too_long) {
      skipped += stored;
    } else if (line.size() + stored > max_line_bytes_) {
      too_long = true;
      skipped = line.size() + stored - max_line_bytes_;
      line.clear();
      line.shrink_to_fit();
    } else {
      line.append(chunk_.data(), stored);
    }
    if (too_long && skipped > kMaxLineSkipBytes) {
      gave_up_ = finished_ = true;
      ++line_number_;
      return Status::kTooLong;
    }
    if (chunk_full) {
      in_.clear();
      continue;
    }
    if (!ended_by_newline) finished_ = true;  // the end of the stream, or a read error
    if (!ended_by_newline && !started) return Status::kEnd;
    ++line_number_;
    return too_long ? Status::kTooLong : Status::kLine;
  }
}

}  // namespace paperdex
