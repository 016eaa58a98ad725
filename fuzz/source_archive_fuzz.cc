// libFuzzer target: arXiv source packages for the full-text extraction stage,
// the input as the bytes of a package (a gzipped tar, a tar, a lone gzipped
// .tex): libarchive within ArchiveLimits, then the LaTeX reader on what it
// unpacked.
#include <cstddef>
#include <cstdint>

#include "fulltext_fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return paperdex::fuzz::run_latex_reader("2004.14974.tar.gz", data, size);
}
