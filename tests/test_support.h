// Shared helpers for tests: temporary directories and the optional ../shared data.
#pragma once

#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "paperdex/common/stored_record.h"

namespace paperdex::test {

// Built with AddressSanitizer (scripts/test.sh --sanitize): what it changes
// (resident memory, address-space limits) is not checked there.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
inline constexpr bool kAddressSanitizer = __has_feature(address_sanitizer);
#else
inline constexpr bool kAddressSanitizer = false;
#endif

// The stored JSON of `record` without the index's clock (added, changed,
// version_added, subject_added): two indexes of the same records hold the
// same papers, stamped at other times (and, read in another order, changed
// at other times).
inline std::string paper_json(Record record) {
  record.added.clear();
  record.changed.clear();
  record.version_added.clear();
  record.subject_added.clear();
  return stored_record_json(record);
}

// A fresh directory under the system temp dir, removed with everything in it.
class TempDir {
 public:
  TempDir() {
    std::random_device random;
    path_ = std::filesystem::temp_directory_path() /
            ("paperdex-test-" + std::to_string(random()) + std::to_string(random()));
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

inline std::filesystem::path source_dir() { return PAPERDEX_SOURCE_DIR; }

// ../shared beside the checkout (or $PAPERDEX_SHARED), when present. Tests
// that need it SKIP-style return early with a WARN when it is absent.
inline std::optional<std::filesystem::path> shared_dir() {
  if (const char* env = std::getenv("PAPERDEX_SHARED"); env && *env) {
    if (std::filesystem::is_directory(env)) return std::filesystem::path(env);
  }
  auto candidate = source_dir().parent_path() / "shared";
  if (std::filesystem::is_directory(candidate / "data")) return candidate;
  return std::nullopt;
}

// ../shared/data/fulltext (#50: arXiv PDFs, LaTeX packages, unarXive),
// when present.
inline std::optional<std::filesystem::path> shared_fulltext() {
  const auto shared = shared_dir();
  if (!shared || !std::filesystem::is_directory(*shared / "data/fulltext/pdf")) {
    return std::nullopt;
  }
  return *shared / "data/fulltext";
}

// unarXive's sample of ../shared (49 papers of arXiv's December 2022
// sources, with sections and references), when present.
inline std::optional<std::filesystem::path> shared_unarxive_sample() {
  const auto shared = shared_dir();
  if (!shared) return std::nullopt;
  auto sample = *shared / "data/fulltext/unarxive/arXiv_src_2212_086.jsonl.gz";
  if (!std::filesystem::exists(sample)) return std::nullopt;
  return sample;
}

// The arXiv id a shared full-text file's name begins with
// ("1503.07589v1.pdf": "1503.07589"); "" for another name.
inline std::string shared_file_id(const std::filesystem::path& file) {
  const std::string name = file.filename().string();
  std::size_t digits = 0;
  while (digits < name.size() && digits < 10 &&
         std::isdigit(static_cast<unsigned char>(name[digits]))) {
    ++digits;
  }
  if (digits != 4 || name.size() < 10 || name[4] != '.') return "";
  std::size_t end = 5;
  while (end < name.size() && end < 10 && std::isdigit(static_cast<unsigned char>(name[end])))
    ++end;
  return end >= 9 ? name.substr(0, end) : "";
}

// The first six consecutive plain words (ASCII letters, three or more each)
// of `text`, one space between them; "" when it has none. A phrase a reader
// could remember, made from a paper's text.
inline std::string six_plain_words(const std::string& text) {
  std::istringstream words(text);
  std::string phrase;
  std::size_t run = 0;
  for (std::string word; words >> word;) {
    const bool plain = word.size() >= 3 && std::all_of(word.begin(), word.end(), [](char c) {
                         return std::isalpha(static_cast<unsigned char>(c));
                       });
    if (!plain) {
      phrase.clear();
      run = 0;
      continue;
    }
    phrase += (run == 0 ? "" : " ") + word;
    if (++run == 6) return phrase;
  }
  return "";
}

// Writes `content` to `path` as it is (binary), replacing the file and
// making its directory.
inline void write_file(const std::filesystem::path& path, const std::string& content) {
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary);
  out << content;
}

// The bytes of the file at `path` (empty when it cannot be read).
inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// What a shell command printed on stdout, and its exit status (-1 if killed).
struct RunOutput {
  int status = -1;
  std::string out;
};

inline RunOutput run_command(const std::string& command) {
  RunOutput result;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return result;
  std::array<char, 4096> buffer;
  while (std::size_t n = fread(buffer.data(), 1, buffer.size(), pipe)) {
    result.out.append(buffer.data(), n);
  }
  const int status = pclose(pipe);
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

// The bytes a terminal would act on: C0 controls but the line feed and tab
// (the writers' own line and TSV cell breaks), DEL, C1 controls (U+0080..
// U+009F, encoded as C2 80..C2 9F), and the bidirectional embeddings,
// overrides and isolates that reorder the rest of a line (U+202A..U+202E,
// E2 80 AA..AE; U+2066..U+2069, E2 81 A6..A9).
inline bool has_terminal_controls(const std::string& text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if ((byte < 0x20 && byte != '\n' && byte != '\t') || byte == 0x7F) return true;
    if (byte == 0xC2 && i + 1 < text.size()) {
      const auto next = static_cast<unsigned char>(text[i + 1]);
      if (next >= 0x80 && next <= 0x9F) return true;
    }
    if (byte == 0xE2 && i + 2 < text.size()) {
      const auto second = static_cast<unsigned char>(text[i + 1]);
      const auto third = static_cast<unsigned char>(text[i + 2]);
      if (second == 0x80 && third >= 0xAA && third <= 0xAE) return true;
      if (second == 0x81 && third >= 0xA6 && third <= 0xA9) return true;
    }
  }
  return false;
}

// `text` as one single-quoted shell word.
inline std::string quote(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

#ifdef PAPERDEX_SEARCH_BIN
// paperdex-search on the index `db` with `arguments` (shell words), its
// standard error with its output.
inline RunOutput search_cli(const std::string& db, const std::string& arguments) {
  return run_command(std::string(PAPERDEX_SEARCH_BIN) + " --db " + quote(db) + " " + arguments +
                     " 2>&1");
}
#endif

// A record of the arXiv snapshot as one JSON line, without its line break:
// the id, title and abstract given (any text, escaped as JSON), the other
// fields plain.
inline std::string snapshot_line(const std::string& id, const std::string& title,
                                 const std::string& abstract = "an abstract") {
  nlohmann::json record = {{"id", id},
                           {"title", title},
                           {"authors", "A. Writer"},
                           {"categories", "cs.DS"},
                           {"abstract", abstract},
                           {"versions", {{{"version", "v1"}, {"created", "Mon, 5 Jan 2015"}}}}};
  return record.dump();
}

// One record of the arXiv snapshot, for snapshot_json: the fields a test
// cares about, the others plausible.
struct SnapshotRecord {
  std::string id;
  std::string title;
  std::string authors = "A. Author";
  std::string abstract = "Text.";
  std::string updated = "2021-01-05";                    // update_date
  std::string created = "Mon, 4 Jan 2021 10:00:00 GMT";  // of v1
};

// The record as one line of the snapshot, with its line break.
inline std::string snapshot_json(const SnapshotRecord& record) {
  return R"({"id":")" + record.id + R"(","title":")" + record.title + R"(","authors":")" +
         record.authors + R"(","categories":"cs.NI","abstract":")" + record.abstract +
         R"(","versions":[{"version":"v1","created":")" + record.created +
         R"("}],"update_date":")" + record.updated + "\"}\n";
}

// What write_snapshot writes.
struct SnapshotSpec {
  std::string id_prefix = "1501";  // ids PREFIX.00001, PREFIX.00002, ...
  int count = 0;
  unsigned seed = 42;        // of the random words
  std::string title_marker;  // starts every title, when not empty
  int title_words = 6;       // random words after the marker
  int abstract_words = 80;
  bool words_of_its_own = false;  // a word only this paper has every tenth word, so the index grows
};

// `spec.count` distinct papers in the arXiv snapshot format, one a line.
inline void write_snapshot(const std::filesystem::path& path, const SnapshotSpec& spec) {
  static const char* const kWords[] = {
      "graph",  "network", "learning", "optical", "switch",   "quantum", "kernel",   "sparse",
      "random", "theorem", "protocol", "latency", "compiler", "cache",   "wireless", "proof"};
  std::mt19937 random(spec.seed);
  std::ofstream out(path);
  for (int i = 0; i < spec.count; ++i) {
    std::string title = spec.title_marker, abstract;
    for (int w = 0; w < spec.title_words; ++w) {
      title += std::string(title.empty() ? "" : " ") + kWords[random() % 16];
    }
    for (int w = 0; w < spec.abstract_words; ++w) {
      abstract += std::string(w ? " " : "") + kWords[random() % 16];
      if (spec.words_of_its_own && w % 10 == 0) {
        abstract += " " + spec.id_prefix.substr(0, 2) + "word" + std::to_string(i * 13 + w);
      }
    }
    char id[32];
    std::snprintf(id, sizeof id, "%s.%05d", spec.id_prefix.c_str(), i + 1);
    out << R"({"id":")" << id << R"(","authors":"A. Author and B. Writer","title":")" << title
        << R"(","categories":"cs.DS cs.NI","abstract":")" << abstract
        << R"(","versions":[{"version":"v1","created":"Mon, 5 Jan 2015 10:00:00 GMT"}],)"
        << R"("update_date":"2015-01-06"})" << '\n';
  }
}

}  // namespace paperdex::test
