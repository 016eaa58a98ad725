// The matcher passes of one search, on both cores. A search ranks a page and
// counts every match (the exact total, the subject and year facets); both
// grow with the index. Where the page cannot be walked (below), it is ranked
// by Xapian over the whole index on the calling thread (its weights need the
// whole index's statistics) while a worker thread counts, in parts: the
// document-number halves of one database, or the shards of a sharded one
// (each with its own facet table), each through a database handle of the
// thread that takes it (Xapian objects are not shared between threads); the
// caller counts the parts the worker has not taken when its page is done.
// Counts add up exactly. A part is counted by walking its posting lists where
// the query allows (posting_walk.h), else by an unweighted Xapian pass.
// Small indexes are counted in one part, after the page, with the
// searcher's own database. Remote shards are counted in one part too, by the
// worker over connections of its own, while the caller ranks the page: each
// pass waits on exchanges with every server, and the two passes' exchanges
// overlap (Xapian's spies count there: a page pass sorted by relevance
// then date, over remote shards, counts some matches twice, facet_table.h).
// A remote page's documents, an exchange each, are fetched by several
// threads at once (PageHit::document), and has_match's count of a query
// over remote shards is the search's count of it (matcher.cc).
//
// A page by relevance is ranked from those walks instead, where the query's
// weights are terms' (PostingWalk::weighable): each part's walk weighs its
// matches as it counts them and keeps the papers that can reach the page
// (page_candidates.h); without the walk, Xapian's matcher weighs every match
// on one core (~39 ns each: 50 ms for a common word at 2.7M papers). The
// walks' weights are Xapian's within kWeightTolerance (ranking.h), so the
// candidates in the walks' order (equal weights by date, as Xapian orders
// them) are Xapian's page, with weights that may differ from Xapian's in
// the last bits. Where two candidates that can reach the page are nearer
// than the tolerance without being equal (or too many are equal), Xapian
// ranks the candidates alone, over the whole index's statistics, and a page
// whose weights then disagree with the walks' is ranked again by Xapian over
// every match.
//
// Every handle shows the revision the searcher's own database shows (sync).
//
// Here: the parts on the two threads. One part's count is part_count.h's; the
// page's ranking, by Xapian or from the candidates, page_ranking.h's.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <xapian.h>

#include "database_open.h"
#include "paperdex/searcher.h"
#include "results/facet_table.h"

namespace paperdex::detail {

struct PassRequest {
  using Deadline = std::optional<std::chrono::steady_clock::time_point>;

  Xapian::Query query;
  bool weighted = true;  // false: no weights (a page of filters alone, by date)
  SortOrder sort = SortOrder::kRelevance;
  bool page = true;  // rank hits first..first+count-1
  Xapian::doccount first = 0;
  Xapian::doccount count = 10;
  // Count every match exactly (and the subject and year facets when
  // `facets`); otherwise the total is the page pass's estimate.
  bool exact_total = true;
  bool facets = true;
  Deadline deadline{};  // each count stops by then (count_every_match)
  // Terms whose frequencies in the whole index a count through Xapian
  // reports (the statistics it gathers before it matches; a walk does not).
  std::vector<std::string> termfreqs_of{};
};

struct PageHit {
  Xapian::docid docid = 0;
  double weight = 0;
  // The paper's document when the page's documents were fetched with it
  // (remote shards, Matcher::run); else none: read it by docid. It may come
  // from the worker's connection: read it, never copy it (Xapian's reference
  // counts are not atomic).
  std::optional<Xapian::Document> document;
  // The paper's stored record when the page brought it: a remote page over
  // shards built with --records-in-slot has it as the hit's collapse key
  // (schema.h kStoredRecordSlot), and the hit's document is not fetched.
  std::string record;
};

// How a page was ranked (above).
enum class PageSource {
  kXapian,      // by Xapian over every match
  kCandidates,  // by Xapian among the walks' candidates
  kWalks,       // in the walks' own order: their weights, equal ones by date
};

struct PassResult {
  std::vector<PageHit> page;
  PageSource page_source = PageSource::kXapian;
  Xapian::doccount matches = 0;
  bool exact = true;          // false: an estimate (a pass ran out of time, or not asked)
  SubjectRowCounts subjects;  // by facet row (SubjectRows)
  std::map<std::string, std::size_t> years;  // by the year slot's value
};

// A count: `enquire` matched over every paper of `db` (get_mset(0, 0, all)),
// its match spies seeing each match, until `deadline` (none: no limit).
//
// Only a count needs a time limit: Xapian's (Enquire::set_time_limit) does no
// more than stop checking matches beyond the page. And Xapian's is not used
// where paperdex can do without it: it arms a POSIX timer whose thread sets a
// flag in the matcher's stack frame, and a timer that fires as the pass ends
// writes there after the frame is gone (xapian-core 1.4.22 matchtimeout.h):
// with the budget spent, two sanitized paperdex-search runs at once died of
// the corrupt stack (SIGILL, or a use-after-free) 22 times in 720, and none
// in 600 since. A local count watches the clock itself, and stops by
// throwing out of the matcher. A count with a remote shard gives Xapian the
// time left, since its servers stop themselves by it: there the race remains.
struct Count {
  Xapian::MSet mset;          // stopped: a pass that checked no match (Xapian's estimates)
  bool stopped = false;       // the deadline stopped it: the spies saw `seen` matches
  Xapian::doccount seen = 0;  // before the stop
  Xapian::doccount matches() const;
  bool exact() const;
};
// Leaves `enquire` with no match spies.
Count count_every_match(Xapian::Enquire& enquire, const Xapian::Database& db,
                        const PassRequest::Deadline& deadline);

// How pages by relevance are ranked (above).
enum class PageRanking { kWalked, kXapian };

// Opens `db`'s databases again, as one more connection with the same layout
// (the same shards, the same ones left out), for threads of the Matcher's own.
using ConnectAgain = std::function<Xapian::Database()>;

class Matcher {
 public:
  // Matches in `db`, opened from `path` (a handle sharing `db`'s state is
  // kept for the calling thread: a reopen of `db` moves it too). `ranges`:
  // how many document-number ranges one database is counted in (0: as many
  // as there are cores; one for an index too small for a second thread to
  // pay); 1 also counts a local sharded index's shards on the calling
  // thread, after the page: no worker thread (SearcherOptions::
  // split_each_search). `page_ranking`: kXapian ranks every page by Xapian over every
  // match (the reference walked pages are tested against). `connect_again`:
  // for remote shards, the worker's and the document fetchers' own
  // connections, opened by the first run() (none given: one connection, the
  // caller's, as for a stub that runs a program per connection).
  // Call sync() before the first run.
  Matcher(const std::string& path, const Xapian::Database& db, std::size_t ranges = 0,
          PageRanking page_ranking = PageRanking::kWalked, const ConnectAgain& connect_again = {});
  ~Matcher();
  Matcher(const Matcher&) = delete;
  Matcher& operator=(const Matcher&) = delete;

  // Moves every handle to the revision `db` shows now (after db.reopen()),
  // and reloads the facet tables. Throws Xapian::DatabaseModifiedError when a
  // writer committed meanwhile and the revisions do not agree: reopen `db`
  // and sync again.
  void sync(const Xapian::Database& db);

  // How many parts a count is split into.
  std::size_t part_count() const;

  // A sharded index's shards, as the calling thread's handles to local
  // databases; empty for one database or remote shards.
  const std::vector<Xapian::Database>& local_shards() const;

  // Whether some shard is remote: each pass, each look-up is an exchange.
  bool remote() const;

  // Runs `request`'s passes. Rethrows what a pass on the worker threw.
  PassResult run(const PassRequest& request);

  // Whether `query` matches any paper: by a walk that stops at the first
  // match where the query is walkable, else by Xapian. (Xapian 1.4, asked
  // for one match of a sharded database, counts every match before it
  // answers: 1.1 ms for "model information" on the cs harvest's two shards,
  // against 8 µs on one index.) Over remote shards, from the count made
  // ahead when it is `query`'s.
  bool has_match(const Xapian::Query& query, const PassRequest::Deadline& deadline);

  // Remote shards: counts `query`'s matches whole, with the facets, in one
  // exchange with every shard that also brings `termfreqs_of`'s
  // frequencies (returned). The count is kept as the next has_match's and
  // the next count's of those matches (the search's, once).
  std::map<std::string, Xapian::doccount> count_ahead(const Xapian::Query& query,
                                                      const PassRequest::Deadline& deadline,
                                                      std::vector<std::string> termfreqs_of);
  // `query` matches the papers of the count made ahead (the caller knows:
  // the same words read again with their frequencies, which change weights
  // alone): that count is its.
  void same_matches_as_counted(const Xapian::Query& query);
  // Whether the count made ahead is `query`'s matches' (run() and
  // has_match() take it instead of counting).
  bool counts_ahead(const Xapian::Query& query) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace paperdex::detail
