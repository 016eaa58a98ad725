// Text helpers the readers share: dates, author lists, categories.
#include <catch2/catch.hpp>

#include "reader_text.h"

namespace detail = paperdex::detail;
using Names = std::vector<std::string>;

TEST_CASE("iso_date understands the date styles of every source", "[readers]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"2008-11-13", "2008-11-13"},
      {"  2016-03-09\n", "2016-03-09"},
      {"2021-04-20T16:07:14Z", "2021-04-20"},
      {"2024-05-04T00:00:00-04:00", "2024-05-04"},
      {"Mon, 2 Apr 2007 19:18:42 GMT", "2007-04-02"},
      {"Sun, 30 Mar 2008 23:26:50 GMT", "2008-03-30"},
      {"2 Apr 2007 19:18:42 GMT", "2007-04-02"},
      {"Thu, 20 OCT 2016 16:58:38 GMT", "2016-10-20"},
      {"", ""},
      {"yesterday", ""},
      {"Mon, 2 Foo 2007", ""},
      {"2008-13-01", ""},
      {"Mon, 32 Apr 2007", ""},
  };
  for (const auto& [raw, expected] : cases) {
    INFO(raw);
    CHECK(detail::iso_date(raw) == expected);
  }
  CHECK(detail::year_of("2007-04-02") == 2007);
  CHECK(detail::year_of("") == 0);
}

TEST_CASE("split_author_list splits on commas and 'and', keeps TeX groups whole", "[readers]") {
  const std::vector<std::pair<std::string, Names>> cases = {
      {"Ileana Streinu and Louis Theran", {"Ileana Streinu", "Louis Theran"}},
      {"A. One, B. Two, and C. Three", {"A. One", "B. Two", "C. Three"}},
      {"A. One,\n  B. Two\n  and\n  C. Three", {"A. One", "B. Two", "C. Three"}},
      {"Alexander Anderson, Sandra Andrews", {"Alexander Anderson", "Sandra Andrews"}},
      {"{Smith, Jr.}, B. Jones", {"Smith, Jr.", "B. Jones"}},
      {"Servane Gey (MAP5)", {"Servane Gey"}},
      {"M. Bilicki (1,2), J. A. Peacock (3) ((1) Cape Town, (2) Zielona Gora, (3) Edinburgh)",
       {"M. Bilicki", "J. A. Peacock"}},
      {"Ka{\xC3\xA2}niche Mohamed", {"Ka\xC3\xA2niche Mohamed"}},
      {"", {}},
      {" , and ,", {}},
  };
  for (const auto& [raw, expected] : cases) {
    INFO(raw);
    CHECK(detail::split_author_list(raw) == expected);
  }
}

TEST_CASE("author names are cleaned of braces and odd spacing", "[readers]") {
  CHECK(detail::clean_author_name("  Shizhen   Zhao ") == "Shizhen Zhao");
  CHECK(detail::clean_author_name("Ka{\xC3\xA2}niche") == "Ka\xC3\xA2niche");
  CHECK(detail::join_name_parts("Louis", "Theran", "") == "Louis Theran");
  CHECK(detail::join_name_parts(" E. L.", "Berger ", " Jr") == "E. L. Berger Jr");
  CHECK(detail::join_name_parts("", "Collaboration", "") == "Collaboration");
}

TEST_CASE("split_categories keeps order and drops duplicates", "[readers]") {
  CHECK(detail::split_categories("math.CO cs.CG") == Names{"math.CO", "cs.CG"});
  CHECK(detail::split_categories("  cs.NI, cs.LG cs.NI\n") == Names{"cs.NI", "cs.LG"});
  CHECK(detail::split_categories("").empty());
}
