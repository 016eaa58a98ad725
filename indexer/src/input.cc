// The input layer: which files to read, how to get their bytes (stdin, files,
// transparent gzip), which reader understands them. Everything that can go
// wrong with an input becomes a ReadProblem naming the file.
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <istream>
#include <iterator>
#include <optional>

#include "format_readers.h"
#include "fulltext_input.h"
#include "input_limits.h"
#include "input_stream.h"
#include "paperdex/indexer/readers.h"
#include "reader_text.h"

namespace paperdex {
namespace {

namespace fs = std::filesystem;

// Enough to see past an XML declaration, comments and the root element's
// namespace declarations.
constexpr std::size_t kDetectionBytes = 64 * 1024;
constexpr std::string_view kStdinName = "-";
constexpr std::string_view kAtomNamespace = "http://www.w3.org/2005/Atom";

void report(const RecordSink& sink, const std::string& origin, std::string reason,
            std::string message) {
  if (sink.on_problem) sink.on_problem(ReadProblem{origin, std::move(reason), std::move(message)});
}

bool is_hidden(const fs::path& path) {
  const std::string name = path.filename().string();
  return name.size() > 1 && name.front() == '.';
}

// Regular files below `directory`, sorted, skipping hidden files and
// directories (editor backups, .git). False when the directory itself could
// not be listed.
bool list_directory(const fs::path& directory, std::vector<std::string>& files,
                    std::string& error) {
  std::error_code code;
  fs::recursive_directory_iterator it(directory, fs::directory_options::skip_permission_denied,
                                      code);
  if (code) {
    error = code.message();
    return false;
  }
  std::vector<std::string> found;
  for (const fs::recursive_directory_iterator end; it != end; it.increment(code)) {
    if (code) break;
    if (is_hidden(it->path())) {
      if (it->is_directory(code)) it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file(code)) found.push_back(it->path().string());
  }
  std::sort(found.begin(), found.end());
  files.insert(files.end(), found.begin(), found.end());
  return true;
}

bool looks_binary(std::string_view head) {
  // NUL never occurs in any of the text formats; a run of other control
  // characters is a strong hint too.
  std::size_t control = 0;
  for (char c : head) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte == 0) return true;
    if (byte < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f') ++control;
  }
  return control * 10 > head.size();
}

// Content is recognised after a byte-order mark and leading whitespace.
std::string_view skip_preamble(std::string_view head) {
  if (detail::starts_with_bom(head)) head.remove_prefix(3);
  const std::size_t start = head.find_first_not_of(" \t\r\n\f\v");
  return start == std::string_view::npos ? std::string_view() : head.substr(start);
}

bool is_author_page(std::string_view head) { return head.starts_with("arXiv subjects"); }
// A JSON object that goes on past its first line into a member of it (a key,
// its end, or inside a nested value): one document, as APIs and `jq .` write
// it, not JSON lines, whose first object ends on its line (or, broken, is
// followed by the next line's object).
bool is_json_document(std::string_view head) {
  if (!head.starts_with('{')) return false;
  detail::JsonNesting nesting;
  for (std::size_t i = 0; i < head.size(); ++i) {
    const char c = head[i];
    if (!nesting.step(c)) continue;
    if ((c == '}' || c == ']') && nesting.depth() == 0) return false;
    if (c == '\n') {
      const std::size_t next = head.find_first_not_of(" \t\r\n", i);
      return nesting.depth() > 1 ||
             (next != std::string_view::npos && (head[next] == '"' || head[next] == '}'));
    }
  }
  return false;  // a first line longer than the head: JSON lines
}
bool is_json_lines(std::string_view head) {
  return head.starts_with('{') && !is_json_document(head);
}
bool is_json_array(std::string_view head) { return head.starts_with('['); }
bool is_oai_pmh(std::string_view head) {
  return head.starts_with('<') && head.find("<OAI-PMH") != std::string_view::npos;
}
bool is_atom_feed(std::string_view head) {
  // The feed element may carry a namespace prefix ("<atom:feed").
  const bool has_feed =
      head.find("<feed") != std::string_view::npos || head.find(":feed") != std::string_view::npos;
  return head.starts_with('<') && has_feed && head.find(kAtomNamespace) != std::string_view::npos;
}

// A metadata format's reader, as the table holds it: it needs no ReadOptions.
template <void (*Read)(std::istream&, const std::string&, const RecordSink&)>
void metadata_reader(std::istream& in, const std::string& origin, const RecordSink& sink,
                     const ReadOptions& /*options*/) {
  Read(in, origin, sink);
}

// Every input format: the one place a new reader is added (with its own
// reader file and a test). Detection tries the rows in order.
constexpr InputFormatInfo kInputFormats[] = {
    {InputFormat::kAuthorPage, "author-page", "an \"arXiv subjects\" author page", is_author_page,
     metadata_reader<read_author_page>},
    {InputFormat::kJsonDocument, "json-document",
     "a JSON object holding a list of paper records under any key ({\"papers\": [...]})",
     is_json_document, metadata_reader<read_json_document>},
    {InputFormat::kArxivJsonl, "arxiv-jsonl", "the arXiv metadata snapshot, one JSON object a line",
     is_json_lines, metadata_reader<read_arxiv_jsonl>},
    {InputFormat::kArxivJsonArray, "arxiv-json-array",
     "a JSON array of records in the snapshot's form", is_json_array,
     metadata_reader<read_arxiv_json_array>},
    {InputFormat::kOaiPmh, "oai-pmh",
     "OAI-PMH ListRecords/GetRecord XML (arXiv, arXivRaw or oai_dc)", is_oai_pmh,
     metadata_reader<read_oai_pmh>},
    {InputFormat::kAtom, "atom", "an arXiv API Atom feed", is_atom_feed,
     metadata_reader<read_atom>},
    // Full text (fulltext_input.h): after the metadata formats, whose text
    // may quote TeX.
    {InputFormat::kPdf, "pdf", "a paper's PDF (its full text, for the arXiv id it names)", is_pdf,
     read_pdf_input},
    {InputFormat::kLatexSource, "latex",
     "a paper's LaTeX source: arXiv's source package (a gzipped tar) or a .tex file",
     is_latex_source, read_latex_input},
};

const InputFormatInfo* find_format(InputFormat format) {
  for (const InputFormatInfo& row : kInputFormats) {
    if (row.format == format) return &row;
  }
  return nullptr;
}

}  // namespace

std::string detail::input_format_list() {
  std::string text;
  for (std::size_t i = 0; i < std::size(kInputFormats); ++i) {
    if (i > 0) text += i + 1 == std::size(kInputFormats) ? ", or " : ", ";
    text += kInputFormats[i].description;
  }
  return text;
}

namespace {

// Whether `origin` is named as a PDF ("x.pdf", "x.PDF", "x.pdf.gz"); the
// content alone decides how a file is read, the name only what was meant.
bool named_pdf(std::string_view origin) {
  std::string name(origin.substr(origin.find_last_of('/') + 1));
  for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return name.ends_with(".pdf") || name.ends_with(".pdf.gz");
}

// Reads one stream of raw bytes (a file or stdin) to the end.
void read_stream(std::streambuf& source, const std::string& origin, const RecordSink& sink,
                 const ReadOptions& options) {
  detail::CountingInputBuf raw(source, sink.on_progress);
  std::optional<detail::GzipInputBuf> gzip;
  detail::ChunkedInputBuf* content = &raw;
  if (detail::has_gzip_magic(raw.peek(2))) content = &gzip.emplace(raw);

  const std::string_view head = content->peek(kDetectionBytes);
  const InputFormat format = detect_format(head);
  if (format == InputFormat::kUnknown) {
    if (named_pdf(origin)) {
      // Named as a PDF, it was meant to be read: a problem, not a file to ignore.
      report(sink, origin, std::string(kFullTextUnreadable),
             head.empty() ? "not a PDF: the file is empty" : "not a PDF: it holds no PDF header");
    } else if (head.empty() && (!raw.read_error().empty() ||
                                (gzip && (gzip->truncated() || !gzip->error().empty())))) {
      // Falls through to the read error or gzip report below: the damage is the news.
    } else if (detail::trim(head).empty()) {
      report(sink, origin, std::string(kNotRecordsEmpty), "the input is empty");
    } else if (looks_binary(head)) {
      report(sink, origin, std::string(kNotRecordsBinary),
             "the input is binary data, not a known text format");
    } else {
      report(sink, origin, std::string(kNotRecordsUnknownFormat),
             "not a known input format: not " + detail::input_format_list());
    }
  } else {
    std::istream in(content);
    find_format(format)->read(in, origin, sink, options);
  }

  if (!raw.read_error().empty()) {
    report(sink, origin, "read-error",
           "reading failed after " + std::to_string(raw.consumed()) +
               " bytes: " + raw.read_error() + "; the records before were kept");
  } else if (gzip) {
    if (gzip->truncated()) {
      report(sink, origin, "truncated-gzip",
             "the gzip data ends early; records before the cut were read");
    } else if (!gzip->error().empty()) {
      report(sink, origin, "corrupt-gzip", "gzip: " + gzip->error());
    }
  }
  raw.report_progress();
}

void read_file(const std::string& path, const RecordSink& sink, const ReadOptions& options) {
  std::filebuf file;
  if (!file.open(path, std::ios::in | std::ios::binary)) {
    const int error = errno;
    report(sink, path, "unreadable",
           "cannot open: " + std::string(error != 0 ? std::strerror(error) : "unknown error"));
    return;
  }
  read_stream(file, path, sink, options);
}

}  // namespace

const std::vector<InputFormatInfo>& input_formats() {
  static const std::vector<InputFormatInfo> formats(std::begin(kInputFormats),
                                                    std::end(kInputFormats));
  return formats;
}

std::string_view format_name(InputFormat format) {
  const InputFormatInfo* row = find_format(format);
  return row != nullptr ? row->name : "unknown";
}

InputFormat detect_format(std::string_view head) {
  head = skip_preamble(head);
  if (head.empty()) return InputFormat::kUnknown;
  for (const InputFormatInfo& row : kInputFormats) {
    if (row.detect(head)) return row.format;
  }
  return InputFormat::kUnknown;
}

bool holds_no_records(const ReadProblem& problem) {
  return problem.reason == kNotRecordsEmpty || problem.reason == kNotRecordsBinary ||
         problem.reason == kNotRecordsUnknownFormat;
}

bool holds_no_papers(const ReadProblem& problem) {
  return problem.reason == kNoPapersApiError || problem.reason == kNoPapersOaiError;
}

std::vector<InputFile> list_inputs(const std::vector<std::string>& paths) {
  std::vector<InputFile> files;
  for (const auto& path : paths) {
    std::error_code code;
    if (path != kStdinName && fs::is_directory(path, code)) {
      std::vector<std::string> listed;
      std::string error;
      if (list_directory(path, listed, error)) {
        for (std::string& file : listed) files.push_back({std::move(file), true});
      } else {
        // An unlistable directory stays in the list so read_input reports it.
        files.push_back({path, false});
      }
    } else {
      // Missing files stay too: read_input says what is wrong with them.
      files.push_back({path, false});
    }
  }
  return files;
}

std::vector<std::string> expand_inputs(const std::vector<std::string>& paths) {
  std::vector<std::string> files;
  for (InputFile& file : list_inputs(paths)) files.push_back(std::move(file.path));
  return files;
}

namespace detail {

RecordSink with_field_limits(const RecordSink& sink) {
  RecordSink limited = sink;
  limited.on_record = [&sink](Record&& record) {
    for (std::string& message : detail::apply_field_limits(record)) {
      if (sink.on_warning) sink.on_warning(ReadProblem{record.origin, "truncated", message});
    }
    if (sink.on_record) sink.on_record(std::move(record));
  };
  return limited;
}

}  // namespace detail

void read_input(const std::string& path, const RecordSink& unlimited_sink,
                const ReadOptions& options) {
  const RecordSink sink = detail::with_field_limits(unlimited_sink);
  if (path == kStdinName) {
    read_stream(*std::cin.rdbuf(), "<stdin>", sink, options);
    return;
  }
  std::error_code code;
  if (fs::is_directory(path, code)) {
    std::vector<std::string> files;
    std::string error;
    if (!list_directory(path, files, error)) {
      report(sink, path, "unreadable", "cannot list directory: " + error);
      return;
    }
    for (const auto& file : files) read_file(file, sink, options);
    return;
  }
  read_file(path, sink, options);
}

}  // namespace paperdex
