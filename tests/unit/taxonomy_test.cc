// The arXiv taxonomy compiled into the binary: lookups, names, groups,
// aliases, and what a subject filter expands to. Expectations are read off
// common/data/arxiv_categories.csv by hand.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include "paperdex/common/taxonomy.h"
#include "test_support.h"

namespace taxonomy = paperdex::taxonomy;

using Values = std::vector<std::string>;

TEST_CASE("the embedded table is the shipped CSV", "[taxonomy]") {
  // One row per category: the CSV's lines minus the header (no field of this
  // table spans lines).
  std::ifstream csv(paperdex::test::source_dir() / "common" / "data" / "arxiv_categories.csv");
  REQUIRE(csv);
  std::size_t lines = 0;
  for (std::string line; std::getline(csv, line);) ++lines;
  CHECK(taxonomy::categories().size() == lines - 1);
  CHECK(taxonomy::categories().size() == 185);
}

TEST_CASE("categories are found by id in any case, with their names", "[taxonomy]") {
  const taxonomy::Category* ni = taxonomy::find_category("cs.NI");
  REQUIRE(ni != nullptr);
  CHECK(ni->name == "Networking and Internet Architecture");
  CHECK(ni->archive == "cs");
  CHECK(ni->archive_name == "Computer Science");
  CHECK(ni->group == "grp_cs");
  CHECK(ni->group_name == "Computer Science");
  CHECK(ni->active);
  CHECK(taxonomy::find_category("CS.ni") == ni);
  CHECK(taxonomy::find_category("cs.XX") == nullptr);
  // Quoted fields with commas survive the CSV parsing.
  CHECK(taxonomy::find_category("cs.DC")->name == "Distributed, Parallel, and Cluster Computing");
  CHECK_FALSE(taxonomy::find_category("alg-geom")->active);

  CHECK(taxonomy::display_name("cs.NI") == "Networking and Internet Architecture");
  CHECK(taxonomy::display_name("hep-th") == "High Energy Physics - Theory");
  CHECK(taxonomy::display_name("cs") == "Computer Science");        // a group (and archive)
  CHECK(taxonomy::display_name("physics") == "Physics");            // the group
  CHECK(taxonomy::display_name("cond-mat") == "Condensed Matter");  // an archive
  CHECK(taxonomy::display_name("nosuch.XX").empty());
}

TEST_CASE("aliases name one category, and the canonical id is arXiv's", "[taxonomy]") {
  CHECK(taxonomy::canonical_id("cs.NA") == "math.NA");
  CHECK(taxonomy::canonical_id("math.NA") == "math.NA");
  CHECK(taxonomy::canonical_id("math.IT") == "cs.IT");
  CHECK(taxonomy::canonical_id("stat.TH") == "math.ST");
  CHECK(taxonomy::canonical_id("q-fin.EC") == "econ.GN");
  CHECK(taxonomy::canonical_id("cs.SY") == "eess.SY");
  CHECK(taxonomy::canonical_id("math.MP") == "math-ph");
  CHECK(taxonomy::canonical_id("cs.NI") == "cs.NI");
  CHECK(taxonomy::canonical_id("nosuch") == "nosuch");
}

TEST_CASE("groups by short name or id, and the test and invalid groups are hidden", "[taxonomy]") {
  CHECK(taxonomy::find_group("physics") == "grp_physics");
  CHECK(taxonomy::find_group("grp_physics") == "grp_physics");
  CHECK(taxonomy::find_group("Q-BIO") == "grp_q-bio");
  CHECK(taxonomy::find_group("test").empty());
  CHECK(taxonomy::find_group("bad").empty());
  CHECK(taxonomy::find_group("cs.NI").empty());
  CHECK(taxonomy::group_names() ==
        Values{"cs", "econ", "eess", "math", "physics", "q-bio", "q-fin", "stat"});
  CHECK(taxonomy::is_archive("astro-ph"));
  CHECK(taxonomy::is_archive("cs"));
  CHECK_FALSE(taxonomy::is_archive("cs.NI"));
  CHECK_FALSE(taxonomy::is_archive("test"));
}

TEST_CASE("what a subject filter matches", "[taxonomy]") {
  // A category with no alias: itself, lower-cased as the index holds it.
  CHECK(taxonomy::subject_values("cs.NI") == Values{"cs.ni"});
  // An alias pair, from either side.
  CHECK(taxonomy::subject_values("cs.NA") == Values{"cs.na", "math.na"});
  CHECK(taxonomy::subject_values("math.NA") == Values{"cs.na", "math.na"});
  CHECK(taxonomy::subject_values("econ.GN") == Values{"econ.gn", "q-fin.ec"});
  // A retired category counts under its successor only.
  CHECK(taxonomy::subject_values("math.AG") == Values{"alg-geom", "math.ag"});
  CHECK(taxonomy::subject_values("alg-geom") == Values{"alg-geom"});
  CHECK(taxonomy::subject_values("cond-mat.mtrl-sci") == Values{"cond-mat.mtrl-sci", "mtrl-th"});
  // An archive: itself, and retired categories that moved into it; aliases
  // inside the archive are covered by the archive's own term.
  CHECK(taxonomy::subject_values("cond-mat") == Values{"cond-mat", "mtrl-th", "supr-con"});
  CHECK(taxonomy::subject_values("astro-ph") == Values{"astro-ph"});
  CHECK(taxonomy::subject_values("nlin") ==
        Values{"adap-org", "chao-dyn", "comp-gas", "nlin", "patt-sol", "solv-int"});
  // A group: its archives, retired ones too, and aliases from outside.
  CHECK(taxonomy::subject_values("cs") == Values{"cmp-lg", "cs", "eess.sy", "math.it", "math.na"});
  CHECK(taxonomy::subject_values("stat") == Values{"math.st", "stat"});
  const Values physics = taxonomy::subject_values("physics");
  for (const char* archive : {"astro-ph", "cond-mat", "gr-qc", "hep-th", "nlin", "physics",
                              "quant-ph", "math-ph", "math.mp", "supr-con"}) {
    CHECK(std::find(physics.begin(), physics.end(), archive) != physics.end());
  }
  CHECK(std::find(physics.begin(), physics.end(), "math") == physics.end());
  CHECK(std::is_sorted(physics.begin(), physics.end()));
  CHECK(taxonomy::subject_values("grp_physics") == physics);
  // Unknown: nothing.
  CHECK(taxonomy::subject_values("cs.XX").empty());
  CHECK(taxonomy::subject_values("").empty());
}

TEST_CASE("subject names for hints hold groups, archives and categories", "[taxonomy]") {
  const Values names = taxonomy::subject_names();
  for (const char* name : {"physics", "cond-mat", "cs.NI", "math.NA", "alg-geom"}) {
    CHECK(std::find(names.begin(), names.end(), name) != names.end());
  }
  CHECK(std::find(names.begin(), names.end(), "test.soft") == names.end());
}
