// Tags and recommendations (#52) as a person uses them from paperdex-search:
// papers tagged by any id a query takes, listed, shown, removed, kept across
// an index update; --recommend ranking the papers like a tag's, never the
// tag's own, with filters and why; a saved recommendation's new papers; and
// the errors a user meets.
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <xapian.h>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "paperdex/common/schema.h"
#include "paperdex/searcher.h"
#include "test_support.h"

namespace {

using paperdex::test::contains;
using paperdex::test::RunOutput;
using paperdex::test::TempDir;
using Json = nlohmann::json;

struct Paper {
  std::string id;
  std::string title;
  std::string abstract;
  std::string categories = "cs.NI";
  std::string authors = "A. Author";
  std::string doi = "";
};

// Optical switching papers by two people, and graph theory papers by others.
const std::vector<Paper> kDay1 = {
    {"2101.00001", "Optical circuit switching for datacenters",
     "Optical circuit switches reconfigure datacenter topology with low power.", "cs.NI",
     "Shizhen Zhao and Mina Tahmasbi", "10.1000/ocs.1"},
    {"2101.00002", "Scheduling optical circuit switches",
     "We schedule reconfigurable optical circuit switches in datacenter networks.", "cs.NI",
     "Shizhen Zhao"},
    {"2101.00003", "Topology engineering with optical switches",
     "Datacenter topology engineering over optical circuit switches and their reconfiguration.",
     "cs.NI", "Mina Tahmasbi"},
    {"2101.00004", "Reconfigurable datacenter networks",
     "Optical circuit switching makes datacenter networks reconfigurable.", "cs.NI cs.DC",
     "Shizhen Zhao"},
    {"2101.00005", "Graph coloring heuristics",
     "Greedy heuristics color the vertices of sparse graphs.", "cs.DM", "Grace Hopper"},
    {"2101.00006", "Planar graph minors", "Minors of planar graphs and their treewidth.", "math.CO",
     "Alan Turing"},
    {"2101.00007", "Spectral graph partitioning",
     "Partitioning graphs by the eigenvectors of their Laplacian.", "cs.DS", "Ada Lovelace"},
    {"2101.00008", "Optical fibres in the home",
     "Optical fibres bring bandwidth to homes; a survey of deployments.", "cs.NI", "John Doe"},
};

std::string snapshot_lines(const std::vector<Paper>& papers, const std::string& created) {
  std::string lines;
  for (const Paper& paper : papers) {
    Json record = {{"id", paper.id},
                   {"title", paper.title},
                   {"authors", paper.authors},
                   {"categories", paper.categories},
                   {"abstract", paper.abstract},
                   {"versions", {{{"version", "v1"}, {"created", created}}}}};
    if (!paper.doi.empty()) record["doi"] = paper.doi;
    lines += record.dump() + "\n";
  }
  return lines;
}

void index(const std::string& db, const std::filesystem::path& file,
           const std::vector<Paper>& papers, const std::string& created) {
  paperdex::test::write_file(file, snapshot_lines(papers, created));
  const RunOutput indexed = paperdex::test::run_command(
      std::string(PAPERDEX_INDEX_BIN) + " --db " + paperdex::test::quote(db) + " " +
      paperdex::test::quote(file.string()) + " 2>&1");
  INFO(indexed.out);
  REQUIRE(indexed.status == 0);
}

RunOutput search(const std::string& db, const std::string& args) {
  return paperdex::test::search_cli(db, "--color never " + args);
}

// The ids of a JSON lines listing (--show-tag, --format jsonl).
std::vector<std::string> ids_of_lines(const std::string& lines) {
  std::vector<std::string> ids;
  std::istringstream in(lines);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.front() == '{') ids.push_back(Json::parse(line)["id"]);
  }
  return ids;
}

// The hits of a JSON search.
Json hits_of(const std::string& db, const std::string& args) {
  const RunOutput found = search(db, "--format json " + args);
  INFO(args << "\n" << found.out);
  REQUIRE(found.status <= 1);
  return Json::parse(found.out)["hits"];
}

}  // namespace

TEST_CASE("tags: papers added by any id, listed, shown, removed, kept across an update", "[tags]") {
  TempDir dir;
  const std::string db = (dir / "index").string();
  index(db, dir / "day1.jsonl", kDay1, "Mon, 4 Jan 2021 10:00:00 GMT");

  // An id, a version, an abs/ link and a DOI; one id the index lacks.
  const RunOutput tagged = search(db,
                                  "--tag reading 2101.00001v2 arXiv:2101.00002 "
                                  "https://arxiv.org/abs/2101.00003 9999.99999 "
                                  "https://doi.org/10.1000/OCS.1");
  INFO(tagged.out);
  CHECK(tagged.status == 0);
  CHECK(contains(tagged.out,
                 "tag reading: added 3 papers (2101.00001, 2101.00002, 2101.00003); "
                 "it has 3 papers\n"));
  CHECK(contains(tagged.out, "no paper of the index has the id '9999.99999'; not added"));
  // The DOI named a paper the tag already had.
  CHECK(contains(tagged.out, "tag reading: already has 2101.00001\n"));

  // Listed with their sizes; shown in any format, in the order added.
  const RunOutput listed = search(db, "--tags");
  CHECK(listed.status == 0);
  CHECK(contains(listed.out, "reading\t3 papers\tchanged "));
  const RunOutput shown = search(db, "--show-tag reading --format jsonl");
  CHECK(shown.status == 0);
  CHECK(ids_of_lines(shown.out) ==
        std::vector<std::string>{"2101.00001", "2101.00002", "2101.00003"});
  const Json tags = Json::parse(search(db, "--tags --format json").out);
  REQUIRE(tags.size() == 1);
  CHECK(tags[0]["name"] == "reading");
  CHECK(tags[0]["papers"] == Json{"2101.00001", "2101.00002", "2101.00003"});

  // An update of the index keeps the tag.
  std::vector<Paper> day2 = {{"2102.00009", "Optical circuit switch scheduling at scale",
                              "Scheduling reconfigurable optical circuit switches in datacenters.",
                              "cs.NI", "Mina Tahmasbi"}};
  index(db, dir / "day2.jsonl", day2, "Tue, 2 Feb 2021 10:00:00 GMT");
  CHECK(contains(search(db, "--tags").out, "reading\t3 papers\t"));

  // Removed by any form of the id; the last one removed deletes the tag.
  const RunOutput untagged = search(db, "--untag reading 2101.00002v1 2101.00005");
  INFO(untagged.out);
  CHECK(untagged.status == 0);
  CHECK(contains(untagged.out, "tag reading: removed 1 paper (2101.00002); it has 2 papers\n"));
  CHECK(contains(untagged.out, "tag reading: does not have 2101.00005\n"));
  const RunOutput emptied = search(db, "--untag reading 2101.00001 2101.00003");
  CHECK(contains(emptied.out, "it has no paper left and is deleted"));
  CHECK(search(db, "--tags --format tsv").out.empty());
  CHECK(search(db, "--tags").out ==
        "No tags in this index: paperdex-search --tag NAME ID... makes one.\n");
}

TEST_CASE("recommendations rank papers like the tag's, never the tag's own, with filters and why",
          "[tags][recommend]") {
  TempDir dir;
  const std::string db = (dir / "index").string();
  index(db, dir / "day1.jsonl", kDay1, "Mon, 4 Jan 2021 10:00:00 GMT");
  REQUIRE(search(db, "--tag ocs 2101.00001 2101.00002").status == 0);

  const Json hits = hits_of(db, "--recommend ocs --limit 10");
  REQUIRE(hits.size() >= 3);
  std::vector<std::string> ids;
  for (const Json& hit : hits) ids.push_back(hit["id"]);
  INFO(hits.dump(1));
  // Never the tag's own papers; the other optical switching papers first.
  for (const char* own : {"2101.00001", "2101.00002"}) {
    CHECK(std::find(ids.begin(), ids.end(), own) == ids.end());
  }
  CHECK(std::set<std::string>(ids.begin(), ids.begin() + 2) ==
        std::set<std::string>{"2101.00003", "2101.00004"});
  // Each hit says why: the tag's words, authors or categories, largest first.
  for (const Json& hit : hits) {
    REQUIRE(hit.contains("because"));
    const Json& because = hit["because"];
    REQUIRE(!because.empty());
    CHECK(because.size() <= paperdex::kMaxBecause);
    for (std::size_t i = 0; i < because.size(); ++i) {
      CHECK(std::set<std::string>{"text", "author", "subject"}.count(because[i]["field"]) == 1);
      if (i > 0) CHECK(because[i]["weight"] <= because[i - 1]["weight"]);
    }
  }
  // 2101.00004 shares the tag's author, and says so among its reasons.
  const auto fourth = std::find_if(hits.begin(), hits.end(),
                                   [](const Json& hit) { return hit["id"] == "2101.00004"; });
  REQUIRE(fourth != hits.end());
  bool by_author = false;
  for (const Json& part : (*fourth)["because"]) by_author |= part["field"] == "author";
  CHECK(by_author);

  // Filters apply, and a query must match too.
  for (const Json& hit : hits_of(db, "--recommend ocs --subject cs.DC")) {
    CHECK(hit["id"] == "2101.00004");
  }
  const Json queried = hits_of(db, "--recommend ocs topology");
  REQUIRE(queried.size() == 1);
  CHECK(queried[0]["id"] == "2101.00003");
  // The text layout gives the reasons a line; two tags are one set of papers.
  REQUIRE(search(db, "--tag graphs 2101.00005").status == 0);
  const RunOutput text = search(db, "--recommend ocs,graphs --limit 20");
  INFO(text.out);
  CHECK(contains(text.out, "Because  "));
  CHECK_FALSE(contains(text.out, "2101.00005"));
}

TEST_CASE("a saved recommendation reports the new papers like the tag's", "[tags][recommend]") {
  TempDir dir;
  const std::string db = (dir / "index").string();
  index(db, dir / "day1.jsonl", kDay1, "Mon, 4 Jan 2021 10:00:00 GMT");
  REQUIRE(search(db, "--tag ocs 2101.00001 2101.00002 2101.00003").status == 0);
  REQUIRE(search(db, "--save daily --recommend ocs").status == 0);
  CHECK(hits_of(db, "--saved daily --new").empty());

  std::vector<Paper> day2 = {{"2102.00009", "Optical circuit switch scheduling at scale",
                              "Scheduling reconfigurable optical circuit switches in datacenters.",
                              "cs.NI", "Mina Tahmasbi"},
                             {"2102.00010", "Graph minors and treewidth",
                              "Treewidth of graph minors.", "math.CO", "Alan Turing"}};
  index(db, dir / "day2.jsonl", day2, "Tue, 2 Feb 2021 10:00:00 GMT");
  const Json fresh = hits_of(db, "--saved daily --new");
  REQUIRE(!fresh.empty());
  CHECK(fresh[0]["id"] == "2102.00009");
  CHECK(fresh[0]["news"] == "new");
  for (const Json& hit : fresh) CHECK(hit["id"] != "2101.00004");  // not new
  CHECK(hits_of(db, "--saved daily --new").empty());               // seen
}

TEST_CASE("tags: a BibTeX and a CSL-JSON export imported by id, DOI and title", "[tags]") {
  TempDir dir;
  const std::string db = (dir / "index").string();
  index(db, dir / "day1.jsonl", kDay1, "Mon, 4 Jan 2021 10:00:00 GMT");
  // Google Scholar's arXiv journal, a DOI, a title in TeX's braces and
  // capitals, and an entry no paper matches.
  paperdex::test::write_file(dir / "library.bib", R"(@article{one,
  title={Something else entirely},
  journal={arXiv preprint arXiv:2101.00005},
}
@misc{two, title = {A title}, doi = {10.1000/OCS.1}}

@inproceedings{three,
  title = {{Spectral Graph Partitioning}},
  booktitle = {Proc.},
}
@article{lost, title = {Deep learning for protein folding}, year = 2020}
@book{broken title = }
)");
  RunOutput run = search(db, "--tag bib --import " + (dir / "library.bib").string());
  INFO(run.out);
  CHECK(run.status == 0);
  CHECK(contains(run.out, "read 4 entries of "));
  CHECK(contains(run.out, ": 3 placed (by arXiv id 1, DOI 1, title 1), 1 not\n"));
  CHECK(contains(run.out,
                 "library.bib:11: lost ('Deep learning for protein folding'): no paper "
                 "of the index has its arXiv id, its DOI or its title; not added"));
  CHECK(contains(run.out, "tag bib: added 3 papers (2101.00005, 2101.00001, 2101.00007)"));
  // libbtparse names the broken entry (file, line) and reads the others.
  CHECK(contains(run.out, "library.bib, line 12, syntax error"));

  // Zotero's CSL-JSON: arXiv's DOI and link; a title too far from any paper's.
  paperdex::test::write_file(dir / "zotero.json", R"([
  {"id": "a", "type": "article", "title": "Scheduling", "DOI": "10.48550/arXiv.2101.00002"},
  {"id": "b", "type": "article", "URL": "http://arxiv.org/abs/2101.00003v2"},
  {"id": "c", "type": "article", "title": "Planar graph minors and the four colour theorem"}
])");
  run = search(db, "--tag zot --import " + (dir / "zotero.json").string());
  INFO(run.out);
  CHECK(run.status == 0);
  CHECK(contains(run.out, "2 placed (by arXiv id 2, DOI 0, title 0), 1 not"));
  CHECK(contains(run.out,
                 "zotero.json: item 3: c ('Planar graph minors and the four colour "
                 "theorem'): no paper"));
  CHECK(ids_of_lines(search(db, "--show-tag zot --format jsonl").out) ==
        std::vector<std::string>{"2101.00002", "2101.00003"});

  // Nothing placed: exit 2; a file that is not there: its name.
  paperdex::test::write_file(dir / "none.ris", "TY  - JOUR\nTI  - Nothing here at all\nER  - \n");
  run = search(db, "--tag t --import " + (dir / "none.ris").string());
  CHECK(run.status == 2);
  CHECK(contains(run.out, "none.ris:1: ('Nothing here at all')") == false);
  CHECK(contains(run.out, "none.ris:1: an entry ('Nothing here at all'): no paper"));
  run = search(db, "--tag t --import " + (dir / "missing.bib").string());
  CHECK(run.status == 2);
  CHECK(contains(run.out, "missing.bib: cannot read it"));
  run = search(db, "--import " + (dir / "library.bib").string());
  CHECK(run.status == 2);
  CHECK(contains(run.out, "--import FILE goes with --tag NAME"));
}

TEST_CASE("tags: unknown tags and ids, empty tags and misuse are clear errors", "[tags]") {
  TempDir dir;
  const std::string db = (dir / "index").string();
  index(db, dir / "day1.jsonl", kDay1, "Mon, 4 Jan 2021 10:00:00 GMT");

  // Each misuse: exit 2 and a message that says what to do.
  const auto refused = [&](const std::string& args, const std::string& message) {
    INFO(args);
    const RunOutput run = search(db, args);
    INFO(run.out);
    CHECK(run.status == 2);
    CHECK(contains(run.out, message));
  };
  refused("--recommend nothing", "the index has no tag 'nothing'; it has none: tag papers first");
  refused("--show-tag nothing", "no tag 'nothing'");
  // Nothing added: every id named, no tag made.
  refused("--tag t 9999.99999 nonsense", "'9999.99999'");
  refused("--tag t 9999.99999 nonsense", "'nonsense'");
  CHECK(search(db, "--tags --format tsv").out.empty());
  refused("--tag t", "--tag NAME takes the ids of the papers after it");
  refused("--tag 'bad name' 2101.00001", "a tag's name is letters, digits");
  refused("--tags --show 2101.00001", "give one of them at a time");
  refused("--recommend a,,b", "recommend takes tag names");
  REQUIRE(search(db, "--tag t 2101.00001").status == 0);
  refused("--recommend t --like 2101.00002", "does not go with like");

  // A tag whose papers the index no longer has (stored as an older index
  // left it): nothing to recommend from, said so.
  {
    Xapian::WritableDatabase writable(db);
    writable.set_metadata(std::string(paperdex::schema::kTagPrefix) + "gone",
                          R"({"papers":["2012.99999"],"created":"","changed":""})");
    writable.commit();
  }
  refused("--recommend gone", "has no paper of this index to recommend from");
  refused("--show-tag gone", "2012.99999, which the index no longer has");
}
