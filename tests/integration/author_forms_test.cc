// Authors as people write them (author_names.h): initials, arXiv's
// Surname_Initials, transliterated umlauts, and plain queries that name an
// author, over a small index built here.
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

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
};

class AuthorIndex {
 public:
  AuthorIndex() {
    std::string lines;
    for (const auto& paper : kPapers) lines += paperdex::test::snapshot_json(paper);
    paperdex::test::write_file(dir_ / "papers.jsonl", lines);
    std::string log;
    INFO(log);
    REQUIRE(paperdex::test::index_files((dir_ / "index").string(),
                                        {(dir_ / "papers.jsonl").string()}, &log) == 0);
  }
  paperdex::Searcher searcher() const { return paperdex::Searcher((dir_ / "index").string()); }

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
      // Jürgen is written Juergen and Jurgen; Juergen is how Jürgen is written out.
      {"author:\"J\u00fcrgen Schmidhuber\"", schmidhuber_all},
      {"au:J\u00fcrgen", schmidhuber_all},
      {"au:Juergen", {"1501.00003", "1501.00004"}},
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
