// What the libFuzzer targets share: the input as text, and a check that stops
// the run with a message (libFuzzer saves the input as a crash artifact).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "paperdex/common/record.h"
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

// Record's promise (record.h): text fields are display text, valid UTF-8.
inline void check_record_text(const Record& record) {
  const auto valid = [](const std::string& text, const char* field) {
    if (!is_valid_utf8(text)) broken(field, "not valid UTF-8");
  };
  valid(record.id, "Record::id");
  valid(record.title, "Record::title");
  valid(record.abstract, "Record::abstract");
  for (const std::string& author : record.authors) valid(author, "Record::authors");
  for (const std::string& category : record.categories) valid(category, "Record::categories");
  valid(record.comments, "Record::comments");
  valid(record.journal_ref, "Record::journal_ref");
}

}  // namespace paperdex::fuzz
