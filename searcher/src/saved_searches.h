// Saved searches (Searcher::save_search and the rest, searcher.h): each is a
// JSON object in the index's metadata under schema::kSavedSearchPrefix and
// its name, so it travels with the index. Reading needs only the reader;
// every write takes the index's write lock (open_writable), the lock writers
// hold for their whole run, so a write never meets a writer halfway: a saved
// search's "seen" time is earlier than every paper a later writer stamps.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <xapian.h>

#include "paperdex/searcher.h"

namespace paperdex::detail {

// What is wrong with `name` as the name of what the index keeps under names
// (saved searches, tags: `kind` is "a saved search", "a tag"), or nullopt.
std::optional<std::string> stored_name_problem(std::string_view kind, const std::string& name);

// What the index keeps under `prefix` and a name (saved searches, tags):
// each name and its stored text, by name.
std::vector<std::pair<std::string, std::string>> stored_under(const Xapian::Database& db,
                                                              std::string_view prefix);

// Why `name` names nothing of `kind` ("saved search", "tag") under `prefix`:
// the names there are, else how to make one (`make_one`).
std::string nothing_named(const Xapian::Database& db, std::string_view prefix,
                          std::string_view kind, const std::string& name,
                          std::string_view make_one);

// Throws SavedSearchError unless `name` is a valid name (SavedSearch::name).
void check_saved_search_name(const std::string& name);

// The saved search `name` of `db`, or nullopt.
std::optional<SavedSearch> find_saved_search(const Xapian::Database& db, const std::string& name);

// The saved search `name` of `db`; throws SavedSearchError naming the saved
// searches there are when there is none.
SavedSearch require_saved_search(const Xapian::Database& db, const std::string& name);

// Every saved search of `db`, by name (new_papers not counted).
std::vector<SavedSearch> list_saved_searches(const Xapian::Database& db);

// Stores `saved` in `db` (the caller commits).
void store_saved_search(Xapian::WritableDatabase& db, const SavedSearch& saved);

// Removes the saved search `name` from `db` (the caller commits).
void remove_saved_search(Xapian::WritableDatabase& db, const std::string& name);

// `page` with the query and filters of `saved` (the members a saved search
// keeps), and hits marked with what is new since it was seen.
SearchRequest saved_request(const SavedSearch& saved, SearchRequest page);

// The query and filters of `request` alone: what a saved search keeps.
SearchRequest kept_part(const SearchRequest& request);

// Opens the index at `path` for a write of what a user keeps there (`kept`:
// "saved searches", "tags"), under its write lock (fails at once when a
// writer holds it), or says why it cannot be written.
Xapian::WritableDatabase open_for_user_metadata(const std::string& path, std::string_view kept);

// Commits `db`, then returns once the clock has passed `time`: a writer
// that takes the lock after this stamps its papers later than `time`.
void commit_after(Xapian::WritableDatabase& db, const std::string& time);

}  // namespace paperdex::detail
