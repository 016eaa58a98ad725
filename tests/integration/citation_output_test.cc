// paperdex-search's citation, feed and digest formats (bibtex, ris, csljson,
// atom, markdown) on the default corpus: a search's hits and --show's papers
// alike, the same bytes on every run, and no --stats form. What the formats
// write is checked field by field in unit/citation_formats_test.cc; that real
// tools read it, in tests/citations/.
#include <regex>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "index_test_support.h"
#include "test_support.h"

namespace {

using paperdex::test::contains;
using paperdex::test::corpus_index;
using paperdex::test::quote;
using paperdex::test::run_command;
using paperdex::test::RunOutput;

RunOutput search(const std::string& args) {
  return run_command(std::string(PAPERDEX_SEARCH_BIN) + " --db " + quote(corpus_index().path()) +
                     " " + args + " 2>&1");
}

std::vector<std::string> matches(const std::string& text, const std::string& pattern) {
  std::vector<std::string> found;
  const std::regex expression(pattern);
  for (auto it = std::sregex_iterator(text.begin(), text.end(), expression);
       it != std::sregex_iterator(); ++it) {
    found.push_back((*it)[1]);
  }
  return found;
}

std::vector<std::string> hit_ids(const std::string& args) {
  const RunOutput run = search("--format json " + args);
  INFO(run.out);
  REQUIRE(run.status == 0);
  std::vector<std::string> ids;
  const auto json = nlohmann::json::parse(run.out);
  for (const auto& hit : json["hits"]) ids.push_back(hit["id"]);
  CHECK_FALSE(ids.empty());
  return ids;
}

}  // namespace

TEST_CASE(
    "paperdex-search --format bibtex: one entry per hit, in rank order, keys unique, every run the "
    "same",
    "[cli][citations]") {
  const std::string query = "--limit 8 " + quote("network");
  const std::vector<std::string> ids = hit_ids(query);
  REQUIRE(ids.size() == 8);
  const RunOutput run = search("--format bibtex " + query);
  INFO(run.out);
  REQUIRE(run.status == 0);
  CHECK(matches(run.out, R"(eprint = \{([^}]*)\})") == ids);
  const std::vector<std::string> keys = matches(run.out, R"(@(?:misc|article)\{([^,]*),)");
  CHECK(keys.size() == ids.size());
  CHECK(std::set<std::string>(keys.begin(), keys.end()).size() == keys.size());
  CHECK(search("--format bibtex " + query).out == run.out);
}

TEST_CASE("paperdex-search --show ID... takes every citation and feed format, as searches do",
          "[cli][citations]") {
  const std::vector<std::string> ids = hit_ids("--limit 2 " + quote("network"));
  REQUIRE(ids.size() == 2);
  const std::string show = "--show " + ids[0] + " " + ids[1];
  const RunOutput bibtex = search(show + " --format bibtex");
  CHECK(bibtex.status == 0);
  CHECK(matches(bibtex.out, R"(eprint = \{([^}]*)\})") == ids);
  const RunOutput ris = search(show + " --format ris");
  CHECK(matches(ris.out, R"(AN  - arXiv:(\S+))") == ids);
  const RunOutput csl = search(show + " --format csljson");
  REQUIRE(csl.status == 0);
  const auto items = nlohmann::json::parse(csl.out);
  REQUIRE(items.size() == 2);
  CHECK(items[1]["number"] == ids[1]);
  const RunOutput atom = search(show + " --format atom");
  CHECK(matches(atom.out, R"(<id>https://arxiv.org/abs/([^<]*)</id>)") == ids);
  const RunOutput markdown = search(show + " --format markdown");
  CHECK(markdown.out.starts_with("# paperdex: " + ids[0] + " " + ids[1] + "\n\n1. **["));
}

TEST_CASE("An Atom feed of a search is identified by the query and its filters",
          "[cli][citations]") {
  const RunOutput one = search("--format atom --limit 3 --year 2010.. " + quote("network"));
  const RunOutput other = search("--format atom --limit 3 " + quote("network"));
  REQUIRE(one.status == 0);
  const std::vector<std::string> one_id = matches(one.out, R"(\n  <id>([^<]*)</id>)");
  const std::vector<std::string> other_id = matches(other.out, R"(\n  <id>([^<]*)</id>)");
  REQUIRE(one_id.size() == 1);
  REQUIRE(other_id.size() == 1);
  CHECK(one_id[0].starts_with("tag:paperdex,2026:feed:"));
  CHECK(one_id != other_id);
  CHECK(contains(one.out, "<title>paperdex: network</title>"));
}

TEST_CASE("The citation formats have no --stats form, and --help lists every format",
          "[cli][citations]") {
  const RunOutput stats = search("--stats --format bibtex");
  CHECK(stats.status == 2);
  CHECK(contains(stats.out, "--stats has no bibtex form"));
  const RunOutput help = run_command(std::string(PAPERDEX_SEARCH_BIN) + " --help");
  for (const char* format : {"bibtex", "ris", "csljson", "atom", "markdown"}) {
    CHECK(contains(help.out, std::string("\n  ") + format + " "));
  }
  const RunOutput wrong = search("--format bib network");
  CHECK(wrong.status == 2);
  CHECK(contains(wrong.out, "tsv, bibtex, ris, csljson, atom or markdown, not"));
}
