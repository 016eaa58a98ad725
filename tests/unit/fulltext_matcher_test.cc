// Which indexed paper a full text that names none is (indexer/cli/
// fulltext_matcher.h): how titles and authors are compared. The search
// itself is run on real indexes in integration/fulltext_input_test.cc.
#include <catch2/catch.hpp>

#include "fulltext_matcher.h"

using paperdex::cli::AuthorMatch;
using paperdex::cli::FullTextMatcher;
using paperdex::cli::TitleMatch;

TEST_CASE("fulltext: a file's title is the paper's only when it is the same but for spelling",
          "[fulltext][which-paper]") {
  const FullTextMatcher matcher("/nonexistent/index");
  const std::string title =
      "Testing the first law of black hole mechanics with gravitational waves";
  CHECK(matcher.compare_titles(title, title) == TitleMatch::kExact);
  CHECK(matcher.compare_titles("TESTING THE FIRST LAW OF BLACK HOLE MECHANICS WITH GRAVITATIONAL "
                               "WAVES",
                               title) == TitleMatch::kExact);
  // Math as a PDF's page gives it, and as arXiv's TeX title does.
  CHECK(matcher.compare_titles(
            "Drell-Yan cross-sections at high transverse masses in p p collisions at s = 13 TeV "
            "with the ATLAS detector",
            "Drell-Yan cross-sections at high transverse masses in $pp$ collisions at "
            "$\\sqrt{s}=13$ TeV with the ATLAS detector") != TitleMatch::kNone);
  // One content word apart: another paper.
  CHECK(matcher.compare_titles(title,
                               "Testing the second law of black hole mechanics with "
                               "gravitational waves") == TitleMatch::kNone);
  CHECK(matcher.compare_titles(title, "Testing the first law of black hole mechanics") ==
        TitleMatch::kNone);
  CHECK(matcher.compare_titles("", title) == TitleMatch::kNone);
}

TEST_CASE("fulltext: authors agree by a surname in common and say nothing when either is unknown",
          "[fulltext][which-paper]") {
  const FullTextMatcher matcher("/nonexistent/index");
  CHECK(matcher.compare_authors({"Krzysztof Bolejko", "Lars Andersson"},
                                {"K. Bolejko", "L. Andersson"}) == AuthorMatch::kAgree);
  CHECK(matcher.compare_authors({"Eugenio Meg\xC3\xAD"
                                 "as"},
                                {"E. Megias"}) == AuthorMatch::kAgree);
  CHECK(matcher.compare_authors({"Jane Doe"}, {"K. Bolejko"}) == AuthorMatch::kDisagree);
  CHECK(matcher.compare_authors({}, {"K. Bolejko"}) == AuthorMatch::kUnknown);
}

TEST_CASE("fulltext: no index to search finds no paper and does not fail",
          "[fulltext][which-paper]") {
  FullTextMatcher matcher("/nonexistent/index");
  paperdex::Record text;
  text.title = "Apparent and average accelerations of the Universe";
  text.body = "A body.";
  CHECK(matcher.find(text).empty());
}
