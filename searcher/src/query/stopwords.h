// English function words: what a long, natural-language query carries besides
// its subject ("the", "of", "which", "would"). Private to the query parser.
#pragma once

#include <string_view>

namespace paperdex::detail {

// True for a folded, unstemmed word of the list ("the", not "The").
bool is_stopword(std::string_view word);

}  // namespace paperdex::detail
