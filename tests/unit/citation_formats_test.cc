// The citation, feed and digest renderers (presentation/citation_formats.h)
// and the TeX encoder BibTeX is written with (encode_tex), on crafted papers:
// TeX and Unicode in titles and names, TeX's and Markdown's and XML's
// specials, missing fields, keys that repeat.
#include <algorithm>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "citation_formats.h"
#include "paperdex/common/tex.h"

namespace {

using paperdex::Paper;
using paperdex::presentation::split_name;

Paper arxiv_paper(std::string id, std::string title, std::vector<std::string> authors, int year) {
  Paper paper;
  paper.id = std::move(id);
  paper.title = std::move(title);
  paper.authors = std::move(authors);
  paper.year = year;
  paper.submitted = std::to_string(year) + "-03-09";
  paper.updated = std::to_string(year) + "-04-01";
  paper.subjects = {"cs.NI", "cs.IT"};
  paper.subject_names = {"Networking and Internet Architecture", "Information Theory"};
  paper.primary = "cs.NI";
  paper.url = "https://arxiv.org/abs/" + paper.id;
  paper.pdf_url = "https://arxiv.org/pdf/" + paper.id;
  paper.abstract = "We study switches. They are fast. More follows here.";
  return paper;
}

// Braces balanced at every point, as BibTeX needs a field's value.
bool braces_balance(const std::string& text) {
  int depth = 0;
  for (const char c : text) {
    depth += c == '{' ? 1 : c == '}' ? -1 : 0;
    if (depth < 0) return false;
  }
  return depth == 0;
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("encode_tex writes accents, Greek, symbols and TeX's specials back as TeX", "[tex]") {
  using paperdex::encode_tex;
  CHECK(encode_tex("Müller") == "M{\\\"u}ller");
  CHECK(encode_tex("Čech") == "{\\v{C}}ech");
  CHECK(encode_tex("Ïñ") == "{\\\"I}{\\~n}");
  CHECK(encode_tex("naïve") == "na{\\\"{\\i}}ve");
  CHECK(encode_tex("Søren Łukasz") == "S{\\o}ren {\\L}ukasz");
  CHECK(encode_tex("α-stable, x ≤ 2") == "{$\\alpha$}-stable, x {$\\leq$} 2");
  CHECK(encode_tex("1–2") == "1{\\textendash}2");
  CHECK(encode_tex("50% & #1 x_i^2 $5 a~b") ==
        "50\\% \\& \\#1 x\\_i{\\textasciicircum}2 \\$5 a{\\textasciitilde}b");
  CHECK(encode_tex("{a} \\b") == "{\\textbraceleft}a{\\textbraceright} {\\textbackslash}b");
  CHECK(encode_tex("a\tb\x01"
                   "c") == "a b c");
  // No TeX command for it: the UTF-8 stays, which biber reads and 8-bit BibTeX passes on.
  CHECK(encode_tex("日本語") == "日本語");
  // Whatever goes in, the groups written are balanced.
  CHECK(braces_balance(encode_tex("}{ }} {{ ü α \\ { $")));
}

namespace {

// A name as written, the family name a source gave for it (or none), and the
// family and given names split_name must find; a null `given` is not checked.
struct SplitCase {
  const char* written;
  const char* family;
  const char* given;
  const char* source_family = "";
};

void check_splits(const std::vector<SplitCase>& cases) {
  for (const SplitCase& split : cases) {
    INFO(split.written << " (source's family name: " << split.source_family << ")");
    const paperdex::presentation::PersonName name = split_name(split.written, split.source_family);
    CHECK(name.family == split.family);
    if (split.given != nullptr) CHECK(name.given == split.given);
  }
}

}  // namespace

TEST_CASE("split_name finds the family name, its particles and suffix, and keeps groups whole",
          "[citations]") {
  check_splits({
      {"Ludwig van Beethoven", "van Beethoven", "Ludwig"},
      {"Martin Luther King Jr.", "King", "Martin Luther"},
      {"Hinton, G. E.", "Hinton", "G. E."},
  });
  CHECK(split_name("Martin Luther King Jr.").suffix == "Jr.");
  CHECK(split_name("The ATLAS Collaboration").literal == "The ATLAS Collaboration");
  CHECK(split_name("Plato").literal == "Plato");
}

TEST_CASE("citation keys: family name, year, first title word, unique and stable", "[citations]") {
  const std::vector<Paper> papers = {
      arxiv_paper("2001.00001", "The Deep Switch", {"Jürgen Müller", "Ann Lee"}, 2020),
      arxiv_paper("2001.00002", "Deep switches", {"Jurgen Muller"}, 2020),
      arxiv_paper("2001.00003", "Deep: again", {"J. Müller"}, 2020),
      arxiv_paper("2001.00004", "", {}, 0),
  };
  const std::vector<std::string> keys = paperdex::presentation::citation_keys(papers);
  CHECK(keys == std::vector<std::string>{"muller2020deep", "muller2020deepb", "muller2020deepc",
                                         "anonymous"});
  CHECK(paperdex::presentation::citation_keys(papers) == keys);
}

TEST_CASE("BibTeX: @misc in arXiv's style, @article with a journal and DOI, TeX escaped",
          "[citations]") {
  Paper misc = arxiv_paper("1606.01234", "Graph {cut} & 50% of α-nets: $x_1$",
                           {"Jürgen Müller", "Ludwig van Beethoven", "Cat and Dog"}, 2016);
  Paper article = arxiv_paper("hep-th/9901001", "Strings", {"Ann Lee"}, 1999);
  article.journal = "Phys. Rev. D 60 (1999) 1";
  article.doi = "10.1103/PhysRevD.60.001";
  Paper bare;  // a derived id, nothing else
  bare.id = "page:abc";
  const std::vector<Paper> papers = {misc, article, bare};
  const std::string bib = paperdex::presentation::bibtex(papers);
  INFO(bib);
  CHECK(has(bib, "@misc{muller2016graph,\n"));
  CHECK(has(bib,
            "  title = {{Graph {\\textbraceleft}cut{\\textbraceright} \\& 50\\% of "
            "{$\\alpha$}-nets: \\$x\\_1\\$}},\n"));
  CHECK(has(bib,
            "  author = {M{\\\"u}ller, J{\\\"u}rgen and van Beethoven, Ludwig and Dog, Cat "
            "{and}},\n"));
  CHECK(has(bib,
            "  eprint = {1606.01234},\n  archivePrefix = {arXiv},\n"
            "  primaryClass = {cs.NI},\n"));
  CHECK(has(bib, "@article{lee1999strings,\n"));
  CHECK(has(bib,
            "  journal = {Phys. Rev. D},\n  volume = {60},\n  pages = {1},\n"
            "  year = {1999},\n"));
  CHECK(has(bib, "  doi = {10.1103/PhysRevD.60.001},\n"));
  CHECK(has(bib, "  eprint = {hep-th/9901001},\n"));
  // A paper with no arXiv id and no fields: a key and nothing made up.
  CHECK(has(bib, "@misc{anonymous,\n}\n"));
  CHECK(braces_balance(bib));
  CHECK(std::count(bib.begin(), bib.end(), '@') == 3);
}

TEST_CASE("RIS: one record per paper, an AU per author, ER closing it", "[citations]") {
  Paper paper = arxiv_paper("1606.01234", "A title\nover lines", {"Ann Lee", "Bo Chen Jr."}, 2016);
  Paper bare;
  bare.id = "page:abc";
  const std::vector<Paper> papers = {paper, bare};
  const std::string text = paperdex::presentation::ris(papers);
  INFO(text);
  CHECK(
      text.starts_with("TY  - ELEC\nID  - lee2016title\nAU  - Lee, Ann\nAU  - Chen, Bo, Jr.\n"
                       "TI  - A title over lines\nPY  - 2016\nDA  - 2016/03/09\n"));
  CHECK(has(text,
            "UR  - https://arxiv.org/abs/1606.01234\nAN  - arXiv:1606.01234\n"
            "KW  - cs.NI\nKW  - cs.IT\nER  - \n"));
  CHECK(has(text, "\n\nTY  - ELEC\nID  - anonymous\nER  - \n"));
}

TEST_CASE("CSL-JSON: items with names split, dates as date-parts, journal articles typed",
          "[citations]") {
  Paper preprint = arxiv_paper("1606.01234", "Switches", {"Ann Lee", "ATLAS Collaboration"}, 2016);
  Paper article = preprint;
  article.id = "1606.05678";
  article.journal = "Nature 1, 45 (2016)";
  article.doi = "10.1/x";
  const std::vector<Paper> papers = {preprint, article};
  const auto items = nlohmann::json::parse(paperdex::presentation::csl_json(papers));
  REQUIRE(items.size() == 2);
  CHECK(items[0]["id"] == "lee2016switches");
  CHECK(items[0]["type"] == "article");
  CHECK(items[0]["author"][0] == nlohmann::json({{"family", "Lee"}, {"given", "Ann"}}));
  CHECK(items[0]["author"][1] == nlohmann::json({{"literal", "ATLAS Collaboration"}}));
  CHECK(items[0]["issued"]["date-parts"] == nlohmann::json::parse("[[2016, 3, 9]]"));
  CHECK(items[0]["number"] == "1606.01234");
  CHECK(items[0]["URL"] == "https://arxiv.org/abs/1606.01234");
  CHECK_FALSE(items[0].contains("DOI"));
  CHECK(items[1]["id"] == "lee2016switchesb");
  CHECK(items[1]["type"] == "article-journal");
  CHECK(items[1]["container-title"] == "Nature");
  CHECK(items[1]["volume"] == "1");
  CHECK(items[1]["page"] == "45");
  CHECK(items[1]["DOI"] == "10.1/x");
}

TEST_CASE("Atom: RFC 4287's elements, XML escaped, control characters gone", "[citations]") {
  Paper older = arxiv_paper("1606.01234", "Tom & Jerry <3 \"quotes\"\x01", {"Ann Lee"}, 2016);
  Paper newer = arxiv_paper("1707.00001", "Newer", {}, 2017);
  const std::vector<Paper> papers = {older, newer};
  const std::string feed =
      paperdex::presentation::atom_feed({"paperdex: switch", "switch AND year:2016"}, papers);
  INFO(feed);
  CHECK(
      feed.starts_with("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
                       "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
                       "  <id>tag:paperdex,2026:feed:switch%20AND%20year%3A2016</id>\n"
                       "  <title>paperdex: switch</title>\n"
                       "  <updated>2017-04-01T00:00:00Z</updated>\n"));
  CHECK(has(feed, "<title>Tom &amp; Jerry &lt;3 &quot;quotes&quot; </title>"));
  CHECK(has(feed, "<id>https://arxiv.org/abs/1606.01234</id>"));
  CHECK(has(feed, "<published>2016-03-09T00:00:00Z</published>"));
  CHECK(has(feed,
            "<link rel=\"related\" type=\"application/pdf\" title=\"pdf\" "
            "href=\"https://arxiv.org/pdf/1606.01234\"/>"));
  CHECK(has(feed, "<category term=\"cs.NI\" label=\"Networking and Internet Architecture\"/>"));
  CHECK(std::count(feed.begin(), feed.end(), '\x01') == 0);
  // The same papers, the same bytes: a feed reader sees no change where there is none.
  CHECK(paperdex::presentation::atom_feed({"paperdex: switch", "switch AND year:2016"}, papers) ==
        feed);
}

TEST_CASE("Atom: a search's page as OpenSearch's totalResults, startIndex and itemsPerPage",
          "[citations]") {
  const std::vector<Paper> papers = {arxiv_paper("1707.00001", "Newer", {}, 2017)};
  const std::string paged = paperdex::presentation::atom_feed(
      {"paperdex: switch", "switch", paperdex::presentation::FeedPage{42, 11, 10}}, papers);
  INFO(paged);
  CHECK(has(paged,
            "<feed xmlns=\"http://www.w3.org/2005/Atom\" "
            "xmlns:opensearch=\"http://a9.com/-/spec/opensearch/1.1/\">\n"));
  CHECK(has(paged,
            "  <opensearch:totalResults>42</opensearch:totalResults>\n"
            "  <opensearch:startIndex>11</opensearch:startIndex>\n"
            "  <opensearch:itemsPerPage>10</opensearch:itemsPerPage>\n"));
  // Papers shown by id are no page of a search.
  const std::string shown =
      paperdex::presentation::atom_feed({"paperdex: 1707.00001", "show"}, papers);
  CHECK_FALSE(has(shown, "opensearch"));
}

TEST_CASE("Markdown digest: linked titles, Markdown's specials escaped, the abstract's start",
          "[citations]") {
  Paper paper = arxiv_paper("1606.01234", "Fast *switches* [for] `all` _of_ us", {"Ann Lee"}, 2016);
  paper.abstract = std::string("We study switches. ") + std::string(300, 'x') + ". Not shown.";
  const std::vector<Paper> papers = {paper};
  const std::string digest =
      paperdex::presentation::markdown_digest({"paperdex: switch", "switch"}, papers);
  INFO(digest);
  CHECK(
      digest.starts_with("# paperdex: switch\n\n1. **[Fast \\*switches\\* \\[for\\] \\`all\\` "
                         "\\_of\\_ us](https://arxiv.org/abs/1606.01234)**  \n"
                         "   Ann Lee · arXiv:1606.01234 · cs.NI, cs.IT · 2016-03-09  \n"
                         "   We study switches. xxx"));
  CHECK_FALSE(has(digest, "Not shown"));
  CHECK(paperdex::presentation::markdown_digest({"t", "q"}, {}) == "# t\n\nNo papers.\n");
}

// #53 item 5: the family name a source gives, and particles guessed where it gives none.
TEST_CASE("Citations take the family name the source split off, and guess particles without one",
          "[citations][names]") {
  Paper paper = arxiv_paper("0704.0001", "Privacy",
                            {"Emiliano De Cristofaro", "Alessandra Di Pierro", "Vincent van Gogh",
                             "Ann Lee Jr.", "Anton van den Hengel", "Maria Da Silva"},
                            2007);
  // The sources' split of the first four (OAI <keyname>, authors_parsed); the
  // fifth is arXiv's own "Hengel", the sixth's is lost (an author page added it).
  paper.family_names = {"De Cristofaro", "Di Pierro", "van Gogh", "Lee", "Hengel"};
  const std::vector<Paper> papers = {paper};
  const std::string bib = paperdex::presentation::bibtex(papers);
  INFO(bib);
  CHECK(has(bib, "@misc{decristofaro2007privacy,\n"));
  CHECK(has(bib,
            "  author = {De Cristofaro, Emiliano and Di Pierro, Alessandra and van Gogh, Vincent "
            "and Lee, Jr., Ann and Hengel, Anton van den and Da Silva, Maria},\n"));
  const auto items = nlohmann::json::parse(paperdex::presentation::csl_json(papers));
  const auto& authors = items[0]["author"];
  CHECK(authors[0] == nlohmann::json({{"family", "De Cristofaro"}, {"given", "Emiliano"}}));
  CHECK(authors[1] == nlohmann::json({{"family", "Di Pierro"}, {"given", "Alessandra"}}));
  // citeproc's particle: "van" before the family name, which sorts under G.
  CHECK(
      authors[2] ==
      nlohmann::json({{"family", "Gogh"}, {"given", "Vincent"}, {"non-dropping-particle", "van"}}));
  CHECK(authors[3] == nlohmann::json({{"family", "Lee"}, {"given", "Ann"}, {"suffix", "Jr."}}));
  CHECK(
      has(paperdex::presentation::ris(papers), "AU  - De Cristofaro, Emiliano\nAU  - Di Pierro, "));
}

TEST_CASE("Without the source's split, particles join the family name", "[citations][names]") {
  check_splits({
      {"Vincent van Gogh", "van Gogh", "Vincent"},
      {"Johannes Diderik van der Waals", "van der Waals", "Johannes Diderik"},
      {"Emiliano De Cristofaro", "De Cristofaro", "Emiliano"},
      {"Yann Le Cun", "Le Cun", nullptr},
      // A lower-case word that is no particle is a given name's; a particle
      // never takes the last given name ("Van Jacobson").
      {"Ramon Ferrer i Cancho", "Cancho", nullptr},
      {"Van Jacobson", "Jacobson", "Van"},
      // A source's family name that is not the name's end (a newer source
      // wrote the name otherwise) is ignored, not trusted.
      {"Vincent Willem van Gogh", "van Gogh", nullptr, "Goch"},
      {"Emiliano De Cristofaro", "De Cristofaro", "Emiliano", "De Cristofaro"},
  });
}

namespace {

Paper with_journal_ref(std::string journal_ref) {
  Paper paper = arxiv_paper("0704.0002", "Strings", {"Ann Lee"}, 2007);
  paper.journal = std::move(journal_ref);
  return paper;
}

// The BibTeX entry of a paper with this journal reference.
std::string bibtex_of(const std::string& journal_ref) {
  const std::vector<Paper> papers = {with_journal_ref(journal_ref)};
  return paperdex::presentation::bibtex(papers);
}

}  // namespace

TEST_CASE("A journal reference's common shapes become journal, volume, pages and year",
          "[citations][journal-ref]") {
  struct Shape {
    std::string text, journal, volume, pages, year;
  };
  const std::vector<Shape> shapes = {
      {"Phys. Rev. D 76, 044016 (2007)", "Phys. Rev. D", "76", "044016", "2007"},
      {"JHEP 0701:045,2007", "JHEP", "0701", "045", "2007"},
      {"Nucl.Phys.B 123 (2001) 45-67", "Nucl.Phys.B", "123", "45--67", "2001"},
      {"Eur.Phys.J.A31:327-333,2007", "Eur.Phys.J.A", "31", "327--333", "2007"},
      {"Theory of Computing, 1(5):81-103, 2005", "Theory of Computing", "1", "81--103", "2005"},
      {"Journal Of Artificial Intelligence Research, Volume 42, pages 917-943, 2011",
       "Journal Of Artificial Intelligence Research", "42", "917--943", "2011"},
      {"IEEE Trans. Signal Processing, vol. 63, no. 12, pp. 3251-3265, June 2015",
       "IEEE Trans. Signal Processing", "63", "3251--3265", "2015"},
      {"EPTCS 195, 2015, pp. 273-284", "EPTCS", "195", "273--284", "2015"},
      {"Algorithmica 59(1): 35-47 (2011)", "Algorithmica", "59", "35--47", "2011"},
  };
  for (const Shape& shape : shapes) {
    const std::string bib = bibtex_of(shape.text);
    INFO(bib);
    CHECK(has(bib, "@article{"));
    CHECK(has(bib, "  journal = {" + shape.journal + "},\n"));
    CHECK(has(bib, "  volume = {" + shape.volume + "},\n"));
    CHECK(has(bib, "  pages = {" + shape.pages + "},\n"));
    CHECK(has(bib, "  year = {" + shape.year + "},\n"));
    CHECK_FALSE(has(bib, "note = "));
  }
  const std::vector<Paper> papers = {with_journal_ref("Theory of Computing, 1(5):81-103, 2005")};
  const auto item = nlohmann::json::parse(paperdex::presentation::csl_json(papers))[0];
  CHECK(item["type"] == "article-journal");
  CHECK(item["container-title"] == "Theory of Computing");
  CHECK(item["volume"] == "1");
  CHECK(item["issue"] == "5");
  CHECK(item["page"] == "81-103");
  CHECK(item["issued"]["date-parts"] == nlohmann::json::parse("[[2005]]"));
  CHECK_FALSE(item.contains("note"));
  const std::string ris = paperdex::presentation::ris(papers);
  INFO(ris);
  CHECK(ris.starts_with("TY  - JOUR\n"));
  CHECK(has(ris, "PY  - 2005\n"));
  CHECK(has(ris, "JO  - Theory of Computing\nVL  - 1\nIS  - 5\nSP  - 81\nEP  - 103\n"));
}

TEST_CASE("A journal reference of no known shape is a note, never a journal name",
          "[citations][journal-ref]") {
  for (const std::string text : {
           "Proceedings of the 2015 IEEE Conference on Networks, 2015", "Nature 1 (2016)",
           "In Proceedings of ACL-94",
           "Draft of version in Euro. Trans. Telecomm., Volume 19, Issue 4, pp. 333-354, June 2008",
           "Linear Algebra and its Applications 435 (2011) 3168-3188, correction: 436 xvi (2012)",
           "Krumme, C. & Moro, E. The predictability of visits. Sci. Rep. 3, 1645 (2013)",
           "PoS(ACAT2007)082",
           "J. Phys. 12 (2001) 345-67",  // the last page before the first: abbreviated
       }) {
    const std::string bib = bibtex_of(text);
    INFO(bib);
    CHECK(has(bib, "@misc{"));
    CHECK_FALSE(has(bib, "journal = "));
    CHECK(has(bib, "  note = {"));
    const std::vector<Paper> papers = {with_journal_ref(text)};
    const auto item = nlohmann::json::parse(paperdex::presentation::csl_json(papers))[0];
    CHECK(item["type"] == "article");
    CHECK_FALSE(item.contains("container-title"));
    CHECK(item["note"] == text);
    const std::string ris = paperdex::presentation::ris(papers);
    CHECK(ris.starts_with("TY  - ELEC\n"));
    CHECK_FALSE(has(ris, "JO  - "));
    CHECK(has(ris, "N1  - " + text + "\n"));
  }
  // TeX's specials in the note are escaped as in every field.
  CHECK(has(bibtex_of("Proc. of A & B 2015"), "  note = {Proc. of A \\& B 2015},\n"));
}
