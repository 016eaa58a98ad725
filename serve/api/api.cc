#include "api.h"

#include <algorithm>
#include <array>
#include <exception>
#include <filesystem>
#include <new>
#include <regex>
#include <thread>

#include "api_error.h"
#include "http_caching.h"
#include "routes.h"
#include "search_parameters.h"

namespace paperdex::serve {
namespace {

// A SearchRequest field's parameter (InvalidRequestError::field()).
constexpr std::array<std::pair<std::string_view, std::string_view>, 2> kFieldParameters = {{
    {"snippet_bytes", "snippet"},
    {"time_limit_seconds", "time_limit_seconds"},
}};

template <std::size_t N>
std::string renamed(const std::array<std::pair<std::string_view, std::string_view>, N>& names,
                    std::string_view name) {
  for (const auto& [from, to] : names) {
    if (from == name) return std::string(to);
  }
  return std::string(name);
}

// A filter's bad value as paperdex-search says it, under the parameter's name.
ApiError filter_error(const FilterError& error) {
  const std::string& parameter = error.filter();  // the search parameter's name
  std::string message = parameter + " " + error.value() + ": " + error.what();
  if (!error.suggestion().empty()) {
    message += " (did you mean " + parameter + " " + error.suggestion() + "?)";
  }
  return ApiError(400, message, {parameter, std::nullopt, ""});
}

// 503: the index, not the request, is at fault; the client may try again.
ApiError unavailable(const Error& error) {
  return ApiError(503, std::string("the index cannot be read: ") + error.what(), {});
}

// What the exception being handled means for the client: every paperdex
// error its status, anything else a 500 with its message.
ApiError current_error() {
  try {
    throw;
  } catch (const ApiError& error) {
    return error;
  } catch (const FilterError& error) {
    return filter_error(error);
  } catch (const QuerySyntaxError& error) {
    return ApiError(400, error.what(), {"q", error.position(), error.hint()});
  } catch (const InvalidRequestError& error) {
    const std::string parameter = renamed(kFieldParameters, error.field());
    return bad_parameter(parameter, parameter + " " + error.problem());
  } catch (const PaperNotFoundError& error) {
    return ApiError(404, error.what(), {"id", std::nullopt, ""});
  } catch (const SavedSearchError& error) {  // /saved/{name}: nothing has that name
    return ApiError(404, error.what(), {"name", std::nullopt, ""});
  } catch (const TagError& error) {  // /recommend: no such tag, or nothing in it
    return ApiError(404, error.what(), {"tag", std::nullopt, ""});
  } catch (const DatabaseNotFoundError& error) {
    return unavailable(error);
  } catch (const SchemaVersionError& error) {
    return unavailable(error);
  } catch (const DatabaseLockedError& error) {
    return unavailable(error);
  } catch (const IoError& error) {
    return unavailable(error);
  } catch (const std::bad_alloc&) {
    return ApiError(503, "out of memory answering this request; try again, or ask for less", {});
  } catch (const std::exception& error) {
    return ApiError(500, std::string("internal error: ") + error.what(), {});
  } catch (...) {
    return ApiError(500, "internal error of an unknown kind", {});
  }
}

HttpResponse method_not_allowed(const HttpRequest& request) {
  HttpResponse response = error_response(ApiError(
      405, "method " + request.method + " is not allowed; use " + std::string(kAllowedMethods),
      {}));
  response.headers.emplace_back("Allow", std::string(kAllowedMethods));
  return response;
}

// The server's time limit, checked as every request's is, before the open.
SearcherOptions searcher_options(const ApiSettings& settings) {
  check_request_value("time_limit_seconds", settings.time_limit_seconds);
  SearcherOptions options;
  options.time_limit_seconds = settings.time_limit_seconds;
  options.allow_partial = settings.allow_partial;
  options.split_each_search = settings.split_each_search;
  return options;
}

// The forms in which a message may name a served index: as given, absolute
// and resolved; the longest first, so that none is left half replaced.
std::vector<std::string> location_forms(const std::vector<std::string>& locations) {
  std::vector<std::string> forms;
  for (const std::string& location : locations) {
    forms.push_back(location);
    std::error_code ignored;
    forms.push_back(std::filesystem::absolute(location, ignored).string());
    forms.push_back(std::filesystem::weakly_canonical(location, ignored).string());
  }
  std::erase_if(forms, [](const std::string& form) { return form.size() < 2; });
  std::sort(forms.begin(), forms.end(),
            [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  return forms;
}

// `message` without the server's paths: the indexes' locations, and any
// absolute path (Xapian names the files it failed on). A client has no use
// for them and should not learn the server's layout; the log has them.
std::string without_server_paths(std::string message, const std::vector<std::string>& forms) {
  constexpr std::string_view kWithheld = "(path withheld)";
  for (const std::string& form : forms) {
    for (std::size_t at = message.find(form); at != std::string::npos;
         at = message.find(form, at + kWithheld.size())) {
      message.replace(at, form.size(), kWithheld);
    }
  }
  static const std::regex kAbsolutePath(R"((^|[\s'"(\[=,])/[^\s'"),\]]+)");
  return std::regex_replace(message, kAbsolutePath, "$1(path withheld)");
}

SearchRequest request_defaults(const ApiSettings& settings) {
  SearchRequest request;
  request.time_limit_seconds = settings.time_limit_seconds;
  request.allow_partial = settings.allow_partial;
  return request;
}

}  // namespace

bool splits_searches(unsigned workers) {
  return workers != 0 && workers < std::max(1u, std::thread::hardware_concurrency());
}

struct Api::State {
  ApiContext context;
  std::vector<std::string> location_forms;  // without_server_paths takes them out
};

Api::Api(ApiSettings settings)
    : state_(new State{{settings,
                        SearcherPool(settings.databases, searcher_options(settings)),
                        request_defaults(settings),
                        {}},
                       location_forms(settings.databases)}) {}

Api::~Api() = default;

HttpResponse Api::handle(const HttpRequest& request) {
  ApiContext& context = state_->context;
  HttpResponse response;
  try {
    if (request.method == "GET" || request.method == "HEAD") {
      response = answer_get(context, request);
    } else if (request.method == "OPTIONS") {
      response = answer_options(context, request);
    } else {
      response = method_not_allowed(request);
    }
  } catch (...) {
    ApiError error = current_error();
    if (error.status() >= 500) {
      if (context.settings.log_error) {
        context.settings.log_error(std::to_string(error.status()) + " for " + request.method + " " +
                                   request.target + ": " + error.what());
      }
      error = ApiError(error.status(), without_server_paths(error.what(), state_->location_forms),
                       error.details());
    }
    response = error_response(error);
    if (error.status() == 503) response.headers.emplace_back("Retry-After", "5");
  }
  add_cors(request, context.settings.cors_origin, response);
  response.headers.emplace_back("X-Content-Type-Options", "nosniff");
  return response;
}

}  // namespace paperdex::serve
