// The input layer: which files to read, how to get their bytes (stdin, files,
// transparent gzip), which reader understands them. Everything that can go
// wrong with an input becomes a ReadProblem naming the file.
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <istream>
#include <optional>

#include "format_readers.h"
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

void dispatch(InputFormat format, std::istream& in, const std::string& origin,
              const RecordSink& sink) {
  switch (format) {
    case InputFormat::kAuthorPage:
      return read_author_page(in, origin, sink);
    case InputFormat::kArxivJsonl:
      return read_arxiv_jsonl(in, origin, sink);
    case InputFormat::kArxivJsonArray:
      return read_arxiv_json_array(in, origin, sink);
    case InputFormat::kOaiPmh:
      return read_oai_pmh(in, origin, sink);
    case InputFormat::kAtom:
      return read_atom(in, origin, sink);
    case InputFormat::kUnknown:
      return;
  }
}

// Reads one stream of raw bytes (a file or stdin) to the end.
void read_stream(std::streambuf& source, const std::string& origin, const RecordSink& sink) {
  detail::CountingInputBuf raw(source, sink.on_progress);
  std::optional<detail::GzipInputBuf> gzip;
  detail::ChunkedInputBuf* content = &raw;
  if (detail::has_gzip_magic(raw.peek(2))) content = &gzip.emplace(raw);

  const std::string_view head = content->peek(kDetectionBytes);
  const InputFormat format = detect_format(head);
  if (format == InputFormat::kUnknown) {
    if (head.empty() &&
        (!raw.read_error().empty() || (gzip && (gzip->truncated() || !gzip->error().empty())))) {
      // Falls through to the read error or gzip report below: the damage is the news.
    } else if (detail::trim(head).empty()) {
      report(sink, origin, "empty", "the input is empty");
    } else if (looks_binary(head)) {
      report(sink, origin, "binary", "the input is binary data, not a known text format");
    } else {
      report(sink, origin, "unknown-format",
             "not an author page, arXiv JSON lines or JSON array, OAI-PMH or Atom feed");
    }
  } else {
    std::istream in(content);
    dispatch(format, in, origin, sink);
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

void read_file(const std::string& path, const RecordSink& sink) {
  std::filebuf file;
  if (!file.open(path, std::ios::in | std::ios::binary)) {
    const int error = errno;
    report(sink, path, "unreadable",
           "cannot open: " + std::string(error != 0 ? std::strerror(error) : "unknown error"));
    return;
  }
  read_stream(file, path, sink);
}

}  // namespace

std::string_view format_name(InputFormat format) {
  switch (format) {
    case InputFormat::kAuthorPage:
      return "author-page";
    case InputFormat::kArxivJsonl:
      return "arxiv-jsonl";
    case InputFormat::kArxivJsonArray:
      return "arxiv-json-array";
    case InputFormat::kOaiPmh:
      return "oai-pmh";
    case InputFormat::kAtom:
      return "atom";
    case InputFormat::kUnknown:
      break;
  }
  return "unknown";
}

InputFormat detect_format(std::string_view head) {
  if (detail::starts_with_bom(head)) head.remove_prefix(3);
  const std::size_t start = head.find_first_not_of(" \t\r\n\f\v");
  if (start == std::string_view::npos) return InputFormat::kUnknown;
  head.remove_prefix(start);
  if (head.starts_with("arXiv subjects")) return InputFormat::kAuthorPage;
  if (head.front() == '{') return InputFormat::kArxivJsonl;
  if (head.front() == '[') return InputFormat::kArxivJsonArray;
  if (head.front() != '<') return InputFormat::kUnknown;
  if (head.find("<OAI-PMH") != std::string_view::npos) return InputFormat::kOaiPmh;
  // The feed element may carry a namespace prefix ("<atom:feed").
  const bool has_feed =
      head.find("<feed") != std::string_view::npos || head.find(":feed") != std::string_view::npos;
  if (has_feed && head.find(kAtomNamespace) != std::string_view::npos) return InputFormat::kAtom;
  return InputFormat::kUnknown;
}

std::vector<std::string> expand_inputs(const std::vector<std::string>& paths) {
  std::vector<std::string> files;
  for (const auto& path : paths) {
    std::error_code code;
    if (path != kStdinName && fs::is_directory(path, code)) {
      std::string error;
      // An unlistable directory stays in the list so read_input reports it.
      if (!list_directory(path, files, error)) files.push_back(path);
    } else {
      // Missing files stay too: read_input says what is wrong with them.
      files.push_back(path);
    }
  }
  return files;
}

namespace {

// `sink` behind a check of every record's fields against their limits.
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

}  // namespace

void read_input(const std::string& path, const RecordSink& unlimited_sink) {
  const RecordSink sink = with_field_limits(unlimited_sink);
  if (path == kStdinName) {
    read_stream(*std::cin.rdbuf(), "<stdin>", sink);
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
    for (const auto& file : files) read_file(file, sink);
    return;
  }
  read_file(path, sink);
}

}  // namespace paperdex
