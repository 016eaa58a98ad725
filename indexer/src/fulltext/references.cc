// The extraction stage (full text), references: where a paper's reference
// list is and how it splits into entries, for a PDF's text and a LaTeX .bbl
// (references.h). The entries' fields are read by parse_reference
// (reference_fields.cc). The way GROBID, CERMINE and refextract go about it,
// reduced to what text without layout allows: find the section by its
// heading, drop what repeats at page edges, then start an entry at each line
// that opens with the next label, or, without labels, at a line that opens
// with a name after a line that closed an entry.
#include "fulltext/references.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <iterator>
#include <unordered_map>
#include <unordered_set>

#include "fulltext/latex_internal.h"
#include "fulltext/text_cleaning.h"
#include "paperdex/common/safe_text.h"
#include "paperdex/common/utf8.h"

namespace paperdex::fulltext {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
bool is_non_ascii(char c) { return (static_cast<unsigned char>(c) & 0x80) != 0; }

// Names kept of one entry's author list: a collaboration's thousands are not
// what finds the paper.
constexpr std::size_t kMaxNames = 1000;

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t' || text.front() == '\r'))
    text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
    text.remove_suffix(1);
  return text;
}

// The cut a paper's list gets (#51 item 7), said in its warnings.
class Bounds {
 public:
  Bounds(const std::string& file, std::vector<std::string>& warnings)
      : file_(file), warnings_(warnings) {}

  // Whether another entry may be kept; counts the ones that may not.
  bool take() {
    ++seen_;
    return seen_ <= kMaxReferences;
  }
  // `text` cut to kMaxReferenceBytes, counting the cut.
  std::string_view entry(std::string_view text) {
    if (text.size() <= kMaxReferenceBytes) return text;
    ++entries_cut_;
    std::size_t bytes = kMaxReferenceBytes;
    while (bytes > 0 && (static_cast<unsigned char>(text[bytes]) & 0xC0) == 0x80) --bytes;
    return text.substr(0, bytes);
  }
  // What was cut, as warnings naming the file; once, when the list is read.
  void report() {
    const std::string prefix = (file_.empty() ? std::string() : file_ + ": ") + "references: ";
    if (seen_ > kMaxReferences) {
      warnings_.push_back(prefix + "first " + with_thousands(kMaxReferences) + " of " +
                          with_thousands(seen_) + " entries kept");
    }
    if (entries_cut_ > 0) {
      warnings_.push_back(prefix + with_thousands(entries_cut_) + " entr" +
                          (entries_cut_ == 1 ? "y" : "ies") + " cut at " +
                          detail::describe_bytes(kMaxReferenceBytes));
    }
  }

 private:
  const std::string& file_;
  std::vector<std::string>& warnings_;
  std::size_t seen_ = 0;
  std::size_t entries_cut_ = 0;
};

// --- A PDF's lines ---

struct Line {
  std::string_view text;  // trimmed, into the cleaned pages
  std::size_t page = 0;
  bool running = false;  // a running head or foot: no entry's text
};

// "7 References", "VII. REFERENCES", "R EFERENCES", "Literature Cited":
// the heading's words, numbering dropped, lower case without spaces.
std::string heading_key(std::string_view line) {
  if (line.size() > 48) return {};
  std::size_t i = 0;
  // A number or a roman numeral, then '.' or ' '.
  while (i < line.size() && (is_digit(line[i]) || line[i] == '.' ||
                             std::string_view("IVX").find(line[i]) != std::string_view::npos)) {
    ++i;
  }
  if (i > 0 && i < line.size() && (line[i] == ' ' || line[i - 1] == '.')) {
    line.remove_prefix(i);
  }
  std::string key;
  for (const char c : line) {
    if (c == ' ' || c == ':' || c == '.') continue;
    key.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  }
  return key;
}

bool is_references_heading(std::string_view line) {
  static constexpr std::array<std::string_view, 9> kHeadings = {
      "references",       "reference",          "bibliography",
      "literaturecited",  "referencesandnotes", "citedliterature",
      "listofreferences", "workscited",         "referencescited"};
  const std::string key = heading_key(line);
  return std::find(kHeadings.begin(), kHeadings.end(), key) != kHeadings.end();
}

// A heading after the references: an appendix, supplementary material.
bool is_end_heading(std::string_view line) {
  if (line.size() > 60) return false;
  std::size_t i = 0;
  while (i < line.size() && (is_digit(line[i]) || is_upper(line[i]) || line[i] == '.') && i < 4)
    ++i;
  const std::string key = heading_key(line.substr(i < line.size() && line[i] == ' ' ? i : 0));
  for (const std::string_view start :
       {"appendix", "appendices", "supplementary", "supplemental", "supportinginformation"}) {
    if (key.starts_with(start)) return key.size() <= start.size() + 40;
  }
  return false;
}

bool is_page_number(std::string_view line) {
  if (line.starts_with("Page ") || line.starts_with("page ")) line.remove_prefix(5);
  if (line.empty() || line.size() > 9) return false;
  return std::all_of(line.begin(), line.end(),
                     [](char c) { return is_digit(c) || c == ' ' || c == '/' || c == '-'; }) ||
         std::all_of(line.begin(), line.end(), [](char c) {
           return std::string_view("ivxlcIVXLC").find(c) != std::string_view::npos;
         });
}

// A line as a running header or footer is compared: digits alike.
std::string edge_key(std::string_view line) {
  std::string key(line);
  for (char& c : key) {
    if (is_digit(c)) c = '#';
  }
  return key;
}

std::string_view bracket_label(std::string_view line);
long plain_number(std::string_view line);

// The lines of `pages` (cleaned: valid UTF-8, ligatures spelled), empty
// lines and page numbers left out, running heads and feet marked (a
// "References" running head says where the list's pages are).
std::vector<Line> content_lines(std::string_view pages) {
  std::vector<std::vector<std::string_view>> by_page;
  for (std::size_t start = 0; start < pages.size();) {
    std::size_t end = pages.find('\f', start);
    if (end == std::string_view::npos) end = pages.size();
    std::vector<std::string_view> lines;
    const std::string_view page = pages.substr(start, end - start);
    for (std::size_t at = 0; at < page.size();) {
      std::size_t stop = page.find('\n', at);
      if (stop == std::string_view::npos) stop = page.size();
      const std::string_view line = trim(page.substr(at, stop - at));
      if (!line.empty()) lines.push_back(line);
      at = stop + 1;
    }
    by_page.push_back(std::move(lines));
    start = end + 1;
  }
  // The first and last two lines of each page, digits alike: those on three
  // pages or more are running heads and feet.
  constexpr std::size_t kEdge = 2;
  std::unordered_map<std::string, std::size_t> edge_counts;
  for (const auto& lines : by_page) {
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (i < kEdge || i + kEdge >= lines.size()) ++edge_counts[edge_key(lines[i])];
    }
  }
  // Three pages are enough: the list's own head ("References") runs over its
  // pages only. An entry's first line is never taken for one.
  constexpr std::size_t kRepeated = 3;
  std::vector<Line> out;
  for (std::size_t page = 0; page < by_page.size(); ++page) {
    const auto& lines = by_page[page];
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const bool at_edge = i < kEdge || i + kEdge >= lines.size();
      // A page number is a page's first or last line; a lone number inside
      // is an entry's pages broken off its line ("MNRAS, 379,\n641").
      const bool outermost = i == 0 || i + 1 == lines.size();
      if (outermost && is_page_number(lines[i])) continue;
      const bool running = at_edge && edge_counts[edge_key(lines[i])] >= kRepeated &&
                           bracket_label(lines[i]).empty() && plain_number(lines[i]) < 0;
      out.push_back({lines[i], page, running});
    }
  }
  return out;
}

// "[12]" at the start of `line`: the label, else "".
std::string_view bracket_label(std::string_view line) {
  if (line.size() < 3 || line.front() != '[') return {};
  const std::size_t close = line.substr(0, 24).find(']');
  if (close == std::string_view::npos || close < 2) return {};
  const std::string_view label = line.substr(1, close - 1);
  if (label.find(' ') != std::string_view::npos) return {};
  return label;
}

// "12." / "12 " / "12)" / "(12)" at the start of `line`: the number, else -1.
long plain_number(std::string_view line) {
  if (!line.empty() && line.front() == '(') line.remove_prefix(1);
  std::size_t digits = 0;
  while (digits < line.size() && digits < 5 && is_digit(line[digits])) ++digits;
  if (digits == 0 || digits >= line.size()) return -1;
  const char after = line[digits];
  if (after != '.' && after != ' ' && after != ')') return -1;
  if (after == '.' && digits + 1 < line.size() && line[digits + 1] != ' ') return -1;  // "3.5"
  return std::stol(std::string(line.substr(0, digits)));
}

bool is_number(std::string_view text) {
  return !text.empty() && text.size() < 6 && std::all_of(text.begin(), text.end(), is_digit);
}

// A line that ends an entry's text cannot end with these.
bool continues(std::string_view line) {
  if (line.empty()) return true;
  const char last = line.back();
  if (last == ',' || last == '&' || last == ';' || last == ':' || last == '-' || last == '(' ||
      last == '/')
    return true;
  for (const std::string_view word : {" and", " in", " of", " the", " et", " for", " on"}) {
    if (line.ends_with(word)) return true;
  }
  return false;
}

bool is_capitalised_word(std::string_view word) {
  if (word.size() < 2 || !(is_upper(word.front()) || is_non_ascii(word.front()))) return false;
  return std::all_of(word.begin() + 1, word.end(), [](char c) {
    return is_lower(c) || is_non_ascii(c) || c == '-' || c == '\'' || is_upper(c);
  });
}

bool is_initial_word(std::string_view word) {
  return word.size() >= 2 && word.size() <= 6 && is_upper(word.front()) && word.back() == '.';
}

// How an author-year entry opens: a surname and initials ("Cowan, N. B.,"),
// initials and a surname ("J. Smith,"), a name written out followed by a
// comma or "and" ("Riaz Ahmad and"), or the dash standing for the previous
// entry's authors ("—. 2002b").
bool opens_with_name(std::string_view line, bool strong_only) {
  if (line.starts_with("\xE2\x80\x94") || line.starts_with("\xE2\x80\x95") ||
      line.starts_with("___") || line.starts_with("--")) {
    return true;
  }
  const std::size_t comma = line.substr(0, 48).find(',');
  if (comma != std::string_view::npos) {
    // "Collier Cameron, A." / "van der Heide, J."
    // "Adamopoulos G., Robertson J." (MNRAS): initials after the surname,
    // before the comma.
    const std::string_view surname = line.substr(0, comma);
    std::size_t words = 0, capitalised = 0, initials_after = 0;
    bool ok = true;
    for (std::size_t at = 0; at <= surname.size() && ok;) {
      std::size_t end = surname.find(' ', at);
      if (end == std::string_view::npos) end = surname.size();
      const std::string_view word = surname.substr(at, end - at);
      ++words;
      if (capitalised > 0 && is_initial_word(word) && word.size() <= 5) {
        ++initials_after;
      } else if (initials_after > 0) {
        ok = false;
      } else if (is_capitalised_word(word) && word.back() != '.') {
        ++capitalised;
      } else if (!(word == "van" || word == "von" || word == "de" || word == "der" ||
                   word == "den" || word == "del" || word == "da" || word == "di" || word == "la" ||
                   word == "le")) {
        ok = false;
      }
      at = end + 1;
    }
    if (ok && capitalised >= 1 && initials_after >= 1 && capitalised <= 3) return true;
    const std::string_view after = trim(line.substr(comma + 1));
    if (ok && initials_after == 0 && capitalised >= 1 && words <= 3 && after.size() >= 2 &&
        is_upper(after[0]) &&
        (after[1] == '.' || (after.size() > 2 && after[1] == '-') ||
         (is_lower(after[1]) && after.size() > 2 && after[2] == '.'))) {
      return true;
    }
  }
  if (strong_only) return false;
  // "J. Smith," / "J. H. Smith and" / "Riaz Ahmad," / "Iz Beltagy, Kyle Lo".
  std::size_t at = 0, initials = 0, written = 0;
  while (at < line.size() && initials + written < 5) {
    std::size_t end = line.find(' ', at);
    if (end == std::string_view::npos) end = line.size();
    std::string_view word = line.substr(at, end - at);
    const bool last = !word.empty() && (word.back() == ',' || word.back() == '.');
    if (word.back() == ',') word.remove_suffix(1);
    if (is_initial_word(word) && written == 0) {
      ++initials;
    } else if (is_capitalised_word(word) && word.back() != '.') {
      ++written;
      if (last || line.substr(end).starts_with(" and ")) return written + initials >= 2;
    } else {
      return false;
    }
    at = end + 1;
  }
  return false;
}

// Appends `line` to an entry's text: a word broken at the line's end by a
// hyphen is joined ("classi-" "cality"), a link broken after '/' too.
void append_line(std::string& entry, std::string_view line) {
  if (entry.empty()) {
    entry.append(line);
    return;
  }
  const char last = entry.back();
  if (last == '-' && entry.size() >= 2 && is_lower(entry[entry.size() - 2]) && !line.empty() &&
      is_lower(line.front())) {
    entry.pop_back();
  } else if (last != '-' && last != '/') {
    entry.push_back(' ');
  }
  entry.append(line);
}

enum class Style { kNumberedBrackets, kKeyBrackets, kNumbered, kAuthorYear };

Style style_of(std::string_view first_line) {
  if (const std::string_view label = bracket_label(first_line); !label.empty()) {
    return is_number(label) ? Style::kNumberedBrackets : Style::kKeyBrackets;
  }
  if (plain_number(first_line) >= 0) return Style::kNumbered;
  return Style::kAuthorYear;
}

// The section's lines: after the last references heading (or, without one,
// from the last line opening with "[1]" that a "[2]" line follows), up to
// an appendix heading.
std::pair<std::size_t, std::size_t> reference_section(const std::vector<Line>& lines) {
  std::size_t begin = lines.size();
  for (std::size_t i = lines.size(); i-- > 0;) {
    if (!is_references_heading(lines[i].text)) continue;
    // "References" as the running head of the list's pages: the list starts
    // under the first of them, on a run of pages one after the other.
    std::size_t first = i;
    for (std::size_t k = i; lines[first].running && k-- > 0;) {
      if (lines[first].page - lines[k].page > 1) break;
      if (lines[k].running && lines[k].text == lines[first].text) first = k;
    }
    begin = first + 1;
    break;
  }
  if (begin == lines.size()) {
    for (std::size_t i = lines.size(); i-- > 0;) {
      if (!lines[i].text.starts_with("[1]")) continue;
      const bool second_follows =
          std::any_of(lines.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                      lines.begin() + static_cast<std::ptrdiff_t>(std::min(lines.size(), i + 30)),
                      [](const Line& line) { return line.text.starts_with("[2]"); });
      if (second_follows) {
        begin = i;
        break;
      }
    }
  }
  std::size_t end = begin;
  while (end < lines.size() && (lines[end].running || !is_end_heading(lines[end].text))) ++end;
  return {begin, end};
}

// Splits a line of a numbered-brackets list where the next label is inside
// it ("... (1946). [2] J. Schwinger ..."): text whose line breaks were lost
// (FullText::text) or two entries set on one line.
void split_inline_labels(std::string_view line, long& expected, std::vector<std::string>& entries,
                         Bounds& bounds, bool& keep) {
  for (;;) {
    const std::string label = "[" + std::to_string(expected) + "] ";
    const std::size_t at = line.find(label);
    if (at == std::string_view::npos || at == 0 || line[at - 1] != ' ') {
      if (keep) append_line(entries.back(), line);
      return;
    }
    if (keep) append_line(entries.back(), trim(line.substr(0, at)));
    keep = bounds.take();
    if (keep) entries.emplace_back();
    ++expected;
    line = line.substr(at);
    if (keep) {
      entries.back().append(label.substr(0, label.size() - 1));
      line.remove_prefix(label.size() - 1);
      line = trim(line);
    }
  }
}

// Whether one of the dozen lines from `from` starts an entry: with label
// `expected`, or (author-year) with a name.
bool entry_follows(const std::vector<Line>& lines, std::size_t from, std::size_t end, Style style,
                   long expected) {
  for (std::size_t i = from; i < end && i < from + 12; ++i) {
    const std::string_view text = lines[i].text;
    const bool opens = style == Style::kNumbered ? plain_number(text) == expected
                       : style == Style::kNumberedBrackets
                           ? bracket_label(text) == std::to_string(expected)
                           : opens_with_name(text, false);
    if (opens) return true;
  }
  return false;
}

// The entries' texts from the section's lines.
std::vector<std::string> split_entries(const std::vector<Line>& lines, std::size_t begin,
                                       std::size_t end, Bounds& bounds) {
  std::vector<std::string> entries;
  if (begin >= end) return entries;
  // A numbered list may start a few lines below the heading, after a
  // running head or a note the page put there: its first label decides.
  for (std::size_t i = begin; i < end && i < begin + 6; ++i) {
    const std::string_view label = bracket_label(lines[i].text);
    if (label == "1" || plain_number(lines[i].text) == 1) {
      begin = i;
      break;
    }
  }
  const Style style = style_of(lines[begin].text);
  long expected = 0;
  if (style == Style::kNumberedBrackets)
    expected = std::stol(std::string(bracket_label(lines[begin].text)));
  if (style == Style::kNumbered) expected = plain_number(lines[begin].text);
  bool keep = true;  // whether the current entry is kept (the bound)
  std::string_view previous;
  for (std::size_t i = begin; i < end; ++i) {
    const std::string_view line = lines[i].text;
    bool starts = entries.empty();
    switch (style) {
      case Style::kNumberedBrackets: {
        const std::string_view label = bracket_label(line);
        starts = starts || (is_number(label) && std::stol(std::string(label)) == expected);
        break;
      }
      case Style::kKeyBrackets:
        starts = starts || !bracket_label(line).empty();
        break;
      case Style::kNumbered:
        starts = starts || plain_number(line) == expected;
        break;
      case Style::kAuthorYear: {
        if (starts) break;
        const bool closed = !continues(previous);
        const char last = previous.empty() ? ' ' : previous.back();
        const bool firmly_closed = last == '.' || last == ')' || last == ']' || is_digit(last);
        starts = closed && opens_with_name(line, !firmly_closed);
        break;
      }
    }
    if (!starts && i > begin && lines[i].page != lines[i - 1].page && !continues(previous) &&
        style != Style::kKeyBrackets && !entry_follows(lines, i, end, style, expected)) {
      // A new page that goes on with no further entry after an entry that
      // ended: the list is over (an author list, a table came after it).
      break;
    }
    previous = line;
    if (starts) {
      keep = bounds.take();
      if (keep) entries.emplace_back();
      if (style == Style::kNumberedBrackets || style == Style::kNumbered) ++expected;
    }
    if (style == Style::kNumberedBrackets) {
      if (starts && keep) {
        // The label first, then the rest, where a further label may be.
        const std::size_t close = line.find(']');
        entries.back().append(line.substr(0, close + 1));
        split_inline_labels(trim(line.substr(close + 1)), expected, entries, bounds, keep);
      } else {
        split_inline_labels(line, expected, entries, bounds, keep);
      }
    } else if (keep && !entries.empty()) {
      append_line(entries.back(), line);
    }
    if (keep && !entries.empty() && entries.back().size() > kMaxReferenceBytes + 4096) {
      // The rest of an entry past its bound is never kept: read no more of it.
      entries.back().resize(kMaxReferenceBytes + 4096);
    }
  }
  return entries;
}

std::vector<Reference> parse_entries(const std::vector<std::string>& texts, Bounds& bounds) {
  std::vector<Reference> references;
  references.reserve(texts.size());
  for (const std::string& text : texts) {
    Reference reference = parse_reference(bounds.entry(text));
    if (reference.raw.size() < 3) continue;
    // "—. 2002b, MNRAS, 330, 187": the dash stands for the previous entry's
    // authors, as author-year styles print a run of one author's papers.
    if (reference.authors.empty() && !references.empty() &&
        (reference.raw.starts_with("\xE2\x80\x94") || reference.raw.starts_with("\xE2\x80\x95") ||
         reference.raw.starts_with("---") || reference.raw.starts_with("___"))) {
      reference.authors = references.back().authors;
    }
    references.push_back(std::move(reference));
  }
  return references;
}

// --- .bbl ---

// A label, a key, a name or a field: longer ones are no group (an
// unbalanced brace then costs this much, not the rest of the file, each time).
constexpr std::size_t kMaxGroupBytes = 64u << 10;

// Past the balanced group opening at `at` ('{' or '['), or `at` when none
// (or when it does not close within kMaxGroupBytes).
std::size_t group_end(std::string_view tex, std::size_t at) {
  if (at >= tex.size() || (tex[at] != '{' && tex[at] != '[')) return at;
  const char open = tex[at], close = open == '{' ? '}' : ']';
  int depth = 0;
  const std::size_t limit = std::min(tex.size(), at + kMaxGroupBytes);
  for (std::size_t i = at; i < limit; ++i) {
    if (tex[i] == '\\') {
      ++i;
      continue;
    }
    if (tex[i] == open) ++depth;
    if (tex[i] == close && --depth == 0) return i + 1;
  }
  return limit == tex.size() ? tex.size() : at;
}

std::string_view group_inside(std::string_view tex, std::size_t at, std::size_t end) {
  if (end <= at + 1) return {};
  return tex.substr(at + 1, end - at - 2);
}

// The link targets of \url{..}, \href{..}{..} and \doi{..}, which the text
// converter drops or leaves bare.
void add_links(std::string_view tex, Reference& reference) {
  for (const std::string_view command : {"\\url{", "\\href{", "\\href {", "\\doi{"}) {
    const std::size_t at = tex.find(command);
    if (at == std::string_view::npos) continue;
    const std::size_t open = at + command.size() - 1;
    std::string target(group_inside(tex, open, group_end(tex, open)));
    if (target.empty() || target.size() > 2048) continue;
    if (command == "\\doi{") {
      if (reference.doi.empty()) reference.doi = parse_reference("doi:" + target).doi;
      continue;
    }
    const Reference from_link = parse_reference(target);
    if (reference.doi.empty()) reference.doi = from_link.doi;
    if (!reference.arxiv_id) reference.arxiv_id = from_link.arxiv_id;
    if (reference.url.empty()) reference.url = target;
  }
}

std::string tex_as_text(std::string_view tex) { return detail::latex_detail::line_text(tex); }

// One \bibitem's TeX (after its label and key): its fields.
Reference bibitem_reference(std::string_view tex, std::string_view key) {
  std::vector<std::string> blocks;
  static constexpr std::string_view kNewblock = "\\newblock";
  std::size_t start = 0;
  for (std::size_t at = tex.find(kNewblock); at != std::string_view::npos;
       at = tex.find(kNewblock, at + kNewblock.size())) {
    blocks.push_back(tex_as_text(tex.substr(start, at - start)));
    start = at + kNewblock.size();
  }
  blocks.push_back(tex_as_text(tex.substr(start)));
  std::erase_if(blocks, [](const std::string& block) { return block.empty(); });
  std::string raw;
  for (const std::string& block : blocks) raw += (raw.empty() ? "" : " ") + block;
  Reference reference = parse_reference(raw);
  reference.label = std::string(key);
  add_links(tex, reference);
  // \newblock parts: authors (and year), title, venue, in most styles.
  if (blocks.size() >= 2) {
    const Reference first = parse_reference(blocks[0]);
    if (!first.authors.empty()) {
      reference.authors = first.authors;
      std::string_view title = blocks[1];
      while (!title.empty() && (title.back() == '.' || title.back() == ',')) title.remove_suffix(1);
      reference.title = std::string(title);
      if (blocks.size() >= 3) {
        std::string venue = detail::reference_venue(blocks[2]);
        if (!venue.empty()) reference.venue = std::move(venue);
      }
    }
  }
  return reference;
}

// What a structured entry (biblatex's \entry, a .bib's) says, as text.
struct EntryFields {
  std::string title, venue, year, doi, url, eprint;
  std::vector<std::string> authors;
};

// The entry as a Reference; its raw text is what a style would print.
Reference structured_reference(std::string_view key, EntryFields fields) {
  Reference reference;
  reference.label = std::string(key);
  reference.title = std::move(fields.title);
  reference.venue = std::move(fields.venue);
  if (fields.year.size() == 4 && is_number(fields.year)) reference.year = std::stoi(fields.year);
  reference.authors = std::move(fields.authors);
  if (!fields.doi.empty()) reference.doi = parse_reference("doi:" + fields.doi).doi;
  reference.url = std::move(fields.url);
  if (!fields.eprint.empty()) reference.arxiv_id = arxiv_id_cited_in("arXiv:" + fields.eprint);
  std::string raw;
  for (const std::string& author : reference.authors) raw += (raw.empty() ? "" : "; ") + author;
  for (const std::string* part : {&reference.title, &reference.venue}) {
    if (!part->empty()) raw += (raw.empty() ? "" : ". ") + *part;
  }
  if (reference.year) raw += (raw.empty() ? "" : ", ") + std::to_string(*reference.year);
  reference.raw = raw;
  // A venue or link that names the paper ("arXiv preprint arXiv:1810.04805").
  if (!reference.arxiv_id) reference.arxiv_id = arxiv_id_cited_in(reference.venue);
  if (!reference.arxiv_id) reference.arxiv_id = arxiv_id_cited_in(reference.url);
  return reference;
}

// biblatex's \name{author}{N}{}{{{hash=..}{family={Vaswani}, given={Ashish}, ...}}...}
std::vector<std::string> biblatex_authors(std::string_view entry) {
  std::vector<std::string> authors;
  const std::size_t names = entry.find("\\name{author}");
  if (names == std::string_view::npos) return authors;
  const std::size_t list_end = entry.find("\\list{", names);
  std::string_view list = entry.substr(
      names, list_end == std::string_view::npos ? std::string_view::npos : list_end - names);
  for (std::size_t at = list.find("family={"); at != std::string_view::npos;
       at = list.find("family={", at + 1)) {
    const std::size_t open = at + 7;
    const std::string family = tex_as_text(group_inside(list, open, group_end(list, open)));
    std::string given;
    const std::size_t given_at = list.find("given={", open);
    const std::size_t next = list.find("family={", open);
    if (given_at != std::string_view::npos && given_at < next) {
      const std::size_t given_open = given_at + 6;
      given = tex_as_text(group_inside(list, given_open, group_end(list, given_open)));
    }
    if (!family.empty()) authors.push_back(given.empty() ? family : family + ", " + given);
    if (authors.size() >= kMaxNames) break;
  }
  return authors;
}

// biblatex's \entry{key}{type}{}...\endentry: its fields, as text.
Reference biblatex_reference(std::string_view entry, std::string_view key) {
  const auto field = [&](std::string_view name) -> std::string {
    const std::string marker = "\\field{" + std::string(name) + "}";
    const std::size_t at = entry.find(marker);
    if (at == std::string_view::npos) return {};
    const std::size_t open = at + marker.size();
    return tex_as_text(group_inside(entry, open, group_end(entry, open)));
  };
  const auto verb = [&](std::string_view name) -> std::string {
    const std::string marker = "\\verb{" + std::string(name) + "}";
    const std::size_t at = entry.find(marker);
    if (at == std::string_view::npos) return {};
    const std::size_t end = entry.find("\\endverb", at);
    if (end == std::string_view::npos) return {};
    std::string value(trim(entry.substr(at + marker.size(), end - at - marker.size())));
    if (value.starts_with("\\verb")) value.erase(0, 5);
    return std::string(trim(value));
  };
  EntryFields fields;
  fields.title = field("title");
  fields.venue = field("journaltitle");
  if (fields.venue.empty()) fields.venue = field("booktitle");
  fields.year = field("year");
  fields.authors = biblatex_authors(entry);
  fields.doi = verb("doi");
  fields.url = verb("url");
  fields.eprint = field("eprint");
  return structured_reference(key, std::move(fields));
}

// A .bib's "A. One and Two, B. and others": each name as written, as text;
// "and" between names only at brace depth 0 ("{Barnes and Noble}" is one).
std::vector<std::string> bibtex_authors(std::string_view names) {
  std::vector<std::string> authors;
  std::size_t depth = 0, start = 0;
  const auto add = [&](std::size_t end) {
    const std::string name = tex_as_text(trim(names.substr(start, end - start)));
    if (!name.empty() && name != "others" && authors.size() < kMaxNames) authors.push_back(name);
  };
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == '{') ++depth;
    if (names[i] == '}' && depth > 0) --depth;
    const bool space_before = i > 0 && (names[i - 1] == ' ' || names[i - 1] == '\n');
    if (depth == 0 && space_before && i + 3 <= names.size() &&
        ascii_lower(names.substr(i, 3)) == "and" &&
        (i + 3 == names.size() || names[i + 3] == ' ' || names[i + 3] == '\n')) {
      add(i);
      start = i + 3;
    }
  }
  add(names.size());
  return authors;
}

Reference bibtex_reference(const BibtexEntry& entry) {
  const auto field = [&](std::string_view name) -> std::string {
    const auto found = entry.fields.find(std::string(name));
    return found == entry.fields.end() ? std::string() : found->second;
  };
  const auto text = [&](std::string_view name) { return tex_as_text(field(name)); };
  EntryFields fields;
  fields.title = text("title");
  for (const std::string_view venue : {"journal", "journaltitle", "booktitle", "howpublished"}) {
    if (fields.venue.empty()) fields.venue = text(venue);
  }
  fields.year = std::string(trim(field("year")));
  if (fields.year.empty()) fields.year = field("date").substr(0, 4);  // biblatex: 2019-05-01
  if (const auto names = entry.fields.find("author"); names != entry.fields.end()) {
    fields.authors = bibtex_authors(names->second);
  }
  fields.doi = std::string(trim(field("doi")));
  fields.url = std::string(trim(field("url")));
  // An eprint of arXiv's (or of no archive said: most are arXiv's).
  const std::string archive = ascii_lower(field("archiveprefix") + field("eprinttype"));
  if (archive.empty() || archive == "arxiv") fields.eprint = std::string(trim(field("eprint")));
  return structured_reference(entry.key, std::move(fields));
}

}  // namespace

std::vector<Reference> references_from_pdf_pages(std::string_view pages, const std::string& file,
                                                 std::vector<std::string>& warnings) {
  const std::string cleaned = detail::spell_ligatures(detail::drop_invalid(sanitize_utf8(pages)));
  const std::vector<Line> lines = content_lines(cleaned);
  const auto [begin, end] = reference_section(lines);
  std::vector<Line> section;
  std::copy_if(lines.begin() + static_cast<std::ptrdiff_t>(begin),
               lines.begin() + static_cast<std::ptrdiff_t>(end), std::back_inserter(section),
               [](const Line& line) { return !line.running; });
  Bounds bounds(file, warnings);
  const std::vector<std::string> texts = split_entries(section, 0, section.size(), bounds);
  std::vector<Reference> references = parse_entries(texts, bounds);
  bounds.report();
  return references;
}

std::vector<Reference> references_from_pdf_text(const FullText& text) {
  std::vector<std::string> ignored;
  return references_from_pdf_pages(text.text, text.file, ignored);
}

std::vector<Reference> references_from_bbl(std::string_view bbl, const std::string& file,
                                           std::vector<std::string>& warnings) {
  const std::string tex = detail::strip_comments(bbl);
  std::vector<Reference> references;
  Bounds bounds(file, warnings);
  static constexpr std::string_view kBibitem = "\\bibitem";
  static constexpr std::string_view kEntry = "\\entry{";
  const std::string_view all = tex;
  const std::size_t list_end = std::min(all.find("\\end{thebibliography}"), all.size());
  // Each item is read within its own extent (to the next item), so that an
  // unclosed brace costs its item only; items past the bound are counted.
  for (std::size_t at = all.find(kBibitem); at != std::string_view::npos && at < list_end;) {
    const std::size_t next = all.find(kBibitem, at + kBibitem.size());
    const std::string_view item = all.substr(at, std::min(next, list_end) - at);
    at = next;
    std::size_t i = kBibitem.size();
    if (i < item.size() && std::isalpha(static_cast<unsigned char>(item[i])) != 0) {
      continue;  // \bibitemsep and the like
    }
    if (!bounds.take()) continue;
    while (i < item.size() && (item[i] == ' ' || item[i] == '\n')) ++i;
    if (i < item.size() && item[i] == '[') i = group_end(item, i);  // [label]
    while (i < item.size() && (item[i] == ' ' || item[i] == '\n')) ++i;
    const std::size_t key_end = group_end(item, i);
    references.push_back(
        bibitem_reference(bounds.entry(item.substr(key_end)), group_inside(item, i, key_end)));
  }
  for (std::size_t at = all.find(kEntry); at != std::string_view::npos;) {
    const std::size_t next = all.find(kEntry, at + kEntry.size());
    const std::string_view item = all.substr(at, std::min(next, all.size()) - at);
    at = next;
    if (!bounds.take()) continue;
    const std::size_t open = kEntry.size() - 1;
    const std::size_t key_end = group_end(item, open);
    const std::size_t end = std::min(item.find("\\endentry", key_end), item.size());
    references.push_back(biblatex_reference(bounds.entry(item.substr(key_end, end - key_end)),
                                            group_inside(item, open, key_end)));
  }
  std::erase_if(references, [](const Reference& reference) { return reference.raw.empty(); });
  bounds.report();
  return references;
}

std::vector<Reference> references_from_bibtex(const std::vector<BibtexEntry>& entries,
                                              const CitedKeys& cited, const std::string& file,
                                              std::vector<std::string>& warnings) {
  std::unordered_map<std::string, const BibtexEntry*> by_key;
  for (const BibtexEntry& entry : entries) by_key.try_emplace(ascii_lower(entry.key), &entry);
  std::vector<const BibtexEntry*> chosen;
  std::size_t missing = 0;
  if (cited.all || cited.keys.empty()) {
    for (const BibtexEntry& entry : entries) chosen.push_back(&entry);
  }
  if (cited.all) {
    // \nocite{*}: every entry, the cited ones first in their order.
    std::vector<const BibtexEntry*> ordered;
    std::unordered_set<const BibtexEntry*> placed;
    for (const std::string& key : cited.keys) {
      if (const auto found = by_key.find(ascii_lower(key)); found != by_key.end()) {
        if (placed.insert(found->second).second) ordered.push_back(found->second);
      }
    }
    for (const BibtexEntry* entry : chosen) {
      if (placed.insert(entry).second) ordered.push_back(entry);
    }
    chosen = std::move(ordered);
  } else if (!cited.keys.empty()) {
    for (const std::string& key : cited.keys) {
      const auto found = by_key.find(ascii_lower(key));
      if (found == by_key.end()) {
        ++missing;
      } else {
        chosen.push_back(found->second);
      }
    }
  }
  if (missing > 0) {
    warnings.push_back((file.empty() ? std::string() : file + ": ") +
                       "references: " + with_thousands(missing) + " cited key" +
                       (missing == 1 ? " is" : "s are") + " in no .bib file");
  }
  Bounds bounds(file, warnings);
  std::vector<Reference> references;
  for (const BibtexEntry* entry : chosen) {
    if (!bounds.take()) continue;
    // A crossref's fields (the proceedings of an @inproceedings) fill what
    // the entry leaves out, as BibTeX does.
    BibtexEntry whole = *entry;
    if (const auto crossref = entry->fields.find("crossref"); crossref != entry->fields.end()) {
      if (const auto parent = by_key.find(ascii_lower(crossref->second)); parent != by_key.end()) {
        for (const auto& [name, value] : parent->second->fields)
          whole.fields.try_emplace(name, value);
      }
    }
    for (auto& [name, value] : whole.fields) value = std::string(bounds.entry(value));
    Reference reference = bibtex_reference(whole);
    if (!reference.raw.empty()) references.push_back(std::move(reference));
  }
  bounds.report();
  return references;
}

void add_reference_fields(FullText& text) {
  // FullText::warnings do not name the file: whoever reports them does.
  const std::string unnamed;
  Bounds bounds(unnamed, text.warnings);
  std::size_t kept = 0;
  for (Reference& reference : text.references) {
    if (!bounds.take()) continue;
    ++kept;
    Reference read = parse_reference(bounds.entry(reference.raw));
    if (reference.arxiv_id) read.arxiv_id = std::move(reference.arxiv_id);
    if (!reference.doi.empty()) read.doi = std::move(reference.doi);
    reference = std::move(read);
  }
  text.references.resize(kept);
  bounds.report();
}

}  // namespace paperdex::fulltext
