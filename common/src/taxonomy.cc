#include "paperdex/common/taxonomy.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <set>
#include <stdexcept>
#include <unordered_map>

#include "paperdex/common/utf8.h"

namespace paperdex::taxonomy {
namespace detail {
// Generated from common/data/arxiv_categories.csv at build time.
std::string_view categories_csv();
}  // namespace detail

namespace {

constexpr std::string_view kGroupPrefix = "grp_";

// Groups the table holds for arXiv's own plumbing, not for readers.
bool is_internal_group(std::string_view group) { return group == "grp_test" || group == "grp_bad"; }

// RFC 4180 fields: quoted fields may hold commas, newlines and "" for a quote.
std::vector<std::vector<std::string>> parse_csv(std::string_view text) {
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> row;
  std::string field;
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field.push_back('"');
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field.push_back(c);
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      row.push_back(std::move(field));
      field.clear();
    } else if (c == '\n' || c == '\r') {
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      row.push_back(std::move(field));
      field.clear();
      rows.push_back(std::move(row));
      row.clear();
    } else {
      field.push_back(c);
    }
  }
  if (!field.empty() || !row.empty()) {
    row.push_back(std::move(field));
    rows.push_back(std::move(row));
  }
  return rows;
}

struct Table {
  std::vector<Category> categories;
  std::map<std::string, std::size_t> by_id;        // lower-cased id -> index
  std::map<std::string, std::size_t> by_alt_name;  // lower-cased alt name -> index
  std::map<std::string, std::string> archive_names;
  std::map<std::string, std::string> group_names;            // "grp_cs" -> "Computer Science"
  std::map<std::string, std::set<std::string>> archives_of;  // "grp_cs" -> {"cmp-lg", "cs"}

  Table() {
    const auto rows = parse_csv(detail::categories_csv());
    if (rows.empty()) throw std::logic_error("the embedded arXiv taxonomy is empty");
    const std::vector<std::string>& header = rows.front();
    const auto column = [&](std::string_view name) {
      const auto it = std::find(header.begin(), header.end(), name);
      if (it == header.end()) {
        throw std::logic_error("the embedded arXiv taxonomy has no column " + std::string(name));
      }
      return static_cast<std::size_t>(it - header.begin());
    };
    const std::size_t id = column("category"), name = column("name"), archive = column("archive"),
                      archive_name = column("archive_name"), group = column("group"),
                      group_name = column("group_name"), active = column("is_active"),
                      alt_name = column("alt_name"), canonical = column("canonical_alias_of"),
                      description = column("description");
    for (std::size_t r = 1; r < rows.size(); ++r) {
      const std::vector<std::string>& row = rows[r];
      if (row.size() < header.size() || row[id].empty()) continue;
      Category category{row[id],        row[name],       row[archive],          row[archive_name],
                        row[group],     row[group_name], row[active] == "True", row[alt_name],
                        row[canonical], row[description]};
      by_id.emplace(ascii_lower(category.id), categories.size());
      if (!category.alt_name.empty()) {
        // An active row wins: it is the name's current meaning.
        const auto [it, inserted] =
            by_alt_name.emplace(ascii_lower(category.alt_name), categories.size());
        if (!inserted && category.active) it->second = categories.size();
      }
      if (!is_internal_group(category.group)) {
        archive_names.emplace(ascii_lower(category.archive), category.archive_name);
        group_names.emplace(category.group, category.group_name);
        archives_of[category.group].insert(ascii_lower(category.archive));
      }
      categories.push_back(std::move(category));
    }
  }

  const Category* find(std::string_view id) const {
    const std::string key = ascii_lower(id);
    if (auto it = by_id.find(key); it != by_id.end()) return &categories[it->second];
    if (auto it = by_alt_name.find(key); it != by_alt_name.end()) return &categories[it->second];
    return nullptr;
  }

  // Lower-cased ids arXiv lists under category `id` besides itself.
  std::set<std::string> aliases_under(std::string_view id) const {
    std::set<std::string> result;
    const std::string key = ascii_lower(id);
    const Category* self = find(id);
    const bool self_active = self == nullptr || self->active;
    const auto consider = [&](const std::string& other, bool other_active) {
      const std::string other_key = ascii_lower(other);
      // A legacy category sits under its successor, never above it.
      if (other_key.empty() || other_key == key || (!self_active && other_active)) return;
      result.insert(other_key);
    };
    if (self != nullptr && ascii_lower(self->id) != key) consider(self->id, self->active);
    for (const Category& category : categories) {
      if (ascii_lower(category.id) == key) {
        if (!category.alt_name.empty()) {
          const Category* alt = find(category.alt_name);
          consider(category.alt_name, alt == nullptr || alt->active);
        }
        if (!category.canonical_alias_of.empty()) consider(category.canonical_alias_of, true);
      } else if (ascii_lower(category.alt_name) == key ||
                 ascii_lower(category.canonical_alias_of) == key) {
        consider(category.id, category.active);
      }
    }
    return result;
  }
};

const Table& table() {
  static const Table instance;
  return instance;
}

// True when the XC term of `archive` already covers value `value`: the
// indexer adds the archive of every dotted category.
bool covered_by(std::string_view value, const std::set<std::string>& archives) {
  for (const std::string& archive : archives) {
    if (value == archive) return true;
    if (value.size() > archive.size() && value.starts_with(archive) && value[archive.size()] == '.')
      return true;
  }
  return false;
}

// The values of a set of archives: each archive, and every alias listed
// under one of its categories that the archives do not already cover.
std::vector<std::string> archive_values(const std::set<std::string>& archives) {
  const Table& t = table();
  std::set<std::string> values(archives.begin(), archives.end());
  for (const Category& category : t.categories) {
    if (archives.count(ascii_lower(category.archive)) == 0) continue;
    for (const std::string& alias : t.aliases_under(category.id)) {
      if (!covered_by(alias, archives)) values.insert(alias);
    }
  }
  return {values.begin(), values.end()};
}

}  // namespace

const std::vector<Category>& categories() { return table().categories; }

const Category* find_category(std::string_view id) { return table().find(id); }

std::string canonical_id(std::string_view id) {
  // Found through its alt_name or not, the row names the same category.
  const Category* category = find_category(id);
  if (category == nullptr) return std::string(id);
  return category->canonical_alias_of.empty() ? category->id : category->canonical_alias_of;
}

std::string display_name(std::string_view id) {
  const Table& t = table();
  if (const std::string group = find_group(id); !group.empty()) return t.group_names.at(group);
  if (const Category* category = find_category(id)) return category->name;
  if (auto it = t.archive_names.find(ascii_lower(id)); it != t.archive_names.end())
    return it->second;
  return {};
}

std::string find_group(std::string_view name) {
  std::string key = ascii_lower(name);
  if (!key.starts_with(kGroupPrefix)) key.insert(0, kGroupPrefix);
  return table().group_names.count(key) ? key : std::string();
}

std::vector<std::string> group_names() {
  std::vector<std::string> names;
  for (const auto& [group, name] : table().group_names) {
    names.push_back(group.substr(kGroupPrefix.size()));
  }
  return names;
}

bool is_archive(std::string_view name) {
  return table().archive_names.count(ascii_lower(name)) > 0;
}

namespace {

std::vector<std::string> look_up_subject_values(std::string_view subject) {
  const Table& t = table();
  if (const std::string group = find_group(subject); !group.empty()) {
    return archive_values(t.archives_of.at(group));
  }
  const std::string key = ascii_lower(subject);
  if (is_archive(key) && t.by_id.count(key) == 0) return archive_values({key});
  const Category* category = find_category(key);
  if (category == nullptr) return {};
  // Archives that are categories too ("hep-th", "cond-mat") cover their dotted children.
  if (is_archive(key)) return archive_values({key});
  std::set<std::string> values = t.aliases_under(key);
  values.insert(key);
  return {values.begin(), values.end()};
}

// subject_values() walks the table once per alias of each name, and a count
// over remote shards asks it for every subject row of every count: the answers
// are kept. Only names the taxonomy knows are (a query's subject filter is
// any text), so the cache holds at most one answer per name of the table.
class SubjectValuesCache {
 public:
  std::vector<std::string> get(std::string_view subject) {
    std::string key = ascii_lower(subject);
    {
      std::lock_guard lock(mutex_);
      if (const auto found = known_.find(key); found != known_.end()) return found->second;
    }
    std::vector<std::string> values = look_up_subject_values(key);
    if (!values.empty()) {
      std::lock_guard lock(mutex_);
      known_.emplace(std::move(key), values);
    }
    return values;
  }

 private:
  std::mutex mutex_;
  std::unordered_map<std::string, std::vector<std::string>> known_;
};

}  // namespace

std::vector<std::string> subject_values(std::string_view subject) {
  static SubjectValuesCache cache;
  return cache.get(subject);
}

std::vector<std::string> subject_names() {
  const Table& t = table();
  std::set<std::string> names;
  for (const std::string& group : group_names()) names.insert(group);
  for (const auto& [archive, name] : t.archive_names) names.insert(archive);
  for (const Category& category : t.categories) {
    if (!is_internal_group(category.group)) names.insert(category.id);
  }
  return {names.begin(), names.end()};
}

}  // namespace paperdex::taxonomy
