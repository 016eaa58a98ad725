// Issue #28: the ranges of a SearchRequest's numbers are the library's, one
// check for every caller (paperdex-search, Python, an embedder), and
// Searcher::search refuses a request outside them before it touches the index.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "paperdex/searcher.h"

namespace {

struct BadValue {
  std::string field;
  void (*set)(paperdex::SearchRequest&);
  std::string given;  // how the message names the value
};

// One value past each end of each range, and values no conversion should
// turn into something plausible (2^32 - 1 hits, an infinite time limit).
const std::vector<BadValue>& bad_values() {
  using paperdex::SearchRequest;
  static const std::vector<BadValue> values = {
      {"limit", [](SearchRequest& r) { r.limit = paperdex::kMaxLimit + 1; },
       std::to_string(paperdex::kMaxLimit + 1)},
      {"limit", [](SearchRequest& r) { r.limit = 4294967295u; }, "4294967295"},
      {"offset", [](SearchRequest& r) { r.offset = paperdex::kMaxOffset + 1; },
       std::to_string(paperdex::kMaxOffset + 1)},
      {"snippet_bytes", [](SearchRequest& r) { r.snippet_bytes = 0; }, "0"},
      {"snippet_bytes", [](SearchRequest& r) { r.snippet_bytes = paperdex::kMaxSnippetBytes + 1; },
       std::to_string(paperdex::kMaxSnippetBytes + 1)},
      {"time_limit_seconds", [](SearchRequest& r) { r.time_limit_seconds = -0.5; }, "-0.5"},
      {"time_limit_seconds", [](SearchRequest& r) { r.time_limit_seconds = 1e10; }, "10000000000"},
      {"time_limit_seconds",
       [](SearchRequest& r) { r.time_limit_seconds = std::numeric_limits<double>::infinity(); },
       "inf"},
      {"time_limit_seconds",
       [](SearchRequest& r) { r.time_limit_seconds = std::numeric_limits<double>::quiet_NaN(); },
       "nan"},
  };
  return values;
}

}  // namespace

TEST_CASE("validate_request refuses each number out of its range, naming field and value",
          "[request]") {
  for (const BadValue& bad : bad_values()) {
    paperdex::SearchRequest request;
    bad.set(request);
    INFO(bad.field << " = " << bad.given);
    try {
      paperdex::validate_request(request);
      FAIL("accepted");
    } catch (const paperdex::InvalidRequestError& error) {
      CHECK(error.field() == bad.field);
      CHECK(error.problem().starts_with("must be between "));
      CHECK(error.problem().ends_with(", not " + bad.given));
      CHECK(std::string(error.what()) == bad.field + " " + error.problem());
    }
  }
}

TEST_CASE("the ends of each range and the defaults are valid", "[request]") {
  paperdex::SearchRequest request;
  CHECK_NOTHROW(paperdex::validate_request(request));
  request.limit = 0;  // counts only
  request.offset = 0;
  request.snippet_bytes = 1;
  request.time_limit_seconds = 0;  // no limit
  CHECK_NOTHROW(paperdex::validate_request(request));
  request.limit = paperdex::kMaxLimit;
  request.offset = paperdex::kMaxOffset;
  request.snippet_bytes = paperdex::kMaxSnippetBytes;
  request.time_limit_seconds = paperdex::kMaxTimeLimitSeconds;
  CHECK_NOTHROW(paperdex::validate_request(request));
}

TEST_CASE("check_request_value gives the same message for a value before its conversion",
          "[request]") {
  // What a command line or Python reads signed: -1 is named as -1.
  CHECK_THROWS_WITH(paperdex::check_request_value("limit", -1),
                    "limit must be between 0 and 10,000, not -1");
  CHECK_THROWS_WITH(paperdex::check_request_value("time_limit_seconds", 1e300),
                    Catch::StartsWith("time_limit_seconds must be between 0 (no limit) and "
                                      "86,400 seconds, not 1e+300"));
  // The same value the request would hold gives validate_request's message.
  for (const BadValue& bad : bad_values()) {
    paperdex::SearchRequest request;
    bad.set(request);
    std::string from_request, from_value;
    try {
      paperdex::validate_request(request);
    } catch (const paperdex::InvalidRequestError& error) {
      from_request = error.what();
    }
    const double value = bad.field == "limit"           ? double(request.limit)
                         : bad.field == "offset"        ? double(request.offset)
                         : bad.field == "snippet_bytes" ? double(request.snippet_bytes)
                                                        : request.time_limit_seconds;
    try {
      paperdex::check_request_value(bad.field, value);
    } catch (const paperdex::InvalidRequestError& error) {
      from_value = error.what();
    }
    CHECK(from_value == from_request);
    CHECK_FALSE(from_value.empty());
  }
  CHECK_NOTHROW(paperdex::check_request_value("limit", 10));
  CHECK_THROWS_AS(paperdex::check_request_value("lmit", 10), std::invalid_argument);
}
