// The wildcard expansion source of a real index (query_parser.h TermSource):
// words from the spelling table, which holds the unstemmed words of titles
// and abstracts, and terms from the term list.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <xapian.h>

#include "query_parser.h"

namespace paperdex::detail {

class IndexTermSource : public TermSource {
 public:
  // `db` must outlive this object.
  explicit IndexTermSource(const Xapian::Database& db) : db_(db) {}

  // An index without spelling data (built before paperdex kept it) offers
  // the title and abstract stems instead: coarser, but a wildcard still works.
  std::vector<std::string> words_starting(std::string_view prefix,
                                          std::size_t limit) const override;
  std::vector<std::string> terms_starting(std::string_view prefix,
                                          std::size_t limit) const override;

 private:
  const Xapian::Database& db_;
};

}  // namespace paperdex::detail
