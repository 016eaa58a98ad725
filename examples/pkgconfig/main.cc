// A paperdex consumer built with nothing but the compiler and pkg-config:
//
//   g++ -std=c++17 main.cc $(pkg-config --cflags --libs paperdex-searcher paperdex-indexer)
//   ./a.out /tmp/some-new-directory
//
// It indexes one paper, finds it, and provokes each error a user meets (index
// missing, index locked, query syntax), checking each arrives as its own
// paperdex exception type: the types must cross the shared-library boundary.
// Prints "ok" and exits 0 when everything behaved.
#include <iostream>
#include <string>

#include <paperdex/errors.h>
#include <paperdex/indexer/index_writer.h>
#include <paperdex/searcher.h>

namespace {

int failures = 0;

void expect(bool condition, const std::string& what) {
  if (!condition) {
    std::cerr << "FAILED: " << what << '\n';
    ++failures;
  }
}

// Runs `action`, which must throw an `Expected` with a non-empty message.
template <typename Expected, typename Action>
void expect_error(const std::string& what, Action action) {
  try {
    action();
    expect(false, what + ": no exception");
  } catch (const Expected& error) {
    std::cout << what << ": " << error.what() << '\n';
    expect(std::string(error.what()).size() > 10, what + ": message too short");
  } catch (const std::exception& error) {
    expect(false, what + ": wrong exception: " + error.what());
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: paperdex-pkgconfig-consumer NEW_INDEX_DIR\n";
    return 2;
  }
  const std::string db = argv[1];

  expect_error<paperdex::DatabaseNotFoundError>(
      "missing index", [&] { paperdex::Searcher searcher(db + "/does-not-exist"); });

  {
    paperdex::IndexWriter writer(db);
    paperdex::Record record;
    record.id = "2401.00042";
    record.title =
        "Schr\xc3\xb6"
        "dinger bridges for optical flows";
    record.abstract = "An abstract about bridges.";
    record.authors = {"Ada Example"};
    record.subjects = {"math.PR"};
    record.year = 2024;
    writer.add(record);
    writer.commit();
    // Only one writer at a time, even within one process.
    expect_error<paperdex::DatabaseLockedError>("second writer",
                                                [&] { paperdex::IndexWriter second(db); });
  }

  paperdex::Searcher searcher(db);
  paperdex::SearchRequest request;
  request.query = "schrodinger";  // accents fold: matches "Schrödinger"
  const paperdex::SearchResult result = searcher.search(request);
  expect(result.total == 1 && result.hits.size() == 1, "one hit for 'schrodinger'");
  if (!result.hits.empty()) {
    const std::string title = paperdex::render_highlights(result.hits[0].title, "<", ">", false);
    std::cout << result.hits[0].id << ": " << title << '\n';
    expect(title.rfind("<Schr\xc3\xb6"
                       "dinger>",
                       0) == 0,
           "title highlight");
  }

  // Strict syntax: a malformed filter is an error, not words to search for.
  request.query = "optical year:20x4";
  request.strict_syntax = true;
  try {
    searcher.search(request);
    expect(false, "malformed year accepted");
  } catch (const paperdex::QuerySyntaxError& error) {
    std::cout << "query error at byte " << error.position() << ": " << error.what() << '\n';
    expect(error.position() <= request.query.size(), "error position inside the query");
  }

  if (failures > 0) return 1;
  std::cout << "ok\n";
  return 0;
}
