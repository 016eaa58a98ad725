// SpellingBuffer (indexer/src/spelling_buffer.h): words counted per paper,
// written in one go, and taken back when a paper is replaced or deleted.
#include "spelling_buffer.h"

#include <string>

#include <xapian.h>
#include <catch2/catch.hpp>

#include "test_support.h"

namespace {

Xapian::doccount frequency(const Xapian::Database& db, const std::string& word) {
  Xapian::TermIterator it = db.spellings_begin();
  it.skip_to(word);
  return it != db.spellings_end() && *it == word ? it.get_termfreq() : 0;
}

}  // namespace

TEST_CASE("SpellingBuffer takes back words, held or already written", "[spelling]") {
  paperdex::test::TempDir dir;
  Xapian::WritableDatabase db((dir / "db").string(), Xapian::DB_CREATE | Xapian::DB_BACKEND_GLASS);
  paperdex::SpellingBuffer buffer;

  buffer.add({"kept", "replaced"});  // a paper
  buffer.add({"kept"});              // another
  buffer.flush_into(db);             // both written
  CHECK_FALSE(buffer.has_removals());

  buffer.add({"kept", "fresh"});        // a third paper, held
  buffer.remove({"kept", "replaced"});  // the first is replaced
  CHECK(buffer.has_removals());         // "replaced" was written already
  buffer.flush_into(db);
  buffer.apply_removals(db);
  db.commit();

  CHECK(frequency(db, "kept") == 2);  // the second and third papers
  CHECK(frequency(db, "fresh") == 1);
  CHECK(frequency(db, "replaced") == 0);
}
