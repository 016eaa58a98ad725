// BulkBuilder (indexer/src/bulk_builder.h) with tiny segments, flushes,
// merge tiers and spelling batches, so that one small corpus takes every path
// a full-size build takes: flushes inside a segment, a paper replaced or
// deleted in an older segment, tier merges, spelling words taken back after
// they were flushed. The result must equal what the batched IndexWriter makes
// of the same input, as one index and as shards.
#include "bulk_builder.h"

#include <unistd.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <xapian.h>
#include <catch2/catch.hpp>

#include "paperdex/common/schema.h"
#include "paperdex/common/stored_record.h"
#include "paperdex/indexer/index_writer.h"
#include "test_support.h"

namespace {

using paperdex::test::TempDir;

// One change of the input: a record to add, or an id to remove.
struct Change {
  paperdex::Record record;
  bool removal = false;
};

paperdex::Record paper(int number, int version) {
  paperdex::Record record;
  record.id = "2101." + std::to_string(10000 + number);
  // Each version says something new, in words of its own, so that replacing
  // a paper changes its terms and its spelling words.
  record.title = "Paper " + std::to_string(number) + " on topic" + std::to_string(number % 17) +
                 (version > 1 ? " revised" + std::to_string(version) : "");
  record.abstract = "We study word" + std::to_string(number % 29) + " and word" +
                    std::to_string((number * 7) % 31) + " in version " + std::to_string(version) +
                    ".";
  record.authors = {"Author " + std::to_string(number % 5)};
  record.subjects = {number % 2 ? "cs.IR" : "cs.DL"};
  record.year = 2021;
  record.updated = "2021-0" + std::to_string(version) + "-01";
  return record;
}

// 300 papers; every fifth comes again later in a second version and every
// seventh is removed, each long after its first version was flushed.
std::vector<Change> changes() {
  std::vector<Change> all;
  for (int number = 0; number < 300; ++number) all.push_back({paper(number, 1)});
  for (int number = 0; number < 300; number += 5) all.push_back({paper(number, 2)});
  for (int number = 3; number < 300; number += 7) {
    Change removal;
    removal.record.id = paper(number, 1).id;
    removal.removal = true;
    all.push_back(removal);
  }
  return all;
}

// An author-page record (no id): joins the paper of its title, if any.
Change page_record(std::string title, std::string abstract = "") {
  Change page;
  page.record.title = std::move(title);
  page.record.abstract = std::move(abstract);
  page.record.authors = {"Page Author"};
  page.record.year = 2021;
  return page;
}

void write_all(paperdex::RecordWriter& writer, const std::vector<Change>& all) {
  for (const Change& change : all) {
    if (change.removal) {
      writer.remove(change.record.id);
    } else {
      paperdex::Record record = change.record;
      writer.add(std::move(record));
    }
  }
}

// Writes `all` into a new index at `path` with the batched IndexWriter, the
// index a bulk build must equal.
paperdex::IndexStats write_batched(const std::string& path, const std::vector<Change>& all) {
  paperdex::IndexWriter batched(path);
  write_all(batched, all);
  return batched.finish();
}

// What must not depend on the write path: the stored papers by id (but the
// times they were written), the
// terms with their frequencies, the spelling words with theirs.
struct Contents {
  std::map<std::string, std::string> documents;
  std::map<std::string, Xapian::doccount> terms;
  std::map<std::string, Xapian::doccount> spellings;
  bool operator==(const Contents&) const = default;
};

std::map<std::string, Xapian::doccount> spellings_of(const Xapian::Database& db) {
  std::map<std::string, Xapian::doccount> spellings;
  for (auto word = db.spellings_begin(); word != db.spellings_end(); ++word) {
    spellings[*word] = word.get_termfreq();
  }
  return spellings;
}

// Tiny segments, flushes, tiers and spelling batches: every path at 300 papers.
paperdex::BulkBuildOptions tiny(bool shards) {
  return {.jobs = 2,
          .flush_records = 3,
          .segment_records = 7,
          .merge_factor = 2,
          .spelling_words = 5,
          .keep_shards = shards};
}

Contents contents(const std::string& path) {
  const Xapian::Database db(path);
  Contents found;
  const std::string id_prefix = paperdex::schema::make_term(paperdex::schema::kIdPrefix, "");
  for (auto term = db.allterms_begin(); term != db.allterms_end(); ++term) {
    found.terms[*term] = term.get_termfreq();
    if ((*term).starts_with(id_prefix)) {
      found.documents[*term] = paperdex::test::paper_json(
          paperdex::decode_stored_record(db.get_document(*db.postlist_begin(*term)).get_data()));
    }
  }
  found.spellings = spellings_of(db);
  return found;
}

}  // namespace

TEST_CASE("a bulk build of many segments and tiers equals the batched writer's index",
          "[bulk-builder]") {
  const TempDir dir;
  const std::vector<Change> all = changes();

  const std::string batched_path = (dir.path() / "batched").string();
  const paperdex::IndexStats batched_stats = write_batched(batched_path, all);

  const std::string bulk_path = (dir.path() / "bulk").string();
  paperdex::BulkBuilder bulk(bulk_path, tiny(false));
  write_all(bulk, all);
  const paperdex::IndexStats bulk_stats = bulk.finish();

  CHECK(bulk_stats.added == batched_stats.added);
  CHECK(bulk_stats.updated == batched_stats.updated);
  CHECK(bulk_stats.deleted == batched_stats.deleted);
  CHECK(bulk_stats.added == 300);
  CHECK(bulk_stats.updated == 60);
  CHECK(bulk_stats.deleted == 43);
  CHECK(bulk.document_count() == 300 - 43);

  const Contents built = contents(bulk_path);
  CHECK(built.documents.size() == 300 - 43);
  CHECK(!built.spellings.empty());
  CHECK(built.terms == contents(batched_path).terms);
  CHECK(built.documents == contents(batched_path).documents);
  CHECK(built.spellings == contents(batched_path).spellings);
}

TEST_CASE("a bulk build into shards keeps the whole spelling table in the first shard",
          "[bulk-builder]") {
  const TempDir dir;
  std::vector<Change> all = changes();
  // Author-page records (no id): eight join papers by title (papers kept in
  // their first version), one is a paper no shard has.
  for (const int number : {1, 2, 4, 6, 8, 9, 11, 12})
    all.push_back(page_record(paper(number, 1).title));
  all.push_back(page_record("Unheard vocabulary", "Words no other paper has: zyzzyva quokka."));

  const std::string batched_path = (dir.path() / "batched").string();
  const paperdex::IndexStats batched_stats = write_batched(batched_path, all);
  CHECK(batched_stats.merged == 8);

  const std::string sharded_path = (dir.path() / "sharded").string();
  paperdex::BulkBuilder sharded(sharded_path, tiny(true));
  write_all(sharded, all);
  CHECK(sharded.finish().merged == batched_stats.merged);

  const Contents expected = contents(batched_path);
  const Contents built = contents(sharded_path);  // both shards, through the stub
  CHECK(built.terms == expected.terms);
  CHECK(built.documents == expected.documents);
  CHECK(built.spellings == expected.spellings);
  // Both shards hold papers, and only the first has spelling words: a
  // word's trigram score and frequency come from one table, as in one index.
  const Xapian::Database first((dir.path() / "sharded" / "shard-0").string());
  const Xapian::Database second((dir.path() / "sharded" / "shard-1").string());
  const auto joined_by_pages = [](const Xapian::Database& shard) {
    int joined = 0;
    for (auto it = shard.postlist_begin(""); it != shard.postlist_end(""); ++it) {
      joined +=
          !paperdex::decode_stored_record(shard.get_document(*it).get_data()).page_authors.empty();
    }
    return joined;
  };
  CHECK(joined_by_pages(first) > 0);
  CHECK(joined_by_pages(second) > 0);
  CHECK(expected.spellings.count("zyzzyva") == 1);
  CHECK(spellings_of(first) == expected.spellings);
  CHECK(spellings_of(second).empty());
}

TEST_CASE("a bulk build keeps author-page records on disk until the index is merged",
          "[bulk-builder]") {
  const TempDir dir;
  std::vector<Change> all = changes();
  // 2,000 author-page records (no id), a third joining a paper by title: a
  // million of them once held 763 MB in memory until the end of the build.
  for (int i = 0; i < 2000; ++i) {
    all.push_back(
        page_record(i % 3 == 0 ? paper(i % 300, 1).title : "Page paper " + std::to_string(i),
                    "An abstract on page " + std::to_string(i) + "."));
  }
  const std::string batched_path = (dir.path() / "batched").string();
  const paperdex::IndexStats batched_stats = write_batched(batched_path, all);

  const std::string bulk_path = (dir.path() / "bulk").string();
  paperdex::BulkBuilder bulk(bulk_path, tiny(false));
  write_all(bulk, all);
  const std::filesystem::path spill =
      bulk_path + ".build-" + std::to_string(getpid()) + "/without-id.records";
  REQUIRE(std::filesystem::exists(spill));
  CHECK(std::filesystem::file_size(spill) > 2000 * 20);
  const paperdex::IndexStats bulk_stats = bulk.finish();
  CHECK(bulk_stats.merged == batched_stats.merged);
  CHECK(bulk_stats.added == batched_stats.added);
  CHECK(contents(bulk_path).documents == contents(batched_path).documents);
}
