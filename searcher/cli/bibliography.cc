#include "bibliography.h"

#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "paperdex/common/arxiv_id.h"
#include "paperdex/common/bibtex.h"
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

// BibTeX is read by libbtparse in the paperdex-bibtex helper
// (paperdex/common/bibtex.h), as a source package's .bib is: a C parser fed
// whatever file a user names, whose crash or hang then costs the import, not
// the command. It recovers from a broken entry and names it (file, line):
// its messages are passed on to standard error, and the other entries read.
std::vector<BibliographyEntry> bibtex_entries(const std::filesystem::path& file) {
  BibtexReading reading = read_bibtex(file.string(), text_of(file), find_bibtex_helper());
  std::cerr << reading.messages;
  if (!reading.failure.empty()) {
    throw std::runtime_error(file.string() + ": " + reading.failure +
                             "; export it again, or as RIS or CSL-JSON");
  }
  std::vector<BibliographyEntry> entries;
  for (const BibtexEntry& entry : reading.entries) {
    BibliographyEntry read{file.string() + ":" + std::to_string(entry.line), entry.key, {}};
    for (const auto& [field, value] : entry.fields) add_field(field, value, read.clues);
    entries.push_back(std::move(read));
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
  if (extension == ".bib") return bibtex_entries(file);
  if (extension == ".ris") return ris_entries(text_of(file), file.string());
  if (extension == ".json") return csl_json_entries(text_of(file), file.string());
  const std::string text = text_of(file);
  const std::size_t first = text.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
  if (first != std::string::npos && text[first] == '@') return bibtex_entries(file);
  if (first != std::string::npos && (text[first] == '[' || text[first] == '{')) {
    return csl_json_entries(text, file.string());
  }
  return ris_entries(text, file.string());
}

}  // namespace paperdex::cli
