#include "input_stream.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <system_error>

namespace paperdex::detail {
namespace {

// Big enough that format detection sees the root element of any XML
// response (past its processing instruction and comments) in one peek.
constexpr std::size_t kBufferSize = 256 * 1024;
constexpr std::uint64_t kProgressStep = 4 * 1024 * 1024;

}  // namespace

ChunkedInputBuf::ChunkedInputBuf(std::size_t capacity) : buffer_(capacity) {
  setg(buffer_.data(), buffer_.data(), buffer_.data());
}

std::string_view ChunkedInputBuf::peek(std::size_t count) {
  count = std::min(count, buffer_.size());
  std::size_t available = static_cast<std::size_t>(egptr() - gptr());
  if (available < count && !at_end_) {
    std::memmove(buffer_.data(), gptr(), available);
    while (available < count && !at_end_) {
      const std::size_t got = fill(buffer_.data() + available, buffer_.size() - available);
      if (got == 0) at_end_ = true;
      available += got;
    }
    setg(buffer_.data(), buffer_.data(), buffer_.data() + available);
  }
  return {gptr(), std::min(count, available)};
}

ChunkedInputBuf::int_type ChunkedInputBuf::underflow() {
  if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
  if (at_end_) return traits_type::eof();
  const std::size_t got = fill(buffer_.data(), buffer_.size());
  if (got == 0) {
    at_end_ = true;
    return traits_type::eof();
  }
  setg(buffer_.data(), buffer_.data(), buffer_.data() + got);
  return traits_type::to_int_type(*gptr());
}

CountingInputBuf::CountingInputBuf(std::streambuf& source,
                                   std::function<void(std::uint64_t)> progress)
    : ChunkedInputBuf(kBufferSize), source_(source), progress_(std::move(progress)) {}

std::size_t CountingInputBuf::fill(char* destination, std::size_t size) {
  if (!read_error_.empty()) return 0;
  std::streamsize got = 0;
  try {
    got = source_.sgetn(destination, static_cast<std::streamsize>(size));
  } catch (const std::system_error& error) {
    // std::filebuf throws "basic_filebuf::xsgetn error reading the file";
    // the errno it carries is what a user can act on.
    read_error_ = error.code().category() == std::generic_category() ||
                          error.code().category() == std::system_category()
                      ? error.code().message()
                      : error.what();
    if (read_error_.empty()) read_error_ = "read error";
    return 0;
  }
  if (got <= 0) return 0;
  consumed_ += static_cast<std::uint64_t>(got);
  if (progress_ && consumed_ - last_reported_ >= kProgressStep) report_progress();
  return static_cast<std::size_t>(got);
}

void CountingInputBuf::report_progress() {
  if (!progress_) return;
  progress_(consumed_);
  last_reported_ = consumed_;
}

InflateStream::InflateStream() {
  // 16 + MAX_WBITS: gzip wrapper only; the caller has already seen the magic.
  if (inflateInit2(&stream_, 16 + MAX_WBITS) != Z_OK) {
    throw std::runtime_error("zlib: cannot initialise inflate");
  }
}

InflateStream::~InflateStream() { inflateEnd(&stream_); }

GzipInputBuf::GzipInputBuf(std::streambuf& source)
    : ChunkedInputBuf(kBufferSize), source_(source), input_(kBufferSize) {}

bool GzipInputBuf::refill_input() {
  const std::streamsize got = source_.sgetn(reinterpret_cast<char*>(input_.data()),
                                            static_cast<std::streamsize>(input_.size()));
  if (got <= 0) return false;
  z_stream* z = inflate_.get();
  z->next_in = input_.data();
  z->avail_in = static_cast<uInt>(got);
  return true;
}

std::size_t GzipInputBuf::fill(char* destination, std::size_t size) {
  z_stream* z = inflate_.get();
  z->next_out = reinterpret_cast<Bytef*>(destination);
  z->avail_out = static_cast<uInt>(size);
  while (!finished_ && z->avail_out == size) {
    if (z->avail_in == 0 && !refill_input()) {
      truncated_ = inside_member_;
      finished_ = true;
      break;
    }
    const int status = inflate(z, Z_NO_FLUSH);
    if (status == Z_STREAM_END) {
      inside_member_ = false;
      // Concatenated members (as `cat a.gz b.gz` makes) continue the stream;
      // anything else after a member is padding that gzip itself ignores.
      if (z->avail_in == 0 && !refill_input()) {
        finished_ = true;
      } else if (z->next_in[0] == 0x1f) {
        inflateReset(z);
        inside_member_ = true;
      } else {
        finished_ = true;
      }
    } else if (status != Z_OK && status != Z_BUF_ERROR) {
      error_ = z->msg != nullptr ? z->msg : "corrupt gzip data";
      finished_ = true;
    }
  }
  return size - z->avail_out;
}

bool has_gzip_magic(std::string_view head) {
  return head.size() >= 2 && static_cast<unsigned char>(head[0]) == 0x1f &&
         static_cast<unsigned char>(head[1]) == 0x8b;
}

}  // namespace paperdex::detail
