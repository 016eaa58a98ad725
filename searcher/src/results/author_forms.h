// Forms of one author's name that the index can tell apart only by a middle
// name or initial: "Geoffrey E. Hinton" and "Geoffrey Hinton". The author
// facet counts them as one author and the author filter (--author, the
// facet's drill-down) finds every form, so the count a facet shows is the
// count its filter gives. Results stage: reads names as the index keys them
// (schema::folded_words), knows nothing of ranking.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <xapian.h>

namespace paperdex::detail {

// Whether two folded names ("geoffrey e hinton", "geoffrey hinton") may be
// one author's: the same first and last word, and middle words that agree
// where both have them (an initial agrees with a word it begins). Names of
// one word are one author's only when equal.
bool compatible_forms(std::string_view a, std::string_view b);

// Groups of folded names that are one author's forms: names that agree
// (compatible_forms) and, for a name without middle words, only when every
// form with middle words it could be agrees with every other ("geoffrey
// hinton" with "geoffrey e hinton", but not when "geoffrey f hinton" is
// there too: it could be either). Each name is in exactly one group, in the
// order of `names` (first names first); a name with no other form is alone.
std::vector<std::vector<std::string>> group_author_forms(const std::vector<std::string>& names);

// The exact-name terms (`prefix` + folded name) that `db` holds for the
// author whose folded name is `name`: `name`'s own term when held, and the
// forms group_author_forms puts with it. Reads the terms beginning with the
// name's first word, at most `most` of them (a bound on a very common first
// name: past it only the name's own term).
std::vector<std::string> author_form_terms(const Xapian::Database& db, std::string_view prefix,
                                           std::string_view name, std::size_t most = 20000);

}  // namespace paperdex::detail
