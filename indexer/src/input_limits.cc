#include "input_limits.h"

#include <string_view>

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
                std::string_view field, std::string_view entries,
                std::vector<std::string>& messages) {
  if (values.size() > max_values) {
    messages.push_back(std::string(field) + ": " + with_commas(values.size()) + " " +
                       std::string(entries) + ", cut to the first " + with_commas(max_values));
    values.resize(max_values);
  }
  for (std::size_t i = 0; i < values.size(); ++i) {
    limit_text(values[i], max_bytes, std::string(field) + " " + std::to_string(i + 1), messages);
  }
}

}  // namespace

std::vector<std::string> apply_field_limits(Record& record) {
  std::vector<std::string> messages;
  limit_text(record.title, kMaxTitleBytes, "title", messages);
  limit_text(record.abstract, kMaxAbstractBytes, "abstract", messages);
  limit_text(record.comments, kMaxCommentsBytes, "comments", messages);
  limit_text(record.journal_ref, kMaxJournalRefBytes, "journal-ref", messages);
  limit_text(record.doi, kMaxDoiBytes, "doi", messages);
  limit_list(record.authors, kMaxAuthors, kMaxAuthorNameBytes, "authors", "names", messages);
  limit_list(record.page_authors, kMaxAuthors, kMaxAuthorNameBytes, "page authors", "names",
             messages);
  // A category is a term of its own: one over Xapian's term limit is no category.
  limit_list(record.categories, kMaxCategories, 64, "categories", "categories", messages);
  return messages;
}

}  // namespace paperdex::detail
