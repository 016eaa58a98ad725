// Issue #28: one cleaning for results and messages (common/safe_text.h), and
// one way of quoting input in a message: cleaned, cut, its length given.
#include <catch2/catch.hpp>

#include <string>

#include "paperdex/common/safe_text.h"

namespace {

const std::string kReplacement = "\xEF\xBF\xBD";  // U+FFFD
const std::string kEllipsis = "\xE2\x80\xA6";     // U+2026

}  // namespace

TEST_CASE("terminal_safe replaces controls, invalid UTF-8 and bidi overrides", "[safe-text]") {
  using paperdex::terminal_safe;
  CHECK(terminal_safe("plain \xC3\xA9t\xC3\xA9") == "plain \xC3\xA9t\xC3\xA9");
  CHECK(terminal_safe("\x1b]8;;http://x/\x07\x1b[2J") ==
        kReplacement + "]8;;http://x/" + kReplacement + kReplacement + "[2J");
  CHECK(terminal_safe("a\tb\nc\rd") == "a b c d");
  CHECK(terminal_safe("\x7f\xC2\x9b") == kReplacement + kReplacement);  // DEL, C1 CSI
  CHECK(terminal_safe("\xff") == kReplacement);
  // Right-to-left override and isolates turn what follows around on screen.
  for (const std::string bidi : {"\xE2\x80\xAE", "\xE2\x80\xAA", "\xE2\x81\xA6", "\xE2\x81\xA9"}) {
    CHECK(terminal_safe("txt." + bidi + "exe") == "txt." + kReplacement + "exe");
  }
  // Marks that only hint a direction reorder nothing and stay.
  CHECK(terminal_safe("a\xE2\x80\x8F") == "a\xE2\x80\x8F");
}

TEST_CASE("quote_input quotes short input whole and cuts long input with its length",
          "[safe-text]") {
  using paperdex::quote_input;
  CHECK(quote_input("cs.XX") == "'cs.XX'");
  CHECK(quote_input("\x1b[2J") == "'" + kReplacement + "[2J'");
  const std::string exact(paperdex::kQuotedInputCharacters, 'q');
  CHECK(quote_input(exact) == "'" + exact + "'");
  const std::string megabyte(1 << 20, 'q');
  CHECK(quote_input(megabyte) ==
        "'" + exact + kEllipsis + "' (" + paperdex::with_thousands(1 << 20) + " bytes)");
  // Cut by characters, never inside one.
  std::string accents;
  for (std::size_t i = 0; i < 2 * paperdex::kQuotedInputCharacters; ++i) accents += "\xC3\xA9";
  const std::string quoted = quote_input(accents);
  CHECK(quoted.starts_with("'" + accents.substr(0, 2 * paperdex::kQuotedInputCharacters) +
                           kEllipsis + "'"));
  CHECK(quoted.find(kReplacement) == std::string::npos);
}

TEST_CASE("with_thousands groups digits", "[safe-text]") {
  CHECK(paperdex::with_thousands(0) == "0");
  CHECK(paperdex::with_thousands(999) == "999");
  CHECK(paperdex::with_thousands(1000) == "1,000");
  CHECK(paperdex::with_thousands(1048576) == "1,048,576");
}
