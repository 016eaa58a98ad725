#include "gzip_body.h"

#include <zlib.h>

#include <cctype>
#include <cstdlib>
#include <stdexcept>

namespace paperdex::serve {
namespace {

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

bool equal_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  }
  return true;
}

// The q-value of one Accept-Encoding element's parameters (";q=0.5"); 1 without.
double quality(std::string_view parameters) {
  while (!parameters.empty()) {
    const std::size_t semicolon = parameters.find(';', 1);
    std::string_view parameter = trim(parameters.substr(1, semicolon - 1));
    if (parameter.size() > 2 && (parameter[0] == 'q' || parameter[0] == 'Q') &&
        parameter[1] == '=') {
      return std::strtod(std::string(parameter.substr(2)).c_str(), nullptr);
    }
    if (semicolon == std::string_view::npos) break;
    parameters.remove_prefix(semicolon);
  }
  return 1;
}

}  // namespace

bool accepts_gzip(std::string_view accept_encoding) {
  double gzip = -1;
  double any = -1;
  while (!accept_encoding.empty()) {
    const std::size_t comma = accept_encoding.find(',');
    const std::string_view element = trim(accept_encoding.substr(0, comma));
    const std::size_t semicolon = element.find(';');
    const std::string_view coding = trim(element.substr(0, semicolon));
    const double q = semicolon == std::string_view::npos ? 1 : quality(element.substr(semicolon));
    if (equal_ignoring_case(coding, "gzip") || equal_ignoring_case(coding, "x-gzip")) gzip = q;
    if (coding == "*") any = q;
    if (comma == std::string_view::npos) break;
    accept_encoding.remove_prefix(comma + 1);
  }
  return gzip >= 0 ? gzip > 0 : any > 0;
}

bool compressible_type(std::string_view content_type) {
  const std::string_view type = trim(content_type.substr(0, content_type.find(';')));
  if (type.starts_with("text/")) return true;
  for (std::string_view suffix : {"json", "xml", "javascript"}) {
    if (type.ends_with(suffix)) return true;
  }
  return type == "image/svg+xml";
}

std::string gzip_compress(std::string_view body) {
  z_stream stream{};
  // windowBits 15 + 16: the gzip wrapper rather than zlib's.
  if (deflateInit2(&stream, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
    throw std::runtime_error("gzip: cannot start zlib (out of memory?)");
  }
  std::string out(deflateBound(&stream, body.size()), '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(body.data()));
  stream.avail_in = static_cast<uInt>(body.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  const int status = deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  if (status != Z_STREAM_END) throw std::runtime_error("gzip: zlib could not compress a body");
  return out;
}

}  // namespace paperdex::serve
