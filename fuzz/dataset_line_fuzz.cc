// libFuzzer target: one line of a JSON-lines full-text data set (unarXive's,
// or a snapshot line with "body") for the full-text extraction stage.
#include <cstddef>
#include <cstdint>

#include "fulltext_fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return paperdex::fuzz::run_dataset_reader("fuzz.jsonl:1", data, size);
}
