#include "query_string.h"

#include <cctype>
#include <optional>

#include "api_error.h"
#include "paperdex/common/percent_escape.h"

namespace paperdex::serve {
namespace {

std::string decoded_or_throw(std::string_view text, bool plus_is_space, const std::string& name) {
  std::string decoded;
  if (!percent_decode(text, plus_is_space, decoded)) {
    throw bad_parameter(name, name +
                                  ": a malformed %-escape (each % must be followed by two hex "
                                  "digits; write a literal % as %25)");
  }
  return decoded;
}

}  // namespace

bool percent_decode(std::string_view text, bool plus_is_space, std::string& decoded) {
  decoded.clear();
  decoded.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '%') {
      const std::optional<unsigned char> byte = percent_escaped_byte(text, i);
      if (!byte) return false;
      decoded += static_cast<char>(*byte);
      i += 2;
    } else {
      decoded += plus_is_space && c == '+' ? ' ' : c;
    }
  }
  return true;
}

std::string percent_encode(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string encoded;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (std::isalnum(byte) || c == '-' || c == '_' || c == '.' || c == '~') {
      encoded += c;
    } else {
      encoded += '%';
      encoded += kHex[byte >> 4];
      encoded += kHex[byte & 15];
    }
  }
  return encoded;
}

RequestTarget parse_target(std::string_view target) {
  RequestTarget parsed;
  const std::size_t question = target.find('?');
  parsed.raw_path = std::string(target.substr(0, question));
  parsed.path = decoded_or_throw(parsed.raw_path, false, "path");
  if (question == std::string_view::npos) return parsed;
  std::string_view rest = target.substr(question + 1);
  while (!rest.empty()) {
    const std::size_t amp = rest.find('&');
    const std::string_view pair = rest.substr(0, amp);
    rest = amp == std::string_view::npos ? std::string_view() : rest.substr(amp + 1);
    if (pair.empty()) continue;
    const std::size_t equals = pair.find('=');
    std::string name = decoded_or_throw(pair.substr(0, equals), true, "query string");
    std::string value = equals == std::string_view::npos
                            ? std::string()
                            : decoded_or_throw(pair.substr(equals + 1), true, name);
    parsed.parameters.emplace_back(std::move(name), std::move(value));
  }
  return parsed;
}

}  // namespace paperdex::serve
