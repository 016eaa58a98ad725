// The extraction stage (full text): a paper's title and authors as its first
// page prints them (first_page.h). Plain C++: no poppler, no paperdex
// library, so that paperdex-pdftext can link it alone.
#include "fulltext/first_page.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <map>
#include <string_view>

namespace paperdex::fulltext {
namespace {

// Titles are at most a few lines; anything longer is not one.
constexpr std::size_t kMaxTitleLines = 4;
constexpr std::size_t kMaxTitleBytes = 400;
constexpr std::size_t kMaxAuthorLines = 5;
constexpr std::size_t kMaxAuthors = 40;

// One printed line: its words (footnote marks left out) and what it looks like.
struct Line {
  std::string text;
  std::vector<std::string> names;  // the text cut where a mark or a wide gap was
  double top = 0, bottom = 0;      // of its words in its main size
  double size = 0;                 // the size most of its characters are set in
  double bold_share = 0;           // of its characters, in a bold font
  std::size_t letters = 0, upper = 0, words = 0;
};

bool is_letter_byte(unsigned char c) { return std::isalpha(c) != 0 || c >= 0x80; }

// Letters of `text`: ASCII ones, and characters outside the blocks of
// punctuation, arrows and mathematical operators (U+2000 to U+2BFF): "√"
// and "→" are none.
std::size_t count_letters(std::string_view text) {
  std::size_t letters = 0;
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte < 0x80) {
      letters += std::isalpha(byte) != 0 ? 1 : 0;
      ++i;
      continue;
    }
    const std::size_t length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1;
    std::uint32_t code = length == 4 ? byte & 0x07u : length == 3 ? byte & 0x0Fu : byte & 0x1Fu;
    for (std::size_t k = 1; k < length && i + k < text.size(); ++k) {
      code = (code << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3Fu);
    }
    if (length > 1 && (code < 0x2000 || code >= 0x2C00)) ++letters;
    i += length;
  }
  return letters;
}

std::string lower_ascii(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Running heads, journal banners, preprint lines: never a title.
bool is_banner(std::string_view text) {
  static constexpr std::array<std::string_view, 21> kMarks = {
      "arxiv:",       "journal of",
      "preprint",     "draft version",
      "submitted to", "typeset using",
      "http://",      "https://",
      "www.",         "@",
      "\xC2\xA9",  // ©
      "copyright",    "doi:",
      "issn",         "proceedings of",
      "accepted for", "to appear in",
      "published in", "nuclear research",
      "received:",    "all rights reserved"};
  const std::string lower = lower_ascii(text);
  return std::any_of(kMarks.begin(), kMarks.end(),
                     [&](std::string_view mark) { return lower.find(mark) != std::string::npos; });
}

double bottom_of(const PageWord& word) { return word.y + word.height; }
double center_of(const PageWord& word) { return word.y + word.height / 2; }

// Marks set small and raised beside a word (affiliations "1,2", footnotes
// "∗"), or far smaller than the line: not part of the line's text.
bool is_mark(const PageWord& word, double size, double baseline) {
  if (word.font_size < 0.6 * size) return true;
  return word.font_size < 0.85 * size && bottom_of(word) < baseline - 0.12 * size;
}

// "2", "+", "−": a raised mark that is part of what it follows.
bool is_exponent(std::string_view text) {
  if (text.empty() || text.size() > 4) return false;
  return text == "\xE2\x88\x92" /* − */ || std::all_of(text.begin(), text.end(), [](char c) {
           return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '+' || c == '-';
         });
}

// Symbols that follow names as footnote marks: they separate names.
bool is_mark_symbol(std::string_view text, std::size_t at, std::size_t& length) {
  static constexpr std::array<std::string_view, 15> kSymbols = {"*",
                                                                "\xE2\x88\x97" /* ∗ */,
                                                                "\xE2\x80\xA0" /* † */,
                                                                "\xE2\x80\xA1" /* ‡ */,
                                                                "\xC2\xA7" /* § */,
                                                                "\xC2\xB6" /* ¶ */,
                                                                "\xE2\x99\xA6" /* ♦ */,
                                                                "\xE2\x99\xA3" /* ♣ */,
                                                                "\xE2\x96\xA1" /* □ */,
                                                                "\xE2\x8B\x84" /* ⋄ */,
                                                                "\xE2\x99\xA0" /* ♠ */,
                                                                "\xE2\x99\xA5" /* ♥ */,
                                                                "#",
                                                                "\xE2\x80\xA2" /* • */,
                                                                "\xE2\x98\x85" /* ★ */};
  for (const std::string_view symbol : kSymbols) {
    if (text.substr(at).starts_with(symbol)) {
      length = symbol.size();
      return true;
    }
  }
  return false;
}

// The size most of `words`' characters are set in.
double main_size(const std::vector<const PageWord*>& words) {
  std::map<long, std::size_t> chars;  // size in tenths of a point
  for (const PageWord* word : words) chars[std::lround(word->font_size * 10)] += word->text.size();
  long best = 0;
  std::size_t most = 0;
  for (const auto& [size, count] : chars) {
    if (count > most) best = size, most = count;
  }
  return static_cast<double>(best) / 10;
}

Line make_line(const std::vector<const PageWord*>& words) {
  Line line;
  line.size = main_size(words);
  double baseline = 0;
  line.top = 1e12;
  for (const PageWord* word : words) {
    if (std::abs(word->font_size - line.size) < 0.05) {
      baseline = std::max(baseline, bottom_of(*word));
      line.top = std::min(line.top, word->y);
    }
  }
  line.bottom = baseline;
  std::size_t chars = 0, bold = 0;
  std::string name;
  const PageWord* previous = nullptr;
  bool space = false;
  const auto end_name = [&] {
    if (!name.empty()) line.names.push_back(name);
    name.clear();
  };
  for (const PageWord* word : words) {
    const double gap = previous == nullptr ? 0 : word->x - (previous->x + previous->width);
    if (is_mark(*word, line.size, baseline)) {
      // "S²", "H⁺" in a title: a mark set close to its word stays in the text.
      if (previous != nullptr && !space && gap < 0.15 * line.size && is_exponent(word->text)) {
        line.text += word->text;
      }
      end_name();
      space = true;
      continue;
    }
    const bool wide_gap = previous != nullptr && gap > 1.5 * line.size;
    if (wide_gap) end_name();
    // The last word of a line the PDF library ended has no space after it,
    // though the line goes on: a gap is a space.
    if (previous != nullptr && gap > 0.15 * line.size) space = true;
    if (!line.text.empty() && (space || wide_gap)) line.text.push_back(' ');
    if (!name.empty() && space) name.push_back(' ');
    line.text += word->text;
    for (std::size_t i = 0; i < word->text.size();) {
      std::size_t length = 0;
      if (word->text[i] == ',' || word->text[i] == ';' || is_mark_symbol(word->text, i, length)) {
        end_name();
        i += std::max<std::size_t>(length, 1);
        continue;
      }
      name.push_back(word->text[i++]);
    }
    chars += word->text.size();
    if (word->bold) bold += word->text.size();
    ++line.words;
    line.letters += count_letters(word->text);
    line.upper +=
        static_cast<std::size_t>(std::count_if(word->text.begin(), word->text.end(), [](char c) {
          return std::isupper(static_cast<unsigned char>(c)) != 0;
        }));
    space = word->space_after;
    previous = word;
  }
  end_name();
  line.bold_share = chars == 0 ? 0 : static_cast<double>(bold) / static_cast<double>(chars);
  return line;
}

// The page's words in lines: a word starts a new line when its middle is off
// the current line's band, or it goes back left (a new column's line).
std::vector<Line> make_lines(const std::vector<PageWord>& words) {
  std::vector<Line> lines;
  std::vector<const PageWord*> current;
  double top = 0, bottom = 0, right = 0;
  const auto flush = [&] {
    if (!current.empty()) lines.push_back(make_line(current));
    current.clear();
  };
  const std::size_t count = std::min(words.size(), kMaxFirstPageWords);
  for (std::size_t i = 0; i < count; ++i) {
    const PageWord& word = words[i];
    // The arXiv stamp runs down the margin, turned: never part of a line.
    if (word.rotation != 0 || word.text.empty() || !(word.font_size > 0) || !(word.height > 0)) {
      continue;
    }
    const double middle = center_of(word);
    const bool same_line = !current.empty() && middle >= top && middle <= bottom &&
                           word.x >= right - 2 * word.font_size;
    if (!same_line) {
      flush();
      top = word.y;
      bottom = bottom_of(word);
    } else {
      top = std::min(top, word.y);
      bottom = std::max(bottom, bottom_of(word));
    }
    right = word.x + word.width;
    current.push_back(&word);
  }
  flush();
  return lines;
}

std::string normalise_space(std::string_view text) {
  std::string out;
  bool space = false;
  for (const char c : text) {
    if (c == ' ' || c == '\t' || c == '\n') {
      space = !out.empty();
      continue;
    }
    if (space) out.push_back(' ');
    space = false;
    out.push_back(c);
  }
  return out;
}

// "5 Discussion", "II. METHOD", "Abstract": a heading inside the paper.
bool is_heading(std::string_view text) {
  std::size_t at = 0;
  while (at < text.size() &&
         (std::isdigit(static_cast<unsigned char>(text[at])) != 0 || text[at] == '.' ||
          text[at] == 'I' || text[at] == 'V' || text[at] == 'X')) {
    ++at;
  }
  if (at > 0 && at < text.size() && text[at] == ' ') return true;
  const std::string lower = lower_ascii(text);
  for (const std::string_view word : {"abstract", "introduction", "contents", "references"}) {
    if (lower.starts_with(word) && lower.size() < word.size() + 3) return true;
  }
  return false;
}

// Mathematical letters and digits (U+1D400 to U+1D7FF: "𝒑", "𝐀", "𝟏"), which
// LaTeX sets for math in a title, as the plain ones they stand for.
std::string plain_letters(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte == 0xF0 && i + 3 < text.size()) {
      const std::uint32_t code = ((byte & 0x07u) << 18) |
                                 ((static_cast<unsigned char>(text[i + 1]) & 0x3Fu) << 12) |
                                 ((static_cast<unsigned char>(text[i + 2]) & 0x3Fu) << 6) |
                                 (static_cast<unsigned char>(text[i + 3]) & 0x3Fu);
      if (code >= 0x1D400 && code < 0x1D6A4) {
        const std::uint32_t letter = (code - 0x1D400) % 52;
        out.push_back(static_cast<char>(letter < 26 ? 'A' + letter : 'a' + (letter - 26)));
        i += 4;
        continue;
      }
      if (code >= 0x1D7CE && code < 0x1D800) {
        out.push_back(static_cast<char>('0' + (code - 0x1D7CE) % 10));
        i += 4;
        continue;
      }
    }
    out.push_back(text[i++]);
  }
  return out;
}

bool could_be_title(const Line& line, double page_height) {
  return line.top < page_height / 2 && line.letters >= 8 && line.words >= 2 &&
         !is_banner(line.text) && !is_heading(line.text);
}

// "J.", "S.-Y.", "D.H.": an initial.
bool is_initial(std::string_view token) {
  if (token.size() < 2 || token.back() != '.') return false;
  return std::all_of(token.begin(), token.end(), [](char c) {
    return std::isupper(static_cast<unsigned char>(c)) != 0 || c == '.' || c == '-';
  });
}

bool is_particle(std::string_view token) {
  static constexpr std::array<std::string_view, 16> kParticles = {
      "van",   "von", "de", "der", "den", "da",  "di",  "del",
      "della", "la",  "le", "du",  "dos", "ten", "ter", "bin"};
  return std::find(kParticles.begin(), kParticles.end(), token) != kParticles.end();
}

// "Nicolas B. Cowan", "Chao-Wan-Zhen Wang", "Ludwig van Beethoven".
bool is_name_word(std::string_view token) {
  const auto first = static_cast<unsigned char>(token.front());
  if (!(std::isupper(first) != 0 || first >= 0x80)) return false;
  // "ATLAS", "CMS": a collaboration or an acronym, not a person's name.
  if (token.size() > 1 && std::none_of(token.begin(), token.end(), [](char c) {
        return std::islower(static_cast<unsigned char>(c)) != 0 ||
               static_cast<unsigned char>(c) >= 0x80;
      })) {
    return false;
  }
  static constexpr std::array<std::string_view, 12> kNotNames = {
      "The",        "Collaboration", "Collaborations", "University", "Institute", "Department",
      "Laboratory", "Group",         "Team",           "Consortium", "Center",    "Centre"};
  if (std::find(kNotNames.begin(), kNotNames.end(), token) != kNotNames.end()) return false;
  return std::all_of(token.begin(), token.end(), [](char c) {
    return is_letter_byte(static_cast<unsigned char>(c)) || c == '-' || c == '\'';
  });
}

bool is_name(std::string_view name) {
  std::vector<std::string_view> tokens;
  for (std::size_t start = 0; start < name.size();) {
    std::size_t end = name.find(' ', start);
    if (end == std::string_view::npos) end = name.size();
    if (end > start) tokens.push_back(name.substr(start, end - start));
    start = end + 1;
  }
  if (tokens.size() < 2 || tokens.size() > 4) return false;
  std::size_t full_words = 0;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const std::string_view token = tokens[i];
    const bool last = i + 1 == tokens.size();
    if (is_initial(token) && !last) continue;
    if (is_particle(token) && i > 0 && !last) continue;
    if (!is_name_word(token)) return false;
    ++full_words;
  }
  // Four full words in a row are more likely two names run together.
  return full_words >= 1 && full_words <= 3;
}

// A line of authors: "A. One, B. Two and C. Three", or nothing.
std::vector<std::string> names_of(const Line& line) {
  std::vector<std::string> names;
  for (const std::string& part : line.names) {
    std::string rest = normalise_space(part);
    // "A and B", "A & B", "and B" at the start of a part.
    for (std::size_t at; (at = rest.find(" and ")) != std::string::npos ||
                         (at = rest.find(" & ")) != std::string::npos;) {
      const std::size_t skip = rest.compare(at, 5, " and ") == 0 ? 5 : 3;
      names.push_back(normalise_space(rest.substr(0, at)));
      rest.erase(0, at + skip);
    }
    if (rest.starts_with("and ")) rest.erase(0, 4);
    if (rest.ends_with(" and")) rest.erase(rest.size() - 4);
    names.push_back(normalise_space(rest));
  }
  // A line ending in "and" before the next line's last name.
  std::erase_if(names, [](const std::string& name) { return name.empty() || name == "and"; });
  if (names.empty()) return {};
  for (const std::string& name : names) {
    if (!is_name(name)) return {};
  }
  return names;
}

}  // namespace

FirstPageIdentity read_first_page(const std::vector<PageWord>& words, double page_height) {
  FirstPageIdentity identity;
  const std::vector<Line> lines = make_lines(words);
  if (lines.empty() || !(page_height > 0)) return identity;

  // The body's size: the one most characters of the page are set in.
  std::vector<const PageWord*> all;
  for (std::size_t i = 0; i < std::min(words.size(), kMaxFirstPageWords); ++i) {
    if (words[i].rotation == 0) all.push_back(&words[i]);
  }
  const double body_size = main_size(all);

  double largest = 0;
  for (const Line& line : lines) {
    if (could_be_title(line, page_height)) largest = std::max(largest, line.size);
  }
  if (largest <= 0) return identity;
  std::size_t anchor = lines.size();
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const Line& line = lines[i];
    if (could_be_title(line, page_height) && line.size >= largest - 0.25 &&
        (anchor == lines.size() || line.top < lines[anchor].top)) {
      anchor = i;
    }
  }
  const Line& first = lines[anchor];
  // Set no larger than the body: a title only if bold or in capitals.
  if (first.size <= body_size + 0.25 && first.bold_share < 0.5 &&
      first.upper * 10 < first.letters * 8) {
    return identity;
  }

  std::string title = first.text;
  std::size_t last = anchor;
  std::size_t title_lines = 1;
  for (std::size_t i = anchor + 1; i < lines.size() && title_lines < kMaxTitleLines; ++i) {
    const Line& line = lines[i];
    const Line& above = lines[last];
    if (line.letters == 0) continue;  // a root sign or a rule, set apart by the PDF library
    const bool same_font = std::abs(line.size - first.size) <= 0.05 * first.size &&
                           std::abs(line.bold_share - first.bold_share) < 0.5;
    const bool close = line.top >= above.top && line.top - above.bottom <= 1.2 * first.size;
    if (!same_font || !close || is_banner(line.text)) break;
    const bool hyphen = title.ends_with("-");
    title += (hyphen ? "" : " ") + line.text;
    last = i;
    ++title_lines;
  }
  title = normalise_space(plain_letters(title));
  if (title.size() > kMaxTitleBytes) return identity;
  identity.title = std::move(title);

  // Authors: the lines right below the title, in one size smaller than it.
  const Line* author_line = nullptr;
  for (std::size_t i = last + 1; i < lines.size() && i <= last + kMaxAuthorLines; ++i) {
    const Line& line = lines[i];
    if (line.size >= first.size || line.top < lines[last].top) break;
    if (author_line != nullptr && std::abs(line.size - author_line->size) > 0.05 * line.size) {
      break;
    }
    std::vector<std::string> names = names_of(line);
    if (names.empty()) break;
    for (std::string& name : names) {
      if (identity.authors.size() < kMaxAuthors) identity.authors.push_back(std::move(name));
    }
    author_line = &line;
  }
  return identity;
}

}  // namespace paperdex::fulltext
