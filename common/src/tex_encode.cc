// encode_tex: display text back to TeX, for BibTeX. It reads decode_tex's
// command table backwards, so that a character the decoder makes of a
// command is written as that command again, and one table says both ways.
#include <cstdint>
#include <string>
#include <unordered_map>

#include <unicode/normalizer2.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

#include "paperdex/common/tex.h"
#include "tex_commands.h"

namespace paperdex {
namespace {

using tex::Command;
using tex::CommandKind;

// The code point of a one-character UTF-8 string, or U_SENTINEL.
UChar32 single_code_point(std::string_view text) {
  std::int32_t i = 0;
  const auto length = static_cast<std::int32_t>(text.size());
  UChar32 c = U_SENTINEL;
  U8_NEXT(text.data(), i, length, c);
  return i == length ? c : U_SENTINEL;
}

// Symbols that LaTeX has in text mode only; every other symbol of the table
// is math ($\times$).
bool is_text_symbol(std::string_view name) {
  return name.starts_with("text") || name.starts_with("guillemot") || name == "pounds" ||
         name == "S" || name == "copyright" || name == "euro" || name == "degree";
}

struct ReverseTable {
  std::unordered_map<UChar32, std::string> characters;  // ø -> {\o}, α -> {$\alpha$}
  std::unordered_map<UChar32, const Command*> accents;  // U+0308 -> \"
};

// The first command of the table that makes a character wins (\epsilon, not
// \varepsilon); ASCII output (\log, \SS) is never written back.
const ReverseTable& reverse_table() {
  static const ReverseTable table = [] {
    ReverseTable built;
    for (const Command& command : tex::commands()) {
      const std::string name(command.name);
      if (command.kind == CommandKind::kAccent || command.kind == CommandKind::kTextAccent) {
        built.accents.emplace(command.mark, &command);
        continue;
      }
      if (command.kind != CommandKind::kSymbol && command.kind != CommandKind::kWord &&
          command.kind != CommandKind::kLetter) {
        continue;
      }
      const UChar32 c = single_code_point(command.text);
      if (c < 0x80) continue;  // ASCII, several characters, or none
      const bool math = command.kind != CommandKind::kLetter && !is_text_symbol(name);
      built.characters.emplace(c, math ? "{$\\" + name + "$}" : "{\\" + name + "}");
    }
    return built;
  }();
  return table;
}

// TeX's special ASCII characters; nullptr for the others.
const char* ascii_special(char c) {
  switch (c) {
    case '\\':
      return "{\\textbackslash}";
    case '{':
      return "{\\textbraceleft}";
    case '}':
      return "{\\textbraceright}";
    case '^':
      return "{\\textasciicircum}";
    case '~':
      return "{\\textasciitilde}";
    case '$':
      return "\\$";
    case '&':
      return "\\&";
    case '%':
      return "\\%";
    case '#':
      return "\\#";
    case '_':
      return "\\_";
    default:
      return nullptr;
  }
}

// An accented Latin letter as TeX accents on its base ({\"u}, {\v{c}},
// {\'\i}), or "" when it is none (a base other than a-z, a mark TeX has no
// accent for).
std::string accented_letter(UChar32 c) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfd = icu::Normalizer2::getNFDInstance(status);
  icu::UnicodeString parts;
  if (U_FAILURE(status) || !nfd->getDecomposition(c, parts) || parts.length() < 2) return "";
  const UChar32 base = parts.char32At(0);
  if (!((base >= 'a' && base <= 'z') || (base >= 'A' && base <= 'Z'))) return "";
  std::string inner = base == 'i' ? "\\i" : base == 'j' ? "\\j" : std::string(1, char(base));
  const bool one_symbol_accent = parts.countChar32() == 2;
  for (std::int32_t i = parts.moveIndex32(0, 1); i < parts.length(); i = parts.moveIndex32(i, 1)) {
    const auto accent = reverse_table().accents.find(parts.char32At(i));
    if (accent == reverse_table().accents.end()) return "";
    const Command& command = *accent->second;
    const bool letter_named = command.name[0] >= 'a' && command.name[0] <= 'z';
    const std::string name = "\\" + std::string(command.name);
    inner = one_symbol_accent && !letter_named && inner.size() == 1 ? name + inner
                                                                    : name + "{" + inner + "}";
  }
  return "{" + inner + "}";
}

}  // namespace

std::string encode_tex(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  const auto length = static_cast<std::int32_t>(text.size());
  for (std::int32_t i = 0; i < length;) {
    const std::int32_t start = i;
    UChar32 c = 0;
    U8_NEXT(text.data(), i, length, c);
    if (c < 0) {
      out += "\xEF\xBF\xBD";  // invalid UTF-8: the replacement character
    } else if (c < 0x20 || c == 0x7F) {
      out += ' ';
    } else if (c < 0x80) {
      const char* special = ascii_special(static_cast<char>(c));
      out += special ? special : std::string(1, static_cast<char>(c));
    } else if (const auto known = reverse_table().characters.find(c);
               known != reverse_table().characters.end()) {
      out += known->second;
    } else if (std::string accented = accented_letter(c); !accented.empty()) {
      out += accented;
    } else {
      out.append(text.substr(start, i - start));
    }
  }
  return out;
}

}  // namespace paperdex
