// The two write paths, a bulk build of a new index and batches into an
// existing one, apply the one update policy: the same inputs give the same
// counts and the same stored documents either way.
#include <fstream>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <xapian.h>
#include <catch2/catch.hpp>

#include "index_test_support.h"
#include "paperdex/common/schema.h"
#include "paperdex/common/stored_record.h"
#include "paperdex/indexer/index_run.h"
#include "test_support.h"

namespace {

using paperdex::test::TempDir;

std::string snapshot_line(const std::string& id, const std::string& title,
                          const std::string& authors, const std::string& updated) {
  paperdex::test::SnapshotRecord record;
  record.id = id;
  record.title = title;
  record.authors = authors;
  record.abstract = "About " + title + ".";
  record.updated = updated;
  return paperdex::test::snapshot_json(record);
}

// Two papers' snapshot lines, 2101.00001 and 2101.00002.
std::string two_papers() {
  return snapshot_line("2101.00001", "Lattice phonons", "A. Author", "2021-01-05") +
         snapshot_line("2101.00002", "Optical switching", "B. Writer", "2021-02-01");
}

void write(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path) << text;
}

// Every stored record of the index at `path` (its JSON), by its id term.
std::map<std::string, std::string> stored_documents(const std::string& path) {
  std::map<std::string, std::string> documents;
  for (const auto& [term, record] : paperdex::test::stored_records(path)) {
    documents[term] = paperdex::test::paper_json(record);
  }
  return documents;
}

// An OAI-PMH page of arXivRaw `records`.
std::string oai_page(const std::string& records) {
  return "<?xml version=\"1.0\"?><OAI-PMH xmlns=\"http://www.openarchives.org/OAI/2.0/\">"
         "<ListRecords>" +
         records + "</ListRecords></OAI-PMH>\n";
}

// An arXivRaw record of `id` whose versions have these sizes ("0kb": no files).
std::string raw_record(const std::string& id, const std::vector<std::string>& sizes) {
  std::string versions;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    versions += "<version version=\"v" + std::to_string(i + 1) + "\"><date>Mon, " +
                std::to_string(i + 1) + " Feb 2021 10:00:00 GMT</date><size>" + sizes[i] +
                "</size></version>";
  }
  return "<record><header><identifier>oai:arXiv.org:" + id +
         "</identifier><datestamp>2021-03-01</datestamp></header><metadata>"
         "<arXivRaw xmlns=\"http://arxiv.org/OAI/arXivRaw/\"><id>" +
         id + "</id>" + versions + "<title>Paper " + id +
         "</title><authors>A. Author</authors><categories>cs.DL</categories>"
         "<abstract>About it.</abstract></arXivRaw></metadata></record>";
}

// An OAI record whose header says the paper is deleted.
std::string deleted_record(const std::string& id) {
  return "<record><header status=\"deleted\"><identifier>oai:arXiv.org:" + id +
         "</identifier><datestamp>2021-04-01</datestamp></header></record>";
}

}  // namespace

TEST_CASE("OAI deletions remove papers and withdrawals mark them, through either writer",
          "[write-paths][withdrawn]") {
  TempDir dir;
  // Page 1 has three papers, the last withdrawn (v2 without files); page 2
  // deletes the first.
  write(dir / "page-1.xml",
        oai_page(raw_record("2102.00001", {"12kb"}) + raw_record("2102.00002", {"20kb", "21kb"}) +
                 raw_record("2102.00003", {"30kb", "0kb"})));
  write(dir / "page-2.xml", oai_page(deleted_record("2102.00001")));
  std::map<bool, std::map<std::string, std::string>> documents;
  for (const bool incremental : {false, true}) {
    paperdex::IndexRunOptions options;
    options.db_path = (dir / (incremental ? "batched" : "bulk")).string();
    options.inputs = {(dir / "page-1.xml").string(), (dir / "page-2.xml").string()};
    options.incremental = incremental;
    if (!incremental) options.jobs = 2;
    const paperdex::IndexRunResult result = paperdex::run_index(options);
    INFO(result.error);
    CHECK(result.mode ==
          (incremental ? paperdex::WriteMode::kBatched : paperdex::WriteMode::kBulk));
    CHECK(result.stats.added == 3);
    CHECK(result.stats.deleted == 1);
    CHECK(result.documents == 2);
    const auto records = paperdex::test::stored_records(options.db_path);
    const auto id_term = [](const std::string& id) {
      return paperdex::schema::make_term(paperdex::schema::kIdPrefix, id);
    };
    CHECK_FALSE(records.contains(id_term("2102.00001")));
    CHECK_FALSE(records.at(id_term("2102.00002")).withdrawn);
    CHECK(records.at(id_term("2102.00003")).withdrawn);
    for (const auto& [term, record] : records) {
      documents[incremental][term] = paperdex::test::paper_json(record);
    }
  }
  CHECK(documents[false] == documents[true]);

  // An existing index: a deletion in a later harvest removes a stored paper.
  write(dir / "page-3.xml", oai_page(deleted_record("2102.00003")));
  paperdex::IndexRunOptions later;
  later.db_path = (dir / "bulk").string();
  later.inputs = {(dir / "page-3.xml").string()};
  const paperdex::IndexRunResult removed = paperdex::run_index(later);
  CHECK(removed.mode == paperdex::WriteMode::kBatched);
  CHECK(removed.stats.deleted == 1);
  CHECK(removed.documents == 1);
}

TEST_CASE("a bulk build and batched updates give the same counts and documents", "[write-paths]") {
  TempDir dir;
  const auto records = dir / "records.jsonl";
  const std::string first =
      snapshot_line("2101.00001", "Lattice phonons", "A. Author", "2021-01-05");
  write(records,
        first +                                                                         // added
            first +                                                                     // identical
            snapshot_line("2101.00001", "An older title", "A. Author", "2020-12-01") +  // stale
            snapshot_line("2101.00002", "Optical switching", "B. Writer", "2021-02-01") +
            snapshot_line("2101.00002", "Optical circuit switching", "B. Writer",
                          "2021-03-01") +  // updated
            snapshot_line("2101.00003", "Sparse kernels", "C. Coder", "2021-01-10"));
  // An author page after the arXiv records, as a directory's sorted order
  // puts corpus/author-pages/: one paper it shares with them, one of its own.
  const auto page = dir / "page.txt";
  write(page,
        "arXiv subjects\n\nAda Lovelace\n\n"
        "Publications and source records attributed to Ada Lovelace.\n\n"
        "arXiv2021\n\nOptical circuit switching\n\nAbout it.\n\ncs.NI\xE2\x86\x97\n\n"
        "arXiv2021\n\nA paper of the page alone\n\nOnly here.\n\ncs.NI\xE2\x86\x97\n");

  std::map<paperdex::WriteMode, paperdex::IndexRunResult> results;
  std::map<paperdex::WriteMode, std::map<std::string, std::string>> documents;
  for (const bool incremental : {false, true}) {
    paperdex::IndexRunOptions options;
    options.db_path = (dir / (incremental ? "batched" : "bulk")).string();
    options.inputs = {records.string(), page.string()};
    options.incremental = incremental;
    if (!incremental) options.jobs = 2;
    const paperdex::IndexRunResult result = paperdex::run_index(options);
    INFO(result.error);
    REQUIRE(result.outcome == paperdex::IndexRunOutcome::kCompleted);
    CHECK(result.mode ==
          (incremental ? paperdex::WriteMode::kBatched : paperdex::WriteMode::kBulk));
    results[result.mode] = result;
    documents[result.mode] = stored_documents(options.db_path);
  }

  const paperdex::IndexRunResult& bulk = results[paperdex::WriteMode::kBulk];
  const paperdex::IndexRunResult& batched = results[paperdex::WriteMode::kBatched];
  for (const auto* result : {&bulk, &batched}) {
    CHECK(result->records_read == 8);
    CHECK(result->stats.added == 4);      // three arXiv papers, one of the page alone
    CHECK(result->stats.updated == 1);    // 2101.00002's newer version
    CHECK(result->stats.unchanged == 2);  // the identical line and the older version
    CHECK(result->stats.merged == 1);     // the page's author joins 2101.00002
    CHECK(result->stats.deleted == 0);
    CHECK(result->documents == 4);
    CHECK(result->everything_indexed());
  }
  CHECK(documents[paperdex::WriteMode::kBulk].size() == 4);
  CHECK(documents[paperdex::WriteMode::kBulk] == documents[paperdex::WriteMode::kBatched]);
  const std::string merged = documents[paperdex::WriteMode::kBatched][paperdex::schema::make_term(
      paperdex::schema::kIdPrefix, "2101.00002")];
  CHECK(merged.find("Ada Lovelace") != std::string::npos);
  CHECK(merged.find("Optical circuit switching") != std::string::npos);
}

// How many of the documents at `path` hold their stored record (the data) in
// schema::kStoredRecordSlot, and how many there are; a slot that differs
// from the data fails the test.
std::pair<std::size_t, std::size_t> records_in_slot(const std::string& path) {
  const Xapian::Database db(path);
  std::size_t with_record = 0, documents = 0;
  for (auto id = db.postlist_begin(""); id != db.postlist_end(""); ++id, ++documents) {
    const Xapian::Document document = db.get_document(*id);
    const std::string slot = document.get_value(paperdex::schema::kStoredRecordSlot);
    if (slot.empty()) continue;
    CHECK(slot == document.get_data());
    ++with_record;
  }
  return {with_record, documents};
}

TEST_CASE("records in their slot (--records-in-slot), on both write paths and after",
          "[write-paths]") {
  TempDir dir;
  const auto records = dir / "records.jsonl";
  write(records, two_papers());
  const auto update = dir / "update.jsonl";
  write(update,
        snapshot_line("2101.00002", "Optical circuit switching", "B. Writer", "2021-03-01") +
            snapshot_line("2101.00003", "Sparse kernels", "C. Coder", "2021-01-10"));
  for (const bool incremental : {false, true}) {
    INFO((incremental ? "batched" : "bulk"));
    paperdex::IndexRunOptions options;
    options.db_path = (dir / (incremental ? "batched" : "bulk")).string();
    options.inputs = {records.string()};
    options.incremental = incremental;
    options.writer.records_in_slot = true;
    REQUIRE(paperdex::run_index(options).outcome == paperdex::IndexRunOutcome::kCompleted);
    CHECK(records_in_slot(options.db_path) == std::pair<std::size_t, std::size_t>{2, 2});
    // A later update without the option keeps the slot: its new and its
    // changed paper have their (new) record there too.
    options.inputs = {update.string()};
    options.writer.records_in_slot = false;
    REQUIRE(paperdex::run_index(options).outcome == paperdex::IndexRunOutcome::kCompleted);
    CHECK(records_in_slot(options.db_path) == std::pair<std::size_t, std::size_t>{3, 3});
  }
  // Without the option nothing is written there.
  paperdex::IndexRunOptions plain;
  plain.db_path = (dir / "plain").string();
  plain.inputs = {records.string()};
  REQUIRE(paperdex::run_index(plain).outcome == paperdex::IndexRunOutcome::kCompleted);
  CHECK(records_in_slot(plain.db_path) == std::pair<std::size_t, std::size_t>{0, 2});
}

TEST_CASE("removals through either writer: found papers are deleted, others reported",
          "[write-paths]") {
  TempDir dir;
  const auto records = dir / "records.jsonl";
  write(records, two_papers());
  const std::string db = (dir / "index").string();
  paperdex::IndexRunOptions build;
  build.db_path = db;
  build.inputs = {records.string()};
  build.delete_ids = {"2101.00001"};  // a new index has nothing to remove yet
  const paperdex::IndexRunResult built = paperdex::run_index(build);
  CHECK(built.mode == paperdex::WriteMode::kBulk);
  CHECK(built.deletes_not_found == std::vector<std::string>{"2101.00001"});
  CHECK_FALSE(built.everything_indexed());
  CHECK(built.documents == 2);

  paperdex::IndexRunOptions remove;
  remove.db_path = db;
  remove.delete_ids = {"2101.00001v2", "2101.09999"};
  const paperdex::IndexRunResult removed = paperdex::run_index(remove);
  CHECK(removed.mode == paperdex::WriteMode::kBatched);
  CHECK(removed.stats.deleted == 1);
  CHECK(removed.deletes_not_found == std::vector<std::string>{"2101.09999"});
  CHECK(removed.documents == 1);
}

TEST_CASE("the default corpus gives the same counts and documents on both write paths",
          "[write-paths]") {
  TempDir dir;
  std::map<bool, paperdex::IndexRunResult> results;
  std::map<bool, std::map<std::string, std::string>> documents;
  for (const bool incremental : {false, true}) {
    paperdex::IndexRunOptions options;
    options.db_path = (dir / (incremental ? "batched" : "bulk")).string();
    options.inputs = {(paperdex::test::source_dir() / "corpus").string()};
    options.incremental = incremental;
    results[incremental] = paperdex::run_index(options);
    INFO(results[incremental].error);
    REQUIRE(results[incremental].outcome == paperdex::IndexRunOutcome::kCompleted);
    documents[incremental] = stored_documents(options.db_path);
  }
  const paperdex::IndexStats& bulk = results[false].stats;
  const paperdex::IndexStats& batched = results[true].stats;
  CHECK(results[false].records_read == results[true].records_read);
  CHECK(bulk.added == batched.added);
  CHECK(bulk.updated == batched.updated);
  CHECK(bulk.unchanged == batched.unchanged);
  CHECK(bulk.merged == batched.merged);
  CHECK(bulk.unchanged > 0);  // the corpus repeats records: identical ones change nothing
  CHECK(results[false].documents == results[true].documents);
  CHECK(documents[false].size() == results[false].documents);
  CHECK(documents[false] == documents[true]);
}

namespace {

// Indexes `inputs` into `db` in one run (a bulk build when it is new).
paperdex::IndexRunResult index_into(const std::string& db, std::vector<std::string> inputs) {
  paperdex::IndexRunOptions options;
  options.db_path = db;
  options.inputs = std::move(inputs);
  paperdex::IndexRunResult result = paperdex::run_index(options);
  INFO(result.error);
  REQUIRE(result.outcome == paperdex::IndexRunOutcome::kCompleted);
  return result;
}

// Where two maps of stored documents differ first, for a failure's message.
std::string first_difference(const std::map<std::string, std::string>& a,
                             const std::map<std::string, std::string>& b) {
  for (const auto& [term, json] : a) {
    const auto other = b.find(term);
    if (other == b.end()) return term + " only in the first";
    if (other->second != json) return json + "\n  against\n" + other->second;
  }
  return a.size() == b.size() ? "" : "papers only in the second";
}

}  // namespace

TEST_CASE("records of one paper from several sources converge in any order", "[write-paths]") {
  const auto shared = paperdex::test::shared_dir();
  if (!shared) {
    WARN("../shared is absent: records from several real sources are not checked");
    return;
  }
  const auto data = *shared / "data";
  const std::vector<std::string> snapshot_atom_raw = {(data / "arxiv-kaggle").string(),
                                                      (data / "arxiv-atom").string(),
                                                      (data / "arxiv-oai-raw").string()};
  const std::vector<std::string> oai = {(data / "arxiv-oai-cs-2016" / "page-001.xml.gz").string()};
  TempDir dir;
  const std::string forward = (dir / "forward").string(), backward = (dir / "backward").string();
  index_into(forward, snapshot_atom_raw);
  index_into(forward, oai);
  // A second pass over the same inputs finds every paper as it left it.
  const paperdex::IndexRunResult again = index_into(forward, snapshot_atom_raw);
  CHECK(again.stats.updated == 0);
  CHECK(again.stats.unchanged > 100);
  CHECK(index_into(forward, oai).stats.updated == 0);

  std::vector<std::string> reversed(snapshot_atom_raw.rbegin(), snapshot_atom_raw.rend());
  index_into(backward, oai);
  for (const std::string& input : reversed) index_into(backward, {input});
  const auto forward_documents = stored_documents(forward);
  const auto backward_documents = stored_documents(backward);
  INFO(first_difference(forward_documents, backward_documents));
  CHECK(forward_documents == backward_documents);

  // The OAI record has neither versions nor v1's date in GMT: it takes
  // neither away from the snapshot's.
  Xapian::Database index(forward);
  const std::string id_term = paperdex::schema::make_term(paperdex::schema::kIdPrefix, "0704.0002");
  const paperdex::Record paper =
      paperdex::decode_stored_record(index.get_document(*index.postlist_begin(id_term)).get_data());
  CHECK(paper.versions.size() == 2);
  CHECK(paper.submitted == "2007-03-31");
}
