// Full text in the index (#50): a paper's body is stored beside its record
// (not in it), searched by body: (alias fulltext:) and by plain words, kept
// when metadata for the paper arrives later, and replaced when a new body
// does; both writers (IndexWriter's batches and the bulk builder) alike.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include <xapian.h>

#include "bulk_builder.h"
#include "document_builder.h"
#include "paperdex/common/schema.h"
#include "paperdex/common/stored_record.h"
#include "paperdex/indexer/index_writer.h"
#include "paperdex/searcher.h"
#include "test_support.h"

namespace {

using paperdex::Record;
using paperdex::test::TempDir;

constexpr const char* kId = "1706.03762";

Record metadata(const std::string& updated, const std::string& title) {
  Record record;
  record.id = kId;
  record.title = title;
  record.abstract = "The dominant sequence transduction models are based on recurrent networks.";
  record.authors = {"Ashish Vaswani", "Noam Shazeer"};
  record.subjects = {"cs.CL"};
  record.updated = updated;
  record.submitted = "2017-06-12";
  record.year = 2017;
  return record;
}

// A body-only record, as a PDF gives it: the title read from the file, no date.
Record body_record(const std::string& body) {
  Record record;
  record.id = kId;
  record.title = "Attention Is All You Need";
  record.body = body;
  record.fulltext = R"({"source":"pdf","file":"1706.03762.pdf","pages":2})";
  return record;
}

const std::string kFirstBody =
    "Attention Is All You Need\f"
    "We trained the base models on eight NVIDIA P100 GPUs with sinusoidal positional encodings.";
const std::string kSecondBody =
    "Attention Is All You Need\f"
    "Label smoothing of value 0.1 hurts perplexity but improves the BLEU score.";

std::vector<std::string> ids(paperdex::Searcher& searcher, const std::string& query) {
  paperdex::SearchRequest request;
  request.query = query;
  request.limit = 10;
  std::vector<std::string> found;
  for (const paperdex::Hit& hit : searcher.search(request).hits) found.push_back(hit.id);
  return found;
}

Record stored(const std::string& path) {
  const Xapian::Database db(path);
  const std::string id_term = paperdex::schema::make_term(paperdex::schema::kIdPrefix, kId);
  REQUIRE(db.postlist_begin(id_term) != db.postlist_end(id_term));
  return paperdex::DocumentBuilder::stored_paper(db.get_document(*db.postlist_begin(id_term)));
}

// A second paper, so that the index is not all one paper.
Record other_paper() {
  Record record;
  record.id = "1512.03385";
  record.title = "Deep Residual Learning for Image Recognition";
  record.abstract = "Deeper neural networks are more difficult to train.";
  record.updated = "2015-12-10";
  record.year = 2015;
  return record;
}

}  // namespace

TEST_CASE("a body is stored apart from the record and searched by body: and plain words",
          "[fulltext][index]") {
  TempDir dir;
  const std::string path = (dir.path() / "index").string();
  {
    paperdex::IndexWriter writer(path);
    writer.add(other_paper());
    writer.add(body_record(kFirstBody));
    writer.finish();
  }
  const Record paper = stored(path);
  CHECK(paper.body == kFirstBody);
  CHECK(paper.fulltext == body_record(kFirstBody).fulltext);
  {
    // The document's data (decoded for every hit) does not carry it.
    const Xapian::Database db(path);
    const std::string id_term = paperdex::schema::make_term(paperdex::schema::kIdPrefix, kId);
    const Xapian::Document doc = db.get_document(*db.postlist_begin(id_term));
    const std::string json =
        paperdex::stored_record_json(paperdex::decode_stored_record(doc.get_data()));
    CHECK(json.find("Attention") != std::string::npos);
    CHECK(json.find("sinusoidal") == std::string::npos);
  }
  paperdex::Searcher searcher(path);
  CHECK(ids(searcher, "body:\"sinusoidal positional encodings\"") == std::vector<std::string>{kId});
  CHECK(ids(searcher, "fulltext:GPUs") == std::vector<std::string>{kId});
  // A phrase from the second page runs across nothing it should not.
  CHECK(ids(searcher, "body:\"eight NVIDIA P100\"") == std::vector<std::string>{kId});
  CHECK(ids(searcher, "body:\"P100 eight\"").empty());
  // Plain words find body words; NEAR and wildcards work on bodies too.
  CHECK(ids(searcher, "sinusoidal") == std::vector<std::string>{kId});
  CHECK(ids(searcher, "NVIDIA NEAR/4 GPUs") == std::vector<std::string>{kId});
  CHECK(ids(searcher, "body:sinusoi*") == std::vector<std::string>{kId});
  CHECK(ids(searcher, "body:encod*") == std::vector<std::string>{kId});
  // body: searches the body alone.
  CHECK(ids(searcher, "body:residual").empty());
}

TEST_CASE("metadata arriving after a body merges with it, and a new body replaces the old one",
          "[fulltext][index]") {
  TempDir dir;
  const std::string path = (dir.path() / "index").string();
  const std::string arxiv_title = "Attention is all you need";
  SECTION("in batches (IndexWriter)") {
    paperdex::IndexWriter writer(path);
    writer.add(body_record(kFirstBody));
    writer.add(metadata("2017-12-06", arxiv_title));
    writer.finish();
  }
  SECTION("in a bulk build") {
    paperdex::BulkBuilder builder(path, {});
    builder.add(body_record(kFirstBody));
    builder.add(metadata("2017-12-06", arxiv_title));
    builder.finish();
  }
  Record paper = stored(path);
  CHECK(paper.title == arxiv_title);  // the dated source's
  CHECK(paper.authors == std::vector<std::string>{"Ashish Vaswani", "Noam Shazeer"});
  CHECK(paper.body == kFirstBody);
  {
    paperdex::Searcher searcher(path);
    CHECK(ids(searcher, "body:sinusoidal") == std::vector<std::string>{kId});
    CHECK(ids(searcher, "author:vaswani sinusoidal") == std::vector<std::string>{kId});
  }
  {
    // Metadata again (a newer version): the body stays.
    paperdex::IndexWriter writer(path);
    Record newer = metadata("2017-12-07", arxiv_title);
    newer.comments = "15 pages";
    writer.add(newer);
    // The same body again changes nothing.
    writer.add(body_record(kFirstBody));
    const paperdex::IndexStats stats = writer.finish();
    CHECK(stats.updated == 1);
    CHECK(stats.unchanged == 1);
  }
  CHECK(stored(path).body == kFirstBody);
  CHECK(stored(path).comments == "15 pages");
  {
    // The file read again, changed: its body replaces the old one whole.
    paperdex::IndexWriter writer(path);
    writer.add(body_record(kSecondBody));
    writer.finish();
  }
  paper = stored(path);
  CHECK(paper.body == kSecondBody);
  CHECK(paper.title == arxiv_title);
  paperdex::Searcher searcher(path);
  CHECK(ids(searcher, "body:smoothing") == std::vector<std::string>{kId});
  CHECK(ids(searcher, "body:sinusoidal").empty());
  CHECK(ids(searcher, "sinusoidal").empty());
  const Xapian::Database db(path);
  CHECK(db.get_doccount() == 1);
}

TEST_CASE("a body match weighs by its words' rarity, the metadata's weights unchanged",
          "[fulltext][index]") {
  TempDir dir;
  const std::string path = (dir.path() / "index").string();
  {
    paperdex::IndexWriter writer(path);
    writer.add(other_paper());
    // Two bodies with a common word, one with a rare one.
    const std::pair<const char*, const char*> bodies[] = {
        {"2001.00001", "starlings over the estuary"},
        {"2001.00002", "starlings over the mudflats"},
        {"2001.00003", "curlews over the mudflats"}};
    for (const auto& [id, body] : bodies) {
      Record record = body_record(body);
      record.id = id;
      writer.add(record);
    }
    writer.finish();
  }
  paperdex::Searcher searcher(path);
  paperdex::SearchRequest request;
  request.query = "body:curlews";
  const std::vector<paperdex::Hit> hits = searcher.search(request).hits;
  REQUIRE(hits.size() == 1);
  CHECK(hits[0].score > 0);
  request.query = "body:starlings OR body:curlews";
  const std::vector<paperdex::Hit> both = searcher.search(request).hits;
  REQUIRE(both.size() == 3);
  CHECK(both[0].id == "2001.00003");
  CHECK(both[0].score > both[1].score);
  // A plain query's words all in one body outweigh one of them in another.
  request.query = "starlings estuary";
  const std::vector<paperdex::Hit> plain = searcher.search(request).hits;
  REQUIRE_FALSE(plain.empty());
  CHECK(plain[0].id == "2001.00001");
  // The paper without a body is found by its metadata as before.
  request.query = "title:residual";
  const std::vector<paperdex::Hit> titled = searcher.search(request).hits;
  REQUIRE(titled.size() == 1);
  CHECK(titled[0].id == "1512.03385");
}
