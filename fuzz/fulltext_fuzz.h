// What the full-text fuzz targets share (fuzz/latex_reader_fuzz.cc,
// fuzz/source_archive_fuzz.cc, fuzz/dataset_line_fuzz.cc): the readers'
// promises on any input. Each returns a FullText whose text is valid UTF-8
// and whose sections point into it in order, or throws FullTextError;
// nothing else.
#pragma once

#include "fulltext/fulltext.h"
#include "fulltext/latex_internal.h"
#include "fulltext/references.h"
#include "fuzz_support.h"
#include "paperdex/common/utf8.h"

namespace paperdex::fuzz {

// Small bounds, so that an input's cost stays within libFuzzer's time per run.
inline fulltext::ArchiveLimits fuzz_archive_limits() {
  fulltext::ArchiveLimits limits;
  limits.max_total_bytes = 4u << 20;
  limits.max_entry_bytes = 1u << 20;
  limits.max_entries = 200;
  limits.max_include_depth = 8;
  // No child per input: the .bib path is fuzzed in-process below
  // (check_bibtex_reading), libbtparse is not ours to fuzz.
  limits.bibtex_helper_path = "/nonexistent/paperdex-bibtex";
  return limits;
}

inline void check_full_text(const fulltext::FullText& text) {
  if (!is_valid_utf8(text.text)) broken("FullText::text not valid UTF-8");
  if (!is_valid_utf8(text.title)) broken("FullText::title not valid UTF-8", text.title);
  for (const std::string& author : text.authors) {
    if (!is_valid_utf8(author)) broken("an author not valid UTF-8", author);
  }
  std::size_t previous = 0;
  for (const fulltext::Section& section : text.sections) {
    if (section.offset > text.text.size()) broken("a section past the text", section.title);
    if (section.offset < previous) broken("sections out of order", section.title);
    if (!is_valid_utf8(section.title)) broken("a section title not valid UTF-8");
    previous = section.offset;
  }
  for (const fulltext::Reference& reference : text.references) {
    if (!is_valid_utf8(reference.raw)) broken("a reference not valid UTF-8", reference.raw);
  }
}

// What the LaTeX reader makes of a .bib's entries, with the input as the
// document (its \\cite commands) and as every field of an entry the helper
// could give: keys non-empty, references valid UTF-8.
inline void check_bibtex_reading(std::string_view text) {
  const fulltext::CitedKeys cited = fulltext::detail::latex_detail::cited_keys(text);
  for (const std::string& key : cited.keys) {
    if (key.empty()) broken("an empty cited key");
  }
  fulltext::detail::latex_detail::bibliography_resources(text);
  BibtexEntry entry;
  entry.key = cited.keys.empty() ? "k" : cited.keys.front();
  for (const char* field : {"title", "author", "year", "journal", "doi", "eprint", "url", "date"}) {
    entry.fields[field] = std::string(text.substr(0, 4096));
  }
  std::vector<std::string> warnings;
  for (const fulltext::Reference& reference :
       fulltext::references_from_bibtex({entry}, cited, "fuzz.bib", warnings)) {
    if (!is_valid_utf8(reference.raw)) broken("a .bib reference not valid UTF-8", reference.raw);
  }
}

inline int run_latex_reader(std::string_view path, const std::uint8_t* data, std::size_t size) {
  // The reader's files and the helper's fields are valid UTF-8 (made so).
  if (path.ends_with(".tex")) check_bibtex_reading(sanitize_utf8(as_text(data, size)));
  try {
    check_full_text(
        fulltext::read_latex(std::string(path), as_text(data, size), fuzz_archive_limits()));
  } catch (const fulltext::FullTextError&) {
    // A named refusal is a correct answer to a bad input.
  }
  return 0;
}

inline int run_dataset_reader(const std::string& origin, const std::uint8_t* data,
                              std::size_t size) {
  try {
    check_full_text(fulltext::read_dataset_line(origin, as_text(data, size)));
  } catch (const fulltext::FullTextError&) {
    // A named refusal is a correct answer to a bad input.
  }
  return 0;
}

}  // namespace paperdex::fuzz
