// One index and two shards of the same records (paperdex-index --jobs 2
// --shards) must answer every query alike: the same papers in the same order
// on every page, the same totals and facets. Papers with equal scores (or
// equal dates, for a query of filters alone) are where the layouts can part:
// Xapian orders them by document number, and a paper's number differs
// between one index and two shards. The queries are made from the corpus
// itself: pairs of title words, the commonest single title words (long runs
// of equal scores), and filters alone (equal dates), in every sort order;
// and misspelt title words, whose suggestions come from the spelling table.
#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include <xapian.h>
#include <catch2/catch.hpp>

#include "index_test_support.h"
#include "paperdex/common/stored_record.h"
#include "paperdex/searcher.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using paperdex::test::TempDir;

// The lower-case ASCII words of `title` of at least four letters.
std::vector<std::string> title_words(const std::string& title) {
  std::vector<std::string> words;
  std::string word;
  for (const char c : title + ' ') {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
      word += static_cast<char>(c | 0x20);
    } else {
      if (word.size() >= 4) words.push_back(word);
      word.clear();
    }
  }
  return words;
}

paperdex::SearchRequest request_for(std::string query, paperdex::SortOrder sort) {
  paperdex::SearchRequest request;
  request.query = std::move(query);
  request.sort = sort;
  request.suggest = true;          // the spelling table must answer alike too
  request.snippet_bytes = 1;       // the least: snippets are not what this compares
  request.time_limit_seconds = 0;  // a loaded machine must not cut a search short
  return request;
}

// A few hundred requests from the papers in `db_path`: two adjacent words of
// every `stride`-th title, half of their first words misspelt, the 30 words
// most titles have, and filters alone (each year, the 15 commonest
// categories, and both together), in every sort.
std::vector<paperdex::SearchRequest> queries_from(const fs::path& db_path, unsigned stride) {
  const Xapian::Database db(db_path.string());
  std::map<std::string, int> titles_with;
  std::map<std::string, int> papers_in;
  std::set<int> years;
  std::vector<std::string> pairs;
  unsigned seen = 0;
  for (auto it = db.postlist_begin(""); it != db.postlist_end(""); ++it, ++seen) {
    const paperdex::Record record = paperdex::decode_stored_record(db.get_document(*it).get_data());
    const std::vector<std::string> words = title_words(record.title);
    for (const std::string& word : std::set<std::string>(words.begin(), words.end())) {
      ++titles_with[word];
    }
    for (const std::string& category : record.subjects) ++papers_in[category];
    if (record.year > 0) years.insert(record.year);
    if (seen % stride == 0 && words.size() >= 2) {
      const std::size_t first = seen / stride % (words.size() - 1);
      pairs.push_back(words[first] + ' ' + words[first + 1]);
    }
  }
  const auto most = [](const std::map<std::string, int>& counts, std::size_t n) {
    std::vector<std::pair<int, std::string>> ranked;
    for (const auto& [value, count] : counts) ranked.emplace_back(-count, value);
    std::sort(ranked.begin(), ranked.end());
    std::vector<std::string> top;
    for (std::size_t i = 0; i < ranked.size() && i < n; ++i) top.push_back(ranked[i].second);
    return top;
  };

  using paperdex::SortOrder;
  std::vector<paperdex::SearchRequest> requests;
  const SortOrder by_date[] = {SortOrder::kNewest, SortOrder::kOldest, SortOrder::kUpdated};
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    requests.push_back(request_for(pairs[i], SortOrder::kRelevance));
    if (i % 4 == 0) requests.push_back(request_for(pairs[i], by_date[i / 4 % 3]));
  }
  // A letter dropped from the middle of every other pair's first word: a
  // rare or unknown word, looked up in the spelling table.
  for (std::size_t i = 0; i < pairs.size(); i += 2) {
    std::string typo = pairs[i].substr(0, pairs[i].find(' '));
    if (typo.size() < 6) continue;
    typo.erase(typo.size() / 2, 1);
    requests.push_back(request_for(typo, SortOrder::kRelevance));
  }
  for (const std::string& word : most(titles_with, 30)) {
    requests.push_back(request_for(word, SortOrder::kRelevance));
    requests.push_back(request_for(word, SortOrder::kNewest));
  }
  std::vector<std::string> filters;
  for (const int year : years) filters.push_back("year:" + std::to_string(year));
  const std::vector<std::string> categories = most(papers_in, 15);
  for (const std::string& category : categories) {
    filters.push_back("subject:" + category);
    filters.push_back("subject:" + category + " year:" + std::to_string(*years.rbegin()));
  }
  for (const std::string& filter : filters) {
    for (const SortOrder sort :
         {SortOrder::kRelevance, SortOrder::kNewest, SortOrder::kOldest, SortOrder::kUpdated}) {
      requests.push_back(request_for(filter, sort));
    }
  }
  return requests;
}

std::string sort_name(paperdex::SortOrder sort) {
  for (const auto& [name, order] : paperdex::kSortOrderNames) {
    if (order == sort) return std::string(name);
  }
  return "?";
}

// What a layout must reproduce of one page: the hits' ids in order, the
// totals, the facets and the spelling suggestion (scores may differ in the
// last bit between layouts).
std::string page_of(paperdex::Searcher& searcher, paperdex::SearchRequest request,
                    std::size_t offset) {
  request.offset = offset;
  const paperdex::SearchResult result = searcher.search(request);
  std::ostringstream page;
  page << "suggestion '" << result.suggestion << "'\ntotal " << result.total
       << (result.total_exact ? "" : " (estimate)") << ", all words " << result.all_words_total
       << "\nids";
  for (const paperdex::Hit& hit : result.hits) page << ' ' << hit.id;
  page << "\nsubjects";
  for (const paperdex::FacetCount& facet : result.subject_facets) {
    page << ' ' << facet.value << '=' << facet.count;
  }
  page << "\nyears";
  for (const paperdex::FacetCount& facet : result.year_facets) {
    page << ' ' << facet.value << '=' << facet.count;
  }
  return page.str();
}

// Runs every request on both layouts, three pages each (offsets 0, 10 and
// 25: paging across a run of ties); the queries whose pages differ. The
// shards are opened as `sharded` lists them: their stub, or the shards
// themselves as several locations.
std::vector<std::string> differing_queries(const fs::path& single_path,
                                           const std::vector<std::string>& sharded_locations,
                                           const std::vector<paperdex::SearchRequest>& requests) {
  paperdex::Searcher single(single_path.string());
  paperdex::Searcher sharded(sharded_locations, {});
  REQUIRE(single.document_count() == sharded.document_count());
  std::vector<std::string> differing;
  for (const paperdex::SearchRequest& request : requests) {
    for (const std::size_t offset : {0, 10, 25}) {
      const std::string one = page_of(single, request, offset);
      const std::string two = page_of(sharded, request, offset);
      if (one != two) {
        differing.push_back("'" + request.query + "' --sort " + sort_name(request.sort) +
                            " --offset " + std::to_string(offset) + ":\none index:\n" + one +
                            "\ntwo shards:\n" + two);
        break;
      }
    }
  }
  return differing;
}

// `as_locations`: the shards opened as several locations (shard-0, shard-1)
// rather than through their stub.
void check_layouts_agree(const std::vector<std::string>& inputs, unsigned stride,
                         bool as_locations = false) {
  TempDir dir;
  paperdex::test::build_with_two_workers((dir / "single").string(), inputs, false);
  paperdex::test::build_with_two_workers((dir / "sharded").string(), inputs, true);
  REQUIRE(fs::exists(dir / "sharded" / "shard-1"));
  const std::vector<paperdex::SearchRequest> requests = queries_from(dir / "single", stride);
  REQUIRE(requests.size() >= 200);
  const std::vector<std::string> sharded =
      as_locations ? std::vector<std::string>{(dir / "sharded" / "shard-0").string(),
                                              (dir / "sharded" / "shard-1").string()}
                   : std::vector<std::string>{(dir / "sharded").string()};
  const std::vector<std::string> differing = differing_queries(dir / "single", sharded, requests);
  std::map<std::string, int> by_sort;
  for (const std::string& query : differing) {
    ++by_sort[query.substr(query.find("--sort "), query.find(" --offset") - query.find("--sort "))];
  }
  std::string shown;
  for (const auto& [sort, count] : by_sort) shown += std::to_string(count) + " " + sort + "; ";
  shown += "the first:\n";
  for (std::size_t i = 0; i < differing.size() && i < 3; ++i) shown += differing[i] + "\n\n";
  INFO(differing.size() << " of " << requests.size() << " queries differ: " << shown);
  CHECK(differing.empty());
}

}  // namespace

TEST_CASE("one index and two shards of corpus/ give the same pages, ties included", "[shards]") {
  check_layouts_agree({(paperdex::test::source_dir() / "corpus").string()}, 20);
}

TEST_CASE("one index and its two shards opened as several locations give the same pages",
          "[shards][remote]") {
  check_layouts_agree({(paperdex::test::source_dir() / "corpus").string()}, 40, true);
}

TEST_CASE("one index and two shards of a cs harvest slice give the same pages", "[shards]") {
  const auto shared = paperdex::test::shared_dir();
  const fs::path harvest = shared ? *shared / "data" / "arxiv-oai-cs-2016" : fs::path();
  if (!shared || !fs::exists(harvest / "page-010.xml.gz")) {
    WARN("SKIPPED: ../shared/data/arxiv-oai-cs-2016 is absent");
    return;
  }
  // Ten pages: 10,000 papers first submitted in 2007-2009, dozens a day, so
  // many share a date; the commonest words tie often.
  std::vector<std::string> pages;
  for (int page = 1; page <= 10; ++page) {
    char name[32];
    std::snprintf(name, sizeof name, "page-%03d.xml.gz", page);
    pages.push_back((harvest / name).string());
  }
  check_layouts_agree(pages, 40);
}
