// What the unit tests of the query syntax share.
#pragma once

#include "paperdex/common/analyzer.h"
#include "query/query_translation.h"

namespace paperdex::test {

// A parser translating plain words to the title and abstract alone, without
// their author alternatives: for tests about the syntax, whose expected
// queries would otherwise all carry the author terms.
inline const detail::QueryParser& syntax_parser() {
  static const Analyzer analyzer;
  static const detail::QueryParser instance(
      analyzer, detail::QueryParserOptions{.plain_words_search_authors = false});
  return instance;
}

}  // namespace paperdex::test
