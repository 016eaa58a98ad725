// The extraction stage's text cleaning (fulltext/text_cleaning.h): what
// every reader's text and every reference goes through. Text that needs no
// change is copied whole; these pin what the change is where one is needed,
// at the ends, in runs and at each kind of byte.
#include <catch2/catch.hpp>

#include "fulltext/text_cleaning.h"

namespace detail = paperdex::fulltext::detail;

TEST_CASE("text cleaning: whitespace normalised, text already normal unchanged",
          "[fulltext][text]") {
  using detail::normalise_whitespace;
  CHECK(normalise_whitespace("") == "");
  CHECK(normalise_whitespace("one two three") == "one two three");
  CHECK(normalise_whitespace("x") == "x");
  CHECK(normalise_whitespace(" lead") == "lead");
  CHECK(normalise_whitespace("trail ") == "trail");
  CHECK(normalise_whitespace("   ") == "");
  CHECK(normalise_whitespace("two  spaces") == "two spaces");
  CHECK(normalise_whitespace("a\tb") == "a b");
  CHECK(normalise_whitespace("line\nbreak") == "line break");
  CHECK(normalise_whitespace("para\n\ngraph") == "para\ngraph");
  CHECK(normalise_whitespace("para \n \n graph") == "para\ngraph");
  CHECK(normalise_whitespace("a\rb\fc\vd") == "a b c d");
  CHECK(normalise_whitespace("caf\xC3\xA9 au lait") == "caf\xC3\xA9 au lait");
}

TEST_CASE("text cleaning: invalid leftovers dropped, clean text unchanged", "[fulltext][text]") {
  using detail::drop_invalid;
  CHECK(drop_invalid("") == "");
  CHECK(drop_invalid("plain text, 100% clean.") == "plain text, 100% clean.");
  CHECK(drop_invalid("tab\tand\nline") == "tab\tand\nline");
  CHECK(drop_invalid("re\xEF\xBF\xBDplaced") == "replaced");
  CHECK(drop_invalid("\xEF\xBF\xBD") == "");
  CHECK(drop_invalid(std::string("nul\0byte", 8)) == "nul byte");
  CHECK(drop_invalid("bell\x07 and del\x7F") == "bell  and del ");
  // A character that shares U+FFFD's first byte stays ("\xEF\xBC\x81" is U+FF01).
  CHECK(drop_invalid("wide\xEF\xBC\x81") == "wide\xEF\xBC\x81");
  CHECK(drop_invalid("caf\xC3\xA9") == "caf\xC3\xA9");
}
