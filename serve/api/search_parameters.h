#pragma once
// The query parameters of the API's routes: the library's search parameters
// (search_parameters.h: the names, values and messages paperdex-search and
// Python have too) and the API's own (q, fields, format), each with the
// routes that take it; docs/http-api.md lists the same.

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "output.h"
#include "paperdex/search_parameters.h"
#include "paperdex/searcher.h"

namespace paperdex::serve {

// What a request asks of the searcher and of the output.
struct SearchCall {
  std::string query;  // q
  SearchRequest request;
  presentation::OutputOptions output;
  const presentation::OutputFormat* format = nullptr;  // format=, json by default
  // What to write instead of the deprecated names used ("any is deprecated;
  // use match=any ..."): the answer's Warning headers.
  std::vector<std::string> deprecations;
};

// The groups of parameters a route takes (Route::parameters).
enum ParameterUse : unsigned {
  kSearchParameters = 1,      // /search, /like/{id}
  kPaperParameters = 2,       // /paper/{id}
  kSuggestParameters = 4,     // /suggest
  kSavedParameters = 8,       // /saved/{name}: the page and the output, not the query
  kRecommendParameters = 16,  // /recommend: the tags, beside the search's parameters
};

// A parameter of the API: the library's search parameters (its table,
// search_parameters.h, sets the request through `row`) between the query
// and the output's own (fields, format).
struct Parameter {
  std::string_view name;
  unsigned uses;    // ParameterUse bits
  bool repeatable;  // given several times, each value counts (OR-ed filters)
  std::string_view help;
  // What it sets of the call beyond the library's row (the output's part),
  // or all it sets for the API's own; null for none.
  // @throws ApiError (400) naming the parameter.
  void (*apply)(SearchCall& call, const std::string& value);
  const SearchParameter* row = nullptr;  // the library's row, for its parameters
};

std::span<const Parameter> parameters();

// The call the parameters ask for, for a route taking the `uses` group,
// starting from `defaults` (the server's time limit).
// @throws ApiError (400) an unknown parameter, one given twice that is not
//         repeatable, or a bad value; the parameter named.
SearchCall read_parameters(const std::vector<std::pair<std::string, std::string>>& given,
                           unsigned uses, const SearchRequest& defaults);

// The names of the parameters of the `uses` group, "q, limit, ...".
std::string parameter_names(unsigned uses);

// A message of paperdex-search ("--limit must be ...") as the API says it:
// the option's dashes dropped, its name being the parameter's.
std::string as_parameter_message(std::string message);

}  // namespace paperdex::serve
