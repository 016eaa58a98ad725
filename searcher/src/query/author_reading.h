// A plain query that is an author's name as people type it: "G. Hinton",
// "Hinton, G.", "Hinton G", arXiv's "Hinton_G", "Geoffrey Hinton",
// "Hinton, Geoffrey". Such a query is read as the author: query it would be
// besides its words, when the index has that author (the query parser's
// business: query_translation.cc), so the author's papers come first and
// the papers with the words after them. Private to the query parser.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <xapian.h>

#include "paperdex/common/analyzer.h"
#include "query/query_translation.h"

namespace paperdex::detail {

// The author: query `query` (plain words) is as an author's name, or nullopt
// when it cannot be a name: a name is one to four words of letters (dots,
// hyphens, apostrophes and one comma between), with
//   - initials and one surname, in either order: author:"G. Hinton" for
//     "G. Hinton", "Hinton, G.", "Hinton G", "G.E. Hinton", "Hinton_G" (the
//     surname+initials keys, author_names.h);
//   - or two or more given names and a surname, in either order, not all
//     of them function words ("of the"): their words within one author's
//     name, a middle name or initial between, author:"Geoffrey Hinton"~2
//     for "Geoffrey Hinton", "Hinton, Geoffrey".
// Whether the index has such an author is name_evidence()'s to say.
std::optional<std::string> author_reading(const Analyzer& analyzer, std::string_view query);

// What the index says of an author reading's papers (its author: query
// translated): none has them, some have (kFound), or it cannot tell yet
// (kUnknown: a remote index's frequencies come after a first reading).
enum class NameEvidence { kNone, kUnknown, kFound };
NameEvidence name_evidence(const Xapian::Query& papers, const TermSource& terms);

// The note of a query read as an author's name (`reading`, author_reading's).
std::string author_reading_note(std::string_view query, std::string_view reading);

}  // namespace paperdex::detail
