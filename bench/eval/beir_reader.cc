#include "eval/beir_reader.h"

#include <charconv>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace paperdex::eval {
namespace {

using nlohmann::json;

std::ifstream open_or_throw(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + file.string());
  return in;
}

[[noreturn]] void throw_at(const std::filesystem::path& file, std::size_t line,
                           const std::string& message) {
  throw std::runtime_error(file.string() + ":" + std::to_string(line) + ": " + message);
}

bool blank(const std::string& line) {
  return line.find_first_not_of(" \t\r\n") == std::string::npos;
}

// Ids are strings in BEIR's files, but some converters write numbers.
std::string id_field(const json& object, const std::filesystem::path& file, std::size_t line) {
  const auto it = object.find("_id");
  if (it == object.end()) throw_at(file, line, "no \"_id\" field");
  if (it->is_string()) return it->get<std::string>();
  if (it->is_number_integer()) return std::to_string(it->get<long long>());
  throw_at(file, line, "\"_id\" is neither a string nor an integer");
}

// A missing or null text field is an empty text (BEIR corpora have
// documents without titles).
std::string text_field(const json& object, const char* name, const std::filesystem::path& file,
                       std::size_t line) {
  const auto it = object.find(name);
  if (it == object.end() || it->is_null()) return {};
  if (!it->is_string()) throw_at(file, line, std::string("\"") + name + "\" is not a string");
  return it->get<std::string>();
}

json parse_line(const std::string& text, const std::filesystem::path& file, std::size_t line) {
  json object = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (object.is_discarded()) throw_at(file, line, "not valid JSON");
  if (!object.is_object()) throw_at(file, line, "not a JSON object");
  return object;
}

std::vector<std::string> split_columns(const std::string& line) {
  std::vector<std::string> columns;
  std::istringstream in(line);
  std::string column;
  while (in >> column) columns.push_back(column);
  return columns;
}

bool parse_int(const std::string& text, int& value) {
  const char* end = text.data() + text.size();
  const auto [ptr, error] = std::from_chars(text.data(), end, value);
  return error == std::errc() && ptr == end;
}

}  // namespace

std::size_t read_corpus(const std::filesystem::path& file,
                        const std::function<void(BeirDocument&&)>& sink) {
  std::ifstream in = open_or_throw(file);
  std::string text;
  std::size_t line = 0;
  std::size_t documents = 0;
  while (std::getline(in, text)) {
    ++line;
    if (blank(text)) continue;
    const json object = parse_line(text, file, line);
    BeirDocument document;
    document.id = id_field(object, file, line);
    document.title = text_field(object, "title", file, line);
    document.text = text_field(object, "text", file, line);
    sink(std::move(document));
    ++documents;
  }
  return documents;
}

std::vector<BeirQuery> read_queries(const std::filesystem::path& file) {
  std::ifstream in = open_or_throw(file);
  std::vector<BeirQuery> queries;
  std::string text;
  std::size_t line = 0;
  while (std::getline(in, text)) {
    ++line;
    if (blank(text)) continue;
    const json object = parse_line(text, file, line);
    queries.push_back({id_field(object, file, line), text_field(object, "text", file, line)});
  }
  return queries;
}

Qrels read_qrels(const std::filesystem::path& file) {
  std::ifstream in = open_or_throw(file);
  Qrels qrels;
  std::string text;
  std::size_t line = 0;
  while (std::getline(in, text)) {
    ++line;
    if (blank(text)) continue;
    const std::vector<std::string> columns = split_columns(text);
    // BEIR writes three columns; TREC qrels have an iteration column too.
    if (columns.size() != 3 && columns.size() != 4) {
      throw_at(file, line, "expected query-id, corpus-id and score separated by tabs");
    }
    const std::string& query = columns.front();
    const std::string& doc = columns[columns.size() - 2];
    int grade = 0;
    if (!parse_int(columns.back(), grade)) {
      if (qrels.empty() && line == 1) continue;  // the header
      throw_at(file, line, "the score '" + columns.back() + "' is not an integer");
    }
    qrels[query][doc] = grade;
  }
  return qrels;
}

std::filesystem::path qrels_path(const std::filesystem::path& beir_dir, const std::string& split) {
  const std::filesystem::path dir = beir_dir / "qrels";
  if (!split.empty()) {
    std::filesystem::path file = dir / (split + ".tsv");
    if (std::filesystem::is_regular_file(file)) return file;
  } else {
    for (const char* name : {"test", "train"}) {
      std::filesystem::path file = dir / (std::string(name) + ".tsv");
      if (std::filesystem::is_regular_file(file)) return file;
    }
  }
  std::set<std::string> available;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(dir, error)) {
    if (entry.path().extension() == ".tsv") available.insert(entry.path().stem().string());
  }
  std::string listed;
  for (const std::string& name : available) listed += (listed.empty() ? "" : ", ") + name;
  throw std::runtime_error(
      (split.empty() ? "no qrels/test.tsv or qrels/train.tsv" : "no qrels/" + split + ".tsv") +
      std::string(" in ") + beir_dir.string() +
      (listed.empty() ? "; is it a BEIR directory?" : "; the splits there are: " + listed));
}

}  // namespace paperdex::eval
