// Word segmentation of pure-ASCII text, the same as ICU's word break iterator
// (root locale, ICU 72) would give, for the Analyzer's fast path (private to
// common/). ICU's iterator runs at about 20 MB/s; most of an arXiv abstract is
// ASCII, and this runs several times faster. The Analyzer checks it against ICU
// when it starts (and falls back to ICU everywhere on any difference); the
// unit tests compare the two on many strings.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

namespace paperdex::ascii_words {

// UAX #29 word break classes of the ASCII characters, as ICU 72 tailors them:
// ':' is not MidLetter, '@' is a letter (kept inside e-mail addresses).
enum class Class : unsigned char { kOther, kLetter, kDigit, kMidNumLet, kMidNum, kExtendNumLet };

constexpr std::array<Class, 128> make_classes() {
  std::array<Class, 128> classes{};
  for (char c = 'a'; c <= 'z'; ++c) classes[static_cast<unsigned char>(c)] = Class::kLetter;
  for (char c = 'A'; c <= 'Z'; ++c) classes[static_cast<unsigned char>(c)] = Class::kLetter;
  for (char c = '0'; c <= '9'; ++c) classes[static_cast<unsigned char>(c)] = Class::kDigit;
  classes['@'] = Class::kLetter;
  classes['.'] = Class::kMidNumLet;
  classes['\''] = Class::kMidNumLet;  // Single_Quote acts as MidNumLet here
  classes[','] = Class::kMidNum;
  classes[';'] = Class::kMidNum;
  classes['_'] = Class::kExtendNumLet;
  return classes;
}
inline constexpr std::array<Class, 128> kClasses = make_classes();

inline Class class_of(char c) {
  const auto byte = static_cast<unsigned char>(c);
  return byte < 128 ? kClasses[byte] : Class::kOther;
}

// Calls on_word(begin, end) for each word (the segments ICU gives a rule status
// of number or letter) of `text`, which must be all ASCII.
template <typename OnWord>
void for_each_word(std::string_view text, OnWord&& on_word) {
  const std::size_t n = text.size();
  std::size_t i = 0;
  while (i < n) {
    Class previous = class_of(text[i]);
    if (previous != Class::kLetter && previous != Class::kDigit &&
        previous != Class::kExtendNumLet) {
      ++i;  // punctuation, symbols, spaces: never part of a word
      continue;
    }
    const std::size_t begin = i;
    bool has_alnum = previous != Class::kExtendNumLet;
    for (++i; i < n; ++i) {
      const Class c = class_of(text[i]);
      if (c == Class::kLetter || c == Class::kDigit || c == Class::kExtendNumLet) {
        // WB5, WB8–WB10, WB13a/b: letters, digits and '_' run together.
      } else if (i + 1 < n && (c == Class::kMidNumLet || c == Class::kMidNum) &&
                 class_of(text[i + 1]) == previous &&
                 (previous == Class::kDigit || c == Class::kMidNumLet) &&
                 previous != Class::kExtendNumLet) {
        // WB6/7 (a.b, don't) and WB11/12 (3.1, 1,000): one mid character
        // between two letters or between two digits.
        ++i;
      } else {
        break;
      }
      previous = class_of(text[i]);
      has_alnum = has_alnum || previous != Class::kExtendNumLet;
    }
    // ICU gives a lone '_' no word status, but "__" one (rule WB13a).
    if (has_alnum || i - begin > 1) on_word(begin, i);
  }
}

}  // namespace paperdex::ascii_words
