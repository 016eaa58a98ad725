#include "api_error.h"

#include <nlohmann/json.hpp>

namespace paperdex::serve {

HttpResponse error_response(const ApiError& error) {
  nlohmann::ordered_json body = {{"status", error.status()}, {"message", error.what()}};
  const ApiErrorDetails& details = error.details();
  if (!details.parameter.empty()) body["parameter"] = details.parameter;
  if (details.position) body["position"] = *details.position;
  if (!details.hint.empty()) body["hint"] = details.hint;
  HttpResponse response;
  response.status = error.status();
  response.content_type = "application/json; charset=utf-8";
  response.body = nlohmann::ordered_json{{"error", std::move(body)}}.dump(
                      -1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) +
                  "\n";
  response.headers.emplace_back("Cache-Control", "no-store");
  return response;
}

}  // namespace paperdex::serve
