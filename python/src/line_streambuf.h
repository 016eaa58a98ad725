// An output streambuf that hands complete lines to a callback, so
// run_index's error stream (progress, problems) can reach Python as it is
// written rather than after the run.
#pragma once

#include <functional>
#include <streambuf>
#include <string>

namespace paperdex::python {

class LineStreambuf : public std::streambuf {
 public:
  // `on_line(line, flushed)`: a line that ended with '\n' (flushed false), or
  // the unterminated text a flush pushed out (flushed true: run_index's live
  // progress line). Terminal control sequences are removed.
  explicit LineStreambuf(std::function<void(const std::string&, bool)> on_line);
  ~LineStreambuf() override;

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* text, std::streamsize count) override;
  int sync() override;

 private:
  void emit(bool flushed);

  std::function<void(const std::string&, bool)> on_line_;
  std::string pending_;
};

}  // namespace paperdex::python
