// Lines of a stream, each read with a bound on its length, so that a file
// with no line breaks (/dev/zero, an endless pipe, a corrupt dump) cannot
// make a reader hold more than the bound in memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <istream>
#include <string>
#include <vector>

namespace paperdex {

// How far past a line's limit the reader looks for its end before it gives
// up on the stream: far enough for any real file, not forever for an endless
// one.
inline constexpr std::uint64_t kMaxLineSkipBytes = std::uint64_t{1} << 30;  // 1 GiB

class BoundedLineReader {
 public:
  enum class Status {
    kLine,     // `line` holds the next line, without its '\n' ('\r' kept)
    kTooLong,  // the line was over the limit: dropped, and the stream read past it
    kEnd,      // nothing more (end of stream, a read error, or gave_up())
  };

  BoundedLineReader(std::istream& in, std::size_t max_line_bytes);

  Status next(std::string& line);

  // The number of the line next() returned last, from 1.
  std::size_t line_number() const { return line_number_; }
  std::size_t max_line_bytes() const { return max_line_bytes_; }
  // After kTooLong: no line end within kMaxLineSkipBytes past the limit, so
  // the rest of the stream is not read.
  bool gave_up() const { return gave_up_; }
  // The stream failed (not just ended): the lines before it were returned.
  bool read_error() const { return in_.bad(); }

 private:
  std::istream& in_;
  std::size_t max_line_bytes_;
  std::vector<char> chunk_;
  std::size_t line_number_ = 0;
  bool gave_up_ = false;
  bool finished_ = false;
};

}  // namespace paperdex
