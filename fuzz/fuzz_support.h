// What the libFuzzer targets share: the input as text, and a check that stops
// the run with a message (libFuzzer saves the input as a crash artifact).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "paperdex/common/record.h"
#include "paperdex/common/record_fields.h"
#include "paperdex/common/utf8.h"

namespace paperdex::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// An invariant the code under test promises, broken by this input. abort()
// rather than an exception, so that nothing on the way can swallow it.
[[noreturn]] inline void broken(const char* what, std::string_view detail = {}) {
  std::fprintf(stderr, "paperdex fuzz: %s: %.*s\n", what, static_cast<int>(detail.size()),
               detail.data());
  std::abort();
}

// Record's promise (record.h): text is display text, valid UTF-8, in every
// field of the record-field table.
inline void check_record_text(const Record& record) {
  const auto valid = [](const std::string& text, std::string_view field) {
    if (!is_valid_utf8(text)) broken("Record field not valid UTF-8", field);
  };
  for (const schema::RecordField& field : schema::record_fields()) {
    schema::visit_field(field, record, [&](const auto& value) {
      using Value = std::remove_cvref_t<decltype(value)>;
      if constexpr (std::is_same_v<Value, std::string>) {
        valid(value, field.name);
      } else if constexpr (std::is_same_v<Value, std::vector<std::string>>) {
        for (const std::string& entry : value) valid(entry, field.name);
      } else if constexpr (std::is_same_v<Value, std::vector<PaperVersion>>) {
        for (const PaperVersion& version : value) {
          valid(version.version, field.name);
          valid(version.date, field.name);
        }
      }
    });
  }
}

}  // namespace paperdex::fuzz
