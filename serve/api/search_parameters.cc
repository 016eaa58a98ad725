#include "search_parameters.h"

#include <array>
#include <charconv>

#include "api_error.h"
#include "output_columns.h"
#include "paperdex/common/safe_text.h"
#include "request_options.h"

namespace paperdex::serve {
namespace {

// A whole number; its range is the field's own check.
long long whole_number(std::string_view name, const std::string& value) {
  long long number = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
  if (error != std::errc() || end != value.data() + value.size()) {
    throw bad_parameter(std::string(name),
                        std::string(name) + " must be a whole number, not " + quote_input(value));
  }
  return number;
}

// A number of the SearchRequest, checked by the library's ranges with its
// message under the parameter's name: "limit must be between 0 and 10,000, not -1".
std::size_t request_number(std::string_view name, std::string_view field,
                           const std::string& value) {
  const long long number = whole_number(name, value);
  try {
    check_request_value(field, static_cast<double>(number));
  } catch (const InvalidRequestError& error) {
    throw bad_parameter(std::string(name), std::string(name) + " " + error.problem());
  }
  return static_cast<std::size_t>(number);
}

// A switch: given alone, or =true/1, or =false/0.
bool flag(std::string_view name, const std::string& value) {
  if (value.empty() || value == "1" || value == "true") return true;
  if (value == "0" || value == "false") return false;
  throw bad_parameter(std::string(name), std::string(name) + " takes true or false (1 or 0), not " +
                                             quote_input(value));
}

void apply_format(SearchCall& call, const std::string& value) {
  call.format = cli::find_format(value);
  if (!call.format) {
    throw bad_parameter("format",
                        "format must be " + cli::format_names() + ", not " + quote_input(value));
  }
}

void apply_fields(SearchCall& call, const std::string& value) {
  cli::ParsedColumns parsed = cli::parse_columns(value);
  if (!parsed.error.empty()) throw bad_parameter("fields", as_parameter_message(parsed.error));
  call.output.fields = std::move(parsed.columns);
}

void apply_sort(SearchCall& call, const std::string& value) {
  const cli::SortChoice choice = cli::sort_order("sort", value);
  if (!choice.problem.empty()) throw bad_parameter("sort", choice.problem);
  call.request.sort = choice.order;
}

void apply_facets(SearchCall& call, const std::string& value) {
  const long long number = whole_number("facets", value);
  const std::string problem = cli::facet_values_problem("facets", number);
  if (!problem.empty()) throw bad_parameter("facets", problem);
  call.output.facet_values = static_cast<std::size_t>(number);
  call.output.facet_values_given = true;
  call.request.facets = number > 0;
}

void apply_facet(SearchCall& call, const std::string& value) {
  const std::string problem = cli::facet_problem("facet", value);
  if (!problem.empty()) throw bad_parameter("facet", problem);
  if (value == "author") call.request.author_facet = true;
}

// A repeatable filter (subject, year, author): each value one more, OR-ed.
template <std::vector<std::string> SearchRequest::*filter>
void add_filter(SearchCall& call, const std::string& value) {
  (call.request.*filter).push_back(value);
}

// clang-format off
const std::array kParameters = {
    Parameter{"q", kSearchParameters | kSuggestParameters, false,
              "the query, in paperdex's query syntax",
              [](SearchCall& call, const std::string& value) { call.query = value; }},
    Parameter{"limit", kSearchParameters | kSavedParameters, false,
              "hits per page, 0 to 10,000 (default 10; 50 for /saved/{name})",
              [](SearchCall& call, const std::string& value) {
                call.request.limit = request_number("limit", "limit", value);
              }},
    Parameter{"offset", kSearchParameters | kSavedParameters, false,
              "hits to skip, 0 to 100,000 (default 0)",
              [](SearchCall& call, const std::string& value) {
                call.request.offset = request_number("offset", "offset", value);
              }},
    Parameter{"sort", kSearchParameters | kSavedParameters, false,
              "relevance (default), newest, oldest, updated or added", apply_sort},
    Parameter{"subject", kSearchParameters, true,
              "only papers in this category, archive or group (repeatable, OR-ed)",
              add_filter<&SearchRequest::subjects>},
    Parameter{"year", kSearchParameters, true,
              "only papers from these years: 2024, 2020..2024, ..2010 (repeatable)",
              add_filter<&SearchRequest::years>},
    Parameter{"author", kSearchParameters, true,
              "only papers by this author (repeatable, OR-ed)",
              add_filter<&SearchRequest::authors>},
    Parameter{"no-cross-lists", kSearchParameters, false,
              "only papers whose primary category is one of the subject filters",
              [](SearchCall& call, const std::string& value) {
                call.request.cross_lists = !flag("no-cross-lists", value);
              }},
    Parameter{"any", kSearchParameters, false,
              "match papers with any of the words, whatever the query's length",
              [](SearchCall& call, const std::string& value) {
                call.request.match =
                    flag("any", value) ? MatchMode::kAnyWord : MatchMode::kAllWords;
              }},
    Parameter{"strict-syntax", kSearchParameters, false,
              "refuse what is not valid query syntax (400 with the position)",
              [](SearchCall& call, const std::string& value) {
                call.request.strict_syntax = flag("strict-syntax", value);
              }},
    Parameter{"correct", kSearchParameters, false,
              "when a word looks misspelled, search the corrected query instead",
              [](SearchCall& call, const std::string& value) {
                call.request.correct = flag("correct", value);
              }},
    Parameter{"explain", kSearchParameters | kSavedParameters, false,
              "the parsed query and, per hit, what each term added to the score",
              [](SearchCall& call, const std::string& value) {
                call.request.explain = call.output.explain = flag("explain", value);
              }},
    Parameter{"snippet", kSearchParameters | kSavedParameters, false,
              "snippet length in bytes, 1 to 10,000",
              [](SearchCall& call, const std::string& value) {
                call.request.snippet_bytes = request_number("snippet", "snippet_bytes", value);
              }},
    Parameter{"facets", kSearchParameters | kSavedParameters, false,
              "facet values to show: the N largest per facet (default: every value); 0 skips "
              "counting", apply_facets},
    Parameter{"facet", kSearchParameters | kSavedParameters, true,
              "also count this facet: author", apply_facet},
    Parameter{"fields", kSearchParameters | kPaperParameters | kSavedParameters, false,
              "what each hit or paper shows, comma-separated, in this order", apply_fields},
    Parameter{"format", kSearchParameters | kPaperParameters | kSavedParameters, false,
              "json (default), jsonl, atom, bibtex, csljson, ris, markdown, tsv or text",
              apply_format},
};
// clang-format on

const Parameter* find_parameter(std::string_view name, unsigned uses) {
  for (const Parameter& parameter : kParameters) {
    if (parameter.name == name && (parameter.uses & uses) != 0) return &parameter;
  }
  return nullptr;
}

}  // namespace

std::span<const Parameter> parameters() { return kParameters; }

std::string parameter_names(unsigned uses) {
  std::string names;
  for (const Parameter& parameter : kParameters) {
    if ((parameter.uses & uses) == 0) continue;
    names += (names.empty() ? "" : ", ") + std::string(parameter.name);
  }
  return names.empty() ? "none" : names;
}

std::string as_parameter_message(std::string message) {
  if (message.rfind("--", 0) == 0) message.erase(0, 2);
  return message;
}

SearchCall read_parameters(const std::vector<std::pair<std::string, std::string>>& given,
                           unsigned uses, const SearchRequest& defaults) {
  SearchCall call;
  call.request = defaults;
  call.format = cli::find_format("json");
  std::vector<const Parameter*> seen;
  for (const auto& [name, value] : given) {
    const Parameter* parameter = find_parameter(name, uses);
    if (!parameter) {
      throw bad_parameter(name, "no parameter " + quote_input(name) + " here; this route takes " +
                                    parameter_names(uses));
    }
    if (!parameter->repeatable && std::find(seen.begin(), seen.end(), parameter) != seen.end()) {
      throw bad_parameter(name, name + " is given twice; give it once");
    }
    seen.push_back(parameter);
    parameter->apply(call, value);
  }
  return call;
}

}  // namespace paperdex::serve
