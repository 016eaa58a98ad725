#include "json_writer.h"

#include <cstdio>

#include <nlohmann/json.hpp>

#include "paperdex/common/utf8.h"

namespace paperdex::presentation {

void JsonWriter::separate() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (open_.empty()) return;  // the outermost value
  if (!open_.back().empty) out_ += ',';
  open_.back().empty = false;
}

JsonWriter& JsonWriter::begin_object() {
  separate();
  out_ += '{';
  open_.push_back({'}', true});
  return *this;
}

JsonWriter& JsonWriter::begin_array() {
  separate();
  out_ += '[';
  open_.push_back({']', true});
  return *this;
}

JsonWriter& JsonWriter::end() {
  out_ += open_.back().closing;
  open_.pop_back();
  return *this;
}

JsonWriter& JsonWriter::key(std::string_view name) {
  separate();
  append_string(name);
  out_ += ':';
  after_key_ = true;
  return *this;
}

JsonWriter& JsonWriter::value(std::string_view text) {
  separate();
  append_string(text);
  return *this;
}

JsonWriter& JsonWriter::value(bool flag) {
  separate();
  out_ += flag ? "true" : "false";
  return *this;
}

// nlohmann's own number formatting (shortest round trip, "2.0" for a whole
// number, null for NaN and infinities): a few numbers a result.
JsonWriter& JsonWriter::value(double number) {
  separate();
  out_ += nlohmann::ordered_json(number).dump();
  return *this;
}

JsonWriter& JsonWriter::value(const std::vector<std::string>& texts) {
  begin_array();
  for (const std::string& text : texts) value(text);
  return end();
}

JsonWriter& JsonWriter::null() {
  separate();
  out_ += "null";
  return *this;
}

// Valid UTF-8 (stored text always is: the indexer sanitizes it) is copied
// with the escapes nlohmann writes; anything else goes through nlohmann,
// which replaces invalid bytes with U+FFFD.
void JsonWriter::append_string(std::string_view text) {
  if (!is_valid_utf8(text)) {
    out_ += nlohmann::ordered_json(std::string(text))
                .dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    return;
  }
  out_ += '"';
  std::size_t plain = 0;  // the start of the run not yet copied
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte >= 0x20 && byte != '"' && byte != '\\') continue;
    out_.append(text.substr(plain, i - plain));
    plain = i + 1;
    switch (byte) {
      case '"':
        out_ += "\\\"";
        break;
      case '\\':
        out_ += "\\\\";
        break;
      case '\b':
        out_ += "\\b";
        break;
      case '\t':
        out_ += "\\t";
        break;
      case '\n':
        out_ += "\\n";
        break;
      case '\f':
        out_ += "\\f";
        break;
      case '\r':
        out_ += "\\r";
        break;
      default: {
        char escape[8];
        std::snprintf(escape, sizeof escape, "\\u%04x", byte);
        out_ += escape;
      }
    }
  }
  out_.append(text.substr(plain));
  out_ += '"';
}

}  // namespace paperdex::presentation
