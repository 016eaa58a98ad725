#pragma once
// The search page's static files (serve/page/), compiled into the binary so
// that paperdex-serve needs no files beside it and no CDN.

#include <span>
#include <string_view>
#include <utility>

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
// <meta> (the unit test keeps the two equal), for a copy of the page opened
// without the server; the server sends it as a header (page_file_headers).
inline constexpr std::string_view kPageContentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
    "img-src data:; base-uri 'none'; form-action 'self'";

// The headers every page file is sent with, beyond its type and caching: the
// policy above with what only a header can say (frame-ancestors: no other
// site may frame the page and trick a click), and no Referer to the sites
// the page links (the query is in the page's URL). The API adds
// "X-Content-Type-Options: nosniff" to every response, the page's included.
using PageFileHeader = std::pair<std::string_view, std::string_view>;
std::span<const PageFileHeader> page_file_headers();

}  // namespace paperdex::serve
