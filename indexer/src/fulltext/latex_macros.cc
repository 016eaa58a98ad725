// The extraction stage (full text): the macros a paper defines for its own
// words (\newcommand{\ours}{\textsc{SciFact}\xspace}) expanded, so that its
// text and section titles read as printed ("The SciFact dataset", not "The
// dataset"). Only \newcommand, \renewcommand, \providecommand and \def with
// plain #1..#9 parameters; bounded in count, body size, depth and output.
#include <array>
#include <unordered_map>

#include "fulltext/latex_internal.h"
#include "fulltext/latex_scan.h"

namespace paperdex::fulltext::detail {
namespace latex_detail {
namespace {

using namespace latex;  // NOLINT: the scanning helpers are this file's vocabulary

constexpr std::size_t kMaxMacros = 5000;
constexpr std::size_t kMaxMacroBody = 4096;
constexpr int kMaxDepth = 8;
constexpr std::size_t kMaxExpansions = 200000;
constexpr int kMaxArity = 9;  // #1 to #9

struct Macro {
  int arity = 0;
  std::string body;
};
using Macros = std::unordered_map<std::string, Macro>;

// \newcommand{\name}[n][default]{body} or \newcommand\name[n]{body} at `i`
// (past the command's name).
void read_newcommand(std::string_view tex, std::size_t i, Macros& macros) {
  if (i < tex.size() && tex[i] == '*') ++i;
  std::string_view name = take_argument(tex, i);
  name = name.substr(skip_spaces(name, 0));
  if (name.size() < 2 || name.front() != '\\') return;
  int arity = 0;
  std::size_t j = skip_spaces(tex, i);
  if (j < tex.size() && tex[j] == '[') {
    const std::size_t end = bracket_end(tex, j);
    if (end == j + 3 && tex[j + 1] >= '0' && tex[j + 1] <= '9') arity = tex[j + 1] - '0';
    i = end == j ? j + 1 : end;
    j = skip_spaces(tex, i);
    if (j < tex.size() && tex[j] == '[') return;  // an optional first argument: not ours
  }
  const std::string_view body = take_argument(tex, i);
  if (body.size() <= kMaxMacroBody) {
    macros[std::string(command_name(name, 0))] = {arity, std::string(body)};
  }
}

// \def\name#1#2{body} at `i` (past "\def").
void read_def(std::string_view tex, std::size_t i, Macros& macros) {
  i = skip_spaces(tex, i);
  if (i >= tex.size() || tex[i] != '\\') return;
  const std::string_view name = command_name(tex, i);
  i += 1 + name.size();
  int arity = 0;
  while (i + 1 < tex.size() && tex[i] == '#' && tex[i + 1] >= '1' && tex[i + 1] <= '9') {
    ++arity;
    i += 2;
  }
  // TeX takes at most nine parameters, #1 to #9 in order; anything else is
  // an error TeX would stop at (and more than nine would overrun the
  // arguments substitute() reads).
  if (arity > kMaxArity) return;
  if (i >= tex.size() || tex[i] != '{') return;  // delimited parameters: not ours
  const std::string_view body = take_argument(tex, i);
  if (body.size() <= kMaxMacroBody) macros[std::string(name)] = {arity, std::string(body)};
}

Macros collect_macros(std::string_view tex) {
  Macros macros;
  for (std::size_t i = tex.find('\\'); i != std::string_view::npos && macros.size() < kMaxMacros;
       i = tex.find('\\', i + 1)) {
    const std::string_view name = command_name(tex, i);
    const std::size_t after = i + 1 + name.size();
    if (!name.empty() && !is_letter(name.front())) {
      i = after - 1;  // "\\", "\%": the character after is no command
      continue;
    }
    if (name == "newcommand" || name == "renewcommand" || name == "providecommand") {
      read_newcommand(tex, after, macros);
    } else if (name == "def" || name == "gdef") {
      read_def(tex, after, macros);
    }
  }
  // A macro that names itself would only grow: TeX would loop on it too.
  std::erase_if(macros, [](const auto& entry) {
    return entry.second.body.find("\\" + entry.first) != std::string::npos;
  });
  return macros;
}

class Expander {
 public:
  Expander(const Macros& macros, std::size_t max_output)
      : macros_(macros), max_output_(max_output) {}

  void expand(std::string_view tex, int depth, std::string& out) {
    std::size_t copied = 0;
    for (std::size_t i = tex.find('\\'); i != std::string_view::npos; i = tex.find('\\', i + 1)) {
      const std::string_view name = command_name(tex, i);
      if (name.empty() || !is_letter(name.front())) {
        i += name.size();  // "\\" or "\%": never a macro, and "\\ours" is a break then \ours
        continue;
      }
      if (is_definition(name)) {
        i = skip_definition(tex, i, name) - 1;  // copied as it is; the converter drops it
        continue;
      }
      const auto macro = macros_.find(std::string(name));
      if (macro == macros_.end() || depth >= kMaxDepth || expansions_ >= kMaxExpansions ||
          out.size() > max_output_) {
        i += name.size();
        continue;
      }
      ++expansions_;
      out.append(tex.substr(copied, i - copied));
      std::size_t end = i + 1 + name.size();
      const std::string body = substitute(tex, end, macro->second);
      expand(body, depth + 1, out);
      // The space after "\ours" stays in the text: decode_tex drops the
      // \xspace such macros end with and keeps words apart.
      copied = end;
      i = end - 1;
    }
    out.append(tex.substr(copied));
  }

 private:
  static bool is_definition(std::string_view name) {
    return name == "newcommand" || name == "renewcommand" || name == "providecommand" ||
           name == "def" || name == "gdef";
  }

  static std::size_t skip_definition(std::string_view tex, std::size_t i, std::string_view name) {
    std::size_t j = i + 1 + name.size();
    if (name == "def" || name == "gdef") {
      j = def_body_open(tex, j);
      return j < tex.size() && tex[j] == '{' ? group_end(tex, j) : j;
    }
    return skip_pattern(tex, j, "{[[{");
  }

  // The body with #1..#n replaced by the arguments read at `end` (moved past them).
  static std::string substitute(std::string_view tex, std::size_t& end, const Macro& macro) {
    std::array<std::string_view, kMaxArity> arguments;
    for (int k = 0; k < macro.arity; ++k)
      arguments[static_cast<std::size_t>(k)] = take_argument(tex, end);
    std::string body;
    for (std::size_t i = 0; i < macro.body.size(); ++i) {
      const char c = macro.body[i];
      if (c == '#' && i + 1 < macro.body.size() && macro.body[i + 1] >= '1' &&
          macro.body[i + 1] <= '9') {
        const int k = macro.body[i + 1] - '1';
        if (k < macro.arity) body.append(arguments[static_cast<std::size_t>(k)]);
        ++i;
      } else {
        body.push_back(c);
      }
    }
    return body;
  }

  const Macros& macros_;
  std::size_t max_output_;
  std::size_t expansions_ = 0;
};

}  // namespace

std::string expand_macros(std::string_view tex) {
  const Macros macros = collect_macros(tex);
  std::string out;
  if (macros.empty()) return std::string(tex);
  // Papers' macros make text a little longer, not ten times: past this, the
  // rest is copied unexpanded.
  Expander(macros, 4 * tex.size() + (1u << 20)).expand(tex, 0, out);
  return out;
}

}  // namespace latex_detail
}  // namespace paperdex::fulltext::detail
