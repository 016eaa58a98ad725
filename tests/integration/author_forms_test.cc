// Authors as people write them (author_names.h): initials, arXiv's
// Surname_Initials, transliterated umlauts, and plain queries that name an
// author, over a small index built here.
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "api.h"
#include "index_test_support.h"
#include "paperdex/searcher.h"
#include "test_support.h"

namespace {

using paperdex::test::TempDir;
using Ids = std::set<std::string>;

// Papers by name forms that must find each other, and near misses.
const paperdex::test::SnapshotRecord kPapers[] = {
    {.id = "1501.00001",
     .title = "Preventing co-adaptation of feature detectors by dropout",
     .authors = "Geoffrey E. Hinton, Nitish Srivastava"},
    {.id = "1501.00002", .title = "Sediment transport", .authors = "Thomas G. Hinton"},
    {.id = "1501.00003", .title = "Recurrent networks", .authors = "J\u00fcrgen Schmidhuber"},
    {.id = "1501.00004", .title = "Compression progress", .authors = "Juergen Schmidhuber"},
    {.id = "1501.00005", .title = "Artificial curiosity", .authors = "Jurgen Schmidhuber"},
    {.id = "1501.00006", .title = "Compilers", .authors = "Grace Hopper"},
    {.id = "1501.00007",
     .title = "Dropout revisited",
     .authors = "Gerd M\u00fcller",
     .abstract = "Dropout as a Bayesian approximation."},
    // Schölkopf as the cs harvest writes him: with the umlaut, written out,
    // without the accent, and decomposed (o and U+0308); Xue and Xu, two
    // names that no umlaut joins.
    {.id = "1501.00008", .title = "Kernel methods", .authors = "Bernhard Sch\u00f6lkopf"},
    {.id = "1501.00009", .title = "Causal inference", .authors = "Bernhard Schoelkopf"},
    {.id = "1501.00010", .title = "Two-sample tests", .authors = "Bernhard Scholkopf"},
    {.id = "1501.00011", .title = "Support vectors", .authors = "Bernhard Scho\u0308lkopf"},
    {.id = "1501.00012", .title = "Graph sampling", .authors = "Wei Xue"},
    {.id = "1501.00013", .title = "Graph coloring", .authors = "Wei Xu"},
};

// Papers of one author written with and without his middle initial, and
// the papers a plain "G. Hinton" found before it was read as a name: a
// Hinton whose middle initial is G, and a Hinton beside a G. Wilson. Deep
// and Learning are authors' names too, of two authors of one paper.
const paperdex::test::SnapshotRecord kNamePapers[] = {
    {.id = "1503.02531",
     .title = "Distilling the knowledge in a neural network",
     .authors = "Geoffrey Hinton, Oriol Vinyals, Jeff Dean"},
    {.id = "1207.0580",
     .title = "Improving neural networks by preventing co-adaptation",
     .authors = "Geoffrey E. Hinton, Nitish Srivastava"},
    {.id = "0907.1597",
     .title = "Beyond no free lunch",
     .authors = "James A. R. Marshall, Thomas G. Hinton"},
    {.id = "0911.1743",
     .title = "Analysis of peeling decoder for MET ensembles",
     .authors = "Ryan Hinton, Stephen G. Wilson"},
    {.id = "1601.00001",
     .title = "Deep learning on graph neural networks",
     .authors = "Deep Ganguli, Grace Learning"},
    {.id = "1601.00002",
     .title = "Graph neural networks for deep learning",
     .authors = "Ada Lovelace"},
};

class AuthorIndex {
 public:
  AuthorIndex() : AuthorIndex(kPapers) {}
  template <std::size_t N>
  explicit AuthorIndex(const paperdex::test::SnapshotRecord (&papers)[N]) {
    std::string lines;
    for (const auto& paper : papers) lines += paperdex::test::snapshot_json(paper);
    paperdex::test::write_file(dir_ / "papers.jsonl", lines);
    std::string log;
    INFO(log);
    REQUIRE(paperdex::test::index_files((dir_ / "index").string(),
                                        {(dir_ / "papers.jsonl").string()}, &log) == 0);
  }
  paperdex::Searcher searcher() const { return paperdex::Searcher(path()); }
  std::string path() const { return (dir_ / "index").string(); }

 private:
  TempDir dir_;
};

std::vector<std::string> ids_of(const paperdex::SearchResult& result) {
  std::vector<std::string> ids;
  for (const paperdex::Hit& hit : result.hits) ids.push_back(hit.id);
  return ids;
}

Ids found(paperdex::Searcher& searcher, paperdex::SearchRequest request) {
  request.limit = 20;
  const std::vector<std::string> ids = ids_of(searcher.search(request));
  return Ids(ids.begin(), ids.end());
}

}  // namespace

TEST_CASE("author: and au: find a name written with initials or another spelling", "[authors]") {
  const AuthorIndex index;
  paperdex::Searcher searcher = index.searcher();
  const Ids geoffrey{"1501.00001"};
  const Ids schmidhuber_all{"1501.00003", "1501.00004", "1501.00005"};
  const Ids schoelkopf_all{"1501.00008", "1501.00009", "1501.00010", "1501.00011"};
  const struct {
    const char* query;
    Ids ids;
  } cases[] = {
      {"au:Hinton_G", geoffrey},
      {"au:Hinton_GE", geoffrey},
      {"au:\"G. Hinton\"", geoffrey},
      {"au:\"Hinton, G.\"", geoffrey},
      {"au:\"Hinton G\"", geoffrey},
      {"author:\"G.E. Hinton\"", geoffrey},
      {"au:\"T. Hinton\"", {"1501.00002"}},
      {"au:hinton", {"1501.00001", "1501.00002"}},
      {"au:Schmidhuber_J", schmidhuber_all},
      {"au:\"J. Schmidhuber\"", schmidhuber_all},
      // Jürgen is written Juergen and Jurgen, and either spelling of the
      // index's Jürgen finds all three.
      {"author:\"J\u00fcrgen Schmidhuber\"", schmidhuber_all},
      {"au:J\u00fcrgen", schmidhuber_all},
      {"au:Juergen", schmidhuber_all},
      {"au:Sch\u00f6lkopf", schoelkopf_all},
      {"au:Schoelkopf", schoelkopf_all},
      {"au:Scho\u0308lkopf", schoelkopf_all},
      {"au:\"Bernhard Schoelkopf\"", schoelkopf_all},
      {"au:Schoelkopf_B", schoelkopf_all},
      {"au:\"B. Schoelkopf\"", schoelkopf_all},
      {"schoelkopf", schoelkopf_all},
      // A written-out umlaut the index has no name for stays letters: Xue is not Xu.
      {"au:Xue", {"1501.00012"}},
      {"au:Xu", {"1501.00013"}},
      {"au:Mueller_G", {"1501.00007"}},
      {"au:\"Grace Hopper\"", {"1501.00006"}},
      {"au:\"G. Hopper\"", {"1501.00006"}},
  };
  for (const auto& row : cases) {
    INFO(row.query);
    paperdex::SearchRequest request;
    request.query = row.query;
    CHECK(found(searcher, request) == row.ids);
  }
}

TEST_CASE("the author filter takes initials and spellings, with the note naming the authors meant",
          "[authors]") {
  const AuthorIndex index;
  paperdex::Searcher searcher = index.searcher();
  paperdex::SearchRequest request;
  request.authors = {"G. Hinton"};
  const paperdex::SearchResult initials = searcher.search(request);
  CHECK(ids_of(initials) == std::vector<std::string>{"1501.00001"});
  REQUIRE(initials.notes.size() == 1);
  CHECK(paperdex::test::contains(initials.notes[0], "nearest names: Geoffrey E. Hinton (1)"));

  request.authors = {"Juergen Schmidhuber"};
  const paperdex::SearchResult spelled = searcher.search(request);
  // The filter is parsed without the index's terms, so it reads no umlaut
  // into Juergen (au:Juergen does): Jurgen is not among its papers.
  CHECK(found(searcher, request) == Ids{"1501.00003", "1501.00004"});
  REQUIRE(spelled.notes.empty());  // a whole name of the index
}

TEST_CASE("a plain query searches author names too, ranked beside the text", "[authors]") {
  const AuthorIndex index;
  paperdex::Searcher searcher = index.searcher();
  paperdex::SearchRequest request;
  request.query = "hinton dropout";
  request.limit = 20;
  const paperdex::SearchResult result = searcher.search(request);
  REQUIRE_FALSE(result.hits.empty());
  CHECK(result.hits.front().id == "1501.00001");
  // A name alone finds the author's papers; its other spelling too.
  request.query = "schmidhuber";
  CHECK(found(searcher, request) == Ids{"1501.00003", "1501.00004", "1501.00005"});
  request.query = "m\u00fcller";
  CHECK(found(searcher, request) == Ids{"1501.00007"});
}

TEST_CASE("a plain query that is an author's name finds that author's papers first, with a note",
          "[authors]") {
  const AuthorIndex index(kNamePapers);
  paperdex::Searcher searcher = index.searcher();
  const Ids geoffrey{"1503.02531", "1207.0580"};
  const Ids words_g_hinton{"0907.1597", "0911.1743"};  // "g" and "hinton" in their authors
  for (const char* query : {"G. Hinton", "Hinton, G.", "Hinton G", "g hinton", "Hinton_G",
                            "Geoffrey Hinton", "Hinton, Geoffrey", "hinton geoffrey"}) {
    INFO(query);
    paperdex::SearchRequest request;
    request.query = query;
    request.limit = 20;
    const paperdex::SearchResult result = searcher.search(request);
    const std::vector<std::string> ids = ids_of(result);
    REQUIRE(ids.size() >= 2);
    CHECK(Ids(ids.begin(), ids.begin() + 2) == geoffrey);
    REQUIRE(result.notes.size() == 1);
    CHECK(paperdex::test::contains(result.notes[0],
                                   "as an author's name, author:\"" + std::string(query) + "\""));
    CHECK(paperdex::test::contains(result.notes[0], "write all:(" + std::string(query) + ")"));
    // Written as the note says, the words alone.
    request.query = "all:(" + std::string(query) + ")";
    const paperdex::SearchResult words = searcher.search(request);
    CHECK(words.notes.empty());
    if (std::string(query).find("eoffrey") == std::string::npos &&
        std::string(query) != "Hinton_G") {
      // The words still match, after the author's papers: the papers
      // "G. Hinton" found before it was read as a name.
      CHECK(Ids(ids.begin() + 2, ids.end()) == words_g_hinton);
      CHECK(found(searcher, request) == words_g_hinton);
    }
  }
}

TEST_CASE("a plain query is read as a name only when one author's name has its words",
          "[authors]") {
  const AuthorIndex index(kNamePapers);
  paperdex::Searcher searcher = index.searcher();
  paperdex::SearchRequest request;
  request.limit = 20;
  // Deep Ganguli is an author: his name is read as his.
  request.query = "Deep Ganguli";
  const paperdex::SearchResult name = searcher.search(request);
  REQUIRE(name.notes.size() == 1);
  CHECK(paperdex::test::contains(name.notes[0], "as an author's name"));
  // Deep and Learning are names of two authors of one paper, not of one;
  // graph and neural are no one's.
  for (const char* query : {"graph neural", "deep learning", "Deep Learning"}) {
    INFO(query);
    request.query = query;
    const paperdex::SearchResult result = searcher.search(request);
    CHECK(result.notes.empty());
    CHECK(found(searcher, request) == Ids{"1601.00001", "1601.00002"});
  }
  // A surname with an initial that no author of that surname has: words.
  request.query = "Q. Hinton";
  CHECK(searcher.search(request).notes.empty());
}

TEST_CASE("the note of a name read as an author reaches the HTTP API's JSON", "[authors][serve]") {
  const AuthorIndex index(kNamePapers);
  paperdex::serve::ApiSettings settings;
  settings.databases = {index.path()};
  paperdex::serve::Api api(settings);
  const paperdex::serve::HttpResponse response =
      api.handle(paperdex::serve::HttpRequest{"GET", "/search?q=G.+Hinton", {}});
  REQUIRE(response.status == 200);
  const nlohmann::json json = nlohmann::json::parse(response.body);
  REQUIRE(json["notes"].size() == 1);
  CHECK(paperdex::test::contains(json["notes"][0].get<std::string>(),
                                 "read 'G. Hinton' as an author's name, author:\"G. Hinton\""));
  REQUIRE(json["hits"].size() == 4);
  CHECK(Ids{json["hits"][0]["id"].get<std::string>(), json["hits"][1]["id"].get<std::string>()} ==
        Ids{"1503.02531", "1207.0580"});
}

TEST_CASE("the author facet counts a name with and without its middle initial as one author",
          "[authors][facets]") {
  const paperdex::test::SnapshotRecord papers[] = {
      {.id = "1601.00011", .title = "Dropout networks", .authors = "Geoffrey E. Hinton"},
      {.id = "1601.00012", .title = "Capsule networks", .authors = "Geoffrey E. Hinton"},
      {.id = "1601.00013", .title = "Distilling networks", .authors = "Geoffrey Hinton"},
      {.id = "1601.00014", .title = "Sediment networks", .authors = "Thomas G. Hinton"},
      {.id = "1601.00015", .title = "Kernel networks", .authors = "Ada F. Lovelace"},
      {.id = "1601.00016", .title = "Engine networks", .authors = "Ada G. Lovelace"},
      {.id = "1601.00017", .title = "Analytic networks", .authors = "Ada Lovelace"},
  };
  const AuthorIndex index(papers);
  paperdex::Searcher searcher = index.searcher();
  paperdex::SearchRequest request;
  request.query = "networks";
  request.author_facet = true;
  const paperdex::SearchResult result = searcher.search(request);
  std::vector<std::pair<std::string, std::size_t>> facet;
  for (const paperdex::FacetCount& author : result.author_facets) {
    facet.emplace_back(author.value, author.count);
  }
  // Ada Lovelace could be either Ada F. or Ada G.: three authors there.
  CHECK(facet == std::vector<std::pair<std::string, std::size_t>>{{"Geoffrey E. Hinton", 3},
                                                                  {"Ada F. Lovelace", 1},
                                                                  {"Ada G. Lovelace", 1},
                                                                  {"Ada Lovelace", 1},
                                                                  {"Thomas G. Hinton", 1}});
  // The facet's drill-down finds what it counted, from either form.
  for (const char* name : {"Geoffrey E. Hinton", "Geoffrey Hinton"}) {
    INFO(name);
    paperdex::SearchRequest drill;
    drill.authors = {name};
    CHECK(found(searcher, drill) == Ids{"1601.00011", "1601.00012", "1601.00013"});
    CHECK(searcher.search(drill).notes.empty());
  }
  paperdex::SearchRequest ada;
  ada.authors = {"Ada Lovelace"};
  CHECK(found(searcher, ada) == Ids{"1601.00017"});
}
