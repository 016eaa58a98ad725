// Saved searches and "new since last time" as a person runs them: index day
// 1, save two searches, index day 2 (new papers, a new version, a new
// category, a metadata-only fix, a deletion), then paperdex-search --new
// reports exactly what became new to each search, marked, and once only.
#include <map>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "index_test_support.h"
#include "paperdex/searcher.h"
#include "test_support.h"

namespace {

using paperdex::test::quote;
using paperdex::test::run_command;
using paperdex::test::RunOutput;
using paperdex::test::TempDir;
using Json = nlohmann::json;

// One paper of an arXivRaw harvest page.
struct RawPaper {
  std::string id;
  std::string title;
  std::string categories;
  int versions = 1;
  std::string abstract = "About graphs and networks.";
  std::string datestamp = "2021-03-01";
};

std::string raw_record(const RawPaper& paper) {
  std::string versions;
  for (int v = 1; v <= paper.versions; ++v) {
    versions += "<version version=\"v" + std::to_string(v) + "\"><date>Mon, " + std::to_string(v) +
                " Feb 2021 10:00:00 GMT</date><size>10kb</size></version>";
  }
  return "<record><header><identifier>oai:arXiv.org:" + paper.id + "</identifier><datestamp>" +
         paper.datestamp +
         "</datestamp></header><metadata><arXivRaw xmlns=\"http://arxiv.org/OAI/arXivRaw/\"><id>" +
         paper.id + "</id>" + versions + "<title>" + paper.title +
         "</title><authors>A. Author</authors><categories>" + paper.categories +
         "</categories><abstract>" + paper.abstract + "</abstract></arXivRaw></metadata></record>";
}

// A harvest page of `records` (raw_record, or a deletion).
void write_page(const std::filesystem::path& path, const std::string& records) {
  paperdex::test::write_file(
      path,
      "<?xml version=\"1.0\"?><OAI-PMH xmlns=\"http://www.openarchives.org/OAI/2.0/\">"
      "<ListRecords>" +
          records + "</ListRecords></OAI-PMH>\n");
}

std::string deleted(const std::string& id) {
  return "<record><header status=\"deleted\"><identifier>oai:arXiv.org:" + id +
         "</identifier><datestamp>2021-04-01</datestamp></header></record>";
}

RunOutput run(const std::string& program, const std::string& db, const std::string& args) {
  return run_command("COLUMNS=100 " + program + " --db " + quote(db) + " " + args + " 2>&1");
}

RunOutput search(const std::string& db, const std::string& args) {
  return run(PAPERDEX_SEARCH_BIN, db, "--color never " + args);
}

void index(const std::string& db, const std::filesystem::path& page) {
  const RunOutput indexed = run(PAPERDEX_INDEX_BIN, db, quote(page.string()));
  INFO(indexed.out);
  REQUIRE(indexed.status == 0);
}

// The hits of a JSON search, id -> its news mark ("" for none); the exit
// status is 1 when there are none, as for grep.
std::map<std::string, std::string> marked_hits(const std::string& db, const std::string& args) {
  const RunOutput found = search(db, "--format json " + args);
  INFO(args << "\n" << found.out);
  const Json result = Json::parse(found.out);
  REQUIRE(found.status == (result["hits"].empty() ? 1 : 0));
  std::map<std::string, std::string> hits;
  for (const Json& hit : result["hits"]) {
    hits[hit["id"].get<std::string>()] = hit.value("news", "");
  }
  return hits;
}

using Marks = std::map<std::string, std::string>;

}  // namespace

TEST_CASE("saved searches: --new reports what became new to each, marked, once",
          "[saved-searches]") {
  TempDir dir;
  const std::string db = (dir / "index").string();
  // Day 1: four graph papers (one in networking too) and an optics one.
  write_page(dir / "day1.xml",
             raw_record({"2101.00001", "Graph coloring heuristics", "cs.DM"}) +
                 raw_record({"2101.00002", "Graph neural networks", "cs.LG"}) +
                 raw_record({"2101.00003", "Graph partitioning at scale", "cs.DS"}) +
                 raw_record({"2101.00004", "Graph sparsification", "cs.DS"}) +
                 raw_record({"2101.00005", "Optical switching fabrics", "cs.NI", 1,
                             "About optical networks."}));
  index(db, dir / "day1.xml");

  REQUIRE(search(db, "--save graphs graph").status == 0);
  REQUIRE(search(db, "--save nets --subject cs.NI networks").status == 0);
  CHECK(marked_hits(db, "--saved graphs --new").empty());  // nothing new yet

  // Day 2: two new papers, a new version of 00001, 00004 cross-listed to
  // cs.NI, a fixed typo in 00002's abstract (a newer datestamp), 00003 gone.
  write_page(dir / "day2.xml", raw_record({"2102.00006", "Graph minors revisited", "cs.DM", 1,
                                           "About graphs.", "2021-03-02"}) +
                                   raw_record({"2102.00007", "Switching networks", "cs.NI", 1,
                                               "About optical networks.", "2021-03-02"}) +
                                   raw_record({"2101.00001", "Graph coloring heuristics", "cs.DM",
                                               2, "About graphs and networks.", "2021-03-02"}) +
                                   raw_record({"2101.00004", "Graph sparsification", "cs.DS cs.NI",
                                               1, "About graphs and networks.", "2021-03-02"}) +
                                   raw_record({"2101.00002", "Graph neural networks", "cs.LG", 1,
                                               "About graphs and networks, fixed.", "2021-03-02"}) +
                                   deleted("2101.00003"));
  index(db, dir / "day2.xml");

  // --saved-list counts the new papers of each without marking them seen.
  const RunOutput list = search(db, "--saved-list");
  INFO(list.out);
  CHECK(list.status == 0);
  CHECK(paperdex::test::contains(list.out, "graphs\t3 new\tgraph\n"));
  CHECK(paperdex::test::contains(list.out, "nets\t2 new\tnetworks --subject cs.NI\n"));

  // --saved marks the hits but marks nothing seen.
  const Marks graphs{
      {"2101.00001", "new version"}, {"2101.00004", "cross-listed"}, {"2102.00006", "new"}};
  Marks all_graphs = graphs;
  all_graphs["2101.00002"] = "";  // the fixed typo is not news
  CHECK(marked_hits(db, "--saved graphs") == all_graphs);
  CHECK(marked_hits(db, "--saved graphs --new") == graphs);
  CHECK(marked_hits(db, "--saved nets --new") ==
        Marks{{"2101.00004", "cross-listed"}, {"2102.00007", "new"}});
  // Seen: a second --new reports none, and the list counts none.
  CHECK(marked_hits(db, "--saved graphs --new").empty());
  CHECK(marked_hits(db, "--saved nets --new").empty());
  CHECK(paperdex::test::contains(search(db, "--saved-list").out, "graphs\t0 new\tgraph\n"));

  // The text layout says it on the hit's line.
  index(db, dir / "day1.xml");  // older records: nothing changes
  write_page(dir / "day3.xml", raw_record({"2103.00008", "Graph drawing", "cs.CG", 1,
                                           "About graphs.", "2021-03-03"}));
  index(db, dir / "day3.xml");
  const RunOutput text = search(db, "--saved graphs --new");
  INFO(text.out);
  CHECK(paperdex::test::contains(text.out, "2103.00008 · score"));
  CHECK(paperdex::test::contains(text.out, " · new\n"));
  CHECK(marked_hits(db, "--saved graphs --new").empty());
}

// An index time as the text output writes it: "2026-12-03 10:00 UTC".
std::string minute_of(const std::string& index_time) {
  return index_time.substr(0, 10) + " " + index_time.substr(11, 5) + " UTC";
}

TEST_CASE("saved searches: --new with nothing new says since when, and how many match",
          "[saved-searches]") {
  TempDir dir;
  const std::string db = (dir / "index").string();
  write_page(dir / "day1.xml", raw_record({"2101.00001", "Graph coloring heuristics", "cs.DM"}) +
                                   raw_record({"2101.00002", "Graph neural networks", "cs.LG"}) +
                                   raw_record({"2101.00003", "Optical switching", "cs.NI", 1,
                                               "About optical networks."}));
  index(db, dir / "day1.xml");
  REQUIRE(search(db, "--save graphs graph").status == 0);
  const std::string saved_at = paperdex::Searcher(db).saved_search("graphs").seen;

  // Never run with --new: nothing is new since it was saved; exit 1, as grep.
  const RunOutput text = search(db, "--saved graphs --new");
  INFO(text.out);
  CHECK(text.status == 1);
  CHECK(text.out == "Nothing new to 'graphs' since " + minute_of(saved_at) +
                        " (when it was saved).\n2 papers match 'graph', none of them new: "
                        "--saved graphs without --new lists them.\n");
  // JSON keeps the empty hit list and says the same under "saved_search":
  // since the --new just run.
  const std::string looked = paperdex::Searcher(db).saved_search("graphs").seen;
  CHECK(looked > saved_at);
  const RunOutput json = search(db, "--saved graphs --new --format json");
  INFO(json.out);
  CHECK(json.status == 1);
  Json result = Json::parse(json.out);
  CHECK(result["hits"].empty());
  CHECK(result["total"] == 0);
  CHECK(result["saved_search"] ==
        Json{{"name", "graphs"}, {"new_since", looked}, {"only_new", true}, {"matches", 2}});
  // The feed is named by the search, and empty: exit 1 too.
  const RunOutput feed = search(db, "--saved graphs --new --format atom");
  CHECK(feed.status == 1);
  CHECK(paperdex::test::contains(feed.out, "<title>paperdex: graphs (graph)</title>"));
  CHECK_FALSE(paperdex::test::contains(feed.out, "<entry>"));

  // A new paper: it is the hit, counted among the matches; then nothing is
  // new since that --new.
  const std::string looked_at = paperdex::Searcher(db).saved_search("graphs").seen;
  CHECK(looked_at > saved_at);
  write_page(dir / "day2.xml",
             raw_record({"2102.00004", "Graph minors", "cs.DM", 1, "About graphs.", "2021-03-02"}));
  index(db, dir / "day2.xml");
  const RunOutput fresh = search(db, "--saved graphs --new --format json");
  INFO(fresh.out);
  CHECK(fresh.status == 0);
  result = Json::parse(fresh.out);
  CHECK(result["hits"].size() == 1);
  CHECK(result["saved_search"]["new_since"] == looked_at);
  CHECK(result["saved_search"]["matches"] == 3);
  const std::string last_new = paperdex::Searcher(db).saved_search("graphs").seen;
  const RunOutput again = search(db, "--saved graphs --new");
  CHECK(again.status == 1);
  CHECK(paperdex::test::contains(
      again.out, "Nothing new to 'graphs' since " + minute_of(last_new) + " (its last --new).\n"));
  CHECK(paperdex::test::contains(again.out, "3 papers match 'graph'"));
  // Without --new the hits are every match, and "matches" their total.
  const RunOutput all = search(db, "--saved graphs --format json");
  CHECK(all.status == 0);
  result = Json::parse(all.out);
  CHECK(result["saved_search"]["only_new"] == false);
  CHECK(result["saved_search"]["matches"] == result["total"]);
  CHECK(result["hits"].size() == 3);
}

TEST_CASE("added: and changed: find papers by index time, and --sort added orders by it",
          "[saved-searches]") {
  TempDir dir;
  const std::string db = (dir / "index").string();
  write_page(dir / "day1.xml", raw_record({"2101.00001", "Graph coloring", "cs.DM"}));
  index(db, dir / "day1.xml");
  write_page(dir / "day2.xml",
             raw_record({"2101.00002", "Graph minors", "cs.DM"}) +
                 raw_record({"2101.00001", "Graph coloring", "cs.DM", 2, "x", "2021-03-02"}));
  index(db, dir / "day2.xml");
  paperdex::Searcher searcher(db);
  const paperdex::Paper first = searcher.get("2101.00001"), second = searcher.get("2101.00002");
  REQUIRE(first.added.size() == std::string("2026-12-03T10:00:00.000000Z").size());
  CHECK(first.added < second.added);
  CHECK(first.changed == second.added);  // its new version came with the second run
  const std::string day = first.added.substr(0, 10);

  const auto ids = [&](const std::string& query, paperdex::SortOrder sort) {
    paperdex::SearchRequest request;
    request.query = query;
    request.sort = sort;
    std::vector<std::string> found;
    for (const paperdex::Hit& hit : searcher.search(request).hits) found.push_back(hit.id);
    return found;
  };
  using Ids = std::vector<std::string>;
  CHECK(ids("graph", paperdex::SortOrder::kAdded) == Ids{"2101.00002", "2101.00001"});
  CHECK(ids("added:" + day, paperdex::SortOrder::kAdded) == Ids{"2101.00002", "2101.00001"});
  CHECK(ids("added:..2000-01-01", paperdex::SortOrder::kAdded).empty());
  CHECK(ids("changed:" + day + "..", paperdex::SortOrder::kOldest).size() == 2);
  // A time between the runs: what the second run added or changed.
  paperdex::SearchRequest since;
  since.query = "graph";
  since.new_since = first.added;
  since.only_new = true;
  const paperdex::SearchResult changed = searcher.search(since);
  REQUIRE(changed.hits.size() == 2);
  for (const paperdex::Hit& hit : changed.hits) {
    CHECK(hit.news ==
          (hit.id == "2101.00001" ? paperdex::PaperNews::kNewVersion : paperdex::PaperNews::kNew));
  }
}

TEST_CASE("saved searches: bad names, unknown names and misuse exit 2 with what to do",
          "[saved-searches]") {
  TempDir dir;
  const std::string db = (dir / "index").string();
  write_page(dir / "day1.xml", raw_record({"2101.00001", "Graph coloring", "cs.DM"}));
  index(db, dir / "day1.xml");

  const auto refused = [&](const std::string& args, const std::string& message) {
    const RunOutput run = search(db, args);
    INFO(args << "\n" << run.out);
    CHECK(run.status == 2);
    CHECK(paperdex::test::contains(run.out, message));
  };
  refused("--save 'bad name' graph", "a saved search's name is letters, digits");
  refused("--save -x graph", "");
  refused("--save .hidden graph", "the first a letter or a digit");
  refused("--saved nothing", "the index has no saved search 'nothing'; it has none");
  refused("--delete-saved nothing", "no saved search 'nothing'");
  refused("--save empty", "--save NAME needs a query or a filter");
  refused("--save broken --strict-syntax 'title:(unclosed'", "");
  refused("--new graph", "--new goes with --saved NAME");
  REQUIRE(search(db, "--save graphs graph").status == 0);
  refused("--saved graphs other words", "a saved search has its own query");
  refused("--saved graphs --saved-list", "give one of them at a time");
  refused("--saved nope", "it has graphs");

  // Saved, replaced, deleted; the library sees what the CLI saved.
  REQUIRE(search(db, "--save graphs coloring --year 2021").status == 0);
  paperdex::Searcher searcher(db);
  const paperdex::SavedSearch saved = searcher.saved_search("graphs");
  CHECK(saved.request.query == "coloring");
  CHECK(saved.request.years == std::vector<std::string>{"2021"});
  CHECK(saved.seen == saved.saved);
  CHECK(search(db, "--delete-saved graphs").status == 0);
  CHECK(searcher.saved_searches().empty());
  CHECK_THROWS_AS(searcher.search_new("graphs", {}), paperdex::SavedSearchError);
}

TEST_CASE("a saved search waits for no writer and loses nothing to one", "[saved-searches]") {
  TempDir dir;
  const std::string db = (dir / "index").string();
  write_page(dir / "day1.xml", raw_record({"2101.00001", "Graph coloring", "cs.DM"}));
  index(db, dir / "day1.xml");
  paperdex::Searcher searcher(db);
  paperdex::SearchRequest graphs;
  graphs.query = "graph";
  searcher.save_search("graphs", graphs);
  {
    // A writer holds the lock: saving or reading for what is new says so.
    paperdex::IndexWriter writer(db);
    CHECK_THROWS_AS(searcher.save_search("other", graphs), paperdex::DatabaseLockedError);
    CHECK_THROWS_AS(searcher.search_new("graphs", {}), paperdex::DatabaseLockedError);
    paperdex::Record paper;
    paper.id = "2101.00002";
    paper.title = "Graph minors";
    paper.subjects = {"cs.DM"};
    writer.add(paper);
  }
  // The paper the writer added after the search was saved is new to it.
  const paperdex::SearchResult found = searcher.search_new("graphs", {});
  REQUIRE(found.hits.size() == 1);
  CHECK(found.hits[0].id == "2101.00002");
  CHECK(found.hits[0].news == paperdex::PaperNews::kNew);
  CHECK(searcher.search_new("graphs", {}).hits.empty());
  // A bulk build into the empty index that held saved searches keeps them.
  const std::string fresh = (dir / "fresh").string();
  paperdex::IndexWriter(fresh).finish();
  paperdex::Searcher empty(fresh);
  empty.save_search("graphs", graphs);
  index(fresh, dir / "day1.xml");
  paperdex::Searcher built(fresh);
  CHECK(built.saved_searches().size() == 1);
  CHECK(built.saved_searches()[0].new_papers == 1);
}
