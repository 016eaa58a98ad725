// "More like this": papers similar to one paper of the index (--like), or to
// a tag's papers (--recommend), by relevance feedback from their titles and
// abstracts (Xapian's expansion set over the papers' own stems), and for a
// tag their authors and categories.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <xapian.h>

#include "paper.h"

namespace paperdex::detail {

struct RelatedQuery {
  // The papers' most distinctive terms, OR-ed and weighted by
  // distinctiveness, the papers themselves excluded.
  Xapian::Query query;
  // The stems, for the highlighter.
  std::vector<std::string> stems;
};

// Papers like one paper: its title and abstract words. Throws
// PaperNotFoundError when `id` names no paper of the index.
RelatedQuery related_query(const Xapian::Database& db, std::string_view id,
                           Xapian::termcount max_terms = 25);

// The terms a recommendation for a set of papers searches (a tag's): more
// papers say more, and their authors and categories say it too.
inline constexpr Xapian::termcount kRecommendationTerms = 70;
// The k of the offer weight's term frequency (Xapian's TradEWeight).
inline constexpr double kRecommendationSaturation = 2.0;

// Papers like all of `papers` (a tag's): the words, authors and categories
// that set them apart from the index.
RelatedQuery recommendation_query(const Xapian::Database& db, const std::vector<FoundPaper>& papers,
                                  Xapian::termcount max_terms = kRecommendationTerms);

}  // namespace paperdex::detail
