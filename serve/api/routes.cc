#include "routes.h"

#include <array>
#include <sstream>

#include <nlohmann/json.hpp>

#include "api_error.h"
#include "http_caching.h"
#include "opensearch.h"
#include "output.h"
#include "page_files.h"
#include "paperdex/search_parameters.h"
#include "search_parameters.h"

namespace paperdex::serve {
namespace {

using Json = nlohmann::ordered_json;

constexpr std::string_view kJsonType = "application/json; charset=utf-8";

HttpResponse json_response(const Json& json) {
  HttpResponse response;
  response.content_type = kJsonType;
  response.body = json.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
  return response;
}

// An answer of the index, named by its revision and the request target: a
// client that has it (If-None-Match) gets a 304 and nothing is searched.
template <typename Produce>
HttpResponse index_answer(ApiContext& context, const RouteCall& call, const Produce& produce,
                          std::string_view caching = kIndexAnswerCaching) {
  return context.pool.use([&](Searcher& searcher) {
    const std::string revision = searcher.revision();
    const std::string tag = entity_tag(revision + '\n' + call.request.target);
    if (none_match(call.request, tag)) return not_modified(tag, caching);
    HttpResponse response = produce(searcher, revision);
    add_caching(response, tag, caching);
    return response;
  });
}

// The query and filters ask for some paper (the library's check, which
// paperdex-search makes too); `call.request.query` is set.
void require_something(const SearchCall& call) {
  if (asks_for_papers(call.request)) return;
  throw bad_parameter("q",
                      "empty query: give search words (q) or a filter (subject, year, author)");
}

// The result of `search` in the format asked, as paperdex-search prints it
// (the format table's printer).
HttpResponse answer_with(ApiContext& context, const RouteCall& call, const SearchCall& search) {
  return index_answer(context, call, [&](Searcher& searcher, const std::string&) {
    const SearchResult result = searcher.search(search.request);
    std::ostringstream body;
    search.format->print_result(body, search.query, result, search.request, search.output);
    HttpResponse response{200, std::string(search.format->media_type), body.str(), {}};
    // RFC 7234's miscellaneous persistent warning: a deprecated name used.
    for (const std::string& deprecation : search.deprecations) {
      response.headers.emplace_back("Warning", "299 paperdex \"" + deprecation + "\"");
    }
    return response;
  });
}

// /search and /like/{id}.
HttpResponse answer_search(ApiContext& context, const RouteCall& call) {
  SearchCall search = read_parameters(call.target.parameters, kSearchParameters, context.defaults);
  search.request.like = call.id;
  search.request.query = search.query;
  require_something(search);
  return answer_with(context, call, search);
}

// /recommend?tag=NAME: papers like the tag's (paperdex-search --recommend);
// the server reads tags, and never changes them. An unknown tag is a 404
// naming the tags there are (TagError, api.cc).
HttpResponse answer_recommend(ApiContext& context, const RouteCall& call) {
  SearchCall search = read_parameters(call.target.parameters,
                                      kSearchParameters | kRecommendParameters, context.defaults);
  if (search.request.recommend.empty()) {
    throw bad_parameter("tag", "tag is required: the tag whose papers the hits should be like");
  }
  search.request.query = search.query;
  return answer_with(context, call, search);
}

// The tags, as paperdex-search --tags --format json lists them: each with its
// name, papers (ids), created and changed.
HttpResponse answer_tags(ApiContext& context, const RouteCall& call) {
  read_parameters(call.target.parameters, 0, {});
  return index_answer(
      context, call,
      [&](Searcher& searcher, const std::string&) {
        Json list = Json::array();
        for (const Tag& tag : searcher.tags()) list.push_back(presentation::tag_json(tag));
        return json_response(list);
      },
      kRevalidateCaching);
}

// A stored paper: JSON is the object --show lists (one line, as the jsonl
// format prints a paper); the other formats, their --show form.
HttpResponse answer_paper(ApiContext& context, const RouteCall& call) {
  const SearchCall paper = read_parameters(call.target.parameters, kPaperParameters, {});
  for (const presentation::OutputColumn* field :
       paper.output.fields.value_or(presentation::ColumnSelection{})) {
    if (field->search_only) {
      throw bad_parameter("fields", "fields " + std::string(field->name) +
                                        " is a search hit's, not a stored paper's");
    }
  }
  const presentation::OutputFormat* format =
      paper.format->name == "json" ? presentation::find_format("jsonl") : paper.format;
  return index_answer(context, call, [&](Searcher& searcher, const std::string&) {
    const presentation::ShownPapers shown{{searcher.get(call.id)}, {}};
    std::ostringstream body;
    format->print_papers(body, shown, paper.output);
    return HttpResponse{200, std::string(paper.format->media_type), body.str(), {}};
  });
}

// /saved/{name}'s page unless `limit` says: a feed reader reads it for what
// came last, and a day's papers should fit.
constexpr std::size_t kSavedPageLimit = 50;

// A saved search's papers, as paperdex-search --saved NAME prints them (its
// query and filters; each hit's news since it was last run with --new), but
// read only: nothing is marked seen, so a feed reader may poll it. In the
// order the index added them, newest first, unless `sort` says otherwise,
// whatever order it was saved with: a feed is read for what is new. An
// unknown name is a 404 naming it (SavedSearchError, api.cc).
HttpResponse answer_saved(ApiContext& context, const RouteCall& call) {
  SearchRequest defaults = context.defaults;
  defaults.sort = SortOrder::kAdded;
  defaults.limit = kSavedPageLimit;
  const SearchCall page = read_parameters(call.target.parameters, kSavedParameters, defaults);
  return index_answer(context, call, [&](Searcher& searcher, const std::string&) {
    const SavedSearch saved = searcher.saved_search(call.id);
    // Its query and filters; the page and the output the parameters', which
    // are all these take (kSavedParameters) and the server's own.
    SearchRequest request = saved.request;
    for (const SearchParameter& row : search_parameters()) {
      if (!row.each_run) continue;
      for (const std::string& value : row.get(page.request)) row.set(request, value);
    }
    request.time_limit_seconds = page.request.time_limit_seconds;
    request.allow_partial = page.request.allow_partial;
    request.new_since = saved.seen;
    const SearchResult result = searcher.search(request);
    presentation::OutputOptions output = page.output;
    output.saved = presentation::SavedSearchRun{saved.name, saved.seen, saved.seen == saved.saved,
                                                false, result.total};
    std::ostringstream body;
    page.format->print_result(body, request.query, result, request, output);
    return HttpResponse{200, std::string(page.format->media_type), body.str(), {}};
  });
}

// The saved searches, as paperdex-search --saved-list --format json lists
// them: each with its name, papers new to it, query and options, so that a
// page can link each one's /saved/{name}.
HttpResponse answer_saved_list(ApiContext& context, const RouteCall& call) {
  read_parameters(call.target.parameters, 0, {});
  return index_answer(context, call, [&](Searcher& searcher, const std::string&) {
    Json list = Json::array();
    for (const SavedSearch& saved : searcher.saved_searches()) {
      list.push_back(presentation::saved_search_json(saved));
    }
    return json_response(list);
  });
}

// Did you mean: the query with its misspelled words corrected from the
// index's own words (null when none need it).
HttpResponse answer_suggest(ApiContext& context, const RouteCall& call) {
  SearchCall suggest =
      read_parameters(call.target.parameters, kSuggestParameters, context.defaults);
  if (suggest.query.find_first_not_of(" \t") == std::string::npos) {
    throw bad_parameter("q", "q is required: the query to correct");
  }
  suggest.request.query = suggest.query;
  suggest.request.limit = 0;
  suggest.request.facets = false;
  return index_answer(context, call, [&](Searcher& searcher, const std::string&) {
    const SearchResult result = searcher.search(suggest.request);
    return json_response(
        {{"query", suggest.query},
         {"suggestion", result.suggestion.empty() ? Json() : Json(result.suggestion)}});
  });
}

HttpResponse answer_health(ApiContext& context, const RouteCall& call) {
  read_parameters(call.target.parameters, 0, {});
  HttpResponse response = context.pool.use([](Searcher& searcher) {
    return json_response({{"status", "ok"},
                          {"documents", searcher.document_count()},
                          {"revision", searcher.revision()}});
  });
  response.headers.emplace_back("Cache-Control", std::string(kNoCaching));
  return response;
}

// paperdex-search --stats --json, kept for the revision it describes.
HttpResponse answer_stats(ApiContext& context, const RouteCall& call) {
  read_parameters(call.target.parameters, 0, {});
  return index_answer(context, call, [&](Searcher& searcher, const std::string& revision) {
    StatsCache& cache = context.stats;
    const std::lock_guard lock(cache.mutex);
    if (cache.revision != revision || cache.body.empty()) {
      Json stats = presentation::stats_json(context.pool.path(), searcher.index_info());
      stats.erase("path");  // the server's, not the client's business (the log has it)
      cache.body = json_response(stats).body;
      cache.revision = revision;
    }
    return HttpResponse{200, std::string(kJsonType), cache.body, {}};
  });
}

// clang-format off
const std::array kRoutes = {
    Route{"/search", kSearchParameters, "search: the result in the format asked (JSON: paperdex-search --json)",
          answer_search},
    Route{"/paper/{id}", kPaperParameters, "the stored paper with this id (any form id: takes)",
          answer_paper},
    Route{"/like/{id}", kSearchParameters, "papers similar to this paper (paperdex-search --like)",
          answer_search},
    Route{"/recommend", kSearchParameters | kRecommendParameters,
          "papers like a tag's papers, theirs left out (paperdex-search --recommend)",
          answer_recommend},
    Route{"/tags", 0, "the tags of the index and their papers (paperdex-search --tags --json)",
          answer_tags},
    Route{"/suggest", kSuggestParameters, "did you mean: the query with misspelled words corrected",
          answer_suggest},
    Route{"/saved", 0, "the saved searches of the index (paperdex-search --saved-list --json)",
          answer_saved_list},
    Route{"/saved/{name}", kSavedParameters,
          "a saved search's papers, newest in the index first, read only (format=atom: its feed)",
          answer_saved},
    Route{"/health", 0, "the index can be read: its papers and revision", answer_health},
    Route{"/stats", 0, "the index's statistics (paperdex-search --stats --json)", answer_stats},
    Route{"/opensearch.xml", 0, "an OpenSearch 1.1 description of this server", answer_opensearch},
};
// clang-format on

// The route whose pattern `path` matches, and its {id} (or {name}).
const Route* find_route(const std::string& path, std::string& id) {
  for (const Route& route : kRoutes) {
    const std::string_view pattern = route.pattern;
    const std::size_t brace = pattern.find('{');
    if (brace == std::string_view::npos) {
      if (path == pattern) return &route;
      continue;
    }
    if (path.size() > brace && path.compare(0, brace, pattern.substr(0, brace)) == 0) {
      id = path.substr(brace);
      return &route;
    }
  }
  return nullptr;
}

std::string route_names() {
  std::string names;
  for (const Route& route : kRoutes)
    names += (names.empty() ? "" : ", ") + std::string(route.pattern);
  return names;
}

ApiError nothing_at(const std::string& path) {
  return ApiError(404, "nothing at " + path + "; the API's routes are " + route_names());
}

HttpResponse answer_page_file(const RequestTarget& target, const HttpRequest& request) {
  const PageFile* file = find_page_file(target.path);
  if (!file) throw nothing_at(target.path);
  HttpResponse response =
      tagged_by_bytes(request, kPageFileCaching,
                      {200, std::string(file->content_type), std::string(file->bytes), {}});
  // The hardening travels with the 304 too: it refreshes what a cache keeps.
  for (const auto& [name, value] : page_file_headers()) response.headers.emplace_back(name, value);
  return response;
}

}  // namespace

std::span<const Route> routes() { return kRoutes; }

HttpResponse answer_get(ApiContext& context, const HttpRequest& request) {
  const RequestTarget target = parse_target(request.target);
  RouteCall call{request, target, {}};
  const Route* route = find_route(target.path, call.id);
  if (!route) return answer_page_file(target, request);
  return route->answer(context, call);
}

HttpResponse answer_options(ApiContext& context, const HttpRequest& request) {
  if (request.target != "*") {
    const RequestTarget target = parse_target(request.target);
    std::string id;
    if (!find_route(target.path, id) && !find_page_file(target.path)) {
      throw nothing_at(target.path);
    }
  }
  return options_response(request, context.settings.cors_origin);
}

}  // namespace paperdex::serve
