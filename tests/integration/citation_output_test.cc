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
using paperdex::test::TempDir;

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

namespace {

// #53 item 5: an OAI-PMH record (arXiv format, <keyname>) and a snapshot
// record (authors_parsed) whose family names begin with a capitalised
// particle, and journal references of shapes that parse and do not.
constexpr const char* kOaiRecords = R"(<?xml version="1.0" encoding="UTF-8"?>
<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/"><ListRecords>
<record><header><identifier>oai:arXiv.org:1501.00001</identifier><datestamp>2015-02-01</datestamp></header>
<metadata><arXiv xmlns="http://arxiv.org/OAI/arXiv/"><id>1501.00001</id><created>2015-01-05</created>
<authors><author><keyname>De Cristofaro</keyname><forenames>Emiliano</forenames></author>
<author><keyname>King</keyname><forenames>Martin Luther</forenames><suffix>Jr</suffix></author></authors>
<title>Private set intersection</title><categories>cs.CR</categories>
<journal-ref>Phys. Rev. D 76, 044016 (2007)</journal-ref><doi>10.1/psi</doi>
<abstract>Sets.</abstract></arXiv></metadata></record>
</ListRecords></OAI-PMH>
)";

constexpr const char* kSnapshotRecords =
    R"({"id": "0704.0003", "title": "Quantum walks", "authors": "Alessandra Di Pierro and Ann Lee", )"
    R"("authors_parsed": [["Di Pierro", "Alessandra", ""], ["Lee", "Ann", ""]], )"
    R"("categories": "quant-ph", "journal-ref": "Proceedings of QPL 2015", "abstract": "Walks.", )"
    R"("versions": [{"version": "v1", "created": "Mon, 2 Apr 2007 19:18:42 GMT"}], )"
    R"("update_date": "2007-05-01"})"
    "\n"
    R"({"id": "0704.0004", "title": "Vincent's stars", "authors": "Vincent van Gogh", )"
    R"("categories": "astro-ph", "journal-ref": "Nucl.Phys.B 123 (2001) 45-67", "abstract": "Stars.", )"
    R"("versions": [{"version": "v1", "created": "Mon, 2 Apr 2007 19:18:42 GMT"}], )"
    R"("update_date": "2007-05-01"})"
    "\n";

class NamesIndex {
 public:
  NamesIndex() {
    paperdex::test::write_file(dir_ / "oai.xml", kOaiRecords);
    paperdex::test::write_file(dir_ / "snapshot.jsonl", kSnapshotRecords);
    std::string log;
    const int status = paperdex::test::index_files(
        db(), {(dir_ / "oai.xml").string(), (dir_ / "snapshot.jsonl").string()}, &log);
    INFO(log);
    REQUIRE(status == 0);
  }
  std::string db() const { return (dir_ / "index").string(); }
  RunOutput show(const std::string& format) const {
    return run_command(std::string(PAPERDEX_SEARCH_BIN) + " --db " + quote(db()) +
                       " --show 1501.00001 0704.0003 0704.0004 --format " + format + " 2>&1");
  }

 private:
  TempDir dir_;
};

}  // namespace

TEST_CASE("Citations keep the family names OAI and the snapshot give, and parse journal refs",
          "[cli][citations][names]") {
  const NamesIndex index;
  const RunOutput bib = index.show("bibtex");
  INFO(bib.out);
  REQUIRE(bib.status == 0);
  CHECK(contains(bib.out, "@article{decristofaro2015private,\n"));
  CHECK(contains(bib.out, "  author = {De Cristofaro, Emiliano and King, Jr, Martin Luther},\n"));
  CHECK(contains(bib.out,
                 "  journal = {Phys. Rev. D},\n  volume = {76},\n  pages = {044016},\n"
                 "  year = {2007},\n"));
  CHECK(contains(bib.out, "@misc{dipierro2007quantum,\n"));
  CHECK(contains(bib.out, "  author = {Di Pierro, Alessandra and Lee, Ann},\n"));
  CHECK(contains(bib.out, "  note = {Proceedings of QPL 2015},\n"));
  CHECK(contains(bib.out, "  author = {van Gogh, Vincent},\n"));
  CHECK(contains(bib.out, "  journal = {Nucl.Phys.B},\n  volume = {123},\n  pages = {45--67},\n"));

  const RunOutput csl = index.show("csljson");
  REQUIRE(csl.status == 0);
  const auto items = nlohmann::json::parse(csl.out);
  REQUIRE(items.size() == 3);
  CHECK(items[0]["author"][0] ==
        nlohmann::json({{"family", "De Cristofaro"}, {"given", "Emiliano"}}));
  CHECK(items[0]["container-title"] == "Phys. Rev. D");
  CHECK(items[1]["author"][0] ==
        nlohmann::json({{"family", "Di Pierro"}, {"given", "Alessandra"}}));
  CHECK(items[1]["note"] == "Proceedings of QPL 2015");
  CHECK_FALSE(items[1].contains("container-title"));
  CHECK(
      items[2]["author"][0] ==
      nlohmann::json({{"family", "Gogh"}, {"given", "Vincent"}, {"non-dropping-particle", "van"}}));
  CHECK(items[2]["page"] == "45-67");

  const RunOutput ris = index.show("ris");
  INFO(ris.out);
  REQUIRE(ris.status == 0);
  CHECK(contains(ris.out, "AU  - De Cristofaro, Emiliano\n"));
  CHECK(contains(ris.out, "JO  - Phys. Rev. D\nVL  - 76\nSP  - 044016\n"));
  CHECK(contains(ris.out, "N1  - Proceedings of QPL 2015\n"));
}
