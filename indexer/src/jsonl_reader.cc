// The arXiv dataset snapshot (arxiv-metadata-oai-snapshot.json): one JSON
// object per line. The full file is ~4.5 GB, so it is read one line at a time
// with a reused simdjson DOM parser (memory bounded by the longest line); a
// bad line is reported with its number and the next line is read as usual.
#include <simdjson.h>

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "format_readers.h"
#include "input_limits.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/common/arxiv_id.h"
#include "paperdex/common/safe_text.h"
#include "paperdex/common/utf8.h"
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

// The snapshot's keys whose values are strings, in the order fill() binds them.
constexpr std::string_view kStringKeys[] = {"id",         "title",    "abstract",    "authors",
                                            "categories", "comments", "journal-ref", "doi",
                                            "report-no",  "license",  "update_date"};
// The two whose values are lists (read_versions, read_parsed_authors).
constexpr std::string_view kVersionsKey = "versions";
constexpr std::string_view kAuthorsParsedKey = "authors_parsed";
// The snapshot's one key that the index does not keep.
constexpr std::string_view kUnreadKey = "submitter";

// The top-level elements of a JSON array ("[ {...}, {...} ]", pretty-printed
// or not), one at a time as raw text, so a document of any size is read with
// one element in memory. The elements themselves are parsed by JsonlParser.
class JsonArrayElements {
 public:
  enum class Status { kElement, kTooLong, kMalformed, kEnd };

  JsonArrayElements(std::streambuf& in, std::size_t max_element_bytes)
      : in_(in), max_element_bytes_(max_element_bytes) {}

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
  std::size_t line_ = 1;
  std::size_t element_line_ = 1;
  bool opened_ = false;
  bool after_comma_ = false;
  bool done_ = false;
  bool closed_ = false;
  std::string problem_;
};

class JsonlParser {
 public:
  JsonlParser(const std::string& origin, const RecordSink& sink) : origin_(origin), sink_(sink) {}

  void line(std::string& text, std::size_t number) {
    if (detail::trim(text).empty()) return;  // blank lines carry nothing, not an error
    std::optional<LineError> error;
    Record record;
    if (text.find('\0') != std::string::npos) {
      error = LineError{"invalid-json", "NUL byte in the line"};
    } else {
      error = parse(text, record);
    }
    if (error) {
      return report(sink_, origin_ + ":" + std::to_string(number), std::move(error->reason),
                    std::move(error->message));
    }
    record.origin = origin_ + ":" + std::to_string(number);
    if (sink_.on_record) sink_.on_record(std::move(record));
  }

 private:
  std::optional<LineError> parse(std::string& text, Record& record) {
    // simdjson reads up to SIMDJSON_PADDING bytes past the end; with room in
    // the string it parses in place instead of copying every line.
    if (text.capacity() - text.size() < simdjson::SIMDJSON_PADDING) {
      text.reserve(text.size() + simdjson::SIMDJSON_PADDING);
    }
    element document;
    auto status = parser_.parse(text).get(document);
    if (status == simdjson::UTF8_ERROR) {
      // A few snapshot lines carry bytes that are not UTF-8; the rest of the
      // record is fine, so index it with the bad bytes replaced.
      sanitized_ = sanitize_utf8(text);
      sanitized_.reserve(sanitized_.size() + simdjson::SIMDJSON_PADDING);
      status = parser_.parse(sanitized_).get(document);
    }
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
    value = {};
    element field;
    if (fields[key].get(field) != simdjson::SUCCESS || field.is_null()) return std::nullopt;
    if (field.get_string().get(value) != simdjson::SUCCESS) {
      return LineError{"wrong-type", "\"" + std::string(key) + "\" is not a string"};
    }
    return std::nullopt;
  }

  std::optional<LineError> fill(const object& fields, Record& record) {
    std::array<std::string_view, std::size(kStringKeys)> strings;
    for (std::size_t i = 0; i < strings.size(); ++i) {
      if (auto error = string_field(fields, kStringKeys[i], strings[i])) return error;
    }
    const auto& [id, title, abstract, authors, categories, comments, journal_ref, doi, report_no,
                 license, update_date] = strings;
    if (detail::trim(id).empty()) return LineError{"missing-field", "no \"id\""};
    const auto canonical = canonical_arxiv_id(id);
    if (!canonical) return LineError{"invalid-id", quote_input(id) + " is not an arXiv id"};
    record.id = *canonical;
    record.title = analyzer_.prepare(title);
    if (record.title.empty()) return LineError{"missing-field", "no \"title\""};
    record.abstract = analyzer_.prepare(abstract);
    record.categories = detail::split_categories(categories);
    record.comments = analyzer_.prepare(comments);
    record.journal_ref = analyzer_.prepare(journal_ref);
    record.doi = std::string(detail::trim(doi));
    record.report_no = analyzer_.prepare(report_no);
    record.license = std::string(detail::trim(license));
    record.updated = detail::iso_date(update_date);

    if (auto error = read_versions(fields, record)) return error;
    if (auto error = read_parsed_authors(fields, record)) return error;
    // authors_parsed is missing from some re-serialized snapshots; the TeX
    // string has the same names.
    if (record.authors.empty()) record.authors = detail::split_author_list(authors);
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
      record.versions.push_back(detail::record_version(name, created));
    }
    // v1 comes first in the snapshot: its date is the first submission.
    if (!record.versions.empty()) {
      record.created = record.versions.front().date;
      record.year = detail::year_of(record.created);
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
      if (!author.empty()) record.authors.push_back(std::move(author));
    }
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

std::span<const std::string_view> snapshot_keys() {
  static const std::vector<std::string_view> keys = [] {
    std::vector<std::string_view> all(std::begin(kStringKeys), std::end(kStringKeys));
    all.insert(all.end(), {kVersionsKey, kAuthorsParsedKey, kUnreadKey});
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

void read_arxiv_json_array(std::istream& in, const std::string& origin, const RecordSink& sink) {
  JsonlParser parser(origin, sink);
  JsonArrayElements elements(*in.rdbuf(), detail::kMaxRecordBytes);
  std::string element;
  for (auto status = elements.next(element); status != JsonArrayElements::Status::kEnd;
       status = elements.next(element)) {
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
  if (!elements.trailing_text_ok()) {
    report(sink, origin + ":" + std::to_string(elements.line()), "invalid-json",
           "text after the end of the JSON array ignored");
  }
}

}  // namespace paperdex
