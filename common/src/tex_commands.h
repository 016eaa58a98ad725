// The table of TeX commands decode_tex knows (private to common/).
#pragma once

#include <span>
#include <string_view>

namespace paperdex::tex {

// How a command's output relates to the words around it. The distinction
// matters to the tokenizer: a symbol splits words by itself, a Greek letter or
// an operator name does not, so it has to be kept apart explicitly.
enum class CommandKind : unsigned char {
  kSymbol,       // × ≤ → …: emitted as is
  kWord,         // α, ℓ, log, LaTeX: emitted as a word of its own
  kLetter,       // ß ø ł: joins the surrounding word; eats the spaces after it, as TeX does
  kAccent,       // \" \' \v …: combining mark applied to the next letter
  kTextAccent,   // \c \v \H …: like kAccent, but only in text mode (in math they
                 // are usually someone's own macros: \d x)
  kFormat,       // \emph \mathrm \hat …: dropped, the argument stays in place
  kDropWithArg,  // \cite \label \begin …: dropped together with its argument
};

struct Command {
  std::string_view name;  // without the backslash
  CommandKind kind;
  std::string_view text;  // UTF-8 output for kSymbol, kWord and kLetter
  char32_t mark;          // combining mark for the accent kinds
};

// nullptr for commands not in the table.
const Command* find_command(std::string_view name);

// The whole table, in its order (encode_tex reads it backwards: text to command).
std::span<const Command> commands();

}  // namespace paperdex::tex
