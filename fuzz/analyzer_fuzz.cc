// libFuzzer target: the Analyzer with its TeX decoder (prepare), on any bytes,
// and the promises analyzer.h makes about what comes out.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.h"
#include "paperdex/common/analyzer.h"

namespace {

using paperdex::fuzz::broken;

// Token ranges lie inside the text, in order; positions count the tokens.
void check_tokens(std::string_view text, const std::vector<paperdex::Token>& tokens) {
  std::size_t previous_begin = 0;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const paperdex::Token& token = tokens[i];
    if (token.begin >= token.end || token.end > text.size()) broken("token range", token.term);
    if (token.begin < previous_begin) broken("tokens out of order", token.term);
    if (token.position != i) broken("token position is not its index", token.term);
    if (token.term.empty()) broken("empty token term", text.substr(token.begin, token.end));
    if (!paperdex::is_valid_utf8(token.term) || !paperdex::is_valid_utf8(token.stem)) {
      broken("token term or stem not valid UTF-8", token.term);
    }
    previous_begin = token.begin;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // ICU set-up is costly (analyzer.h): one Analyzer for the whole run.
  static const paperdex::Analyzer analyzer;
  const std::string_view raw = paperdex::fuzz::as_text(data, size);

  const std::string display = analyzer.prepare(raw);
  if (!paperdex::is_valid_utf8(display)) broken("prepare() output not valid UTF-8", display);
  if (analyzer.prepare(display) != display) broken("prepare() not idempotent", display);

  const std::vector<paperdex::Token> tokens = analyzer.tokenize(display);
  check_tokens(display, tokens);
  for (const paperdex::Token& token : tokens) {
    const std::string_view written =
        std::string_view(display).substr(token.begin, token.end - token.begin);
    (void)analyzer.fold(written);
    (void)analyzer.stem(token.term);
  }
  for (const paperdex::HyphenCompound& compound : analyzer.hyphen_compounds(display, tokens)) {
    if (compound.first >= compound.last || compound.last >= tokens.size() ||
        compound.last - compound.first + 1 > paperdex::Analyzer::kMaxCompoundParts) {
      broken("hyphen compound range", compound.term);
    }
  }

  // Raw bytes straight into tokenize: invalid UTF-8 must never crash it.
  check_tokens(raw, analyzer.tokenize(raw));
  return 0;
}
