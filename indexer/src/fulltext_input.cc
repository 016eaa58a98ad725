#include "fulltext_input.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <utility>

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
    std::ofstream out(path_, std::ios::binary | std::ios::trunc);
    out << in.rdbuf();
    if (!out) throw std::runtime_error("cannot write the PDF to " + path_);
  }
  ~TemporaryCopy() {
    std::error_code ignored;
    fs::remove(path_, ignored);
  }
  TemporaryCopy(const TemporaryCopy&) = delete;
  TemporaryCopy& operator=(const TemporaryCopy&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// Whether the file at `origin` is itself the PDF (not gzipped, not standard
// input): the helper then reads it in place.
bool pdf_file_in_place(const std::string& origin) {
  std::error_code code;
  if (!fs::is_regular_file(origin, code)) return false;
  std::ifstream file(origin, std::ios::binary);
  std::string head(1024, '\0');
  file.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(file.gcount()));
  return fulltext::sniff(head) == fulltext::FileKind::kPdf;
}

}  // namespace

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

void read_pdf_input(std::istream& in, const std::string& origin, const RecordSink& sink) {
  try {
    fulltext::FullText text;
    if (pdf_file_in_place(origin)) {
      text = fulltext::read_pdf(origin);
    } else {
      const TemporaryCopy copy(in);
      text = fulltext::read_pdf(copy.path());
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

void read_latex_input(std::istream& in, const std::string& origin, const RecordSink& sink) {
  const fulltext::ArchiveLimits limits;
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

Record fulltext_record(fulltext::FullText&& text) {
  Record record;
  record.id = text.arxiv_id.value_or("");
  record.title = text.title;
  record.authors = text.authors;
  record.fulltext = fulltext_facts(text);
  record.body = std::move(text.text);
  return record;
}

}  // namespace paperdex
