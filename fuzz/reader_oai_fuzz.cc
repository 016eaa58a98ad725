// libFuzzer target: the reader of OAI-PMH ListRecords/GetRecord responses (arXiv, arXivRaw,
// oai_dc).
#include <cstddef>
#include <cstdint>

#include "format_readers.h"
#include "reader_fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return paperdex::fuzz::run_reader(&paperdex::read_oai_pmh, data, size);
}
