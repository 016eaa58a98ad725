// The JSON writer (presentation/json_writer.h) against nlohmann's dump of the
// same values: the json formats changed how they are produced, not a byte of
// what they print.
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "json_writer.h"

namespace {

using paperdex::presentation::JsonWriter;
using Json = nlohmann::ordered_json;
using namespace std::string_literals;

std::string dumped(const Json& json) {
  return json.dump(-1, ' ', false, Json::error_handler_t::replace);
}

template <typename Value>
std::string written(const Value& value) {
  std::string text;
  JsonWriter(text).value(value);
  return text;
}

}  // namespace

TEST_CASE("strings are written as nlohmann dumps them", "[json_writer]") {
  const std::vector<std::string> texts = {
      "",
      "plain ascii",
      "quote \" backslash \\ slash /",
      "tab\tline\nreturn\rback\bfeed\f",
      "nul \0 and \x01 \x1f \x7f"s,  // the NUL inside: a literal of std::string
      "Jürgen Schmidhuber – naïve Bayes, 𝔽₂, 漢字",
      "invalid \xC3 byte",
      "overlong \xC0\xAF and surrogate \xED\xA0\x80",
      "truncated at the end \xE2\x82",
  };
  for (const std::string& text : texts) {
    INFO(text);
    CHECK(written(text) == dumped(Json(text)));
  }
}

TEST_CASE("numbers and literals are written as nlohmann dumps them", "[json_writer]") {
  for (const double number :
       {0.0, -0.0, 2.0, 0.1, 1e-5, 1.5e21, 12.345678901234567, -3.25,
        std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()}) {
    INFO(number);
    CHECK(written(number) == dumped(Json(number)));
  }
  CHECK(written(std::numeric_limits<std::uint64_t>::max()) ==
        dumped(Json(std::numeric_limits<std::uint64_t>::max())));
  CHECK(written(std::numeric_limits<std::int64_t>::min()) ==
        dumped(Json(std::numeric_limits<std::int64_t>::min())));
  CHECK(written(0) == "0");
  CHECK(written(true) == "true");
  CHECK(written(false) == "false");
  std::string null;
  JsonWriter(null).null();
  CHECK(null == "null");
}

TEST_CASE("objects and arrays nest with commas where nlohmann puts them", "[json_writer]") {
  const Json expected = {
      {"query", "a \"b\""},
      {"total", 3},
      {"notes", Json::array()},
      {"hits", {{{"id", "1409.3215"}, {"spans", {{0, 4}, {7, 9}}}}, Json::object()}},
      {"facets", {{"years", Json::array()}, {"years_other", 0}}},
      {"missing", std::vector<std::string>{"x", "y"}},
  };
  std::string text;
  JsonWriter json(text);
  json.begin_object()
      .member("query", "a \"b\"")
      .member("total", 3)
      .member("notes", std::vector<std::string>{})
      .key("hits")
      .begin_array()
      .begin_object()
      .member("id", "1409.3215")
      .key("spans")
      .begin_array();
  json.begin_array().value(0).value(4).end().begin_array().value(7).value(9).end();
  json.end().end().begin_object().end().end();
  json.key("facets").begin_object().key("years").begin_array().end().member("years_other", 0);
  json.end().member("missing", std::vector<std::string>{"x", "y"}).end();
  CHECK(text == dumped(expected));
}
