// results/author_forms: which folded names the author facet counts as one
// author and the author filter finds together.
#include "results/author_forms.h"

#include <catch2/catch.hpp>

using paperdex::detail::compatible_forms;
using paperdex::detail::group_author_forms;
using Groups = std::vector<std::vector<std::string>>;

TEST_CASE("author_forms: a middle initial or name present or not is one name", "[authors]") {
  CHECK(compatible_forms("geoffrey e hinton", "geoffrey hinton"));
  CHECK(compatible_forms("geoffrey hinton", "geoffrey everest hinton"));
  CHECK(compatible_forms("geoffrey e hinton", "geoffrey everest hinton"));
  CHECK_FALSE(compatible_forms("geoffrey e hinton", "geoffrey f hinton"));
  CHECK_FALSE(compatible_forms("geoffrey hinton", "thomas hinton"));
  CHECK_FALSE(compatible_forms("geoffrey hinton", "geoffrey hinto"));
  // The first name is never guessed from an initial: G. Hinton may be anyone.
  CHECK_FALSE(compatible_forms("g hinton", "geoffrey hinton"));
  CHECK_FALSE(compatible_forms("a b c d", "a b x d"));
  CHECK(compatible_forms("hinton", "hinton"));
  CHECK_FALSE(compatible_forms("hinton", "geoffrey hinton"));
}

TEST_CASE("author_forms: forms join only when the index can tell whose they are", "[authors]") {
  CHECK(group_author_forms({"geoffrey e hinton", "geoffrey hinton", "thomas g hinton"}) ==
        Groups{{"geoffrey e hinton", "geoffrey hinton"}, {"thomas g hinton"}});
  // Two middle initials: the bare form could be either, and so stays alone,
  // as do the two.
  CHECK(group_author_forms({"geoffrey e hinton", "geoffrey f hinton", "geoffrey hinton"}) ==
        Groups{{"geoffrey e hinton"}, {"geoffrey f hinton"}, {"geoffrey hinton"}});
  CHECK(group_author_forms({"geoffrey e hinton", "geoffrey everest hinton", "geoffrey hinton"}) ==
        Groups{{"geoffrey e hinton", "geoffrey everest hinton", "geoffrey hinton"}});
  CHECK(group_author_forms({"hinton", "geoffrey hinton"}) ==
        Groups{{"hinton"}, {"geoffrey hinton"}});
  CHECK(group_author_forms({}).empty());
}
