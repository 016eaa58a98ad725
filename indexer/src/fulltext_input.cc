#include "fulltext_input.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace paperdex {
namespace {

namespace fs = std::filesystem;

void report(const RecordSink& sink, const std::string& origin, std::string_view reason,
            std::string message) {
  if (sink.on_problem) {
    sink.on_problem(ReadProblem{origin, std::string(reason), std::move(message)});
  }
}

// Hands the full text's record to the sink, or says why there is none.
void deliver(fulltext::FullText&& text, const std::string& origin, const RecordSink& sink) {
  for (const std::string& warning : text.warnings) {
    if (sink.on_warning) sink.on_warning(ReadProblem{origin, "fulltext-partial", warning});
  }
  if (!text.arxiv_id && text.title.empty()) {
    // Neither an id nor a title: nothing to find the paper by, nor to show.
    report(sink, origin, kFullTextNoId,
           "no arXiv id in the file name, on the first page or in the metadata, and no title; "
           "name the file after the paper (1706.03762.pdf) to index it");
    return;
  }
  // Without an id, the record goes on with its title and authors: the run
  // finds its paper by them (IndexRunOptions::identify_fulltext), or it
  // becomes a paper of its own (IndexWriter).
  Record record = fulltext_record(std::move(text));
  record.origin = origin;
  if (sink.on_record) sink.on_record(std::move(record));
}

// A PDF copied to a temporary file from standard input or gzip, at most
// this much: the helper reads files, and the disk is no bound of its own.
constexpr std::size_t kMaxCopiedPdfBytes = std::size_t{1} << 30;

// A file the input stream reads, copied whole to a temporary file (a PDF
// from standard input or gzipped), removed when done.
class TemporaryCopy {
 public:
  explicit TemporaryCopy(std::istream& in) {
    std::string pattern = (fs::temp_directory_path() / "paperdex-pdf-XXXXXX").string();
    const int fd = mkstemp(pattern.data());
    if (fd < 0) throw std::runtime_error("cannot make a temporary file for the PDF");
    close(fd);
    path_ = pattern;
    try {
      copy(in);
    } catch (...) {
      remove();  // the destructor does not run for a constructor that throws
      throw;
    }
  }
  ~TemporaryCopy() { remove(); }
  TemporaryCopy(const TemporaryCopy&) = delete;
  TemporaryCopy& operator=(const TemporaryCopy&) = delete;
  const std::string& path() const { return path_; }

 private:
  void copy(std::istream& in) const {
    std::ofstream out(path_, std::ios::binary | std::ios::trunc);
    std::vector<char> buffer(1 << 16);
    std::size_t copied = 0;
    while (in.read(buffer.data(), static_cast<std::streamsize>(buffer.size())) || in.gcount() > 0) {
      copied += static_cast<std::size_t>(in.gcount());
      if (copied > kMaxCopiedPdfBytes) {
        throw std::runtime_error("the PDF unpacks to more than " +
                                 std::to_string(kMaxCopiedPdfBytes >> 20) +
                                 " MiB; unpack it and index the file itself");
      }
      out.write(buffer.data(), in.gcount());
    }
    if (!out) throw std::runtime_error("cannot write the PDF to " + path_);
  }
  void remove() const {
    std::error_code ignored;
    fs::remove(path_, ignored);
  }

  std::string path_;
};

}  // namespace

bool is_pdf_file(const std::string& origin) {
  std::error_code code;
  if (!fs::is_regular_file(origin, code)) return false;
  std::ifstream file(origin, std::ios::binary);
  std::string head(1024, '\0');
  file.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(file.gcount()));
  return fulltext::sniff(head) == fulltext::FileKind::kPdf;
}

bool is_pdf(std::string_view head) { return fulltext::sniff(head) == fulltext::FileKind::kPdf; }

bool is_latex_source(std::string_view head) {
  const fulltext::FileKind kind = fulltext::sniff(head);
  if (kind == fulltext::FileKind::kTar) return true;
  if (kind != fulltext::FileKind::kTex) return false;
  // A paper, not a fragment: a README that mentions \section is no source.
  head = head.substr(0, 8192);
  for (const std::string_view mark : {"\\documentclass", "\\documentstyle", "\\begin{document}"}) {
    if (head.find(mark) != std::string_view::npos) return true;
  }
  return false;
}

fulltext::PdfLimits pdf_limits(const FullTextLimits& limits) {
  fulltext::PdfLimits pdf;
  pdf.time = std::chrono::seconds(limits.pdf_seconds);
  pdf.memory_mib = limits.pdf_memory_mib;
  pdf.max_pages = limits.pdf_pages;
  pdf.max_text_bytes = limits.pdf_text_mib << 20;
  return pdf;
}

fulltext::ArchiveLimits archive_limits(const FullTextLimits& limits) {
  fulltext::ArchiveLimits archive;
  archive.max_total_bytes = limits.source_mib << 20;
  // One file of the package may be the whole of it, but no more than the default.
  archive.max_entry_bytes = std::min(archive.max_entry_bytes, archive.max_total_bytes);
  return archive;
}

void read_pdf_input(std::istream& in, const std::string& origin, const RecordSink& sink,
                    const ReadOptions& options) {
  const fulltext::PdfLimits limits = pdf_limits(options.fulltext);
  try {
    fulltext::FullText text;
    if (is_pdf_file(origin)) {
      text = fulltext::read_pdf(origin, limits);
    } else {
      const TemporaryCopy copy(in);
      text = fulltext::read_pdf(copy.path(), limits);
      text.file = origin;
      // The copy's name is no paper's: the id is the original name's, else
      // what the PDF itself says (read_pdf's stamp and metadata).
      if (text.id_from == fulltext::IdFrom::kFileName) {
        text.arxiv_id.reset();
        text.id_from = fulltext::IdFrom::kNone;
      }
      if (auto id = fulltext::arxiv_id_from_file_name(origin)) {
        text.arxiv_id = std::move(id);
        text.id_from = fulltext::IdFrom::kFileName;
      }
    }
    deliver(std::move(text), origin, sink);
  } catch (const fulltext::FullTextError& error) {
    report(sink, origin, kFullTextUnreadable, error.reason());
  } catch (const std::exception& error) {
    report(sink, origin, kFullTextUnreadable, error.what());
  }
}

void read_latex_input(std::istream& in, const std::string& origin, const RecordSink& sink,
                      const ReadOptions& options) {
  const fulltext::ArchiveLimits limits = archive_limits(options.fulltext);
  // The unpacked stream, bounded as the archive reader bounds what it unpacks.
  std::string bytes;
  std::vector<char> buffer(1 << 16);
  while (in.read(buffer.data(), static_cast<std::streamsize>(buffer.size())) || in.gcount() > 0) {
    bytes.append(buffer.data(), static_cast<std::size_t>(in.gcount()));
    if (bytes.size() > limits.max_total_bytes) {
      report(sink, origin, kFullTextUnreadable,
             "the source unpacks to more than " + std::to_string(limits.max_total_bytes >> 20) +
                 " MiB; not read");
      return;
    }
  }
  try {
    deliver(fulltext::read_latex(origin, bytes, limits), origin, sink);
  } catch (const fulltext::FullTextError& error) {
    report(sink, origin, kFullTextUnreadable, error.reason());
  } catch (const std::exception& error) {
    report(sink, origin, kFullTextUnreadable, error.what());
  }
}

std::string fulltext_facts(const fulltext::FullText& text) {
  nlohmann::json facts = nlohmann::json::object();
  facts["source"] = fulltext::source_name(text.source);
  facts["file"] = text.file;
  if (text.source == fulltext::Source::kPdf) facts["pages"] = text.page_offsets.size();
  std::size_t words = 0;
  bool in_word = false;
  for (const char c : text.text) {
    const bool space = c == ' ' || c == '\n' || c == '\f';
    if (!space && !in_word) ++words;
    in_word = !space;
  }
  facts["words"] = words;
  nlohmann::json sections = nlohmann::json::array();
  for (const fulltext::Section& section : text.sections) {
    sections.push_back({{"title", section.title}, {"offset", section.offset}});
  }
  facts["sections"] = std::move(sections);
  if (!text.page_offsets.empty()) facts["page_offsets"] = text.page_offsets;
  return facts.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

Reference record_reference(fulltext::Reference&& read) {
  Reference reference;
  reference.text = std::move(read.raw);
  reference.id = read.arxiv_id.value_or("");
  for (std::string& id : fulltext::arxiv_ids_cited_in(reference.text)) {
    if (id != reference.id) reference.more_ids.push_back(std::move(id));
  }
  reference.doi = std::move(read.doi);
  reference.url = std::move(read.url);
  reference.title = std::move(read.title);
  reference.authors = std::move(read.authors);
  reference.year = read.year.value_or(0);
  reference.venue = std::move(read.venue);
  return reference;
}

void attach_fulltext(Record& record, fulltext::FullText&& text) {
  record.fulltext = fulltext_facts(text);
  record.body = std::move(text.text);
  record.references.clear();
  record.references.reserve(text.references.size());
  for (fulltext::Reference& read : text.references) {
    record.references.push_back(record_reference(std::move(read)));
  }
}

Record fulltext_record(fulltext::FullText&& text) {
  Record record;
  record.id = text.arxiv_id.value_or("");
  record.title = text.title;
  record.authors = text.authors;
  attach_fulltext(record, std::move(text));
  return record;
}

}  // namespace paperdex
