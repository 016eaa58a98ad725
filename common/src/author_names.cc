#include "paperdex/common/author_names.h"

#include <algorithm>
#include <array>
#include <utility>

namespace paperdex {
namespace {

// The letters written out in transliteration, precomposed and decomposed
// (a base letter and U+0308 or U+030A), upper and lower case. ß and ø need
// no row: case folding makes ß "ss" and the accent fold makes ø "o".
constexpr std::array<std::pair<std::string_view, std::string_view>, 17> kTransliterations{{
    {"\u00FC", "ue"},
    {"\u00DC", "Ue"},
    {"u\u0308", "ue"},
    {"U\u0308", "Ue"},
    {"\u00F6", "oe"},
    {"\u00D6", "Oe"},
    {"o\u0308", "oe"},
    {"O\u0308", "Oe"},
    {"\u00E4", "ae"},
    {"\u00C4", "Ae"},
    {"a\u0308", "ae"},
    {"A\u0308", "Ae"},
    {"\u00E5", "aa"},
    {"\u00C5", "Aa"},
    {"a\u030A", "aa"},
    {"A\u030A", "Aa"},
    {"\u212B", "Aa"},  // the angstrom sign, which NFKC makes Å
}};

// The most initials arXiv's underscore form carries ("Tolkien_JRR").
constexpr std::size_t kMostInitials = 4;

// Suffixes that follow a surname and are not one ("Martin Luther King Jr.").
bool is_name_suffix(std::string_view term) {
  return term == "jr" || term == "sr" || term == "ii" || term == "iii" || term == "iv";
}

std::string transliterated(std::string_view word) {
  std::string out;
  for (std::size_t i = 0; i < word.size();) {
    const auto row =
        std::find_if(kTransliterations.begin(), kTransliterations.end(),
                     [&](const auto& entry) { return word.substr(i).starts_with(entry.first); });
    if (row == kTransliterations.end()) {
      out.push_back(word[i++]);
    } else {
      out.append(row->second);
      i += row->first.size();
    }
  }
  return out;
}

// The initial letters a word stands for: "g.e" -> "ge", "geoffrey" -> "g"
// (its first character, whole, in a script other than Latin).
std::string initials_of(std::string_view term) {
  std::string letters;
  if (!is_initials_word(term)) {
    std::size_t length = term.empty() ? 0 : 1;
    while (length < term.size() && (static_cast<unsigned char>(term[length]) & 0xC0) == 0x80)
      ++length;
    return std::string(term.substr(0, length));
  }
  for (const char c : term) {
    if (c != '.') letters.push_back(c);
  }
  return letters;
}

// surname_initials for each spelling of the surname.
void add_keys(const Analyzer& analyzer, std::string_view text, const Token& surname,
              std::string_view initials, std::vector<std::string>& keys) {
  for (const std::string& form : name_word_forms(analyzer, text, surname)) {
    keys.push_back(form + "_" + std::string(initials));
  }
}

// arXiv's "Hinton_GE" / "del_Maestro_A" (`token`, of `text`): the part
// after the last '_' is the initials, the part before it the surname's last
// word. Adds nothing for a token without that shape.
void add_underscore_keys(const Analyzer& analyzer, std::string_view text, const Token& token,
                         std::vector<std::string>& keys) {
  if (token.end <= token.begin || token.end > text.size()) return;
  const std::string_view written = text.substr(token.begin, token.end - token.begin);
  const std::size_t last = written.rfind('_');
  if (last == std::string_view::npos || last == 0 || last + 1 == written.size()) return;
  // Initials are a few letters: "machine_learning" is a word, not a name.
  const std::string initials = analyzer.fold(written.substr(last + 1));
  if (initials.size() > kMostInitials ||
      !std::all_of(initials.begin(), initials.end(), [](char c) { return c >= 'a' && c <= 'z'; }))
    return;
  const std::size_t before = written.rfind('_', last - 1);
  const std::size_t start = before == std::string_view::npos ? 0 : before + 1;
  Token surname;
  surname.begin = token.begin + start;
  surname.end = token.begin + last;
  surname.term = analyzer.fold(written.substr(start, last - start));
  if (!surname.term.empty()) add_keys(analyzer, text, surname, initials, keys);
}

}  // namespace

std::vector<std::string> name_word_forms(const Analyzer& analyzer, std::string_view text,
                                         const Token& token) {
  std::vector<std::string> forms{token.term};
  if (token.end <= token.begin || token.end > text.size()) return forms;
  const std::string_view written = text.substr(token.begin, token.end - token.begin);
  const std::string other = analyzer.fold(transliterated(written));
  if (!other.empty() && other != token.term) forms.push_back(other);
  return forms;
}

std::string umlaut_name_key(const std::vector<std::string>& forms) {
  if (forms.size() != 2) return {};
  return forms[0] + " " + forms[1];
}

std::vector<std::pair<std::string, std::string>> umlaut_readings(std::string_view term) {
  // What ü, ö, ä and å are written out as, and what they fold to.
  constexpr std::array<std::string_view, 4> kWrittenOut{"ue", "oe", "ae", "aa"};
  constexpr std::size_t kMostPairs = 3;
  std::vector<std::size_t> pairs;  // where each written-out letter pair starts
  for (std::size_t i = 0; i + 1 < term.size() && pairs.size() < kMostPairs;) {
    const bool pair =
        std::find(kWrittenOut.begin(), kWrittenOut.end(), term.substr(i, 2)) != kWrittenOut.end();
    if (pair) pairs.push_back(i);
    i += pair ? 2 : 1;
  }
  std::vector<std::pair<std::string, std::string>> readings;
  // Each non-empty choice of the pairs read as one letter ("oe" -> "o").
  for (std::size_t chosen = 1; chosen < (std::size_t{1} << pairs.size()); ++chosen) {
    std::string reading;
    std::size_t from = 0;
    for (std::size_t p = 0; p < pairs.size(); ++p) {
      if ((chosen & (std::size_t{1} << p)) == 0) continue;
      reading.append(term.substr(from, pairs[p] + 1 - from));
      from = pairs[p] + 2;
    }
    reading.append(term.substr(from));
    std::string key = reading + " " + std::string(term);
    readings.emplace_back(std::move(reading), std::move(key));
  }
  return readings;
}

bool is_initials_word(std::string_view term) {
  // Letters a-z (the fold makes "Ö." "o"), every other character a dot.
  if (term.size() % 2 == 0) return false;
  for (std::size_t i = 0; i < term.size(); ++i) {
    const bool dot = term[i] == '.';
    if (dot != (i % 2 == 1)) return false;
    if (!dot && !(term[i] >= 'a' && term[i] <= 'z')) return false;
  }
  return true;
}

std::vector<std::string> author_initials_keys(const Analyzer& analyzer, std::string_view text,
                                              const std::vector<Token>& tokens) {
  std::vector<std::string> keys;
  const auto surname = std::find_if(tokens.rbegin(), tokens.rend(), [](const Token& token) {
    return !is_initials_word(token.term) && !is_name_suffix(token.term);
  });
  if (surname == tokens.rend()) return keys;
  std::string initials;
  for (const Token& token : tokens) {
    if (&token == &*surname || is_name_suffix(token.term)) continue;
    if (&token > &*surname && !is_initials_word(token.term)) continue;
    initials += initials_of(token.term);
  }
  if (initials.empty()) return keys;
  add_keys(analyzer, text, *surname, initials.substr(0, 1), keys);
  if (initials.size() > 1) add_keys(analyzer, text, *surname, initials, keys);
  return keys;
}

std::vector<std::string> written_initials_keys(const Analyzer& analyzer, std::string_view text,
                                               const std::vector<Token>& tokens) {
  std::vector<std::string> keys;
  if (tokens.size() == 1) {
    add_underscore_keys(analyzer, text, tokens.front(), keys);
    return keys;
  }
  const Token* surname = nullptr;
  std::string initials;
  for (const Token& token : tokens) {
    if (is_initials_word(token.term)) {
      initials += initials_of(token.term);
    } else if (surname != nullptr || is_name_suffix(token.term)) {
      if (!is_name_suffix(token.term)) return keys;  // two full words: a name, not initials
    } else {
      surname = &token;
    }
  }
  if (surname == nullptr || initials.empty()) return keys;
  add_keys(analyzer, text, *surname, initials, keys);
  return keys;
}

}  // namespace paperdex
