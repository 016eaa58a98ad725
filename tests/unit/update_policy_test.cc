// The update policy both writers apply (indexer/src/update_policy.h).
#include "update_policy.h"

#include <catch2/catch.hpp>

namespace policy = paperdex::update_policy;
using Change = policy::Change;

TEST_CASE("update_policy: dates compare as dates, and unknown dates never lose",
          "[update-policy]") {
  CHECK(policy::date_number("2024-02-01") == 20240201u);
  CHECK(policy::date_number("2024-02-01T10:00:00Z") == 20240201u);
  CHECK(policy::date_number("") == 0u);
  CHECK(policy::date_number("2024-2-1") == 0u);
  CHECK(policy::date_number("20240201xx") == 0u);
  CHECK(policy::date_number("2024/02/01") == 0u);

  const auto older = [](const char* incoming, const char* stored) {
    return policy::is_older(policy::date_number(incoming), policy::date_number(stored));
  };
  CHECK(older("2023-12-01", "2024-01-01"));
  CHECK_FALSE(older("2024-01-01", "2023-12-01"));
  CHECK_FALSE(older("2024-01-01", "2024-01-01"));
  CHECK_FALSE(older("", "2024-01-01"));
  CHECK_FALSE(older("2024-01-01", ""));
  CHECK_FALSE(older("garbage", "2024-01-01"));
}

TEST_CASE("update_policy: newer wins, identical is unchanged, different is updated",
          "[update-policy]") {
  const auto compare = [](const char* incoming, const char* stored, bool same) {
    return policy::compare_versions(policy::date_number(incoming), policy::date_number(stored),
                                    same);
  };
  CHECK(compare("2024-02-01", "2024-01-01", false) == Change::kUpdated);
  CHECK(compare("2024-01-01", "2024-01-01", false) == Change::kUpdated);  // a same-day fix
  CHECK(compare("2024-02-01", "2024-01-01", true) == Change::kUnchanged);
  CHECK(compare("2023-12-01", "2024-01-01", false) == Change::kUnchanged);  // older: ignored
  CHECK(compare("", "2024-01-01", false) == Change::kUpdated);
  CHECK(compare("", "", true) == Change::kUnchanged);
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
