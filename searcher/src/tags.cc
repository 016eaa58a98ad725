#include "tags.h"

#include <algorithm>
#include <set>
#include <utility>

#include <nlohmann/json.hpp>

#include "query/paper_reference.h"
#include "saved_searches.h"

#include "paperdex/common/safe_text.h"
#include "paperdex/common/schema.h"
#include "paperdex/errors.h"

namespace paperdex::detail {
namespace {

std::string key_of(const std::string& name) { return std::string(schema::kTagPrefix) + name; }

[[noreturn]] void throw_damaged(const std::string& name, const std::string& why) {
  throw IoError("the tag " + quote_input(name) + " of the index is damaged (" + why +
                "); delete it and tag its papers again");
}

Tag from_json(const std::string& name, const std::string& text) {
  const nlohmann::json json = nlohmann::json::parse(text, nullptr, false);
  if (!json.is_object()) throw_damaged(name, "not a JSON object");
  Tag tag;
  tag.name = name;
  try {
    tag.papers = json.at("papers").get<std::vector<std::string>>();
    tag.created = json.value("created", "");
    tag.changed = json.value("changed", "");
  } catch (const nlohmann::json::exception& error) {
    throw_damaged(name, error.what());
  }
  return tag;
}

std::string to_json(const Tag& tag) {
  nlohmann::json json = nlohmann::json::object();
  json["papers"] = tag.papers;
  json["created"] = tag.created;
  json["changed"] = tag.changed;
  return json.dump();
}

}  // namespace

void check_tag_name(const std::string& name) {
  if (const auto problem = stored_name_problem("a tag", name)) throw TagError(*problem, name);
}

std::optional<Tag> find_tag(const Xapian::Database& db, const std::string& name) {
  const std::string text = db.get_metadata(key_of(name));
  if (text.empty()) return std::nullopt;
  return from_json(name, text);
}

std::vector<Tag> list_tags(const Xapian::Database& db) {
  std::vector<Tag> all;
  for (const auto& [name, text] : stored_under(db, schema::kTagPrefix)) {
    all.push_back(from_json(name, text));
  }
  return all;
}

Tag require_tag(const Xapian::Database& db, const std::string& name) {
  check_tag_name(name);
  if (std::optional<Tag> tag = find_tag(db, name)) return std::move(*tag);
  throw TagError(nothing_named(db, schema::kTagPrefix, "tag", name, "tag papers first"), name);
}

void store_tag(Xapian::WritableDatabase& db, const Tag& tag) {
  db.set_metadata(key_of(tag.name), tag.papers.empty() ? std::string() : to_json(tag));
}

std::optional<FoundPaper> paper_named(const Xapian::Database& db, std::string_view given) {
  if (std::optional<FoundPaper> found = find_paper(db, given)) return found;
  const std::optional<PaperReference> reference = paper_reference(given);
  if (reference && reference->field->name == "doi")
    return only_paper_with(
        db, schema::make_term(schema::kDoiPrefix, schema::doi_value(reference->value)));
  return std::nullopt;
}

std::string id_of(const FoundPaper& paper) {
  return paper.id_term.substr(schema::kIdPrefix.size());
}

std::vector<FoundPaper> recommend_from(const Xapian::Database& db,
                                       const std::vector<std::string>& names) {
  std::vector<Tag> tags;
  for (const std::string& name : names) tags.push_back(require_tag(db, name));
  std::vector<FoundPaper> papers;
  std::set<Xapian::docid> seen;
  // Newest first across the tags: a tag's list is in the order it grew.
  std::size_t longest = 0;
  for (const Tag& tag : tags) longest = std::max(longest, tag.papers.size());
  for (std::size_t back = 0; back < longest && papers.size() < kMaxRecommendFrom; ++back) {
    for (const Tag& tag : tags) {
      if (back >= tag.papers.size()) continue;
      const std::string& id = tag.papers[tag.papers.size() - 1 - back];
      std::optional<FoundPaper> found = find_paper(db, id);
      if (found && seen.insert(found->docid).second) papers.push_back(std::move(*found));
      if (papers.size() == kMaxRecommendFrom) break;
    }
  }
  if (papers.empty()) {
    std::string listed;
    for (const std::string& name : names) listed += (listed.empty() ? "" : ", ") + name;
    throw TagError("the tag " + quote_input(listed) +
                       " has no paper of this index to recommend from; tag papers first",
                   names.front());
  }
  return papers;
}

}  // namespace paperdex::detail
