// A query that names one paper as a whole: an arXiv id or a DOI, in the forms
// people paste them. Internal to the searcher library (not installed).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "paperdex/common/schema.h"

namespace paperdex::detail {

struct PaperReference {
  const schema::Field* field = nullptr;  // the id or the doi field
  std::string value;                     // the canonical arXiv id; the DOI as doi: reads it
};

// The paper `query` names when the whole query (trimmed) is one arXiv id
// (canonical_arxiv_id: any style, version, "arXiv:" or arxiv.org link) or
// one DOI ("10.1063/1.2779138", "doi:10...", "https://doi.org/10...",
// "dx.doi.org/10..."); nullopt for any other query. Within a longer query
// such words are words: only the whole query says which paper is meant.
std::optional<PaperReference> paper_reference(std::string_view query);

// Why a query naming a paper this index lacks was searched as words.
std::string missing_paper_note(const PaperReference& reference);

}  // namespace paperdex::detail
