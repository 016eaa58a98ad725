// PLACEHOLDER: ASCII-only analyzer so the pipeline builds; replaced by the ICU one.
#include "paperdex/common/analyzer.h"

#include <cctype>

#include <xapian.h>

#include "paperdex/common/tex.h"
#include "paperdex/common/utf8.h"

namespace paperdex {

struct Analyzer::Impl {
  Xapian::Stem stemmer{"english"};
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
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && !std::isalnum(static_cast<unsigned char>(text[i]))) ++i;
    std::size_t start = i;
    while (i < text.size() && std::isalnum(static_cast<unsigned char>(text[i]))) ++i;
    if (i > start) {
      Token token;
      token.term = fold(text.substr(start, i - start));
      token.stem = stem(token.term);
      token.begin = start;
      token.end = i;
      token.position = static_cast<std::uint32_t>(tokens.size());
      tokens.push_back(std::move(token));
    }
  }
  return tokens;
}

std::string Analyzer::fold(std::string_view word) const {
  std::string folded(word);
  for (char& c : folded) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return folded;
}

std::string Analyzer::stem(std::string_view folded_term) const {
  return impl_->stemmer(std::string(folded_term));
}

}  // namespace paperdex
