#pragma once
// HTTP caching and cross-origin headers of the API's answers. An answer that
// depends on the index is identified by the index's revision and the request
// target (Searcher::revision): the same URL at the same revision is the same
// answer, so If-None-Match gets a 304 without searching. CORS is off unless
// the server allows one origin (ApiSettings::cors_origin).

#include <optional>
#include <string>
#include <string_view>

#include "http_exchange.h"

namespace paperdex::serve {

// How long a client or proxy may reuse an answer without asking again.
inline constexpr std::string_view kIndexAnswerCaching = "public, max-age=30";  // searches, papers
inline constexpr std::string_view kPageFileCaching = "public, max-age=3600";   // the page
// What a person changes and then looks at (the tags): asked again each time,
// a 304 while it has not changed.
inline constexpr std::string_view kRevalidateCaching = "no-cache";
inline constexpr std::string_view kNoCaching = "no-store";  // health, errors

// A weak entity tag ("W/\"...\"") naming these bytes: a revision and a
// target, or a page file's bytes.
std::string entity_tag(std::string_view identity);

// Whether the request's If-None-Match lists `tag` (or is "*").
bool none_match(const HttpRequest& request, std::string_view tag);

// 304 for `tag`, with the caching headers a 200 would carry.
HttpResponse not_modified(std::string_view tag, std::string_view caching);

// Adds ETag and Cache-Control.
void add_caching(HttpResponse& response, std::string_view tag, std::string_view caching);

// An answer made whole before it is sent (a page file, the OpenSearch
// document), named by its bytes: `fresh` with ETag and Cache-Control, or a
// 304 with them when the request's If-None-Match has its tag.
HttpResponse tagged_by_bytes(const HttpRequest& request, std::string_view caching,
                             HttpResponse fresh);

// With `origin` allowed and the request's Origin that origin:
// Access-Control-Allow-Origin and the headers a script may read; and Vary:
// Origin whenever CORS is on, so caches keep the answers apart.
void add_cors(const HttpRequest& request, const std::optional<std::string>& origin,
              HttpResponse& response);

// The answer to OPTIONS: 204 with Allow, and with CORS on and a matching
// Origin, the preflight's Access-Control-Allow-Methods/-Headers/-Max-Age.
HttpResponse options_response(const HttpRequest& request, const std::optional<std::string>& origin);

// The methods every route answers.
inline constexpr std::string_view kAllowedMethods = "GET, HEAD, OPTIONS";

}  // namespace paperdex::serve
