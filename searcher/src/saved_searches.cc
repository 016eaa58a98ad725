#include "saved_searches.h"

#include <algorithm>
#include <optional>
#include <span>
#include <string_view>
#include <thread>
#include <type_traits>
#include <variant>

#include <nlohmann/json.hpp>

#include "paperdex/common/index_time.h"
#include "paperdex/common/safe_text.h"
#include "paperdex/common/schema.h"
#include "paperdex/common/writable_index.h"

namespace paperdex::detail {
namespace {

constexpr std::size_t kMaxNameBytes = 64;

// The members of a SearchRequest a saved search keeps, by their JSON keys:
// what it searches, never the page or the output. Saving, reading and
// running a saved search all go by this table.
struct KeptMember {
  std::string_view key;
  std::variant<std::string SearchRequest::*, std::vector<std::string> SearchRequest::*,
               bool SearchRequest::*, MatchMode SearchRequest::*, SortOrder SearchRequest::*>
      member;
};

constexpr KeptMember kKeptMembers[] = {
    {"query", &SearchRequest::query},
    {"subjects", &SearchRequest::subjects},
    {"years", &SearchRequest::years},
    {"authors", &SearchRequest::authors},
    {"like", &SearchRequest::like},
    {"match", &SearchRequest::match},
    {"sort", &SearchRequest::sort},
    {"cross_lists", &SearchRequest::cross_lists},
    {"strict_syntax", &SearchRequest::strict_syntax},
};

// Copies the kept members from `from` to `to`.
void copy_kept(const SearchRequest& from, SearchRequest& to) {
  for (const KeptMember& kept : kKeptMembers) {
    std::visit([&](auto member) { to.*member = from.*member; }, kept.member);
  }
}

// The public names of an enum member's values (searcher.h): a saved search
// stores them, not the numbers, so that reordering an enum changes none.
template <typename Value>
std::span<const std::pair<std::string_view, Value>> names_of() {
  if constexpr (std::is_same_v<Value, SortOrder>) {
    return kSortOrderNames;
  } else {
    static_assert(std::is_same_v<Value, MatchMode>);
    return kMatchModeNames;
  }
}

template <typename Value>
std::string_view name_of(Value value) {
  for (const auto& [name, named] : names_of<Value>()) {
    if (named == value) return name;
  }
  return {};
}

// A stored value: its name, or its number as paperdex stored it before it
// stored names (read once: the next save writes the name); nullopt for
// neither.
template <typename Value>
std::optional<Value> value_of(const nlohmann::json& stored) {
  const auto names = names_of<Value>();
  if (stored.is_number_integer()) {
    const auto number = stored.get<long long>();
    if (number >= 0 && static_cast<std::size_t>(number) < names.size()) {
      return static_cast<Value>(number);
    }
  } else if (stored.is_string()) {
    for (const auto& [name, named] : names) {
      if (name == stored.get<std::string>()) return named;
    }
  }
  return std::nullopt;
}

std::string key_of(const std::string& name) {
  return std::string(schema::kSavedSearchPrefix) + name;
}

nlohmann::json to_json(const SavedSearch& saved) {
  nlohmann::json json = nlohmann::json::object();
  for (const KeptMember& kept : kKeptMembers) {
    std::visit(
        [&](auto member) {
          using Value = std::remove_cvref_t<decltype(saved.request.*member)>;
          if constexpr (std::is_enum_v<Value>) {
            json[kept.key] = name_of(saved.request.*member);
          } else {
            json[kept.key] = saved.request.*member;
          }
        },
        kept.member);
  }
  json["saved"] = saved.saved;
  json["seen"] = saved.seen;
  return json;
}

// The saved search stored under `name`; a member the JSON lacks keeps its
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
    for (const KeptMember& kept : kKeptMembers) {
      const auto it = json.find(kept.key);
      if (it == json.end()) continue;
      std::visit(
          [&](auto member) {
            using Value = std::remove_cvref_t<decltype(saved.request.*member)>;
            if constexpr (std::is_enum_v<Value>) {
              const std::optional<Value> value = value_of<Value>(*it);
              if (!value) {
                throw IoError("the saved search " + quote_input(name) +
                              " of the index is damaged (its " + std::string(kept.key) + " is " +
                              it->dump() + "); delete it and save it again");
              }
              saved.request.*member = *value;
            } else {
              saved.request.*member = it->template get<Value>();
            }
          },
          kept.member);
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

void check_saved_search_name(const std::string& name) {
  bool valid = !name.empty() && name.size() <= kMaxNameBytes;
  for (std::size_t i = 0; valid && i < name.size(); ++i) valid = valid_name_byte(name[i], i == 0);
  if (valid) return;
  throw SavedSearchError(
      "a saved search's name is letters, digits, '.', '_' and '-', the first "
      "a letter or a digit, up to " +
          std::to_string(kMaxNameBytes) + " bytes (such as 'graphs-2024'), not " +
          quote_input(name),
      name);
}

std::optional<SavedSearch> find_saved_search(const Xapian::Database& db, const std::string& name) {
  const std::string text = db.get_metadata(key_of(name));
  if (text.empty()) return std::nullopt;
  return from_json(name, text);
}

std::vector<SavedSearch> list_saved_searches(const Xapian::Database& db) {
  std::vector<SavedSearch> all;
  const std::string prefix(schema::kSavedSearchPrefix);
  for (auto it = db.metadata_keys_begin(prefix); it != db.metadata_keys_end(prefix); ++it) {
    const std::string key = *it;
    all.push_back(from_json(key.substr(prefix.size()), db.get_metadata(key)));
  }
  return all;
}

SavedSearch require_saved_search(const Xapian::Database& db, const std::string& name) {
  check_saved_search_name(name);
  if (std::optional<SavedSearch> saved = find_saved_search(db, name)) return std::move(*saved);
  std::string known;
  for (const SavedSearch& saved : list_saved_searches(db)) {
    known += (known.empty() ? "" : ", ") + saved.name;
  }
  throw SavedSearchError(
      "the index has no saved search " + quote_input(name) + "; " +
          (known.empty() ? std::string("it has none: save one first") : "it has " + known),
      name);
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

Xapian::WritableDatabase open_for_saved_searches(const std::string& path) {
  Xapian::WritableDatabase db = open_writable(path, false);
  if (schema::stored_schema_version(db) != schema::kSchemaVersion) {
    throw SchemaVersionError("the index at " + path +
                             " is not a paperdex index of this version; saved searches need one");
  }
  return db;
}

void commit_after(Xapian::WritableDatabase& db, const std::string& time) {
  db.commit();
  while (index_time_now() <= time) std::this_thread::yield();
}

}  // namespace paperdex::detail
