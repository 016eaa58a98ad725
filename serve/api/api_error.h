#pragma once
// What a route answers instead of its result: an HTTP status and a message a
// client can act on, naming the parameter at fault when one is. Every error
// of the API, whatever its status, is one JSON shape (error_response):
//   {"error": {"status": 400, "message": "...", "parameter": "limit"}}
// with "position" (a byte offset in the query) for a query syntax error.

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>

#include "http_exchange.h"

namespace paperdex::serve {

struct ApiErrorDetails {
  std::string parameter;                // the query parameter at fault, or ""
  std::optional<std::size_t> position;  // in the query (parameter q), for syntax errors
  std::string hint;                     // a suggestion, or ""
};

class ApiError : public std::runtime_error {
 public:
  ApiError(unsigned status, const std::string& message, ApiErrorDetails details = {})
      : std::runtime_error(message), status_(status), details_(std::move(details)) {}
  unsigned status() const noexcept { return status_; }
  const ApiErrorDetails& details() const noexcept { return details_; }

 private:
  unsigned status_;
  ApiErrorDetails details_;
};

// 400 naming `parameter`.
inline ApiError bad_parameter(const std::string& parameter, const std::string& message) {
  return ApiError(400, message, {parameter, std::nullopt, ""});
}

// The JSON response of an error (no-store: it says nothing about the index
// worth keeping).
HttpResponse error_response(const ApiError& error);

}  // namespace paperdex::serve
