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

// The Content-Security-Policy the page runs under: its files only, no inline
// script or style, no image but its data: icon. index.html carries it in a
// <meta> (the unit test keeps the two equal); the server may also send it as
// a header with "/", which adds what a <meta> cannot (frame-ancestors).
inline constexpr std::string_view kPageContentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
    "img-src data:; base-uri 'none'; form-action 'self'";

}  // namespace paperdex::serve
