#include "page_files.h"

#include <array>

namespace paperdex::serve {
namespace {

// Placeholder until the search page lands: one page saying where the API is.
constexpr std::array kPageFiles = {
    PageFile{"/", "text/html; charset=utf-8",
             "<!doctype html><title>paperdex</title><p>Search with <a "
             "href=\"/search?q=example\">/search?q=</a>.\n"},
};

}  // namespace

const PageFile* find_page_file(std::string_view url_path) {
  for (const PageFile& file : kPageFiles) {
    if (file.url_path == url_path) return &file;
  }
  return nullptr;
}

}  // namespace paperdex::serve
