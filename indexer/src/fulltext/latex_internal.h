// The extraction stage (full text): the steps of read_latex, private to
// fulltext/ (and the fuzz targets): unpacking a source package, putting its
// main file together, turning LaTeX into text.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "fulltext/fulltext.h"
#include "fulltext/references.h"

namespace paperdex::fulltext::detail {

// The files of a source package that can hold LaTeX (.tex, .ltx, .bbl, .bib,
// files without an extension), by their path in the package ("sec/intro.tex"), as
// valid UTF-8 (invalid bytes dropped).
struct SourceFiles {
  std::map<std::string, std::string> files;
  bool single_file = false;  // a lone (gzipped) .tex, not an archive
};

// Unpacks `bytes` (a tar, gzipped or not, or a lone gzipped file) within
// `limits`. Throws FullTextError naming `path` and the bound reached, or
// saying it is not an archive.
SourceFiles unpack_source(const std::string& path, std::string_view bytes,
                          const ArchiveLimits& limits);

// The main file's LaTeX with \input, \include and \subfile replaced by the
// files they name (comments and \iffalse blocks gone), and the package's
// .bbl and .bib files. Throws FullTextError when no file is a LaTeX document.
struct LatexDocument {
  std::string main_file;
  std::string tex;                               // the whole document, inclusions expanded
  std::string bibliography;                      // the .bbl (the main file's, else the first)
  std::map<std::string, std::string> bib_files;  // by their path in the package
  std::vector<std::string> warnings;
};
LatexDocument assemble_document(const std::string& path, const SourceFiles& source,
                                const ArchiveLimits& limits);

// The reference list of the .bib files the document names (\bibliography,
// \addbibresource), the entries it cites, each .bib read by the
// paperdex-bibtex helper in a child process (bibtex_reader.cc). What cannot
// be read is a warning naming the .bib.
std::vector<Reference> references_from_bib_files(const LatexDocument& document,
                                                 const ArchiveLimits& limits,
                                                 std::vector<std::string>& warnings);

// TeX with comments removed: '%' to the end of the line and the line break
// (TeX's rule), \iffalse...\fi and \begin{comment}...\end{comment} dropped.
std::string strip_comments(std::string_view tex);

// What the LaTeX of a whole document says: its text, sections, title and
// authors (FullText's fields). Simple macros the document defines
// (\newcommand, \def) are expanded within bounds.
struct LatexText {
  std::string text;
  std::vector<Section> sections;
  std::string title;
  std::vector<std::string> authors;
};
LatexText latex_to_text(std::string_view tex);

namespace latex_detail {
// \newcommand and \def macros of `tex` expanded in it (latex_macros.cc).
std::string expand_macros(std::string_view tex);
// The first \title's text; the authors of every \author (latex_metadata.cc).
std::string find_title(std::string_view tex);
std::vector<std::string> find_authors(std::string_view tex);
// A piece of LaTeX (a title, a name) as one line of text (latex_text.cc).
std::string line_text(std::string_view tex);
// The .bib files \bibliography{a,b} and \addbibresource{c.bib} name, as
// named; the keys the \cite commands cite (bibtex_reader.cc).
std::vector<std::string> bibliography_resources(std::string_view tex);
CitedKeys cited_keys(std::string_view tex);
}  // namespace latex_detail

}  // namespace paperdex::fulltext::detail
