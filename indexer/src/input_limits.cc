#include "input_limits.h"

#include <map>
#include <string_view>
#include <type_traits>

#include "paperdex/common/record_fields.h"

namespace paperdex::detail {
namespace {

std::string with_commas(std::size_t value) {
  std::string digits = std::to_string(value);
  for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3) {
    digits.insert(static_cast<std::size_t>(i), ",");
  }
  return digits;
}

// `text` cut to at most `limit` bytes without splitting a UTF-8 sequence,
// at a space when there is one near the end (a cut word would index as a
// word of its own).
void cut_text(std::string& text, std::size_t limit) {
  std::size_t end = limit;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  const std::size_t space = text.rfind(' ', end);
  if (space != std::string::npos && space > 0 && end - space < 64) end = space;
  text.resize(end);
}

void limit_text(std::string& text, std::size_t limit, std::string_view field,
                std::vector<std::string>& messages) {
  if (text.size() <= limit) return;
  messages.push_back(std::string(field) + ": " + with_commas(text.size()) +
                     " bytes, cut to at most " + with_commas(limit));
  cut_text(text, limit);
}

void limit_list(std::vector<std::string>& values, std::size_t max_values, std::size_t max_bytes,
                std::string_view field, std::vector<std::string>& messages) {
  if (values.size() > max_values) {
    messages.push_back(std::string(field) + ": " + with_commas(values.size()) +
                       " entries, cut to the first " + with_commas(max_values));
    values.resize(max_values);
  }
  for (std::size_t i = 0; i < values.size(); ++i) {
    limit_text(values[i], max_bytes, std::string(field) + " " + std::to_string(i + 1), messages);
  }
}

}  // namespace

// A list cut to max_entries, each entry to max_bytes (versions: each date).
void limit_value(const schema::RecordField& field, std::vector<PaperVersion>& versions,
                 std::vector<std::string>& messages) {
  if (versions.size() > field.max_entries) {
    messages.push_back(std::string(field.name) + ": " + with_commas(versions.size()) +
                       " entries, cut to the first " + with_commas(field.max_entries));
    versions.resize(field.max_entries);
  }
  for (PaperVersion& version : versions) {
    limit_text(version.version, field.max_bytes, field.name, messages);
    limit_text(version.date, field.max_bytes, field.name, messages);
  }
}

// A date per field: entries longer than a date are dropped, and all of them
// past max_entries (there are not that many fields).
void limit_value(const schema::RecordField& field, std::map<std::string, std::string>& dates,
                 std::vector<std::string>& messages) {
  const std::size_t before = dates.size();
  std::erase_if(dates, [&](const auto& entry) {
    return entry.first.size() > field.max_bytes || entry.second.size() > field.max_bytes;
  });
  if (dates.size() > field.max_entries) dates.clear();
  if (dates.size() < before) {
    messages.push_back(std::string(field.name) + ": " + with_commas(before - dates.size()) +
                       " of " + with_commas(before) + " entries dropped");
  }
}

std::vector<std::string> apply_field_limits(Record& record) {
  std::vector<std::string> messages;
  for (const schema::RecordField& field : schema::record_fields()) {
    if (field.max_bytes == 0) continue;  // not cut: the id, the year, derived fields
    schema::visit_field(field, record, [&](auto& value) {
      using Value = std::remove_cvref_t<decltype(value)>;
      if constexpr (std::is_same_v<Value, std::string>) {
        limit_text(value, field.max_bytes, field.name, messages);
      } else if constexpr (std::is_same_v<Value, std::vector<std::string>>) {
        limit_list(value, field.max_entries, field.max_bytes, field.name, messages);
      } else if constexpr (!std::is_same_v<Value, int> && !std::is_same_v<Value, bool>) {
        limit_value(field, value, messages);
      }
    });
  }
  return messages;
}

}  // namespace paperdex::detail
