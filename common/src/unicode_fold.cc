#include "unicode_fold.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <stdexcept>

#include <unicode/uchar.h>
#include <unicode/utf16.h>

namespace paperdex {
namespace {

using NormalizerGetter = const icu::Normalizer2* (*)(UErrorCode&);

const icu::Normalizer2* normalizer(NormalizerGetter get, const char* name) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* instance = get(status);
  if (U_FAILURE(status) || instance == nullptr) {
    throw std::runtime_error(std::string("paperdex::Analyzer: no ICU ") + name +
                             " normalizer: " + u_errorName(status));
  }
  return instance;
}

// The accent fold removes nonspacing marks, but the Japanese voicing marks are
// part of the letter: が is not か.
bool is_accent(UChar32 c) {
  return c != 0x3099 && c != 0x309A && u_charType(c) == U_NON_SPACING_MARK;
}

// Letters whose diacritic is drawn into the glyph have no decomposition, so
// removing marks leaves them alone; people type them as the plain letter all
// the same (Bjørn/Bjorn, Łukasz/Lukasz, Arıkan/Arikan).
UChar32 plain_letter(UChar32 c) {
  switch (c) {
    case 0x00F8:  // ø
      return 'o';
    case 0x0142:  // ł
      return 'l';
    case 0x0111:  // đ
      return 'd';
    case 0x0127:  // ħ
      return 'h';
    case 0x0167:  // ŧ
      return 't';
    case 0x0131:  // ı
      return 'i';
    case 0x2018:  // ‘ and ’ (ICU keeps them inside words: don’t)
    case 0x2019:
      return '\'';
    default:
      return c;
  }
}

// Most non-ASCII words (CJK, Cyrillic without accents) need no accent pass.
bool needs_accent_fold(const icu::UnicodeString& text, const icu::Normalizer2& nfd) {
  UErrorCode status = U_ZERO_ERROR;
  if (nfd.quickCheck(text, status) != UNORM_YES || U_FAILURE(status)) return true;
  for (std::int32_t i = 0; i < text.length();) {
    const UChar32 c = text.char32At(i);
    if (is_accent(c) || plain_letter(c) != c) return true;
    i += U16_LENGTH(c);
  }
  return false;
}

}  // namespace

UnicodeFolder::UnicodeFolder()
    : nfkc_casefold_(normalizer(&icu::Normalizer2::getNFKCCasefoldInstance, "NFKC_Casefold")),
      nfd_(normalizer(&icu::Normalizer2::getNFDInstance, "NFD")),
      nfc_(normalizer(&icu::Normalizer2::getNFCInstance, "NFC")) {}

void UnicodeFolder::fold(std::string_view word, std::string& out) {
  out.clear();
  if (std::all_of(word.begin(), word.end(),
                  [](char c) { return static_cast<unsigned char>(c) < 0x80; })) {
    // Most words of an arXiv abstract: NFKC and case folding of ASCII is
    // lowercasing, and there is nothing to strip.
    out.resize(word.size());
    std::transform(word.begin(), word.end(), out.begin(),
                   [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; });
    return;
  }
  // ICU lengths are int32_t; a "word" longer than that is not one.
  word = word.substr(0, std::numeric_limits<std::int32_t>::max() / 4);
  const icu::UnicodeString source = icu::UnicodeString::fromUTF8(
      icu::StringPiece(word.data(), static_cast<std::int32_t>(word.size())));
  UErrorCode status = U_ZERO_ERROR;
  nfkc_casefold_->normalize(source, folded_, status);
  if (U_SUCCESS(status) && needs_accent_fold(folded_, *nfd_)) {
    nfd_->normalize(folded_, decomposed_, status);
    stripped_.remove();
    for (std::int32_t i = 0; i < decomposed_.length();) {
      const UChar32 c = decomposed_.char32At(i);
      i += U16_LENGTH(c);
      if (!is_accent(c)) stripped_.append(plain_letter(c));
    }
    nfc_->normalize(stripped_, folded_, status);
  }
  // Normalization fails only on memory exhaustion; the source is better than nothing.
  (U_SUCCESS(status) ? folded_ : source).toUTF8String(out);
}

}  // namespace paperdex
