// The paper's fields in one table, the record-side twin of schema::kFields
// (the query fields): each row is one member of PaperRecord, Record or Paper
// (record.h) with its name, help, stored key, byte cap, kind, how sources
// merge it and whether it is public. The stored record (encode and decode),
// the input limits, the merge of sources, the paper a search returns, the
// terminal cleaning, the fuzzers' checks, the CLI's output columns and
// --fields, the JSON writer and Python's Paper all loop over it, and a test
// checks the README's, docs/' and the .pyi's field lists against it. A new
// field is a member in record.h, a row here and the reader that fills it.
#pragma once

#include <cstddef>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "paperdex/common/record.h"

namespace paperdex::schema {

// What a field's value is, which says how it is stored, capped, checked and
// shown.
enum class RecordFieldKind {
  kText,        // display text
  kId,          // the paper's id: text, but never cut (a cut id names another paper)
  kDate,        // "YYYY-MM-DD", or ""
  kTime,        // the index's clock, "YYYY-MM-DDTHH:MM:SS.ffffffZ" (UTC), or ""
  kUrl,         // a URL, or ""
  kYear,        // a number; 0 when unknown
  kFlag,        // yes or no: "yes" or "" in text, true or false in JSON
  kNames,       // a list of display names; "; " between them on one line
  kCodes,       // a list of codes (categories); " " between them on one line
  kVersions,    // [PaperVersion]: "v1 2016-03-09, v2 ..." on one line
  kDates,       // field key -> date (Record::field_dates)
  kFullText,    // FullTextFacts: a JSON object; in text its facts, then its sections one a line
  kReferences,  // [Reference]: JSON objects; in text one numbered entry a line
  kCount,       // a number derived from the index (cited_by_count)
};

// How merge_sources (indexer/src/update_policy.h) makes one field of two
// records of one paper.
enum class MergeRule {
  kNewestSource,  // the value of the newest source that has one (Record::field_dates)
  kSame,          // the paper's id: both records have it
  kNewestDate,    // the newer of the two dates (`updated`)
  kJoinVersions,  // every version either lists
  kPageAuthors,   // kept across arXiv updates, added to by author pages
  kMergeDates,    // the merge's own bookkeeping (`field_dates`)
  kFollows,       // follows from the merged fields (`withdrawn`: versions, comments)
  kFirstTime,     // the index's clock: the earlier of the two (`added`)
  kLastTime,      // the index's clock: the later of the two, moved by the writers (`changed`)
  kNotStored,     // derived from the stored fields when a paper is read
};

// The member a row names: of PaperRecord (stored and public), of Record (the
// indexer's bookkeeping, stored) or of Paper (derived when read).
using RecordMember =
    std::variant<std::string PaperRecord::*, std::vector<std::string> PaperRecord::*,
                 int PaperRecord::*, bool PaperRecord::*, std::vector<PaperVersion> PaperRecord::*,
                 std::string Record::*, std::vector<std::string> Record::*,
                 std::map<std::string, std::string> Record::*, std::string Paper::*,
                 std::vector<std::string> Paper::*, FullTextFacts Paper::*,
                 std::vector<Reference> Paper::*, int Paper::*>;

// Who reads a field: everyone (kPublic: in Paper, JSON, --fields,
// Python, the docs), the library's own formats (kLibrary: in Paper, which
// the citation formats read, but not shown: the source's family names), or
// the indexer's bookkeeping alone (kIndexer: in Record, not in Paper).
enum class FieldAudience { kPublic, kLibrary, kIndexer };

struct RecordField {
  std::string_view name{};   // the member, the JSON key, --fields, Python's attribute
  std::string_view label{};  // in text ("DOI", "Journal")
  std::string_view help{};   // what it holds: --fields help, the README, docs, the .pyi
  RecordMember member{};
  RecordFieldKind kind = RecordFieldKind::kText;
  std::string_view stored_key{};  // its key in the stored record's JSON; "" when not stored
  // What one value may hold, cut past it when a record is read (indexer's
  // input limits); for lists, each entry's bytes and how many entries.
  // 0: not cut (the id, which is validated instead, and derived fields).
  std::size_t max_bytes = 0;
  std::size_t max_entries = 0;
  MergeRule merge = MergeRule::kNewestSource;
  FieldAudience audience = FieldAudience::kPublic;
  // Printed by the text layout of a paper (--show): false for the ones its
  // subject rows and date line show already.
  bool in_paper_text = true;
};

// Every field, in the order JSON, --fields and Python list them.
std::span<const RecordField> record_fields();

// The row named `name`, or nullptr.
const RecordField* find_record_field(std::string_view name);

namespace detail {
template <class Member>
struct MemberOf;
template <class Value, class Class>
struct MemberOf<Value Class::*> {
  using type = Class;
};
}  // namespace detail

// Calls visit(member) with the member pointer `field` names when it is a
// member of Class (a PaperRecord, Record or Paper); does nothing when it is
// not (a Paper has no page_authors, a Record no url).
template <class Class, class Visitor>
void visit_member(const RecordField& field, Visitor&& visit) {
  std::visit(
      [&](auto member) {
        using Owner = typename detail::MemberOf<decltype(member)>::type;
        if constexpr (std::is_base_of_v<Owner, Class>) visit(member);
      },
      field.member);
}

// Calls visit(value) with `object`'s member that `field` names, when
// `object` (const or not) has that member, as visit_member.
template <class Object, class Visitor>
void visit_field(const RecordField& field, Object& object, Visitor&& visit) {
  visit_member<std::remove_const_t<Object>>(field, [&](auto member) { visit(object.*member); });
}

}  // namespace paperdex::schema
