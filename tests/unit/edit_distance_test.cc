// The did-you-mean of every stage (common/edit_distance.h): query fields and
// subjects, command-line options.
#include <catch2/catch.hpp>

#include <optional>
#include <string_view>
#include <vector>

#include "paperdex/common/edit_distance.h"

using paperdex::nearest_name;

TEST_CASE("nearest_name: the nearest candidate within one or two edits", "[edit-distance]") {
  const std::vector<std::string_view> fields{"title", "abstract", "author", "doi", "year"};
  CHECK(nearest_name("titel", fields, false) == 0);  // a transposition is one edit
  CHECK(nearest_name("abstrat", fields, false) == 1);
  CHECK(nearest_name("yaer", fields, false) == 4);
  // Beyond one edit in a short name, two in a longer one: another word.
  CHECK(nearest_name("foo", fields, false) == std::nullopt);
  CHECK(nearest_name("abstrxyz", fields, false) == std::nullopt);
  CHECK(nearest_name("title", {}, false) == std::nullopt);
  // Equally near: the first candidate.
  CHECK(nearest_name("ab", std::vector<std::string_view>{"xb", "ax"}, false) == 0);
}

TEST_CASE("nearest_name: an abbreviation of three bytes or more, when asked for",
          "[edit-distance]") {
  const std::vector<std::string_view> options{"limit", "offset", "like"};
  CHECK(nearest_name("off", options, true) == 1);
  CHECK(nearest_name("off", options, false) == std::nullopt);
  // Two bytes begin too many names to be taken for one.
  CHECK(nearest_name("of", options, true) == std::nullopt);
  // Begun by four edits: the name all the same. Several begun: the first.
  CHECK(nearest_name("offs", options, true) == 1);
  CHECK(nearest_name("lim", std::vector<std::string_view>{"limit", "limits"}, true) == 0);
}
