// English function words: what a long, natural-language query carries besides
// its subject ("the", "of", "which", "would"). The query parser leaves them
// out of long queries; a paper's body (the full text) is indexed without
// them, their positions kept (DocumentBuilder), so the list is part of the
// index's format: changing it means indexing the bodies again.
#pragma once

#include <string_view>

namespace paperdex {

// True for a folded, unstemmed word of the list ("the", not "The").
bool is_stopword(std::string_view word);

}  // namespace paperdex
