// The record of a paper's full text (#50 item 5): paperdex-search --show ID
// --json gains "fulltext" {source, file, pages (PDFs), words, sections}; the
// text layout lists the sections; --show ID --body prints the text read. On
// the shared PDFs and LaTeX packages (../shared/data/fulltext).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using paperdex::test::contains;
using paperdex::test::quote;
using paperdex::test::run_command;
using paperdex::test::shared_fulltext;
using paperdex::test::TempDir;

paperdex::test::RunOutput search(const std::string& db, const std::string& arguments) {
  return paperdex::test::search_cli(db, arguments);
}

// The simple \section titles (no TeX command in them) of a .tex file, in order.
std::vector<std::string> plain_section_titles(const fs::path& tex) {
  std::ifstream in(tex);
  std::stringstream text;
  text << in.rdbuf();
  const std::string source = text.str();
  static const std::regex section(R"(\\section\{([^}\\]*)\})");
  std::vector<std::string> titles;
  for (auto it = std::sregex_iterator(source.begin(), source.end(), section);
       it != std::sregex_iterator(); ++it) {
    titles.push_back((*it)[1]);
  }
  return titles;
}

}  // namespace

TEST_CASE("show gives a PDF's and a LaTeX package's full-text facts and --body its text",
          "[fulltext][cli][record]") {
  const auto shared = shared_fulltext();
  if (!shared) {
    WARN("../shared/data/fulltext is absent: the full-text record is not checked");
    return;
  }
  TempDir dir;
  const std::string db = (dir.path() / "index").string();
  const fs::path pdf = *shared / "pdf/2206.10883v3.pdf";
  const fs::path latex = *shared / "latex/1911.02782.gz";
  const auto indexed = run_command(std::string(PAPERDEX_INDEX_BIN) + " --db " + quote(db) + " " +
                                   quote(pdf.string()) + " " + quote(latex.string()) + " 2>&1");
  INFO(indexed.out);
  REQUIRE(indexed.status == 0);

  SECTION("a PDF: its source, file, pages and words") {
    const auto shown = search(db, "--show 2206.10883 --json");
    REQUIRE(shown.status == 0);
    const nlohmann::json paper = nlohmann::json::parse(shown.out)["papers"].at(0);
    REQUIRE(paper.contains("fulltext"));
    const nlohmann::json& facts = paper["fulltext"];
    CHECK(facts["source"] == "pdf");
    CHECK(contains(facts["file"].get<std::string>(), "2206.10883v3.pdf"));
    const auto info = run_command("pdfinfo " + quote(pdf.string()) + " 2>/dev/null");
    std::smatch pages;
    REQUIRE(std::regex_search(info.out, pages, std::regex(R"(Pages:\s+(\d+))")));
    CHECK(facts["pages"] == std::stoi(pages[1]));
    CHECK(facts["words"].get<long long>() > 5000);
    CHECK(facts["sections"].is_array());
    CHECK_FALSE(facts.contains("page_offsets"));  // the index's bookkeeping, not shown

    // --body: the text as read, each page ending in a form feed.
    const auto body = search(db, "--show 2206.10883 --body");
    REQUIRE(body.status == 0);
    CHECK(static_cast<int>(std::count(body.out.begin(), body.out.end(), '\f')) ==
          std::stoi(pages[1]));
    CHECK(body.out.size() > 20000);
  }

  SECTION("a LaTeX package: its sections as the source titles them, listed in text") {
    const auto shown = search(db, "--show 1911.02782 --json");
    REQUIRE(shown.status == 0);
    const nlohmann::json facts = nlohmann::json::parse(shown.out)["papers"].at(0)["fulltext"];
    CHECK(facts["source"] == "latex");
    CHECK_FALSE(facts.contains("pages"));
    const std::vector<std::string> sections = facts["sections"].get<std::vector<std::string>>();
    INFO(nlohmann::json(sections).dump());
    // The source's plain \section titles, each in the record, in order.
    TempDir unpacked;
    REQUIRE(run_command("tar xzf " + quote(latex.string()) + " -C " +
                        quote(unpacked.path().string()) + " 2>&1")
                .status == 0);
    const std::vector<std::string> titles = plain_section_titles(unpacked.path() / "main.tex");
    REQUIRE(titles.size() >= 5);
    auto next = sections.begin();
    for (const std::string& title : titles) {
      INFO(title);
      next = std::find(next, sections.end(), title);
      CHECK(next != sections.end());
    }
    // The terminal lists them, one a line.
    const auto text = search(db, "--show 1911.02782");
    REQUIRE(text.status == 0);
    CHECK(contains(text.out, "Full text"));
    CHECK(contains(text.out, "latex · "));
    for (const std::string& title : titles) CHECK(contains(text.out, "  " + title + "\n"));
  }

  SECTION("--body needs --show, and a paper without a body is named") {
    const auto alone = search(db, "--body word");
    CHECK(alone.status == 2);
    CHECK(contains(alone.out, "--body goes with --show"));
  }
}
