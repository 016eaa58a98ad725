// One body for the reader targets: every reader takes a byte stream and a
// sink, must report bad input as problems rather than throw or crash, and
// must hand on records whose text is valid UTF-8.
#pragma once

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "fuzz_support.h"
#include "paperdex/indexer/record_sink.h"

namespace paperdex::fuzz {

using ReaderFunction = void (*)(std::istream&, const std::string&, const RecordSink&);

inline int run_reader(ReaderFunction read, const std::uint8_t* data, std::size_t size) {
  std::istringstream in{std::string(as_text(data, size))};
  const RecordSink sink{[](Record&& record) { check_record_text(record); },
                        [](const ReadProblem& problem) {
                          if (problem.reason.empty())
                            broken("ReadProblem without a reason", problem.message);
                        },
                        {}};
  read(in, "fuzz-input", sink);
  return 0;
}

}  // namespace paperdex::fuzz
