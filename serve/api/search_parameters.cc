#include "search_parameters.h"

#include <algorithm>
#include <string>

#include "api_error.h"
#include "output_columns.h"
#include "paperdex/common/safe_text.h"
#include "paperdex/search_parameters.h"

namespace paperdex::serve {
namespace {

void apply_format(SearchCall& call, const std::string& value) {
  call.format = presentation::find_format(value);
  if (!call.format) {
    throw bad_parameter(
        "format", "format must be " + presentation::format_names() + ", not " + quote_input(value));
  }
}

void apply_fields(SearchCall& call, const std::string& value) {
  presentation::ParsedColumns parsed = presentation::parse_columns(value);
  if (!parsed.error.empty()) throw bad_parameter("fields", as_parameter_message(parsed.error));
  call.output.fields = std::move(parsed.columns);
}

// What the output takes of a library parameter too: the explanation's
// display, the number of facet values shown.
void output_explain(SearchCall& call, const std::string&) {
  call.output.explain = call.request.explain;
}

void output_facets(SearchCall& call, const std::string& value) {
  if (value == "true" || value == "false") return;  // counted or not: every value shown
  call.output.facet_values = static_cast<std::size_t>(std::stoul(value));
  call.output.facet_values_given = true;
}

void (*output_of(std::string_view name))(SearchCall&, const std::string&) {
  if (name == "explain") return output_explain;
  if (name == "facets") return output_facets;
  return nullptr;
}

// The search parameters the library's table offers over HTTP, between the
// query and the output's own.
std::vector<Parameter> build_parameters() {
  std::vector<Parameter> table;
  table.push_back({"q", kSearchParameters | kSuggestParameters, false,
                   "the query, in paperdex's query syntax",
                   [](SearchCall& call, const std::string& value) { call.query = value; }});
  for (const SearchParameter& row : search_parameters()) {
    if ((row.surfaces & kHttpSurface) == 0) continue;
    table.push_back({row.name, kSearchParameters | (row.each_run ? kSavedParameters : 0u),
                     row.type == ParameterType::kTextList, row.help, output_of(row.name), &row});
  }
  // /recommend's tags: the library's recommend row under the name the route
  // gives it.
  table.push_back({"tag", kRecommendParameters, true,
                   "the tags whose papers the hits should be like (repeatable or "
                   "comma-separated; paperdex-search --tag makes them)",
                   nullptr, find_search_parameter("recommend")});
  table.push_back({"fields", kSearchParameters | kPaperParameters | kSavedParameters, false,
                   "what each hit or paper shows, comma-separated, in this order", apply_fields});
  table.push_back({"format", kSearchParameters | kPaperParameters | kSavedParameters, false,
                   "json (default), jsonl, atom, bibtex, csljson, ris, markdown, tsv or text",
                   apply_format});
  return table;
}

const std::vector<Parameter>& parameter_table() {
  static const std::vector<Parameter> table = build_parameters();
  return table;
}

const Parameter* find_parameter(std::string_view name, unsigned uses) {
  for (const Parameter& parameter : parameter_table()) {
    if (parameter.name == name && (parameter.uses & uses) != 0) return &parameter;
  }
  return nullptr;
}

// Sets the request through the library's row, its message under the name.
void apply_row(const Parameter& parameter, SearchCall& call, const std::string& value) {
  try {
    parameter.row->set(call.request, value);
  } catch (const InvalidRequestError& error) {
    throw bad_parameter(std::string(parameter.name),
                        std::string(parameter.name) + " " + error.problem());
  }
}

}  // namespace

std::span<const Parameter> parameters() { return parameter_table(); }

std::string parameter_names(unsigned uses) {
  std::string names;
  for (const Parameter& parameter : parameter_table()) {
    if ((parameter.uses & uses) == 0) continue;
    names += (names.empty() ? "" : ", ") + std::string(parameter.name);
  }
  return names.empty() ? "none" : names;
}

std::string as_parameter_message(std::string message) {
  if (message.rfind("--", 0) == 0) message.erase(0, 2);
  return message;
}

// An older name: it still works, and the answer says what to write instead
// (SearchCall::deprecations, a Warning header).
void apply_deprecated(const DeprecatedParameter& old, SearchCall& call, const std::string& value) {
  try {
    old.set(call.request, value);
  } catch (const InvalidRequestError& error) {
    throw bad_parameter(std::string(old.name), std::string(old.name) + " " + error.problem());
  }
  std::string replacement(old.replacement);
  std::replace(replacement.begin(), replacement.end(), ' ', '=');
  call.deprecations.push_back(deprecation_message(old.name, replacement));
}

SearchCall read_parameters(const std::vector<std::pair<std::string, std::string>>& given,
                           unsigned uses, const SearchRequest& defaults) {
  SearchCall call;
  call.request = defaults;
  call.format = presentation::find_format("json");
  std::vector<const Parameter*> seen;
  for (const auto& [name, value] : given) {
    const Parameter* parameter = find_parameter(name, uses);
    if (!parameter && (uses & kSearchParameters) != 0) {
      if (const DeprecatedParameter* old = find_deprecated_parameter(name, kHttpSurface)) {
        apply_deprecated(*old, call, value);
        continue;
      }
    }
    if (!parameter) {
      throw bad_parameter(name, "no parameter " + quote_input(name) + " here; this route takes " +
                                    parameter_names(uses));
    }
    if (!parameter->repeatable && std::find(seen.begin(), seen.end(), parameter) != seen.end()) {
      throw bad_parameter(name, name + " is given twice; give it once");
    }
    seen.push_back(parameter);
    if (parameter->row != nullptr) apply_row(*parameter, call, value);
    if (parameter->apply != nullptr) parameter->apply(call, value);
  }
  return call;
}

}  // namespace paperdex::serve
