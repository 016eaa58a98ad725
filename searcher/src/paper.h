// The stored record as the library hands it out: finding a paper by any form
// of its id, and turning the stored Record into the public Paper value.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <xapian.h>

#include "paperdex/common/record.h"
#include "paperdex/searcher.h"

namespace paperdex::detail {

// A paper found by one of its ids: its document and the id term that found
// it (what a query excludes the paper by).
struct FoundPaper {
  Xapian::docid docid = 0;
  std::string id_term;
};

// The paper with this id: the id as given, canonical, or an old-style id
// written with its subject class ("math.FA/0101001" is math/0101001).
// nullopt when no paper has it.
std::optional<FoundPaper> find_paper(const Xapian::Database& db, std::string_view id);

// The one paper of `db` with the index term `term`; nullopt when none has it
// or several do (a DOI or a title two papers share names neither).
std::optional<FoundPaper> only_paper_with(const Xapian::Database& db, const std::string& term);

// find_paper, or PaperNotFoundError naming `id`.
FoundPaper require_paper(const Xapian::Database& db, std::string_view id);

// The public value of a stored record: category names from the taxonomy,
// arXiv links for arXiv ids.
Paper paper_from_record(Record record);

// Paper::fulltext of the facts the indexer kept (Record::fulltext's JSON,
// schema.h kFullTextSlot): empty for "" or what is no such JSON.
FullTextFacts fulltext_facts(std::string_view json);

}  // namespace paperdex::detail
