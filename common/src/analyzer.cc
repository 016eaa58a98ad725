#include "paperdex/common/analyzer.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <string>
#include <utility>

#include <unicode/brkiter.h>
#include <unicode/normalizer2.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/utext.h>
#include <unicode/utf8.h>
#include <unicode/uversion.h>
#include <xapian.h>

#include "ascii_words.h"
#include "paperdex/common/tex.h"
#include "paperdex/common/utf8.h"
#include "spelling_variants.h"
#include "unicode_fold.h"

namespace paperdex {
namespace {

// ICU break iterators index with int32_t; longer texts go through in chunks
// cut at a space, far beyond any real abstract.
constexpr std::size_t kMaxChunk = std::size_t{1} << 30;
constexpr std::string_view kMiddleDot = "\u00B7";

void check(UErrorCode status, const char* what) {
  if (U_FAILURE(status)) {
    throw std::runtime_error(std::string("paperdex::Analyzer: ") + what + ": " +
                             u_errorName(status));
  }
}

// Loading the word-break rules and dictionaries is the slow part of creating a
// break iterator; cloning a loaded one shares them. clone() is const, and ICU
// const methods are safe to call concurrently.
const icu::BreakIterator& word_break_prototype() {
  static const std::unique_ptr<const icu::BreakIterator> prototype = [] {
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::BreakIterator> words(
        icu::BreakIterator::createWordInstance(icu::Locale::getRoot(), status));
    check(status, "cannot create the ICU word break iterator");
    return words;
  }();
  return *prototype;
}

bool is_ascii(std::string_view text) {
  return std::all_of(text.begin(), text.end(),
                     [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

bool has_ascii_letter(std::string_view text) {
  return std::any_of(text.begin(), text.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

// Length of the next chunk of `text` to hand to the break iterator.
std::size_t chunk_length(std::string_view text) {
  if (text.size() <= kMaxChunk) return text.size();
  const std::size_t space = text.rfind(' ', kMaxChunk - 1);
  if (space != std::string_view::npos && space > kMaxChunk / 2) return space + 1;
  std::size_t cut = kMaxChunk;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return cut;
}

// Every ASCII character in the contexts that decide UAX #29 word breaks
// (between letters, between digits, doubled, next to '_'), space-separated.
std::string ascii_probe_text() {
  std::string probe;
  for (char c = '!'; c <= '~'; ++c) {
    const std::string x(1, c);
    for (const std::string& sample :
         {"a" + x + "b", "1" + x + "2", "a" + x + "1", "1" + x + "a", x, x + x, x + x + x, "a" + x,
          x + "a", "1" + x, x + "1", "a" + x + x + "b", "1" + x + x + "2", "_" + x + "a",
          "a" + x + "_", "_" + x, x + "_", "a" + x + "b" + x + "c", "1" + x + "2" + x + "3"}) {
      probe += sample;
      probe += ' ';
    }
  }
  return probe;
}

// What may stand between two parts of a hyphenated word: the hyphens, and
// the en dash, which joins words as well ("Epstein–Barr", "blood–brain") and
// stands in for the hyphen in text that went through typesetting.
bool is_hyphen(std::string_view between) {
  return between == "-" || between == "\u2010" || between == "\u2011" || between == "\u2013";
}

// Greek letters are lead bytes 0xCE and 0xCF in UTF-8 (U+0380..U+03FF).
bool has_greek(std::string_view term) {
  return std::any_of(term.begin(), term.end(), [](char c) {
    return static_cast<unsigned char>(c) == 0xCE || static_cast<unsigned char>(c) == 0xCF;
  });
}

// Each Greek letter spelled as its name, the way papers also write it:
// "β" -> "beta", "κb" -> "kappab", "tnfα" -> "tnfalpha". The name is the last
// word of the letter's Unicode name ("GREEK SMALL LETTER BETA").
std::string greek_letter_names(std::string_view term) {
  std::string out;
  std::size_t i = 0;
  while (i < term.size()) {
    UChar32 c = 0;
    const std::size_t start = i;
    U8_NEXT(term.data(), i, term.size(), c);
    if (c >= 0x3B1 && c <= 0x3C9) {
      char name[64];
      UErrorCode status = U_ZERO_ERROR;
      const int32_t length = u_charName(c, U_UNICODE_CHAR_NAME, name, sizeof name, &status);
      const std::string_view full(name, U_SUCCESS(status) ? static_cast<std::size_t>(length) : 0);
      const std::size_t space = full.rfind(' ');
      if (space != std::string_view::npos) {
        for (char letter : full.substr(space + 1)) {
          out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(letter))));
        }
        continue;
      }
    }
    out.append(term.substr(start, i - start));
  }
  return out;
}

}  // namespace

struct Analyzer::Impl {
  Impl() : words(word_break_prototype().clone()) {
    if (!words) throw std::runtime_error("paperdex::Analyzer: cannot clone the word iterator");
    ascii_fast_path = ascii_fast_path_agrees_with_icu();
  }
  ~Impl() { utext_close(&utext); }
  Impl(const Impl&) = delete;
  Impl& operator=(const Impl&) = delete;

  // Space-separated chunks that are all ASCII go through the fast segmenter;
  // runs of the others go to ICU whole, with the spaces before them. ICU
  // always breaks before a space and after a run of spaces (a combining mark
  // after a space sticks to the space, which is why the spaces go with the
  // ICU run), so both give the tokens ICU would give for the whole text.
  void tokenize(std::string_view text, std::vector<Token>& tokens, bool stems) {
    with_stems = stems;
    if (!ascii_fast_path) {
      tokenize_with_icu(text, 0, tokens);
      return;
    }
    std::size_t icu_begin = 0;  // start of the pending ICU run
    std::size_t icu_end = 0;    // its end; empty when icu_end == icu_begin
    std::size_t chunk_begin = 0;
    while (chunk_begin < text.size()) {
      chunk_begin = text.find_first_not_of(' ', chunk_begin);
      if (chunk_begin == std::string_view::npos) break;
      std::size_t chunk_end = text.find(' ', chunk_begin);
      if (chunk_end == std::string_view::npos) chunk_end = text.size();
      const std::string_view chunk = text.substr(chunk_begin, chunk_end - chunk_begin);
      if (is_ascii(chunk)) {
        if (icu_end > icu_begin)
          tokenize_with_icu(text.substr(icu_begin, icu_end - icu_begin), icu_begin, tokens);
        ascii_words::for_each_word(chunk, [&](std::size_t begin, std::size_t end) {
          add_ascii_token(chunk.substr(begin, end - begin), chunk_begin + begin, tokens);
        });
        icu_begin = icu_end = chunk_end;
      } else {
        if (chunk_end - icu_begin > kMaxChunk && icu_end > icu_begin) {
          tokenize_with_icu(text.substr(icu_begin, icu_end - icu_begin), icu_begin, tokens);
          icu_begin = icu_end;
        }
        icu_end = chunk_end;
      }
      chunk_begin = chunk_end;
    }
    if (icu_end > icu_begin) {
      tokenize_with_icu(text.substr(icu_begin, icu_end - icu_begin), icu_begin, tokens);
    }
  }

  void tokenize_with_icu(std::string_view text, std::size_t base, std::vector<Token>& tokens) {
    for (std::size_t offset = 0; offset < text.size();) {
      const std::size_t length = chunk_length(text.substr(offset));
      tokenize_chunk_with_icu(text.substr(offset, length), base + offset, tokens);
      offset += length;
    }
  }

  void tokenize_chunk_with_icu(std::string_view chunk, std::size_t base,
                               std::vector<Token>& tokens) {
    UErrorCode status = U_ZERO_ERROR;
    utext_openUTF8(&utext, chunk.data(), static_cast<int64_t>(chunk.size()), &status);
    words->setText(&utext, status);
    check(status, "cannot set the text of the word iterator");
    std::int32_t begin = words->first();
    std::size_t number_end = std::string_view::npos;  // end of the last token, if a number
    for (std::int32_t end = words->next(); end != icu::BreakIterator::DONE;
         begin = end, end = words->next()) {
      // Rule status tells words (numbers, letters, kana, ideographs) from
      // spaces, punctuation and symbols.
      const std::int32_t rule = words->getRuleStatus();
      if (rule < UBRK_WORD_NUMBER || rule >= UBRK_WORD_IDEO_LIMIT) continue;
      const auto b = static_cast<std::size_t>(begin);
      const auto e = static_cast<std::size_t>(end);
      const bool number = rule < UBRK_WORD_NUMBER_LIMIT;
      if (number && number_end != std::string_view::npos &&
          chunk.substr(number_end, b - number_end) == kMiddleDot) {
        // "0·76": the Lancet's decimal point, which UAX #29 only keeps
        // between letters. It is the number 0.76, as the query writes it.
        Token& previous = tokens.back();
        folder.fold(chunk.substr(b, e - b), decimals);
        previous.term += '.';
        previous.term += decimals;
        if (with_stems) previous.stem = previous.term;
        previous.end = base + e;
        number_end = e;
        continue;
      }
      Token& token = tokens.emplace_back();
      folder.fold(chunk.substr(b, e - b), token.term);
      if (token.term.empty()) {  // nothing but ignorable characters
        tokens.pop_back();
        number_end = std::string_view::npos;
        continue;
      }
      number_end = number ? e : std::string_view::npos;
      if (with_stems) token.stem = stem(token.term);
      token.begin = base + b;
      token.end = base + e;
      token.position = static_cast<std::uint32_t>(tokens.size() - 1);
    }
  }

  void add_ascii_token(std::string_view word, std::size_t begin, std::vector<Token>& tokens) {
    Token& token = tokens.emplace_back();
    folder.fold(word, token.term);
    if (with_stems) token.stem = stem(token.term);
    token.begin = begin;
    token.end = begin + word.size();
    token.position = static_cast<std::uint32_t>(tokens.size() - 1);
  }

  // The fast segmenter encodes ICU 72's rules for ASCII; should the ICU in use
  // disagree (another version, other data), ICU alone is right.
  bool ascii_fast_path_agrees_with_icu() {
    static const bool agrees = [this] {
      const std::string probe = ascii_probe_text();
      std::vector<std::pair<std::size_t, std::size_t>> fast;
      ascii_words::for_each_word(probe,
                                 [&](std::size_t b, std::size_t e) { fast.emplace_back(b, e); });
      std::vector<Token> reference;
      tokenize_with_icu(probe, 0, reference);
      return std::equal(
          fast.begin(), fast.end(), reference.begin(), reference.end(),
          [](const auto& f, const Token& r) { return f.first == r.begin && f.second == r.end; });
    }();
    return agrees;
  }

  std::string stem(const std::string& term) {
    // The English rules only ever touch a-z (and the apostrophe next to them):
    // numbers, ids and other scripts are their own stems, without the call;
    // Greek letters become their names first.
    const bool greek = has_greek(term);
    if (!greek && !has_ascii_letter(term)) return term;
    // Snowball costs about as much as everything else together, and word
    // frequencies are Zipfian: a small direct-mapped cache answers most calls.
    if (term.size() > kMaxCachedTermLength) return english_stem(term, greek);
    StemCacheEntry& entry = stem_cache[std::hash<std::string>{}(term) % kStemCacheSlots];
    if (!entry.filled || entry.term != term) {
      entry.term = term;
      entry.stem = english_stem(term, greek);
      entry.filled = true;
    }
    return entry.stem;
  }

  // The uncached work: Greek letters named, British spelling made American,
  // then Snowball.
  std::string english_stem(const std::string& term, bool greek) {
    if (!greek) return stemmer(detail::american_spelling(term));
    const std::string named = greek_letter_names(term);
    if (!has_ascii_letter(named)) return named;  // letters outside α..ω stay as they are
    return stemmer(detail::american_spelling(named));
  }

  struct StemCacheEntry {
    std::string term;
    std::string stem;
    bool filled = false;
  };
  static constexpr std::size_t kStemCacheSlots = 8192;  // ~0.6 MB per Analyzer
  static constexpr std::size_t kMaxCachedTermLength = 23;

  std::unique_ptr<icu::BreakIterator> words;
  // Reused for every text: opening a UTF-8 UText allocates its buffer once.
  UText utext = UTEXT_INITIALIZER;
  UnicodeFolder folder;
  std::string decimals;  // scratch for tokenize_chunk_with_icu
  Xapian::Stem stemmer{"english"};
  std::vector<StemCacheEntry> stem_cache = std::vector<StemCacheEntry>(kStemCacheSlots);
  bool ascii_fast_path = false;
  bool with_stems = true;  // the current tokenize call's
};

Analyzer::Analyzer() : impl_(std::make_unique<Impl>()) {}
Analyzer::~Analyzer() = default;
Analyzer::Analyzer(Analyzer&&) noexcept = default;
Analyzer& Analyzer::operator=(Analyzer&&) noexcept = default;

std::string Analyzer::prepare(std::string_view raw) const {
  return collapse_whitespace(decode_tex(sanitize_utf8(raw)));
}

std::vector<Token> Analyzer::tokenize(std::string_view text) const {
  std::vector<Token> tokens;
  tokens.reserve(text.size() / 5 + 1);  // English runs at about one token per 6-7 bytes
  impl_->tokenize(text, tokens, true);
  return tokens;
}

std::vector<Token> Analyzer::tokenize_unstemmed(std::string_view text) const {
  std::vector<Token> tokens;
  tokens.reserve(text.size() / 5 + 1);
  impl_->tokenize(text, tokens, false);
  return tokens;
}

std::string Analyzer::fold(std::string_view word) const {
  std::string folded;
  impl_->folder.fold(word, folded);
  return folded;
}

std::string Analyzer::stem(std::string_view folded_term) const {
  return impl_->stem(std::string(folded_term));
}

std::string analysis_version() {
  UVersionInfo icu;
  UVersionInfo unicode;
  u_getVersion(icu);
  u_getUnicodeVersion(unicode);
  char icu_text[U_MAX_VERSION_STRING_LENGTH];
  char unicode_text[U_MAX_VERSION_STRING_LENGTH];
  u_versionToString(icu, icu_text);
  u_versionToString(unicode, unicode_text);
  return std::string("ICU ") + icu_text + ", Unicode " + unicode_text;
}

bool is_number(std::string_view term) {
  return !term.empty() && std::all_of(term.begin(), term.end(), [](char c) {
    return (c >= '0' && c <= '9') || c == '.' || c == ',';
  });
}

std::vector<HyphenCompound> Analyzer::hyphen_compounds(std::string_view text,
                                                       const std::vector<Token>& tokens) const {
  std::vector<HyphenCompound> compounds;
  const auto linked = [&](std::size_t i) {
    return tokens[i].end <= tokens[i + 1].begin && tokens[i + 1].begin <= text.size() &&
           is_hyphen(text.substr(tokens[i].end, tokens[i + 1].begin - tokens[i].end));
  };
  std::size_t first = 0;
  while (first + 1 < tokens.size()) {
    std::size_t last = first;
    while (last + 1 < tokens.size() && linked(last)) ++last;
    const std::size_t parts = last - first + 1;
    if (parts >= 2 && parts <= kMaxCompoundParts) {
      HyphenCompound compound{first, last, {}, {}};
      bool numbers_only = true;
      for (std::size_t i = first; i <= last; ++i) {
        compound.term += tokens[i].term;
        numbers_only = numbers_only && is_number(tokens[i].term);
      }
      if (!numbers_only) {
        compound.stem = stem(compound.term);
        compounds.push_back(std::move(compound));
      }
    }
    first = last + 1;
  }
  return compounds;
}

}  // namespace paperdex
