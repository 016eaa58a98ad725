// Hit::passage (#50 item 4): the best passage of a paper's body, cut and
// highlighted by the snippets' Highlighter, with the page and section its
// matches begin in (results/passage.h); read only when the query searches
// bodies and the paper has one. The shared PDFs: integration/passage_test.cc.
#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include <xapian.h>

#include "paperdex/common/analyzer.h"
#include "paperdex/common/record.h"
#include "paperdex/common/schema.h"
#include "paperdex/indexer/index_writer.h"
#include "paperdex/searcher.h"
#include "results/highlighter.h"
#include "results/passage.h"
#include "test_support.h"

namespace {

using paperdex::Passage;
using paperdex::Record;
using paperdex::test::TempDir;

// Three pages; the sentence about gradients is on page 2, in section "2
// Method"; page 3 has the same words, scattered and out of order.
const std::string kPageOne =
    "Learning to rank passages\nWe study how readers remember what they read in papers.\f";
const std::string kPageTwo =
    "2 Method\nThe model is trained with clipped gradients on long sequences of text. "
    "It reads each page once.\f";
const std::string kPageThree =
    "3 Results\nSequences were long; the gradients of the text model were never clipped, "
    "and training took a day.\f";

Record paper_with_body() {
  Record record;
  record.id = "2101.00001";
  record.title = "Learning to rank passages";
  record.abstract = "Readers remember sentences from the papers they read.";
  record.authors = {"Ada Lovelace"};
  record.year = 2021;
  record.body = kPageOne + kPageTwo + kPageThree;
  const std::size_t two = kPageOne.size(), three = two + kPageTwo.size();
  record.fulltext = R"({"source":"pdf","file":"2101.00001.pdf","pages":3,"words":40,)"
                    R"("sections":[{"title":"2 Method","offset":)" +
                    std::to_string(two) + R"(},{"title":"3 Results","offset":)" +
                    std::to_string(three) + R"(}],"page_offsets":[0,)" + std::to_string(two) + "," +
                    std::to_string(three) + "]}";
  return record;
}

Record paper_without_body() {
  Record record;
  record.id = "2101.00002";
  record.title = "Clipped gradients for sequences of text";
  record.abstract = "The model is trained with clipped gradients on long sequences of text.";
  record.year = 2021;
  return record;
}

std::string build_index(const TempDir& dir) {
  const std::string path = (dir.path() / "index").string();
  paperdex::IndexWriter writer(path);
  writer.add(paper_with_body());
  writer.add(paper_without_body());
  writer.finish();
  return path;
}

const paperdex::Hit* hit_of(const paperdex::SearchResult& result, const std::string& id) {
  for (const paperdex::Hit& hit : result.hits) {
    if (hit.id == id) return &hit;
  }
  return nullptr;
}

paperdex::SearchResult search(const std::string& path, const std::string& query) {
  paperdex::Searcher searcher(path);
  paperdex::SearchRequest request;
  request.query = query;
  request.snippet_bytes = 60;
  return searcher.search(request);
}

// The marked parts of a passage, lower-cased, joined by spaces.
std::string marked(const Passage& passage) {
  std::string words;
  for (const auto& [begin, end] : passage.spans) {
    if (!words.empty()) words += ' ';
    for (std::size_t i = begin; i < end; ++i) {
      words += static_cast<char>(std::tolower(static_cast<unsigned char>(passage.text[i])));
    }
  }
  return words;
}

// The snippets' Highlighter of a query's plain words, as a search makes it.
paperdex::detail::Highlighter highlighter_of(const paperdex::Analyzer& analyzer,
                                             const std::string& words) {
  std::vector<std::string> terms, stems;
  for (const paperdex::Token& token : analyzer.tokenize(words)) {
    terms.push_back(token.term);
    stems.push_back(token.stem);
  }
  return paperdex::detail::Highlighter(analyzer, terms, stems);
}

}  // namespace

TEST_CASE("a sentence of a body gives the passage holding it with its page and section",
          "[passage]") {
  TempDir dir;
  const std::string path = build_index(dir);
  const paperdex::SearchResult result =
      search(path, "trained with clipped gradients on long sequences");
  const paperdex::Hit* hit = hit_of(result, "2101.00001");
  REQUIRE(hit != nullptr);
  const Passage& passage = hit->passage;
  INFO(passage.text);
  CHECK(passage.text.find("trained with clipped gradients on long sequences") != std::string::npos);
  CHECK(passage.page == 2);
  CHECK(passage.section == "2 Method");
  CHECK(marked(passage).find("trained with clipped gradients on long sequences") !=
        std::string::npos);
  // One line: page and paragraph breaks read as spaces.
  CHECK(passage.text.find_first_of("\n\f") == std::string::npos);
  // The paper without a body has none, though its abstract matched.
  const paperdex::Hit* other = hit_of(result, "2101.00002");
  REQUIRE(other != nullptr);
  CHECK(other->passage.text.empty());
  CHECK(other->passage.page == 0);
}

TEST_CASE("body: finds the passage and a query that searches no body gives none", "[passage]") {
  TempDir dir;
  const std::string path = build_index(dir);
  {
    const paperdex::SearchResult result = search(path, "body:\"never clipped\"");
    REQUIRE(result.hits.size() == 1);
    const Passage& passage = result.hits[0].passage;
    INFO(passage.text);
    CHECK(passage.page == 3);
    CHECK(passage.section == "3 Results");
    CHECK(marked(passage) == "never clipped");  // the phrase, one span
  }
  {
    // The words are in the body, but title: searches titles alone.
    const paperdex::SearchResult result = search(path, "title:passages");
    REQUIRE(result.hits.size() == 1);
    CHECK(result.hits[0].passage.text.empty());
  }
  {
    // abstract: (text:) does not search bodies either.
    const paperdex::SearchResult result = search(path, "abstract:readers");
    REQUIRE_FALSE(result.hits.empty());
    for (const paperdex::Hit& hit : result.hits) CHECK(hit.passage.text.empty());
  }
  {
    // A word only the first page has.
    const paperdex::SearchResult result = search(path, "remember");
    const paperdex::Hit* hit = hit_of(result, "2101.00001");
    REQUIRE(hit != nullptr);
    CHECK(hit->passage.page == 1);
    CHECK(hit->passage.section.empty());  // before the first section
  }
}

TEST_CASE("passage places come from the body's page offsets and sections", "[passage]") {
  const std::string facts = R"({"source":"latex","sections":[{"title":"Intro","offset":0},)"
                            R"({"title":"Proofs","offset":100}],"page_offsets":[0,50,120]})";
  CHECK(paperdex::detail::place_in_body(facts, 0).page == 1);
  CHECK(paperdex::detail::place_in_body(facts, 49).page == 1);
  CHECK(paperdex::detail::place_in_body(facts, 50).page == 2);
  CHECK(paperdex::detail::place_in_body(facts, 500).page == 3);
  CHECK(paperdex::detail::place_in_body(facts, 99).section == "Intro");
  CHECK(paperdex::detail::place_in_body(facts, 100).section == "Proofs");
  const auto none = paperdex::detail::place_in_body(R"({"source":"latex","sections":[]})", 10);
  CHECK(none.page == 0);
  CHECK(none.section.empty());
  CHECK(paperdex::detail::place_in_body("not json", 10).page == 0);
}

TEST_CASE("of passages with every word the one with them in order is chosen", "[passage]") {
  const paperdex::Analyzer analyzer;
  const std::vector<std::string> words = {"the", "gradients", "were", "clipped"};
  std::vector<std::string> terms, stems;
  for (const std::string& word : words) {
    for (const paperdex::Token& token : analyzer.tokenize(word)) {
      terms.push_back(token.term);
      stems.push_back(token.stem);
    }
  }
  const std::string text =
      "were the gradients clipped? the answer: they were. and then "
      "the weights were set. "
      "after that the gradients were clipped and the run went on.";
  const paperdex::detail::Highlighter loose(analyzer, terms, stems);
  const paperdex::detail::Highlighter ordered(analyzer, terms, stems, {}, stems);
  const paperdex::detail::Excerpt first = loose.excerpt(text, 30);
  const paperdex::detail::Excerpt best = ordered.excerpt(text, 30);
  INFO(first.text.text);
  INFO(best.text.text);
  CHECK(best.text.text.find("the gradients were clipped") != std::string::npos);
  CHECK(best.match_offset == text.find("the gradients were clipped"));
  // Without the order, the earliest passage with every word wins.
  CHECK(first.text.text.find("the gradients were clipped") == std::string::npos);
  CHECK(first.match_offset < text.find("the answer"));
}

TEST_CASE("only papers with a body term of the query outside its exclusions matched in a body",
          "[passage]") {
  TempDir dir;
  const Xapian::Database db(build_index(dir));
  const std::string gradient =
      paperdex::schema::make_term(paperdex::schema::kBodyPrefix, "gradient");
  const std::string title_word =
      paperdex::schema::make_term(paperdex::schema::kTitlePrefix, "clip");
  // Both papers have the word; only one has it in a body.
  REQUIRE(db.get_termfreq(gradient) == 1);
  const Xapian::docid with_body = *db.postlist_begin(gradient);
  const Xapian::docid without_body = with_body == 1 ? 2 : 1;
  const std::vector<Xapian::docid> page = {without_body, with_body};  // not in docid order
  using paperdex::detail::matched_in_body;
  using Query = Xapian::Query;
  CHECK(matched_in_body(db, Query(Query::OP_OR, Query(title_word), Query(gradient)), page) ==
        std::vector<bool>{false, true});
  // A body term in a phrase or synonym counts; one in what is excluded does not.
  CHECK(matched_in_body(db, Query(Query::OP_SYNONYM, Query(gradient), Query("Bnone")), page) ==
        std::vector<bool>{false, true});
  CHECK(matched_in_body(db, Query(Query::OP_AND_NOT, Query(title_word), Query(gradient)), page) ==
        std::vector<bool>{false, false});
  // A query of no body term matched no body, even the paper's with one.
  CHECK(matched_in_body(db, Query(title_word), page) == std::vector<bool>{false, false});
  CHECK(matched_in_body(db, Query(gradient), {}).empty());
}

TEST_CASE("of a body whose paragraphs all hold a query word the one holding most is the passage",
          "[passage]") {
  const paperdex::Analyzer analyzer;
  const paperdex::detail::Highlighter highlighter =
      highlighter_of(analyzer, "sparse attention kernels");
  // 500 paragraphs holding one word each, then the one holding all three,
  // then 500 more: only the paragraphs holding most words are analysed, and
  // the passage is still the best one, with its place.
  std::string body;
  for (int i = 0; i < 500; ++i) body += "Paragraph " + std::to_string(i) + " is about attention.\n";
  const std::size_t best = body.size();
  body += "We write sparse attention kernels for long inputs.\n";
  for (int i = 0; i < 500; ++i) body += "Paragraph " + std::to_string(i) + " uses kernels.\n";
  const std::string facts = R"({"source":"latex","sections":[{"title":"Kernels","offset":)" +
                            std::to_string(best) + "}]}";
  const Passage passage = paperdex::detail::body_passage(highlighter, body, facts, 60);
  INFO(passage.text);
  CHECK(passage.text.find("sparse attention kernels") != std::string::npos);
  CHECK(marked(passage).find("sparse attention kernels") != std::string::npos);
  CHECK(passage.section == "Kernels");
}

TEST_CASE("a non-ASCII query word is found in a body however late and in whatever case",
          "[passage]") {
  const paperdex::Analyzer analyzer;
  const paperdex::detail::Highlighter highlighter = highlighter_of(analyzer, "συστήματα");
  // The byte look cannot see the word written in capitals: every paragraph
  // is analysed, not the first few.
  std::string body;
  for (int i = 0; i < 40; ++i) body += "Paragraph " + std::to_string(i) + " says nothing.\n";
  body += "Τα ΣΥΣΤΗΜΑΤΑ μάθησης.\n";
  const Passage passage = paperdex::detail::body_passage(highlighter, body, "{}", 60);
  INFO(passage.text);
  CHECK(passage.text.find("ΣΥΣΤΗΜΑΤΑ") != std::string::npos);
  CHECK_FALSE(passage.spans.empty());
}

TEST_CASE("in one long paragraph the passage is around its words, never joining far-apart ones",
          "[passage]") {
  // One paragraph of ~30 KB: "Sparse" in capitals near its start, "attention"
  // and "kernels" together near its end, plain words between. Only the text
  // around the words is analysed; the best window is the one with two words,
  // and it holds no text from the other place.
  std::string filler;
  for (int i = 0; i < 2000; ++i) filler += "plain" + std::to_string(i % 97) + " words ";
  const std::string body = "Intro. Sparse matrices first. " + filler +
                           "then the attention kernels run on long inputs. The end.\n";
  const paperdex::Analyzer analyzer;
  const paperdex::detail::Highlighter highlighter =
      highlighter_of(analyzer, "sparse attention kernels");
  const Passage passage = paperdex::detail::body_passage(highlighter, body, "{}", 60);
  INFO(passage.text);
  CHECK(passage.text.find("attention kernels") != std::string::npos);
  CHECK(passage.text.find("Sparse") == std::string::npos);
  CHECK(marked(passage) == "attention kernels");
  // One stretch of the body, as it is there, its line breaks read as
  // spaces (the pieces analysed are apart).
  std::string one_line = body;
  std::replace(one_line.begin(), one_line.end(), '\n', ' ');
  std::string stretch = passage.text;
  const std::string_view ellipsis = "\u2026";
  if (stretch.starts_with(ellipsis)) stretch.erase(0, ellipsis.size());
  if (stretch.ends_with(ellipsis)) stretch.erase(stretch.size() - ellipsis.size());
  CHECK(one_line.find(stretch) != std::string::npos);
  // A word in capitals is found: alone, "Sparse" gives its own passage.
  const paperdex::detail::Highlighter sparse_only(analyzer, {"sparse"}, {"spars"});
  const Passage sparse = paperdex::detail::body_passage(sparse_only, body, "{}", 60);
  INFO(sparse.text);
  CHECK(sparse.text.find("Sparse matrices") != std::string::npos);
}
