// The extraction stage (full text), references: one entry's fields read from
// its text (parse_reference). Entries come in a few families of styles, and
// the reading follows them rather than a grammar:
//   physics  "J. Schwinger, V. Weisskopf, Phys. Rev. 73, 1272A (1948)."
//            (no title: the author list ends at the first item that is no name)
//   astro    "Cowan, N. B., & Agol, E. 2008, ApJ, 678, L129" (surname first,
//            the year right after the authors)
//   CS/APA   "A. Vaswani, N. Shazeer. Attention is all you need. In NeurIPS, 2017."
//            "Riaz Ahmad and M. T. Afzal. 2018. Title. Venue." (the author list
//            ends with a sentence; the title is the next one)
//   IEEE     'A. Smith, "Title," in Proc. ...' (a quoted title)
// Each scan is linear in the entry's length: no regular expressions, no
// search restarted at every position.
#include <algorithm>
#include <array>
#include <cctype>

#include "fulltext/references.h"
#include "fulltext/text_cleaning.h"
#include "paperdex/common/space_split.h"

namespace paperdex::fulltext {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }
// A UTF-8 lead or continuation byte: part of a letter as far as names go
// ("Ö", "ł", "é"); case is not known, so it may start a capitalised word.
bool is_non_ascii(char c) { return (static_cast<unsigned char>(c) & 0x80) != 0; }
bool is_letter(char c) { return is_upper(c) || is_lower(c) || is_non_ascii(c); }

std::string_view trim(std::string_view text, std::string_view drop = " ") {
  while (!text.empty() && drop.find(text.front()) != std::string_view::npos) text.remove_prefix(1);
  while (!text.empty() && drop.find(text.back()) != std::string_view::npos) text.remove_suffix(1);
  return text;
}

bool starts_with_ignoring_case(std::string_view text, std::string_view prefix) {
  if (text.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(text[i])) != prefix[i]) return false;
  }
  return true;
}

// Longer links are cut there: a DOI or a URL is never near it, and a
// failed candidate is never scanned past it.
constexpr std::size_t kMaxLinkBytes = 2048;

// Characters that end a link or a DOI as printed in a reference.
bool ends_link(char c) { return is_space(c) || c == '"' || c == '<' || c == '>'; }

// A link or DOI without what the sentence put after it: "10.1/x)." is "10.1/x",
// but "10.1002/(sici)1097" keeps its balanced parentheses.
std::string_view strip_trailing_punctuation(std::string_view text) {
  for (;;) {
    if (text.empty()) return text;
    const char last = text.back();
    if (last == '.' || last == ',' || last == ';' || last == ':' || last == ']' || last == '}' ||
        last == '\'' || last == '"') {
      text.remove_suffix(1);
    } else if (last == ')' && std::count(text.begin(), text.end(), '(') <
                                  std::count(text.begin(), text.end(), ')')) {
      text.remove_suffix(1);
    } else {
      return text;
    }
  }
}

// The first DOI: "10." a registrant code of 4 to 9 digits, '/', a suffix
// (doi:, https://doi.org/, dx.doi.org/ and bare ones alike). [begin, end)
// in `text`, or {npos, npos}.
std::pair<std::size_t, std::size_t> find_doi(std::string_view text) {
  for (std::size_t at = text.find("10."); at != std::string_view::npos;
       at = text.find("10.", at + 1)) {
    if (at > 0 && (std::isalnum(static_cast<unsigned char>(text[at - 1])) != 0 ||
                   text[at - 1] == '.' || text[at - 1] == '-')) {
      continue;
    }
    std::size_t i = at + 3;
    const std::size_t digits_start = i;
    // At most 13 characters read: a run of "10.10.10..." costs no more.
    while (i < text.size() && i - digits_start <= 12 && (is_digit(text[i]) || text[i] == '.')) ++i;
    if (i - digits_start < 4 || i - digits_start > 12 || i >= text.size() || text[i] != '/') {
      continue;
    }
    std::size_t end = i + 1;
    const std::size_t limit = std::min(text.size(), at + kMaxLinkBytes);
    while (end < limit && !ends_link(text[end])) ++end;
    const std::string_view doi = strip_trailing_punctuation(text.substr(at, end - at));
    if (doi.size() > i + 1 - at) return {at, at + doi.size()};
  }
  return {std::string_view::npos, std::string_view::npos};
}

// The first link: http(s)://... or www.... [begin, end), or {npos, npos}.
std::pair<std::size_t, std::size_t> find_url(std::string_view text) {
  for (std::size_t at = 0; at < text.size(); ++at) {
    const char c = text[at];
    if (c != 'h' && c != 'H' && c != 'w' && c != 'W') continue;
    if (at > 0 && !is_space(text[at - 1]) && text[at - 1] != '(' && text[at - 1] != '<' &&
        text[at - 1] != ':' && text[at - 1] != '{') {
      continue;
    }
    const std::string_view rest = text.substr(at);
    if (!starts_with_ignoring_case(rest, "http://") &&
        !starts_with_ignoring_case(rest, "https://") && !starts_with_ignoring_case(rest, "www.")) {
      continue;
    }
    std::size_t end = at;
    const std::size_t limit = std::min(text.size(), at + kMaxLinkBytes);
    while (end < limit && !ends_link(text[end])) ++end;
    const std::string_view url = strip_trailing_punctuation(text.substr(at, end - at));
    return {at, at + url.size()};
  }
  return {std::string_view::npos, std::string_view::npos};
}

std::string lower_ascii(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// --- Labels ---

// "[12] ", "[Smi99] ", "12. ", "(12) ", "12) ": the label's text and where
// the entry's own text starts; {"", 0} without one.
std::pair<std::string_view, std::size_t> leading_label(std::string_view text) {
  if (text.empty()) return {{}, 0};
  if (text.front() == '[' || text.front() == '(') {
    const char close = text.front() == '[' ? ']' : ')';
    const std::size_t end = text.substr(0, 26).find(close);
    if (end == std::string_view::npos || end < 2) return {{}, 0};
    const std::string_view label = text.substr(1, end - 1);
    if (label.find(' ') != std::string_view::npos && label.size() > 12) return {{}, 0};
    if (close == ')' && !std::all_of(label.begin(), label.end(), is_digit)) return {{}, 0};
    return {label, end + 1};
  }
  std::size_t digits = 0;
  while (digits < text.size() && is_digit(text[digits])) ++digits;
  if (digits == 0 || digits > 5 || digits >= text.size()) return {{}, 0};
  const char after = text[digits];
  if (after == '.' || after == ')') {
    // "12. Smith": not "2018. Title", which starts no entry anyway, nor "3.5".
    if (digits + 1 < text.size() && text[digits + 1] != ' ') return {{}, 0};
    return {text.substr(0, digits), digits + 1};
  }
  if (after == ' ' && digits + 1 < text.size() &&
      (is_upper(text[digits + 1]) || is_non_ascii(text[digits + 1]))) {
    return {text.substr(0, digits), digits + 1};
  }
  return {{}, 0};
}

// --- Years ---

struct YearCandidate {
  int year = 0;
  bool in_parentheses = false;  // "(1948)", "(Nov. 2019)"
  bool before_stop = false;     // "2017.", "2008,", "2009a,", at the end
};

// The plausible years of `text` (masked: links and DOIs blanked), in order.
// A year is a run of exactly four digits, not part of a longer number, an
// id ("1806.04617", "hep-th/9901001") or a range's second half.
std::vector<YearCandidate> find_years(std::string_view text) {
  std::vector<YearCandidate> years;
  for (std::size_t i = 0; i + 4 <= text.size(); ++i) {
    if (!is_digit(text[i])) continue;
    std::size_t end = i;
    while (end < text.size() && is_digit(text[end])) ++end;
    const std::size_t start = i;
    i = end;  // past the run whatever it is
    if (end - start != 4) continue;
    if (start > 0) {
      const char before = text[start - 1];
      if (is_letter(before) || before == '.' || before == '/' || before == '-' || before == ':' ||
          before == '_' || before == '=') {
        continue;
      }
    }
    std::size_t after = end;
    if (after < text.size() && is_lower(text[after]) &&
        (after + 1 == text.size() || !is_letter(text[after + 1]))) {
      ++after;  // "2010a"
    }
    if (after < text.size()) {
      const char next = text[after];
      if (is_letter(next) || next == '/' || next == '_') continue;
      if ((next == '.' || next == '-') && after + 1 < text.size() && is_digit(text[after + 1]))
        continue;
    }
    const int year = std::stoi(std::string(text.substr(start, 4)));
    if (year < 1800 || year > 2100) continue;
    YearCandidate candidate;
    candidate.year = year;
    // "(1948)", "(Nov. 2019)", "(2010a)": a '(' shortly before, a ')' shortly after.
    const std::size_t window_start = start >= 12 ? start - 12 : 0;
    const std::string_view before = text.substr(window_start, start - window_start);
    const std::string_view after_year = text.substr(end, 12);
    const std::size_t open = before.rfind('(');
    const std::size_t close = after_year.find(')');
    candidate.in_parentheses = open != std::string_view::npos &&
                               before.substr(open).find(')') == std::string_view::npos &&
                               close != std::string_view::npos &&
                               after_year.substr(0, close).find('(') == std::string_view::npos;
    candidate.before_stop = after == text.size() ||
                            std::string_view(".,;:)]").find(text[after]) != std::string_view::npos;
    years.push_back(candidate);
    if (years.size() >= 64) break;  // enough to choose from, however long the entry
  }
  return years;
}

// The first year in parentheses ("(1948)", the physics and APA place), else
// the first one a stop follows ("2017.", "2008,"), else the first one.
std::optional<int> choose_year(const std::vector<YearCandidate>& years) {
  for (const YearCandidate& c : years)
    if (c.in_parentheses) return c.year;
  for (const YearCandidate& c : years)
    if (c.before_stop) return c.year;
  if (!years.empty()) return years.front().year;
  return std::nullopt;
}

// --- Names ---

bool is_particle(std::string_view word) {
  static constexpr std::array<std::string_view, 20> kParticles = {
      "van", "von", "der", "den", "de",  "del", "della", "di", "da",  "dos",
      "du",  "la",  "le",  "ten", "ter", "y",   "i",     "d'", "al-", "zu"};
  return std::find(kParticles.begin(), kParticles.end(), word) != kParticles.end();
}

// "J.", "H.Y.", "U.-G.", "Ch.", "J" (Vancouver's "Smith J"), "JA".
bool is_initials(std::string_view word) {
  if (word.empty()) return false;
  // "Á.", "Ł.": one non-ASCII letter and its dot.
  if (is_non_ascii(word.front()) && word.back() == '.' && word.size() <= 4) {
    return std::all_of(word.begin(), word.end() - 1, is_non_ascii);
  }
  if (!is_upper(word.front())) return false;
  if (word.find('.') == std::string_view::npos) {
    // Vancouver: one to three capitals, no dots.
    return word.size() <= 3 && std::all_of(word.begin(), word.end(), is_upper);
  }
  // Groups of a capital and at most one lower-case letter, each with its dot.
  std::size_t i = 0;
  while (i < word.size()) {
    if (word[i] == '-') ++i;
    if (i >= word.size() || !is_upper(word[i])) return false;
    ++i;
    if (i < word.size() && is_lower(word[i])) ++i;
    if (i >= word.size() || word[i] != '.') return false;
    ++i;
  }
  return true;
}

// A word of a name written out: "Schwinger", "Barrón-Cedeño", "O'Donovan",
// "Meißner". Capitalised (or starting with a non-ASCII letter), letters,
// hyphens and apostrophes only.
bool is_name_word(std::string_view word) {
  if (word.size() < 2) return false;
  if (!is_upper(word.front()) && !is_non_ascii(word.front())) return false;
  bool lower_seen = false;
  for (const char c : word) {
    if (!is_letter(c) && c != '-' && c != '\'') return false;
    lower_seen = lower_seen || is_lower(c) || is_non_ascii(c);
  }
  return lower_seen;  // "NASA", "JHEP" are no names
}

// Whether `item` reads as one person's name written forward ("J. Schwinger",
// "Muhammad Tanvir Afzal", "J. van der Heide", "Smith JA"): two to six words
// of initials, particles and capitalised words, at least one of the last.
bool is_forward_name(std::string_view item) {
  const std::vector<std::string_view> words = split_on_spaces(item);
  if (words.size() < 2 || words.size() > 6) return false;
  std::size_t written = 0;
  for (const std::string_view word : words) {
    if (is_name_word(word)) {
      ++written;
    } else if (!is_initials(word) && !is_particle(word)) {
      return false;
    }
  }
  return written >= 1;
}

// A surname written first ("Cowan", "Collier Cameron", "van der Heide").
bool is_surname_first(std::string_view item) {
  const std::vector<std::string_view> words = split_on_spaces(item);
  if (words.empty() || words.size() > 4) return false;
  std::size_t written = 0;
  for (const std::string_view word : words) {
    if (is_name_word(word)) {
      ++written;
    } else if (!is_particle(word)) {
      return false;
    }
  }
  return written >= 1;
}

// "al.", "et", "al": the tail of "et al."
bool is_et_al(std::string_view text) {
  return text.starts_with("et al") || text.starts_with("et. al") || text.starts_with("and others");
}

// Whether the '.' at `dot` ends a sentence: the word before it is no initial
// ("J."), no "al." and no one-letter word.
bool ends_sentence(std::string_view text, std::size_t dot) {
  // Only the word's last characters matter: an initial is short, and a
  // 1 MB word of dots costs no more than a short one.
  std::size_t start = dot;
  while (start > 0 && dot - start < 16 && text[start - 1] != ' ') --start;
  const std::string_view word = text.substr(start, dot + 1 - start);
  if (word.size() <= 2) return false;
  if (is_initials(word) || word == "al." || word == "vs." || word == "eds." || word == "Jr.")
    return false;
  return true;
}

// One item of an author list and what ended it.
enum class ItemEnd { kComma, kAnd, kSentence, kStop, kEnd };

struct Item {
  std::string_view text;
  ItemEnd end = ItemEnd::kEnd;
  std::size_t next = 0;  // where the next item starts
  bool et_al = false;    // "et al." ended it
};

// The item of `text` starting at `at`: up to ", ", " and ", " & ", ";", a
// sentence's end, or what ends an author list ('(', ':', a quote, a number,
// "et al.").
Item read_item(std::string_view text, std::size_t at) {
  Item item;
  std::size_t i = at;
  if (is_et_al(text.substr(at))) {
    item.et_al = true;
    std::size_t end = text.find('.', at);
    end = end == std::string_view::npos || end > at + 8 ? at + 6 : end + 1;
    item.end = ItemEnd::kStop;
    item.next = std::min(end, text.size());
    return item;
  }
  const auto finish = [&](std::size_t end, ItemEnd how, std::size_t next) {
    item.text = trim(text.substr(at, end - at), " ");
    item.end = how;
    item.next = next;
    return item;
  };
  while (i < text.size()) {
    const char c = text[i];
    if (c == ',' || c == ';') return finish(i, ItemEnd::kComma, i + 1);
    if (c == '(' || c == ':' || c == '"' || c == '[' || c == '{' ||
        text.substr(i).starts_with("\xE2\x80\x9C") || text.substr(i).starts_with("``")) {
      return finish(i, ItemEnd::kStop, i);
    }
    if (c == '.' && (i + 1 == text.size() || text[i + 1] == ' ') && ends_sentence(text, i)) {
      return finish(i, ItemEnd::kSentence, i + 1);
    }
    if (c == ' ') {
      const std::string_view rest = text.substr(i + 1);
      if (rest.starts_with("and ")) return finish(i, ItemEnd::kAnd, i + 5);
      if (rest.starts_with("& ")) return finish(i, ItemEnd::kAnd, i + 3);
      if (is_et_al(rest)) {
        item.et_al = true;
        std::size_t end = i + 1 + 5;
        if (rest.starts_with("et. al")) ++end;
        if (end < text.size() && text[end] == '.') ++end;
        return finish(i, ItemEnd::kStop, end);
      }
      if (!rest.empty() && is_digit(rest.front())) return finish(i, ItemEnd::kStop, i + 1);
    }
    ++i;
  }
  return finish(text.size(), ItemEnd::kEnd, text.size());
}

// Whether the word at `at` (after a space) is a capitalised abbreviation
// ("Phys.", "Teor."): what follows "J. Math." or "Zh. Eksp." in a journal's
// name, never a title's first word.
bool abbreviation_follows(std::string_view text, std::size_t at) {
  while (at < text.size() && text[at] == ' ') ++at;
  std::size_t end = at;
  while (end < text.size() && text[end] != ' ') ++end;
  const std::string_view word = text.substr(at, end - at);
  return word.size() >= 3 && word.size() <= 8 && is_upper(word.front()) && word.back() == '.' &&
         std::all_of(word.begin() + 1, word.end() - 1, is_lower);
}

// "ATLAS Collaboration", "the CMS collaboration", "Particle Data Group".
bool names_collaboration(std::string_view item) {
  const std::string lower = lower_ascii(item);
  return lower.ends_with("collaboration") || lower.ends_with("collaborations") ||
         lower.ends_with(" group") || lower.ends_with(" collab.");
}

struct AuthorList {
  std::vector<std::string> authors;
  std::size_t end = 0;          // where the text after the list starts
  bool ended_sentence = false;  // the list ended with ". " (a title may follow)
};

std::size_t skip_separators(std::string_view text, std::size_t at) {
  for (;;) {
    while (at < text.size() && (text[at] == ' ' || text[at] == ',')) ++at;
    const std::string_view rest = text.substr(at);
    if (rest.starts_with("and ")) {
      at += 4;
    } else if (rest.starts_with("& ")) {
      at += 2;
    } else {
      return at;
    }
  }
}

// The initials `item` starts with ("A. C." of "A. C. Elastic materials"):
// their length in bytes, 0 when it starts with none.
std::size_t leading_initials(std::string_view item) {
  std::size_t end = 0;
  for (const std::string_view word : split_on_spaces(item)) {
    if (!is_initials(word) || word.find('.') == std::string_view::npos) break;
    end = static_cast<std::size_t>(word.data() + word.size() - item.data());
  }
  return end;
}

// A "Surname, I. N." author of a surname-first list, `item` its surname:
// taken into `list` (list.end past it) and `at` moved to the next author.
// False when the list ends here.
bool take_surname_first(std::string_view text, const Item& item, AuthorList& list,
                        std::size_t& at) {
  // "—." and the like end the list.
  if (!is_surname_first(item.text) || item.end != ItemEnd::kComma) return false;
  const Item initials = read_item(text, skip_separators(text, item.next));
  const std::size_t initials_length = leading_initials(initials.text);
  if (initials_length == 0) return false;
  list.authors.push_back(std::string(item.text) + ", " +
                         std::string(initials.text.substr(0, initials_length)));
  if (initials_length < initials.text.size()) {
    // "Pipkin, A. C. Elastic materials ...": the title follows the initials.
    list.end = static_cast<std::size_t>(initials.text.data() - text.data()) + initials_length;
    list.ended_sentence = true;
    return false;
  }
  list.end = initials.next;
  if (initials.end == ItemEnd::kSentence) list.ended_sentence = true;
  if (initials.end != ItemEnd::kComma && initials.end != ItemEnd::kAnd) return false;
  at = skip_separators(text, initials.next);
  return true;
}

// "T. Padmanabhan Particle creation, ...", an item that is no name alone:
// initials and one written word are a name (taken into `list`), the rest is
// the title.
void take_name_before_title(std::string_view text, const Item& item, std::size_t at,
                            AuthorList& list) {
  const std::vector<std::string_view> words = split_on_spaces(item.text);
  std::size_t w = 0;
  while (w < words.size() && is_initials(words[w]) &&
         words[w].find('.') != std::string_view::npos) {
    ++w;
  }
  if (w > 0 && w + 1 < words.size() && is_name_word(words[w])) {
    const std::size_t end =
        static_cast<std::size_t>(words[w].data() + words[w].size() - text.data());
    list.authors.emplace_back(trim(text.substr(at, end - at)));
    list.end = end;
  }
}

// The author list at the start of `text` (its label gone).
AuthorList read_authors(std::string_view text) {
  AuthorList list;
  std::size_t at = 0;
  // "ATLAS Collaboration, G. Aad et al.", "Astropy Collaboration, Price-Whelan,
  // A. M.": the people follow.
  for (Item item = read_item(text, at);
       item.end == ItemEnd::kComma && names_collaboration(item.text); item = read_item(text, at)) {
    at = skip_separators(text, item.next);
  }
  // Surname first ("Cowan, N. B., ...") when the first item is a surname and
  // the second starts with initials.
  const Item first = read_item(text, at);
  bool surname_first = false;
  if (first.end == ItemEnd::kComma && is_surname_first(first.text)) {
    const Item second = read_item(text, skip_separators(text, first.next));
    surname_first = leading_initials(second.text) != 0;
  }
  list.end = at;                // past the last author taken
  bool initials_style = false;  // the first author written with initials
  while (at < text.size() && list.authors.size() < 1000) {
    const Item item = read_item(text, at);
    if (item.et_al && item.text.empty()) {
      if (!list.authors.empty()) list.end = item.next;
      break;
    }
    if (surname_first) {
      if (!take_surname_first(text, item, list, at)) break;
      continue;
    }
    if (item.end == ItemEnd::kComma && names_collaboration(item.text)) {
      // "ATLAS Collaboration, G. Aad et al.": the people follow.
      at = skip_separators(text, item.next);
      continue;
    }
    if (!is_forward_name(item.text)) {
      take_name_before_title(text, item, at, list);
      break;
    }
    if (item.end == ItemEnd::kSentence && abbreviation_follows(text, item.next)) break;
    // A list whose first author's given name is initials ("M. Mekhfi")
    // gives every author initials: "Multiparton Processes" after it is the
    // title. ("Nicholas J. Higham, Erin Carson" sets no such style.)
    const std::vector<std::string_view> words = split_on_spaces(item.text);
    if (list.authors.empty()) {
      initials_style = !words.empty() && is_initials(words.front());
    } else if (initials_style && item.end != ItemEnd::kComma && item.end != ItemEnd::kAnd &&
               std::ranges::none_of(words, is_initials)) {
      // (Only where the item ends as a title does, "...: ", " (": lists mix
      // "K. Gero, Vivian Liu, and Lydia B. Chilton".)
      break;
    }
    list.authors.emplace_back(item.text);
    list.end = item.next;
    if (item.end == ItemEnd::kSentence) list.ended_sentence = true;
    if (item.end != ItemEnd::kComma && item.end != ItemEnd::kAnd) break;
    at = skip_separators(text, item.next);
  }
  return list;
}

// --- Title and venue ---

// "(2010). ", "2018. ", "2010a, " at the start: skipped.
std::size_t skip_leading_year(std::string_view text, std::size_t at) {
  std::size_t i = at;
  while (i < text.size() && (text[i] == ' ' || text[i] == '.' || text[i] == ',')) ++i;
  const std::size_t start = i;
  if (i < text.size() && text[i] == '(') ++i;
  std::size_t digits = 0;
  while (i < text.size() && is_digit(text[i])) ++i, ++digits;
  if (digits != 4) return start;
  if (i < text.size() && is_lower(text[i])) ++i;
  if (i < text.size() && text[i] == ')') ++i;
  while (i < text.size() && (text[i] == ' ' || text[i] == '.' || text[i] == ',')) ++i;
  return i;
}

// Whether a year that is a sentence of its own follows `at`: "2020. ",
// "(2010). " (ACL's and APA's place for it, after the authors and before
// the title), not "2009a, A&A".
bool year_sentence_at(std::string_view text, std::size_t at) {
  std::size_t start = at;
  while (start < text.size() && (text[start] == ' ' || text[start] == '.' || text[start] == ','))
    ++start;
  const std::size_t after = skip_leading_year(text, at);
  if (after == start) return false;  // no year there
  std::size_t back = after;
  while (back > at && text[back - 1] == ' ') --back;
  return back > at && text[back - 1] == '.';
}

// The end of the sentence starting at `at`: the first ". ", "? " or "! "
// that ends one (ends_sentence), or the text's end.
std::size_t sentence_end(std::string_view text, std::size_t at) {
  for (std::size_t i = at; i < text.size(); ++i) {
    const char c = text[i];
    if ((c == '.' || c == '?' || c == '!') && (i + 1 == text.size() || text[i + 1] == ' ')) {
      if (c != '.' || ends_sentence(text, i)) return c == '.' ? i : i + 1;
    }
  }
  return text.size();
}

// A quoted title at `at`: “...”, "...", ``...'' — its inside and where it
// ends, or {"", npos}.
std::pair<std::string_view, std::size_t> quoted_at(std::string_view text, std::size_t at) {
  struct Quote {
    std::string_view open, close;
  };
  static constexpr std::array<Quote, 4> kQuotes = {{{"\xE2\x80\x9C", "\xE2\x80\x9D"},
                                                    {"\xE2\x80\x9D", "\xE2\x80\x9D"},
                                                    {"``", "''"},
                                                    {"\"", "\""}}};
  for (const Quote& quote : kQuotes) {
    if (!text.substr(at).starts_with(quote.open)) continue;
    const std::size_t inside = at + quote.open.size();
    const std::size_t close = text.find(quote.close, inside);
    if (close == std::string_view::npos) return {{}, std::string_view::npos};
    return {text.substr(inside, close - inside), close + quote.close.size()};
  }
  return {{}, std::string_view::npos};
}

bool looks_like_venue_start(std::string_view sentence) {
  for (const std::string_view start :
       {"In ", "In: ", "in ", "Proc", "arXiv", "ArXiv", "CoRR", "Preprint", "preprint", "PhD",
        "Ph.D", "Master", "Technical", "Available", "URL", "http", "doi", "DOI"}) {
    if (sentence.starts_with(start)) return true;
  }
  return false;
}

// A venue from the text after the title (or the authors): "In " gone, cut
// before its volume, pages or year ("Phys. Rev. 73, 1272A (1948)" is
// "Phys. Rev.", "ApJ, 678, L129" is "ApJ").
}  // namespace

std::string detail::reference_venue(std::string_view text) {
  text = trim(text, " .,;");
  // "(JLQCD collaboration), Phys. Rev. Lett. ...": the group is no venue.
  if (text.starts_with("(")) {
    const std::size_t close = text.substr(0, 200).find(')');
    if (close != std::string_view::npos && close > 5) text = trim(text.substr(close + 1), " .,;");
  }
  for (const std::string_view prefix : {"In: ", "In ", "in: ", "in "}) {
    if (text.starts_with(prefix)) {
      text.remove_prefix(prefix.size());
      break;
    }
  }
  std::size_t end = 0;
  for (; end < text.size(); ++end) {
    const char c = text[end];
    if (c == '(' || c == ';' || c == '[') break;
    if (c == ',' && end + 2 < text.size() &&
        (is_digit(text[end + 2]) || text.substr(end + 2).starts_with("pp") ||
         text.substr(end + 2).starts_with("pages") || text.substr(end + 2).starts_with("vol") ||
         text.substr(end + 2).starts_with("Vol"))) {
      break;
    }
    if (c == ' ' && end + 1 < text.size() && is_digit(text[end + 1])) {
      // A volume or a year ("Rev. 73, 1272", "LATTICE 2007, 018"), not
      // "the 2012 Conference".
      std::size_t digits_end = end + 1;
      while (digits_end < text.size() && is_digit(text[digits_end])) ++digits_end;
      if (digits_end == text.size() || text[digits_end] != ' ' ||
          text.substr(digits_end).starts_with(" (")) {
        break;
      }
    }
    if (c == '.' && end + 1 < text.size() && text[end + 1] == ' ' && ends_sentence(text, end) &&
        end + 2 < text.size() && !is_upper(text[end + 2])) {
      break;
    }
  }
  std::string_view venue = trim(text.substr(0, end), " ,.:");
  // ", 807, L32": the venue was left out (a macro a data set dropped).
  if (!venue.empty() && is_digit(venue.front())) venue = {};
  if (venue.size() > 300) venue = venue.substr(0, 300);
  return std::string(venue);
}

namespace {

// Valid UTF-8 cut at most `bytes` long, at a character's start.
std::string_view cut_at_character(std::string_view text, std::size_t bytes) {
  if (text.size() <= bytes) return text;
  while (bytes > 0 && (static_cast<unsigned char>(text[bytes]) & 0xC0) == 0x80) --bytes;
  return text.substr(0, bytes);
}

}  // namespace

std::string reference_surname(std::string_view author) {
  author = trim(author, " ,.");
  if (const std::size_t comma = author.find(','); comma != std::string_view::npos) {
    return std::string(trim(author.substr(0, comma)));
  }
  std::vector<std::string_view> words = split_on_spaces(author);
  // Suffixes and trailing initials ("Smith JA", "Muñoz Caro G. M.").
  bool initials_after = false;
  while (words.size() > 1 &&
         (is_initials(words.back()) || words.back() == "Jr" || words.back() == "Jr." ||
          words.back() == "II" || words.back() == "III")) {
    initials_after = initials_after || is_initials(words.back());
    words.pop_back();
  }
  if (words.empty()) return {};
  // Initials after the name: it was written surname first, all of it the
  // surname ("Muñoz Caro"); else the last word and its particles.
  std::size_t first = words.size() - 1;
  if (initials_after && std::none_of(words.begin(), words.end(), is_initials)) first = 0;
  while (first > 0 && is_particle(words[first - 1])) --first;
  const char* begin = words[first].data();
  const char* end = words.back().data() + words.back().size();
  return std::string(begin, static_cast<std::size_t>(end - begin));
}

Reference parse_reference(std::string_view raw_text) {
  Reference reference;
  std::string raw = detail::normalise_whitespace(cut_at_character(raw_text, kMaxReferenceBytes));
  std::replace(raw.begin(), raw.end(), '\n', ' ');
  reference.raw = raw;
  const auto [label, body_start] = leading_label(raw);
  reference.label = std::string(label);
  std::string body(trim(std::string_view(raw).substr(body_start)));

  reference.arxiv_id = arxiv_id_cited_in(body);
  // Links and DOIs blanked before years and names are read: "10.1007/s11192-018-2920-6"
  // holds no year.
  std::string masked = body;
  // TeX's tie, left in raw strings ("S.~Ochmann"), is a space to read.
  std::replace(masked.begin(), masked.end(), '~', ' ');
  if (const auto [begin, end] = find_doi(body); begin != std::string_view::npos) {
    reference.doi = lower_ascii(std::string_view(body).substr(begin, end - begin));
    std::fill(masked.begin() + static_cast<std::ptrdiff_t>(begin),
              masked.begin() + static_cast<std::ptrdiff_t>(end), ' ');
  }
  for (std::size_t from = 0, links = 0; links < 8; ++links) {
    auto [begin, end] = find_url(std::string_view(masked).substr(from));
    if (begin == std::string_view::npos) break;
    // Its end as written: a link to the DOI ("https://doi.org/10...") runs
    // on over the DOI blanked above.
    end = begin + find_url(std::string_view(body).substr(from + begin)).second;
    if (reference.url.empty()) reference.url = std::string(body.substr(from + begin, end - begin));
    std::fill(masked.begin() + static_cast<std::ptrdiff_t>(from + begin),
              masked.begin() + static_cast<std::ptrdiff_t>(from + end), ' ');
    from += std::max<std::size_t>(end, 1);
  }
  reference.year = choose_year(find_years(masked));

  const std::string_view text = masked;
  const AuthorList list = read_authors(text);
  for (const std::string& author : list.authors) {
    if (!author.empty()) reference.authors.push_back(author);
  }
  std::size_t at = list.end;
  while (at < text.size() && (text[at] == ' ' || text[at] == ',' || text[at] == '.')) ++at;
  std::size_t after_title = at;
  // A quoted title, wherever the list ended (IEEE).
  if (const auto [quoted, end] = quoted_at(text, at); end != std::string_view::npos) {
    reference.title = std::string(trim(quoted, " ,."));
    after_title = end;
  } else if (list.ended_sentence || year_sentence_at(text, list.end) ||
             text.substr(list.end).starts_with(":") ||
             (list.end < text.size() && text[list.end] == '(')) {
    // "Authors. (2018). Title. Venue." / "Authors. 2018. Title." / "Smith, J.: Title."
    std::size_t start = skip_leading_year(text, at);
    while (start < text.size() && (text[start] == ':' || text[start] == ' ')) ++start;
    const std::size_t end = sentence_end(text, start);
    const std::string_view sentence = trim(text.substr(start, end - start), " ,.");
    if (!sentence.empty() && !looks_like_venue_start(sentence)) {
      reference.title = std::string(sentence);
      after_title = std::min(text.size(), end + 1);
    } else {
      after_title = start;
    }
  }
  if (reference.title.size() > 1000) reference.title.resize(1000);
  reference.venue = detail::reference_venue(text.substr(skip_leading_year(text, after_title)));
  if (reference.venue.starts_with("arXiv") || reference.venue.starts_with("http")) {
    reference.venue.clear();
  }
  return reference;
}

}  // namespace paperdex::fulltext
