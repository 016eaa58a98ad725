// Full text in the index (#50): a paper's body is stored beside its record
// (not in it), searched by body: (alias fulltext:) and by plain words, kept
// when metadata for the paper arrives later, and replaced when a new body
// does; both writers (IndexWriter's batches and the bulk builder) alike.
#include <algorithm>
#include <initializer_list>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include <xapian.h>

#include "bulk_builder.h"
#include "document_builder.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/common/schema.h"
#include "paperdex/common/stopwords.h"
#include "paperdex/common/stored_record.h"
#include "paperdex/indexer/index_writer.h"
#include "paperdex/searcher.h"
#include "query/title_bonus.h"
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

// Body-only papers, as PDFs give them: each id with its body.
void add_bodies(paperdex::IndexWriter& writer,
                std::initializer_list<std::pair<const char*, const char*>> bodies) {
  for (const auto& [id, body] : bodies) {
    Record record = body_record(body);
    record.id = id;
    writer.add(record);
  }
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
  // Function words are not indexed in bodies: a phrase holding them matches
  // its other words in order within its span, one of them alone nothing.
  CHECK(ids(searcher, "body:\"models on eight\"") == std::vector<std::string>{kId});
  CHECK(ids(searcher, "body:\"eight on models\"").empty());
  CHECK(ids(searcher, "body:\"models on the a eight\"") == std::vector<std::string>{kId});
  CHECK(ids(searcher, "body:\"base on eight\"").empty());  // "base models on eight": too far
  CHECK(ids(searcher, "body:with OR body:sinusoidal") == std::vector<std::string>{kId});
  CHECK(ids(searcher, "body:with OR body:residual").empty());
  {
    const Xapian::Database db(path);
    CHECK(db.get_termfreq(paperdex::schema::make_term(paperdex::schema::kBodyPrefix, "the")) == 0);
    CHECK(db.get_termfreq(paperdex::schema::make_term(paperdex::schema::kBodyPrefix, "model")) ==
          1);
  }
  // --explain names a body match by its field and words, as it names others.
  paperdex::SearchRequest request;
  request.query = "body:\"sinusoidal positional encodings\"";
  request.explain = true;
  const std::vector<paperdex::Hit> hits = searcher.search(request).hits;
  REQUIRE(hits.size() == 1);
  REQUIRE(hits[0].explanation.size() == 1);
  CHECK(hits[0].explanation[0].field == "body");
  CHECK(hits[0].explanation[0].term.find("sinusoid") != std::string::npos);
  CHECK(hits[0].explanation[0].term.front() == '"');
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
    add_bodies(writer, {{"2001.00001", "starlings over the estuary"},
                        {"2001.00002", "starlings over the mudflats"},
                        {"2001.00003", "curlews over the mudflats"}});
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

TEST_CASE("a word in most bodies lifts no paper with a body above the papers titled with it",
          "[fulltext][index][ranking]") {
  // A researcher's few PDFs in a harvest of many papers: "time" is in every
  // body, so a body holding it says little. Its rarity is among the papers
  // that have a body; among all the papers it looked rare (three of 203),
  // and the PDFs came first for "time", above the papers titled with it.
  TempDir dir;
  const std::string path = (dir.path() / "index").string();
  {
    paperdex::IndexWriter writer(path);
    for (int i = 0; i < 200; ++i) {
      Record record = other_paper();
      record.id = "1903." + std::to_string(10000 + i);
      record.title = i % 5 == 0 ? "Time and tide number " + std::to_string(i)
                                : "Sediment transport number " + std::to_string(i);
      record.abstract = "We measure the estuary over many evenings.";
      writer.add(record);
    }
    add_bodies(writer,
               {{"2001.00001", "Methods\fIn time the flock of starlings wheeled over the marsh."},
                {"2001.00002", "Results\fA long time ago curlews fed on the mudflats."},
                {"2001.00003", "Discussion\fEach time the gulls came, the waders left."}});
    writer.finish();
  }
  paperdex::Searcher searcher(path);
  const std::vector<std::string> found = ids(searcher, "time");
  REQUIRE(found.size() == 10);
  for (const std::string& id : found) {
    INFO(id);
    CHECK(id.starts_with("1903."));
  }
  // A word of one body alone is still rare among them: its paper is found.
  const std::vector<std::string> rare = ids(searcher, "curlews");
  REQUIRE(rare.size() == 1);
  CHECK(rare[0] == "2001.00002");
}

TEST_CASE(
    "a body holding the query's words in order ranks first, and only bodies holding them all gain",
    "[fulltext][index][ranking]") {
  TempDir dir;
  const std::string path = (dir.path() / "index").string();
  {
    paperdex::IndexWriter writer(path);
    // Metadata with the query's words in titles and abstracts, as a harvest
    // has: what a remembered sentence competes with.
    const std::pair<const char*, const char*> papers[] = {
        {"1901.00001", "Starlings wheeling over an estuary at dusk"},
        {"1901.00002", "Flocking of starlings: a model of murmurations"},
        {"1901.00003", "Estuary sediment transport at dusk and dawn"}};
    for (const auto& [id, title] : papers) {
      Record record = other_paper();
      record.id = id;
      record.title = title;
      record.abstract = "We observe starlings, flocks and an estuary over many evenings.";
      writer.add(record);
    }
    // Enough of them that Xapian's matcher, keeping the best few, raises the
    // weight a paper needs and takes its short cuts.
    for (int i = 0; i < 300; ++i) {
      Record record = other_paper();
      record.id = "1902." + std::to_string(10000 + i);
      record.title = "Starlings " + std::string(i % 3 == 0 ? "over the estuary" : "at dusk") +
                     " in year " + std::to_string(i);
      record.abstract = std::string(static_cast<std::size_t>(i % 7) + 1, 'x') + " flock";
      writer.add(record);
    }
    const std::pair<const char*, const char*> bodies[] = {
        // The sentence, word for word.
        {"2001.00001", "Methods\fAt dusk the flock of starlings wheeled over the estuary twice."},
        // Its words in order, others between.
        {"2001.00002", "Starlings in a flock, we saw, often wheeled low over a grey estuary."},
        // Its words, out of order and far apart.
        {"2001.00003",
         "The estuary was calm. Far away, over fields, wheeled gulls; later "
         "a flock of starlings came."}};
    for (const auto& [id, body] : bodies) {
      Record record = body_record(body);
      record.id = id;
      record.title.clear();
      writer.add(record);
    }
    writer.finish();
  }
  paperdex::Searcher searcher(path);
  const std::vector<std::string> sentence =
      ids(searcher, "flock of starlings wheeled over the estuary");
  REQUIRE(sentence.size() >= 3);
  CHECK(sentence[0] == "2001.00001");
  const std::vector<std::string> words = ids(searcher, "starlings flock wheeled estuary");
  REQUIRE(words.size() >= 3);
  CHECK(words[0] == "2001.00002");

  // The bonus, weighed by Xapian itself: a paper gains the most when its
  // body holds the words in order, and the same lesser bonus when it holds
  // them all out of order; no other paper gains. Xapian 1.4.22 gave a phrase's fixed
  // weight, when it was one of an AND_MAYBE's several optional parts and no
  // body held the phrase, to papers that had a title word (another part).
  const paperdex::Analyzer analyzer;
  const Xapian::Database db(path);
  const auto check_gains = [&](const std::string& query, const std::string& in_order,
                               const std::set<std::string>& holding_all) {
    paperdex::detail::ParsedQuery parsed;
    std::vector<Xapian::Query> alternatives;
    for (const paperdex::Token& token : analyzer.tokenize(query)) {
      // As the parser gives it: function words, not in bodies, as gaps.
      parsed.word_sequence.push_back(paperdex::is_stopword(token.term) ? "" : token.stem);
      if (token.stem.size() > 4) parsed.plain_stems.push_back(token.stem);
      for (const std::string_view prefix :
           {paperdex::schema::kTextPrefix, paperdex::schema::kBodyPrefix}) {
        alternatives.emplace_back(paperdex::schema::make_term(prefix, token.stem));
      }
    }
    const Xapian::Query matched(Xapian::Query::OP_OR, alternatives.begin(), alternatives.end());
    const auto weights = [&](const paperdex::detail::ParsedQuery& with_bonus,
                             Xapian::doccount best) {
      Xapian::Enquire enquire(db);
      enquire.set_query(paperdex::detail::with_title_bonus(db, matched, with_bonus, false));
      std::map<std::string, double> weight;
      const Xapian::MSet mset = enquire.get_mset(0, best);
      for (auto it = mset.begin(); it != mset.end(); ++it) {
        weight[paperdex::DocumentBuilder::stored_paper(it.get_document()).id] = it.get_weight();
      }
      return weight;
    };
    paperdex::detail::ParsedQuery unordered = parsed;
    unordered.word_sequence.clear();
    const std::map<std::string, double> without = weights(unordered, db.get_doccount());
    // What a body holding every word out of order gains.
    const std::map<std::string, double> all = weights(parsed, db.get_doccount());
    const std::string unordered_one =
        *std::find_if(holding_all.begin(), holding_all.end(),
                      [&](const std::string& id) { return id != in_order; });
    const double all_words = all.at(unordered_one) - without.at(unordered_one);
    CHECK(all_words > 1);
    for (const Xapian::doccount best :
         {db.get_doccount(), Xapian::doccount{10}, Xapian::doccount{3}}) {
      for (const auto& [id, weight] : weights(parsed, best)) {
        INFO(query << ": " << id << " among the best " << best);
        if (id == in_order) {
          CHECK(weight > without.at(id) + all_words + 1);
        } else if (holding_all.count(id) == 1) {
          CHECK(weight == Approx(without.at(id) + all_words));
        } else {
          CHECK(weight == Approx(without.at(id)));
        }
      }
    }
  };
  const std::set<std::string> bodies{"2001.00001", "2001.00002", "2001.00003"};
  check_gains("flock of starlings wheeled over the estuary", "2001.00001", bodies);
  check_gains("estuary the over wheeled starlings of flock", "", bodies);
}

TEST_CASE("a body is stored compressed and read back whole", "[fulltext][index]") {
  std::string body;
  for (int i = 0; i < 20000; ++i) body += "word" + std::to_string(i % 977) + (i % 50 ? " " : "\n");
  body += "\f\xc3\xa9t\xc3\xa9";
  const std::string value = paperdex::encode_body(body);
  CHECK(value.size() < body.size() / 3);
  CHECK(paperdex::decode_body(value) == body);
  CHECK(paperdex::encode_body("").empty());
  CHECK(paperdex::decode_body("").empty());
  // What is no body made by encode_body says so, never reads past it.
  CHECK_THROWS_AS(paperdex::decode_body("plain text, not compressed"), std::runtime_error);
  CHECK_THROWS_AS(paperdex::decode_body(value.substr(0, value.size() / 2)), std::runtime_error);
}
