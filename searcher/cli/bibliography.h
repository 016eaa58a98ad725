// Reading a bibliography for --tag NAME --import FILE: a reference
// manager's export (Zotero, Mendeley, JabRef, Google Scholar) as BibTeX
// (read by libbtparse), RIS or CSL-JSON, each entry reduced to what can name
// a paper of the index (Searcher::identify): its arXiv ids, DOI and title.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "paperdex/searcher.h"

namespace paperdex::cli {

struct BibliographyEntry {
  std::string where;  // "FILE:LINE" (CSL-JSON: "FILE: item N"), for messages
  std::string name;   // its key (BibTeX), ID (RIS) or id (CSL-JSON), else its title
  PaperClues clues;
};

// A bibliography larger than this is not one a person keeps.
inline constexpr std::uintmax_t kMaxBibliographyBytes = 64 << 20;

// The entries of `file`: BibTeX (.bib), RIS (.ris) or CSL-JSON (.json), by
// its extension, else by its first character ('@' BibTeX, '[' or '{'
// CSL-JSON, else RIS). Entries that say nothing of a paper are kept (the
// caller names them). Throws std::runtime_error naming the file (and line)
// for what cannot be read: no such file, too large, not CSL-JSON.
std::vector<BibliographyEntry> read_bibliography(const std::filesystem::path& file);

// The entries of a RIS or CSL-JSON text (`name` names it in `where`); the
// second throws std::runtime_error when the text is not JSON.
std::vector<BibliographyEntry> ris_entries(const std::string& text, const std::string& name);
std::vector<BibliographyEntry> csl_json_entries(const std::string& text, const std::string& name);

}  // namespace paperdex::cli
