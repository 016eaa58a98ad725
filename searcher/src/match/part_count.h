// Counting one part of a search's matches (matcher.h): the matches of one
// document-number range or one shard, with the subject and year facets, and
// for a page ranked by the walks, the part's papers that can reach it
// (page_candidates.h). Parts hold disjoint papers, so their counts add up.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <xapian.h>

#include "match/document_lengths.h"
#include "match/matcher.h"
#include "match/page_candidates.h"
#include "match/ranking.h"
#include "results/facet_table.h"

namespace paperdex::detail {

// Documents first..last; last == 0: every document.
struct Range {
  Xapian::docid first = 0;
  Xapian::docid last = 0;
};

// What one part's count found.
struct CountedPart {
  Xapian::doccount matches = 0;
  bool exact = true;
  // A walked page's: the part's papers that can reach it (its own docids).
  std::vector<Candidate> candidates;
  bool candidates_usable = true;
  SubjectRowCounts subjects;
  std::map<std::string, std::size_t> years;
  // PassRequest::termfreqs_of's frequencies, when Xapian counted the part.
  std::map<std::string, Xapian::doccount> termfreqs;
};

// Counts the part `range` of `db` (a shard: every document), by walking
// posting lists where the query allows it. With `weighing` (the statistics
// of a page the walks rank) and the part's `lengths`, a weighed walk also
// gathers the page's candidates; where the query cannot be walked so, the
// part's candidates are not usable and Xapian ranks the page. `facets`: the
// part's facet table, if it has one.
CountedPart count_part(const Xapian::Database& db, const std::shared_ptr<const FacetTable>& facets,
                       const PassRequest& request, Range range, const WeighingStats* weighing,
                       const DocumentLengths* lengths);

// Adds a part's counts to `into`.
void add_part(PassResult& into, const CountedPart& part);

}  // namespace paperdex::detail
