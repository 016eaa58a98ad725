#include "document_builder.h"

#include <algorithm>
#include <cctype>

#include "paperdex/common/arxiv_id.h"
#include "paperdex/common/schema.h"
#include "paperdex/common/stored_record.h"

namespace paperdex {
namespace {

std::string ascii_lower(std::string_view text) {
  std::string lower(text);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return lower;
}

std::string join(const std::vector<std::string>& values) {
  std::string joined;
  for (const std::string& value : values) {
    if (!joined.empty()) joined.push_back(schema::kListSeparator);
    joined.append(value);
  }
  return joined;
}

}  // namespace

void DocumentBuilder::index_text(Xapian::Document& doc, std::string_view text,
                                 std::string_view prefix, bool stemmed,
                                 Xapian::termpos& position) const {
  for (const Token& token : analyzer_.tokenize(text)) {
    doc.add_posting(schema::make_term(prefix, stemmed ? token.stem : token.term), ++position);
  }
}

Xapian::Document DocumentBuilder::build(const Record& record) const {
  Xapian::Document doc;
  doc.set_data(encode_stored_record(record));
  doc.add_boolean_term(schema::make_term(schema::kIdPrefix, record.id));
  doc.add_boolean_term(title_key_term(record.title));

  Xapian::termpos position = 0;
  index_text(doc, record.title, schema::kTitlePrefix, true, position);
  position = 0;
  index_text(doc, record.abstract, schema::kAbstractPrefix, true, position);

  // Authors: the gap keeps a phrase from running from one name into the next.
  position = 0;
  for (const std::string& author : record.authors) {
    index_text(doc, author, schema::kAuthorPrefix, false, position);
    position += schema::kValueGap;
    const std::string name = normalized_title(author);
    if (!name.empty()) doc.add_boolean_term(schema::make_term(schema::kAuthorExactPrefix, name));
  }

  for (const std::string& category : record.categories) {
    const std::string lower = ascii_lower(category);
    doc.add_boolean_term(schema::make_term(schema::kSubjectPrefix, lower));
    const std::size_t dot = lower.find('.');
    if (dot != std::string::npos) {
      doc.add_boolean_term(schema::make_term(schema::kSubjectPrefix, lower.substr(0, dot)));
    }
  }

  if (record.year > 0) {
    doc.add_boolean_term(std::string(schema::kYearPrefix) + std::to_string(record.year));
    doc.add_value(schema::kYearSlot, Xapian::sortable_serialise(record.year));
  }
  doc.add_value(schema::kSubjectsSlot, join(record.categories));
  doc.add_value(schema::kAuthorsSlot, join(record.authors));
  const std::string date = !record.created.empty() ? record.created
                           : record.year > 0       ? std::to_string(record.year)
                                                   : std::string();
  if (!date.empty()) doc.add_value(schema::kDateSlot, date);

  if (!record.doi.empty()) {
    doc.add_boolean_term(schema::make_term(schema::kDoiPrefix, ascii_lower(record.doi)));
  }
  position = 0;
  index_text(doc, record.journal_ref, schema::kJournalPrefix, false, position);
  position = 0;
  index_text(doc, record.comments, schema::kCommentsPrefix, false, position);
  return doc;
}

std::string DocumentBuilder::normalized_title(std::string_view title) const {
  std::string normalized;
  for (const Token& token : analyzer_.tokenize(title)) {
    if (!normalized.empty()) normalized.push_back(' ');
    normalized.append(token.term);
  }
  return normalized;
}

std::string DocumentBuilder::title_key_term(std::string_view title) const {
  return std::string(schema::kTitleKeyPrefix) + stable_hash_hex(normalized_title(title));
}

std::string DocumentBuilder::derived_id(const Record& record) const {
  return std::string(kDerivedIdPrefix) +
         stable_hash_hex(normalized_title(record.title) + '|' + std::to_string(record.year));
}

}  // namespace paperdex
