// The record-field table (common/include/paperdex/common/record_fields.h):
// its rows are sound, every stage that loops over it handles every row (the
// stored record, the input limits, the fuzzers' check), and the field lists
// of the README, docs/, the man page and the Python stub are its public
// rows, in its order.
#include "paperdex/common/record_fields.h"

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include <catch2/catch.hpp>

#include "input_limits.h"
#include "paperdex/common/stored_record.h"
#include "test_support.h"

namespace {

using paperdex::schema::record_fields;
using paperdex::schema::RecordField;
using paperdex::schema::RecordFieldKind;

std::vector<std::string> public_names() {
  std::vector<std::string> names;
  for (const RecordField& field : record_fields()) {
    if (field.audience == paperdex::schema::FieldAudience::kPublic) names.emplace_back(field.name);
  }
  return names;
}

std::string file_text(const std::string& relative) {
  std::ifstream in(paperdex::test::source_dir() / relative);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The `backticked` words (or the words `pattern` matches) of `relative`
// between `begin` and `end` that are in `known`, in order, each once.
std::vector<std::string> listed(const std::string& relative, const std::string& begin,
                                const std::string& end, const std::set<std::string>& known,
                                const std::string& pattern = "`([a-z_]+)`") {
  const std::string text = file_text(relative);
  const std::size_t from = text.find(begin);
  REQUIRE(from != std::string::npos);
  const std::size_t to = text.find(end, from);
  REQUIRE(to != std::string::npos);
  const std::string section = text.substr(from, to - from);
  std::vector<std::string> names;
  const std::regex word(pattern);
  for (auto it = std::sregex_iterator(section.begin(), section.end(), word);
       it != std::sregex_iterator(); ++it) {
    const std::string name = (*it)[1];
    if (known.count(name) && std::find(names.begin(), names.end(), name) == names.end()) {
      names.push_back(name);
    }
  }
  return names;
}

// A value for each kind, `n` long, so that a round trip or a cut shows.
template <class Value>
void fill(Value& value, std::size_t n) {
  if constexpr (std::is_same_v<Value, std::string>) {
    value = std::string(n, 'x');
  } else if constexpr (std::is_same_v<Value, int>) {
    value = 2016;
  } else if constexpr (std::is_same_v<Value, bool>) {
    value = true;
  } else if constexpr (std::is_same_v<Value, std::vector<std::string>>) {
    value.assign(3, std::string(n, 'y'));
  } else if constexpr (std::is_same_v<Value, std::vector<paperdex::PaperVersion>>) {
    value.assign(3, {"v1", std::string(n, '1')});
  } else {
    for (std::size_t i = 0; i < 3; ++i) value["k" + std::to_string(i)] = std::string(n, '2');
  }
}

}  // namespace

TEST_CASE("every record field has one name, one stored key and a bound", "[record-fields]") {
  std::set<std::string_view> names, keys;
  for (const RecordField& field : record_fields()) {
    INFO(field.name);
    CHECK(names.insert(field.name).second);
    CHECK(!field.label.empty());
    CHECK(!field.help.empty());
    const bool stored = !field.stored_key.empty();
    if (stored) CHECK(keys.insert(field.stored_key).second);
    CHECK(stored == (field.merge != paperdex::schema::MergeRule::kNotStored));
    // What a reader fills is cut to a bound, but for the id (validated
    // instead), the year (a number) and a flag.
    const bool unbounded = field.kind == RecordFieldKind::kId ||
                           field.kind == RecordFieldKind::kYear ||
                           field.kind == RecordFieldKind::kFlag;
    if (stored) CHECK((field.max_bytes == 0) == unbounded);
    const bool list =
        field.kind == RecordFieldKind::kNames || field.kind == RecordFieldKind::kCodes ||
        field.kind == RecordFieldKind::kVersions || field.kind == RecordFieldKind::kDates;
    if (stored) CHECK((field.max_entries > 0) == list);
    // Public fields and what the library's formats read are Paper's; the
    // bookkeeping is the indexer's alone.
    bool in_paper = false;
    paperdex::schema::visit_member<paperdex::Paper>(field, [&](auto) { in_paper = true; });
    CHECK(in_paper == (field.audience != paperdex::schema::FieldAudience::kIndexer));
  }
}

TEST_CASE("every stored record field comes back from the stored record", "[record-fields]") {
  for (const RecordField& field : record_fields()) {
    if (field.stored_key.empty()) continue;
    INFO(field.name);
    paperdex::Record record;
    record.id = "2101.00001";
    paperdex::schema::visit_field(field, record, [](auto& value) { fill(value, 7); });
    const std::string json = paperdex::stored_record_json(record);
    CHECK(json.find("\"" + std::string(field.stored_key) + "\"") != std::string::npos);
    const paperdex::Record back =
        paperdex::decode_stored_record(paperdex::encode_stored_record(record));
    CHECK(paperdex::stored_record_json(back) == json);
  }
}

TEST_CASE("every bounded record field is cut to its bound, named in the message",
          "[record-fields][limits]") {
  for (const RecordField& field : record_fields()) {
    if (field.max_bytes == 0) continue;
    INFO(field.name);
    paperdex::Record record;
    paperdex::schema::visit_field(field, record,
                                  [&](auto& value) { fill(value, field.max_bytes + 10); });
    const std::vector<std::string> messages = paperdex::detail::apply_field_limits(record);
    REQUIRE(!messages.empty());
    // "title: ...", "authors 1: ..." (the entry's number)
    CHECK(std::regex_search(messages.front(), std::regex("^" + std::string(field.name) + "[: ]")));
    // Cut again, nothing is over: every value is within its bound now.
    CHECK(paperdex::detail::apply_field_limits(record).empty());
  }
}

TEST_CASE("the README's, docs' and the stub's field lists are the table's public rows",
          "[record-fields][docs]") {
  const std::vector<std::string> names = public_names();
  std::set<std::string> known(names.begin(), names.end());
  CHECK(listed("docs/api.md", "| field | holds |", "**Highlights.**", known) == names);
  CHECK(listed("docs/python.md", "A `Paper` has", "The old names", known) == names);
  // The CLI's columns add the search hits' score, news, snippet, passage and
  // because before the abstract.
  known.insert({"score", "news", "snippet", "passage", "because"});
  std::vector<std::string> columns = names;
  columns.insert(columns.end() - 1, {"score", "news", "snippet", "passage", "because"});
  REQUIRE(columns.back() == "abstract");
  CHECK(listed("README.md", "a place in the layout or a labelled line):",
               "`--show ID [ID...]` prints", known) == columns);
  CHECK(listed("docs/man/paperdex-search.1", ".BI \\-\\-fields", ".B \\-\\-help", known,
               "\\b([a-z_]+)\\b") == columns);

  const std::string stub = file_text("python/paperdex.pyi");
  const std::size_t paper = stub.find("class Paper:");
  REQUIRE(paper != std::string::npos);
  std::vector<std::string> attributes;
  std::istringstream lines(stub.substr(paper, stub.find("\nclass ", paper + 1) - paper));
  const std::regex attribute("    ([a-z_]+): .*");
  std::smatch match;
  for (std::string line; std::getline(lines, line);) {
    if (std::regex_match(line, match, attribute)) attributes.push_back(match[1]);
  }
  CHECK(attributes == public_names());
}
