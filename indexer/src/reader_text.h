// Text helpers shared by the readers: line handling, author names, dates.
// Private to the indexer (not installed).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace paperdex::detail {

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

// Space- or comma-separated category list -> categories in order, duplicates dropped.
std::vector<std::string> split_categories(std::string_view raw);

// Dates as the sources write them -> "YYYY-MM-DD", or empty when unparseable:
// ISO ("2016-03-09", "2021-04-26T17:59:59Z") and RFC 2822 ("Mon, 2 Apr 2007 19:18:42 GMT").
std::string iso_date(std::string_view raw);

// The year of an ISO "YYYY-MM-DD" date, 0 when empty.
int year_of(std::string_view iso);

}  // namespace paperdex::detail
