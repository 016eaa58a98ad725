/// @file
/// The bounds on reading one full-text file, in one place: paperdex-index's
/// options set them (ReadOptions in readers.h), and the extraction stage's
/// own limits take their defaults from here.
#pragma once

#include <cstddef>

namespace paperdex {

/// The bounds on reading one full-text file (README "Full text"): a PDF is
/// read by a child process (paperdex-pdftext) under the first four, a LaTeX
/// source package is unpacked up to the last. A file past a bound is named
/// with the reason; the run goes on.
struct FullTextLimits {
  std::size_t pdf_seconds = 60;       ///< wall clock, and CPU time in the child
  std::size_t pdf_memory_mib = 1024;  ///< the child's address space
  std::size_t pdf_pages = 2000;       ///< pages read; the rest is a warning
  std::size_t pdf_text_mib = 64;      ///< text taken from a PDF; the rest is a warning
  std::size_t source_mib = 256;       ///< a source package, unpacked, all files together
};

}  // namespace paperdex
