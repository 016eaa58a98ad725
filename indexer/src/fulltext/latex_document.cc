// The extraction stage (full text): a source package's LaTeX put together as
// TeX would read it: the main file (the one with \documentclass), with every
// \input, \include and \subfile replaced by the file it names, comments gone.
// Bounded: inclusion depth, a cycle guard, and the assembled size.
#include <algorithm>
#include <cctype>
#include <set>
#include <tuple>

#include "fulltext/latex_internal.h"
#include "fulltext/latex_scan.h"
#include "fulltext/text_cleaning.h"
#include "paperdex/common/safe_text.h"
#include "paperdex/common/utf8.h"

namespace paperdex::fulltext::detail {
namespace {

using namespace latex;  // NOLINT: the scanning helpers are this file's vocabulary

// Past the "\fi" matching an \iffalse at `at` (nested \if... counted), or npos.
// A control symbol ("\\", "\%") is stepped over whole, so that every
// backslash is read once (a run of them costs its length, not its square).
std::size_t skip_iffalse(std::string_view tex, std::size_t at) {
  int depth = 0;
  for (std::size_t i = at; i + 1 < tex.size(); ++i) {
    if (tex[i] != '\\') continue;
    std::size_t end = i + 1;
    while (end < tex.size() && is_letter(tex[end])) ++end;
    if (end == i + 1) {
      ++i;  // "\\", "\%": the character after the backslash is no command
      continue;
    }
    const std::string_view name = tex.substr(i + 1, end - i - 1);
    if (name.starts_with("if")) ++depth;
    if (name == "fi" && --depth == 0) return end;
    i = end - 1;
  }
  return std::string_view::npos;
}

}  // namespace

using latex::command_name;
using latex::is_letter;

std::string strip_comments(std::string_view tex) {
  std::string out;
  out.reserve(tex.size());
  static constexpr std::string_view kCommentEnd = "\\end{comment}";
  for (std::size_t i = 0; i < tex.size(); ++i) {
    const char c = tex[i];
    if (c == '%') {  // unescaped: "\%" is copied whole below
      // TeX drops the rest of the line, its line break and the next line's
      // leading spaces: "foo%\n  bar" is "foobar".
      std::size_t end = tex.find('\n', i);
      if (end == std::string_view::npos) break;
      ++end;
      while (end < tex.size() && (tex[end] == ' ' || tex[end] == '\t')) ++end;
      i = end - 1;
      continue;
    }
    if (c == '\\') {
      const std::string_view name = command_name(tex, i);
      if (!name.empty() && !is_letter(name.front())) {
        // "\%", "\\": copied whole, so the next character is never read as
        // a comment or a command of its own.
        out.append(tex.substr(i, 1 + name.size()));
        i += name.size();
        continue;
      }
      if (name == "iffalse") {
        const std::size_t end = skip_iffalse(tex, i);
        if (end != std::string_view::npos) {
          i = end - 1;
          continue;
        }
      } else if (tex.substr(i).starts_with("\\begin{comment}")) {
        const std::size_t end = tex.find(kCommentEnd, i);
        if (end != std::string_view::npos) {
          i = end + kCommentEnd.size() - 1;
          continue;
        }
      }
    }
    out.push_back(c);
  }
  return out;
}

namespace {

bool has(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

std::string stem(std::string_view name) {
  const std::size_t slash = name.rfind('/');
  if (slash != std::string_view::npos) name.remove_prefix(slash + 1);
  return ascii_lower(name.substr(0, name.find('.')));
}

// Of the files with \documentclass (else \begin{document}): one with
// \begin{document}, then one named main/ms/paper, then the largest.
const std::string* choose_main(const std::map<std::string, std::string>& stripped) {
  const std::string* best = nullptr;
  auto rank = [](const std::string& name, const std::string& tex) {
    const bool document = has(tex, "\\begin{document}");
    const std::string s = stem(name);
    const bool named = s == "main" || s == "ms" || s == "paper" || s == "article";
    return std::make_tuple(has(tex, "\\documentclass") || has(tex, "\\documentstyle"), document,
                           named, tex.size());
  };
  for (const auto& [name, tex] : stripped) {
    if (name.ends_with(".bbl")) continue;
    if (!has(tex, "\\documentclass") && !has(tex, "\\documentstyle") &&
        !has(tex, "\\begin{document}")) {
      continue;
    }
    if (best == nullptr || rank(name, tex) > rank(*best, stripped.at(*best))) best = &name;
  }
  return best;
}

struct Inclusion {
  std::size_t begin = 0, end = 0;  // the command's extent
  std::string target;
};

// The \input / \include / \subfile command at `at` (a backslash), if it is one.
bool inclusion_at(std::string_view tex, std::size_t at, Inclusion& found) {
  const std::string_view name = command_name(tex, at);
  if (name != "input" && name != "include" && name != "subfile") return false;
  std::size_t i = at + 1 + name.size();
  while (i < tex.size() && (tex[i] == ' ' || tex[i] == '\t')) ++i;
  std::size_t start = i, stop = i;
  if (i < tex.size() && tex[i] == '{') {
    start = i + 1;
    stop = tex.find('}', start);
    if (stop == std::string_view::npos || stop - start > 512) return false;
    i = stop + 1;
  } else if (name == "input") {  // \input file  (TeX's primitive form)
    while (stop < tex.size() && !std::isspace(static_cast<unsigned char>(tex[stop])) &&
           tex[stop] != '\\' && tex[stop] != '}' && stop - start < 512) {
      ++stop;
    }
    stop = character_boundary(tex, stop);  // the text after it starts with a whole character
    i = stop;
  } else {
    return false;
  }
  if (stop == start) return false;
  found = {at, i, std::string(tex.substr(start, stop - start))};
  return true;
}

std::string normalise_path(std::string_view name) {
  std::string path(name);
  while (!path.empty() && (path.back() == ' ' || path.back() == '"')) path.pop_back();
  while (!path.empty() && (path.front() == ' ' || path.front() == '"')) path.erase(0, 1);
  while (path.starts_with("./")) path.erase(0, 2);
  return path;
}

class Assembler {
 public:
  Assembler(const std::string& path, const std::map<std::string, std::string>& stripped,
            const ArchiveLimits& limits, std::vector<std::string>& warnings)
      : path_(path), stripped_(stripped), limits_(limits), warnings_(warnings) {}

  void expand(const std::string& name, std::size_t depth, std::string& out) {
    const std::string& tex = stripped_.at(name);
    open_.insert(name);
    std::size_t copied = 0;
    for (std::size_t i = tex.find('\\'); i != std::string::npos; i = tex.find('\\', i + 1)) {
      Inclusion inclusion;
      if (!inclusion_at(tex, i, inclusion)) {
        i += command_name(tex, i).size();  // past "\\" whole: its second is no command
        continue;
      }
      append(out, std::string_view(tex).substr(copied, i - copied));
      include(inclusion.target, name, depth, out);
      copied = inclusion.end;
      i = inclusion.end - 1;
    }
    append(out, std::string_view(tex).substr(copied));
    open_.erase(name);
  }

 private:
  void append(std::string& out, std::string_view text) {
    if (out.size() + text.size() > limits_.max_total_bytes) {
      throw FullTextError(path_, "its LaTeX with \\input files comes to more than " +
                                     describe_bytes(limits_.max_total_bytes) +
                                     ", the bound on a source package's unpacked bytes");
    }
    out.append(text);
  }

  // Relative to the package's root (as TeX run there reads it), then to the
  // including file's folder; with ".tex" added when the name has none.
  const std::string* resolve(const std::string& target, const std::string& from) const {
    std::vector<std::string> candidates = {target, target + ".tex"};
    if (const std::size_t slash = from.rfind('/'); slash != std::string::npos) {
      candidates.push_back(from.substr(0, slash + 1) + target);
      candidates.push_back(from.substr(0, slash + 1) + target + ".tex");
    }
    for (const std::string& candidate : candidates) {
      if (const auto found = stripped_.find(candidate); found != stripped_.end()) {
        return &found->first;
      }
    }
    return nullptr;
  }

  void include(const std::string& raw_target, const std::string& from, std::size_t depth,
               std::string& out) {
    const std::string target = normalise_path(raw_target);
    const std::string* name = resolve(target, from);
    if (name == nullptr) {
      if (warnings_.size() < 20)
        warnings_.push_back(quote_input(target) + " is not in the package");
      return;
    }
    if (open_.count(*name) != 0) {
      warnings_.push_back(quote_input(*name) + " includes itself: not followed again");
      return;
    }
    if (++inclusions_ > kMaxInclusions) {
      if (inclusions_ == kMaxInclusions + 1) {
        warnings_.push_back("more than " + with_thousands(kMaxInclusions) +
                            " \\input commands: the rest not followed");
      }
      return;
    }
    if (depth >= limits_.max_include_depth) {
      warnings_.push_back(quote_input(*name) + ": \\input nested deeper than " +
                          std::to_string(limits_.max_include_depth) + ", not followed");
      return;
    }
    append(out, "\n");
    expand(*name, depth + 1, out);
    append(out, "\n");
  }

  const std::string& path_;
  const std::map<std::string, std::string>& stripped_;
  const ArchiveLimits& limits_;
  std::vector<std::string>& warnings_;
  std::set<std::string> open_;  // the files being expanded: a cycle guard
  std::size_t inclusions_ = 0;
  // A real paper includes tens of files; a crafted one could include an
  // empty file millions of times.
  static constexpr std::size_t kMaxInclusions = 10000;
};

}  // namespace

LatexDocument assemble_document(const std::string& path, const SourceFiles& source,
                                const ArchiveLimits& limits) {
  std::map<std::string, std::string> stripped;
  LatexDocument document;
  for (const auto& [name, tex] : source.files) {
    if (name.ends_with(".bbl")) {
      if (document.bibliography.empty()) document.bibliography = tex;
      continue;
    }
    if (ascii_lower(name).ends_with(".bib")) {
      document.bib_files.emplace(name, tex);
      continue;
    }
    stripped.emplace(name, strip_comments(tex));
  }
  const std::string* main = choose_main(stripped);
  // A lone file without \documentclass: a part of a paper (\section ...), or
  // no LaTeX at all (a photo sent as a .gz).
  if (main == nullptr && source.single_file && stripped.size() == 1 &&
      sniff(stripped.begin()->second) == FileKind::kTex) {
    main = &stripped.begin()->first;
  }
  if (main == nullptr) {
    throw FullTextError(path, "no LaTeX document in it (no file has \\documentclass)");
  }
  document.main_file = *main;
  // The .bbl of the main file, when there are several.
  const std::string main_bbl = main->substr(0, main->rfind('.')) + ".bbl";
  if (const auto bbl = source.files.find(main_bbl); bbl != source.files.end()) {
    document.bibliography = bbl->second;
  }
  Assembler(path, stripped, limits, document.warnings).expand(*main, 0, document.tex);
  return document;
}

}  // namespace paperdex::fulltext::detail
