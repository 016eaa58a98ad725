/// @file
/// The search parameters, one table: every way to ask the library for a
/// search (paperdex-search's options, the HTTP API's parameters, Python's
/// keywords, the keys a saved search stores) is a row here, under one public
/// name. Each surface builds its own from the rows: the command line
/// `--no-cross-lists`, HTTP `no-cross-lists=`, Python `no_cross_lists=`
/// (dashes become underscores there), and each sets the SearchRequest
/// through the row, so that they take the same values and refuse a bad one
/// with the same message. What only one surface has (the query `q`, an
/// output format, a command line's --db) is that surface's own.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "paperdex/searcher.h"

namespace paperdex {

/// How a parameter's value is written, as text on every surface (Python's
/// values are converted to it: True is "true", 3 is "3", a list each value).
enum class ParameterType {
  kSwitch,    ///< on or off: "true" or "" (given alone), "false"; also 1 and 0
  kCount,     ///< a whole number within [min, max]
  kSeconds,   ///< a number of seconds within [min, max]
  kChoice,    ///< one of `choices`
  kText,      ///< one text (an arXiv id); "" is not given
  kTextList,  ///< repeatable: each value one more, OR-ed (or one of `choices`, when given)
};

/// Where a parameter is offered, as bits of SearchParameter::surfaces: a
/// server sets some for its clients (the time limit, partial results).
enum ParameterSurface : unsigned {
  kCommandLineSurface = 1,  ///< paperdex-search --NAME
  kHttpSurface = 2,         ///< paperdex-serve's /search?NAME=
  kPythonSurface = 4,       ///< Searcher.search(NAME=), dashes as underscores
  kEverySurface = 7,
};

/// One search parameter.
struct SearchParameter {
  std::string_view name{};        ///< the public name: "no-cross-lists"
  std::string_view value_name{};  ///< in help: "N", "CAT" ("" for a switch)
  ParameterType type = ParameterType::kSwitch;
  std::string_view help{};  ///< one line: what it does, its range or values
  unsigned surfaces = 0;    ///< ParameterSurface bits
  bool saved = false;       ///< kept by a saved search: what it searches
  bool each_run = false;    ///< taken by each run of a saved search: the page, the output
  double min = 0;           ///< kCount, kSeconds: the range
  double max = 0;
  std::vector<std::string_view> choices{};  ///< kChoice, and a kTextList of fixed values
  /// Sets `request` from one value written as text; a kTextList adds it.
  /// @throws InvalidRequestError naming the parameter, for a bad value.
  void (*set)(SearchRequest& request, std::string_view value) = nullptr;
  /// The value of `request` as text, as `set` reads it back: a list's
  /// values, a switch "true" or "false", a text "" when not given.
  std::vector<std::string> (*get)(const SearchRequest& request) = nullptr;
  /// A kTextList's member, which `set` adds to (so that a copy can empty it first).
  std::vector<std::string> SearchRequest::*list = nullptr;
};

/// An older name of a parameter, still taken, with a message saying so.
struct DeprecatedParameter {
  std::string_view name;         ///< "any", "subjects"
  std::string_view replacement;  ///< what to write instead: "match=any", "subject"
  unsigned surfaces;             ///< where it was taken
  ParameterType type;            ///< how its value is written
  void (*set)(SearchRequest& request, std::string_view value);
};

/// Every search parameter, in the order help lists them.
PAPERDEX_API const std::vector<SearchParameter>& search_parameters();

/// The older names still taken.
PAPERDEX_API const std::vector<DeprecatedParameter>& deprecated_parameters();

/// The parameter named `name` on `surface` (Python's underscores read as
/// dashes), or nullptr.
PAPERDEX_API const SearchParameter* find_search_parameter(std::string_view name,
                                                          unsigned surface = kEverySurface);

/// The deprecated name `name` on `surface`, or nullptr.
PAPERDEX_API const DeprecatedParameter* find_deprecated_parameter(std::string_view name,
                                                                  unsigned surface);

/// "--any is deprecated; use --match any (it still works)": what a surface
/// says when a deprecated name is used, with the name and its replacement
/// written as that surface writes them.
PAPERDEX_API std::string deprecation_message(std::string_view written,
                                             std::string_view replacement);

/// `name` as Python writes it: dashes as underscores.
PAPERDEX_API std::string python_name(std::string_view name);

/// The row's default, as text (`get` on a default SearchRequest), joined
/// with ", " for a list.
PAPERDEX_API std::string default_text(const SearchParameter& parameter);

/// Whether `request` asks for any paper: query words (`query` holds more
/// than spaces and tabs) or a filter (subjects, years, authors, like). A
/// front end refuses a request that asks for none before searching, with a
/// message naming its own parameters (paperdex-search's options, the HTTP
/// API's `q`).
PAPERDEX_API bool asks_for_papers(const SearchRequest& request);

}  // namespace paperdex
