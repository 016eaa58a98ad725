// libFuzzer target: the reader of arXiv dataset snapshot, one JSON object per line.
#include <cstddef>
#include <cstdint>

#include "format_readers.h"
#include "reader_fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return paperdex::fuzz::run_reader(&paperdex::read_arxiv_jsonl, data, size);
}
