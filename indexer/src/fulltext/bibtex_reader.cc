// The extraction stage (full text): a LaTeX package's reference list from the
// .bib files its document names (\bibliography, \addbibresource), for a
// package shipped without its .bbl. Each .bib is read by the paperdex-bibtex
// helper in a child process (paperdex/common/bibtex.h) under time and memory limits,
// so that libbtparse never parses an untrusted file in the indexer; which of
// its entries the paper cites is read here from the document's \cite
// commands. A .bib that cannot be read costs its references only: the
// failure is a warning and the paper's text is read all the same.
#include <algorithm>
#include <unordered_set>

#include "fulltext/latex_internal.h"
#include "fulltext/references.h"
#include "paperdex/common/bibtex.h"
#include "paperdex/common/child_process.h"
#include "paperdex/common/safe_text.h"
#include "paperdex/common/utf8.h"

namespace paperdex::fulltext::detail {
namespace {

// Keys a document may cite: far more than any paper, bounded for a crafted one.
constexpr std::size_t kMaxCitedKeys = 100000;

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// A command's argument longer than this is no citation's (a key list, a
// "see p. 3"): the scan gives up there, so that a document of unclosed
// "\cite[" costs a bounded look at each, not a scan to its end.
constexpr std::size_t kMaxArgumentBytes = 64u << 10;

// The end of the bracket group opening at `at` (`open` ... `close`, nested),
// or npos when it does not close within kMaxArgumentBytes.
std::size_t skip_group(std::string_view tex, std::size_t at, char open, char close) {
  std::size_t depth = 0;
  const std::size_t end = std::min(tex.size(), at + kMaxArgumentBytes);
  for (std::size_t i = at; i < end; ++i) {
    if (tex[i] == '\\') {
      ++i;
    } else if (tex[i] == open) {
      ++depth;
    } else if (tex[i] == close && depth > 0 && --depth == 0) {
      return i + 1;
    }
  }
  return std::string_view::npos;
}

void skip_spaces(std::string_view tex, std::size_t& at) {
  while (at < tex.size() && (tex[at] == ' ' || tex[at] == '\n' || tex[at] == '\t')) ++at;
}

// The brace groups after a command (its optional [..] and (..) arguments
// skipped): one, or for multicite commands (\cites{a}{b}) every one.
std::vector<std::string_view> command_groups(std::string_view tex, std::size_t at, bool many) {
  std::vector<std::string_view> groups;
  for (;;) {
    skip_spaces(tex, at);
    if (at < tex.size() && tex[at] == '*') ++at;
    skip_spaces(tex, at);
    if (at >= tex.size()) break;
    if (tex[at] == '[') {
      at = skip_group(tex, at, '[', ']');
    } else if (tex[at] == '(' && many) {
      at = skip_group(tex, at, '(', ')');
    } else if (tex[at] == '{') {
      const std::size_t end = skip_group(tex, at, '{', '}');
      if (end == std::string_view::npos) break;
      groups.push_back(tex.substr(at + 1, end - at - 2));
      at = end;
      if (!many) break;
    } else {
      break;
    }
    if (at == std::string_view::npos) break;
  }
  return groups;
}

// Each command of `tex` whose name `wanted` accepts, with its brace groups.
template <typename Wanted, typename Each>
void for_each_command(std::string_view tex, Wanted wanted, Each each) {
  for (std::size_t at = tex.find('\\'); at != std::string_view::npos; at = tex.find('\\', at)) {
    std::size_t end = at + 1;
    while (end < tex.size() && is_letter(tex[end])) ++end;
    const std::string_view name = tex.substr(at + 1, end - at - 1);
    at = std::max(end, at + 2);  // "\\" and "\{" are no commands
    if (name.empty() || !wanted(name)) continue;
    each(name, command_groups(tex, end, name.ends_with("cites")));
  }
}

// "a, b ,c": each part trimmed, empty parts left out.
void split_list(std::string_view list, std::vector<std::string>& into) {
  std::size_t start = 0;
  while (start <= list.size()) {
    std::size_t end = std::min(list.find(',', start), list.size());
    std::string_view part = list.substr(start, end - start);
    while (!part.empty() && (part.front() == ' ' || part.front() == '\n')) part.remove_prefix(1);
    while (!part.empty() && (part.back() == ' ' || part.back() == '\n')) part.remove_suffix(1);
    if (!part.empty()) into.emplace_back(part);
    start = end + 1;
  }
}

// One .bib's entries, read by the helper; what went wrong is a warning
// naming it.
std::vector<BibtexEntry> read_bib(const std::string& name, const std::string& text,
                                  const std::string& helper, std::vector<std::string>& warnings) {
  BibtexReading reading = read_bibtex(name, text, helper);
  if (!reading.failure.empty()) {
    warnings.push_back(name + ": " + reading.failure + "; " +
                       with_thousands(reading.entries.size()) + " entries read before");
  }
  if (reading.unreadable > 0) {
    warnings.push_back(name + ": " + with_thousands(reading.unreadable) + " entr" +
                       (reading.unreadable == 1 ? "y" : "ies") + " could not be read (" +
                       quote_input(first_bibtex_error(reading.messages)) + ")");
  }
  if (reading.entries_total > bibtex_protocol::kMaxEntries) {
    warnings.push_back(name + ": first " + with_thousands(bibtex_protocol::kMaxEntries) + " of " +
                       with_thousands(reading.entries_total) + " entries read");
  }
  return std::move(reading.entries);
}

// The package's file a \bibliography name means: as named, with ".bib"
// added, from the package's root or the main file's folder.
const std::string* find_bib(const std::map<std::string, std::string>& files,
                            const std::string& name, const std::string& main_file) {
  std::vector<std::string> candidates = {name + ".bib", name};
  if (const std::size_t slash = main_file.rfind('/'); slash != std::string::npos) {
    candidates.push_back(main_file.substr(0, slash + 1) + name + ".bib");
    candidates.push_back(main_file.substr(0, slash + 1) + name);
  }
  for (std::string& candidate : candidates) {
    while (candidate.starts_with("./")) candidate.erase(0, 2);
    if (const auto found = files.find(candidate); found != files.end()) return &found->first;
  }
  return nullptr;
}

}  // namespace

namespace latex_detail {

std::vector<std::string> bibliography_resources(std::string_view tex) {
  std::vector<std::string> names;
  for_each_command(
      tex,
      [](std::string_view name) {
        return name == "bibliography" || name == "nobibliography" || name == "addbibresource" ||
               name == "addglobalbib";
      },
      [&](std::string_view, const std::vector<std::string_view>& groups) {
        if (!groups.empty() && names.size() < 100) split_list(groups.front(), names);
      });
  return names;
}

CitedKeys cited_keys(std::string_view tex) {
  CitedKeys cited;
  std::unordered_set<std::string> seen;
  for_each_command(
      tex,
      [](std::string_view name) {
        return name.find("cite") != std::string_view::npos && name != "citestyle";
      },
      [&](std::string_view, const std::vector<std::string_view>& groups) {
        std::vector<std::string> keys;
        for (const std::string_view group : groups) split_list(group, keys);
        for (std::string& key : keys) {
          if (key == "*") {
            cited.all = true;
          } else if (cited.keys.size() < kMaxCitedKeys && seen.insert(key).second) {
            cited.keys.push_back(std::move(key));
          }
        }
      });
  return cited;
}

}  // namespace latex_detail

std::vector<Reference> references_from_bib_files(const LatexDocument& document,
                                                 const ArchiveLimits& limits,
                                                 std::vector<std::string>& warnings) {
  std::vector<BibtexEntry> entries;
  std::string helper;
  for (const std::string& name : latex_detail::bibliography_resources(document.tex)) {
    const std::string* file = find_bib(document.bib_files, name, document.main_file);
    if (file == nullptr) {
      warnings.push_back(quote_input(name) + ".bib is not in the package");
      continue;
    }
    if (helper.empty()) {
      helper = find_bibtex_helper(limits.bibtex_helper_path);
      if (!is_executable(helper)) {
        warnings.push_back("its .bib files are not read: the BibTeX helper " + quote_input(helper) +
                           " is missing or not executable (set PAPERDEX_BIBTEX to "
                           "paperdex-bibtex's path)");
        return {};
      }
    }
    std::vector<BibtexEntry> read = read_bib(*file, document.bib_files.at(*file), helper, warnings);
    std::move(read.begin(), read.end(), std::back_inserter(entries));
  }
  if (entries.empty()) return {};
  const CitedKeys cited = latex_detail::cited_keys(document.tex);
  if (!cited.all && cited.keys.empty()) {
    warnings.push_back("references: no \\cite in the document: every .bib entry kept");
  }
  return references_from_bibtex(entries, cited, {}, warnings);
}

}  // namespace paperdex::fulltext::detail
