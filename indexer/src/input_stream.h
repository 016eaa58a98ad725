// Byte streams under the readers: a buffered source that can be peeked (for
// format detection) without consuming, a progress-counting file layer, and a
// gzip layer. Readers only see a std::istream on top.
#pragma once

#include <cstdint>
#include <functional>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

#include <zlib.h>

namespace paperdex::detail {

// A std::streambuf whose get area is refilled in large chunks by fill(), and
// whose next bytes can be looked at with peek() before anyone reads them.
class ChunkedInputBuf : public std::streambuf {
 public:
  explicit ChunkedInputBuf(std::size_t capacity);
  ChunkedInputBuf(const ChunkedInputBuf&) = delete;
  ChunkedInputBuf& operator=(const ChunkedInputBuf&) = delete;

  // Up to `count` upcoming bytes (fewer only at the end of the stream); they
  // stay unread. `count` is capped at the buffer capacity.
  std::string_view peek(std::size_t count);

 protected:
  // Writes up to `size` bytes to `destination`; returns how many, 0 at the end.
  virtual std::size_t fill(char* destination, std::size_t size) = 0;
  int_type underflow() override;

 private:
  std::vector<char> buffer_;
  bool at_end_ = false;
};

// The raw bytes of a file or of stdin, counting what was consumed and
// reporting it to `progress` every `progress_step` bytes (and at the end).
// A read error (EIO, EISDIR) ends the stream there instead of unwinding
// through the reader: the records before it are kept, and read_error() says
// what happened.
class CountingInputBuf final : public ChunkedInputBuf {
 public:
  CountingInputBuf(std::streambuf& source, std::function<void(std::uint64_t)> progress);
  std::uint64_t consumed() const { return consumed_; }
  void report_progress();
  // Empty, or why reading stopped early ("Input/output error").
  const std::string& read_error() const { return read_error_; }

 protected:
  std::size_t fill(char* destination, std::size_t size) override;

 private:
  std::streambuf& source_;
  std::function<void(std::uint64_t)> progress_;
  std::uint64_t consumed_ = 0;
  std::uint64_t last_reported_ = 0;
  std::string read_error_;
};

// Owns an inflate stream set up for gzip; ends it on destruction.
class InflateStream {
 public:
  InflateStream();
  ~InflateStream();
  InflateStream(const InflateStream&) = delete;
  InflateStream& operator=(const InflateStream&) = delete;
  z_stream* get() { return &stream_; }

 private:
  z_stream stream_{};
};

// Decompresses gzip data (one or more concatenated members) from `source`.
// A stream that ends inside a member is truncated(); corrupt data sets error().
// Either way the bytes decompressed before the damage are delivered first.
class GzipInputBuf final : public ChunkedInputBuf {
 public:
  explicit GzipInputBuf(std::streambuf& source);
  bool truncated() const { return truncated_; }
  const std::string& error() const { return error_; }

 protected:
  std::size_t fill(char* destination, std::size_t size) override;

 private:
  bool refill_input();

  std::streambuf& source_;
  InflateStream inflate_;
  std::vector<unsigned char> input_;
  bool finished_ = false;
  bool inside_member_ = true;
  bool truncated_ = false;
  std::string error_;
};

bool has_gzip_magic(std::string_view head);

}  // namespace paperdex::detail
