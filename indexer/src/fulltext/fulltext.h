// The extraction stage of the indexer, for full text (issue #50): it reads a
// paper's own files (PDFs, arXiv LaTeX source packages, plain .tex) into plain
// UTF-8 text with its pages and sections, and says which arXiv paper the file
// is. It knows nothing of Xapian or of records: the stages after it (records,
// index, search) take a FullText and decide what to do with it.
//
// Every input is untrusted and bounded: a PDF is read by the paperdex-pdftext
// helper in a child process under time, memory and page limits (poppler never
// runs in the caller's process); an archive's unpacked bytes, entries and
// entry sizes are bounded. Every failure is a FullTextError naming the file
// and the reason.
#pragma once

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "paperdex/errors.h"
#include "paperdex/indexer/fulltext_limits.h"

namespace paperdex::fulltext {

// Where a full text came from.
enum class Source { kPdf, kLatex, kUnarxive, kJsonl };

// "pdf", "latex", "unarxive", "jsonl": the names --show --json uses (#50 item 5).
std::string_view source_name(Source source);

// A heading of the paper: its title as printed and where its text starts.
struct Section {
  std::string title;
  std::size_t offset = 0;  // byte offset into FullText::text
  int level = 1;           // 1 \section (or a PDF outline's top level), 2 \subsection, 3 ...
};

// One entry of a paper's reference list (#51 item 1), read from a PDF's
// reference section, a LaTeX .bbl or a data set's list (unarXive's
// bib_entries). Every field but `raw` is what the entry's text says, read by
// parse_reference (references.h); empty where it says nothing of it.
struct Reference {
  std::string raw;    // the entry's text, whitespace normalised, its label kept
  std::string label;  // "12", "Smi99", a .bbl's key; empty when unlabelled
  // Canonical ("1706.03762", "hep-th/9901001"), version dropped: the id the
  // text names, or the one a data set resolved the entry to.
  std::optional<std::string> arxiv_id;
  std::string doi;  // lower case, "10.1103/physrev.73.416"
  std::string url;  // the first link the entry gives
  std::string title;
  // As written ("J. Schwinger", "Cowan, N. B.", "Riaz Ahmad"); surnames by
  // reference_surname (references.h). "et al." is left out.
  std::vector<std::string> authors;
  std::optional<int> year;  // 1800..2100
  std::string venue;        // "Phys. Rev.", "NeurIPS"
};

// How FullText::arxiv_id was found, in the order of precedence.
enum class IdFrom { kNone, kFileName, kStamp, kMetadata };

// One paper's text as read from one file. A plain value.
struct FullText {
  Source source = Source::kPdf;
  std::string file;  // the path as given
  // Valid UTF-8, words separated by single spaces, paragraphs by '\n'; a
  // PDF's pages end with '\f' (so page i is text[page_offsets[i], next '\f')).
  std::string text;
  std::vector<std::size_t> page_offsets;  // each page's first byte (PDFs); empty otherwise
  std::size_t pages_total = 0;            // pages the file has (PDFs; may exceed pages read)
  std::vector<Section> sections;          // in the order of the text
  std::string title;                      // as the file gives it (PDF info, LaTeX \title)
  std::vector<std::string> authors;       // as the file gives them; may be empty
  std::optional<std::string> arxiv_id;    // canonical ("1706.03762", "hep-th/9901001")
  IdFrom id_from = IdFrom::kNone;
  // LaTeX: the raw .bbl (the references stage reads it; it is not body text).
  std::string bibliography;
  // The paper's reference list, in its order (references.h reads it from
  // every source); empty when none was found.
  std::vector<Reference> references;
  // Not errors: what was left out and why ("first 2,000 of 5,000 pages read").
  std::vector<std::string> warnings;
};

// A file that could not be read. what() names the file and the reason, e.g.
// "paper.pdf: encrypted"; reason() is the reason alone.
class FullTextError : public Error {
 public:
  FullTextError(const std::string& file, const std::string& reason);
  const std::string& reason() const noexcept { return reason_; }

 private:
  std::string reason_;
};

// --- Which paper ---

// The arXiv id a file's name carries, as arXiv and people name files:
// 1706.03762.pdf, 1706.03762v5.pdf, arXiv-1706.03762v5.pdf, hep-th_9901001v2.pdf,
// hep-th9901001.pdf, 1911.02782.gz, 1707.08043.tar.gz. Only the last path
// component is read; versions are dropped. nullopt when the name holds none.
std::optional<std::string> arxiv_id_from_file_name(std::string_view path);

// The id of the stamp arXiv prints down page 1's margin:
// "arXiv:1706.03762v5 [cs.CL] 6 Dec 2017", "arXiv:hep-th/9901001v2 ...".
std::optional<std::string> arxiv_id_from_stamp(std::string_view first_page_text);

// An arXiv id or link held by a PDF info field (Subject, Keywords, Title, ...).
std::optional<std::string> arxiv_id_from_metadata(std::string_view field);

// The arXiv id a reference's text names: "arXiv:1234.5678v2",
// "arXiv:hep-th/9901001", "arXiv preprint arXiv:...", a link to arxiv.org's
// abstract or PDF, CoRR's "abs/1234.5678", or a bare old-style id
// ("hep-th/9901001", of a known archive) or a bare new-style one standing
// alone ("[1009.2714]", as JHEP prints them). An archive whose hyphen the PDF's
// text lost after "arXiv:" ("heplat/0309173") is read too. The first one,
// canonical; nullopt when it names none.
std::optional<std::string> arxiv_id_cited_in(std::string_view text);

// Every arXiv id `text` names, as arxiv_id_cited_in reads them, each once,
// at most kMaxIdsCitedIn: an entry may list several works ("[34] Li N, 2007
// arXiv:0710.5073; Paranjape A, 2008 arXiv:0806.3497").
inline constexpr std::size_t kMaxIdsCitedIn = 32;
std::vector<std::string> arxiv_ids_cited_in(std::string_view text);

// --- What a file is ---

enum class FileKind { kPdf, kGzip, kTar, kTex, kOther };

// By content, never by name: "%PDF-" in the first 1,024 bytes, the gzip
// magic, "ustar" at offset 257, or TeX's \documentclass, \begin{document} or
// \section near the start. Give it at least the first 1,024 bytes.
FileKind sniff(std::string_view first_bytes);

// The regular files below `dir`, recursively, sorted; hidden files and
// directories (".name") skipped; symbolic links to directories not followed
// (no loops). Unreadable directories are skipped.
std::vector<std::filesystem::path> list_fulltext_files(const std::filesystem::path& dir);

// --- PDFs ---

// The defaults are paperdex-index's (FullTextLimits), so a reader called
// without limits reads as the indexer does.
struct PdfLimits {
  // wall clock, and CPU time in the child
  std::chrono::seconds time{FullTextLimits{}.pdf_seconds};
  std::size_t memory_mib = FullTextLimits{}.pdf_memory_mib;  // the child's address space
  std::size_t max_pages = FullTextLimits{}.pdf_pages;        // pages read; the rest is a warning
  // text taken from the child; the rest is a warning
  std::size_t max_text_bytes = FullTextLimits{}.pdf_text_mib << 20;
  // The paperdex-pdftext helper. Empty: $PAPERDEX_PDFTEXT, else beside the
  // running program, else where paperdex installs it.
  std::string helper_path;
};

// The PDF at `path`, read by paperdex-pdftext in a child process under
// `limits`. Throws FullTextError: "not a PDF", "encrypted", "damaged",
// "gave up after 60 s", "the PDF library crashed (signal 11)", "used more than
// 1024 MiB", or why the helper could not run.
FullText read_pdf(const std::string& path, const PdfLimits& limits = {});

// The helper read_pdf would run for `limits` (for messages and --help).
std::string find_pdftext_helper(const PdfLimits& limits);

// --- LaTeX sources ---

struct ArchiveLimits {
  std::size_t max_total_bytes = FullTextLimits{}.source_mib << 20;  // unpacked, all entries
  std::size_t max_entry_bytes = 64u << 20;                          // one entry, unpacked
  std::size_t max_entries = 10000;
  std::size_t max_include_depth = 16;  // \input within \input ...
  // The paperdex-bibtex helper, which reads the .bib files of a package
  // without its .bbl. Empty: $PAPERDEX_BIBTEX, else beside the running
  // program, else where paperdex installs it.
  std::string bibtex_helper_path;
};

// A LaTeX source `bytes` read from `path` (named in messages and used for the
// arXiv id): a gzipped tar as arXiv ships it (often named just .gz), a tar, a
// single gzipped .tex, or a plain .tex. The main file is the one with
// \documentclass; \input, \include and \subfile are followed. Throws
// FullTextError when no LaTeX is found or a bound of `limits` is reached.
FullText read_latex(const std::string& path, std::string_view bytes,
                    const ArchiveLimits& limits = {});

// read_latex on the file at `path` (read whole, bounded by limits.max_total_bytes).
FullText read_latex_file(const std::string& path, const ArchiveLimits& limits = {});

// --- Full-text data sets (JSON lines) ---

// One line of a JSON-lines full-text data set: unarXive's (its "paper_id",
// "metadata", "body_text" paragraphs with their sections, "bib_entries"),
// Source::kUnarxive; or an arXiv snapshot line with the body as one string
// under "body", Source::kJsonl. `origin` ("file:line") is FullText::file and
// names the line in errors. Throws FullTextError for a line that is not
// JSON, carries no body, or has no arXiv id. The caller bounds the line.
FullText read_dataset_line(const std::string& origin, std::string_view line);

// Whether a JSON line may carry a full text ("body_text" or "body" in it):
// a cheap test before read_dataset_line.
bool carries_fulltext(std::string_view line);

}  // namespace paperdex::fulltext
