// The extraction stage (full text): what a file is (by its bytes, never its
// name) and which files a folder holds. The error type of the stage.
#include <algorithm>
#include <system_error>

#include "fulltext/fulltext.h"
#include "paperdex/common/safe_text.h"

namespace paperdex::fulltext {

FullTextError::FullTextError(const std::string& file, const std::string& reason)
    : Error(terminal_safe(file) + ": " + reason), reason_(reason) {}

std::string_view source_name(Source source) {
  switch (source) {
    case Source::kPdf:
      return "pdf";
    case Source::kLatex:
      return "latex";
    case Source::kUnarxive:
      return "unarxive";
    case Source::kJsonl:
      return "jsonl";
  }
  return "pdf";
}

namespace {

// TeX that starts a document or a part of one, within the first bytes: a
// .tex file may open with comments, but not with kilobytes of something else.
bool looks_like_tex(std::string_view head) {
  for (const std::string_view mark : {"\\documentclass", "\\documentstyle", "\\begin{document}",
                                      "\\section", "\\input{", "\\chapter", "\\begin{abstract}"}) {
    if (head.find(mark) != std::string_view::npos) return true;
  }
  return false;
}

}  // namespace

FileKind sniff(std::string_view first_bytes) {
  const std::string_view head = first_bytes.substr(0, 1024);
  // PDF readers accept the header anywhere in the first kilobyte, after junk.
  if (head.find("%PDF-") != std::string_view::npos) return FileKind::kPdf;
  if (first_bytes.size() >= 2 && static_cast<unsigned char>(first_bytes[0]) == 0x1f &&
      static_cast<unsigned char>(first_bytes[1]) == 0x8b) {
    return FileKind::kGzip;
  }
  if (first_bytes.size() >= 262 && first_bytes.substr(257, 5) == "ustar") return FileKind::kTar;
  if (looks_like_tex(first_bytes.substr(0, 8192))) return FileKind::kTex;
  return FileKind::kOther;
}

std::vector<std::filesystem::path> list_fulltext_files(const std::filesystem::path& dir) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  std::error_code error;
  // Symbolic links to directories are not followed (the default), so a link
  // loop cannot recurse; links to files are listed when they resolve to one.
  fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, error);
  for (; !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
    const fs::path& path = it->path();
    std::error_code entry_error;  // a dangling link is skipped, not the end of the walk
    if (path.filename().string().starts_with(".")) {
      if (it->is_directory(entry_error)) it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file(entry_error)) files.push_back(path);
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace paperdex::fulltext
