// libFuzzer target: the reader of plain-text author pages (the corpus's seeds).
#include <cstddef>
#include <cstdint>

#include "paperdex/indexer/readers.h"
#include "reader_fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return paperdex::fuzz::run_reader(&paperdex::read_author_page, data, size);
}
