// A single left-to-right pass over arXiv's "TeX-ish" text. arXiv metadata is
// never run through TeX, so the decoder aims at what a reader would see, and at
// tokens a searcher would type, rather than at TeX's exact semantics.
#include "paperdex/common/tex.h"

#include <algorithm>
#include <array>
#include <cstdint>

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include "tex_commands.h"

namespace paperdex {
namespace {

using tex::Command;
using tex::CommandKind;

bool is_ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

// Bytes that end a run of plain text. '^' and '_' are special only in math;
// ` and ' may begin TeX's ``quotes'' anywhere (see step()).
constexpr std::array<bool, 256> special_bytes(bool math) {
  std::array<bool, 256> table{};
  for (const unsigned char c : {'\\', '{', '}', '$', '~', '-', '`', '\''}) table[c] = true;
  if (math) table['^'] = table['_'] = true;
  return table;
}
constexpr std::array<bool, 256> kTextSpecial = special_bytes(false);
constexpr std::array<bool, 256> kMathSpecial = special_bytes(true);

bool is_word_char(UChar32 c) {
  return c >= 0 && (u_isalnum(c) || u_charType(c) == U_NON_SPACING_MARK);
}

// The pair as one precomposed character when Unicode has it (ö), else none.
UChar32 compose(UChar32 base, UChar32 mark) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
  return U_SUCCESS(status) ? nfc->composePair(base, mark) : U_SENTINEL;
}

void append_code_point(std::string& out, UChar32 c) {
  char buffer[U8_MAX_LENGTH];
  std::int32_t length = 0;
  U8_APPEND_UNSAFE(buffer, length, c);
  out.append(buffer, static_cast<std::size_t>(length));
}

class Decoder {
 public:
  explicit Decoder(std::string_view in) : in_(in) { out_.reserve(in.size()); }

  std::string run() && {
    while (i_ < in_.size()) step();
    return std::move(out_);
  }

 private:
  void step() {
    const char c = in_[i_];
    switch (c) {
      case '\\':
        ++i_;
        command();
        return;
      case '{':
        ++i_;
        return;
      case '}':
        ++i_;
        // \frac{1}{2}, \href{url}{text}: adjacent groups are separate words.
        if (i_ < in_.size() && in_[i_] == '{') separate_next_word_ = true;
        return;
      case '$':
        ++i_;
        if (i_ < in_.size() && in_[i_] == '$') ++i_;  // $$ display math $$
        toggle_math(!math_);
        return;
      case '~':
        ++i_;
        emit(" ");
        return;
      case '-':
        dashes();
        return;
      case '^':
        if (!math_) break;
        ++i_;
        separate_next_word_ = true;  // 10^2 is "10 2", not "102"
        return;
      case '_':
        if (!math_) break;
        ++i_;
        separate_next_word_ = false;  // subscripts join: H_2O, T_c, \ell_1
        return;
      case '`':
      case '\'':
        if (quotes()) return;
        break;
      default:
        break;
    }
    plain_run();
  }

  // TeX's ``quotes'': the curly quotes they print. In math '' is a double
  // prime (f''), printed as one (U+2033): kept as '', decoding the output
  // again (no $ left) would read it as a closing quote. Unless a `` opened a
  // quote: arXiv abstracts hold stray $ signs that leave the rest of the
  // text "in math", and `` never is math. A lone ` or ' stays as it is.
  // False when there is no quote here.
  bool quotes() {
    const char c = in_[i_];
    if (i_ + 1 < in_.size() && in_[i_ + 1] == c) {
      i_ += 2;
    } else if (!out_.empty() && out_.back() == c) {
      // The pair's first half came before something that printed nothing
      // ('{'): still one pair, or decoding the output again would see it.
      out_.pop_back();
      i_ += 1;
    } else {
      return false;
    }
    if (c == '\'' && math_ && !quote_open_) {
      emit("\u2033");
      return true;
    }
    emit(c == '`' ? "\u201C" : "\u201D");
    quote_open_ = c == '`';
    return true;
  }

  void plain_run() {
    const std::array<bool, 256>& special = math_ ? kMathSpecial : kTextSpecial;
    std::size_t end = i_ + 1;
    while (end < in_.size() && !special[static_cast<unsigned char>(in_[end])]) ++end;
    emit(in_.substr(i_, end - i_));
    i_ = end;
  }

  void toggle_math(bool on) {
    math_ = on;
    // "$\mu$m" means μm: juxtaposition across the delimiter is the author's.
    separate_next_word_ = false;
  }

  // -- and --- are TeX's en and em dashes; longer runs split left to right.
  void dashes() {
    std::size_t count = 0;
    while (i_ < in_.size() && in_[i_] == '-') ++i_, ++count;
    for (; count >= 3; count -= 3) emit("—");
    if (count == 2) {
      emit("–");
    } else if (count == 1) {
      // "-{}-" is TeX for two hyphens; two ASCII hyphens in the output would
      // become an en dash on a second pass, so the second is U+2010 HYPHEN.
      emit(!out_.empty() && out_.back() == '-' ? "‐" : "-");
    }
  }

  void command() {
    if (i_ >= in_.size()) return;  // a lone backslash at the end
    const char c = in_[i_];
    if (!is_ascii_letter(c)) {
      control_symbol(c);
      return;
    }
    const std::size_t start = i_;
    while (i_ < in_.size() && is_ascii_letter(in_[i_])) ++i_;
    const Command* known = tex::find_command(in_.substr(start, i_ - start));
    if (known == nullptr || (known->kind == CommandKind::kTextAccent && math_)) {
      // Unknown: mostly layout (\quad, \left) or the author's own macros.
      skip_spaces();
      separate_next_word_ = true;
      return;
    }
    switch (known->kind) {
      case CommandKind::kSymbol:
        emit(known->text);
        return;
      case CommandKind::kWord:
        emit_word(known->text);
        return;
      case CommandKind::kLetter:
        skip_spaces();
        emit(known->text);
        return;
      case CommandKind::kAccent:
      case CommandKind::kTextAccent:
        apply_accent(static_cast<UChar32>(known->mark));
        return;
      case CommandKind::kFormat:
        skip_spaces();
        return;
      case CommandKind::kDropWithArg:
        skip_argument();
        separate_next_word_ = true;
        return;
    }
  }

  void control_symbol(char c) {
    switch (c) {
      case '%':
      case '&':
      case '#':
      case '_':
        ++i_;
        emit(std::string_view(&c, 1));
        return;
      case '$':
        // A plain '$' would open math on a second pass (prepare must be
        // idempotent), so the escaped dollar becomes the full-width one.
        ++i_;
        emit("＄");
        return;
      case '\\':
      case ',':
      case ';':
      case ':':
      case '>':
      case ' ':
      case '\t':
      case '\n':
      case '\r':
        ++i_;
        emit(" ");
        return;
      case '{':
      case '}':
      case '!':
      case '-':
      case '/':
      case '@':
        ++i_;
        return;
      case '|':
        ++i_;
        emit("‖");
        return;
      case '(':
      case '[':
        ++i_;
        toggle_math(true);
        return;
      case ')':
      case ']':
        ++i_;
        toggle_math(false);
        return;
      default:
        break;
    }
    if (const Command* accent = tex::find_command(std::string_view(&c, 1));
        accent != nullptr && accent->kind == CommandKind::kAccent) {
      ++i_;
      apply_accent(static_cast<UChar32>(accent->mark));
    }
    // Anything else: drop the backslash, keep the character.
  }

  // The argument is the next letter, {letter}, \i, {\i} (dotless i takes the
  // accent as a plain i), possibly after spaces. Only its first character takes
  // the accent; the rest of a braced group stays for the main loop.
  void apply_accent(UChar32 mark) {
    std::size_t j = i_;
    const auto skip = [&] {
      while (j < in_.size() && is_space(in_[j])) ++j;
    };
    skip();
    if (j < in_.size() && in_[j] == '{') {
      ++j;
      skip();
    }
    UChar32 base = U_SENTINEL;
    if (j + 1 < in_.size() && in_[j] == '\\' && (in_[j + 1] == 'i' || in_[j + 1] == 'j') &&
        (j + 2 == in_.size() || !is_ascii_letter(in_[j + 2]))) {
      base = in_[j + 1];
      j += 2;
      while (j < in_.size() && is_space(in_[j])) ++j;  // \"\i rgen: TeX eats the space
    } else if (j < in_.size() && in_[j] != '\\' && in_[j] != '{' && in_[j] != '}' &&
               in_[j] != '$') {
      std::int32_t k = 0;
      const auto rest = in_.substr(j);
      const auto rest_length = static_cast<std::int32_t>(std::min<std::size_t>(rest.size(), 8));
      U8_NEXT(rest.data(), k, rest_length, base);
      // Only letters take an accent; anything else (invalid UTF-8 included) is
      // left to the main loop.
      if (base >= 0 && u_isalpha(base)) {
        j += static_cast<std::size_t>(k);
      } else {
        base = U_SENTINEL;
      }
    }
    i_ = j;
    if (base < 0) {
      if (mark == 0x0303) emit("∼");  // \~{} is how TeX writes a literal tilde (URLs)
      return;
    }
    const UChar32 composed = compose(base, mark);
    std::string text;
    if (composed >= 0) {
      append_code_point(text, composed);
    } else {
      append_code_point(text, base);
      append_code_point(text, mark);
    }
    emit(text);
  }

  // [optional] and {argument} of \cite, \begin, ...: skipped with nesting.
  void skip_argument() {
    skip_spaces();
    if (i_ < in_.size() && in_[i_] == '*') ++i_;
    skip_spaces();
    if (i_ < in_.size() && in_[i_] == '[') {
      const std::size_t close = in_.find(']', i_);
      i_ = close == std::string_view::npos ? in_.size() : close + 1;
      skip_spaces();
    }
    if (i_ >= in_.size() || in_[i_] != '{') return;
    int depth = 0;
    while (i_ < in_.size()) {
      const char c = in_[i_++];
      if (c == '\\') {
        if (i_ < in_.size()) ++i_;  // an escaped brace does not count
      } else if (c == '{') {
        ++depth;
      } else if (c == '}' && --depth == 0) {
        return;
      }
    }
  }

  void skip_spaces() {
    while (i_ < in_.size() && is_space(in_[i_])) ++i_;
  }

  static UChar32 first_code_point(std::string_view s) {
    UChar32 c = U_SENTINEL;
    std::int32_t k = 0;
    const auto length = static_cast<std::int32_t>(std::min<std::size_t>(s.size(), 8));
    U8_NEXT(s.data(), k, length, c);
    return c;
  }

  UChar32 last_code_point() const {
    std::size_t start = out_.size() - 1;
    while (start > 0 && out_.size() - start < 4 &&
           (static_cast<unsigned char>(out_[start]) & 0xC0) == 0x80) {
      --start;
    }
    return first_code_point(std::string_view(out_).substr(start));
  }

  void emit(std::string_view text) {
    if (text.empty()) return;
    if (separate_next_word_) {
      separate_next_word_ = false;
      if (!out_.empty() && is_word_char(first_code_point(text)) &&
          is_word_char(last_code_point())) {
        out_.push_back(' ');
      }
    }
    out_.append(text);
  }

  // Greek letters and operator names stand apart from the letters around them:
  // $n\log n$ is "n log n" and $\alpha\beta$ is "α β", not one word.
  void emit_word(std::string_view text) {
    separate_next_word_ = true;
    emit(text);
    separate_next_word_ = true;
  }

  std::string_view in_;
  std::size_t i_ = 0;
  std::string out_;
  bool math_ = false;
  bool quote_open_ = false;  // a `` was met and its '' not yet
  // Set where TeX separates two words without a space (\frac{a}{b}, $\alpha\beta$,
  // 10^2): the next word gets a space in front if it would touch the previous one.
  bool separate_next_word_ = false;
};

}  // namespace

std::string decode_tex(std::string_view text) { return Decoder(text).run(); }

}  // namespace paperdex
