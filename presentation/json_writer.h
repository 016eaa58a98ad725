// The JSON text of a search result and of its papers, written as it goes:
// the json and jsonl formats (paperdex-search --json, paperdex-serve's
// /search, Python's to_dict) print through it. A search answers with a few
// hundred small values (ten hits, every subject and year of the facets), and
// building them as nlohmann::ordered_json first, then dumping that, cost a
// tenth of a search's time in paperdex-serve (bench/README.md, "paperdex-serve");
// writing them once costs a fraction of it. The text is byte for byte what
// nlohmann's dump(-1, ' ', false, replace) prints for the same values
// (tests/unit/json_writer_test.cc compares the two), so readers of either
// see one format. Smaller JSON (--stats, CSL) stays nlohmann::ordered_json.
#pragma once

#include <charconv>
#include <concepts>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace paperdex::presentation {

class JsonWriter {
 public:
  // Appends to `out`, which outlives the writer.
  explicit JsonWriter(std::string& out) : out_(out) {}

  // An object or an array as the next value; end() closes the last one opened.
  JsonWriter& begin_object();
  JsonWriter& begin_array();
  JsonWriter& end();
  // The key of the next value, inside an object.
  JsonWriter& key(std::string_view name);

  JsonWriter& value(std::string_view text);
  JsonWriter& value(const std::string& text) { return value(std::string_view(text)); }
  JsonWriter& value(const char* text) { return value(std::string_view(text)); }
  JsonWriter& value(bool flag);
  JsonWriter& value(double number);
  template <std::integral Integer>
  requires(!std::same_as<Integer, bool>) JsonWriter& value(Integer number) {
    separate();
    char digits[24];
    out_.append(digits, std::to_chars(digits, digits + sizeof digits, number).ptr);
    return *this;
  }
  JsonWriter& value(const std::vector<std::string>& texts);
  JsonWriter& null();

  // key(name).value(v): one member of an object.
  template <typename Value>
  JsonWriter& member(std::string_view name, const Value& v) {
    return key(name).value(v);
  }

 private:
  // The comma before a value that is not its container's first (none after a key).
  void separate();
  void append_string(std::string_view text);

  // An object or array being written.
  struct Open {
    char closing;  // '}' or ']'
    bool empty;    // nothing written in it yet: no comma before the next value
  };

  std::string& out_;
  std::vector<Open> open_;
  bool after_key_ = false;
};

}  // namespace paperdex::presentation
