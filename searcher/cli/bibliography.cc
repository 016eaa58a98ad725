#include "bibliography.h"

#include <btparse.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "paperdex/common/arxiv_id.h"
#include "paperdex/common/utf8.h"

namespace paperdex::cli {
namespace {

// The arXiv ids a field's words name: an id, a link, "arXiv:ID" ("arXiv
// preprint arXiv:1706.03762", Google Scholar's journal), or arXiv's own DOI
// (10.48550/arXiv.ID).
void add_arxiv_ids(std::string_view text, PaperClues& clues) {
  std::istringstream words{std::string(text)};
  for (std::string word; words >> word;) {
    while (!word.empty() && std::string_view(",;()[]{}").find(word.back()) != std::string::npos) {
      word.pop_back();
    }
    std::string candidate = word;
    if (ascii_lower(word).rfind("10.48550/arxiv.", 0) == 0) candidate = word.substr(15);
    if (const auto id = canonical_arxiv_id(candidate)) clues.arxiv_ids.push_back(*id);
  }
}

// What one field says, by its (lower-cased) name in any of the formats.
void add_field(const std::string& field, const std::string& value, PaperClues& clues) {
  if (field == "title" || field == "ti" || field == "t1") {
    if (clues.title.empty()) clues.title = value;
  } else if (field == "doi" || field == "do") {
    if (clues.doi.empty()) clues.doi = value;
    add_arxiv_ids(value, clues);
  } else if (field == "eprint" || field == "url" || field == "ur" || field == "journal" ||
             field == "note" || field == "number" || field == "archive_location" ||
             field == "howpublished" || field == "jo" || field == "n1" || field == "l1") {
    add_arxiv_ids(value, clues);
  }
}

// Throws unless `file` is a file within kMaxBibliographyBytes.
void check_size(const std::filesystem::path& file) {
  std::error_code error;
  const std::uintmax_t size = std::filesystem::file_size(file, error);
  if (error) throw std::runtime_error(file.string() + ": cannot read it (" + error.message() + ")");
  if (size > kMaxBibliographyBytes) {
    throw std::runtime_error(file.string() + ": " + std::to_string(size >> 20) +
                             " MB is more than a bibliography (at most 64 MB)");
  }
}

std::string text_of(const std::filesystem::path& file) {
  check_size(file);
  std::ifstream in(file, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in && !in.eof()) throw std::runtime_error(file.string() + ": cannot read it");
  return text;
}

// BibTeX, by libbtparse: it recovers from a broken entry and names it (file,
// line) on standard error itself; the other entries are read.
std::vector<BibliographyEntry> parse_bibtex(const std::filesystem::path& file) {
  struct Library {
    Library() {
      bt_initialize();
      bt_set_stringopts(BTE_REGULAR, BTO_FULL);
    }
    ~Library() { bt_cleanup(); }
  } library;
  std::string name = file.string();
  boolean ok = 1;
  const std::unique_ptr<AST, void (*)(AST*)> all(bt_parse_file(name.data(), 0, &ok), bt_free_ast);
  std::vector<BibliographyEntry> entries;
  for (AST* entry = bt_next_entry(all.get(), nullptr); entry != nullptr;
       entry = bt_next_entry(all.get(), entry)) {
    if (bt_entry_metatype(entry) != BTE_REGULAR) continue;  // @string, @comment, @preamble
    BibliographyEntry read;
    read.where = name + ":" + std::to_string(entry->line);
    if (const char* key = bt_entry_key(entry)) read.name = key;
    char* field_name = nullptr;
    for (AST* field = bt_next_field(entry, nullptr, &field_name); field != nullptr;
         field = bt_next_field(entry, field, &field_name)) {
      const std::unique_ptr<char, void (*)(void*)> value(bt_get_text(field), std::free);
      if (value && field_name) add_field(ascii_lower(field_name), value.get(), read.clues);
    }
    entries.push_back(std::move(read));
  }
  return entries;
}

nlohmann::json entry_json(const BibliographyEntry& entry) {
  return {{"where", entry.where},
          {"name", entry.name},
          {"title", entry.clues.title},
          {"doi", entry.clues.doi},
          {"ids", entry.clues.arxiv_ids}};
}

BibliographyEntry entry_of(const nlohmann::json& json) {
  return {json.at("where"), json.at("name"),
          PaperClues{json.at("ids"), json.at("doi"), json.at("title")}};
}

// How long the BibTeX reader may take, and what it may print.
constexpr int kBibtexSeconds = 60;
constexpr std::size_t kMaxBibtexAnswerBytes = 2 * kMaxBibliographyBytes;

// What the reader's process wrote before it ended or ran out of time.
std::string read_answer(int from, pid_t child, const std::filesystem::path& file) {
  std::string answer;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(kBibtexSeconds);
  char buffer[1 << 16];
  while (true) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    pollfd ready{from, POLLIN, 0};
    if (left.count() <= 0 || ::poll(&ready, 1, static_cast<int>(left.count())) == 0) {
      ::kill(child, SIGKILL);
      throw std::runtime_error(file.string() + ": reading it as BibTeX took more than " +
                               std::to_string(kBibtexSeconds) +
                               " s; export it again, or as RIS or CSL-JSON");
    }
    const ssize_t got = ::read(from, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return answer;
    answer.append(buffer, static_cast<std::size_t>(got));
    if (answer.size() > kMaxBibtexAnswerBytes) {
      ::kill(child, SIGKILL);
      throw std::runtime_error(file.string() + ": more entries than a bibliography has");
    }
  }
}

// BibTeX is read by libbtparse in a process of its own: a C parser fed
// whatever file a user names, whose crash or hang then costs the import,
// not the command, and whose memory (it leaks what it recovers from) goes
// with the process. It sends the entries back as JSON lines.
std::vector<BibliographyEntry> read_bibtex(const std::filesystem::path& file) {
  int pipe_ends[2];
  if (::pipe(pipe_ends) != 0)
    throw std::runtime_error("cannot make a pipe to read " + file.string());
  std::cout.flush();
  std::cerr.flush();
  const pid_t child = ::fork();
  if (child < 0) throw std::runtime_error("cannot start the BibTeX reader for " + file.string());
  if (child == 0) {
    ::close(pipe_ends[0]);
    std::string lines;
    for (const BibliographyEntry& entry : parse_bibtex(file))
      lines += entry_json(entry).dump() + "\n";
    for (std::size_t written = 0; written < lines.size();) {
      const ssize_t put = ::write(pipe_ends[1], lines.data() + written, lines.size() - written);
      if (put <= 0) ::_exit(1);
      written += static_cast<std::size_t>(put);
    }
    ::_exit(0);  // no exit handlers: the parent's streams and leak checks are not the child's
  }
  ::close(pipe_ends[1]);
  std::string answer;
  try {
    answer = read_answer(pipe_ends[0], child, file);
  } catch (...) {
    ::close(pipe_ends[0]);
    ::waitpid(child, nullptr, 0);
    throw;
  }
  ::close(pipe_ends[0]);
  int status = 0;
  while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    const std::string why = WIFSIGNALED(status) ? "signal " + std::to_string(WTERMSIG(status))
                                                : "status " + std::to_string(WEXITSTATUS(status));
    throw std::runtime_error(file.string() + ": the BibTeX reader (libbtparse) failed on it (" +
                             why + "); export it again, or as RIS or CSL-JSON");
  }
  std::vector<BibliographyEntry> entries;
  std::istringstream lines(answer);
  for (std::string line; std::getline(lines, line);) {
    entries.push_back(entry_of(nlohmann::json::parse(line)));
  }
  return entries;
}

// RIS: "TY  - JOUR" begins an entry, "ER  -" ends it; "TAG  - value" lines.
}  // namespace

std::vector<BibliographyEntry> ris_entries(const std::string& text, const std::string& name) {
  std::istringstream lines(text);
  std::vector<BibliographyEntry> entries;
  BibliographyEntry entry;
  bool open = false;
  std::size_t number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.size() < 5 || line.compare(2, 3, "  -") != 0) continue;
    const std::string tag = ascii_lower(line.substr(0, 2));
    const std::string value = line.size() > 6 ? line.substr(6) : "";
    if (tag == "ty") {
      entry = BibliographyEntry{name + ":" + std::to_string(number), "", {}};
      open = true;
    } else if (tag == "er" && open) {
      entries.push_back(std::move(entry));
      open = false;
    } else if (open) {
      if (tag == "id" && entry.name.empty()) entry.name = value;
      add_field(tag, value, entry.clues);
    }
  }
  if (open) entries.push_back(std::move(entry));  // the last ER left out
  return entries;
}

// CSL-JSON: an array of items (or one item), as Zotero exports it.
std::vector<BibliographyEntry> csl_json_entries(const std::string& text, const std::string& name) {
  const nlohmann::json json = nlohmann::json::parse(text, nullptr, false);
  if (json.is_discarded() || !(json.is_array() || json.is_object())) {
    throw std::runtime_error(name + ": not CSL-JSON (an array of items)");
  }
  const nlohmann::json items = json.is_array() ? json : nlohmann::json::array({json});
  std::vector<BibliographyEntry> entries;
  for (std::size_t i = 0; i < items.size(); ++i) {
    BibliographyEntry entry{name + ": item " + std::to_string(i + 1), "", {}};
    if (!items[i].is_object()) {
      entries.push_back(std::move(entry));
      continue;
    }
    for (const auto& [key, value] : items[i].items()) {
      if (!value.is_string()) continue;
      if (key == "id") entry.name = value.get<std::string>();
      add_field(ascii_lower(key), value.get<std::string>(), entry.clues);
    }
    entries.push_back(std::move(entry));
  }
  return entries;
}

std::vector<BibliographyEntry> read_bibliography(const std::filesystem::path& file) {
  const std::string extension = ascii_lower(file.extension().string());
  if (extension == ".bib") {
    check_size(file);
    return read_bibtex(file);
  }
  if (extension == ".ris") return ris_entries(text_of(file), file.string());
  if (extension == ".json") return csl_json_entries(text_of(file), file.string());
  const std::string text = text_of(file);
  const std::size_t first = text.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
  if (first != std::string::npos && text[first] == '@') return read_bibtex(file);
  if (first != std::string::npos && (text[first] == '[' || text[first] == '{')) {
    return csl_json_entries(text, file.string());
  }
  return ris_entries(text, file.string());
}

}  // namespace paperdex::cli
