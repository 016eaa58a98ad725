// Extreme but valid records go into the index (fields over their limits cut,
// with a message); broken ones are skipped with their line, and the good
// records around them are kept.
#include <fstream>
#include <sstream>

#include <catch2/catch.hpp>

#include "index_test_support.h"
#include "paperdex/searcher.h"
#include "test_support.h"

namespace {

using paperdex::test::TempDir;

std::string snapshot_line(const std::string& id, const std::string& title,
                          const std::string& authors, const std::string& abstract) {
  return R"({"id":")" + id + R"(","authors":")" + authors + R"(","title":")" + title +
         R"(","categories":"cs.DS","abstract":")" + abstract +
         R"(","versions":[{"version":"v1","created":"Mon, 5 Jan 2015 10:00:00 GMT"}]})";
}

}  // namespace

TEST_CASE("huge fields, 10,000 authors and over-long terms index, and bad lines are skipped",
          "[bad-input]") {
  TempDir dir;
  const auto corpus = dir / "extreme.jsonl";
  {
    std::ofstream out(corpus);
    std::string many_authors;
    for (int i = 0; i < 10000; ++i)
      many_authors += (i ? ", " : "") + std::string("Author") + std::to_string(i);
    std::string huge_abstract;
    // Under the 16 MiB a record's line may take, far over the abstract's 64 KiB.
    while (huge_abstract.size() < 10'000'000) huge_abstract += "graphene lattice phonon ";
    const std::string long_word(400, 'x');  // one token far over Xapian's 245-byte term limit
    out << snapshot_line("1501.00001", "Ten thousand authors", many_authors, "collaboration")
        << '\n'
        << R"({"id": 42, "title": "wrong type"})" << '\n'
        << snapshot_line("1501.00002", "A huge abstract", "A. Writer", huge_abstract) << '\n'
        << "{not json at all\n"
        << snapshot_line("1501.00003", "A very long word", "B. Writer", long_word + " tail") << '\n'
        << std::string("\x00\x01\x02 binary", 10) << '\n';
  }
  paperdex::IndexRunOptions options;
  options.db_path = (dir / "index").string();
  options.inputs = {corpus.string()};
  std::ostringstream out, err;
  const int status = paperdex::test::run_indexer(options, out, err);
  INFO(out.str() << err.str());
  CHECK(status == paperdex::cli::kExitSkipped);     // some records were skipped...
  for (const char* line : {":2:", ":4:", ":6:"}) {  // ...each named with its line
    CHECK(err.str().find(corpus.string() + line) != std::string::npos);
  }
  // The huge abstract is indexed cut to its limit, and says so.
  CHECK(err.str().find(corpus.string() + ":3: abstract: 10,000,0") != std::string::npos);

  paperdex::Searcher searcher(options.db_path);
  CHECK(searcher.document_count() == 3);
  paperdex::SearchRequest request;
  for (const auto& [query, id] :
       std::vector<std::pair<std::string, std::string>>{{"author:Author9999", "1501.00001"},
                                                        {"phonon lattice", "1501.00002"},
                                                        {"tail", "1501.00003"}}) {
    request.query = query;
    const paperdex::SearchResult result = searcher.search(request);
    INFO(query);
    REQUIRE(result.hits.size() == 1);
    CHECK(result.hits[0].id == id);
  }
}
