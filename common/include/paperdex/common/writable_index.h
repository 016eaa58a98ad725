// Opening an index for writing, as both writers do it: the one place that
// says a database is locked, read-only or a sharded stub, and the one way an
// empty paperdex index is made.
#pragma once

#include <string>

#include <xapian.h>

namespace paperdex {

// Opens (creating if missing) the glass database at `path` for writing.
// Throws DatabaseLockedError when another writer holds it (unless
// `wait_for_lock`, which waits), IoError when it cannot be written (read-only
// file system, a sharded stub, no permission), with what to do about it.
Xapian::WritableDatabase open_writable(const std::string& path, bool wait_for_lock);

// Creates a new database at `path` holding no paper but the schema metadata,
// committed: what a searcher opens as an empty paperdex index.
void create_empty_index(const std::string& path);

}  // namespace paperdex
