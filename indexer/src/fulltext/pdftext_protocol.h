// The extraction stage (full text): what paperdex-pdftext, the child process
// that runs poppler on one PDF, and read_pdf, which spawns it, agree on.
//
// The helper is run as
//   paperdex-pdftext [--max-pages N] [--memory-mib M] [--cpu-seconds S] FILE
// and writes to stdout one JSON line (the header) then each page's text,
// UTF-8, each page followed by '\f' (no page holds a '\f' of its own):
//   {"pages_total":N,"pages_read":M,"title":"…","author":"…","subject":"…",
//    "keywords":"…","outline":[{"title":"…","level":1},…],
//    "first_page":{"title":"…","authors":["…",…]}}\n
//   page 1\f page 2\f …
// "first_page" is the title and authors page 1 prints, read from its layout
// (fulltext/first_page.h); empty where the page shows none.
// Its exit status says how it went (kExit*). It limits itself (address space,
// CPU time, no core file) before it opens the file, so the limits hold while
// poppler parses it.
#pragma once

#include <cstddef>

namespace paperdex::fulltext::pdftext {

inline constexpr int kExitOk = 0;
inline constexpr int kExitUsage = 64;
inline constexpr int kExitNotPdf = 65;
inline constexpr int kExitEncrypted = 66;
inline constexpr int kExitDamaged = 67;
inline constexpr int kExitOutOfMemory = 68;
inline constexpr int kExitCannotRead = 69;

// Outline entries and depth the helper reports: enough for any paper's table
// of contents, bounded against a crafted one.
inline constexpr std::size_t kMaxOutlineItems = 2000;
inline constexpr int kMaxOutlineDepth = 4;

}  // namespace paperdex::fulltext::pdftext
