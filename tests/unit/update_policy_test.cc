// The update policy both writers apply (indexer/src/update_policy.h).
#include "update_policy.h"

#include <algorithm>
#include <vector>

#include <catch2/catch.hpp>

#include "paperdex/common/stored_record.h"

namespace policy = paperdex::update_policy;
using Change = policy::Change;

TEST_CASE("update_policy: dates compare as dates", "[update-policy]") {
  CHECK(policy::date_number("2024-02-01") == 20240201u);
  CHECK(policy::date_number("2024-02-01T10:00:00Z") == 20240201u);
  CHECK(policy::date_number("") == 0u);
  CHECK(policy::date_number("2024-2-1") == 0u);
  CHECK(policy::date_number("20240201xx") == 0u);
  CHECK(policy::date_number("2024/02/01") == 0u);
}

namespace {

paperdex::Record source(const char* updated, const char* title) {
  paperdex::Record record;
  record.id = "0704.0002";
  record.title = title;
  record.abstract = "About graphs.";
  record.authors = {"Ileana Streinu", "Louis Theran"};
  record.subjects = {"math.CO", "cs.CG"};
  record.updated = updated;
  return record;
}

// The paper after merging `records` in this order into the first.
paperdex::Record merged_in_order(const std::vector<paperdex::Record>& records) {
  paperdex::Record paper = records.front();
  for (std::size_t i = 1; i < records.size(); ++i) paper = policy::merge_sources(paper, records[i]);
  return paper;
}

}  // namespace

TEST_CASE("update_policy: the newest source with a field wins it, whatever the order",
          "[update-policy]") {
  // Four sources of one paper, as the snapshot, an Atom feed, arXivRaw and
  // the OAI arXiv format give it: each has some fields the others lack.
  paperdex::Record snapshot = source("2008-12-13", "Sparsity-certifying Graph Decompositions");
  snapshot.versions = {{"v1", "2007-03-31"}, {"v2", "2008-12-13"}};
  snapshot.submitted = "2007-03-31";
  snapshot.year = 2007;
  snapshot.comments = "To appear in Graphs and Combinatorics";
  snapshot.report_no = "REP-1";
  paperdex::Record atom = source("2008-12-13", "Sparsity-certifying graph decompositions");
  atom.submitted = "2007-03-31";
  atom.year = 2007;
  atom.doi = "10.1000/old";
  paperdex::Record raw = source("2007-03-31", "An early title");
  raw.versions = {{"v1", "2007-03-31"}};
  raw.license = "http://arxiv.org/licenses/nonexclusive-distrib/1.0/";
  raw.doi = "10.1000/older";
  paperdex::Record oai = source("2008-12-13", "Sparsity-certifying Graph Decompositions");
  oai.submitted = "2007-03-30";  // US time: a day before v1's date in GMT
  oai.year = 2007;
  oai.comments = "To appear in Graphs and Combinatorics";

  const std::vector<paperdex::Record> sources = {snapshot, atom, raw, oai};
  std::vector<std::size_t> order = {0, 1, 2, 3};
  const std::string first = paperdex::stored_record_json(merged_in_order(sources));
  int orders = 0;
  do {
    std::vector<paperdex::Record> records;
    for (std::size_t i : order) records.push_back(sources[i]);
    const paperdex::Record paper = merged_in_order(records);
    INFO("order " << order[0] << order[1] << order[2] << order[3]);
    REQUIRE(paperdex::stored_record_json(paper) == first);
    // Merging any source again changes nothing: a second pass is "unchanged".
    for (const paperdex::Record& again : sources) {
      CHECK(policy::compare_merged(policy::merge_sources(paper, again), paper) ==
            Change::kUnchanged);
    }
    ++orders;
  } while (std::next_permutation(order.begin(), order.end()));
  CHECK(orders == 24);

  const paperdex::Record paper = merged_in_order({snapshot, atom, raw, oai});
  CHECK(paper.versions.size() == 2);       // no source without versions takes them away
  CHECK(paper.submitted == "2007-03-31");  // v1's date, not a source's local date
  CHECK(paper.updated == "2008-12-13");
  CHECK(paper.comments == "To appear in Graphs and Combinatorics");
  CHECK(paper.report_no == "REP-1");
  CHECK(paper.license == raw.license);  // only the oldest source had it: kept
  CHECK(paper.doi == "10.1000/old");    // the newer source's DOI
  CHECK(paper.title != "An early title");
  CHECK(paper.field_dates.at("li") == "2007-03-31");
  CHECK(paper.field_dates.count("t") == 0);  // as new as the paper
}

TEST_CASE("update_policy: a newer source replaces what it says, an older or equal one does not",
          "[update-policy]") {
  const paperdex::Record stored = source("2024-01-01", "Lattice phonons");
  paperdex::Record newer = source("2024-02-01", "Lattice phonons revisited");
  CHECK(policy::merge_sources(stored, newer).title == "Lattice phonons revisited");
  CHECK(policy::compare_merged(policy::merge_sources(stored, newer), stored) == Change::kUpdated);

  const paperdex::Record older = source("2023-12-01", "An older title");
  CHECK(policy::merge_sources(stored, older).title == "Lattice phonons");
  CHECK(policy::compare_merged(policy::merge_sources(stored, older), stored) == Change::kUnchanged);

  paperdex::Record undated = source("", "A title of no date");
  undated.journal = "J. Phys. 1 (2024)";
  const paperdex::Record with_undated = policy::merge_sources(stored, undated);
  CHECK(with_undated.title == "Lattice phonons");      // a dated source outranks an undated one
  CHECK(with_undated.journal == "J. Phys. 1 (2024)");  // but what it alone gives is kept
  CHECK(policy::compare_merged(with_undated, stored) == Change::kUpdated);
  CHECK(policy::compare_merged(policy::merge_sources(stored, stored), stored) ==
        Change::kUnchanged);
}

TEST_CASE("update_policy: each change counts once, in its own column", "[update-policy]") {
  paperdex::IndexStats stats;
  for (Change change : {Change::kAdded, Change::kAdded, Change::kUpdated, Change::kUnchanged,
                        Change::kMerged, Change::kMerged, Change::kMerged}) {
    policy::count(stats, change);
  }
  CHECK(stats.added == 2);
  CHECK(stats.updated == 1);
  CHECK(stats.unchanged == 1);
  CHECK(stats.merged == 3);
  CHECK(stats.deleted == 0);

  paperdex::IndexStats more;
  more.added = 5;
  more.deleted = 2;
  stats += more;
  CHECK(stats.added == 7);
  CHECK(stats.deleted == 2);
  CHECK(stats.merged == 3);
}

TEST_CASE("update_policy: author-page authors survive updates and are listed once",
          "[update-policy]") {
  paperdex::Record stored;
  stored.authors = {"Ada Lovelace", "Charles Babbage"};
  stored.page_authors = {"Charles Babbage", "Mary Somerville"};

  paperdex::Record update;
  update.authors = {"Ada Lovelace"};
  policy::keep_page_authors(update, stored);
  CHECK(policy::merge_sources(stored, update).page_authors == stored.page_authors);
  CHECK(update.page_authors == stored.page_authors);
  CHECK(update.authors ==
        std::vector<std::string>{"Ada Lovelace", "Charles Babbage", "Mary Somerville"});

  paperdex::Record page;
  page.authors = {"Mary Somerville"};
  CHECK_FALSE(policy::merge_page_record(update, page));  // nothing new: unchanged
  page.authors = {"Grace Hopper", "Ada Lovelace"};
  CHECK(policy::merge_page_record(update, page));
  CHECK(update.authors == std::vector<std::string>{"Ada Lovelace", "Charles Babbage",
                                                   "Mary Somerville", "Grace Hopper"});
  CHECK(update.page_authors == std::vector<std::string>{"Charles Babbage", "Mary Somerville",
                                                        "Grace Hopper", "Ada Lovelace"});

  paperdex::Record arxiv;
  arxiv.authors = {"Grace Hopper"};
  paperdex::Record page_paper;
  page_paper.page_authors = {"Grace Hopper", "Alan Turing"};
  policy::absorb_page_paper(arxiv, page_paper);
  CHECK(arxiv.authors == std::vector<std::string>{"Grace Hopper", "Alan Turing"});
  CHECK(arxiv.page_authors == page_paper.page_authors);
}
