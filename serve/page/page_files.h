#pragma once
// The search page's static files (serve/page/), compiled into the binary so
// that paperdex-serve needs no files beside it and no CDN.

#include <string_view>

namespace paperdex::serve {

struct PageFile {
  std::string_view url_path;      // "/", "/page.js", "/page.css", ...
  std::string_view content_type;  // "text/html; charset=utf-8", ...
  std::string_view bytes;
};

// The page file served at `url_path` (no query string); nullptr when none.
const PageFile* find_page_file(std::string_view url_path);

}  // namespace paperdex::serve
