// The extraction stage (full text): read_latex, the steps of latex_internal.h
// in order: unpack (or take a plain .tex as it is), assemble the main file
// with its \input files, turn it into text.
#include <fstream>

#include "fulltext/latex_internal.h"
#include "fulltext/references.h"
#include "fulltext/text_cleaning.h"
#include "paperdex/common/safe_text.h"
#include "paperdex/common/utf8.h"

namespace paperdex::fulltext {

FullText read_latex(const std::string& path, std::string_view bytes, const ArchiveLimits& limits) {
  detail::SourceFiles source;
  const FileKind kind = sniff(bytes);
  if (kind == FileKind::kTex || (kind == FileKind::kOther && is_valid_utf8(bytes.substr(0, 4096)) &&
                                 bytes.find('\\') != std::string_view::npos)) {
    if (bytes.size() > limits.max_total_bytes) {
      throw FullTextError(path, "is more than " + detail::describe_bytes(limits.max_total_bytes) +
                                    ", the bound on a source package's unpacked bytes");
    }
    source.files["main.tex"] = detail::drop_invalid(sanitize_utf8(bytes));
    source.single_file = true;
  } else {
    source = detail::unpack_source(path, bytes, limits);
  }
  detail::LatexDocument document = detail::assemble_document(path, source, limits);
  detail::LatexText latex = detail::latex_to_text(document.tex);
  FullText result;
  result.source = Source::kLatex;
  result.file = path;
  result.text = std::move(latex.text);
  result.sections = std::move(latex.sections);
  result.title = std::move(latex.title);
  result.authors = std::move(latex.authors);
  result.bibliography = std::move(document.bibliography);
  result.warnings = std::move(document.warnings);
  // The reference list: the package's .bbl, else a thebibliography list
  // written in the .tex itself, else the .bib files the document names.
  std::string_view bibliography = result.bibliography;
  if (bibliography.empty()) {
    const std::string_view tex = document.tex;
    if (const std::size_t begin = tex.find("\\begin{thebibliography}");
        begin != std::string_view::npos) {
      const std::size_t end = tex.find("\\end{thebibliography}", begin);
      bibliography = tex.substr(begin, end == std::string_view::npos ? end : end - begin);
    }
  }
  if (!bibliography.empty()) {
    // (FullText::warnings do not name the file: whoever reports them does.)
    result.references = references_from_bbl(bibliography, {}, result.warnings);
  } else if (!document.bib_files.empty()) {
    // No .bbl: what BibTeX would have made of the .bib files.
    result.references = detail::references_from_bib_files(document, limits, result.warnings);
  }
  if ((result.arxiv_id = arxiv_id_from_file_name(path))) result.id_from = IdFrom::kFileName;
  return result;
}

FullText read_latex_file(const std::string& path, const ArchiveLimits& limits) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw FullTextError(path, "cannot be read");
  std::string bytes;
  char buffer[65536];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    bytes.append(buffer, static_cast<std::size_t>(in.gcount()));
    if (bytes.size() > limits.max_total_bytes) {
      throw FullTextError(path, "is more than " + detail::describe_bytes(limits.max_total_bytes) +
                                    ", the bound on a source package's bytes");
    }
  }
  return read_latex(path, bytes, limits);
}

}  // namespace paperdex::fulltext
