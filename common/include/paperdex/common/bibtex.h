// BibTeX .bib files, read by the paperdex-bibtex helper: libbtparse, a C
// parser with global state, never parses an untrusted .bib inside a paperdex
// process, but in a child process (child_process.h) under time and memory
// limits, so that its crash or hang costs that file. One mechanism for both
// readers of .bib files: the LaTeX reader (a source package's \bibliography)
// and paperdex-search --tag NAME --import FILE.
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
// own message on stderr ("refs.bib, line 40, syntax error: ..."). Entries past
// --max-entries are counted, not written. Its exit status says how it went
// (kExit*). It limits itself (address space, CPU time, no core file) before
// it reads.
#pragma once

#include <chrono>
#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace paperdex {

namespace bibtex_protocol {
inline constexpr int kExitOk = 0;
inline constexpr int kExitUsage = 64;
inline constexpr int kExitOutOfMemory = 68;
// A .bib a person keeps may hold every paper of a field: more entries than
// a paper cites or a library imports, still bounded.
inline constexpr std::size_t kMaxEntries = 100000;
}  // namespace bibtex_protocol

// The helper's limits.
inline constexpr std::chrono::seconds kBibtexSeconds{30};
inline constexpr std::size_t kBibtexMemoryMib = 512;

// One entry: where it starts, its key and its fields (names in lower case,
// values as BibTeX reads them: macros expanded, TeX still in them).
struct BibtexEntry {
  std::size_t line = 0;
  std::string key;
  std::map<std::string, std::string> fields;
};

// What the helper read of one .bib.
struct BibtexReading {
  std::vector<BibtexEntry> entries;  // in the file's order
  // Why it stopped before the end ("gave up after 30 s", "the BibTeX reader
  // crashed (signal 11)", "could not be started: ..."), or empty; the
  // entries before it are kept.
  std::string failure;
  std::size_t unreadable = 0;     // entries libbtparse could not read
  std::size_t entries_total = 0;  // regular entries, those past kMaxEntries too
  std::string messages;           // libbtparse's, on the entries it could not read
};

// The paperdex-bibtex to run: `chosen` when not empty, else $PAPERDEX_BIBTEX,
// else beside the running program, else where paperdex installs it.
std::string find_bibtex_helper(const std::string& chosen = {});

// The entries of `text`, a .bib named `name` (in messages), read by `helper`.
// Never throws for what the file holds or the helper does: see failure.
BibtexReading read_bibtex(const std::string& name, std::string_view text,
                          const std::string& helper);

// The first error of libbtparse's messages (its warnings, "junk seen at
// toplevel", follow them), for a one-line report.
std::string first_bibtex_error(std::string_view messages);

}  // namespace paperdex
