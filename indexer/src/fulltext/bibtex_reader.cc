// The extraction stage (full text): a LaTeX package's reference list from the
// .bib files its document names (\bibliography, \addbibresource), for a
// package shipped without its .bbl. Each .bib is read by the paperdex-bibtex
// helper in a child process (bibtex_protocol.h) under time and memory limits,
// so that libbtparse never parses an untrusted file in the indexer; which of
// its entries the paper cites is read here from the document's \cite
// commands. A .bib that cannot be read costs its references only: the
// failure is a warning and the paper's text is read all the same.
#include <algorithm>
#include <csignal>
#include <system_error>
#include <unordered_set>

#include <nlohmann/json.hpp>

#include "fulltext/bibtex_protocol.h"
#include "fulltext/child_process.h"
#include "fulltext/latex_internal.h"
#include "fulltext/references.h"
#include "paperdex/common/safe_text.h"
#include "paperdex/common/utf8.h"

#ifndef PAPERDEX_BIBTEX_INSTALLED
#define PAPERDEX_BIBTEX_INSTALLED "/usr/bin/paperdex-bibtex"
#endif

namespace paperdex::fulltext::detail {
namespace {

namespace protocol = bibtex;
constexpr std::string_view kHelperName = "paperdex-bibtex";
constexpr std::chrono::seconds kHelperSeconds{30};
constexpr std::size_t kHelperMemoryMib = 512;
// Keys a document may cite: far more than any paper, bounded for a crafted one.
constexpr std::size_t kMaxCitedKeys = 100000;

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// The end of the bracket group opening at `at` (`open` ... `close`, nested),
// or the text's end.
std::size_t skip_group(std::string_view tex, std::size_t at, char open, char close) {
  std::size_t depth = 0;
  for (std::size_t i = at; i < tex.size(); ++i) {
    if (tex[i] == '\\') {
      ++i;
    } else if (tex[i] == open) {
      ++depth;
    } else if (tex[i] == close && depth > 0 && --depth == 0) {
      return i + 1;
    }
  }
  return tex.size();
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
      groups.push_back(tex.substr(at + 1, end > at + 1 ? end - at - 2 : 0));
      at = end;
      if (!many) break;
    } else {
      break;
    }
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

// The helper's answer: an entry per line, then the counts.
struct HelperAnswer {
  std::vector<BibtexEntry> entries;
  std::size_t entries_total = 0;
  std::size_t unreadable = 0;
  bool finished = false;  // its last line came
};

HelperAnswer parse_answer(std::string_view out) {
  HelperAnswer answer;
  std::size_t start = 0;
  for (std::size_t end; (end = out.find('\n', start)) != std::string_view::npos; start = end + 1) {
    const nlohmann::json line =
        nlohmann::json::parse(out.substr(start, end - start), nullptr, false);
    if (!line.is_object()) continue;
    if (const auto fields = line.find("fields"); fields != line.end() && fields->is_object()) {
      BibtexEntry entry;
      if (const auto key = line.find("key"); key != line.end() && key->is_string()) {
        entry.key = key->get<std::string>();
      }
      for (const auto& [name, value] : fields->items()) {
        if (value.is_string()) entry.fields.emplace(name, value.get<std::string>());
      }
      answer.entries.push_back(std::move(entry));
    } else if (line.contains("entries")) {
      answer.entries_total = line.value("entries", std::size_t{0});
      answer.unreadable = line.value("unreadable", std::size_t{0});
      answer.finished = true;
    }
  }
  return answer;
}

// libbtparse's message on an entry it could not read: the first error of
// what stderr kept (its warnings, "junk seen at toplevel", follow them).
std::string error_message(std::string_view err) {
  std::string_view first;
  for (std::size_t start = 0; start < err.size();) {
    const std::size_t end = std::min(err.find('\n', start), err.size());
    const std::string_view line = err.substr(start, end - start);
    if (first.empty()) first = line;
    if (line.find("error") != std::string_view::npos) return std::string(line);
    start = end + 1;
  }
  return std::string(first);
}

// Why the helper stopped early, or empty.
std::string failure_reason(const ChildOutcome& outcome) {
  if (outcome.timed_out || outcome.signal == SIGXCPU) {
    return "gave up after " + std::to_string(kHelperSeconds.count()) + " s";
  }
  if (outcome.out_cut) return "wrote more than a .bib holds";
  if (outcome.exit_status == protocol::kExitOutOfMemory ||
      outcome.err_tail.find("Out of memory") != std::string::npos) {
    return "used more than " + std::to_string(kHelperMemoryMib) + " MiB";
  }
  if (outcome.signal != 0) {
    return "the BibTeX reader crashed (signal " + std::to_string(outcome.signal) + ")";
  }
  if (outcome.exit_status != protocol::kExitOk) {
    return "the BibTeX reader failed (exit status " + std::to_string(outcome.exit_status) + ")";
  }
  return {};
}

// One .bib's entries, read by the helper; what went wrong is a warning
// naming it.
std::vector<BibtexEntry> read_bib(const std::string& name, const std::string& text,
                                  const std::string& helper, std::vector<std::string>& warnings) {
  const std::string& where = name;
  ChildBounds bounds;
  bounds.time = kHelperSeconds;
  bounds.max_stdout_bytes = 2 * text.size() + (1u << 20);
  ChildOutcome outcome;
  try {
    outcome = run_child(helper,
                        {"--memory-mib", std::to_string(kHelperMemoryMib), "--cpu-seconds",
                         std::to_string(kHelperSeconds.count()), "--max-entries",
                         std::to_string(protocol::kMaxEntries), "--", name},
                        bounds, text);
  } catch (const std::system_error& error) {
    warnings.push_back(where + ": the BibTeX reader could not be started: " + error.what());
    return {};
  }
  HelperAnswer answer = parse_answer(outcome.out);
  if (const std::string reason = failure_reason(outcome); !reason.empty()) {
    warnings.push_back(where + ": " + reason + "; " + with_thousands(answer.entries.size()) +
                       " entries read before");
  } else if (!answer.finished) {
    warnings.push_back(where + ": the BibTeX reader's answer cannot be read (is " +
                       quote_input(helper) + " paperdex-bibtex?)");
  }
  if (answer.unreadable > 0) {
    warnings.push_back(where + ": " + with_thousands(answer.unreadable) + " entr" +
                       (answer.unreadable == 1 ? "y" : "ies") + " could not be read (" +
                       quote_input(error_message(outcome.err_tail)) + ")");
  }
  if (answer.entries_total > protocol::kMaxEntries) {
    warnings.push_back(where + ": first " + with_thousands(protocol::kMaxEntries) + " of " +
                       with_thousands(answer.entries_total) + " entries read");
  }
  return std::move(answer.entries);
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
      helper = find_helper(limits.bibtex_helper_path, "PAPERDEX_BIBTEX", kHelperName,
                           PAPERDEX_BIBTEX_INSTALLED);
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
