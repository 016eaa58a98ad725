// "More like this": papers similar to one paper of the index, by relevance
// feedback from its title and abstract (Xapian's expansion set over the
// paper's own stems).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <xapian.h>

namespace paperdex::detail {

struct RelatedQuery {
  // The paper's most distinctive title and abstract terms, OR-ed and weighted
  // by distinctiveness, the paper itself excluded.
  Xapian::Query query;
  // The stems, for the highlighter.
  std::vector<std::string> stems;
};

// Throws PaperNotFoundError when `id` names no paper of the index.
RelatedQuery related_query(const Xapian::Database& db, std::string_view id,
                           Xapian::termcount max_terms = 25);

}  // namespace paperdex::detail
