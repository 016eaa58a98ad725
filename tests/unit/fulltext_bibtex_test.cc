// The extraction stage for full text: a LaTeX source package shipped without
// its .bbl gives its reference list from the .bib files its document names
// (#51 item 1), each read by the paperdex-bibtex helper (libbtparse in a
// child process, as built) and reduced to the entries the document cites.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>

#include "fulltext/fulltext.h"
#include "fulltext/latex_internal.h"
#include "test_support.h"

namespace ft = paperdex::fulltext;
namespace fs = std::filesystem;
using paperdex::test::contains;
using paperdex::test::quote;
using paperdex::test::run_command;
using paperdex::test::TempDir;
using paperdex::test::write_file;

namespace {

const std::string kMainTex =
    "\\documentclass{article}\\title{Cited}\\begin{document}\\section{Intro}\n"
    "Transformers \\citep{vaswani2017} and BERT~\\cite[p.~3]{devlin, missingkey}.\n"
    "% \\cite{commented} is not cited\n"
    "Also \\cites[see][]{Knuth}{lamport} and \\citet{vaswani2017} again.\n"
    "\\bibliographystyle{plain}\\bibliography{refs,sub/more}\\end{document}\n";

const std::string kRefsBib =
    "@string{nips = \"Advances in Neural Information Processing Systems\"}\n"
    "@inproceedings{vaswani2017,\n"
    "  author = {Ashish Vaswani and Noam Shazeer and Niki Parmar and others},\n"
    "  title = {Attention is All you {Need}},\n"
    "  booktitle = nips, year = 2017,\n"
    "  eprint = {1706.03762v5}, archivePrefix = {arXiv}}\n"
    "@article{devlin, author=\"Devlin, Jacob and Chang, Ming{-}Wei and {Barnes and Noble}\",\n"
    "  title=\"{BERT}: Pre-training of Deep Bidirectional Transformers\",\n"
    "  journal={arXiv preprint arXiv:1810.04805}, year={2018}}\n"
    "@book{uncited, title={Never cited}, author={No One}, year=1999}\n"
    "@comment{commented, title={A comment}}\n";

const std::string kMoreBib =
    "@book{knuth, author={Donald E. Knuth}, title={The {\\TeX}book},\n"
    "  publisher={Addison-Wesley}, year=1984, doi={https://doi.org/10.5555/ABC.1}}\n"
    "@inproceedings{lamport, author={Leslie Lamport},\n"
    "  title={{\\LaTeX}: A Document Preparation System}, crossref={proc}}\n"
    "@proceedings{proc, booktitle={Proceedings of Something}, year=1986}\n";

// A gzipped tar of `files` (path in the package, text), as arXiv ships one.
fs::path make_package(const TempDir& dir,
                      const std::vector<std::pair<std::string, std::string>>& files) {
  const fs::path src = dir / "src";
  for (const auto& [name, text] : files) write_file(src / name, text);
  const fs::path package = dir / "2001.00001.tar.gz";
  REQUIRE(run_command("tar czf " + quote(package.string()) + " -C " + quote(src.string()) + " .")
              .status == 0);
  return package;
}

ft::ArchiveLimits with_helper() {
  ft::ArchiveLimits limits;
  limits.bibtex_helper_path = PAPERDEX_BIBTEX_BIN;
  return limits;
}

std::vector<std::string> labels(const ft::FullText& text) {
  std::vector<std::string> found;
  for (const ft::Reference& reference : text.references) found.push_back(reference.label);
  return found;
}

bool any_warning(const ft::FullText& text, const std::string& part) {
  return std::any_of(text.warnings.begin(), text.warnings.end(),
                     [&](const std::string& warning) { return contains(warning, part); });
}

}  // namespace

TEST_CASE("fulltext: a package without its .bbl: the cited entries of the .bib files it names",
          "[fulltext][latex][references]") {
  TempDir dir;
  const fs::path package = make_package(
      dir, {{"main.tex", kMainTex}, {"refs.bib", kRefsBib}, {"sub/more.bib", kMoreBib}});
  const ft::FullText text = ft::read_latex_file(package.string(), with_helper());
  CHECK(contains(text.text, "Transformers"));
  // In the order of their first citation; the uncited and the commented out
  // left out; keys matched as BibTeX matches them (without case).
  REQUIRE(labels(text) == std::vector<std::string>{"vaswani2017", "devlin", "knuth", "lamport"});
  const ft::Reference& vaswani = text.references[0];
  CHECK(vaswani.title == "Attention is All you Need");
  CHECK(vaswani.authors ==
        std::vector<std::string>{"Ashish Vaswani", "Noam Shazeer", "Niki Parmar"});
  CHECK(vaswani.venue == "Advances in Neural Information Processing Systems");  // @string
  CHECK(vaswani.year == 2017);
  CHECK(vaswani.arxiv_id == "1706.03762");
  CHECK(contains(vaswani.raw, "Attention is All you Need"));
  const ft::Reference& devlin = text.references[1];
  CHECK(devlin.title == "BERT: Pre-training of Deep Bidirectional Transformers");
  CHECK(devlin.authors ==
        std::vector<std::string>{"Devlin, Jacob", "Chang, Ming-Wei", "Barnes and Noble"});
  CHECK(devlin.arxiv_id == "1810.04805");  // named by its journal field
  const ft::Reference& knuth = text.references[2];
  CHECK(knuth.doi == "10.5555/abc.1");
  CHECK(knuth.year == 1984);
  const ft::Reference& lamport = text.references[3];
  CHECK(lamport.venue == "Proceedings of Something");  // from its crossref
  CHECK(lamport.year == 1986);
  CHECK(any_warning(text, "1 cited key is in no .bib file"));
}

TEST_CASE("fulltext: \\nocite{*} keeps every entry, the cited ones first",
          "[fulltext][latex][references]") {
  TempDir dir;
  const fs::path package =
      make_package(dir, {{"paper.tex",
                          "\\documentclass{article}\\begin{document}Text \\cite{devlin}.\\nocite{*}"
                          "\\bibliography{refs.bib}\\end{document}"},
                         {"refs.bib", kRefsBib}});
  const ft::FullText text = ft::read_latex_file(package.string(), with_helper());
  CHECK(labels(text) == std::vector<std::string>{"devlin", "vaswani2017", "uncited"});
}

TEST_CASE("fulltext: a .bib that cannot be read costs its references only, with a warning",
          "[fulltext][latex][references][hostile]") {
  TempDir dir;
  SECTION("a broken entry: named with its line, the others read") {
    const fs::path package = make_package(
        dir, {{"main.tex",
               "\\documentclass{article}\\begin{document}Text.\\nocite{*}\\bibliography{refs}"
               "\\end{document}"},
              {"refs.bib",
               "@article{good1, title={First}, year=2001}\n"
               "@article{bad, title={Unquoted \" here} year=2002}\n"
               "@article{good2, title={Second}, year=2003}\n"}});
    const ft::FullText text = ft::read_latex_file(package.string(), with_helper());
    CHECK(labels(text) == std::vector<std::string>{"good1", "good2"});
    CHECK(any_warning(text, "refs.bib: 1 entry could not be read"));
    CHECK(any_warning(text, "line 2"));
  }
  SECTION("a .bib not in the package") {
    const fs::path package = make_package(
        dir, {{"main.tex",
               "\\documentclass{article}\\begin{document}Text \\cite{a}.\\bibliography{gone,refs}"
               "\\end{document}"},
              {"refs.bib", "@misc{a, title={Here}}\n"}});
    const ft::FullText text = ft::read_latex_file(package.string(), with_helper());
    CHECK(labels(text) == std::vector<std::string>{"a"});
    CHECK(any_warning(text, "'gone'.bib is not in the package"));
  }
  SECTION("no helper: the text is read, the references are not, and the warning says how") {
    const fs::path package = make_package(
        dir, {{"main.tex", kMainTex}, {"refs.bib", kRefsBib}, {"sub/more.bib", kMoreBib}});
    ft::ArchiveLimits limits;
    limits.bibtex_helper_path = (dir / "no-such-helper").string();
    const ft::FullText text = ft::read_latex_file(package.string(), limits);
    CHECK(contains(text.text, "Transformers"));
    CHECK(text.references.empty());
    CHECK(any_warning(text, "PAPERDEX_BIBTEX"));
  }
  SECTION("braces nested a million deep: the helper's bounds hold, the text is read") {
    const fs::path package = make_package(
        dir, {{"main.tex",
               "\\documentclass{article}\\begin{document}Deep.\\nocite{*}\\bibliography{refs}"
               "\\end{document}"},
              {"refs.bib", "@misc{deep, title=" + std::string(1000000, '{') + "x" +
                               std::string(1000000, '}') + "}\n@misc{after, title={After}}\n"}});
    const auto start = std::chrono::steady_clock::now();
    const ft::FullText text = ft::read_latex_file(package.string(), with_helper());
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(45));
    CHECK(contains(text.text, "Deep."));
  }
}

TEST_CASE("fulltext: 10,001 .bib entries cited are cut at 10,000 with a warning",
          "[fulltext][latex][references][hostile]") {
  TempDir dir;
  std::string bib;
  for (int i = 0; i <= 10000; ++i) {
    bib += "@misc{k" + std::to_string(i) + ", title={Entry number " + std::to_string(i) + "}}\n";
  }
  const fs::path package = make_package(
      dir, {{"main.tex",
             "\\documentclass{article}\\begin{document}Many.\\nocite{*}\\bibliography{refs}"
             "\\end{document}"},
            {"refs.bib", bib}});
  const ft::FullText text = ft::read_latex_file(package.string(), with_helper());
  CHECK(text.references.size() == 10000);
  CHECK(text.references.back().title == "Entry number 9999");
  CHECK(any_warning(text, "first 10,000 of 10,001 entries kept"));
}

TEST_CASE("fulltext: \\cite commands read in linear time, unclosed ones too",
          "[fulltext][latex][references][hostile]") {
  namespace latex = ft::detail::latex_detail;
  const auto cited = latex::cited_keys(
      "\\cite{a, b}\\citep[see][p.~2]{c}\\cites[x]{d}[y]{e,a}\\nocite{*}\\citestyle{x}\\cite {f}");
  CHECK(cited.keys == std::vector<std::string>{"a", "b", "c", "d", "e", "f"});
  CHECK(cited.all);
  CHECK(latex::bibliography_resources("\\bibliography{refs, more}\\addbibresource[x]{c.bib}") ==
        std::vector<std::string>{"refs", "more", "c.bib"});
  // 100,000 unclosed "\cite[" and "\cite{": each looked at within a bound,
  // not scanned to the document's end.
  std::string hostile;
  for (int i = 0; i < 50000; ++i) hostile += "\\cite[x \\cite{y ";
  const auto start = std::chrono::steady_clock::now();
  const auto keys = latex::cited_keys(hostile);
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
  CHECK(keys.keys.empty());
}
