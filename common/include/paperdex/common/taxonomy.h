// arXiv's subject taxonomy: categories with their human names, archives and
// groups, and the aliases arXiv treats as one category (cs.NA = math.NA).
// The table is common/data/arxiv_categories.csv, compiled into the binary at
// build time (common/embed_taxonomy.cmake): nothing is read at run time.
//
// Case: arXiv spells categories "cs.NI", the index stores them lower-cased
// (schema.h kSubjectPrefix); every lookup here ignores ASCII case.
//
// Thread-safe: the table is parsed once, on first use, and never changes.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace paperdex::taxonomy {

struct Category {
  std::string id;                  // "cs.NI"; legacy archives are categories too ("alg-geom")
  std::string name;                // "Networking and Internet Architecture"
  std::string archive;             // "cs"
  std::string archive_name;        // "Computer Science"
  std::string group;               // "grp_cs"
  std::string group_name;          // "Computer Science"
  bool active = true;              // false for legacy categories no longer accepting papers
  std::string alt_name;            // the other name of the same category ("math.NA"), or ""
  std::string canonical_alias_of;  // set when this id is the alias ("cs.NA" -> "math.NA")
  std::string description;
};

// Every category, in the table's order.
const std::vector<Category>& categories();

// The category with this id, or nullptr. An alias that has no row of its own
// finds the row naming it as alt_name.
const Category* find_category(std::string_view id);

// The canonical id of a category ("cs.NA" -> "math.NA", "cs.NI" -> "cs.NI"),
// or `id` as given when it is not in the table.
std::string canonical_id(std::string_view id);

// The human name of a category, archive or group ("cs.NI" -> "Networking and
// Internet Architecture", "astro-ph" -> "Astrophysics", "physics" ->
// "Physics"); empty when unknown.
std::string display_name(std::string_view id);

// A group by its short name ("physics") or its id ("grp_physics"): its id, or
// "" when there is none. The test and invalid groups of the table are not
// offered.
std::string find_group(std::string_view name);

// Short names of the groups users can search ("cs", "econ", ..., "stat").
std::vector<std::string> group_names();

// True when `name` is an archive ("cs", "astro-ph", "cond-mat").
bool is_archive(std::string_view name);

// What a subject filter means, as the lower-cased category and archive values
// the index holds (schema.h XC terms), sorted: empty when `subject` names
// nothing in the taxonomy.
//  - a group ("physics", "grp_physics"): every archive of the group;
//  - an archive ("cond-mat"): itself;
//  - a category ("cs.NA"): itself;
// each widened by the aliases arXiv lists under it: an active alias pair in
// both directions (cs.NA <-> math.NA), and a legacy category under its
// successor (subject:math.AG also finds alg-geom papers, not the reverse).
// A name that is both a group and an archive ("physics", "math") is the group.
std::vector<std::string> subject_values(std::string_view subject);

// Every name subject_values() knows: group short names, archives and
// category ids as arXiv spells them ("physics", "cond-mat", "cs.NI"), for
// "did you mean" hints.
std::vector<std::string> subject_names();

}  // namespace paperdex::taxonomy
