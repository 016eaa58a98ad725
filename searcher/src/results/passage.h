// Hit::passage: the passage of a paper's full text (Record::body) that best
// matches the query, cut and highlighted by the snippets' Highlighter, with
// the page and section it is in, read from the body's facts
// (Record::fulltext: "page_offsets", "sections" with their "offset").
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <xapian.h>

#include "paperdex/searcher.h"
#include "results/highlighter.h"

namespace paperdex::detail {

// Which of `docids` (a page's hits) have one of the body terms
// (schema::kBodyPrefix) of `query` outside what it excludes: those alone
// matched in their bodies, and only their bodies are worth reading. Reading a paper's body
// slot costs even when it has none: Xapian reads the value chunk holding the
// body of the paper before it, a whole compressed body, for every hit after
// the first paper with one. The body terms' posting lists are as short as
// the papers with bodies are few. In the order of `docids`.
std::vector<bool> matched_in_body(const Xapian::Database& db, const Xapian::Query& query,
                                  const std::vector<Xapian::docid>& docids);

// Where a byte of a body is: its page (1-based; 0 without page offsets) and
// the title of its section ("" before the first, or without sections), as
// `facts` (Record::fulltext's JSON) say; nothing when `facts` is no such JSON.
struct BodyPlace {
  int page = 0;
  std::string section;
};
BodyPlace place_in_body(std::string_view facts, std::size_t offset);

// The passage of `body` around its best match, about `target_bytes` long,
// its line and page breaks read as spaces, with the page and section where
// its matches begin; empty (no text) when the body matches nothing.
Passage body_passage(const Highlighter& highlighter, std::string_view body, std::string_view facts,
                     std::size_t target_bytes);

}  // namespace paperdex::detail
