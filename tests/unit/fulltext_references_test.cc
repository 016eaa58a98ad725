// The extraction stage, references (#51 item 1): one entry's fields read
// from real styles (parse_reference), arXiv ids as references name them, the
// reference lists of the real papers of ../shared (the three hand-checked
// PDFs, the two LaTeX packages, unarXive's sample; skipped with a warning
// without it), and the bounds (#51 item 7): 10,000 entries, 1 MiB an entry.
#include <catch2/catch.hpp>

#include <zlib.h>

#include <cmath>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <regex>

#include "fulltext/fulltext.h"
#include "fulltext/references.h"
#include "fulltext_input.h"
#include "test_support.h"

namespace ft = paperdex::fulltext;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> surnames(const ft::Reference& reference) {
  std::vector<std::string> out;
  for (const std::string& author : reference.authors) out.push_back(ft::reference_surname(author));
  return out;
}

ft::PdfLimits helper_limits() {
  ft::PdfLimits limits;
  limits.helper_path = PAPERDEX_PDFTEXT_BIN;
  return limits;
}

std::string gunzip(const fs::path& path) {
  const std::unique_ptr<gzFile_s, int (*)(gzFile)> in(gzopen(path.c_str(), "rb"), gzclose);
  REQUIRE(in != nullptr);
  std::string all;
  char buffer[1 << 16];
  for (int got; (got = gzread(in.get(), buffer, sizeof buffer)) > 0;) all.append(buffer, got);
  return all;
}

std::size_t count_of(std::string_view text, std::string_view part) {
  std::size_t count = 0;
  for (std::size_t at = text.find(part); at != std::string_view::npos;
       at = text.find(part, at + part.size())) {
    ++count;
  }
  return count;
}

}  // namespace

TEST_CASE("references: a physics entry, numbered", "[fulltext][references]") {
  const ft::Reference r =
      ft::parse_reference("[2]  J. Schwinger, V. Weisskopf,\n Phys. Rev. 73, 1272A (1948).");
  CHECK(r.raw == "[2] J. Schwinger, V. Weisskopf, Phys. Rev. 73, 1272A (1948).");
  CHECK(r.label == "2");
  CHECK(r.authors == std::vector<std::string>{"J. Schwinger", "V. Weisskopf"});
  CHECK(surnames(r) == std::vector<std::string>{"Schwinger", "Weisskopf"});
  CHECK(r.year == 1948);
  CHECK(r.venue == "Phys. Rev");
  CHECK(r.title.empty());
  CHECK_FALSE(r.arxiv_id);
}

TEST_CASE("references: a collaboration before its people", "[fulltext][references]") {
  const ft::Reference r = ft::parse_reference(
      "[2] CMS Collaboration, V. Khachatryan et al., JHEP 08 (2014) 173, arXiv:1405.1994.");
  CHECK(surnames(r) == std::vector<std::string>{"Khachatryan"});
  CHECK(r.year == 2014);
  CHECK(r.arxiv_id == "1405.1994");
  CHECK(r.venue == "JHEP");
}

TEST_CASE("references: a journal abbreviation is no author", "[fulltext][references]") {
  const ft::Reference r = ft::parse_reference("J. Schwinger, J. Math. Phys. 2, 407 (1961).");
  CHECK(surnames(r) == std::vector<std::string>{"Schwinger"});
  CHECK(r.year == 1961);
  CHECK(r.venue == "J. Math. Phys");
}

TEST_CASE("references: a CS entry with its title and venue", "[fulltext][references]") {
  const ft::Reference r = ft::parse_reference(
      "A. Vaswani, N. Shazeer, N. Parmar, J. Uszkoreit, L. Jones, A. N. Gomez, L. Kaiser, and I. "
      "Polosukhin. Attention is all you need. In NeurIPS, 2017.");
  CHECK(surnames(r) == std::vector<std::string>{"Vaswani", "Shazeer", "Parmar", "Uszkoreit",
                                                "Jones", "Gomez", "Kaiser", "Polosukhin"});
  CHECK(r.title == "Attention is all you need");
  CHECK(r.venue == "NeurIPS");
  CHECK(r.year == 2017);
}

TEST_CASE("references: author-year entries", "[fulltext][references]") {
  const ft::Reference astro =
      ft::parse_reference("Cowan, N. B., Agol, E., & Charbonneau, D. 2007, MNRAS, 379, 641");
  CHECK(astro.authors == std::vector<std::string>{"Cowan, N. B.", "Agol, E.", "Charbonneau, D."});
  CHECK(surnames(astro) == std::vector<std::string>{"Cowan", "Agol", "Charbonneau"});
  CHECK(astro.year == 2007);
  CHECK(astro.venue == "MNRAS");

  const ft::Reference acl = ft::parse_reference(
      "Riaz Ahmad and Muhammad Tanvir Afzal. 2018. Cad: an algorithm for citation-anchors "
      "detection in research papers. Scientometrics, 117:1405--1423.");
  CHECK(surnames(acl) == std::vector<std::string>{"Ahmad", "Afzal"});
  CHECK(acl.year == 2018);
  CHECK(acl.title == "Cad: an algorithm for citation-anchors detection in research papers");

  const ft::Reference et_al = ft::parse_reference("Deming, D., et al. 2010, arXiv:1011.1019");
  CHECK(surnames(et_al) == std::vector<std::string>{"Deming"});
  CHECK(et_al.year == 2010);
  CHECK(et_al.arxiv_id == "1011.1019");
  CHECK(et_al.venue.empty());

  const ft::Reference apa = ft::parse_reference(
      "Smith, J. A., & van der Berg, K. (2015). Reading references. Journal of Tests, 12(3), "
      "45-67.");
  CHECK(surnames(apa) == std::vector<std::string>{"Smith", "van der Berg"});
  CHECK(apa.year == 2015);
  CHECK(apa.title == "Reading references");
}

TEST_CASE("references: raw strings as unarXive gives them", "[fulltext][references]") {
  const ft::Reference title_after_initials = ft::parse_reference(
      "Pipkin, A. C. Elastic materials with two preferred states. Quart. J. Mech. Appl. Math. 44 "
      "(1991), 1–15.");
  CHECK(title_after_initials.authors == std::vector<std::string>{"Pipkin, A. C."});
  CHECK(title_after_initials.title == "Elastic materials with two preferred states");
  CHECK(title_after_initials.year == 1991);

  const ft::Reference ties = ft::parse_reference(
      "S.~Ochmann, R.~Vock, and R.~Klein, ``Automatic reconstruction of building models,'' ISPRS "
      "Journal, vol. 151, pp. 251--262, 2019.");
  CHECK(surnames(ties) == std::vector<std::string>{"Ochmann", "Vock", "Klein"});
  CHECK(ties.title == "Automatic reconstruction of building models");
  CHECK(ties.year == 2019);

  const ft::Reference collaboration = ft::parse_reference(
      "Astropy Collaboration, Price-Whelan, A. M., Sipőcz, B. M., et al. 2018, , 156, 123, doi: "
      "10.3847/1538-3881/aabc4f");
  CHECK(surnames(collaboration) == std::vector<std::string>{"Price-Whelan", "Sipőcz"});
  CHECK(collaboration.year == 2018);
  CHECK(collaboration.doi == "10.3847/1538-3881/aabc4f");
  CHECK(collaboration.venue.empty());

  // Physics with titles: capitalised title words after initialled authors.
  const ft::Reference titled = ft::parse_reference(
      "M. Mekhfi, Multiparton Processes: an Application to Double Drell-Yan, Phys. Rev. D 32 "
      "(1985) 2371.");
  CHECK(surnames(titled) == std::vector<std::string>{"Mekhfi"});
  CHECK(titled.year == 1985);
  const ft::Reference full_names = ft::parse_reference(
      "Nicholas J. Higham and Erin Carson. Error analysis for refinement. MIMS EPrint, 2019.");
  CHECK(surnames(full_names) == std::vector<std::string>{"Higham", "Carson"});
  CHECK(full_names.title == "Error analysis for refinement");
  const ft::Reference mixed = ft::parse_reference(
      "[11] K. Gero, Vivian Liu, and Lydia B. Chilton. 2021. Sparks: Inspiration for Science "
      "Writing using Language Models. Designing Interactive Systems Conference (2021).");
  CHECK(surnames(mixed) == std::vector<std::string>{"Gero", "Liu", "Chilton"});
  CHECK(mixed.title == "Sparks: Inspiration for Science Writing using Language Models");
  const ft::Reference et_al_title = ft::parse_reference(
      "Sigall K Bell, Jan Walker, et al. 2020. Frequency and types of errors. JAMA 3, 1 (2020).");
  CHECK(surnames(et_al_title) == std::vector<std::string>{"Bell", "Walker"});
  CHECK(et_al_title.title == "Frequency and types of errors");
}

TEST_CASE("references: an IEEE entry with a quoted title", "[fulltext][references]") {
  const ft::Reference r = ft::parse_reference(
      "[7] K. He, X. Zhang, S. Ren, and J. Sun, \"Deep residual learning for image recognition,\" "
      "in Proc. CVPR, 2016, pp. 770-778.");
  CHECK(surnames(r) == std::vector<std::string>{"He", "Zhang", "Ren", "Sun"});
  CHECK(r.title == "Deep residual learning for image recognition");
  CHECK(r.year == 2016);
}

TEST_CASE("references: arXiv ids as references name them", "[fulltext][references]") {
  struct Case {
    std::string_view text;
    std::optional<std::string> id;
  };
  const std::vector<Case> cases = {
      {"H. Matsufuru, PoS LATTICE 2007, 018 (2007) [arXiv:0710.4225v2 [hep-lat]].", "0710.4225"},
      {"R. Narayanan, Nucl. Phys. B443, 305 (1995) [arXiv:hep-th/9411108].", "hep-th/9411108"},
      {"A. B. Author, hep-th/9901001.", "hep-th/9901001"},
      {"Y. Nemoto, Nucl. Phys. B 129, 299 (2004), [arXiv:heplat/0309173].", "hep-lat/0309173"},
      {"S. Aoki et al., arXiv:arXiv:0801.4186 [hep-lat].", "0801.4186"},
      {"M. Wolff. Attacking detectors. 2020. URL http://arxiv.org/abs/2002.11768.", "2002.11768"},
      {"X. Y. Z, Title, https://arxiv.org/pdf/1706.03762v5.pdf", "1706.03762"},
      {"I. Beltagy. Longformer. arXiv preprint arXiv:2004.05150, 2020.", "2004.05150"},
      {"I. Beltagy. Longformer. ArXiv, abs/2004.05150, 2020.", "2004.05150"},
      {"B. Blok, Phys. Rev. D 83 (2011) 071501 [1009.2714].", "1009.2714"},
      {"Q. Author, arXiv: 1501.00001v3", "1501.00001"},
      {"J. Gasser, Ann. Phys. 158, 142 (1984).", std::nullopt},
      {"Report 2024.00001 of the board, p. 3.1415.", std::nullopt},  // month 24
      {"math/0101001 is not cited here: xmath/0101001", "math/0101001"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    CHECK(ft::parse_reference(c.text).arxiv_id == c.id);
  }
}

TEST_CASE("references: DOIs, lower case, without trailing punctuation", "[fulltext][references]") {
  struct Case {
    std::string_view text;
    std::string_view doi;
  };
  const std::vector<Case> cases = {
      {"A. B. Smith, Nature 1, 2 (2001), doi:10.1038/NPHYS1234.", "10.1038/nphys1234"},
      {"A. B. Smith, https://doi.org/10.1103/PhysRevD.77.074503).", "10.1103/physrevd.77.074503"},
      {"A. B. Smith, http://dx.doi.org/10.1002/(SICI)1097-4571(199806)49:8<693::AID>3.0.CO;2-O",
       "10.1002/(sici)1097-4571(199806)49:8"},
      {"A. B. Smith. Title. Venue 10.18653/v1/N18-3011, 2018.", "10.18653/v1/n18-3011"},
      {"A. B. Smith, Phys. Rev. 10.5, 1 (2001).", ""},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    CHECK(ft::parse_reference(c.text).doi == c.doi);
  }
  const ft::Reference linked =
      ft::parse_reference("A. B. Smith, Title, https://example.org/paper.pdf, 2019.");
  CHECK(linked.url == "https://example.org/paper.pdf");
  CHECK(linked.year == 2019);
}

TEST_CASE("references: years in their places", "[fulltext][references]") {
  CHECK(ft::parse_reference("A. B. Smith, Phys. Rev. D 77, 094503 (2008).").year == 2008);
  CHECK(ft::parse_reference("Gillon, M. et al. 2009a, A&A, 506, 359").year == 2009);
  // A DOI's digits, an arXiv id and a page range hold no year.
  CHECK_FALSE(ft::parse_reference("A. B. Smith, doi:10.1007/s11192-018-2920-6.").year);
  CHECK_FALSE(ft::parse_reference("A. B. Smith, arXiv:1806.04617.").year);
  CHECK(ft::parse_reference("A. B. Smith, Proc. 1850-1860, 1999.").year == 1999);
  CHECK_FALSE(ft::parse_reference("A. B. Smith, Journal 2, 3 (3021).").year);
}

TEST_CASE("references: surnames of names as written", "[fulltext][references]") {
  CHECK(ft::reference_surname("J. Schwinger") == "Schwinger");
  CHECK(ft::reference_surname("Schwinger, J.") == "Schwinger");
  CHECK(ft::reference_surname("J. van der Heide") == "van der Heide");
  CHECK(ft::reference_surname("Muhammad Tanvir Afzal") == "Afzal");
  CHECK(ft::reference_surname("Smith JA") == "Smith");
  CHECK(ft::reference_surname("Muñoz Caro G. M.") == "Muñoz Caro");
  CHECK(ft::reference_surname("Collier Cameron, A.") == "Collier Cameron");
  CHECK(ft::reference_surname("").empty());
}

TEST_CASE("references: a numbered list in text without its line breaks", "[fulltext][references]") {
  ft::FullText text;
  text.file = "flat.pdf";
  text.text =
      "Introduction text.\nReferences\n[1] S. Tomonaga, Prog. Theor. Phys. 1, 27 (1946). [2] J. "
      "Schwinger, Phys. Rev. 73, 1272A (1948). [3] R. P. Feynman, Ann. Phys. 24, 118 (1963).\f";
  const std::vector<ft::Reference> references = ft::references_from_pdf_text(text);
  REQUIRE(references.size() == 3);
  CHECK(references[1].raw == "[2] J. Schwinger, Phys. Rev. 73, 1272A (1948).");
  CHECK(references[2].year == 1963);
}

TEST_CASE("references: running heads, page numbers and broken lines", "[fulltext][references]") {
  std::string pages;
  for (int page = 1; page <= 4; ++page) {
    pages += "Journal of Tests " + std::to_string(page) + "\nBody text of page " +
             std::to_string(page) + ".\nMore text.\n" + std::to_string(page) + "\n\f";
  }
  pages +=
      "Journal of Tests 5\nREFERENCES\nAgol, E., Cowan, N. B., Knutson, H. A., Deming, D., "
      "Steffen,\nJ. H., & Charbonneau, D. 2010, ApJ, 721, 1861\nAlonso, R. et al. 2009a, A&A, 506, "
      "353\nCowan, N. B., Agol, E., & Charbonneau, D. 2007, MNRAS, 379,\n641\n5\n\fJournal of "
      "Tests "
      "6\nCroll, B. 2010, A long title of a paper on classi-\nfication, ApJ, 717, 1084\n6\n\f";
  std::vector<std::string> warnings;
  const std::vector<ft::Reference> references =
      ft::references_from_pdf_pages(pages, "heads.pdf", warnings);
  REQUIRE(references.size() == 4);
  CHECK(warnings.empty());
  CHECK(surnames(references[0]) ==
        std::vector<std::string>{"Agol", "Cowan", "Knutson", "Deming", "Steffen", "Charbonneau"});
  CHECK(references[2].raw == "Cowan, N. B., Agol, E., & Charbonneau, D. 2007, MNRAS, 379, 641");
  CHECK(references[3].raw ==
        "Croll, B. 2010, A long title of a paper on classification, ApJ, "
        "717, 1084");
}

TEST_CASE("references: a References running head, and what comes after the list",
          "[fulltext][references]") {
  std::string pages = "Body text.\nReferences\n\f";  // a heading in the body's last page
  const std::vector<std::string> notes = {"One", "Two", "Three"};
  for (int page = 1; page <= 3; ++page) {
    pages += "References\n[" + std::to_string(page) + "] A. Author" + std::to_string(page) +
             ", Phys. Rev. " + std::to_string(page) + ", 1 (2000).\n" + notes[page - 1] +
             " note.\n" + std::to_string(10 + page) + "\n\f";
  }
  pages += "The ATLAS Collaboration\nG. Aad85 , B. Abbott113 , J. Abdallah151 ,\nO. Abdinov11\n\f";
  std::vector<std::string> warnings;
  const std::vector<ft::Reference> references =
      ft::references_from_pdf_pages(pages, "atlas.pdf", warnings);
  REQUIRE(references.size() == 3);
  CHECK(references[0].raw == "[1] A. Author1, Phys. Rev. 1, 1 (2000). One note.");
  CHECK(references[2].raw == "[3] A. Author3, Phys. Rev. 3, 1 (2000). Three note.");
}

TEST_CASE("references: 10,001 entries and a 2 MB entry are cut with a warning",
          "[fulltext][references]") {
  std::string pages = "Text.\nReferences\n";
  for (int i = 1; i <= 10001; ++i) {
    pages +=
        "[" + std::to_string(i) + "] A. Author, Journal " + std::to_string(i) + ", 1 (2000).\n";
  }
  std::vector<std::string> warnings;
  const std::vector<ft::Reference> many =
      ft::references_from_pdf_pages(pages, "many.pdf", warnings);
  CHECK(many.size() == ft::kMaxReferences);
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0] == "many.pdf: references: first 10,000 of 10,001 entries kept");

  std::string huge = "Text.\nReferences\n[1] A. Author, ";
  while (huge.size() < (2u << 20)) huge += "word word-\nword (2000) 10.1/x ";
  huge += "\n[2] B. Author, Journal 1, 2 (2001).\n";
  warnings.clear();
  const std::vector<ft::Reference> cut = ft::references_from_pdf_pages(huge, "huge.pdf", warnings);
  REQUIRE(cut.size() == 2);
  CHECK(cut[0].raw.size() <= ft::kMaxReferenceBytes);
  CHECK(cut[1].authors == std::vector<std::string>{"B. Author"});
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0] == "huge.pdf: references: 1 entry cut at 1 MiB");

  // A .bbl of as many \bibitem, and one bibitem of 2 MB of one word.
  std::string bbl = "\\begin{thebibliography}{99}\n";
  for (int i = 0; i <= 10000; ++i) bbl += "\\bibitem{k" + std::to_string(i) + "} A. Author. T.\n";
  bbl += "\\bibitem{long} " + std::string(2u << 20, 'x') + "\n\\end{thebibliography}\n";
  warnings.clear();
  const std::vector<ft::Reference> items = ft::references_from_bbl(bbl, "big.bbl", warnings);
  CHECK(items.size() == ft::kMaxReferences);
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0] == "big.bbl: references: first 10,000 of 10,002 entries kept");
}

TEST_CASE("references: hostile entries are read in linear time", "[fulltext][references]") {
  // Each would take hours read by a scan restarted at every position; a
  // hang here is the failure.
  const auto repeated = [](std::string_view part) {
    std::string text;
    while (text.size() < (1u << 20)) text += part;
    return text;
  };
  for (const std::string& text :
       {repeated("10."), repeated("10.1234/."), repeated("a."), repeated("arXiv:"),
        repeated("(1999"), repeated("J. "), repeated("Cowan, N. B., "), repeated("\xE2\x80\x9C"),
        repeated("https://"), repeated("hep-th/"), repeated("1234.")}) {
    const ft::Reference reference = ft::parse_reference(text);
    CHECK(reference.raw.size() <= ft::kMaxReferenceBytes);
    CHECK(reference.authors.size() <= 1000);
  }
  std::vector<std::string> warnings;
  CHECK(ft::references_from_bbl(repeated("\\bibitem[{"), "open.bbl", warnings).size() <=
        ft::kMaxReferences);
  CHECK(ft::references_from_bbl(repeated("\\entry{k}{article}{} \\name{author}{1}{}{family={"),
                                "open.bbl", warnings)
            .size() <= ft::kMaxReferences);
  const std::string pages = "References\n" + repeated("[1] [2] [3]\n1. 2. 3.\n");
  CHECK(ft::references_from_pdf_pages(pages, "labels.pdf", warnings).size() <= ft::kMaxReferences);
}

TEST_CASE("references: a .bbl's \\bibitem and \\newblock parts", "[fulltext][references]") {
  const std::string bbl = R"(\begin{thebibliography}{2}
\expandafter\ifx\csname natexlab\endcsname\relax\def\natexlab#1{#1}\fi

\bibitem[{Ahmad and Afzal(2018)}]{Ahmad2018CADAA}
Riaz Ahmad and Muhammad~Tanvir Afzal. 2018.
\newblock \href {https://doi.org/10.1007/s11192-018-2920-6}
  {Cad: an algorithm for citation-anchors detection in research papers}.
\newblock \emph{Scientometrics}, 117:1405--1423.

\bibitem{schwinger} J.~Schwinger, \emph{Phys. Rev.} \textbf{73}, 1272A (1948),
  \href{https://arxiv.org/abs/hep-th/9901001}{arXiv:hep-th/9901001}.
\end{thebibliography})";
  std::vector<std::string> warnings;
  const std::vector<ft::Reference> references = ft::references_from_bbl(bbl, "main.bbl", warnings);
  REQUIRE(references.size() == 2);
  CHECK(warnings.empty());
  CHECK(references[0].label == "Ahmad2018CADAA");
  CHECK(surnames(references[0]) == std::vector<std::string>{"Ahmad", "Afzal"});
  CHECK(references[0].title ==
        "Cad: an algorithm for citation-anchors detection in research papers");
  CHECK(references[0].venue == "Scientometrics");
  CHECK(references[0].doi == "10.1007/s11192-018-2920-6");
  CHECK(references[0].year == 2018);
  CHECK(references[1].raw == "J. Schwinger, Phys. Rev. 73, 1272A (1948), arXiv:hep-th/9901001.");
  CHECK(references[1].label == "schwinger");
  CHECK(references[1].arxiv_id == "hep-th/9901001");
  CHECK(references[1].year == 1948);
}

TEST_CASE("references: the hand-checked PDFs' lists, counted", "[fulltext][references]") {
  const auto shared = paperdex::test::shared_fulltext();
  if (!shared) {
    WARN("hand-checked references skipped: ../shared/data/fulltext absent");
    return;
  }
  for (const std::string id : {"0801.0012", "0905.2465", "1001.0012"}) {
    INFO(id);
    // 1001.0012's file holds a JSON list, then unchecked entries one a line.
    std::ifstream in(*shared / "truth" / (id + ".references.json"));
    REQUIRE(in);
    const std::string truth_text((std::istreambuf_iterator<char>(in)),
                                 std::istreambuf_iterator<char>());
    const std::size_t list_end = truth_text.find("\n]") + 2;
    const nlohmann::json truth = nlohmann::json::parse(truth_text.substr(0, list_end));
    std::size_t expected = truth.size();
    std::istringstream rest(truth_text.substr(list_end));
    for (std::string line; std::getline(rest, line);) {
      if (line.find_first_not_of(" \t\r") != std::string::npos) ++expected;
    }
    const ft::FullText text =
        ft::read_pdf((*shared / "pdf" / (id + ".pdf")).string(), helper_limits());
    const double found = static_cast<double>(text.references.size());
    INFO("found " << found << ", hand-checked " << expected);
    CHECK(std::abs(found - static_cast<double>(expected)) <= 0.05 * static_cast<double>(expected));
    // Each checked entry's first surname and year are those of an entry found.
    std::size_t right = 0, checked = 0;
    for (const auto& entry : truth) {
      if (!entry.contains("authors") || entry["authors"].empty() || !entry.contains("year"))
        continue;
      ++checked;
      const std::string surname = entry["authors"][0].value("surname", "");
      const std::string year = entry["year"].is_string() ? entry["year"].get<std::string>()
                                                         : std::to_string(entry["year"].get<int>());
      for (const ft::Reference& reference : text.references) {
        if (!reference.authors.empty() && ft::reference_surname(reference.authors[0]) == surname &&
            reference.year && std::to_string(*reference.year) == year) {
          ++right;
          break;
        }
      }
    }
    INFO(right << " of " << checked << " first surnames and years found");
    CHECK(right * 10 >= checked * 9);
  }
}

TEST_CASE("references: the LaTeX packages' .bbl", "[fulltext][references]") {
  const auto shared = paperdex::test::shared_fulltext();
  if (!shared) {
    WARN("LaTeX references skipped: ../shared/data/fulltext absent");
    return;
  }
  for (const std::string id : {"1911.02782", "2004.14974"}) {
    INFO(id);
    const ft::FullText text = ft::read_latex_file((*shared / "latex" / (id + ".gz")).string());
    const std::size_t bibitems = count_of(text.bibliography, "\\bibitem");
    REQUIRE(bibitems > 10);
    CHECK(text.references.size() == bibitems);
    std::size_t with_fields = 0;
    for (const ft::Reference& reference : text.references) {
      with_fields += !reference.authors.empty() && !reference.title.empty() && reference.year;
    }
    INFO(with_fields << " of " << bibitems << " with authors, title and year");
    CHECK(with_fields * 10 >= bibitems * 9);
  }
}

TEST_CASE("references: unarXive's raw strings that name an arXiv id get it",
          "[fulltext][references]") {
  const auto sample = paperdex::test::shared_unarxive_sample();
  if (!sample) {
    WARN("unarXive references skipped: ../shared/data/fulltext/unarxive absent");
    return;
  }
  const std::string all = gunzip(*sample);
  std::size_t named = 0, found = 0;
  std::istringstream lines(all);
  for (std::string line; std::getline(lines, line);) {
    if (line.empty()) continue;
    const nlohmann::json json = nlohmann::json::parse(line);
    const ft::FullText text = ft::read_dataset_line("sample", line);
    for (const auto& [key, entry] : json["bib_entries"].items()) {
      const auto& contained = entry["contained_arXiv_ids"];
      if (!contained.is_array() || contained.empty()) continue;
      ++named;
      const ft::Reference read = ft::parse_reference(entry["bib_entry_raw"].get<std::string>());
      for (const auto& id : contained) {
        const std::string wanted =
            std::regex_replace(id["id"].get<std::string>(), std::regex("v[0-9]+$"), "");
        if (read.arxiv_id == wanted) {
          ++found;
          break;
        }
      }
    }
    CHECK(text.references.size() <= json["bib_entries"].size());
  }
  INFO(found << " of " << named);
  REQUIRE(named >= 100);
  CHECK(found * 100 >= named * 99);
}

TEST_CASE("references: a thebibliography list in a .tex without .bbl", "[fulltext][references]") {
  const std::string tex = R"(\documentclass{article}
\begin{document}
\section{Intro}
Text \cite{a}.
\begin{thebibliography}{9}
\bibitem{a} A.~Einstein, \emph{Ann. Phys.} \textbf{17}, 891 (1905).
\bibitem[Sm99]{b} J. Smith and K. M\"uller, ``A title,'' arXiv:1706.03762v5 (2017).
\end{thebibliography}
\end{document}
)";
  const ft::FullText text = ft::read_latex("paper.tex", tex);
  REQUIRE(text.references.size() == 2);
  CHECK(text.references[0].label == "a");
  CHECK(surnames(text.references[0]) == std::vector<std::string>{"Einstein"});
  CHECK(text.references[0].year == 1905);
  CHECK(surnames(text.references[1]) == std::vector<std::string>{"Smith", "Müller"});
  CHECK(text.references[1].title == "A title");
  CHECK(text.references[1].arxiv_id == "1706.03762");
  // The list is no body text.
  CHECK(text.text.find("Einstein") == std::string::npos);
}

TEST_CASE("an entry listing several works names each of their arXiv ids", "[references]") {
  using paperdex::fulltext::arxiv_ids_cited_in;
  using Ids = std::vector<std::string>;
  CHECK(arxiv_ids_cited_in("[34] Li N and Schwarz D J, 2007 arXiv:0710.5073 Paranjape A and "
                           "Singh T P, 2008 arXiv:0806.3497v2") == Ids{"0710.5073", "0806.3497"});
  CHECK(arxiv_ids_cited_in("Bolejko K, 2008 PMC Phys. A 2 1 [arXiv:astro-ph/0512103]; "
                           "ibid. [astro-ph/0512103] and hep-th/9901001") ==
        Ids{"astro-ph/0512103", "hep-th/9901001"});
  CHECK(arxiv_ids_cited_in("URL http://arxiv.org/abs/1409.0575 http://arxiv.org/abs/1502.02766.") ==
        Ids{"1409.0575", "1502.02766"});
  CHECK(arxiv_ids_cited_in("J. Smith, Phys. Rev. D 71, 034907 (2005).").empty());
  // As the record keeps the entry: the first its id, the others beside it.
  const paperdex::Reference kept = paperdex::record_reference(paperdex::fulltext::parse_reference(
      "[34] Li N and Schwarz D J, 2007 arXiv:0710.5073 Paranjape A and Singh T P, 2008 "
      "arXiv:0806.3497"));
  CHECK(kept.id == "0710.5073");
  CHECK(kept.more_ids == Ids{"0806.3497"});
  std::string many;
  for (int i = 0; i < 100; ++i) many += "arXiv:1501." + std::to_string(10000 + i) + " ";
  CHECK(arxiv_ids_cited_in(many).size() == paperdex::fulltext::kMaxIdsCitedIn);
}
