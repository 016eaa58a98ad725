// Word folding for the Analyzer (private to common/): NFKC, case fold, accent fold.
#pragma once

#include <string>
#include <string_view>

#include <unicode/normalizer2.h>
#include <unicode/unistr.h>

namespace paperdex {

// Holds the normalizers and scratch strings so that folding a word reuses
// memory. Not thread-safe (the scratch strings), like the Analyzer owning it.
class UnicodeFolder {
 public:
  UnicodeFolder();

  // Replaces `out` with the folded form of `word`: NFKC, full case folding,
  // then accents removed (every nonspacing mark except the Japanese voicing
  // marks U+3099/U+309A) and letters with a stroke or without a dot mapped to
  // their plain letter (ø→o, ł→l, đ→d, ħ→h, ŧ→t, ı→i), curly apostrophes to '.
  // Invalid UTF-8 in `word` is folded as U+FFFD.
  void fold(std::string_view word, std::string& out);

 private:
  const icu::Normalizer2* nfkc_casefold_;
  const icu::Normalizer2* nfd_;
  const icu::Normalizer2* nfc_;
  icu::UnicodeString folded_;
  icu::UnicodeString decomposed_;
  icu::UnicodeString stripped_;
};

}  // namespace paperdex
