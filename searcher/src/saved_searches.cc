#include "saved_searches.h"

#include <algorithm>
#include <optional>
#include <string_view>
#include <thread>

#include <nlohmann/json.hpp>

#include "paperdex/common/index_time.h"
#include "paperdex/common/safe_text.h"
#include "paperdex/common/schema.h"
#include "paperdex/common/writable_index.h"
#include "paperdex/search_parameters.h"

namespace paperdex::detail {
namespace {

constexpr std::size_t kMaxNameBytes = 64;

// What a saved search keeps: its query and the search parameters that say
// what it searches (search_parameters.h: SearchParameter::saved), by their
// names, a list as a JSON array and any other value as its text ("sort":
// "newest", not the enum's number, so that reordering an enum changes no
// saved search). Saving, reading and running a saved search all go by the
// table.

// Copies what a saved search keeps from `from` to `to`.
void copy_kept(const SearchRequest& from, SearchRequest& to) {
  to.query = from.query;
  for (const SearchParameter& row : search_parameters()) {
    if (!row.saved) continue;
    if (row.list != nullptr) (to.*row.list).clear();
    for (const std::string& value : row.get(from)) row.set(to, value);
  }
}

// The keys an older paperdex stored (SearchRequest's members, the enums as
// their numbers), read once: the next save writes the parameters' names.
struct OlderKey {
  std::string_view key;
  std::string_view parameter;
  bool inverted;  // cross_lists is no-cross-lists' opposite
};
constexpr OlderKey kOlderKeys[] = {
    {"subjects", "subject", false},
    {"years", "year", false},
    {"authors", "author", false},
    {"cross_lists", "no-cross-lists", true},
    {"strict_syntax", "strict-syntax", false},
};

// A stored value as the row's texts: a string, an array of strings, a
// bool, or (an older paperdex's enums) the number of a choice; nullopt for
// anything else.
std::optional<std::vector<std::string>> stored_texts(const SearchParameter& row,
                                                     const nlohmann::json& value, bool inverted) {
  if (value.is_string()) return std::vector<std::string>{value.get<std::string>()};
  if (value.is_boolean())
    return std::vector<std::string>{value.get<bool>() != inverted ? "true" : "false"};
  if (value.is_number_integer() && row.type == ParameterType::kChoice) {
    const auto number = value.get<long long>();
    if (number < 0 || static_cast<std::size_t>(number) >= row.choices.size()) return std::nullopt;
    return std::vector<std::string>{std::string(row.choices[static_cast<std::size_t>(number)])};
  }
  if (!value.is_array()) return std::nullopt;
  std::vector<std::string> texts;
  for (const nlohmann::json& item : value) {
    if (!item.is_string()) return std::nullopt;
    texts.push_back(item.get<std::string>());
  }
  return texts;
}

[[noreturn]] void throw_damaged(const std::string& name, std::string_view key,
                                const nlohmann::json& value) {
  throw IoError("the saved search " + quote_input(name) + " of the index is damaged (its " +
                std::string(key) + " is " + value.dump() + "); delete it and save it again");
}

// Sets `request` from the stored `value` of `row` (under `key`).
void read_stored(const std::string& name, const SearchParameter& row, std::string_view key,
                 const nlohmann::json& value, bool inverted, SearchRequest& request) {
  const std::optional<std::vector<std::string>> texts = stored_texts(row, value, inverted);
  if (!texts) throw_damaged(name, key, value);
  try {
    for (const std::string& text : *texts) row.set(request, text);
  } catch (const InvalidRequestError&) {
    throw_damaged(name, key, value);
  }
}

std::string key_of(const std::string& name) {
  return std::string(schema::kSavedSearchPrefix) + name;
}

nlohmann::json to_json(const SavedSearch& saved) {
  nlohmann::json json = nlohmann::json::object();
  json["query"] = saved.request.query;
  for (const SearchParameter& row : search_parameters()) {
    if (!row.saved) continue;
    const std::vector<std::string> values = row.get(saved.request);
    if (row.type == ParameterType::kTextList) {
      json[std::string(row.name)] = values;
    } else {
      json[std::string(row.name)] = values.empty() ? std::string() : values.front();
    }
  }
  json["saved"] = saved.saved;
  json["seen"] = saved.seen;
  return json;
}

// The saved search stored under `name`; a parameter the JSON lacks keeps its
// default (a search saved by an older paperdex).
SavedSearch from_json(const std::string& name, const std::string& text) {
  SavedSearch saved;
  saved.name = name;
  const nlohmann::json json = nlohmann::json::parse(text, nullptr, false);
  if (!json.is_object()) {
    throw IoError("the saved search " + quote_input(name) +
                  " of the index is damaged (not a JSON object); delete it and save it again");
  }
  try {
    saved.request.query = json.value("query", "");
    for (const SearchParameter& row : search_parameters()) {
      if (!row.saved) continue;
      if (const auto it = json.find(std::string(row.name)); it != json.end()) {
        read_stored(name, row, row.name, *it, false, saved.request);
      }
    }
    for (const OlderKey& older : kOlderKeys) {
      const auto it = json.find(std::string(older.key));
      if (it == json.end() || json.contains(std::string(older.parameter))) continue;
      read_stored(name, *find_search_parameter(older.parameter), older.key, *it, older.inverted,
                  saved.request);
    }
    saved.saved = json.value("saved", "");
    saved.seen = json.value("seen", "");
  } catch (const nlohmann::json::exception& error) {
    throw IoError("the saved search " + quote_input(name) + " of the index is damaged (" +
                  error.what() + "); delete it and save it again");
  }
  return saved;
}

bool valid_name_byte(char c, bool first) {
  const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  return alnum || (!first && (c == '.' || c == '_' || c == '-'));
}

}  // namespace

std::optional<std::string> stored_name_problem(std::string_view kind, const std::string& name) {
  bool valid = !name.empty() && name.size() <= kMaxNameBytes;
  for (std::size_t i = 0; valid && i < name.size(); ++i) valid = valid_name_byte(name[i], i == 0);
  if (valid) return std::nullopt;
  return std::string(kind) +
         "'s name is letters, digits, '.', '_' and '-', the first a letter or a digit, up to " +
         std::to_string(kMaxNameBytes) + " bytes (such as 'graphs-2024'), not " + quote_input(name);
}

void check_saved_search_name(const std::string& name) {
  if (const auto problem = stored_name_problem("a saved search", name)) {
    throw SavedSearchError(*problem, name);
  }
}

std::optional<SavedSearch> find_saved_search(const Xapian::Database& db, const std::string& name) {
  const std::string text = db.get_metadata(key_of(name));
  if (text.empty()) return std::nullopt;
  return from_json(name, text);
}

std::vector<std::pair<std::string, std::string>> stored_under(const Xapian::Database& db,
                                                              std::string_view prefix) {
  std::vector<std::pair<std::string, std::string>> stored;
  const std::string start(prefix);
  for (auto it = db.metadata_keys_begin(start); it != db.metadata_keys_end(start); ++it) {
    const std::string key = *it;
    stored.emplace_back(key.substr(prefix.size()), db.get_metadata(key));
  }
  return stored;
}

std::string nothing_named(const Xapian::Database& db, std::string_view prefix,
                          std::string_view kind, const std::string& name,
                          std::string_view make_one) {
  std::string known;  // the names alone: no stored value is read
  const std::string keys(prefix);
  for (auto it = db.metadata_keys_begin(keys); it != db.metadata_keys_end(keys); ++it) {
    known += (known.empty() ? "" : ", ") + (*it).substr(keys.size());
  }
  return "the index has no " + std::string(kind) + " " + quote_input(name) + "; " +
         (known.empty() ? "it has none: " + std::string(make_one) : "it has " + known);
}

std::vector<SavedSearch> list_saved_searches(const Xapian::Database& db) {
  std::vector<SavedSearch> all;
  for (const auto& [name, text] : stored_under(db, schema::kSavedSearchPrefix)) {
    all.push_back(from_json(name, text));
  }
  return all;
}

SavedSearch require_saved_search(const Xapian::Database& db, const std::string& name) {
  check_saved_search_name(name);
  if (std::optional<SavedSearch> saved = find_saved_search(db, name)) return std::move(*saved);
  throw SavedSearchError(
      nothing_named(db, schema::kSavedSearchPrefix, "saved search", name, "save one first"), name);
}

void store_saved_search(Xapian::WritableDatabase& db, const SavedSearch& saved) {
  db.set_metadata(key_of(saved.name), to_json(saved).dump());
}

void remove_saved_search(Xapian::WritableDatabase& db, const std::string& name) {
  db.set_metadata(key_of(name), "");
}

SearchRequest saved_request(const SavedSearch& saved, SearchRequest page) {
  copy_kept(saved.request, page);
  page.new_since = saved.seen;
  return page;
}

SearchRequest kept_part(const SearchRequest& request) {
  SearchRequest kept;
  copy_kept(request, kept);
  return kept;
}

Xapian::WritableDatabase open_for_user_metadata(const std::string& path, std::string_view kept) {
  Xapian::WritableDatabase db = open_writable(path, false);
  if (schema::stored_schema_version(db) != schema::kSchemaVersion) {
    throw SchemaVersionError("the index at " + path + " is not a paperdex index of this version; " +
                             std::string(kept) + " need one");
  }
  return db;
}

void commit_after(Xapian::WritableDatabase& db, const std::string& time) {
  db.commit();
  while (index_time_now() <= time) std::this_thread::yield();
}

}  // namespace paperdex::detail
