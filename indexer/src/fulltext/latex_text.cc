// The extraction stage (full text): a LaTeX document as the text a reader
// sees. The structure is read here (sections, environments, footnotes,
// captions, math, commands that print nothing); the text between is decoded
// by decode_tex (common/src/tex.cc), the same converter abstracts go through,
// so accents, dashes, quotes and formatting read the same in both.
// Everything is bounded: nesting depth, macro expansion, argument lengths.
#include <algorithm>
#include <array>
#include <unordered_map>
#include <utility>

#include "fulltext/latex_internal.h"
#include "fulltext/latex_scan.h"
#include "fulltext/text_cleaning.h"
#include "paperdex/common/tex.h"

namespace paperdex::fulltext::detail {
namespace {

using namespace latex;  // NOLINT: the scanning helpers are this file's vocabulary

constexpr int kMaxDepth = 8;                // nested captions, footnotes, macro bodies
constexpr std::size_t kMaxInlineMath = 64;  // longer inline math is dropped, not kept

// Commands that print nothing of the paper's text, with the arguments they
// take (skip_pattern: '{' required, '[' optional). \textcolor{c}{text} drops
// its colour only: the text after it stays.
// clang-format off
constexpr std::pair<std::string_view, std::string_view> kDroppedCommands[] = {
    {"label", "{"}, {"ref", "{"}, {"eqref", "{"}, {"autoref", "{"}, {"cref", "{"}, {"Cref", "{"},
    {"pageref", "{"}, {"nameref", "{"}, {"vref", "{"}, {"cite", "[[{"}, {"citep", "[[{"},
    {"citet", "[[{"}, {"citealp", "[[{"}, {"citealt", "[[{"}, {"citeauthor", "[[{"},
    {"citeyear", "[[{"}, {"citeyearpar", "[[{"}, {"Cite", "[[{"}, {"parencite", "[[{"},
    {"textcite", "[[{"}, {"autocite", "[[{"}, {"footcite", "[[{"}, {"nocite", "{"},
    {"bibliography", "{"}, {"bibliographystyle", "{"}, {"addbibresource", "[{"},
    {"printbibliography", "["}, {"hspace", "{"}, {"vspace", "{"}, {"color", "[{"},
    {"textcolor", "[{"}, {"setcounter", "{{"}, {"addtocounter", "{{"}, {"setlength", "{{"},
    {"addtolength", "{{"}, {"newlength", "{"}, {"usepackage", "[{"}, {"RequirePackage", "[{"},
    {"documentclass", "[{"}, {"includegraphics", "[{"}, {"input", "{"}, {"include", "{"},
    {"newtheorem", "{[{["}, {"bibitem", "[{"}, {"href", "{"}, {"email", "{"}, {"thanks", "{"},
    {"footnotemark", "["}, {"affiliation", "[{"}, {"affil", "[{"}, {"address", "[{"},
    {"institute", "{"}, {"date", "{"}, {"title", "[{"}, {"author", "[{"}, {"keywords", "{"},
    {"multicolumn", "{{"}, {"multirow", "{[{"}, {"resizebox", "{{"}, {"scalebox", "{"},
    {"raisebox", "{"}, {"rule", "[{{"}, {"hypersetup", "{"}, {"graphicspath", "{"},
    {"definecolor", "{{{"}, {"captionsetup", "[{"}, {"newenvironment", "{[[{{"},
    {"renewenvironment", "{[[{{"}, {"DeclareMathOperator", "{{"}, {"crefname", "{{{"},
    {"setcitestyle", "{"}, {"pagestyle", "{"}, {"thispagestyle", "{"}, {"orcid", "{"},
    {"inst", "{"}, {"IEEEauthorrefmark", "{"}, {"linenumbers", "["}, {"newcommand", "{[[{"},
    {"renewcommand", "{[[{"}, {"providecommand", "{[[{"}, {"acmConference", "[{{{"},
    {"acmYear", "{"}, {"acmDOI", "{"}, {"copyrightyear", "{"}, {"setcopyright", "{"},
    {"Thanks", "{"},
};
// clang-format on

const std::unordered_map<std::string_view, std::string_view>& dropped_commands() {
  static const std::unordered_map<std::string_view, std::string_view> table(
      std::begin(kDroppedCommands), std::end(kDroppedCommands));
  return table;
}

// Environments whose content is no prose: dropped whole.
bool is_dropped_environment(std::string_view name) {
  if (name.ends_with("*")) name.remove_suffix(1);
  static constexpr std::array<std::string_view, 24> kDropped = {
      "equation",        "align",        "eqnarray",    "gather",       "multline",     "flalign",
      "alignat",         "displaymath",  "math",        "split",        "tikzpicture",  "pspicture",
      "picture",         "verbatim",     "Verbatim",    "lstlisting",   "minted",       "comment",
      "thebibliography", "filecontents", "algorithmic", "subequations", "IEEEeqnarray", "dmath"};
  return std::find(kDropped.begin(), kDropped.end(), name) != kDropped.end();
}

// Floats and tables: only their captions are text.
bool is_caption_environment(std::string_view name) {
  if (name.ends_with("*")) name.remove_suffix(1);
  static constexpr std::array<std::string_view, 13> kFloats = {
      "figure",    "table",     "wrapfigure",    "wraptable",      "algorithm",
      "subfigure", "SCfigure",  "sidewaystable", "sidewaysfigure", "tabular",
      "tabularx",  "longtable", "tabulary"};
  return std::find(kFloats.begin(), kFloats.end(), name) != kFloats.end();
}

// Where a section command's title goes and its level; 0 for others.
int section_level(std::string_view name) {
  if (name == "part" || name == "chapter") return 0;
  if (name == "section") return 1;
  if (name == "subsection") return 2;
  if (name == "subsubsection") return 3;
  if (name == "paragraph") return 4;
  return -1;
}

// Past "\end{name}" matching the \begin{name} that ends at `from`, or npos.
std::size_t environment_end(std::string_view tex, std::size_t from, std::string_view name) {
  const std::string begin = "\\begin{" + std::string(name) + "}";
  const std::string end = "\\end{" + std::string(name) + "}";
  const bool nests = name != "verbatim" && name != "Verbatim" && name != "lstlisting" &&
                     name != "minted" && name != "comment";
  int depth = 1;
  for (std::size_t i = tex.find('\\', from); i != std::string_view::npos;
       i = tex.find('\\', i + 1)) {
    if (nests && tex.substr(i, begin.size()) == begin) {
      ++depth;
    } else if (tex.substr(i, end.size()) == end && --depth == 0) {
      return i + end.size();
    }
  }
  return std::string_view::npos;
}

// The text being made: whitespace kept normalised as it is appended, so that
// a section's offset, taken when it starts, is where its title lands.
class Output {
 public:
  void append(std::string_view decoded) {
    for (const char c : decoded) {
      if (is_space(c) || c == '\f' || c == '\v') {
        if (pending_ == Gap::kNone) pending_ = Gap::kSpace;
        continue;
      }
      // "on the web \cite{x}." left "web ." behind: no space before a stop.
      const bool stop = c == '.' || c == ',' || c == ';' || c == ':' || c == ')';
      if (!text_.empty() && pending_ == Gap::kBreak) text_.push_back('\n');
      if (!text_.empty() && pending_ == Gap::kSpace && !stop) text_.push_back(' ');
      pending_ = Gap::kNone;
      text_.push_back(c);
    }
  }
  void paragraph_break() { pending_ = Gap::kBreak; }
  // Where text appended after a paragraph_break() starts.
  std::size_t next_offset() const { return text_.empty() ? 0 : text_.size() + 1; }
  std::string take() && { return std::move(text_); }

 private:
  enum class Gap { kNone, kSpace, kBreak };
  std::string text_;
  Gap pending_ = Gap::kNone;
};

std::string inline_text(std::string_view tex, int depth);

class Body {
 public:
  Body(std::string_view tex, int depth, bool inline_only)
      : in_(tex), depth_(depth), inline_only_(inline_only) {}

  void run() {
    while (i_ < in_.size()) {
      const std::size_t next = in_.find_first_of("\\$&\n", i_);
      if (next == std::string_view::npos) {
        pending_.append(in_.substr(i_));
        break;
      }
      pending_.append(in_.substr(i_, next - i_));
      i_ = next;
      step();
    }
    paragraph_break();
  }

  std::string take_text() && { return std::move(out_).take(); }
  std::vector<Section>& sections() { return sections_; }

 private:
  void step() {
    const char c = in_[i_];
    if (c == '\\') return command();
    if (c == '$') return math();
    if (c == '&') {
      pending_.push_back(' ');  // a table's cell separator
      ++i_;
      return;
    }
    // '\n': a blank line ends a paragraph.
    const std::size_t after = skip_spaces(in_, i_);
    if (std::count(in_.begin() + static_cast<std::ptrdiff_t>(i_),
                   in_.begin() + static_cast<std::ptrdiff_t>(after), '\n') >= 2) {
      paragraph_break();
    } else {
      pending_.push_back(' ');
    }
    i_ = after;
  }

  void flush() {
    if (pending_.empty()) return;
    out_.append(decode_tex(pending_));
    pending_.clear();
  }

  void paragraph_break() {
    flush();
    out_.paragraph_break();
    if (footnotes_.empty()) return;
    for (const std::string& note : footnotes_) {
      out_.append(note);
      out_.paragraph_break();
    }
    footnotes_.clear();
  }

  // Text of its own (a caption, a title), between paragraph breaks.
  void block(std::string_view tex) {
    paragraph_break();
    out_.append(inline_text(tex, depth_ + 1));
    paragraph_break();
  }

  void math() {
    if (in_.substr(i_, 2) == "$$") {
      const std::size_t close = in_.find("$$", i_ + 2);
      i_ = close == std::string_view::npos ? i_ + 2 : close + 2;
      pending_.push_back(' ');
      return;
    }
    std::size_t close = i_ + 1;
    while (close < in_.size() && (in_[close] != '$' || escaped(in_, close))) ++close;
    if (close >= in_.size()) {
      ++i_;  // a lone '$'
      return;
    }
    if (close - i_ - 1 <= kMaxInlineMath) {
      pending_.append(in_.substr(i_, close + 1 - i_));
    } else {
      pending_.push_back(' ');
    }
    i_ = close + 1;
  }

  void command();
  void control_symbol(std::string_view name);
  void environment();
  void section(int level);
  void footnote();
  void caption(std::string_view name);
  void definition(std::string_view name);

  std::string_view in_;
  std::size_t i_ = 0;
  int depth_;
  bool inline_only_;     // a title or caption: no sections, footnotes dropped
  std::string pending_;  // TeX not yet decoded
  Output out_;
  std::vector<Section> sections_;
  std::vector<std::string> footnotes_;  // the paragraph's, put after it
};

void Body::command() {
  const std::string_view name = command_name(in_, i_);
  if (name.empty()) {
    ++i_;
    return;
  }
  if (!is_letter(name.front())) return control_symbol(name);
  const std::size_t after = i_ + 1 + name.size();
  if (name == "begin") return environment();
  if (name == "end") {
    std::size_t j = after;
    take_argument(in_, j);
    i_ = j;
    return paragraph_break();
  }
  if (const int level = section_level(name); level >= 0 && !inline_only_) {
    i_ = after;
    return section(level);
  }
  if (name == "footnote" || name == "footnotetext") {
    i_ = after;
    return footnote();
  }
  if (name == "caption" || name == "subcaption" || name == "captionof") {
    i_ = after;
    return caption(name);
  }
  if (name == "def" || name == "gdef" || name == "edef" || name == "let") return definition(name);
  if (name == "par") {
    i_ = after;
    return paragraph_break();
  }
  if (const auto drop = dropped_commands().find(name); drop != dropped_commands().end()) {
    i_ = skip_pattern(in_, after, drop->second);
    pending_.push_back(' ');
    return;
  }
  if (name == "item") {
    i_ = after;
    const std::size_t j = skip_spaces(in_, i_);
    if (j < in_.size() && in_[j] == '[') {  // \item[label]: the label is text
      const std::size_t end = bracket_end(in_, j);
      if (end > j) {
        pending_.append(" ").append(in_.substr(j + 1, end - j - 2)).append(" ");
        i_ = end;
      }
    }
    return paragraph_break();
  }
  pending_.append(in_.substr(i_, after - i_));  // decode_tex knows it, or drops it
  i_ = after;
}

void Body::control_symbol(std::string_view name) {
  const std::size_t after = i_ + 1 + name.size();
  if (name == "[" || name == "(") {  // display math \[ \], inline \( \)
    const std::string_view close = name == "[" ? "\\]" : "\\)";
    const std::size_t end = in_.find(close, after);
    const std::size_t stop = end == std::string_view::npos ? after : end + 2;
    if (name == "(" && end != std::string_view::npos && end - after <= kMaxInlineMath) {
      pending_.append("$").append(in_.substr(after, end - after)).append("$");
    } else {
      pending_.push_back(' ');
    }
    i_ = stop;
    return;
  }
  if (name == "\\") {  // a line break, maybe with [space] or *
    i_ = skip_pattern(in_, after, "[");
    pending_.push_back(' ');
    return;
  }
  pending_.append(in_.substr(i_, after - i_));
  i_ = after;
}

void Body::environment() {
  std::size_t j = i_ + 6;  // past "\begin"
  const std::string name(take_argument(in_, j));
  if (is_dropped_environment(name) || is_caption_environment(name)) {
    const std::size_t end = environment_end(in_, j, name);
    if (end != std::string_view::npos) {
      const std::string_view inside = in_.substr(j, end - j);
      i_ = end;
      pending_.push_back(' ');
      if (is_caption_environment(name)) {
        // Only the captions: each \caption's argument, as text of its own.
        for (std::size_t at = inside.find("\\caption"); at != std::string_view::npos;
             at = inside.find("\\caption", at + 1)) {
          std::size_t k = skip_pattern(inside, at + 8, "[");
          block(take_argument(inside, k));
        }
      }
      return;
    }
  }
  // Any other environment is transparent: its optional argument and, for a
  // few, a required one (a width, a column count) are not text.
  const bool takes_argument = name == "minipage" || name == "multicols" || name == "list" ||
                              name == "adjustbox" || name == "tcolorbox";
  i_ = skip_pattern(in_, j, takes_argument ? "[{" : "[");
  paragraph_break();
}

void Body::section(int level) {
  const std::size_t j = skip_pattern(in_, i_, "[");  // \section*[short]{long}
  std::size_t k = j;
  const std::string_view title_tex = take_argument(in_, k);
  i_ = k;
  std::string title = normalise_whitespace(inline_text(title_tex, depth_ + 1));
  paragraph_break();
  if (title.empty()) return;
  sections_.push_back({title, out_.next_offset(), level});
  out_.append(title);
  paragraph_break();
}

void Body::footnote() {
  std::size_t j = skip_pattern(in_, i_, "[");
  const std::string_view note = take_argument(in_, j);
  i_ = j;
  if (!inline_only_ && footnotes_.size() < 1000)
    footnotes_.push_back(inline_text(note, depth_ + 1));
  pending_.push_back(' ');
}

void Body::caption(std::string_view name) {
  std::size_t j = skip_pattern(in_, i_, "[");
  if (name == "captionof") take_argument(in_, j);  // \captionof{figure}{text}
  const std::string_view text = take_argument(in_, j);
  i_ = j;
  if (inline_only_) {
    pending_.append(" ").append(text).append(" ");
  } else {
    block(text);
  }
}

// \def\name#1#2{body}, \let\a\b: nothing printed.
void Body::definition(std::string_view name) {
  std::size_t j = i_ + 1 + name.size();
  j = skip_spaces(in_, j);
  if (j < in_.size() && in_[j] == '\\') j += 1 + command_name(in_, j).size();
  if (name == "let") {
    j = skip_spaces(in_, j);
    if (j < in_.size() && in_[j] == '=') ++j;
    take_argument(in_, j);
  } else {
    j = def_body_open(in_, j);  // past the parameter text
    if (j < in_.size() && in_[j] == '{') j = group_end(in_, j);
  }
  i_ = j;
}

std::string inline_text(std::string_view tex, int depth) {
  if (depth > kMaxDepth) return normalise_whitespace(decode_tex(tex));
  Body body(tex, depth, true);
  body.run();
  std::string text = std::move(body).take_text();
  std::replace(text.begin(), text.end(), '\n', ' ');
  return text;
}

}  // namespace

LatexText latex_to_text(std::string_view tex) {
  const std::string expanded = latex_detail::expand_macros(tex);
  std::string_view body = expanded;
  static constexpr std::string_view kBegin = "\\begin{document}";
  if (const std::size_t begin = body.find(kBegin); begin != std::string_view::npos) {
    body.remove_prefix(begin + kBegin.size());
  }
  if (const std::size_t end = body.rfind("\\end{document}"); end != std::string_view::npos) {
    body = body.substr(0, end);
  }
  LatexText result;
  Body converter(body, 0, false);
  converter.run();
  result.sections = std::move(converter.sections());
  result.text = std::move(converter).take_text();
  for (Section& section : result.sections)
    section.offset = std::min(section.offset, result.text.size());
  result.title = latex_detail::find_title(expanded);
  result.authors = latex_detail::find_authors(expanded);
  return result;
}

namespace latex_detail {

std::string line_text(std::string_view tex) { return normalise_whitespace(inline_text(tex, 1)); }

}  // namespace latex_detail

}  // namespace paperdex::fulltext::detail
