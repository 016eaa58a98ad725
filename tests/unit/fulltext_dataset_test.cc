// The extraction stage for full text: JSON-lines full-text data sets read by
// read_dataset_line. unarXive's own sample of ../shared (skipped with a
// warning without it), checked against the lines as a plain JSON parser
// reads them; the snapshot line with a "body"; lines that are not either.
#include <catch2/catch.hpp>

#include <zlib.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

#include "fulltext/fulltext.h"
#include "paperdex/common/utf8.h"
#include "test_support.h"

namespace ft = paperdex::fulltext;
namespace fs = std::filesystem;
using paperdex::test::contains;

namespace {

// The lines of a gzipped file.
std::vector<std::string> gzip_lines(const fs::path& path) {
  gzFile in = gzopen(path.c_str(), "rb");
  REQUIRE(in != nullptr);
  std::string all;
  char buffer[1 << 16];
  for (int got; (got = gzread(in, buffer, sizeof buffer)) > 0;) all.append(buffer, got);
  gzclose(in);
  std::vector<std::string> lines;
  for (std::size_t start = 0; start < all.size();) {
    std::size_t end = all.find('\n', start);
    if (end == std::string::npos) end = all.size();
    if (end > start) lines.push_back(all.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// The sections a unarXive line names, in order, each once where it starts.
std::vector<std::string> section_runs(const nlohmann::json& line) {
  std::vector<std::string> runs;
  for (const auto& paragraph : line["body_text"]) {
    const auto& field = paragraph["section"];
    const std::string section = field.is_string() ? field.get<std::string>() : "";
    if (!section.empty() && (runs.empty() || runs.back() != section)) runs.push_back(section);
  }
  return runs;
}

}  // namespace

TEST_CASE("fulltext: unarXive's sample, 49 papers with sections and references",
          "[fulltext][dataset]") {
  const auto found = paperdex::test::shared_unarxive_sample();
  if (!found) {
    WARN("unarXive test skipped: ../shared/data/fulltext/unarxive absent");
    return;
  }
  const fs::path& sample = *found;
  const std::vector<std::string> lines = gzip_lines(sample);
  REQUIRE(lines.size() == 49);  // the sample's README
  std::size_t references = 0, resolved = 0, with_formulas = 0;
  std::set<std::string> ids;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    INFO("line " << i + 1);
    const nlohmann::json line = nlohmann::json::parse(lines[i]);
    const ft::FullText text = ft::read_dataset_line("sample:" + std::to_string(i + 1), lines[i]);
    CHECK(text.source == ft::Source::kUnarxive);
    CHECK(text.file == "sample:" + std::to_string(i + 1));
    REQUIRE(text.arxiv_id);
    CHECK(*text.arxiv_id == line["paper_id"].get<std::string>());
    ids.insert(*text.arxiv_id);
    CHECK_FALSE(text.title.empty());
    CHECK(paperdex::is_valid_utf8(text.text));
    CHECK_FALSE(contains(text.text, "{{"));  // every mark replaced
    // Sections: one per run of paragraphs, in order, each at its own title.
    std::vector<std::string> section_titles;
    std::size_t previous = 0;
    for (const ft::Section& section : text.sections) {
      section_titles.push_back(section.title);
      CHECK(section.offset >= previous);
      CHECK(text.text.compare(section.offset, section.title.size(), section.title) == 0);
      previous = section.offset;
    }
    CHECK(section_titles.size() == section_runs(line).size());
    for (const auto& paragraph : line["body_text"]) {
      if (paragraph["text"].get<std::string>().find("{{formula:") != std::string::npos)
        ++with_formulas;
    }
    references += text.references.size();
    for (const ft::Reference& reference : text.references) resolved += reference.arxiv_id ? 1 : 0;
  }
  CHECK(ids.size() == 49);
  CHECK(with_formulas > 0);
  // The sample's README: 1,786 references, 146 resolved to an arXiv id; the
  // ids their raw text names are read too (fulltext_references_test.cc), and
  // some of those the data set did not resolve.
  CHECK(references == 1786);
  CHECK(resolved >= 146);
}

TEST_CASE("fulltext: a unarXive paragraph's marks: short formulas kept, the rest dropped",
          "[fulltext][dataset]") {
  const std::string line =
      R"({"paper_id":"2212.11867","metadata":{"title":"Zeros of \\emph{random}\n  polynomials"},)"
      R"("body_text":[)"
      R"({"section":"Introduction","sec_number":"1","text":"Let {{formula:a}} be a measure {{cite:b}} as in {{figure:c}}."},)"
      R"({"section":"Introduction","sec_number":"1","text":"A long one {{formula:d}} goes."},)"
      R"({"section":"Proof of Theorem 1","sec_number":"2.1","text":"By na\\\"ive counting."}],)"
      R"("ref_entries":{"a":{"latex":"\\mu","type":"formula"},"d":{"latex":")" +
      std::string(100, 'x') +
      R"(","type":"formula"}},)"
      R"("bib_entries":{"k":{"bib_entry_raw":"A. B. Title. 2020.","ids":{"arxiv_id":"2104.06921v2","doi":"10.1/x"}}}})";
  const ft::FullText text = ft::read_dataset_line("x.jsonl:3", line);
  CHECK(text.title == "Zeros of random polynomials");
  CHECK(text.text ==
        "Introduction\nLet μ be a measure as in.\nA long one goes.\nProof of Theorem 1\nBy naïve "
        "counting.");
  REQUIRE(text.sections.size() == 2);
  CHECK(text.sections[1].title == "Proof of Theorem 1");
  CHECK(text.sections[1].level == 2);
  REQUIRE(text.references.size() == 1);
  CHECK(text.references[0].raw == "A. B. Title. 2020.");
  CHECK(text.references[0].arxiv_id == "2104.06921");
  CHECK(text.references[0].doi == "10.1/x");
  // Without ref_entries (found by fuzzing: read through a null object), a
  // formula is dropped like any mark.
  const ft::FullText bare = ft::read_dataset_line(
      "x.jsonl:4", R"({"paper_id":"2212.11867","body_text":[{"text":"Let {{formula:a}} be."}]})");
  CHECK(bare.text == "Let be.");
  CHECK(bare.sections.empty());
}

TEST_CASE("fulltext: a snapshot line with its body as one string", "[fulltext][dataset]") {
  const ft::FullText text = ft::read_dataset_line(
      "c.jsonl:1",
      R"({"id":"arXiv:1706.03762v5","title":"Attention Is All\n You Need","body":"The dominant  sequence\u0000 models.\n\nWe propose."})");
  CHECK(text.source == ft::Source::kJsonl);
  CHECK(text.arxiv_id == "1706.03762");
  CHECK(text.title == "Attention Is All You Need");
  CHECK(text.text == "The dominant sequence models.\nWe propose.");
  CHECK(ft::carries_fulltext(R"({"id":"1","body":"x"})"));
  CHECK_FALSE(ft::carries_fulltext(R"({"id":"1","title":"x"})"));
}

TEST_CASE("fulltext: a data set line that cannot be read is named, with why",
          "[fulltext][dataset]") {
  const auto refused = [](const std::string& line, const std::string& why) {
    INFO(line);
    try {
      ft::read_dataset_line("d.jsonl:7", line);
      FAIL("no error");
    } catch (const ft::FullTextError& error) {
      CHECK(contains(error.what(), "d.jsonl:7"));
      CHECK(contains(error.reason(), why));
    }
  };
  refused("{\"id\": ", "not JSON");
  refused("[1, 2]", "not a JSON object");
  refused(R"({"id":"1706.03762","title":"t"})", "no full text");
  refused(R"({"id":"not an id","body":"words"})", "no arXiv id");
  refused(R"({"paper_id":"2212.11867","body_text":{"a":1}})", "not a list of paragraphs");
  refused(R"({"paper_id":"2212.11867","body_text":[1]})", "not an object");
}
