// What titles add to the ranking (searcher/src/query/title_bonus.h): a query
// that is a paper's whole title, as written or as people cite it, finds that
// paper first, and a paper whose title holds the query's words ranks above
// one whose abstract repeats them, as does a paper by the author a query
// names with a word of its title or abstract.
// The bonus adds weight, never matches (a title as cited aside: its paper
// matches besides the words), and is not part of the parsed query.
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "index_test_support.h"
#include "paperdex/indexer/index_writer.h"
#include "paperdex/searcher.h"

namespace {

paperdex::Record paper(std::string id, int year, std::string title, std::string abstract) {
  paperdex::Record record;
  record.id = std::move(id);
  record.title = std::move(title);
  record.abstract = std::move(abstract);
  record.authors = {"Ada Lovelace"};
  record.subjects = {"cs.LG"};
  record.year = year;
  record.submitted = std::to_string(year) + "-06-01";
  return record;
}

// Each pair: the paper people look for, and one its words weigh more in
// (they fill a short abstract) whose title does not hold them all.
const paperdex::test::SharedIndex& titled_papers() {
  static const paperdex::test::SharedIndex index([](paperdex::IndexWriter& writer) {
    writer.add(paper("1406.2661", 2014, "Generative Adversarial Networks",
                     "We propose a framework for estimating models via a contest of two models, "
                     "trained together on images, text and sound."));
    writer.add(paper("1602.05110", 2016, "Generating images with recurrent adversarial networks",
                     "Generative adversarial networks; generative adversarial networks."));
    // Cited as "Generative Adversarial Nets" by this paper, whose own title
    // holds those words.
    writer.add(paper("1411.1784", 2014, "Conditional Generative Adversarial Nets",
                     "Generative adversarial nets were introduced as a way to train models; "
                     "we condition both nets on labels."));
    writer.add(paper("1101.00001", 2011, "Program Verification of Numerical Computation",
                     "We verify floating point programs with a proof assistant, step by step, "
                     "for several libraries of numerical routines used in science."));
    writer.add(paper("1101.00002", 2011, "Program verification of numerical computation - Part 2",
                     "Program verification of numerical computation, continued."));
    writer.add(paper("1301.00003", 2013, "Sparse coding of spoken words",
                     "Dictionary learning for speech recognition."));
    writer.add(paper("1301.00004", 2013, "A survey",
                     "Sparse coding of speech; sparse coding of words; sparse speech coding."));
    paperdex::Record hinton = paper("1205.00005", 2012, "Boltzmann machines for ratings",
                                    "Restricted models of what users liked.");
    hinton.authors = {"Geoffrey E. Hinton"};
    writer.add(hinton);
    writer.add(
        paper("1205.00006", 2012, "Energy based models",
              "Boltzmann machines as Hinton trained them; Boltzmann machines after Hinton."));
    // Hinton's paper on dropout does not name it in its title; two later
    // papers cite it by his name, with the word in their text twice.
    paperdex::Record dropout =
        paper("1207.00007", 2012, "Improving neural networks by preventing co-adaptation",
              "Omitting half of the units at random, dropout, on each "
              "training case keeps them from co-adapting.");
    dropout.authors = {"Geoffrey E. Hinton", "Nitish Srivastava"};
    writer.add(dropout);
    writer.add(paper("1306.00008", 2013, "Noise as a regularizer",
                     "Dropout (Hinton et al., 2012) as noise; dropout after Hinton."));
    writer.add(paper("1412.00009", 2014, "Pseudo-ensembles",
                     "Dropout (Hinton et al., 2012) perturbs a model; dropout again."));
  });
  return index;
}

paperdex::SearchResult search(const std::string& query, std::vector<std::string> years = {}) {
  paperdex::Searcher searcher(titled_papers().path());
  paperdex::SearchRequest request;
  request.query = query;
  request.years = std::move(years);
  request.explain = true;
  return searcher.search(request);
}

std::vector<std::string> ids(const paperdex::SearchResult& result) {
  std::vector<std::string> found;
  for (const paperdex::Hit& hit : result.hits) found.push_back(hit.id);
  return found;
}

double title_share(const paperdex::Hit& hit) {
  double share = 0;
  for (const paperdex::TermContribution& part : hit.explanation) {
    if (part.field == "title") share += part.weight;
  }
  return share;
}

}  // namespace

TEST_CASE("a query that is a paper's whole title finds that paper first", "[known-item]") {
  // Case, punctuation and a trailing full stop aside, as people paste titles.
  for (const std::string& query :
       {std::string("generative adversarial networks"), std::string("Generative Adversarial "
                                                                    "Networks.")}) {
    INFO(query);
    const paperdex::SearchResult found = search(query);
    REQUIRE(ids(found) == std::vector<std::string>{"1406.2661", "1602.05110"});
    const paperdex::TermContribution& first = found.hits[0].explanation.front();
    CHECK(first.field == "title");
    CHECK(first.term == "(the whole query)");
    // The parsed query says what matches; the bonus is a weight.
    CHECK(found.parsed_query.find("text:generat") != std::string::npos);
    CHECK(found.parsed_query.find("title") == std::string::npos);
  }
  // The title with more after it is not the whole title.
  const paperdex::SearchResult verification =
      search("program verification of numerical computation");
  REQUIRE(verification.hits.size() == 2);
  CHECK(verification.hits[0].id == "1101.00001");
  // Words of a title in another order are not that title.
  const paperdex::SearchResult reordered = search("networks adversarial generative");
  REQUIRE(reordered.hits.size() == 2);
  CHECK(reordered.hits[0].id == "1602.05110");
  for (const paperdex::Hit& hit : reordered.hits) CHECK(title_share(hit) < 100);
}

TEST_CASE("the title bonus adds weight, never matches", "[known-item]") {
  // The paper titled so is outside the filter: it stays out.
  CHECK(ids(search("generative adversarial networks", {"2016"})) ==
        std::vector<std::string>{"1602.05110"});
  // As many papers match as without it.
  CHECK(search("generative adversarial networks").total == 2);
}

TEST_CASE("a paper whose title holds the query's words ranks above one whose abstract repeats them",
          "[known-item]") {
  const paperdex::SearchResult found = search("sparse coding words");
  REQUIRE(ids(found).size() == 2);
  CHECK(found.hits[0].id == "1301.00003");
  CHECK(title_share(found.hits[0]) > 0);
  CHECK(title_share(found.hits[1]) == 0);
  // The scores add up: the title's share is part of the score.
  double sum = 0;
  for (const paperdex::TermContribution& part : found.hits[0].explanation) sum += part.weight;
  CHECK(sum == Approx(found.hits[0].score));
}

TEST_CASE("a surname and a word of the title find that author's paper first", "[known-item]") {
  // The other paper has both words in its abstract, twice; this one has the
  // surname among its authors and the word in its title.
  const paperdex::SearchResult found = search("hinton boltzmann");
  REQUIRE(ids(found) == std::vector<std::string>{"1205.00005", "1205.00006"});
  double sum = 0;
  for (const paperdex::TermContribution& part : found.hits[0].explanation) sum += part.weight;
  CHECK(sum == Approx(found.hits[0].score));
  // The author filter keeps its exact meaning.
  CHECK(ids(search("boltzmann author:hinton")) == std::vector<std::string>{"1205.00005"});
}

TEST_CASE("a surname and a word of the abstract find that author's paper above papers citing it",
          "[known-item]") {
  // "hinton" is a name in 2 papers and a word in 3: its name weighs by
  // that share (schema.h kAuthorWordsPerNameShare), not a fifth alone.
  const paperdex::SearchResult found = search("hinton dropout");
  REQUIRE(ids(found).size() == 3);
  CHECK(ids(found)[0] == "1207.00007");
  double names = 0;
  for (const paperdex::TermContribution& part : found.hits[0].explanation) {
    if (part.field == "author") names += part.weight;
  }
  CHECK(names > found.hits[0].score / 2);
}

TEST_CASE("a plain word searches the names only where some author's name has it", "[known-item]") {
  // No author is called Boltzmann: its name alternative is left out, not
  // searched in every pass of the search.
  const paperdex::SearchResult found = search("hinton boltzmann");
  INFO(found.parsed_query);
  CHECK(found.parsed_query == "(text:hinton OR author:hinton) AND text:boltzmann");
  // As many papers match as with the alternative: it could match none.
  CHECK(found.total == 2);
}

TEST_CASE("a title as people cite it finds its paper first", "[known-item]") {
  // A word shortened ("nets" for "networks") or inflected ("network"), the
  // words' order and beginnings kept: the paper matches though its words do
  // not all, and ranks above the paper whose title holds the query.
  for (const std::string& query : {std::string("generative adversarial nets"),
                                   std::string("Generative adversarial network")}) {
    INFO(query);
    const paperdex::SearchResult found = search(query);
    REQUIRE_FALSE(found.hits.empty());
    CHECK(found.hits[0].id == "1406.2661");
    CHECK(found.hits[0].explanation.front().term == "(the query, as titles are cited)");
    // What matches is said in words; the sketch has none.
    CHECK(found.parsed_query.find("cited") == std::string::npos);
  }
  CHECK(ids(search("generative adversarial nets")) ==
        std::vector<std::string>{"1406.2661", "1411.1784"});
  // The paper titled exactly so still comes first.
  CHECK(ids(search("conditional generative adversarial nets")).front() == "1411.1784");
  // Filters keep it out; other orders and fewer words are not its title.
  // (The 2016 paper has two of the words: the any-word reading finds it.)
  CHECK(ids(search("generative adversarial nets", {"2016"})) ==
        std::vector<std::string>{"1602.05110"});
  CHECK(ids(search("nets adversarial generative")) == std::vector<std::string>{"1411.1784"});
  CHECK(ids(search("adversarial nets")) == std::vector<std::string>{"1411.1784"});
}
