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

TEST_CASE("update_policy: comments that state a withdrawal, and ones that only mention one",
          "[update-policy][withdrawn]") {
  // Comments of papers in the cs harvest of 2016, as the readers give them.
  const char* const kWithdrawals[] = {
      "This paper has been withdrawn by the author due to a crucial sign error in equation 1",
      "This paper has been withdrawn",
      "Withdrawn",
      "withdrawn by arXiv admin due to authorship dispute",
      "Manuscript withdrawn, because results are incorrect.",
      "12 pages. In CGF 2013. This paper has been withdrawn by the author due to publication",
      "This paper is temporarily withdrawn in preparation for journal submission",
      "This paper has been administratively withdrawn because it was submitted under false "
      "pretenses",
      "Withdrawn: \"MCTS Based on Simple Regret\" (arXiv:1207.5589) is the final version",
      "We withdraw the paper since we found a reference from 1981 that solves the same problem",
      "The author has withdrawn this submission [arXiv admin]",
      "The paper is withdrawn from Arxiv due to a gap in the proof of Lemma 2.",
      "Since we find that there are some errors, I withdraw this paper from this website!",
      "The biometric sections are being augmented. Hence the paper is withdrawn.",
  };
  for (const char* comments : kWithdrawals) {
    INFO(comments);
    CHECK(policy::comments_withdraw(comments));
  }
  const char* const kMentions[] = {
      "17 pages, 6 figures; paper withdrawn from IEEE Transactions on Signal Processing and "
      "re-submitted to the IEEE Transactions on Information Theory",
      "The original submission to Appl. Comput. Harmon. Anal. in Aug. 2009 was withdrawn. The "
      "paper was split in two parts",
      "5 pages. Accepted for ACMGIS 2009, but withdrawn because ACM would not include this paper",
      "Extended version of article published in the SBMF 2007. Accepted to ENTCS. Withdrawn from "
      "ENTCS in 2014 in virtue to submission to other venue",
      "A major overhaul of the withdrawn paper Orthogonal symmetric Toeplitz matrices",
      "This paper is a combined replacement for the papers (arXiv:1501.07227) and "
      "(arXiv:1503.03488), which have all been withdrawn",
      "I am withdrawing the claim that NP = coNP.",
      "a note revised from a withdrawn one",
      "12 pages, 3 figures",
      "",
  };
  for (const char* comments : kMentions) {
    INFO(comments);
    CHECK_FALSE(policy::comments_withdraw(comments));
  }
}

TEST_CASE("update_policy: a paper is withdrawn while its latest version is a withdrawal",
          "[update-policy][withdrawn]") {
  // arXivRaw: v2 without files, comments that do not say why; the arXiv
  // format, older, with no version list; then a v3 that replaces the notice.
  paperdex::Record raw = source("2016-10-21", "A Linear Programming Model");
  raw.versions = {{"v1", "2008-03-30"}, {"v2", "2016-10-20"}};
  raw.withdrawn_versions = {"v2"};
  raw.comments = "Theorem 25 and Corollary 26 are incorrect.";
  paperdex::Record oai = source("2016-03-01", "A Linear Programming Model");
  oai.submitted = "2008-03-30";
  oai.comments = "12 pages";

  policy::first_source(raw);
  CHECK(raw.withdrawn);
  paperdex::Record alone = oai;
  policy::first_source(alone);
  CHECK_FALSE(alone.withdrawn);
  const paperdex::Record both = policy::merge_sources(oai, raw);
  CHECK(both.withdrawn);
  CHECK(paperdex::stored_record_json(policy::merge_sources(raw, oai)) ==
        paperdex::stored_record_json(both));
  CHECK(policy::compare_merged(policy::merge_sources(both, oai), both) == Change::kUnchanged);

  paperdex::Record replaced = source("2017-01-05", "A Linear Programming Model");
  replaced.versions = {{"v3", "2017-01-04"}};
  replaced.comments = "Corrected.";
  const paperdex::Record current = policy::merge_sources(both, replaced);
  CHECK_FALSE(current.withdrawn);
  CHECK(current.withdrawn_versions == std::vector<std::string>{"v2"});  // still known
  CHECK(paperdex::stored_record_json(policy::merge_sources(replaced, both)) ==
        paperdex::stored_record_json(current));

  // A comments notice alone marks it too, and the newest comments decide.
  paperdex::Record notice = oai;
  notice.updated = "2016-11-01";
  notice.comments = "This paper has been withdrawn by the author";
  CHECK(policy::merge_sources(current, notice).withdrawn == false);  // older than v3's record
  CHECK(policy::merge_sources(alone, notice).withdrawn);
}

TEST_CASE("update_policy: a paper is stamped new for a version or a category, not a fix",
          "[update-policy][saved-searches]") {
  const std::string day1 = "2026-12-01T08:00:00.000000Z", day2 = "2026-12-02T08:00:00.000000Z";
  paperdex::Record stored = source("2021-01-01", "Graph rigidity");
  stored.versions = {{"v1", "2021-01-01"}};
  policy::stamp_added(stored, day1);
  CHECK(stored.added == day1);
  CHECK(stored.changed == day1);

  // The stored paper's times survive a merge with a reader's record (none).
  paperdex::Record fix = stored;
  fix.added.clear();
  fix.changed.clear();
  fix.updated = "2021-02-01";
  fix.abstract = "About graphs, fixed.";
  paperdex::Record merged = policy::merge_sources(stored, fix);
  REQUIRE(policy::compare_merged(merged, stored) == Change::kUpdated);
  policy::stamp_changed(merged, stored, day2);
  CHECK(merged.added == day1);
  CHECK(merged.changed == day1);  // a metadata-only change is no news
  CHECK(merged.version_added.empty());
  CHECK(merged.subject_added.empty());

  paperdex::Record version = fix;
  version.versions = {{"v1", "2021-01-01"}, {"v2", "2021-02-01"}};
  merged = policy::merge_sources(stored, version);
  policy::stamp_changed(merged, stored, day2);
  CHECK(merged.changed == day2);
  CHECK(merged.version_added == day2);
  CHECK(merged.subject_added.empty());

  paperdex::Record cross_list = fix;
  cross_list.subjects = {"math.CO", "cs.CG", "cs.DM"};
  merged = policy::merge_sources(stored, cross_list);
  policy::stamp_changed(merged, stored, day2);
  CHECK(merged.changed == day2);
  CHECK(merged.subject_added == day2);
  CHECK(merged.version_added.empty());

  // A source without versions (arXiv's OAI format) then one with them fills
  // the list in: no new version.
  paperdex::Record unlisted = stored;
  unlisted.versions.clear();
  merged = policy::merge_sources(unlisted, version);
  policy::stamp_changed(merged, unlisted, day2);
  CHECK(merged.version_added.empty());
}

TEST_CASE("update_policy: index times merge to the first added and the last changed",
          "[update-policy][saved-searches]") {
  paperdex::Record a = source("2021-01-01", "Graph rigidity"), b = a;
  a.added = a.changed = "2026-12-01T08:00:00.000000Z";
  b.added = b.changed = "2026-12-02T08:00:00.000000Z";
  b.version_added = b.changed;
  for (const auto& [first, second] : {std::pair{a, b}, std::pair{b, a}}) {
    const paperdex::Record merged = policy::merge_sources(first, second);
    CHECK(merged.added == a.added);
    CHECK(merged.changed == b.changed);
    CHECK(merged.version_added == b.version_added);
  }
}
