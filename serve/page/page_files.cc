#include "page_files.h"

#include <array>
#include <string>

#include "syntax_help.h"

// The page's files, embedded at build time from serve/page/ (CMakeLists.txt).
namespace paperdex::serve::page_bytes {
std::string_view index_html();
std::string_view page_css();
std::string_view page_js();
}  // namespace paperdex::serve::page_bytes

namespace paperdex::serve {
namespace {

// The query syntax help, the text paperdex-search --help-syntax prints, made
// once from the schema's field table (so the page never describes other
// fields than the index has).
std::string_view syntax_help_text() {
  static const std::string text = presentation::syntax_help();
  return text;
}

struct PageFileSource {
  std::string_view url_path;
  std::string_view content_type;
  std::string_view (*bytes)();
};

// One row per file of the page: where it is served, its type, its bytes.
constexpr std::array kPageFileSources = {
    PageFileSource{"/", "text/html; charset=utf-8", page_bytes::index_html},
    PageFileSource{"/page.css", "text/css; charset=utf-8", page_bytes::page_css},
    PageFileSource{"/page.js", "text/javascript; charset=utf-8", page_bytes::page_js},
    PageFileSource{"/syntax.txt", "text/plain; charset=utf-8", syntax_help_text},
};

using PageFiles = std::array<PageFile, kPageFileSources.size()>;

const PageFiles& page_files() {
  static const PageFiles files = [] {
    PageFiles made;
    for (std::size_t i = 0; i < kPageFileSources.size(); ++i) {
      const PageFileSource& source = kPageFileSources[i];
      made[i] = PageFile{source.url_path, source.content_type, source.bytes()};
    }
    return made;
  }();
  return files;
}

}  // namespace

std::span<const PageFileHeader> page_file_headers() {
  static const std::string policy =
      std::string(kPageContentSecurityPolicy) + "; frame-ancestors 'none'";
  static const std::array headers = {
      PageFileHeader{"Content-Security-Policy", policy},
      PageFileHeader{"Referrer-Policy", "no-referrer"},
  };
  return headers;
}

const PageFile* find_page_file(std::string_view url_path) {
  for (const PageFile& file : page_files()) {
    if (file.url_path == url_path) return &file;
  }
  return nullptr;
}

}  // namespace paperdex::serve
