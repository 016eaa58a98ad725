// libFuzzer target: the LaTeX reader of the full-text extraction stage, on
// the input as a plain .tex file (read_latex: comments, \input, macros,
// environments, sections, title and authors).
#include <cstddef>
#include <cstdint>

#include "fulltext_fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return paperdex::fuzz::run_latex_reader("fuzz.tex", data, size);
}
