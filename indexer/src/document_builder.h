// Record -> Xapian::Document, following the schema table: each field's
// schema::Indexing action says which terms, positions and values it writes.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <xapian.h>

#include "paperdex/common/analyzer.h"
#include "paperdex/common/record.h"
#include "paperdex/common/schema.h"

namespace paperdex {

class DocumentBuilder {
 public:
  // `record_in_slot`: the stored record in schema::kStoredRecordSlot too.
  explicit DocumentBuilder(const Analyzer& analyzer, bool record_in_slot = false)
      : analyzer_(analyzer), record_in_slot_(record_in_slot) {}

  // `record.id` must be set. Authors and page_authors must already be merged.
  // With `spelling_words`, also (replacing its contents) the record's
  // distinct words for the spelling table
  // (Xapian keeps it on the database, not the document): the caller adds
  // them with WritableDatabase::add_spelling when it adds the document.
  Xapian::Document build(const Record& record,
                         std::vector<std::string>* spelling_words = nullptr) const;

  // The paper a document built by build() stores: its stored record, with
  // the body and its facts (kept in value slots, not in the record) read
  // back, so that storing it again keeps them.
  static Record stored_paper(const Xapian::Document& doc);

  // The record's distinct words for the spelling table, sorted: what build()
  // gives, without building the document (for a version being replaced).
  std::vector<std::string> spelling_words(const Record& record) const;

  // Title as a merge key: its analyzer terms joined by spaces, so case,
  // accents, TeX spelling and punctuation do not separate two copies.
  std::string normalized_title(std::string_view title) const;
  // schema::title_key_term: the boolean term that finds papers by normalized
  // title; empty for a title without words (looking papers without titles up
  // as one paper made adding each of them read every one before it).
  std::string title_key_term(std::string_view title) const;
  // The stable id of a paper that has no arXiv id (author pages).
  std::string derived_id(const Record& record) const;

 private:
  // What `field`'s Indexing action writes for `record`.
  void index_field(Xapian::Document& doc, const schema::Field& field, const Record& record,
                   std::vector<std::string>* spelling_words) const;
  // The title's stems in the title field and, with the abstract's, in the
  // text field (schema.h); their folded words go to `spelling_words`.
  void index_title_and_abstract(Xapian::Document& doc, const Record& record,
                                std::vector<std::string>* spelling_words) const;
  // Adds the folded words of `text` (name fields: no stemming) with positions
  // after `position`.
  void index_names(Xapian::Document& doc, std::string_view text, std::string_view prefix,
                   Xapian::termpos& position) const;
  // The body's stems (Indexing::kBody) with positions and wdf 0
  // (schema::kBodyWordsInPlainQuery says why).
  void index_body(Xapian::Document& doc, std::string_view body, std::string_view prefix) const;
  // Record::references: kReferencesSlot and each reference's citing terms.
  void index_references(Xapian::Document& doc, const Record& record) const;
  // One author (Indexing::kAuthors): each name word in all its spellings at
  // its position after `position`, the surname+initials keys, the exact name.
  void index_author(Xapian::Document& doc, std::string_view name, std::string_view prefix,
                    Xapian::termpos& position) const;

  const Analyzer& analyzer_;
  bool record_in_slot_ = false;
};

// Prefix of ids derived by derived_id(): such papers may later merge into an
// arXiv record of the same title.
inline constexpr std::string_view kDerivedIdPrefix = "pdx-";

}  // namespace paperdex
