// The citation graph in the index (#51 items 2-3): a paper's references are
// stored with its body and linked by terms (common/citations.h) to the
// papers they cite, by arXiv id, DOI or whole title; cites:ID and
// cited_by:ID search the links, with every filter; a paper's references
// come back resolved, and each paper carries its cited_by_count, also when
// it is indexed after the papers citing it. Both writers alike.
#include <algorithm>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include <xapian.h>

#include "bulk_builder.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/common/arxiv_id.h"
#include "paperdex/common/citations.h"
#include "paperdex/common/schema.h"
#include "paperdex/common/stored_record.h"
#include "paperdex/indexer/index_writer.h"
#include "paperdex/searcher.h"
#include "test_support.h"

namespace {

using paperdex::Record;
using paperdex::Reference;
using paperdex::test::TempDir;

Record paper(const std::string& id, const std::string& title, int year,
             const std::string& doi = "") {
  Record record;
  record.id = id;
  record.title = title;
  record.abstract = "An abstract about " + title + ".";
  record.subjects = {year < 2020 ? "cs.LG" : "cs.CL"};
  record.year = year;
  record.submitted = std::to_string(year) + "-03-01";
  record.updated = record.submitted;
  record.doi = doi;
  return record;
}

Reference reference(const std::string& text, const std::string& id = "",
                    const std::string& doi = "") {
  Reference entry;
  entry.text = text;
  entry.id = id;
  entry.doi = doi;
  return entry;
}

// The cited papers: one by id, one by DOI, one by its title alone.
const Record kById = paper("1706.03762", "Attention Is All You Need", 2017);
const Record kByDoi = paper("1512.03385", "Deep Residual Learning for Image Recognition", 2015,
                            "10.1109/CVPR.2016.90");
const Record kByTitle =
    paper("1810.04805", "BERT: Pre-training of Deep Bidirectional Transformers", 2018);
// Cited by nobody: its three-word title stands in a reference's text, too
// short to be a link; and two papers share the title "Graph Neural Networks
// Revisited Today", which names neither.
const Record kShortTitle = paper("1901.00001", "Neural Machine Translation", 2019);
const Record kTwinA = paper("1902.00001", "Graph Neural Networks Revisited Today", 2019);
const Record kTwinB = paper("1902.00002", "Graph Neural Networks Revisited Today", 2019);

// The citing paper, with a body and a reference list.
Record citing(const std::string& id, int year) {
  Record record = paper(id, "A Survey of Sequence Models number " + id, year);
  record.body = "We survey sequence models.";
  record.fulltext = R"({"source":"pdf","file":")" + id + R"(.pdf","pages":1})";
  record.references = {
      reference("[1] A. Vaswani et al. Attention is all you need. NeurIPS 2017. arXiv:1706.03762",
                "1706.03762"),
      reference("[2] K. He, X. Zhang. Deep residual learning. CVPR 2016. doi:10.1109/cvpr.2016.90",
                "", "10.1109/cvpr.2016.90"),
      reference("[3] J. Devlin, M. Chang, K. Lee, K. Toutanova. \u201cBERT: Pre-training of deep "
                "bidirectional transformers,\u201d in NAACL, 2019."),
      reference("[4] I. Sutskever. Neural machine translation. Lecture notes, 2014."),
      reference("[5] A. Author. Graph neural networks revisited today. Workshop, 2019."),
      reference("[6] Z. Nobody. A paper this index lacks. arXiv:2001.09999", "2001.09999"),
      reference("[7] Y. One, arXiv:2002.00001; Y. Two, arXiv:1901.00001", "2002.00001"),
  };
  record.references.back().more_ids = {"1901.00001"};
  return record;
}

std::vector<std::string> ids(paperdex::Searcher& searcher, const std::string& query) {
  paperdex::SearchRequest request;
  request.query = query;
  request.limit = 50;
  std::vector<std::string> found;
  for (const paperdex::Hit& hit : searcher.search(request).hits) found.push_back(hit.id);
  std::sort(found.begin(), found.end());
  return found;
}

using Ids = std::vector<std::string>;

void check_graph(const std::string& path) {
  paperdex::Searcher searcher(path);
  // cites: by id, by DOI (the paper's, in any case), by whole title.
  CHECK(ids(searcher, "cites:1706.03762") == Ids{"2101.00001", "2301.00001"});
  CHECK(ids(searcher, "cites:arXiv:1706.03762v5") == Ids{"2101.00001", "2301.00001"});
  CHECK(ids(searcher, "cites:1512.03385") == Ids{"2101.00001", "2301.00001"});
  CHECK(ids(searcher, "cites:10.1109/CVPR.2016.90") == Ids{"2101.00001", "2301.00001"});
  CHECK(ids(searcher, "cites:1810.04805") == Ids{"2101.00001", "2301.00001"});
  // A paper this index lacks is cited all the same.
  CHECK(ids(searcher, "cites:2001.09999") == Ids{"2101.00001", "2301.00001"});
  // Each work of an entry listing several.
  CHECK(ids(searcher, "cites:1901.00001") == Ids{"2101.00001", "2301.00001"});
  // No wrong links: a title two papers share (and three-word titles, below).
  CHECK(ids(searcher, "cites:1902.00001").empty());
  // With filters, words and the other operators.
  CHECK(ids(searcher, "cites:1706.03762 year:2023") == Ids{"2301.00001"});
  CHECK(ids(searcher, "cites:1706.03762 subject:cs.CL year:..2021") == Ids{"2101.00001"});
  CHECK(ids(searcher, "cites:1706.03762 NOT cites:2001.09999").empty());
  CHECK(ids(searcher, "survey cites:1810.04805") == Ids{"2101.00001", "2301.00001"});
  // cited_by: the papers of this index it cites, by whichever link.
  CHECK(ids(searcher, "cited_by:2101.00001") ==
        Ids{"1512.03385", "1706.03762", "1810.04805", "1901.00001"});
  CHECK(ids(searcher, "cited_by:2101.00001 year:2015") == Ids{"1512.03385"});
  CHECK(ids(searcher, "cited_by:1706.03762").empty());
  CHECK_THROWS_AS(
      [&] {
        paperdex::SearchRequest request;
        request.query = "cites:attention";
        request.strict_syntax = true;
        return searcher.search(request);
      }(),
      paperdex::QuerySyntaxError);

  // The references come back resolved, in order.
  const paperdex::Paper survey = searcher.get("2101.00001");
  REQUIRE(survey.references.size() == 7);
  const auto linked = [&](std::size_t i) {
    const Reference& entry = survey.references[i];
    return entry.id + " " + entry.resolved_by + (entry.in_index ? " in" : " out");
  };
  CHECK(linked(0) == "1706.03762 arxiv_id in");
  CHECK(linked(1) == "1512.03385 doi in");
  CHECK(linked(2) == "1810.04805 title in");
  CHECK(linked(3) == "  out");  // three words: no title
  CHECK(linked(4) == "  out");  // a title two papers share
  CHECK(linked(5) == "2001.09999 arxiv_id out");
  // cited_by_count: for a paper shown and for hits.
  CHECK(searcher.get("1706.03762").cited_by_count == 2);
  CHECK(searcher.get("1810.04805").cited_by_count == 2);
  CHECK(searcher.get("1901.00001").cited_by_count == 2);  // by id; its short title links none
  CHECK(searcher.get("1902.00001").cited_by_count == 0);
  CHECK(survey.cited_by_count == 0);
  paperdex::SearchRequest request;
  request.query = "id:1512.03385";
  const paperdex::SearchResult result = searcher.search(request);
  REQUIRE(result.hits.size() == 1);
  CHECK(result.hits.front().paper.cited_by_count == 2);
}

}  // namespace

TEST_CASE("title keys: a reference's runs of text between punctuation, joined across ':' and ','",
          "[citations]") {
  const paperdex::Analyzer analyzer;
  const auto key = [&](const std::string& title) {
    return paperdex::stable_hash_hex(paperdex::schema::folded_words(analyzer, title));
  };
  const auto has = [&](const std::string& text, const std::string& title) {
    const std::vector<std::string> keys =
        paperdex::citations::title_keys(analyzer, reference(text));
    return std::find(keys.begin(), keys.end(), key(title)) != keys.end();
  };
  CHECK(
      has("[3] J. Devlin et al. \u201cBERT: Pre-training of deep bidirectional transformers,\u201d "
          "NAACL 2019.",
          "BERT: Pre-training of Deep Bidirectional Transformers"));
  CHECK(
      has("Ribeiro, M. T. 2016. Why should I trust you?: Explaining the predictions of any "
          "classifier. In KDD.",
          "\"Why Should I Trust You?\": Explaining the Predictions of Any Classifier"));
  CHECK(has("S. Hochreiter and J. Schmidhuber, ``Long short-term memory,'' Neural Comput., 1997",
            "Long Short-Term Memory"));
  CHECK(has("Smith J (2020) Cats, dogs and the graphs between them. J Graphs 4:1-9",
            "Cats, dogs and the graphs between them"));
  // A word holding a divide ("2.0") is one word, as in the title's own key.
  CHECK(has("A. Writer, B. Reader. Web 2.0 services for the curious reader. J. Web, 2009.",
            "Web 2.0 Services for the Curious Reader"));
  // Not across a period, and nothing under four words.
  CHECK_FALSE(
      has("A. Author. Neural machine translation. Notes, 2014.", "Neural machine translation"));
  CHECK_FALSE(has("A. Author. Deep learning. Graph methods for all. 2014.",
                  "Deep learning graph methods for all"));
  // Bounded, whatever the text.
  std::string long_text;
  for (int i = 0; i < 500; ++i) long_text += "word" + std::to_string(i) + " a b c, ";
  CHECK(paperdex::citations::title_keys(analyzer, reference(long_text)).size() <=
        paperdex::citations::kMaxTitleKeysPerReference);
}

TEST_CASE("title keys: no runs of numbers and ids, nor of the entry's author names",
          "[citations]") {
  const paperdex::Analyzer analyzer;
  Reference entry = reference(
      "Jia Deng, Wei Dong, Richard Socher, Li-Jia Li, Kai Li. ImageNet: a large-scale "
      "hierarchical image database. Advances in neural information processing systems, 22, "
      "248-255, 2009, doi 10.1109/CVPR.2009.5206848");
  entry.authors = {"Jia Deng", "Wei Dong", "Richard Socher", "Li-Jia Li", "Kai Li"};
  const std::vector<std::string> keys = paperdex::citations::title_keys(analyzer, entry);
  const auto has = [&](const std::string& title) {
    const std::string key =
        paperdex::stable_hash_hex(paperdex::schema::folded_words(analyzer, title));
    return std::find(keys.begin(), keys.end(), key) != keys.end();
  };
  CHECK(has("ImageNet: A Large-Scale Hierarchical Image Database"));
  CHECK(has("Advances in Neural Information Processing Systems"));
  // Each of these was a key, and so an index term of the citing paper.
  CHECK_FALSE(has("Jia Deng, Wei Dong, Richard Socher"));
  CHECK_FALSE(has("Wei Dong, Richard Socher, Li-Jia Li, Kai Li"));
  CHECK_FALSE(has("Advances in neural information processing systems, 22"));
  CHECK_FALSE(has("Advances in neural information processing systems, 22, 248-255, 2009"));
  CHECK_FALSE(has("22, 248-255, 2009, doi 10.1109"));
  // Without the parsed authors, a list of names may be a title.
  entry.authors.clear();
  const std::vector<std::string> unparsed = paperdex::citations::title_keys(analyzer, entry);
  CHECK(unparsed.size() > keys.size());
}

TEST_CASE("a reference list round-trips through its slot's encoding", "[citations]") {
  Reference entry = reference("[1] Text, 2017.", "1706.03762", "10.1/x");
  entry.url = "https://arxiv.org/abs/1706.03762";
  entry.title = "Attention";
  entry.authors = {"A. Vaswani", "N. Shazeer"};
  entry.year = 2017;
  entry.venue = "NeurIPS";
  const std::vector<Reference> read =
      paperdex::citations::decode_references(paperdex::citations::encode_references({entry}));
  REQUIRE(read.size() == 1);
  CHECK(read[0].text == entry.text);
  CHECK(read[0].id == entry.id);
  CHECK(read[0].doi == entry.doi);
  CHECK(read[0].url == entry.url);
  CHECK(read[0].title == entry.title);
  CHECK(read[0].authors == entry.authors);
  CHECK(read[0].year == 2017);
  CHECK(read[0].venue == "NeurIPS");
  CHECK(paperdex::citations::decode_references("").empty());
  CHECK(paperdex::citations::decode_references("not a list").empty());

  // Any text: quotes, backslashes, control characters, invalid UTF-8; and an
  // entry with no text at all.
  Reference odd = reference("\"Quoted\" \\emph{TeX}\ttab\x01 caf\xC3\xA9 bad\xFF byte");
  odd.authors = {"O'Brien, \"Pat\""};
  Reference bare;
  bare.year = 1999;
  const std::vector<Reference> odd_read =
      paperdex::citations::decode_references(paperdex::citations::encode_references({odd, bare}));
  REQUIRE(odd_read.size() == 2);
  CHECK(odd_read[0].text == "\"Quoted\" \\emph{TeX}\ttab\x01 caf\xC3\xA9 bad\xEF\xBF\xBD byte");
  CHECK(odd_read[0].authors == odd.authors);
  CHECK(odd_read[1].text.empty());
  CHECK(odd_read[1].year == 1999);
}

TEST_CASE("cites: and cited_by: follow references by id, DOI and title, with filters",
          "[citations][index]") {
  TempDir dir;
  const std::string path = (dir.path() / "index").string();
  SECTION("written in batches, the cited papers after the citing ones") {
    {
      paperdex::IndexWriter writer(path);
      writer.add(citing("2101.00001", 2021));
      writer.add(citing("2301.00001", 2023));
      writer.finish();
    }
    {
      // Nothing cites them yet: the papers are not in the index.
      paperdex::Searcher searcher(path);
      CHECK(ids(searcher, "cited_by:2101.00001") == Ids{});
      CHECK(ids(searcher, "cites:1706.03762") == Ids{"2101.00001", "2301.00001"});
    }
    {
      paperdex::IndexWriter writer(path);
      for (const Record& cited : {kById, kByDoi, kByTitle, kShortTitle, kTwinA, kTwinB}) {
        writer.add(cited);
      }
      writer.finish();
    }
    check_graph(path);
  }
  SECTION("in a bulk build") {
    paperdex::BulkBuilder builder(path, {});
    for (const Record& cited : {kById, kByDoi, kByTitle, kShortTitle, kTwinA, kTwinB}) {
      builder.add(Record(cited));
    }
    builder.add(citing("2101.00001", 2021));
    builder.add(citing("2301.00001", 2023));
    builder.finish();
    check_graph(path);
  }
}

TEST_CASE("metadata arriving later keeps a paper's references, a new full text replaces them",
          "[citations][index]") {
  TempDir dir;
  const std::string path = (dir.path() / "index").string();
  {
    paperdex::IndexWriter writer(path);
    writer.add(kById);
    writer.add(citing("2101.00001", 2021));
    writer.finish();
  }
  {
    paperdex::IndexWriter writer(path);
    Record metadata = paper("2101.00001", "A Survey of Sequence Models, revised", 2021);
    metadata.updated = "2021-06-01";
    writer.add(metadata);
    writer.finish();
  }
  {
    paperdex::Searcher searcher(path);
    CHECK(searcher.get("2101.00001").references.size() == 7);
    CHECK(ids(searcher, "cites:1706.03762") == Ids{"2101.00001"});
  }
  {
    paperdex::IndexWriter writer(path);
    Record again = citing("2101.00001", 2021);
    again.references = {reference("[1] Someone else. 2020.")};
    writer.add(again);
    writer.finish();
  }
  paperdex::Searcher searcher(path);
  CHECK(searcher.get("2101.00001").references.size() == 1);
  CHECK(ids(searcher, "cites:1706.03762").empty());
  CHECK(searcher.get("1706.03762").cited_by_count == 0);
}

TEST_CASE("a paper's citation terms are bounded, whatever its reference list",
          "[citations][index][limits]") {
  TempDir dir;
  const std::string path = (dir.path() / "index").string();
  Record record = citing("2101.00001", 2021);
  record.references.clear();
  for (int i = 0; i < 10000; ++i) {
    const std::string n = std::to_string(i);
    record.references.push_back(reference("[" + n + "] A. Author" + n + ". A title of paper " + n +
                                          ", with words, and more words " + n + ". Venue, 2001."));
  }
  {
    paperdex::IndexWriter writer(path);
    writer.add(record);
    writer.finish();
  }
  const Xapian::Database db(path);
  std::size_t citing_terms = 0;
  for (auto it = db.termlist_begin(1); it != db.termlist_end(1); ++it) {
    const std::string term = *it;
    const std::string_view prefix = paperdex::schema::prefix_of(term);
    if (prefix == paperdex::schema::kCitedTitlePrefix ||
        prefix == paperdex::schema::kCitedDoiPrefix || prefix == paperdex::schema::kCitedIdPrefix) {
      ++citing_terms;
    }
  }
  CHECK(citing_terms <= paperdex::citations::kMaxCitationTerms);
  CHECK(citing_terms > 1000);
  paperdex::Searcher searcher(path);
  CHECK(searcher.get("2101.00001").references.size() == 10000);
}

TEST_CASE("sort by citations lists the most cited first, then the newest", "[citations][index]") {
  TempDir dir;
  const std::string path = (dir.path() / "index").string();
  {
    paperdex::IndexWriter writer(path);
    writer.add(kById);     // cited twice
    writer.add(kByDoi);    // cited once
    writer.add(kByTitle);  // cited once, newer than kByDoi
    Record first = paper("2101.00001", "A first survey of models", 2021);
    first.body = "Text.";
    first.fulltext = R"({"source":"pdf","file":"a.pdf","pages":1})";
    first.references = {reference("[1] arXiv:1706.03762", "1706.03762"),
                        reference("[2] doi:10.1109/cvpr.2016.90", "", "10.1109/cvpr.2016.90")};
    writer.add(first);
    Record second = paper("2201.00002", "A second survey of models", 2022);
    second.body = "Text.";
    second.fulltext = first.fulltext;
    second.references = {
        reference("[1] arXiv:1706.03762", "1706.03762"),
        reference("[2] Devlin. BERT: Pre-training of deep bidirectional transformers. 2019.")};
    writer.add(second);
    writer.finish();
  }
  paperdex::Searcher searcher(path);
  paperdex::SearchRequest request;
  request.sort = paperdex::SortOrder::kCitations;
  request.limit = 10;
  const auto order = [&](const std::string& query) {
    request.query = query;
    std::vector<std::string> found;
    for (const paperdex::Hit& hit : searcher.search(request).hits) {
      found.push_back(hit.id + ":" + std::to_string(hit.paper.cited_by_count));
    }
    return found;
  };
  CHECK(order("year:2010..2030") ==
        Ids{"1706.03762:2", "1810.04805:1", "1512.03385:1", "2201.00002:0", "2101.00001:0"});
  // Words and filters choose the papers; citations order them, not relevance.
  CHECK(order("deep OR models") ==
        Ids{"1810.04805:1", "1512.03385:1", "2201.00002:0", "2101.00001:0"});
  CHECK(order("cites:1706.03762") == Ids{"2201.00002:0", "2101.00001:0"});
}
