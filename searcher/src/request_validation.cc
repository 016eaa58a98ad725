// The ranges of a SearchRequest's numbers, checked in one place for every
// caller: paperdex-search's options and Python's keywords reach the library
// with the same bounds and the same messages.
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "paperdex/common/safe_text.h"
#include "paperdex/searcher.h"

namespace paperdex {
namespace {

// One bounded field of SearchRequest: its name, its range, what 0 means when
// it means something of its own, and the unit the message names.
struct FieldBound {
  std::string_view field;
  double min;
  double max;
  std::string_view min_meaning;  // " (no limit)" or ""
  std::string_view unit;         // " seconds" or ""
  double (*value)(const SearchRequest&);
};

// The table every check reads. A new number in SearchRequest gets a row.
constexpr FieldBound kFieldBounds[] = {
    {"limit", 0, kMaxLimit, "", "", [](const SearchRequest& r) { return double(r.limit); }},
    {"offset", 0, kMaxOffset, "", "", [](const SearchRequest& r) { return double(r.offset); }},
    {"snippet_bytes", 1, kMaxSnippetBytes, "", "",
     [](const SearchRequest& r) { return double(r.snippet_bytes); }},
    {"time_limit_seconds", 0, kMaxTimeLimitSeconds, " (no limit)", " seconds",
     [](const SearchRequest& r) { return r.time_limit_seconds; }},
};

// A bound as a person reads it: 10000 -> "10,000", 0.5 -> "0.5".
std::string bound_text(double number) {
  if (number == std::floor(number) && number >= 0 && number < 1e15) {
    return with_thousands(static_cast<unsigned long long>(number));
  }
  char text[32];
  std::snprintf(text, sizeof text, "%g", number);
  return text;
}

// The value given, as given: whole numbers in full (-1, 4294967295), the
// rest as %g does (1e+10, inf, nan).
std::string value_text(double number) {
  char text[32];
  if (number == std::floor(number) && std::fabs(number) < 1e15) {
    std::snprintf(text, sizeof text, "%.0f", number);
  } else {
    std::snprintf(text, sizeof text, "%g", number);
  }
  return text;
}

void check(const FieldBound& bound, double value) {
  // Written so that NaN fails too.
  if (value >= bound.min && value <= bound.max) return;
  throw InvalidRequestError(std::string(bound.field),
                            "must be between " + bound_text(bound.min) +
                                std::string(bound.min_meaning) + " and " + bound_text(bound.max) +
                                std::string(bound.unit) + ", not " + value_text(value));
}

}  // namespace

void validate_request(const SearchRequest& request) {
  for (const FieldBound& bound : kFieldBounds) check(bound, bound.value(request));
  // Papers like one paper, or like the tags' papers: one query of either
  // (SearchRequest::like, recommend), not both.
  if (!request.like.empty() && !request.recommend.empty()) {
    throw InvalidRequestError("recommend", "does not go with like: give one or the other");
  }
}

void check_request_value(std::string_view field, double value) {
  for (const FieldBound& bound : kFieldBounds) {
    if (bound.field == field) return check(bound, value);
  }
  throw std::invalid_argument("no bounds for SearchRequest field '" + std::string(field) + "'");
}

}  // namespace paperdex
