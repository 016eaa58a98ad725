// See bibtex.h: running paperdex-bibtex and reading its answer.
#include "paperdex/common/bibtex.h"

#include <csignal>
#include <system_error>

#include <nlohmann/json.hpp>

#include "paperdex/common/child_process.h"
#include "paperdex/common/safe_text.h"

#ifndef PAPERDEX_BIBTEX_INSTALLED
#define PAPERDEX_BIBTEX_INSTALLED "/usr/bin/paperdex-bibtex"
#endif

namespace paperdex {
namespace {

// The helper's answer: an entry per line, then the counts.
void parse_answer(std::string_view out, BibtexReading& reading, bool& finished) {
  std::size_t start = 0;
  for (std::size_t end; (end = out.find('\n', start)) != std::string_view::npos; start = end + 1) {
    const nlohmann::json line =
        nlohmann::json::parse(out.substr(start, end - start), nullptr, false);
    if (!line.is_object()) continue;
    if (const auto fields = line.find("fields"); fields != line.end() && fields->is_object()) {
      BibtexEntry entry;
      entry.line = line.value("line", std::size_t{0});
      if (const auto key = line.find("key"); key != line.end() && key->is_string()) {
        entry.key = key->get<std::string>();
      }
      for (const auto& [name, value] : fields->items()) {
        if (value.is_string()) entry.fields.emplace(name, value.get<std::string>());
      }
      reading.entries.push_back(std::move(entry));
    } else if (line.contains("entries")) {
      reading.entries_total = line.value("entries", std::size_t{0});
      reading.unreadable = line.value("unreadable", std::size_t{0});
      finished = true;
    }
  }
}

// Why the helper stopped early, or empty.
std::string failure_reason(const ChildOutcome& outcome) {
  if (outcome.timed_out || outcome.signal == SIGXCPU) {
    return "gave up after " + std::to_string(kBibtexSeconds.count()) + " s";
  }
  if (outcome.out_cut) return "wrote more than a .bib holds";
  if (outcome.exit_status == bibtex_protocol::kExitOutOfMemory ||
      outcome.err_tail.find("Out of memory") != std::string::npos) {
    return "used more than " + std::to_string(kBibtexMemoryMib) + " MiB";
  }
  if (outcome.signal != 0) {
    return "the BibTeX reader crashed (signal " + std::to_string(outcome.signal) + ")";
  }
  if (outcome.exit_status != bibtex_protocol::kExitOk) {
    return "the BibTeX reader failed (exit status " + std::to_string(outcome.exit_status) + ")";
  }
  return {};
}

}  // namespace

std::string find_bibtex_helper(const std::string& chosen) {
  return find_helper(chosen, "PAPERDEX_BIBTEX", "paperdex-bibtex", PAPERDEX_BIBTEX_INSTALLED);
}

BibtexReading read_bibtex(const std::string& name, std::string_view text,
                          const std::string& helper) {
  BibtexReading reading;
  if (!is_executable(helper)) {
    reading.failure = "the BibTeX helper " + quote_input(helper) +
                      " is missing or not executable (set PAPERDEX_BIBTEX to paperdex-bibtex's "
                      "path)";
    return reading;
  }
  ChildBounds bounds;
  bounds.time = kBibtexSeconds;
  bounds.max_stdout_bytes = 2 * text.size() + (1u << 20);
  bounds.max_stderr_bytes = 64u << 10;
  ChildOutcome outcome;
  try {
    outcome = run_child(helper,
                        {"--memory-mib", std::to_string(kBibtexMemoryMib), "--cpu-seconds",
                         std::to_string(kBibtexSeconds.count()), "--max-entries",
                         std::to_string(bibtex_protocol::kMaxEntries), "--", name},
                        bounds, text);
  } catch (const std::system_error& error) {
    reading.failure = std::string("the BibTeX reader could not be started: ") + error.what();
    return reading;
  }
  bool finished = false;
  parse_answer(outcome.out, reading, finished);
  reading.messages = std::move(outcome.err_tail);
  reading.failure = failure_reason(outcome);
  if (reading.failure.empty() && !finished) {
    reading.failure = "the BibTeX reader's answer cannot be read (is " + quote_input(helper) +
                      " paperdex-bibtex?)";
  }
  return reading;
}

std::string first_bibtex_error(std::string_view messages) {
  std::string_view first;
  for (std::size_t start = 0; start < messages.size();) {
    const std::size_t end = std::min(messages.find('\n', start), messages.size());
    const std::string_view line = messages.substr(start, end - start);
    if (first.empty()) first = line;
    if (line.find("error") != std::string_view::npos) return std::string(line);
    start = end + 1;
  }
  return std::string(first);
}

}  // namespace paperdex
