// Ranking a search's page (matcher.h): by Xapian over every match, or from
// the candidates the parts' weighed walks kept (page_candidates.h), in the
// walks' own order where that is certainly Xapian's, else by Xapian among the
// candidates alone.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <xapian.h>

#include "match/matcher.h"
#include "match/page_candidates.h"

namespace paperdex::detail {

// The page: hits first..first+count-1, and Xapian's bounds on the matches.
struct RankedPage {
  std::vector<PageHit> hits;
  Xapian::doccount estimated = 0;
  bool exact = true;
  PageSource source = PageSource::kXapian;
};

// The page ranked by Xapian over every match of `db`; with
// `records_with_page`, each hit brings its stored record (PageHit::record)
// as its collapse key.
RankedPage rank_page(const Xapian::Database& db, const PassRequest& request,
                     bool records_with_page = false);

// The walked page from every part's `candidates` (their document numbers
// `whole`'s), over `whole`'s statistics. Nullopt when Xapian's weights are
// not the walks'. `shard_uuids`: a sharded index's shards, in order; empty
// for one database.
std::optional<RankedPage> rank_walked_page(const Xapian::Database& whole,
                                           std::vector<Candidate> candidates,
                                           const PassRequest& request,
                                           const std::vector<std::string>& shard_uuids);

}  // namespace paperdex::detail
