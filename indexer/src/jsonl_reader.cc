// The arXiv dataset snapshot (arxiv-metadata-oai-snapshot.json): one JSON
// object per line. The full file is ~4.5 GB, so it is read one line at a time
// with a reused simdjson DOM parser (memory bounded by the longest line); a
// bad line is reported with its number and the next line is read as usual.
#include <simdjson.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "document_builder.h"
#include "format_readers.h"
#include "fulltext/fulltext.h"
#include "fulltext_input.h"
#include "input_limits.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/common/arxiv_id.h"
#include "paperdex/common/record_fields.h"
#include "paperdex/common/safe_text.h"
#include "paperdex/common/utf8.h"
#include "paperdex/indexer/readers.h"
#include "reader_text.h"

namespace paperdex {
namespace {

using simdjson::dom::element;
using simdjson::dom::object;

// Why a line could not become a record.
struct LineError {
  std::string reason;
  std::string message;
};

using detail::report;

// A field's value as the line has it: one string, or the strings of a list.
struct FieldText {
  std::string_view text;
  std::vector<std::string_view> items;
  bool listed = false;
  bool empty() const { return listed ? items.empty() : text.empty(); }
};

// The fields fill() reads, in the order it binds them.
enum StringSlot : std::size_t {
  kId,
  kTitle,
  kAbstract,
  kAuthors,
  kCategories,
  kPrimaryCategory,
  kComments,
  kJournalRef,
  kDoi,
  kReportNo,
  kLicense,
  kSubmitted,
  kUpdateDate,
  kMscClass,
  kStringSlots
};
// The keys read as text, and the field each gives: the snapshot's names
// first; the names of other JSON sources (the arXiv API as its wrappers
// write it: "arxiv_id" or "entry_id", "summary", "published", "updated",
// "journal_ref", "comment", "primary_category") fill what the snapshot's
// leave empty; then a paper's own names, as paperdex writes them
// (`--show --json`, Python's Paper.to_dict()), so that what paperdex gives
// out it reads back. A field that may hold several values (authors,
// categories) is a string or a list of strings: the snapshot writes one
// string, the APIs and paperdex a list.
struct StringKey {
  std::string_view key;
  StringSlot slot;
  bool may_list = false;
};
constexpr StringKey kStringKeys[] = {{"id", kId},
                                     {"arxiv_id", kId},
                                     {"entry_id", kId},
                                     {"title", kTitle},
                                     {"abstract", kAbstract},
                                     {"summary", kAbstract},
                                     {"authors", kAuthors, true},
                                     {"categories", kCategories, true},
                                     {"primary_category", kPrimaryCategory},
                                     {"comments", kComments},
                                     {"comment", kComments},
                                     {"journal-ref", kJournalRef},
                                     {"journal_ref", kJournalRef},
                                     {"doi", kDoi},
                                     {"report-no", kReportNo},
                                     {"license", kLicense},
                                     {"published", kSubmitted},
                                     {"update_date", kUpdateDate},
                                     {"updated", kUpdateDate},
                                     {"msc-class", kMscClass},
                                     {"subjects", kCategories, true},
                                     {"primary", kPrimaryCategory},
                                     {"journal", kJournalRef},
                                     {"report_no", kReportNo},
                                     {"submitted", kSubmitted},
                                     {"msc_class", kMscClass}};
// The two whose values are lists of objects (read_versions, read_parsed_authors).
constexpr std::string_view kVersionsKey = "versions";
constexpr std::string_view kAuthorsParsedKey = "authors_parsed";
// A paper's year and withdrawal mark (read_marks), as paperdex writes them.
constexpr std::string_view kYearKey = "year";
constexpr std::string_view kWithdrawnKey = "withdrawn";
// Keys the index does not keep: the snapshot's submitter, and the PDF link
// the API's wrappers write (paperdex makes it from the id).
constexpr std::string_view kUnreadKeys[] = {"submitter", "pdf_url"};

// The top-level elements of a JSON array ("[ {...}, {...} ]", pretty-printed
// or not), one at a time as raw text, so a document of any size is read with
// one element in memory. The elements themselves are parsed by JsonlParser.
class JsonArrayElements {
 public:
  enum class Status { kElement, kTooLong, kMalformed, kEnd };

  // `first_line`: the line the stream is at (an array inside a document).
  JsonArrayElements(std::streambuf& in, std::size_t max_element_bytes, std::size_t first_line = 1)
      : in_(in), max_element_bytes_(max_element_bytes), line_(first_line) {}

  Status next(std::string& element) {
    element.clear();
    if (done_) return Status::kEnd;
    if (!opened_) {
      if (next_visible(true) != '[') return malformed("the document is not a JSON array");
      opened_ = true;
    }
    int c = next_visible();
    if (c == ']' && !after_comma_) return close();
    if (c == kEof) return malformed("the file ends inside the JSON array");
    element_line_ = line_;
    bool too_long = false;
    int depth = 0;
    bool in_string = false, escaped = false;
    for (; c != kEof; c = bump()) {
      if (in_string) {
        if (escaped) {
          escaped = false;
        } else if (c == '\\') {
          escaped = true;
        } else if (c == '"') {
          in_string = false;
        }
      } else if (c == '"') {
        in_string = true;
      } else if (c == '{' || c == '[') {
        ++depth;
      } else if (c == '}' || c == ']') {
        if (depth == 0) {
          if (c == '}') return malformed("a '}' without its '{'");
          done_ = closed_ = true;  // the ']' closing the array ends this element too
          after_comma_ = false;
          return too_long ? Status::kTooLong : Status::kElement;
        }
        --depth;
      } else if (c == ',' && depth == 0) {
        after_comma_ = true;
        return too_long ? Status::kTooLong : Status::kElement;
      }
      if (too_long) continue;
      if (element.size() == max_element_bytes_) {
        too_long = true;
        element.clear();
        element.shrink_to_fit();
        continue;
      }
      element.push_back(static_cast<char>(c));
    }
    return malformed("the file ends inside the JSON array");
  }

  // Where the element next() returned starts, and where reading is now.
  std::size_t element_line() const { return element_line_; }
  std::size_t line() const { return line_; }
  const std::string& problem() const { return problem_; }
  // After the array's ']': only white space up to the end.
  bool trailing_text_ok() {
    if (!closed_) return true;
    return next_visible() == kEof;
  }

 private:
  static constexpr int kEof = std::char_traits<char>::eof();

  int bump() {
    const int c = in_.sbumpc();
    if (c == '\n') ++line_;
    return c;
  }
  // The next byte that is not JSON white space (nor, before the '[', a byte
  // of a UTF-8 byte order mark).
  int next_visible(bool skip_bom = false) {
    for (int c = bump();; c = bump()) {
      const bool bom = skip_bom && (c == 0xEF || c == 0xBB || c == 0xBF);
      if (c != ' ' && c != '\t' && c != '\r' && c != '\n' && !bom) return c;
    }
  }
  Status close() {
    done_ = closed_ = true;
    return Status::kEnd;
  }
  Status malformed(std::string problem) {
    problem_ = std::move(problem);
    done_ = true;
    return Status::kMalformed;
  }

  std::streambuf& in_;
  std::size_t max_element_bytes_;
  std::size_t line_;
  std::size_t element_line_ = line_;
  bool opened_ = false;
  bool after_comma_ = false;
  bool done_ = false;
  bool closed_ = false;
  std::string problem_;
};

// The members of a JSON document that is one object ({"count": 2,
// "papers": [...]}), key by key, without holding any value: an array value is
// left for JsonArrayElements to read from the same stream, anything else is
// passed over.
class JsonObjectMembers {
 public:
  explicit JsonObjectMembers(std::streambuf& in) : in_(in) {}

  // Advances to the next member: true with `key` set and the stream at its
  // value; false at the end of the object or where it breaks (problem()).
  bool next(std::string& key) {
    key.clear();
    int c = visible();
    if (!opened_) {
      if (c != '{') return fail("the document is not a JSON object");
      opened_ = true;
      c = visible();
      if (c == '}') return false;
    } else if (c == '}') {
      return false;
    } else if (c != ',') {
      return fail("expected ',' or '}' after a value");
    } else {
      c = visible();
    }
    if (c != '"') return fail("expected a key in quotes");
    for (c = bump(); c != '"' && c != kEof; c = bump()) {
      if (c == '\\') c = bump();
      if (key.size() < kMaxKeyBytes) key.push_back(static_cast<char>(c));
    }
    if (c == kEof || visible() != ':') return fail("expected ':' after a key");
    return true;
  }
  // The first byte of the value next() stopped at, not consumed.
  int peek_value() {
    for (int c = in_.sgetc(); is_space(c); c = in_.sgetc()) bump();
    return in_.sgetc();
  }
  // Passes over a value that is no array of records.
  void skip_value() {
    detail::JsonNesting nesting;
    for (int c = in_.sgetc(); c != kEof; c = in_.sgetc()) {
      // The end of the object, or its next member: left for next().
      const bool at_top = !nesting.in_string() && nesting.depth() == 0;
      if (at_top && (c == '}' || c == ']' || c == ',')) return;
      nesting.step(static_cast<char>(c));
      bump();
    }
  }
  std::size_t line() const { return line_; }
  void set_line(std::size_t line) { line_ = line; }
  const std::string& problem() const { return problem_; }

 private:
  static constexpr int kEof = std::char_traits<char>::eof();
  static constexpr std::size_t kMaxKeyBytes = 256;

  static bool is_space(int c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
  int bump() {
    const int c = in_.sbumpc();
    if (c == '\n') ++line_;
    return c;
  }
  // The next byte that is not white space (nor a byte order mark's).
  int visible() {
    for (int c = bump();; c = bump()) {
      const bool bom = !opened_ && (c == 0xEF || c == 0xBB || c == 0xBF);
      if (!is_space(c) && !bom) return c;
    }
  }
  bool fail(std::string problem) {
    problem_ = std::move(problem);
    return false;
  }

  std::streambuf& in_;
  std::size_t line_ = 1;
  bool opened_ = false;
  std::string problem_;
};

class JsonlParser {
 public:
  JsonlParser(const std::string& origin, const RecordSink& sink) : origin_(origin), sink_(sink) {}

  // Whether `text` is a JSON object with a title and another field of a
  // paper: what makes a list in a JSON document a list of records.
  bool looks_like_paper(std::string& text) {
    element document;
    object fields;
    if (parse_json(text, document) != simdjson::SUCCESS ||
        document.get_object().get(fields) != simdjson::SUCCESS) {
      return false;
    }
    element ignored;
    if (fields["title"].get(ignored) != simdjson::SUCCESS) return false;
    for (const std::string_view key :
         {"id", "arxiv_id", "entry_id", "abstract", "summary", "authors"}) {
      if (fields[key].get(ignored) == simdjson::SUCCESS) return true;
    }
    return false;
  }

  void line(std::string& text, std::size_t number) {
    if (detail::trim(text).empty()) return;  // blank lines carry nothing, not an error
    const std::string where = origin_ + ":" + std::to_string(number);
    // A full-text data set's line (unarXive's, a snapshot line with "body")
    // carries the paper's body beside its metadata (#50).
    std::optional<fulltext::FullText> body;
    std::string body_problem;
    if (fulltext::carries_fulltext(text)) {
      try {
        body = fulltext::read_dataset_line(where, text);
      } catch (const fulltext::FullTextError& error) {
        body_problem = error.reason();
      }
    }
    std::optional<LineError> error;
    Record record;
    if (text.find('\0') != std::string::npos) {
      error = LineError{"invalid-json", "NUL byte in the line"};
    } else {
      error = parse(text, record);
    }
    if (error && body && body->arxiv_id) {
      // Metadata this reader does not know (unarXive's own layout): the
      // body's record alone, with what the data set says of the paper.
      record = fulltext_record(std::move(*body));
      body.reset();
      error.reset();
    }
    if (error) return report(sink_, where, std::move(error->reason), std::move(error->message));
    if (body && body->arxiv_id == record.id) {
      body->file = where;
      attach_fulltext(record, std::move(*body));
    } else if ((body || !body_problem.empty()) && sink_.on_warning) {
      // The metadata is kept: the line's paper, without the body.
      sink_.on_warning(
          ReadProblem{where, std::string(kFullTextUnreadable),
                      body ? "the body was left out: it names another paper than the line's id"
                           : "the body was left out: " + body_problem});
    }
    record.origin = where;
    if (sink_.on_record) sink_.on_record(std::move(record));
  }

 private:
  simdjson::error_code parse_json(std::string& text, element& document) {
    // simdjson reads up to SIMDJSON_PADDING bytes past the end; with room in
    // the string it parses in place instead of copying every line.
    if (text.capacity() - text.size() < simdjson::SIMDJSON_PADDING) {
      text.reserve(text.size() + simdjson::SIMDJSON_PADDING);
    }
    auto status = parser_.parse(text).get(document);
    if (status == simdjson::UTF8_ERROR) {
      // A few snapshot lines carry bytes that are not UTF-8; the rest of the
      // record is fine, so index it with the bad bytes replaced.
      sanitized_ = sanitize_utf8(text);
      sanitized_.reserve(sanitized_.size() + simdjson::SIMDJSON_PADDING);
      status = parser_.parse(sanitized_).get(document);
    }
    return status;
  }

  std::optional<LineError> parse(std::string& text, Record& record) {
    element document;
    const auto status = parse_json(text, document);
    if (status != simdjson::SUCCESS) {
      return LineError{"invalid-json", simdjson::error_message(status)};
    }
    object fields;
    if (document.get_object().get(fields) != simdjson::SUCCESS) {
      return LineError{"wrong-type", "the line is not a JSON object"};
    }
    return fill(fields, record);
  }

  // Reads an optional string field: absent and null are both "no value".
  std::optional<LineError> string_field(const object& fields, std::string_view key,
                                        std::string_view& value) {
    FieldText text;
    auto error = field_text(fields, key, false, text);
    value = text.text;
    return error;
  }

  // A field's text: one string, or, for a field that may hold several
  // values, a list of them (an entry may also be {"name": "..."}, as the
  // Atom feed's authors are); absent and null are both "no value".
  static std::optional<LineError> field_text(const object& fields, std::string_view key,
                                             bool may_list, FieldText& value) {
    value = {};
    element field;
    if (fields[key].get(field) != simdjson::SUCCESS || field.is_null()) return std::nullopt;
    if (field.get_string().get(value.text) == simdjson::SUCCESS) return std::nullopt;
    simdjson::dom::array list;
    if (!may_list || field.get_array().get(list) != simdjson::SUCCESS) {
      return LineError{"wrong-type", "\"" + std::string(key) + "\" is not a string" +
                                         (may_list ? " or a list of strings" : "")};
    }
    value.listed = true;
    for (element entry : list) {
      std::string_view text;
      if (entry.is_null()) continue;
      if (entry.get_string().get(text) != simdjson::SUCCESS &&
          entry["name"].get_string().get(text) != simdjson::SUCCESS) {
        return LineError{"wrong-type",
                         "\"" + std::string(key) + "\" lists a value that is not a string"};
      }
      value.items.push_back(text);
    }
    return std::nullopt;
  }

  // The authors of a listed or a one-string field ("A. One, B. Two and C. Three").
  static std::vector<std::string> authors_of(const FieldText& authors) {
    if (!authors.listed) return detail::split_author_list(authors.text);
    std::vector<std::string> names;
    for (const std::string_view name : authors.items) {
      std::string author = detail::clean_author_name(name);
      if (!author.empty()) names.push_back(std::move(author));
    }
    return names;
  }

  // The categories, primary first (Record::subjects): the one named primary
  // when the source names it, else the first listed.
  static std::vector<std::string> subjects_of(const FieldText& categories,
                                              std::string_view primary) {
    std::string all(detail::trim(primary));
    for (const std::string_view category :
         categories.listed ? categories.items : std::vector<std::string_view>{categories.text}) {
      all.append(" ").append(category);
    }
    return detail::split_categories(all);  // drops the primary's second mention
  }

  std::optional<LineError> fill(const object& fields, Record& record) {
    std::array<FieldText, kStringSlots> values;
    for (const auto& [key, slot, may_list] : kStringKeys) {
      if (!values[slot].empty()) continue;
      if (auto error = field_text(fields, key, may_list, values[slot])) return error;
    }
    const auto text = [&values](StringSlot slot) { return values[slot].text; };
    const std::string_view id = detail::trim(text(kId));
    if (id.empty()) return LineError{"missing-field", "no \"id\""};
    if (id.starts_with(kDerivedIdPrefix)) {
      // A paper paperdex gave an id of its own (no arXiv id: an author
      // page's): left without one, the writer makes it again from the title
      // and year, as it made it first, and merges it as an author page's.
    } else if (const auto canonical = canonical_arxiv_id(id)) {
      record.id = *canonical;
    } else {
      return LineError{"invalid-id", quote_input(id) + " is not an arXiv id"};
    }
    record.title = analyzer_.prepare(text(kTitle));
    if (record.title.empty()) return LineError{"missing-field", "no \"title\""};
    record.abstract = analyzer_.prepare(text(kAbstract));
    record.subjects = subjects_of(values[kCategories], text(kPrimaryCategory));
    record.comments = analyzer_.prepare(text(kComments));
    record.journal = analyzer_.prepare(text(kJournalRef));
    record.doi = std::string(detail::trim(text(kDoi)));
    record.report_no = analyzer_.prepare(text(kReportNo));
    record.license = std::string(detail::trim(text(kLicense)));
    record.msc_class = analyzer_.prepare(text(kMscClass));
    record.updated = detail::iso_date(text(kUpdateDate));

    if (auto error = read_versions(fields, record)) return error;
    // Without a version list (the API's records), the date it was published.
    if (record.submitted.empty()) {
      record.submitted = detail::iso_date(text(kSubmitted));
      record.year = detail::year_of(record.submitted);
    }
    if (auto error = read_marks(fields, record)) return error;
    if (auto error = read_parsed_authors(fields, record)) return error;
    // authors_parsed is missing from some re-serialized snapshots and from
    // other sources; "authors" has the same names.
    if (record.authors.empty()) record.authors = authors_of(values[kAuthors]);
    return std::nullopt;
  }

  // The array at `key` in `list`; absent and null leave `list` empty.
  static std::optional<LineError> optional_array(const object& fields, std::string_view key,
                                                 simdjson::dom::array& list, bool& present) {
    element value;
    present = fields[key].get(value) == simdjson::SUCCESS && !value.is_null();
    if (!present) return std::nullopt;
    if (value.get_array().get(list) != simdjson::SUCCESS) {
      return LineError{"wrong-type", "\"" + std::string(key) + "\" is not an array"};
    }
    return std::nullopt;
  }

  // "versions": [{"version": "v1", "created": "Mon, 2 Apr 2007 19:18:42 GMT"}, ...]
  std::optional<LineError> read_versions(const object& fields, Record& record) {
    simdjson::dom::array list;
    bool present = false;
    if (auto error = optional_array(fields, kVersionsKey, list, present); error || !present) {
      return error;
    }
    for (element version : list) {
      std::string_view name, created;
      object entry;
      if (version.get_object().get(entry) != simdjson::SUCCESS) {
        return LineError{"wrong-type", "a \"versions\" entry is not an object"};
      }
      if (auto error = string_field(entry, "version", name)) return error;
      if (auto error = string_field(entry, "created", created)) return error;
      // paperdex's own form: {"version": "v1", "date": "2007-04-02"}.
      if (created.empty()) {
        if (auto error = string_field(entry, "date", created)) return error;
      }
      record.versions.push_back(detail::record_version(name, created));
    }
    // v1 comes first in the snapshot: its date is the first submission.
    if (!record.versions.empty()) {
      record.submitted = record.versions.front().date;
      record.year = detail::year_of(record.submitted);
    }
    return std::nullopt;
  }

  // "year" (when no date gives it) and "withdrawn": true, as paperdex
  // writes a paper. A withdrawal is the latest version's (update_policy.h
  // derives the mark from it), so it is read as that version having no files.
  static std::optional<LineError> read_marks(const object& fields, Record& record) {
    element value;
    if (fields[kYearKey].get(value) == simdjson::SUCCESS && !value.is_null()) {
      std::int64_t year = 0;
      if (value.get_int64().get(year) != simdjson::SUCCESS || year < 0 || year > 9999) {
        return LineError{"wrong-type", "\"year\" is not a year (a number such as 2017)"};
      }
      if (record.year == 0) record.year = static_cast<int>(year);
    }
    if (fields[kWithdrawnKey].get(value) == simdjson::SUCCESS && !value.is_null()) {
      bool withdrawn = false;
      if (value.get_bool().get(withdrawn) != simdjson::SUCCESS) {
        return LineError{"wrong-type", "\"withdrawn\" is not true or false"};
      }
      if (withdrawn && !record.versions.empty()) {
        record.withdrawn_versions.push_back(record.versions.back().version);
      }
    }
    return std::nullopt;
  }

  std::optional<LineError> read_parsed_authors(const object& fields, Record& record) {
    simdjson::dom::array names;
    bool present = false;
    if (auto error = optional_array(fields, kAuthorsParsedKey, names, present); error || !present) {
      return error;
    }
    for (element name : names) {
      simdjson::dom::array parts;
      if (name.get_array().get(parts) != simdjson::SUCCESS) {
        return LineError{"wrong-type", "an \"authors_parsed\" entry is not an array"};
      }
      std::string_view part[3];
      std::size_t index = 0;
      for (element value : parts) {
        if (index == 3) break;  // a rare fourth element is always empty
        if (value.get_string().get(part[index]) != simdjson::SUCCESS) {
          return LineError{"wrong-type", "an \"authors_parsed\" name part is not a string"};
        }
        ++index;
      }
      std::string author = detail::join_name_parts(fix_forenames(part[1]), part[0], part[2]);
      if (author.empty()) continue;
      record.authors.push_back(std::move(author));
      record.family_names.push_back(detail::clean_author_name(part[0]));
    }
    record.family_names = detail::family_names_if_any(std::move(record.family_names));
    return std::nullopt;
  }

  // arXiv's name parser splits hyphenated initials ("C.-P." -> "C. -P.");
  // glue them back so the name reads as the authors wrote it.
  static std::string fix_forenames(std::string_view forenames) {
    std::string fixed(forenames);
    for (std::size_t at = fixed.find(". -"); at != std::string::npos; at = fixed.find(". -", at)) {
      fixed.erase(at + 1, 1);
    }
    return fixed;
  }

  const std::string& origin_;
  const RecordSink& sink_;
  Analyzer analyzer_;
  simdjson::dom::parser parser_;
  std::string sanitized_;
};

}  // namespace

const std::vector<std::string_view>& snapshot_keys() {
  static const std::vector<std::string_view> keys = [] {
    std::vector<std::string_view> all;
    for (const StringKey& key : kStringKeys) all.push_back(key.key);
    all.insert(all.end(), {kVersionsKey, kAuthorsParsedKey, kYearKey, kWithdrawnKey});
    all.insert(all.end(), std::begin(kUnreadKeys), std::end(kUnreadKeys));
    // A paper's fields that follow from the others (url, subject_names) or
    // are the index's clock (added, changed): a paper paperdex wrote is read
    // back without them, and they are made again.
    for (const schema::RecordField& field : schema::record_fields()) {
      const bool derived = field.merge == schema::MergeRule::kNotStored ||
                           field.merge == schema::MergeRule::kFirstTime ||
                           field.merge == schema::MergeRule::kLastTime;
      if (field.audience == schema::FieldAudience::kPublic && derived &&
          std::find(all.begin(), all.end(), field.name) == all.end()) {
        all.push_back(field.name);
      }
    }
    return all;
  }();
  return keys;
}

void read_arxiv_jsonl(std::istream& in, const std::string& origin, const RecordSink& sink) {
  JsonlParser parser(origin, sink);
  detail::read_bounded_lines(in, origin, sink, [&parser](std::string& line, std::size_t number) {
    parser.line(line, number);
  });
}

namespace {

// Which elements of an array read_elements takes for records.
enum class ArrayRole { kRecords, kRecordsIfPapers };

// Reads the elements of one JSON array; with kRecordsIfPapers, only when the
// first looks like a paper (the others are passed over). Returns whether
// they were read as records.
bool read_elements(JsonArrayElements& elements, JsonlParser& parser, const std::string& origin,
                   const RecordSink& sink, ArrayRole role) {
  bool records = role == ArrayRole::kRecords;
  bool first = true;
  std::string element;
  for (auto status = elements.next(element); status != JsonArrayElements::Status::kEnd;
       status = elements.next(element)) {
    if (std::exchange(first, false) && !records) {
      records = status == JsonArrayElements::Status::kElement && parser.looks_like_paper(element);
    }
    if (!records && status != JsonArrayElements::Status::kMalformed) continue;
    const std::string where = origin + ":" + std::to_string(elements.element_line());
    switch (status) {
      case JsonArrayElements::Status::kElement:
        parser.line(element, elements.element_line());
        break;
      case JsonArrayElements::Status::kTooLong:
        report(sink, where, "too-long",
               "an array element longer than 16 MiB, the limit for one record");
        break;
      case JsonArrayElements::Status::kMalformed:
        report(sink, origin + ":" + std::to_string(elements.line()), "invalid-json",
               elements.problem() + "; the rest of the file is not read");
        break;
      case JsonArrayElements::Status::kEnd:
        break;
    }
  }
  return records;
}

}  // namespace

void read_arxiv_json_array(std::istream& in, const std::string& origin, const RecordSink& sink) {
  JsonlParser parser(origin, sink);
  JsonArrayElements elements(*in.rdbuf(), detail::kMaxRecordBytes);
  read_elements(elements, parser, origin, sink, ArrayRole::kRecords);
  if (!elements.trailing_text_ok()) {
    report(sink, origin + ":" + std::to_string(elements.line()), "invalid-json",
           "text after the end of the JSON array ignored");
  }
}

void read_json_document(std::istream& in, const std::string& origin, const RecordSink& sink) {
  JsonlParser parser(origin, sink);
  JsonObjectMembers members(*in.rdbuf());
  bool found_papers = false;
  std::string key;
  while (members.next(key)) {
    if (members.peek_value() != '[') {
      members.skip_value();
      continue;
    }
    JsonArrayElements elements(*in.rdbuf(), detail::kMaxRecordBytes, members.line());
    found_papers |= read_elements(elements, parser, origin, sink, ArrayRole::kRecordsIfPapers);
    members.set_line(elements.line());
    if (!elements.problem().empty()) return;  // reported where it broke
  }
  if (!members.problem().empty() && found_papers) {
    report(sink, origin + ":" + std::to_string(members.line()), "invalid-json",
           members.problem() + "; the rest of the file is not read");
  } else if (!found_papers) {
    // One message for the file, not one per line as JSON lines would give.
    report(sink, origin, std::string(kNotRecordsUnknownFormat),
           "a JSON document (not one JSON object a line) with no list of papers in it (objects "
           "with \"title\" and \"id\", \"arxiv_id\", \"abstract\", \"summary\" or "
           "\"authors\"): not a format paperdex reads, which are " +
               detail::input_format_list());
  }
}

}  // namespace paperdex
