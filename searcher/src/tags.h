// Tags (Searcher::add_to_tag and the rest, searcher.h): each is a JSON object
// in the index's metadata under schema::kTagPrefix and its name, as saved
// searches are (saved_searches.h), and written under the same write lock.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <xapian.h>

#include "paper.h"
#include "paperdex/searcher.h"

namespace paperdex::detail {

// Throws TagError unless `name` is a valid name (Tag::name).
void check_tag_name(const std::string& name);

// The tag `name` of `db`, or nullopt.
std::optional<Tag> find_tag(const Xapian::Database& db, const std::string& name);

// The tag `name` of `db`; throws TagError naming the tags there are when
// there is none.
Tag require_tag(const Xapian::Database& db, const std::string& name);

// Every tag of `db`, by name.
std::vector<Tag> list_tags(const Xapian::Database& db);

// Stores `tag` in `db`, or removes it when it has no paper (the caller commits).
void store_tag(Xapian::WritableDatabase& db, const Tag& tag);

// The paper of `db` that `given` names as one paper: an id in any form
// find_paper takes, or a DOI only one paper has; nullopt for none.
std::optional<FoundPaper> paper_named(const Xapian::Database& db, std::string_view given);

// The id a found paper has in the index (its id term without the prefix).
std::string id_of(const FoundPaper& paper);

// The papers of the tags `names` that the index still has, most recently
// added first, at most kMaxRecommendFrom, each once. Throws TagError for a
// tag there is not, and for tags with no paper of the index.
std::vector<FoundPaper> recommend_from(const Xapian::Database& db,
                                       const std::vector<std::string>& names);

}  // namespace paperdex::detail
