#include "line_streambuf.h"

#include <utility>

namespace paperdex::python {
namespace {

// What run_index's terminal progress writes before each live line and to
// clear it: carriage return, ANSI "erase to end of line".
constexpr char kClearLine[] = "\r\033[K";

}  // namespace

LineStreambuf::LineStreambuf(std::function<void(const std::string&, bool)> on_line)
    : on_line_(std::move(on_line)) {}

LineStreambuf::~LineStreambuf() = default;

LineStreambuf::int_type LineStreambuf::overflow(int_type c) {
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  const char ch = traits_type::to_char_type(c);
  xsputn(&ch, 1);
  return c;
}

std::streamsize LineStreambuf::xsputn(const char* text, std::streamsize count) {
  for (std::streamsize i = 0; i < count; ++i) {
    if (text[i] == '\n') {
      emit(false);
    } else {
      pending_ += text[i];
    }
  }
  return count;
}

int LineStreambuf::sync() {
  emit(true);
  return 0;
}

void LineStreambuf::emit(bool flushed) {
  for (auto at = pending_.find(kClearLine); at != std::string::npos;
       at = pending_.find(kClearLine, at)) {
    pending_.erase(at, sizeof kClearLine - 1);
  }
  if (!flushed || !pending_.empty()) on_line_(pending_, flushed);
  pending_.clear();
}

}  // namespace paperdex::python
