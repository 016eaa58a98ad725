// The extraction stage (full text), references (#51 item 1): a paper's
// reference list read from what the readers give (a PDF's text, a LaTeX
// .bbl, a data set's raw strings), each entry's fields read from its text.
// Plain text in, plain values out: no Xapian, no records, no resolving (the
// stages after it decide which paper an entry is).
//
// Bounded (#51 item 7): at most kMaxReferences entries a paper and
// kMaxReferenceBytes an entry; what is cut is a warning naming the file.
// Every scan is linear in its input (no regular expressions).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "fulltext/fulltext.h"
#include "paperdex/common/bibtex.h"

namespace paperdex::fulltext {

inline constexpr std::size_t kMaxReferences = 10000;
inline constexpr std::size_t kMaxReferenceBytes = 1u << 20;

// The fields of one entry's text: its arXiv id, DOI, link, authors, year,
// title and venue. A leading label ("[12]", "12.", "[Smi99]") is taken out
// for reading and kept in `label`; `raw` is the text whitespace-normalised.
Reference parse_reference(std::string_view raw);

// An author as written, its surname: "J. Schwinger" and "Schwinger, J." give
// "Schwinger", "J. van der Heide" "van der Heide", "Smith JA" "Smith". Empty
// for an empty name.
std::string reference_surname(std::string_view author);

// The reference list of a PDF's text: pages ending with '\f', lines with
// '\n' (as the PDF helper gives them; FullText::text, whose lines are
// paragraphs, reads too, less well for author-year lists). The section after
// the last "References" / "Bibliography" / "Literature Cited" heading (or,
// without one, the last run of lines starting "[1]", "[2]"), up to an
// appendix heading; running headers, footers and page numbers left out;
// entries numbered, bracketed or author-year, joined across lines, columns
// and pages. Cuts are added to `warnings`, naming `file`.
std::vector<Reference> references_from_pdf_pages(std::string_view pages, const std::string& file,
                                                 std::vector<std::string>& warnings);

// references_from_pdf_pages on a read PDF's FullText::text (read_pdf has
// filled FullText::references from the helper's lines already: this is for
// a FullText kept without them). What the bounds cut is not said here.
std::vector<Reference> references_from_pdf_text(const FullText& text);

// The \bibitem entries of a .bbl (or any TeX holding a thebibliography list)
// and biblatex's \entry ones, each as text (the LaTeX reader's converter),
// read by parse_reference; \newblock parts give the title. Cuts are added to
// `warnings`, naming `file`.
std::vector<Reference> references_from_bbl(std::string_view bbl, const std::string& file,
                                           std::vector<std::string>& warnings);

// The keys a document cites (\cite, \citep, \parencite, \nocite, ...), in
// the order of their first citation; `all` for \nocite{*}.
struct CitedKeys {
  std::vector<std::string> keys;
  bool all = false;
};

// The reference list BibTeX would make of `entries` (a .bib's, read by
// paperdex-bibtex: paperdex/common/bibtex.h) for a document citing
// `cited`: the cited entries in citation order (every entry when the
// document cites none it can tell, or says \nocite{*}), a crossref's fields
// filling what an entry leaves out, each read as text. Cited keys no entry
// has, and cuts, are added to `warnings`, naming `file`.
std::vector<Reference> references_from_bibtex(const std::vector<BibtexEntry>& entries,
                                              const CitedKeys& cited, const std::string& file,
                                              std::vector<std::string>& warnings);

// A data set's entries (unarXive's, raw and resolved ids read) with the fields
// their raw text gives; the data set's own arXiv id and DOI kept where it
// gave them. Bounded as the others, with warnings in `text`.
void add_reference_fields(FullText& text);

namespace detail {
// A venue from the text after an entry's title: "In " dropped, cut before its
// volume, pages or year ("Phys. Rev. 73, 1272A (1948)": "Phys. Rev.").
std::string reference_venue(std::string_view text);
}  // namespace detail

}  // namespace paperdex::fulltext
