// paperdex/search_parameters.h: the one table of search parameters every
// front end reads. Each row must read back what it writes, refuse what it
// cannot read under its own name, and no two names may meet on a surface.
#include "paperdex/search_parameters.h"

#include <set>
#include <string>

#include <catch2/catch.hpp>

#include "paperdex/errors.h"

using paperdex::ParameterType;
using paperdex::SearchParameter;
using paperdex::SearchRequest;

TEST_CASE("search parameters: each row reads back what it writes", "[search-parameters]") {
  for (const SearchParameter& row : paperdex::search_parameters()) {
    INFO(row.name);
    REQUIRE(row.set != nullptr);
    REQUIRE(row.get != nullptr);
    CHECK_FALSE(row.help.empty());
    // The defaults, written again, are the defaults.
    SearchRequest written;
    for (const std::string& value : row.get(SearchRequest{})) row.set(written, value);
    if (row.type != ParameterType::kTextList) CHECK(row.get(written) == row.get(SearchRequest{}));
    // Every choice is taken and read back.
    for (const std::string_view choice : row.choices) {
      SearchRequest chosen;
      row.set(chosen, choice);
      if (row.type == ParameterType::kChoice) {
        CHECK(row.get(chosen) == std::vector<std::string>{std::string(choice)});
      }
    }
  }
}

TEST_CASE("search parameters: a bad value is refused under the parameter's name",
          "[search-parameters]") {
  for (const SearchParameter& row : paperdex::search_parameters()) {
    INFO(row.name);
    if (row.type == ParameterType::kText ||
        (row.type == ParameterType::kTextList && row.choices.empty())) {
      continue;  // any text is a value (a filter's is checked when it is searched)
    }
    SearchRequest request;
    try {
      row.set(request, "not-a-value");
      FAIL("taken");
    } catch (const paperdex::InvalidRequestError& error) {
      CHECK(error.field() == row.name);
      CHECK_THAT(error.problem(), Catch::Contains("'not-a-value'"));
    }
    if (row.type == ParameterType::kCount || row.type == ParameterType::kSeconds) {
      CHECK_THROWS_AS(row.set(request, std::to_string(row.max + 1)), paperdex::InvalidRequestError);
      CHECK_THROWS_AS(row.set(request, "-1"), paperdex::InvalidRequestError);
    }
  }
}

TEST_CASE("search parameters: one name per parameter on every surface", "[search-parameters]") {
  std::set<std::string> names;
  for (const SearchParameter& row : paperdex::search_parameters()) {
    CHECK(names.insert(std::string(row.name)).second);
    CHECK(paperdex::find_search_parameter(row.name) == &row);
    if ((row.surfaces & paperdex::kPythonSurface) != 0) {
      CHECK(paperdex::find_search_parameter(paperdex::python_name(row.name),
                                            paperdex::kPythonSurface) == &row);
    }
  }
  for (const paperdex::DeprecatedParameter& old : paperdex::deprecated_parameters()) {
    INFO(old.name);
    // An old name is no current name where it is taken, and says what to write.
    CHECK(paperdex::find_search_parameter(old.name, old.surfaces) == nullptr);
    const std::string_view replacement = old.replacement;
    CHECK(paperdex::find_search_parameter(replacement.substr(0, replacement.find(' '))) != nullptr);
  }
  CHECK(paperdex::find_search_parameter("colour") == nullptr);
}

TEST_CASE("search parameters: switches and lists as every surface writes them",
          "[search-parameters]") {
  SearchRequest request;
  const SearchParameter& subject = *paperdex::find_search_parameter("subject");
  subject.set(request, "cs.NI");
  subject.set(request, "hep-th");
  CHECK(request.subjects == std::vector<std::string>{"cs.NI", "hep-th"});
  const SearchParameter& cross = *paperdex::find_search_parameter("no-cross-lists");
  cross.set(request, "");  // given alone
  CHECK_FALSE(request.cross_lists);
  cross.set(request, "false");
  CHECK(request.cross_lists);
  paperdex::find_search_parameter("match")->set(request, "any");
  CHECK(request.match == paperdex::MatchMode::kAnyWord);
  paperdex::find_search_parameter("facet")->set(request, "author");
  CHECK(request.author_facet);
  paperdex::find_search_parameter("facets")->set(request, "0");
  CHECK_FALSE(request.facets);
  paperdex::find_search_parameter("time-limit")->set(request, "0.5");
  CHECK(request.time_limit_seconds == 0.5);
}
