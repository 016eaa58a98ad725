// The term source of a real index (query/index_terms.h): over remote shards
// it answers only the frequencies it knows, and learns the others all at
// once, from an exchange its caller may give it (a count made ahead).
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <xapian.h>

#include "index_test_support.h"
#include "paperdex/common/schema.h"
#include "query/index_terms.h"
#include "test_support.h"

namespace {

using paperdex::detail::IndexTermSource;
using paperdex::detail::TermFrequencies;

const std::string kCorpus = std::string(PAPERDEX_SOURCE_DIR) + "/corpus";

std::string text_term(const std::string& stem) {
  return paperdex::schema::make_term(paperdex::schema::kTextPrefix, stem);
}

}  // namespace

TEST_CASE("a remote term source learns the frequencies it lacks in one exchange",
          "[index-terms][remote]") {
  paperdex::test::TempDir dir;
  const std::string path = (dir.path() / "index").string();
  paperdex::test::build_with_two_workers(path, {kCorpus + "/arxiv-snapshot"}, false);
  const Xapian::Database db(path);
  const std::string learning = text_term("learn"), quantum = text_term("quantum");
  REQUIRE(db.get_termfreq(learning) > 0);
  REQUIRE(db.get_termfreq(quantum) > 0);

  TermFrequencies known;
  IndexTermSource remote(db, known, std::nullopt, true);
  // Not known: no look-up (an exchange each), and may match until learnt.
  CHECK_FALSE(remote.termfreq(learning).has_value());
  CHECK_FALSE(remote.termfreq(quantum).has_value());
  CHECK(remote.has_term(text_term("zzqxnothing")));

  SECTION("from the caller's exchange, asked once for every term not known") {
    std::vector<std::vector<std::string>> asked;
    // An exchange that answers "learn" with a number the index does not
    // hold (so the test sees whose answer is kept) and leaves out "quantum".
    const auto exchange = [&](const std::vector<std::string>& terms) {
      asked.push_back(terms);
      return std::map<std::string, Xapian::doccount>{{learning, 4242}};
    };
    REQUIRE(remote.learn_termfreqs(exchange));
    REQUIRE(asked.size() == 1);
    CHECK(asked.front().size() == 3);
    CHECK(remote.termfreq(learning) == 4242u);
    // Left out by the exchange: looked up alone.
    CHECK(remote.termfreq(quantum) == db.get_termfreq(quantum));
    CHECK_FALSE(remote.has_term(text_term("zzqxnothing")));
    // Nothing left to learn; the frequencies stay for the next source.
    CHECK_FALSE(remote.learn_termfreqs(exchange));
    CHECK(asked.size() == 1);
    CHECK(known.at(learning) == 4242u);
  }
  SECTION("by a match of no documents of its own") {
    REQUIRE(remote.learn_termfreqs());
    CHECK(remote.termfreq(learning) == db.get_termfreq(learning));
    CHECK(remote.termfreq(quantum) == db.get_termfreq(quantum));
    CHECK(remote.termfreq(text_term("zzqxnothing")) == 0u);
  }
}
