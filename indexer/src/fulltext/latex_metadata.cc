// The extraction stage (full text): a LaTeX paper's title and authors as its
// source gives them, for a full text whose paper is not yet in the index.
// \author is free-form (names, affiliations, e-mail, footnote marks, \and,
// \\, \quad between them), so only what reads as a person's name is kept:
// a wrong author is worse than none.
#include <algorithm>
#include <array>

#include "fulltext/latex_internal.h"
#include "fulltext/latex_scan.h"
#include "paperdex/common/utf8.h"

namespace paperdex::fulltext::detail::latex_detail {
namespace {

using namespace latex;  // NOLINT: the scanning helpers are this file's vocabulary

constexpr std::size_t kMaxAuthors = 200;

// The arguments of every `\name` command, in order (at most `limit`).
std::vector<std::string_view> arguments_of(std::string_view tex, std::string_view name,
                                           std::size_t limit) {
  std::vector<std::string_view> found;
  for (std::size_t i = tex.find('\\'); i != std::string_view::npos && found.size() < limit;
       i = tex.find('\\', i + 1)) {
    if (command_name(tex, i) != name) continue;
    std::size_t j = skip_pattern(tex, i + 1 + name.size(), "[");
    found.push_back(take_argument(tex, j));
    i = j - 1;
  }
  return found;
}

// Marks in \author that separate people (or a person from an affiliation).
bool is_separator(std::string_view name) {
  return name == "and" || name == "And" || name == "AND" || name == "\\" || name == "quad" ||
         name == "qquad" || name == "newline" || name == "hspace" || name == "hfill" ||
         name == "par" || name == "affiliation" || name == "affil" || name == "institute" ||
         name == "address" || name == "email";
}

// Notes on a name, not part of it.
bool is_note(std::string_view name) {
  const std::string lower = ascii_lower(name);
  return lower == "thanks" || name == "footnote" || name == "footnotemark" || name == "inst" ||
         name == "orcid" || name == "textsuperscript" || name == "IEEEauthorrefmark" ||
         name == "vspace" || name == "fnmark" || name == "corref" || name == "ead";
}

bool takes_argument(std::string_view name) {
  return name != "and" && name != "And" && name != "AND" && name != "\\" && name != "quad" &&
         name != "qquad" && name != "newline" && name != "hfill" && name != "par" &&
         name != "footnotemark" && name != "IEEEauthorrefmark";
}

// \author's LaTeX cut into pieces at separators, notes and math dropped.
std::vector<std::string> pieces(std::string_view tex) {
  std::vector<std::string> parts(1);
  for (std::size_t i = 0; i < tex.size();) {
    const char c = tex[i];
    if (c == '$') {  // $^\dagger$: a mark
      const std::size_t close = tex.find('$', i + 1);
      i = close == std::string_view::npos ? tex.size() : close + 1;
      continue;
    }
    if (c == ',' || c == ';') {
      parts.emplace_back();
      ++i;
      continue;
    }
    if (c == '\\') {
      const std::string_view name = command_name(tex, i);
      const std::size_t after = i + 1 + name.size();
      if (is_separator(name) || is_note(name)) {
        i = skip_pattern(tex, after, takes_argument(name) ? "[{" : "[");
        if (is_separator(name)) parts.emplace_back();
        continue;
      }
      parts.back().append(tex.substr(i, after - i));
      i = after;
      continue;
    }
    parts.back().push_back(c);
    ++i;
  }
  return parts;
}

bool is_upper_start(std::string_view word) {
  const unsigned char c = static_cast<unsigned char>(word.front());
  return (c >= 'A' && c <= 'Z') || c >= 0xC0;  // a capital, or a non-ASCII letter
}

// "Lucy Lu Wang", "Madeleine van Zuylen", "Daniel S. Weld": two to six words,
// each capitalised or a particle; no digits, no '@', no institution.
bool reads_as_name(std::string_view name) {
  static constexpr std::array<std::string_view, 14> kParticles = {
      "van", "von", "de", "der", "den", "da", "di", "del", "della", "la", "le", "du", "dos", "bin"};
  static constexpr std::array<std::string_view, 16> kInstitutions = {
      "University", "Institute", "Department", "Laboratory", "Laboratories", "School",
      "College",    "Center",    "Centre",     "Inc",        "Corporation",  "Research",
      "Academy",    "Faculty",   "Universit",  "Observatory"};
  if (name.find_first_of("@0123456789()[]/:") != std::string_view::npos) return false;
  for (const std::string_view word : kInstitutions) {
    if (name.find(word) != std::string_view::npos) return false;
  }
  std::size_t words = 0;
  for (std::size_t i = 0; i < name.size();) {
    const std::size_t end = std::min(name.find(' ', i), name.size());
    const std::string_view word = name.substr(i, end - i);
    const bool particle = std::find(kParticles.begin(), kParticles.end(), word) != kParticles.end();
    if (!particle && !is_upper_start(word)) return false;
    ++words;
    i = end + 1;
  }
  return words >= 2 && words <= 6;
}

}  // namespace

std::string find_title(std::string_view tex) {
  const std::vector<std::string_view> titles = arguments_of(tex, "title", 1);
  return titles.empty() ? std::string() : line_text(titles.front());
}

std::vector<std::string> find_authors(std::string_view tex) {
  std::vector<std::string> authors;
  for (const std::string_view argument : arguments_of(tex, "author", kMaxAuthors)) {
    for (const std::string& piece : pieces(argument)) {
      std::string name = line_text(piece);
      // " and " within a piece: "A. One and B. Two".
      for (std::size_t at; (at = name.find(" and ")) != std::string::npos;) {
        if (reads_as_name(name.substr(0, at))) authors.push_back(name.substr(0, at));
        name.erase(0, at + 5);
      }
      if (reads_as_name(name) && authors.size() < kMaxAuthors) authors.push_back(name);
    }
  }
  return authors;
}

}  // namespace paperdex::fulltext::detail::latex_detail
