// The extraction stage (full text): what paperdex-bibtex, the child process
// that runs libbtparse on a source package's .bib file, and the LaTeX reader,
// which spawns it (bibtex_reader.cc), agree on.
//
// The helper is run as
//   paperdex-bibtex [--memory-mib M] [--cpu-seconds S] [--max-entries N] [--] NAME
// with the .bib's text on stdin (NAME names it in libbtparse's messages) and
// writes to stdout one JSON line per regular entry (not @string, @preamble,
// @comment), in the file's order, @string macros expanded:
//   {"line":12,"type":"article","key":"vaswani2017",
//    "fields":{"author":"Ashish Vaswani and ...","title":"{Attention} is ...",...}}
// field names in lower case, values as BibTeX reads them (TeX still in them),
// then one last line:
//   {"entries":N,"unreadable":M}
// An entry libbtparse cannot read is counted in "unreadable" and named by its
// own message on stderr. Entries past --max-entries are counted, not written.
// Its exit status says how it went (kExit*). It limits itself (address space,
// CPU time, no core file) before it reads.
#pragma once

#include <cstddef>

namespace paperdex::fulltext::bibtex {

inline constexpr int kExitOk = 0;
inline constexpr int kExitUsage = 64;
inline constexpr int kExitOutOfMemory = 68;

// A .bib a person keeps may hold every paper of a field: more entries than a
// paper cites, still bounded.
inline constexpr std::size_t kMaxEntries = 100000;

}  // namespace paperdex::fulltext::bibtex
