#include "document_builder.h"

#include <algorithm>

#include "paperdex/common/arxiv_id.h"
#include "paperdex/common/author_names.h"
#include "paperdex/common/citations.h"
#include "paperdex/common/schema.h"
#include "paperdex/common/stopwords.h"
#include "paperdex/common/stored_record.h"
#include "paperdex/common/utf8.h"

namespace paperdex {
namespace {

std::string join(const std::vector<std::string>& values) {
  std::string joined;
  for (const std::string& value : values) {
    if (!joined.empty()) joined.push_back(schema::kListSeparator);
    joined.append(value);
  }
  return joined;
}

// Words worth a place in the spelling table, which suggests corrections and
// expands wildcards: not numbers ("2024", "3.1"), nothing under three
// characters (corrections of those are guesses), nothing over 40 bytes
// (formulas and URLs).
bool spelling_word(std::string_view term) {
  return term.size() <= 40 && count_characters(term) >= 3 && !is_number(term);
}

// Spelling words are the folded words themselves, not stems: a suggestion
// is shown to the user, and a wildcard "optimiz*" must see "optimize".
void add_spelling_words(const std::vector<Token>& tokens, std::vector<std::string>& words) {
  for (const Token& token : tokens) {
    if (spelling_word(token.term)) words.push_back(token.term);
  }
}

// Once per paper: the table's frequencies then count papers, as the index's
// term frequencies do.
void keep_once_each(std::vector<std::string>& words) {
  std::sort(words.begin(), words.end());
  words.erase(std::unique(words.begin(), words.end()), words.end());
}

// A category and its archive ("cs.ni", "cs"), so that subject:cs finds it.
void add_category(Xapian::Document& doc, std::string_view prefix, std::string_view category) {
  const std::string value = schema::subject_value(category);
  doc.add_boolean_term(schema::make_term(prefix, value));
  const std::size_t dot = value.find('.');
  if (dot != std::string::npos)
    doc.add_boolean_term(schema::make_term(prefix, value.substr(0, dot)));
}

}  // namespace

void DocumentBuilder::index_names(Xapian::Document& doc, std::string_view text,
                                  std::string_view prefix, Xapian::termpos& position) const {
  for (const Token& token : analyzer_.tokenize(text)) {
    doc.add_posting(schema::make_term(prefix, token.term), ++position);
  }
}

void DocumentBuilder::index_body(Xapian::Document& doc, std::string_view body,
                                 std::string_view prefix) const {
  if (body.empty()) return;
  // Page ends ('\f') and paragraphs ('\n') are white space to the analyzer:
  // a phrase may run across them, as a sentence runs across a page. Function
  // words are left out, their positions kept: in a body of 30,000 words
  // "the" has a thousand, and a phrase holding one read them all, for every
  // paper with its other words (a quoted phrase took 5 to 10 times as long).
  // The query parser leaves them out of a body's phrases likewise.
  Xapian::termpos position = 0;
  for (const Token& token : analyzer_.tokenize(body)) {
    ++position;
    if (is_stopword(token.term)) continue;
    doc.add_posting(schema::make_term(prefix, token.stem), position, 0);
  }
}

void DocumentBuilder::index_references(Xapian::Document& doc, const Record& record) const {
  if (record.references.empty()) return;
  doc.add_value(schema::kReferencesSlot, citations::encode_references(record.references));
  // Three prefixes (citations.h citing_terms), boolean: the references leave
  // the paper's length, and the ranking of its text, as they were. A paper
  // listing itself does not cite itself.
  const std::string itself = schema::make_term(schema::kCitedIdPrefix, record.id);
  std::size_t added = 0;
  for (const Reference& reference : record.references) {
    for (const std::string& term : citations::citing_terms(analyzer_, reference)) {
      if (term == itself) continue;
      if (added++ == citations::kMaxCitationTerms) return;
      doc.add_boolean_term(term);
    }
  }
}

Record DocumentBuilder::stored_paper(const Xapian::Document& doc) {
  Record record = decode_stored_record(doc.get_data());
  record.body = decode_body(doc.get_value(schema::kBodySlot));
  if (!record.body.empty()) {
    record.fulltext = doc.get_value(schema::kFullTextSlot);
    record.references = citations::decode_references(doc.get_value(schema::kReferencesSlot));
  }
  return record;
}

void DocumentBuilder::index_author(Xapian::Document& doc, std::string_view name,
                                   std::string_view prefix, Xapian::termpos& position) const {
  const std::vector<Token> tokens = analyzer_.tokenize(name);
  for (const Token& token : tokens) {
    ++position;
    // A second spelling ("juergen" beside "jurgen") shares the position, so
    // phrases match through either.
    const std::vector<std::string> forms = name_word_forms(analyzer_, name, token);
    for (const std::string& form : forms) {
      doc.add_posting(schema::make_term(prefix, form), position);
    }
    // Boolean, like the keys below: the spelling pair leaves the ranking as it was.
    if (const std::string key = umlaut_name_key(forms); !key.empty()) {
      doc.add_boolean_term(schema::make_term(schema::kUmlautNamePrefix, key));
    }
  }
  // Keys, like the exact name: boolean, so they leave the paper's length,
  // and with it the ranking of its text, as it was.
  for (const std::string& key : author_initials_keys(analyzer_, name, tokens)) {
    doc.add_boolean_term(schema::make_term(schema::kInitialsPrefix, key));
  }
  // The folded words joined (schema::folded_words), from the tokens at hand.
  std::string exact;
  for (const Token& token : tokens) exact += (exact.empty() ? "" : " ") + token.term;
  if (!exact.empty()) doc.add_boolean_term(schema::make_term(schema::kAuthorExactPrefix, exact));
}

void DocumentBuilder::index_title_and_abstract(Xapian::Document& doc, const Record& record,
                                               std::vector<std::string>* spelling_words) const {
  // A hyphenated word's joined form ("knockdown" for "knock-down") is posted
  // at its first part's position and its last one, so a phrase may begin or
  // end with it ("knockdown efficiency"); the other words' positions stay
  // those of the parts, so phrases over the parts are unchanged. The second
  // posting adds nothing to the frequency: the word is written once.
  // Positions count from 1.
  const auto post_compound = [&](const HyphenCompound& compound, std::string_view prefix,
                                 Xapian::termpos first_position, Xapian::termcount wdf) {
    const std::string term = schema::make_term(prefix, compound.stem);
    doc.add_posting(term, first_position + static_cast<Xapian::termpos>(compound.first), wdf);
    doc.add_posting(term, first_position + static_cast<Xapian::termpos>(compound.last), 0);
  };
  const std::vector<Token> title = analyzer_.tokenize(record.title);
  Xapian::termpos title_position = 0;
  Xapian::termpos text_position = 0;
  for (const Token& token : title) {
    doc.add_posting(schema::make_term(schema::kTitlePrefix, token.stem), ++title_position);
    doc.add_posting(schema::make_term(schema::kTextPrefix, token.stem), ++text_position,
                    schema::kTitleWordsInText);
  }
  for (const HyphenCompound& compound : analyzer_.hyphen_compounds(record.title, title)) {
    post_compound(compound, schema::kTitlePrefix, 1, 1);
    post_compound(compound, schema::kTextPrefix, 1, schema::kTitleWordsInText);
  }
  // The gap keeps a phrase from running from the title into the abstract.
  text_position += schema::kValueGap;
  const std::vector<Token> abstract = analyzer_.tokenize(record.abstract);
  for (const HyphenCompound& compound : analyzer_.hyphen_compounds(record.abstract, abstract)) {
    post_compound(compound, schema::kTextPrefix, text_position + 1, 1);
  }
  for (const Token& token : abstract) {
    doc.add_posting(schema::make_term(schema::kTextPrefix, token.stem), ++text_position);
  }
  if (spelling_words != nullptr) {
    add_spelling_words(title, *spelling_words);
    add_spelling_words(abstract, *spelling_words);
  }
}

std::vector<std::string> DocumentBuilder::spelling_words(const Record& record) const {
  std::vector<std::string> words;
  add_spelling_words(analyzer_.tokenize(record.title), words);
  add_spelling_words(analyzer_.tokenize(record.abstract), words);
  keep_once_each(words);
  return words;
}

Xapian::Document DocumentBuilder::build(const Record& record,
                                        std::vector<std::string>* spelling_words) const {
  Xapian::Document doc;
  std::string stored = encode_stored_record(record);
  if (record_in_slot_) doc.add_value(schema::kStoredRecordSlot, stored);
  doc.set_data(std::move(stored));
  const std::vector<Token> title = analyzer_.tokenize(record.title);
  for (const std::string& term :
       {schema::title_key_term(title), schema::title_sketch_term(title)}) {
    if (!term.empty()) doc.add_boolean_term(term);
  }
  if (spelling_words != nullptr) spelling_words->clear();
  for (const schema::Field& field : schema::kFields)
    index_field(doc, field, record, spelling_words);
  if (spelling_words != nullptr) keep_once_each(*spelling_words);
  // The facets' display values: not fields of the query language.
  doc.add_value(schema::kSubjectsSlot, join(record.subjects));
  doc.add_value(schema::kAuthorsSlot, join(record.authors));
  if (!record.body.empty()) {
    doc.add_value(schema::kBodySlot, encode_body(record.body));
    doc.add_value(schema::kFullTextSlot, record.fulltext);
  }
  return doc;
}

void DocumentBuilder::index_field(Xapian::Document& doc, const schema::Field& field,
                                  const Record& record,
                                  std::vector<std::string>* spelling_words) const {
  Xapian::termpos position = 0;
  switch (field.indexing) {
    case schema::Indexing::kRankedText:
      return index_title_and_abstract(doc, record, spelling_words);
    case schema::Indexing::kWithText:
      return;
    case schema::Indexing::kWords:
      return index_names(doc, record.*field.source, field.prefix, position);
    case schema::Indexing::kAuthors:
      // The gap keeps a phrase from running from one name into the next.
      for (const std::string& author : record.authors) {
        index_author(doc, author, field.prefix, position);
        position += schema::kValueGap;
      }
      return;
    case schema::Indexing::kCategories:
      for (const std::string& category : record.subjects) {
        add_category(doc, field.prefix, category);
      }
      return;
    case schema::Indexing::kPrimary:
      if (!record.subjects.empty()) add_category(doc, field.prefix, record.subjects.front());
      return;
    case schema::Indexing::kId:
      doc.add_boolean_term(schema::make_term(field.prefix, record.id));
      return;
    case schema::Indexing::kKeyword:
      if (!(record.*field.source).empty()) {
        doc.add_boolean_term(
            schema::make_term(field.prefix, field.normalize(record.*field.source)));
      }
      return;
    case schema::Indexing::kYear:
      if (record.year > 0) {
        doc.add_boolean_term(schema::make_term(field.prefix, std::to_string(record.year)));
        doc.add_value(field.slot, Xapian::sortable_serialise(record.year));
      }
      return;
    case schema::Indexing::kDate: {
      const std::string& date =
          !(record.*field.source).empty() ? record.*field.source : record.submitted;
      // A paper without even a year has no value: any value would fall in
      // some date: range.
      if (!date.empty()) {
        doc.add_value(field.slot, schema::dated_id(date, record.id));
      } else if (record.year > 0) {
        doc.add_value(field.slot, schema::dated_id(std::to_string(record.year), record.id));
      }
      return;
    }
    case schema::Indexing::kBody:
      return index_body(doc, record.body, field.prefix);
    case schema::Indexing::kReferences:
      return index_references(doc, record);
    case schema::Indexing::kWithReferences:
      return;
    case schema::Indexing::kIndexTime:
      if (!(record.*field.source).empty()) {
        doc.add_value(field.slot, schema::dated_id(record.*field.source, record.id));
      }
      return;
  }
}

std::string DocumentBuilder::normalized_title(std::string_view title) const {
  return schema::folded_words(analyzer_, title);
}

std::string DocumentBuilder::title_key_term(std::string_view title) const {
  return schema::title_key_term(analyzer_, title);
}

std::string DocumentBuilder::derived_id(const Record& record) const {
  return std::string(kDerivedIdPrefix) +
         stable_hash_hex(normalized_title(record.title) + '|' + std::to_string(record.year));
}

}  // namespace paperdex
