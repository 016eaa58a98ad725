#pragma once
// One HTTP request and its response as plain values. The api/ layer maps one
// to the other without sockets; the server/ layer reads and writes them on
// the wire (and owns what is about the transport: gzip, keep-alive, limits).

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace paperdex::serve {

using HttpHeaders = std::vector<std::pair<std::string, std::string>>;

struct HttpRequest {
  std::string method;   // "GET", "HEAD", "OPTIONS", ...
  std::string target;   // as on the request line: path and query, percent-encoded
  HttpHeaders headers;  // names lower-cased

  // The value of the first header named `name` (lower case), if any.
  std::optional<std::string_view> header(std::string_view name) const {
    for (const auto& [key, value] : headers) {
      if (key == name) return value;
    }
    return std::nullopt;
  }
};

struct HttpResponse {
  unsigned status = 200;
  std::string content_type;  // "application/json; charset=utf-8", ...
  std::string body;
  // Headers beyond Content-Type and Content-Length: ETag, Cache-Control,
  // Vary, Access-Control-Allow-Origin, Retry-After, Location, ...
  HttpHeaders headers;
};

}  // namespace paperdex::serve
