// The searcher library as an embedder uses it, on an index of the default
// corpus (corpus/): Searcher::get and Hit::paper, the subject facet's rows
// against their drill-downs, explanations in paperdex's syntax that add up,
// phrase snippets, decoded TeX, author names that are no author's whole
// name, and error messages fit for a user of the library.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "index_test_support.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/common/taxonomy.h"
#include "paperdex/searcher.h"
#include "test_support.h"

namespace {

using paperdex::test::TempDir;

paperdex::Searcher open_corpus() {
  return paperdex::Searcher(paperdex::test::corpus_index().path());
}

// Every paper of the corpus, with whole abstracts as snippets: the pages of
// the largest a request may ask for.
std::vector<paperdex::Hit> every_paper(paperdex::Searcher& searcher) {
  paperdex::SearchRequest request;
  request.query = "year:..2100";
  request.limit = paperdex::kMaxLimit;
  request.snippet_bytes = paperdex::kMaxSnippetBytes;
  request.facets = false;
  std::vector<paperdex::Hit> hits;
  for (;; request.offset += request.limit) {
    std::vector<paperdex::Hit> page = searcher.search(request).hits;
    hits.insert(hits.end(), std::make_move_iterator(page.begin()),
                std::make_move_iterator(page.end()));
    if (page.size() < request.limit) return hits;
  }
}

paperdex::SearchRequest request_for(std::string query, std::size_t limit) {
  paperdex::SearchRequest request;
  request.query = std::move(query);
  request.limit = limit;
  return request;
}

std::string lowered(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

using paperdex::test::contains;

// The weights of the hit's explanation add up to its score, and no part is
// listed twice.
void check_adds_up(const paperdex::Hit& hit) {
  INFO(hit.id);
  double sum = 0;
  std::set<std::string> listed;
  for (const paperdex::TermContribution& part : hit.explanation) {
    sum += part.weight;
    CHECK(listed.insert(part.field + ":" + part.term).second);
  }
  CHECK(sum == Approx(hit.score).epsilon(1e-12));
}

}  // namespace

TEST_CASE("Searcher::get finds a paper by any form of its id, and Hit::paper is the same",
          "[library]") {
  paperdex::Searcher searcher = open_corpus();
  const std::vector<paperdex::Hit> papers = every_paper(searcher);
  REQUIRE(papers.size() > 1000);
  const auto arxiv = std::find_if(papers.begin(), papers.end(), [](const paperdex::Hit& hit) {
    return !hit.paper.url.empty() && hit.id.find('/') == std::string::npos;
  });
  REQUIRE(arxiv != papers.end());
  const std::string id = arxiv->id;
  for (const std::string& form : {id, "arXiv:" + id, id + "v1", "https://arxiv.org/abs/" + id}) {
    INFO(form);
    const paperdex::Paper paper = searcher.get(form);
    CHECK(paper.id == id);
    CHECK(paper.title == arxiv->title.text);
    CHECK(paper.authors == arxiv->authors);
    CHECK(paper.subjects == arxiv->subjects);
    CHECK(paper.primary == arxiv->subjects.front());
    CHECK(paper.subject_names.size() == paper.subjects.size());
    CHECK(paper.url == "https://arxiv.org/abs/" + id);
    CHECK(paper.pdf_url == "https://arxiv.org/pdf/" + id);
    CHECK(paper.abstract == arxiv->paper.abstract);
    CHECK(paper.versions.size() == arxiv->paper.versions.size());
  }

  // An old-style id, written with its subject class as well.
  const auto old_style = std::find_if(papers.begin(), papers.end(), [](const paperdex::Hit& hit) {
    return hit.id.find('/') != std::string::npos && !hit.paper.url.empty();
  });
  REQUIRE(old_style != papers.end());
  CHECK(searcher.get(old_style->id + "v2").id == old_style->id);
  const std::string archive = old_style->id.substr(0, old_style->id.find('/'));
  const auto with_class =
      std::find_if(old_style->subjects.begin(), old_style->subjects.end(),
                   [&](const std::string& s) { return s.starts_with(archive + "."); });
  if (with_class != old_style->subjects.end()) {
    CHECK(searcher.get(*with_class + old_style->id.substr(archive.size())).id == old_style->id);
  }

  // A derived id (an author page's paper without an arXiv id): no arXiv links.
  const auto derived = std::find_if(papers.begin(), papers.end(),
                                    [](const paperdex::Hit& hit) { return hit.paper.url.empty(); });
  REQUIRE(derived != papers.end());
  const paperdex::Paper paper = searcher.get(derived->id);
  CHECK(paper.id == derived->id);
  CHECK(paper.title == derived->title.text);
  CHECK(paper.pdf_url.empty());
}

TEST_CASE("an unknown id throws PaperNotFoundError naming it, from get and from like",
          "[library]") {
  paperdex::Searcher searcher = open_corpus();
  try {
    (void)searcher.get("9999.99999");
    FAIL("no error");
  } catch (const paperdex::PaperNotFoundError& error) {
    CHECK(error.id() == "9999.99999");
    CHECK(contains(error.what(), "9999.99999"));
  }
  paperdex::SearchRequest like;
  like.like = "arXiv:9999.99998";
  try {
    (void)searcher.search(like);
    FAIL("no error");
  } catch (const paperdex::PaperNotFoundError& error) {
    CHECK(error.id() == "arXiv:9999.99998");
  }
}

// SearchRequest::facets = false once left the total to the page pass's
// estimate: "about 0" where 11 papers match, "about 3" where 12 do.
TEST_CASE("a total and the all-words total are exact without facets too", "[library]") {
  paperdex::Searcher searcher = open_corpus();
  for (const std::string query : {"optical circuit switch", "reinforcement learning", "network",
                                  "scheduling optical circuit switches in data center networks"}) {
    for (const std::size_t limit : {0, 1, 10}) {
      INFO(query << ", limit " << limit);
      paperdex::SearchRequest request = request_for(query, limit);
      const paperdex::SearchResult with_facets = searcher.search(request);
      request.facets = false;
      const paperdex::SearchResult without = searcher.search(request);
      REQUIRE(with_facets.total_exact);
      CHECK(without.total_exact);
      CHECK(without.total == with_facets.total);
      CHECK(without.all_words_total == with_facets.all_words_total);
      CHECK(without.subject_facets.empty());
    }
  }
}

TEST_CASE("a subject facet row counts exactly what drilling down to it finds", "[library]") {
  paperdex::Searcher searcher = open_corpus();
  for (const std::string query : {"year:..2100", "network", "quantum OR graph"}) {
    paperdex::SearchRequest broad;
    broad.query = query;
    broad.limit = 0;
    const paperdex::SearchResult result = searcher.search(broad);
    REQUIRE(result.subject_facets.size() > 5);
    std::set<std::string> rows;
    for (const paperdex::FacetCount& row : result.subject_facets) {
      INFO(query << ": " << row.value);
      // Source noise in a categories field (MSC codes) is listed, but is no
      // subject a filter takes.
      if (paperdex::taxonomy::find_category(row.value) == nullptr) continue;
      // One row per category: an alias (math.IT of cs.IT) has none of its own.
      CHECK(paperdex::taxonomy::canonical_id(row.value) == row.value);
      CHECK(rows.insert(lowered(row.value)).second);
      paperdex::SearchRequest drill = broad;
      drill.subjects = {row.value};
      CHECK(searcher.search(drill).total == row.count);
    }
  }
  // cs.IT and math.IT are one category: one row, and both drill-downs agree.
  paperdex::SearchRequest cs_it, math_it;
  cs_it.subjects = {"cs.IT"};
  math_it.subjects = {"math.IT"};
  const std::size_t total = searcher.search(cs_it).total;
  CHECK(total > 0);
  CHECK(searcher.search(math_it).total == total);
}

TEST_CASE("explain: the parsed query in paperdex's syntax, and parts that add up to the score",
          "[library]") {
  paperdex::Searcher searcher = open_corpus();
  paperdex::SearchRequest request;
  request.query = "optical switch* -electrical";
  request.years = {"2020..2026"};
  request.subjects = {"cs.NI"};
  request.explain = true;
  request.limit = 10;
  const paperdex::SearchResult result = searcher.search(request);
  INFO(result.parsed_query);
  CHECK(result.parsed_query.starts_with("("));
  // A plain word searches the author names too where some author's name has
  // it (no one here is called Optical or Electrical); a plain wildcard, the
  // text alone.
  CHECK(contains(result.parsed_query, "(text:optic AND (text:switch OR "));
  CHECK(contains(result.parsed_query, " NOT text:electr)"));
  CHECK(contains(result.parsed_query, " AND subject:cs.ni AND year:2020..2026"));
  CHECK_FALSE(contains(result.parsed_query, "Query("));
  REQUIRE(result.hits.size() >= 3);
  bool wildcard_listed = false;
  for (const paperdex::Hit& hit : result.hits) {
    check_adds_up(hit);
    for (const paperdex::TermContribution& part : hit.explanation) {
      // The wildcard's words are one part, as the ranking weighs them.
      if (part.term.starts_with("switch")) wildcard_listed = true;
      if (part.field == "subject" || part.field == "year") CHECK(part.weight == 0.0);
    }
    CHECK(hit.year >= 2020);
  }
  CHECK(wildcard_listed);

  // A phrase is one part; a longer query's repeated word is one part too.
  request = {};
  request.query = "\"circuit switch\" scheduling of optical circuit switches and circuits";
  request.explain = true;
  const paperdex::SearchResult long_query = searcher.search(request);
  REQUIRE_FALSE(long_query.hits.empty());
  for (const paperdex::Hit& hit : long_query.hits) check_adds_up(hit);
}

TEST_CASE("a like explanation lists no function words and no numbers", "[library]") {
  paperdex::Searcher searcher = open_corpus();
  const paperdex::SearchResult found = searcher.search(request_for("title:OCS scheduling", 1));
  REQUIRE(found.hits.size() == 1);
  paperdex::SearchRequest like;
  like.like = found.hits[0].id;
  like.explain = true;
  like.limit = 10;
  const paperdex::SearchResult result = searcher.search(like);
  REQUIRE(result.hits.size() == 10);
  const std::set<std::string> function_words{"the", "of",  "and", "a",    "in",   "to",
                                             "is",  "for", "we",  "this", "that", "with",
                                             "on",  "are", "by",  "as",   "an",   "which"};
  for (const paperdex::Hit& hit : result.hits) {
    check_adds_up(hit);
    for (const paperdex::TermContribution& part : hit.explanation) {
      INFO(part.term);
      CHECK(part.field == "text");
      CHECK(function_words.count(part.term) == 0);
      CHECK_FALSE(paperdex::is_number(part.term));
    }
  }
}

TEST_CASE("a phrase's snippet is cut around the phrase and marks it whole", "[library]") {
  paperdex::Searcher searcher = open_corpus();
  paperdex::SearchRequest request = request_for("\"circuit switch\"", 10);
  request.snippet_bytes = 120;
  const paperdex::SearchResult result = searcher.search(request);
  REQUIRE(result.hits.size() >= 3);
  for (const paperdex::Hit& hit : result.hits) {
    INFO(hit.snippet.text);
    REQUIRE_FALSE(hit.snippet.spans.empty());
    for (const auto& [begin, end] : hit.snippet.spans) {
      const std::string marked = lowered(hit.snippet.text.substr(begin, end - begin));
      // The two words together ("circuit switches" stems as the phrase does).
      CHECK(marked.starts_with("circuit switch"));
    }
  }
}

TEST_CASE("TeX quotes and accents never reach titles or snippets undecoded", "[library]") {
  paperdex::Searcher searcher = open_corpus();
  std::size_t curly = 0;
  for (const paperdex::Hit& hit : every_paper(searcher)) {
    for (const std::string* text : {&hit.title.text, &hit.snippet.text, &hit.paper.abstract}) {
      INFO(hit.id << ": " << *text);
      CHECK_FALSE(contains(*text, "``"));
      CHECK_FALSE(contains(*text, "''"));
      for (const char* accent : {"\\'", "\\\"", "\\`", "\\^", "\\~"}) {
        CHECK_FALSE(contains(*text, accent));
      }
      if (contains(*text, "\u201C")) ++curly;
    }
  }
  // The corpus has ``quoted'' words (corpus/arxiv-snapshot, the author pages).
  CHECK(curly > 0);
}

TEST_CASE("an author filter that is no author's whole name matches name parts and says so",
          "[library]") {
  paperdex::Searcher searcher = open_corpus();
  paperdex::SearchRequest whole;
  whole.authors = {"Markus Grassl"};
  whole.limit = 100;
  const paperdex::SearchResult exact = searcher.search(whole);
  REQUIRE(exact.total > 0);
  CHECK(exact.notes.empty());

  // A family name alone matches as author:grassl does.
  paperdex::SearchRequest part = whole;
  part.authors = {"grassl"};
  const paperdex::SearchResult parts = searcher.search(part);
  CHECK(parts.total >= exact.total);
  paperdex::SearchRequest field;
  field.query = "author:grassl";
  field.limit = 0;
  CHECK(parts.total == searcher.search(field).total);
  for (const paperdex::Hit& hit : parts.hits) {
    CHECK(std::any_of(hit.authors.begin(), hit.authors.end(),
                      [](const std::string& name) { return contains(name, "Grassl"); }));
  }
  REQUIRE(parts.notes.size() == 1);
  CHECK(parts.notes[0].starts_with("author 'grassl': no author has exactly this name; " +
                                   std::to_string(parts.total) + " papers have an author"));
  CHECK(contains(parts.notes[0], "nearest names: Markus Grassl ("));

  // A typo matches nothing; the note names the author meant.
  part.authors = {"Markus Grasl"};
  const paperdex::SearchResult typo = searcher.search(part);
  CHECK(typo.total == 0);
  REQUIRE(typo.notes.size() == 1);
  CHECK(typo.notes[0] ==
        "author 'Markus Grasl': no author has this name or a name containing it; nearest "
        "names: Markus Grassl (" +
            std::to_string(exact.total) + ")");
}

TEST_CASE("library error messages name no command-line option and no Xapian class", "[library]") {
  TempDir dir;
  const auto check_message = [](const std::string& message) {
    INFO(message);
    CHECK_FALSE(contains(message, "--"));
    CHECK_FALSE(contains(message, "Xapian"));
    CHECK_FALSE(contains(message, "Error:"));  // "DatabaseOpeningError: ..."
  };
  try {
    paperdex::Searcher missing((dir / "nothing").string());
    FAIL("opened");
  } catch (const paperdex::DatabaseNotFoundError& error) {
    check_message(error.what());
  }
  std::filesystem::create_directories(dir / "not-an-index");
  std::ofstream(dir / "not-an-index" / "notes.txt") << "hello\n";
  try {
    paperdex::Searcher garbage((dir / "not-an-index").string());
    FAIL("opened");
  } catch (const paperdex::Error& error) {
    check_message(error.what());
  }
  paperdex::Searcher searcher = open_corpus();
  try {
    (void)searcher.get("0000.00000");
    FAIL("found");
  } catch (const paperdex::Error& error) {
    check_message(error.what());
  }
  // Filters the library parses itself: an unknown subject, an empty author.
  paperdex::SearchRequest unknown_subject;
  unknown_subject.query = "network";
  unknown_subject.subjects = {"cs.NOPE"};
  paperdex::SearchRequest empty_author;
  empty_author.query = "network";
  empty_author.authors = {"  "};
  for (const paperdex::SearchRequest& request : {unknown_subject, empty_author}) {
    try {
      (void)searcher.search(request);
      FAIL("searched");
    } catch (const paperdex::QuerySyntaxError& error) {
      check_message(error.what());
    }
  }
}
