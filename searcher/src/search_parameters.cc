// The search parameters' table (search_parameters.h): names, values, ranges
// and how each sets a SearchRequest. Every surface reads it; a new
// parameter is a row here and nowhere else.
#include "paperdex/search_parameters.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>

#include "paperdex/common/safe_text.h"
#include "paperdex/errors.h"

namespace paperdex {
namespace {

[[noreturn]] void refuse(std::string_view name, const std::string& problem) {
  throw InvalidRequestError(std::string(name), problem);
}

// "" (given alone), true, 1: on; false, 0: off.
bool switch_value(std::string_view name, std::string_view value) {
  if (value.empty() || value == "1" || value == "true") return true;
  if (value == "0" || value == "false") return false;
  refuse(name, "takes true or false (1 or 0), not " + quote_input(value));
}

// A number within the row's range, checked by the library's own bounds
// (check_request_value) under the row's name.
double number_value(std::string_view name, std::string_view field, std::string_view value,
                    bool whole) {
  double number = 0;
  const char* end = value.data() + value.size();
  const auto parsed = std::from_chars(value.data(), end, number);
  if (value.empty() || parsed.ec != std::errc() || parsed.ptr != end ||
      (whole && number != std::floor(number))) {
    refuse(name, std::string("must be ") + (whole ? "a whole number" : "a number") + ", not " +
                     quote_input(value));
  }
  try {
    check_request_value(field, number);
  } catch (const InvalidRequestError& error) {
    refuse(name, error.problem());
  }
  return number;
}

template <typename Value, std::size_t N>
Value named_value(std::string_view name, std::string_view value,
                  const std::pair<std::string_view, Value> (&names)[N]) {
  std::string listed;
  for (std::size_t i = 0; i < N; ++i) {
    if (names[i].first == value) return names[i].second;
    listed += (i == 0 ? "" : i + 1 == N ? " or " : ", ") + std::string(names[i].first);
  }
  refuse(name, "must be " + listed + ", not " + quote_input(value));
}

template <typename Value, std::size_t N>
std::string name_of(Value value, const std::pair<std::string_view, Value> (&names)[N]) {
  for (const auto& [name, named] : names) {
    if (named == value) return std::string(name);
  }
  return {};
}

std::vector<std::string> one(std::string text) { return {std::move(text)}; }
std::vector<std::string> flag(bool on) { return {on ? "true" : "false"}; }

// The values of the choices rows, and of their messages.
// The names of an enum's values (searcher.h's tables). (std::vector: the
// public header is C++17, no std::span.)
template <typename Value, std::size_t N>
std::vector<std::string_view> names_of(const std::pair<std::string_view, Value> (&names)[N]) {
  std::vector<std::string_view> listed;
  for (const auto& [name, value] : names) listed.push_back(name);
  return listed;
}

const std::vector<std::string_view> kSortChoices = names_of(kSortOrderNames);
const std::vector<std::string_view> kMatchChoices = names_of(kMatchModeNames);
// subject and year are always counted; author on request.
const std::vector<std::string_view> kFacetChoices = {"subject", "year", "author"};

// How many values of a facet an output shows at most (--facets).
constexpr double kMaxFacetValues = 10'000;

void set_facets(SearchRequest& r, std::string_view value) {
  if (value == "true" || value == "false") {
    r.facets = value == "true";
    return;
  }
  double number = 0;
  const char* end = value.data() + value.size();
  const auto parsed = std::from_chars(value.data(), end, number);
  if (value.empty() || parsed.ec != std::errc() || parsed.ptr != end ||
      number != std::floor(number)) {
    refuse("facets", "must be a whole number, not " + quote_input(value));
  }
  if (!(number >= 0 && number <= kMaxFacetValues)) {
    refuse("facets", "must be between 0 and 10,000, not " + std::string(value));
  }
  r.facets = number > 0;
}

void set_facet(SearchRequest& r, std::string_view value) {
  if (std::find(kFacetChoices.begin(), kFacetChoices.end(), value) == kFacetChoices.end()) {
    refuse("facet", "must be subject, year or author, not " + quote_input(value));
  }
  if (value == "author") r.author_facet = true;
}

// "a,b": the tags a and b (a tag's name has no comma).
void add_tags(SearchRequest& r, std::string_view value) {
  std::size_t begin = 0;
  while (begin <= value.size()) {
    const std::size_t end = std::min(value.find(',', begin), value.size());
    const std::string name(value.substr(begin, end - begin));
    if (name.empty()) refuse("recommend", "takes tag names, not " + quote_input(value));
    if (std::find(r.recommend.begin(), r.recommend.end(), name) == r.recommend.end()) {
      r.recommend.push_back(name);
    }
    begin = end + 1;
  }
}

// clang-format off
const std::vector<SearchParameter> kParameters = {
    {.name = "subject", .value_name = "CAT", .type = ParameterType::kTextList,
     .help = "only papers in this category, archive or group: cs.NI, cs, physics (repeatable, OR-ed)",
     .surfaces = kEverySurface, .saved = true,
     .set = [](SearchRequest& r, std::string_view v) { r.subjects.emplace_back(v); },
     .get = [](const SearchRequest& r) { return r.subjects; },
     .list = &SearchRequest::subjects},
    {.name = "year", .value_name = "RANGE", .type = ParameterType::kTextList,
     .help = "only papers from these years: 2024, 2020..2024, 2020.., ..2010 (repeatable, OR-ed)",
     .surfaces = kEverySurface, .saved = true,
     .set = [](SearchRequest& r, std::string_view v) { r.years.emplace_back(v); },
     .get = [](const SearchRequest& r) { return r.years; },
     .list = &SearchRequest::years},
    {.name = "author", .value_name = "NAME", .type = ParameterType::kTextList,
     .help = "only papers by this author, as the author facet lists the name or as author: "
             "reads it (repeatable, OR-ed)",
     .surfaces = kEverySurface, .saved = true,
     .set = [](SearchRequest& r, std::string_view v) { r.authors.emplace_back(v); },
     .get = [](const SearchRequest& r) { return r.authors; },
     .list = &SearchRequest::authors},
    {.name = "no-cross-lists", .type = ParameterType::kSwitch,
     .help = "with subject filters: only papers whose primary category they are",
     .surfaces = kEverySurface, .saved = true,
     .set = [](SearchRequest& r, std::string_view v) {
       r.cross_lists = !switch_value("no-cross-lists", v);
     },
     .get = [](const SearchRequest& r) { return flag(!r.cross_lists); }},
    {.name = "like", .value_name = "ID", .type = ParameterType::kText,
     .help = "papers similar to this paper (an arXiv id); filters and a query apply too",
     .surfaces = kEverySurface, .saved = true,
     .set = [](SearchRequest& r, std::string_view v) { r.like = v; },
     .get = [](const SearchRequest& r) { return one(r.like); }},
    {.name = "recommend", .value_name = "TAGS", .type = ParameterType::kTextList,
     .help = "papers like the papers of these tags (comma-separated or repeated), theirs left "
             "out, each hit with why; filters and a query apply too",
     .surfaces = kEverySurface, .saved = true,
     .set = add_tags,
     .get = [](const SearchRequest& r) { return r.recommend; },
     .list = &SearchRequest::recommend},
    {.name = "match", .value_name = "RULE", .type = ParameterType::kChoice,
     .help = "all: the match rule by the query's length (default); any: papers with any word",
     .surfaces = kEverySurface, .saved = true, .choices = kMatchChoices,
     .set = [](SearchRequest& r, std::string_view v) {
       r.match = named_value("match", v, kMatchModeNames);
     },
     .get = [](const SearchRequest& r) { return one(name_of(r.match, kMatchModeNames)); }},
    {.name = "sort", .value_name = "ORDER", .type = ParameterType::kChoice,
     .help = "relevance (default), newest, oldest, updated, added or citations (most cited in "
             "this index first)",
     .surfaces = kEverySurface, .saved = true, .each_run = true, .choices = kSortChoices,
     .set = [](SearchRequest& r, std::string_view v) {
       r.sort = named_value("sort", v, kSortOrderNames);
     },
     .get = [](const SearchRequest& r) { return one(name_of(r.sort, kSortOrderNames)); }},
    {.name = "limit", .value_name = "N", .type = ParameterType::kCount,
     .help = "hits per page, 0 to 10,000 (0 only counts)",
     .surfaces = kEverySurface, .saved = false, .each_run = true, .min = 0, .max = kMaxLimit,
     .set = [](SearchRequest& r, std::string_view v) {
       r.limit = static_cast<std::size_t>(number_value("limit", "limit", v, true));
     },
     .get = [](const SearchRequest& r) { return one(std::to_string(r.limit)); }},
    {.name = "offset", .value_name = "N", .type = ParameterType::kCount,
     .help = "hits to skip, 0 to 100,000 (paging)",
     .surfaces = kEverySurface, .saved = false, .each_run = true, .min = 0, .max = kMaxOffset,
     .set = [](SearchRequest& r, std::string_view v) {
       r.offset = static_cast<std::size_t>(number_value("offset", "offset", v, true));
     },
     .get = [](const SearchRequest& r) { return one(std::to_string(r.offset)); }},
    {.name = "snippet", .value_name = "BYTES", .type = ParameterType::kCount,
     .help = "snippet length in bytes, 1 to 10,000",
     .surfaces = kEverySurface, .saved = false, .each_run = true, .min = 1, .max = kMaxSnippetBytes,
     .set = [](SearchRequest& r, std::string_view v) {
       r.snippet_bytes =
           static_cast<std::size_t>(number_value("snippet", "snippet_bytes", v, true));
     },
     .get = [](const SearchRequest& r) { return one(std::to_string(r.snippet_bytes)); }},
    {.name = "facets", .value_name = "N", .type = ParameterType::kCount,
     .help = "facet values to show: the N largest per facet, 0 to 10,000; 0 skips counting "
             "(Python: every value, or true and false)",
     .surfaces = kEverySurface, .saved = false, .each_run = true, .min = 0, .max = kMaxFacetValues,
     .set = set_facets,
     .get = [](const SearchRequest& r) { return flag(r.facets); }},
    {.name = "facet", .value_name = "NAME", .type = ParameterType::kTextList,
     .help = "also count this facet: author (subject and year are always counted)",
     .surfaces = kEverySurface, .saved = false, .each_run = true, .choices = kFacetChoices,
     .set = set_facet,
     .get = [](const SearchRequest& r) {
       return r.author_facet ? one("author") : std::vector<std::string>{};
     }},
    {.name = "strict-syntax", .type = ParameterType::kSwitch,
     .help = "refuse what is not valid query syntax, with the place marked, instead of reading "
             "it as words",
     .surfaces = kEverySurface, .saved = true,
     .set = [](SearchRequest& r, std::string_view v) {
       r.strict_syntax = switch_value("strict-syntax", v);
     },
     .get = [](const SearchRequest& r) { return flag(r.strict_syntax); }},
    {.name = "suggest", .type = ParameterType::kSwitch,
     .help = "offer a spelling correction (\"did you mean\") of a word the index lacks (on by "
             "default)",
     .surfaces = kEverySurface, .saved = false,
     .set = [](SearchRequest& r, std::string_view v) { r.suggest = switch_value("suggest", v); },
     .get = [](const SearchRequest& r) { return flag(r.suggest); }},
    {.name = "correct", .type = ParameterType::kSwitch,
     .help = "when a word looks misspelled, search the corrected query instead",
     .surfaces = kEverySurface, .saved = false,
     .set = [](SearchRequest& r, std::string_view v) { r.correct = switch_value("correct", v); },
     .get = [](const SearchRequest& r) { return flag(r.correct); }},
    {.name = "explain", .type = ParameterType::kSwitch,
     .help = "the parsed query and, per hit, what each term added to the score",
     .surfaces = kEverySurface, .saved = false, .each_run = true,
     .set = [](SearchRequest& r, std::string_view v) { r.explain = switch_value("explain", v); },
     .get = [](const SearchRequest& r) { return flag(r.explain); }},
    {.name = "time-limit", .value_name = "SECONDS", .type = ParameterType::kSeconds,
     .help = "seconds a search may take before it returns the best hits found by then, with a "
             "note (0: no limit; at most 86,400)",
     .surfaces = kCommandLineSurface | kPythonSurface, .saved = false,
     .min = 0, .max = kMaxTimeLimitSeconds,
     .set = [](SearchRequest& r, std::string_view v) {
       r.time_limit_seconds = number_value("time-limit", "time_limit_seconds", v, false);
     },
     .get = [](const SearchRequest& r) {
       std::string text = std::to_string(r.time_limit_seconds);
       text.erase(text.find_last_not_of('0') + 1);
       if (text.ends_with('.')) text.pop_back();
       return one(text);
     }},
    {.name = "allow-partial", .type = ParameterType::kSwitch,
     .help = "when a remote shard is down or silent for half the time limit: the other "
             "shards' results, marked partial, instead of an error naming it",
     .surfaces = kCommandLineSurface | kPythonSurface, .saved = false,
     .set = [](SearchRequest& r, std::string_view v) {
       r.allow_partial = switch_value("allow-partial", v);
     },
     .get = [](const SearchRequest& r) { return flag(r.allow_partial); }},
};

const std::vector<DeprecatedParameter> kDeprecated = {
    {"any", "match any", kCommandLineSurface | kHttpSurface, ParameterType::kSwitch,
     [](SearchRequest& r, std::string_view v) {
       r.match = switch_value("any", v) ? MatchMode::kAnyWord : MatchMode::kAllWords;
     }},
    {"subjects", "subject", kPythonSurface, ParameterType::kTextList,
     [](SearchRequest& r, std::string_view v) { r.subjects.emplace_back(v); }},
    {"years", "year", kPythonSurface, ParameterType::kTextList,
     [](SearchRequest& r, std::string_view v) { r.years.emplace_back(v); }},
    {"authors", "author", kPythonSurface, ParameterType::kTextList,
     [](SearchRequest& r, std::string_view v) { r.authors.emplace_back(v); }},
    {"author_facet", "facet author", kPythonSurface, ParameterType::kSwitch,
     [](SearchRequest& r, std::string_view v) { r.author_facet = switch_value("author_facet", v); }},
    {"snippet_bytes", "snippet", kPythonSurface, ParameterType::kCount,
     [](SearchRequest& r, std::string_view v) {
       r.snippet_bytes =
           static_cast<std::size_t>(number_value("snippet_bytes", "snippet_bytes", v, true));
     }},
    {"time_limit_seconds", "time-limit", kPythonSurface, ParameterType::kSeconds,
     [](SearchRequest& r, std::string_view v) {
       r.time_limit_seconds =
           number_value("time_limit_seconds", "time_limit_seconds", v, false);
     }},
};
// clang-format on

}  // namespace

const std::vector<SearchParameter>& search_parameters() { return kParameters; }

const std::vector<DeprecatedParameter>& deprecated_parameters() { return kDeprecated; }

std::string python_name(std::string_view name) {
  std::string written(name);
  std::replace(written.begin(), written.end(), '-', '_');
  return written;
}

const SearchParameter* find_search_parameter(std::string_view name, unsigned surface) {
  for (const SearchParameter& parameter : kParameters) {
    if ((parameter.surfaces & surface) == 0) continue;
    if (parameter.name == name) return &parameter;
    if ((surface & kPythonSurface) != 0 && python_name(parameter.name) == name) return &parameter;
  }
  return nullptr;
}

const DeprecatedParameter* find_deprecated_parameter(std::string_view name, unsigned surface) {
  for (const DeprecatedParameter& parameter : kDeprecated) {
    if ((parameter.surfaces & surface) != 0 && parameter.name == name) return &parameter;
  }
  return nullptr;
}

std::string deprecation_message(std::string_view written, std::string_view replacement) {
  return std::string(written) + " is deprecated; use " + std::string(replacement) +
         " (it still works)";
}

std::string default_text(const SearchParameter& parameter) {
  const SearchRequest defaults;
  std::string text;
  for (const std::string& value : parameter.get(defaults)) {
    text += (text.empty() ? "" : ", ") + value;
  }
  return text;
}

bool asks_for_papers(const SearchRequest& request) {
  return request.query.find_first_not_of(" \t") != std::string::npos || !request.subjects.empty() ||
         !request.years.empty() || !request.authors.empty() || !request.like.empty() ||
         !request.recommend.empty();
}

}  // namespace paperdex
