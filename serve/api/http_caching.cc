#include "http_caching.h"

#include <cstdint>
#include <cstdio>

namespace paperdex::serve {
namespace {

// FNV-1a, 64 bits: the same bytes give the same tag in every process and
// build, so servers behind one proxy agree.
std::uint64_t fnv1a(std::string_view bytes) {
  std::uint64_t hash = 14695981039346656037ULL;
  for (const char c : bytes) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ULL;
  }
  return hash;
}

bool origin_allowed(const HttpRequest& request, const std::optional<std::string>& origin) {
  const auto given = request.header("origin");
  return origin && given && *given == *origin;
}

}  // namespace

std::string entity_tag(std::string_view identity) {
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(fnv1a(identity)));
  return "W/\"" + std::string(hex) + "\"";
}

bool none_match(const HttpRequest& request, std::string_view tag) {
  const auto header = request.header("if-none-match");
  if (!header) return false;
  // A list of tags; weak comparison: W/"x" and "x" match.
  const std::string_view opaque = tag.substr(2);
  std::string_view rest = *header;
  while (!rest.empty()) {
    const std::size_t comma = rest.find(',');
    std::string_view item = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    while (!item.empty() && (item.front() == ' ' || item.front() == '\t')) item.remove_prefix(1);
    while (!item.empty() && (item.back() == ' ' || item.back() == '\t')) item.remove_suffix(1);
    if (item.rfind("W/", 0) == 0) item.remove_prefix(2);
    if (item == "*" || item == opaque) return true;
  }
  return false;
}

void add_caching(HttpResponse& response, std::string_view tag, std::string_view caching) {
  response.headers.emplace_back("ETag", std::string(tag));
  response.headers.emplace_back("Cache-Control", std::string(caching));
}

HttpResponse not_modified(std::string_view tag, std::string_view caching) {
  HttpResponse response;
  response.status = 304;
  add_caching(response, tag, caching);
  return response;
}

HttpResponse tagged_by_bytes(const HttpRequest& request, std::string_view caching,
                             HttpResponse fresh) {
  const std::string tag = entity_tag(fresh.body);
  if (none_match(request, tag)) return not_modified(tag, caching);
  add_caching(fresh, tag, caching);
  return fresh;
}

void add_cors(const HttpRequest& request, const std::optional<std::string>& origin,
              HttpResponse& response) {
  if (!origin) return;
  response.headers.emplace_back("Vary", "Origin");
  if (!origin_allowed(request, origin)) return;
  response.headers.emplace_back("Access-Control-Allow-Origin", *origin);
  response.headers.emplace_back("Access-Control-Expose-Headers", "ETag");
}

HttpResponse options_response(const HttpRequest& request,
                              const std::optional<std::string>& origin) {
  HttpResponse response;
  response.status = 204;
  response.headers.emplace_back("Allow", std::string(kAllowedMethods));
  if (origin_allowed(request, origin) && request.header("access-control-request-method")) {
    response.headers.emplace_back("Access-Control-Allow-Methods", std::string(kAllowedMethods));
    response.headers.emplace_back("Access-Control-Allow-Headers", "If-None-Match");
    response.headers.emplace_back("Access-Control-Max-Age", "600");
  }
  return response;
}

}  // namespace paperdex::serve
