// A paper's place in the citation graph (#51), as a search shows it: how
// many papers of the index cite it, and its reference list with each entry
// resolved to a paper of the index. Reads the terms and the slot the
// indexer wrote (common's citations.h); internal to the searcher library.
#pragma once

#include <string>
#include <vector>

#include <xapian.h>

#include "paperdex/common/analyzer.h"
#include "paperdex/common/record.h"

namespace paperdex::detail {

// How many papers of `db` cite `paper`: those with one of its citing terms,
// each counted once. A few term look-ups: for one paper of a local index
// (a paper shown, each match of --sort citations).
int cited_by_count(const Xapian::Database& db, const Analyzer& analyzer, const PaperRecord& paper);

// The same for a page of hits, with the frequencies of every paper's terms
// from one statistics pass (on remote shards one exchange, not three a
// hit); a paper cited through more than one kind of term is counted apart.
std::vector<int> cited_by_counts(const Xapian::Database& db, const Analyzer& analyzer,
                                 const std::vector<const PaperRecord*>& papers);

// The references `document` stores, each resolved against `db`: by the
// arXiv id it names (in_index when `db` has that paper), else by its DOI,
// else by a title its text holds (a title key only one paper of `db` has).
std::vector<Reference> resolved_references(const Xapian::Database& db, const Analyzer& analyzer,
                                           const Xapian::Document& document);

}  // namespace paperdex::detail
