#pragma once
// The API's routes, one table: each row is a path (with {id}, the rest of
// the path, for a paper; {name} for a saved search), the parameters it
// takes (search_parameters.h), a line of help (docs/http-api.md lists the
// same routes; a test checks it) and the function that answers it. GET and
// HEAD reach the table; OPTIONS is answered for every route and page file;
// anything else is 405. A GET that no route takes is a page file
// (serve/page) or a 404.

#include <mutex>
#include <span>
#include <string>
#include <string_view>

#include "api.h"
#include "http_exchange.h"
#include "query_string.h"
#include "searcher_pool.h"

namespace paperdex::serve {

// /stats walks the whole term list: its answer is kept for the revision it describes.
struct StatsCache {
  std::mutex mutex;
  std::string revision;
  std::string body;
};

// What the routes share: the settings, the Searchers, the request defaults.
struct ApiContext {
  ApiSettings settings;
  SearcherPool pool;
  SearchRequest defaults;  // the server's time limit
  StatsCache stats;
};

// One request as a route sees it.
struct RouteCall {
  const HttpRequest& request;
  const RequestTarget& target;
  std::string id;  // the {id} (or {name}) of the path, decoded; "" for a route without one
};

struct Route {
  std::string_view pattern;  // "/search", "/paper/{id}", "/saved/{name}"
  unsigned parameters;       // ParameterUse bits: the parameters it takes
  std::string_view summary;  // what it answers
  HttpResponse (*answer)(ApiContext& context, const RouteCall& call);
};

std::span<const Route> routes();

// The answer to a GET or HEAD of `request`.
// @throws ApiError, paperdex::Error and what else a route throws (Api::handle maps them).
HttpResponse answer_get(ApiContext& context, const HttpRequest& request);

// The answer to an OPTIONS of `request`: what a GET there may do (CORS), for a
// route, a page file or the whole server ("*").
// @throws ApiError 404 when nothing is at the path.
HttpResponse answer_options(ApiContext& context, const HttpRequest& request);

}  // namespace paperdex::serve
