// Exact totals and subject and year facets over every match of a query, the
// part of a search that grows with the index: the ranked page can skip what
// cannot reach it, the counts cannot. So the counts are taken in parts of the
// index, on two cores at once: the document-number halves of one database, or
// the shards of a sharded one, each part through a database handle of its own
// (Xapian objects are not shared between threads) and merged exactly. A
// search starts the count on a worker thread, matches its page meanwhile,
// then counts whatever part the worker has not taken yet.
//
// Every handle shows the revision the searcher's own database shows (sync);
// remote shards and very small indexes are counted in one part on the
// calling thread, with the searcher's own database.
#pragma once

#include <chrono>
#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <xapian.h>

#include "facet_table.h"

namespace paperdex::detail {

struct MatchCounts {
  Xapian::doccount matches = 0;
  bool exact = true;                         // false when a part ran out of time
  SubjectRowCounts subjects;                 // by facet row (SubjectRows)
  std::map<std::string, std::size_t> years;  // by the year slot's value
};

class MatchCounter {
 public:
  using Deadline = std::optional<std::chrono::steady_clock::time_point>;

  // Counts `db`'s matches, `db` having been opened from `path`; `parts` is
  // how many document-number ranges one database is counted in (0: as many
  // as there are cores, one where the index is remote, sharded over
  // non-local shards, or too small for a second thread to pay). Call sync()
  // before the first count.
  MatchCounter(const std::string& path, const Xapian::Database& db, std::size_t parts = 0);
  ~MatchCounter();
  MatchCounter(const MatchCounter&) = delete;
  MatchCounter& operator=(const MatchCounter&) = delete;

  // Moves every part to the revision `db` shows now (after db.reopen()), and
  // reloads the facet tables. Throws Xapian::DatabaseModifiedError when a
  // writer committed meanwhile and the revisions could not be made to agree.
  void sync(const Xapian::Database& db);

  // How many parts a count is split into.
  std::size_t part_count() const;

  // Starts counting `query` (and its facets when `facets`); the caller may
  // use `db` meanwhile, then calls finish(). Counts at most until `deadline`.
  void start(const Xapian::Query& query, bool facets, Deadline deadline);
  // Counts what is left on the calling thread, waits for the worker, and
  // returns the merged counts. Rethrows what a part threw.
  MatchCounts finish();

  // start() then finish().
  MatchCounts count(const Xapian::Query& query, bool facets, Deadline deadline) {
    start(query, facets, deadline);
    return finish();
  }

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace paperdex::detail
