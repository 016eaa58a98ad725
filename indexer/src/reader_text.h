// Text helpers shared by the readers: line handling, author names, dates.
// Private to the indexer (not installed).
#pragma once

#include <functional>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "paperdex/common/record.h"
#include "paperdex/indexer/record_sink.h"

namespace paperdex::detail {

// A problem for the sink, when it takes problems.
void report(const RecordSink& sink, std::string where, std::string reason, std::string message);

// Reads `in` line by line with a bound on a line's length (the limit for one
// record), handing each line and its number to `line`; a line over the bound
// is a "too-long" problem named by its number, and the next line is read.
void read_bounded_lines(std::istream& in, const std::string& origin, const RecordSink& sink,
                        const std::function<void(std::string& line, std::size_t number)>& line);

// An XML element whose text a reader keeps whole in a member of its pending
// record (`Pending`), cleaned when the record is complete.
template <class Pending>
struct TextField {
  std::string_view element;
  std::string Pending::*member;
};

// Stores `value` in the member `fields` names for element `name`; false when
// none does.
template <class Pending, std::size_t N>
bool store_text_field(const TextField<Pending> (&fields)[N], std::string_view name,
                      std::string_view value, Pending& pending) {
  for (const auto& [element, member] : fields) {
    if (name == element) {
      pending.*member = value;
      return true;
    }
  }
  return false;
}

// arXiv's version list from its versions ("v1") and their dates as the
// source writes them (iso_date() reads them); the first submission and the
// latest version are then versions.front() and versions.back().
PaperVersion record_version(std::string_view version, std::string_view raw_date);

// Without leading/trailing ASCII whitespace (including the '\r' of CRLF files).
std::string_view trim(std::string_view text);

// True when `text` begins with the UTF-8 byte order mark.
bool starts_with_bom(std::string_view text);

// A raw author name (TeX, stray braces, odd spacing, maybe invalid UTF-8) ->
// display form "Forenames Keyname".
std::string clean_author_name(std::string_view raw);

// "A. Smith, B. Jones and C. Wu" -> {"A. Smith", "B. Jones", "C. Wu"}, each cleaned.
// Commas inside braces ("{Smith, Jr.}") do not split; parenthesised
// affiliations ("A. Smith (MIT)") are dropped.
std::vector<std::string> split_author_list(std::string_view raw);

// "Forenames Keyname Suffix" from the parts of a parsed name; empty parts skipped.
std::string join_name_parts(std::string_view forenames, std::string_view keyname,
                            std::string_view suffix);

// The family names a source split off its authors (Record::family_names),
// or none when it split none: a record then keeps no list of empty names.
std::vector<std::string> family_names_if_any(std::vector<std::string> families);

// Space- or comma-separated category list -> categories in order, duplicates dropped.
std::vector<std::string> split_categories(std::string_view raw);

// Shaped as an arXiv category ("cs.NI", "math.FA", "hep-th", "q-bio.NC",
// "physics"), as an MSC ("35J20") or ACM ("I.2.7") class is not.
bool looks_like_category(std::string_view word);

// Dates as the sources write them -> "YYYY-MM-DD", or empty when unparseable:
// ISO ("2016-03-09", "2021-04-26T17:59:59Z") and RFC 2822 ("Mon, 2 Apr 2007 19:18:42 GMT").
std::string iso_date(std::string_view raw);

// The year of an ISO "YYYY-MM-DD" date, 0 when empty.
int year_of(std::string_view iso);

// Where JSON text stands, one byte at a time: inside a string or not, and how
// deep in objects and arrays. The readers that look at JSON's shape without
// parsing it (the format sniffer, the document reader passing a value over)
// share it.
class JsonNesting {
 public:
  // Takes the next byte; true when it is structure (outside every string).
  // An opening or closing bracket has then moved depth().
  bool step(char c) {
    if (in_string_) {
      in_string_ = escaped_ || c != '"';
      escaped_ = !escaped_ && c == '\\';
      return false;
    }
    if (c == '"') {
      in_string_ = true;
      return false;
    }
    if (c == '{' || c == '[') ++depth_;
    if (c == '}' || c == ']') --depth_;
    return true;
  }
  int depth() const { return depth_; }
  bool in_string() const { return in_string_; }

 private:
  int depth_ = 0;
  bool in_string_ = false;
  bool escaped_ = false;
};

}  // namespace paperdex::detail
