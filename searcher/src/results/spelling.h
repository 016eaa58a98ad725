// "Did you mean": corrections of a query's words from the index's spelling
// table (the words of titles and abstracts, kept by the indexer).
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <xapian.h>

#include "paperdex/common/analyzer.h"
#include "query/query_translation.h"

namespace paperdex::detail {

// Where an index's spelling words are: the shards whose spelling tables hold
// any (a sharded build puts them all in shard-0, docs/deployment.md). Xapian
// 1.4 reads every shard's table, empty or not, for each look-up; the
// searcher finds these once per revision.
struct SpellingWords {
  Xapian::Database tables;  // the shards with words (or the whole index)
  bool any = false;
  // Why there are no suggestions although the index has a spelling table:
  // reading it failed (a damaged table). Suggestions are then left out, and
  // the search goes on without them; empty when the table reads.
  std::string damage;

  // `local_shards`: `db`'s shards when they are local databases, else empty
  // (one database, or remote shards: every table is read).
  static SpellingWords of(const Xapian::Database& db,
                          const std::vector<Xapian::Database>& local_shards);
};

// The query with its misspelled words replaced in place, or "" when there is
// nothing to correct. A word is corrected when it is not in the index at all,
// or, when the query matched fewer than a handful of papers, when a close
// spelling is far more common. `matches` is the number of papers matching
// every word; `spellings` are `db`'s. A spelling table that fails to read
// gives no suggestion and sets `spellings.damage`. Past `deadline` the words
// left are not looked at (each costs a look-up of its neighbours).
std::string spelling_suggestion(
    const Xapian::Database& db, SpellingWords& spellings, const Analyzer& analyzer,
    std::string_view query, const std::vector<QueryWord>& words, std::size_t matches,
    const std::optional<std::chrono::steady_clock::time_point>& deadline = std::nullopt);

// The SearchResult note for an author filter `name` that is no author's whole
// name (no exact-name term in the index): how it matched instead (`matched`:
// the filter, which also takes the name's words as `author:` does) and the
// nearest whole names, with their papers:
//   author 'grassl': no author has exactly this name; 12 papers have an
//   author whose name contains it; nearest names: Markus Grassl (12), ...
//   author 'grasl': no author has this name or a name containing it;
//   nearest names: Markus Grassl (12)
// ("; nearest names: ..." becomes "; no name is near it" when there is none).
std::string author_name_note(const Xapian::Database& db, const Analyzer& analyzer,
                             const std::string& name, const Xapian::Query& matched);

}  // namespace paperdex::detail
