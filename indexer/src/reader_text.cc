#include "reader_text.h"

#include "input_limits.h"
#include "paperdex/common/line_reader.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdio>

#include "paperdex/common/tex.h"
#include "paperdex/common/utf8.h"

namespace paperdex::detail {
namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// Parses all of `text` as a non-negative integer; -1 otherwise.
int parse_int(std::string_view text) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < 0) return -1;
  return value;
}

std::string format_date(int year, int month, int day) {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1 || day > 31) return {};
  std::array<char, 16> buffer{};
  std::snprintf(buffer.data(), buffer.size(), "%04d-%02d-%02d", year, month, day);
  return buffer.data();
}

int month_number(std::string_view name) {
  static constexpr std::array<std::string_view, 12> kMonths = {
      "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"};
  if (name.size() < 3) return 0;
  std::string lower;
  for (char c : name.substr(0, 3)) lower.push_back(static_cast<char>(c | 0x20));
  for (std::size_t i = 0; i < kMonths.size(); ++i) {
    if (lower == kMonths[i]) return static_cast<int>(i) + 1;
  }
  return 0;
}

std::vector<std::string_view> split_words(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (is_space(text[i]) || text[i] == ',')) ++i;
    const std::size_t start = i;
    while (i < text.size() && !is_space(text[i]) && text[i] != ',') ++i;
    if (i > start) words.push_back(text.substr(start, i - start));
  }
  return words;
}

}  // namespace

std::string_view trim(std::string_view text) {
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

bool starts_with_bom(std::string_view text) { return text.starts_with("\xEF\xBB\xBF"); }

std::string clean_author_name(std::string_view raw) {
  std::string decoded = decode_tex(sanitize_utf8(raw));
  // decode_tex drops braces it understands; any left over are source noise
  // ("Ka{â}niche"), and a name never contains a brace.
  std::string unbraced;
  unbraced.reserve(decoded.size());
  for (char c : decoded) {
    if (c != '{' && c != '}') unbraced.push_back(c);
  }
  return collapse_whitespace(unbraced);
}

std::vector<std::string> split_author_list(std::string_view raw) {
  std::vector<std::string> pieces;
  std::string current;
  int depth = 0;        // inside braces: TeX groups, never split there
  int parentheses = 0;  // inside parentheses: affiliations, dropped
  const auto flush = [&] {
    std::string name = clean_author_name(current);
    if (!name.empty()) pieces.push_back(std::move(name));
    current.clear();
  };
  for (std::size_t i = 0; i < raw.size(); ++i) {
    const char c = raw[i];
    // "A. Smith (1, 2), B. Jones (3) ((1) MIT, (2) CERN, (3) ETH)": the
    // parenthesised affiliations are not names, and their commas not separators.
    if (depth == 0 && c == '(') {
      ++parentheses;
      continue;
    }
    if (depth == 0 && c == ')' && parentheses > 0) {
      --parentheses;
      continue;
    }
    if (parentheses > 0) continue;
    if (c == '{') ++depth;
    if (c == '}' && depth > 0) --depth;
    if (depth == 0 && c == ',') {
      flush();
      continue;
    }
    // " and " between names, whatever the surrounding whitespace (line wraps).
    if (depth == 0 && is_space(c) && raw.substr(i + 1, 3) == "and" && i + 4 < raw.size() &&
        is_space(raw[i + 4])) {
      flush();
      i += 3;
      continue;
    }
    current.push_back(c);
  }
  flush();
  // "A, B, and C": the comma before "and" leaves an "and C" piece.
  for (auto& piece : pieces) {
    if (piece.starts_with("and ")) piece.erase(0, 4);
  }
  std::erase_if(pieces, [](const std::string& piece) { return piece.empty() || piece == "and"; });
  return pieces;
}

std::string join_name_parts(std::string_view forenames, std::string_view keyname,
                            std::string_view suffix) {
  std::string joined;
  for (std::string_view part : {forenames, keyname, suffix}) {
    part = trim(part);
    if (part.empty()) continue;
    if (!joined.empty()) joined.push_back(' ');
    joined.append(part);
  }
  return clean_author_name(joined);
}

std::vector<std::string> family_names_if_any(std::vector<std::string> families) {
  const bool any = std::any_of(families.begin(), families.end(),
                               [](const std::string& family) { return !family.empty(); });
  if (!any) families.clear();
  return families;
}

std::vector<std::string> split_categories(std::string_view raw) {
  std::vector<std::string> categories;
  for (std::string_view word : split_words(raw)) {
    std::string category(word);
    if (std::find(categories.begin(), categories.end(), category) == categories.end()) {
      categories.push_back(std::move(category));
    }
  }
  return categories;
}

bool looks_like_category(std::string_view word) {
  if (word.empty() || word.size() > 24 || !is_ascii_letter(word.front())) return false;
  bool has_dot = false;
  for (char c : word) {
    if (c == '.') {
      if (has_dot) return false;
      has_dot = true;
    } else if (!is_ascii_letter(c) && c != '-') {
      return false;
    }
  }
  return word.back() != '.' && word.back() != '-';
}

std::string iso_date(std::string_view raw) {
  raw = trim(raw);
  // ISO: YYYY-MM-DD, maybe followed by a time.
  if (raw.size() >= 10 && is_digit(raw[0]) && raw[4] == '-' && raw[7] == '-') {
    return format_date(parse_int(raw.substr(0, 4)), parse_int(raw.substr(5, 2)),
                       parse_int(raw.substr(8, 2)));
  }
  // RFC 2822: [Day,] D Mon YYYY [time zone].
  std::vector<std::string_view> words = split_words(raw);
  if (!words.empty() && !is_digit(words.front()[0])) words.erase(words.begin());
  if (words.size() < 3) return {};
  return format_date(parse_int(words[2]), month_number(words[1]), parse_int(words[0]));
}

int year_of(std::string_view iso) {
  if (iso.size() < 4) return 0;
  const int year = parse_int(iso.substr(0, 4));
  return year < 0 ? 0 : year;
}

void report(const RecordSink& sink, std::string where, std::string reason, std::string message) {
  if (sink.on_problem) {
    sink.on_problem(ReadProblem{std::move(where), std::move(reason), std::move(message)});
  }
}

void read_bounded_lines(std::istream& in, const std::string& origin, const RecordSink& sink,
                        const std::function<void(std::string& line, std::size_t number)>& line) {
  BoundedLineReader reader(in, kMaxRecordBytes);
  std::string text;
  for (auto status = reader.next(text); status != BoundedLineReader::Status::kEnd;
       status = reader.next(text)) {
    if (status == BoundedLineReader::Status::kLine) {
      line(text, reader.line_number());
      continue;
    }
    report(sink, origin + ":" + std::to_string(reader.line_number()), "too-long",
           "a line longer than 16 MiB, the limit for one record");
    if (reader.gave_up()) {
      report(sink, origin, "too-long",
             "no line end in the next 1 GiB either: the rest of the input is not read");
    }
  }
}

PaperVersion record_version(std::string_view version, std::string_view raw_date) {
  return PaperVersion{std::string(trim(version)), iso_date(raw_date)};
}

}  // namespace paperdex::detail
