// The extraction stage for full text: LaTeX sources read by read_latex, as
// arXiv ships them (a gzipped tar, a lone gzipped .tex, a plain .tex). The two
// real packages of ../shared (skipped with a warning without it), LaTeX made
// here for each construct, and hostile packages (a gzip bomb, too many files).
#include <catch2/catch.hpp>

#include <zlib.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "fulltext/fulltext.h"
#include "paperdex/common/utf8.h"
#include "test_support.h"

namespace ft = paperdex::fulltext;
namespace fs = std::filesystem;
using paperdex::test::contains;
using paperdex::test::quote;
using paperdex::test::run_command;
using paperdex::test::TempDir;
using paperdex::test::write_file;

namespace {

std::optional<fs::path> shared_latex() {
  const auto shared = paperdex::test::shared_dir();
  if (!shared || !fs::is_directory(*shared / "data/fulltext/latex")) return std::nullopt;
  return *shared / "data/fulltext/latex";
}

std::size_t word_count(const std::string& text) {
  std::istringstream in(text);
  std::size_t words = 0;
  for (std::string word; in >> word;) ++words;
  return words;
}

std::vector<std::string> titles(const ft::FullText& text, int level) {
  std::vector<std::string> found;
  for (const ft::Section& section : text.sections) {
    if (section.level == level) found.push_back(section.title);
  }
  return found;
}

// `body` read as the document of a plain article (a lone .tex file).
ft::FullText read_article(const std::string& body) {
  return ft::read_latex("x.tex",
                        "\\documentclass{article}\\begin{document}" + body + "\\end{document}");
}

// The text with line breaks as spaces, for phrase checks.
std::string flat(std::string text) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  return text;
}

// `bytes` gzipped into `path`, `repeat` times over, streamed (a bomb is made
// without holding it).
void write_gzip(const fs::path& path, const std::string& bytes, std::size_t repeat = 1) {
  gzFile out = gzopen(path.c_str(), "wb1");
  REQUIRE(out != nullptr);
  for (std::size_t i = 0; i < repeat; ++i) {
    gzwrite(out, bytes.data(), static_cast<unsigned>(bytes.size()));
  }
  gzclose(out);
}

// A ustar header for a regular file `name` of `size` bytes.
std::string tar_header(const std::string& name, std::size_t size) {
  std::string header(512, '\0');
  header.replace(0, name.size(), name);
  header.replace(100, 7, "0000644");
  header.replace(108, 7, "0000000");
  header.replace(116, 7, "0000000");
  char octal[16];
  std::snprintf(octal, sizeof octal, "%011zo", size);
  header.replace(124, 11, octal);
  header.replace(136, 11, "00000000000");
  header[156] = '0';
  header.replace(257, 6, std::string("ustar\0", 6));
  header.replace(263, 2, "00");
  header.replace(148, 8, "        ");
  unsigned sum = 0;
  for (const char c : header) sum += static_cast<unsigned char>(c);
  std::snprintf(octal, sizeof octal, "%06o", sum);
  header.replace(148, 7, std::string(octal, 6) + '\0');
  return header;
}

ft::FullTextError latex_error(const std::string& path, std::string_view bytes,
                              const ft::ArchiveLimits& limits) {
  try {
    ft::read_latex(path, bytes, limits);
  } catch (const ft::FullTextError& error) {
    return error;
  }
  FAIL("read_latex(" << path << ") did not fail");
  throw std::logic_error("unreachable");
}

std::string read_all(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

}  // namespace

TEST_CASE("fulltext: the shared arXiv source packages, with their \\input files and sections",
          "[fulltext][latex]") {
  const auto dir = shared_latex();
  if (!dir) {
    WARN("fulltext LaTeX tests skipped: ../shared/data/fulltext/latex absent");
    return;
  }
  SECTION("2004.14974: about 20 files joined by \\input") {
    const ft::FullText text = ft::read_latex_file((*dir / "2004.14974.gz").string());
    CHECK(text.source == ft::Source::kLatex);
    CHECK(text.arxiv_id == "2004.14974");
    CHECK(text.title == "Fact or Fiction: Verifying Scientific Claims");
    CHECK(text.authors == std::vector<std::string>{"David Wadden", "Shanchuan Lin", "Kyle Lo",
                                                   "Lucy Lu Wang", "Madeleine van Zuylen",
                                                   "Arman Cohan", "Hannaneh Hajishirzi"});
    // Read from the source files (emnlp2020.tex's \input order); \ours and
    // \sysname are the paper's macros for SciFact and VeriSci.
    CHECK(titles(text, 1) ==
          std::vector<std::string>{
              "Introduction", "Background and task definition", "The SciFact dataset",
              "The SciFact task", "VeriSci: Baseline model", "Experiments", "Related work",
              "Conclusion", "Model implementation details",
              "Full task: additional performance measurements",
              "Dataset collection and corpus statistics", "Annotation interfaces and guidelines"});
    CHECK(titles(text, 2).size() >= 10);
    CHECK(word_count(text.text) >= 1000);
    const std::string body = flat(text.text);
    // From 08-conclusion.tex and 01-introduction.tex (\input), and a caption
    // of figures/teaser.tex (an \input within an \input).
    CHECK(contains(body,
                   "Claim verification allows us to trace the sources and measure the "
                   "veracity of scientific claims."));
    CHECK(contains(body,
                   "has been studied to combat the proliferation of misinformation in "
                   "political news, social media, and on the web."));
    CHECK(contains(body, "“CSF” is an acronym for “cerebral spinal fluid”"));
    // Comments, citations and math commands are not text.
    CHECK_FALSE(contains(body, "Uncomment URL for camera-ready"));
    CHECK_FALSE(contains(body, "Thorne2018FEVERAL"));
    CHECK_FALSE(contains(body, "\\"));
    CHECK(contains(text.bibliography, "\\bibitem"));
  }
  SECTION("1911.02782: one main.tex") {
    const ft::FullText text = ft::read_latex_file((*dir / "1911.02782.gz").string());
    CHECK(text.title == "S2ORC: The Semantic Scholar Open Research Corpus");
    CHECK(text.authors == std::vector<std::string>{"Kyle Lo", "Lucy Lu Wang", "Mark Neumann",
                                                   "Rodney Kinney", "Daniel S. Weld"});
    const std::vector<std::string> expected = {"Introduction",
                                               "Constructing the corpus",
                                               "The S2ORC dataset",
                                               "Evaluation",
                                               "Pretraining BERT on S2ORC",
                                               "Applications of S2ORC",
                                               "Related work",
                                               "Conclusion",
                                               "Acknowledgements",
                                               "Background & Terminology",
                                               "PDF filters",
                                               "The paper clustering problem",
                                               "S2ORC evaluation criteria",
                                               "Training corpus sizes for other language models",
                                               "Numeric representations in S2ORC-SciBERT",
                                               "MAG topic distribution"};
    CHECK(titles(text, 1) == expected);
    // As many as the lines of main.tex that start a \section.
    TempDir unpacked;
    const auto count = run_command("tar xzf " + quote((*dir / "1911.02782.gz").string()) + " -C " +
                                   quote(unpacked.path().string()) + " && grep -c '^\\\\section' " +
                                   quote((unpacked / "main.tex").string()));
    if (count.status == 0) CHECK(std::stoul(count.out) == expected.size());
    CHECK(word_count(text.text) >= 1000);
    for (const ft::Section& section : text.sections) {
      CHECK(text.text.compare(section.offset, section.title.size(), section.title) == 0);
    }
    CHECK(contains(text.bibliography, "\\bibitem"));
  }
}

TEST_CASE("fulltext: LaTeX constructs as a reader sees them", "[fulltext][latex]") {
  const std::string tex = R"(\documentclass{article}
\usepackage{amsmath} % the preamble prints nothing
\newcommand{\tool}{\textsc{Paperdex}\xspace}
\newcommand{\note}[1]{\textbf{#1}}
\title{A Study of Things\thanks{Funded by nobody.}}
\author{Ada Lovelace\thanks{Work done elsewhere.} \and Kurt G\"odel \\ University of Vienna}
\begin{document}
\maketitle
\begin{abstract}
We study \emph{things} with \tool.
\end{abstract}
\section{Introduction}\label{sec:intro}
Prior work~\cite[see][p.~3]{knuth84} used na\"ive methods -- and failed.%
 % a whole comment line
This is ``quoted'' text\footnote{A note on it.} about \note{bold ideas}.
\iffalse hidden text \fi
\begin{equation}
  E = mc^2 \label{eq:1}
\end{equation}
A sum $x+y$ stays, but \[ \int_0^1 f(x)\, dx \] goes. 100\% sure.
\begin{figure}[t]
  \includegraphics[width=\linewidth]{plot.pdf}
  \caption{A plot of the results.}
\end{figure}
\begin{table}\begin{tabular}{ll} a & b \\ c & d \end{tabular}\caption{Numbers.}\end{table}
\subsection*{Details of \tool}
See Section~\ref{sec:intro}.
\begin{comment}
never printed
\end{comment}
\end{document}
ignored after the end)";
  const ft::FullText text = ft::read_latex("paper.tex", tex);
  CHECK(text.title == "A Study of Things");
  CHECK(text.authors == std::vector<std::string>{"Ada Lovelace", "Kurt Gödel"});
  CHECK(titles(text, 1) == std::vector<std::string>{"Introduction"});
  CHECK(titles(text, 2) == std::vector<std::string>{"Details of Paperdex"});
  const std::string body = flat(text.text);
  for (const char* present :
       {"We study things with Paperdex.",
        "Prior work used naïve methods – and failed.This is “quoted” text about bold ideas.",
        "A note on it.", "A sum x+y stays, but goes. 100% sure.", "A plot of the results.",
        "Numbers.", "See Section."}) {
    INFO(present);
    CHECK(contains(body, present));
  }
  for (const char* absent : {"preamble", "hidden", "mc", "knuth", "plot.pdf", "never printed",
                             "ignored", "\\", "{", "sec:intro", "linewidth", "Funded"}) {
    INFO(absent);
    CHECK_FALSE(contains(body, absent));
  }
  // The footnote comes after its paragraph, not inside the sentence.
  CHECK(body.find("A note on it.") > body.find("bold ideas."));
  CHECK(paperdex::test::contains(text.text.substr(text.sections.at(0).offset), "Introduction\n"));
}

TEST_CASE(
    "fulltext: a gzipped tar package: main file chosen, \\input followed, cycles and gaps "
    "survived",
    "[fulltext][latex]") {
  TempDir dir;
  const fs::path src = dir / "src";
  write_file(src / "main.tex",
             "\\documentclass{article}\\begin{document}\n\\input{sections/intro}\n"
             "\\include{loop}\n\\input{missing}\n\\input tail\n\\end{document}\n");
  write_file(src / "sections/intro.tex", "\\section{Intro}\nIntroduction text here.\n");
  write_file(src / "loop.tex", "Loop text.\\input{loop}\n");
  write_file(src / "tail.tex", "Tail text.\n");
  write_file(src / "other.tex", "\\documentclass{article}\n% no document here\n");
  // macOS's resource fork copy: binary, NUL first (sizeof - 1: the literal's
  // bytes without its terminator, NUL included).
  static constexpr char kResourceFork[] = "\0\x05\x16\x07 resource fork";
  write_file(src / "._main.tex", std::string(kResourceFork, sizeof kResourceFork - 1));
  write_file(src / "main.bbl", "\\begin{thebibliography}{1}\\bibitem{a} A. Author.\n");
  write_file(src / "figure.png", std::string(5000, '\x89'));
  const fs::path package = dir / "1707.08043.tar.gz";
  REQUIRE(run_command("tar czf " + quote(package.string()) + " -C " + quote(src.string()) + " .")
              .status == 0);
  const ft::FullText text = ft::read_latex_file(package.string());
  CHECK(text.arxiv_id == "1707.08043");
  CHECK(titles(text, 1) == std::vector<std::string>{"Intro"});
  const std::string body = flat(text.text);
  CHECK(contains(body, "Introduction text here."));
  CHECK(contains(body, "Loop text."));
  CHECK(contains(body, "Tail text."));
  CHECK(contains(text.bibliography, "A. Author."));
  CHECK_FALSE(contains(body, "A. Author."));
  bool missing_named = false, loop_named = false;
  for (const std::string& warning : text.warnings) {
    missing_named |= contains(warning, "'missing' is not in the package");
    loop_named |= contains(warning, "loop.tex");
  }
  CHECK(missing_named);
  CHECK(loop_named);
}

TEST_CASE("fulltext: a lone gzipped .tex and a plain .tex", "[fulltext][latex]") {
  TempDir dir;
  const std::string tex =
      "\\documentclass{article}\\title{Alone}\\begin{document}\\section{Only}Words of a single "
      "file.\\end{document}";
  write_gzip(dir / "1911.02782.gz", tex);
  const ft::FullText gzipped = ft::read_latex_file((dir / "1911.02782.gz").string());
  CHECK(gzipped.title == "Alone");
  CHECK(contains(gzipped.text, "Words of a single file."));
  CHECK(gzipped.arxiv_id == "1911.02782");
  const ft::FullText plain = ft::read_latex("notes.tex", tex);
  CHECK(plain.text == gzipped.text);
  CHECK_FALSE(plain.arxiv_id.has_value());
  CHECK(latex_error("photo.jpg", std::string("\xFF\xD8\xFF\xE0 binary", 10), {})
            .reason()
            .starts_with("no LaTeX document"));
}

TEST_CASE("fulltext: a gzip bomb stops at the bound on unpacked bytes, named",
          "[fulltext][latex][hostile]") {
  TempDir dir;
  ft::ArchiveLimits limits;
  limits.max_total_bytes = 16u << 20;
  const std::string zeros(1u << 20, '\0');
  SECTION("a lone gzipped file of 300 MiB") {
    // Of letters: 300 MiB of zeros reads as an empty tar (its end marker),
    // which stops after 1 KiB by itself (below).
    const fs::path bomb = dir / "bomb.gz";
    write_gzip(bomb, std::string(1u << 20, 'a'), 300);
    CHECK(fs::file_size(bomb) < (2u << 20));
    const std::string bytes = read_all(bomb);
    const ft::FullTextError error = latex_error(bomb.string(), bytes, limits);
    CHECK(std::string(error.what()) ==
          bomb.string() +
              ": unpacks to more than 16 MiB, the bound on a source package's "
              "unpacked bytes");
  }
  SECTION("300 MiB of zeros, gzipped") {
    const fs::path bomb = dir / "zeros.gz";
    write_gzip(bomb, zeros, 300);
    const auto start = std::chrono::steady_clock::now();
    const ft::FullTextError error = latex_error(bomb.string(), read_all(bomb), limits);
    CHECK(contains(error.what(), bomb.string()));
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
  }
  SECTION("a gzipped tar holding a 300 MiB main.tex") {
    const fs::path bomb = dir / "bomb.tar.gz";
    gzFile out = gzopen(bomb.c_str(), "wb1");
    REQUIRE(out != nullptr);
    const std::string header = tar_header("main.tex", 300u << 20);
    gzwrite(out, header.data(), static_cast<unsigned>(header.size()));
    for (int i = 0; i < 300; ++i) gzwrite(out, zeros.data(), static_cast<unsigned>(zeros.size()));
    gzclose(out);
    const ft::FullTextError error = latex_error(bomb.string(), read_all(bomb), limits);
    CHECK(contains(error.what(), bomb.string()));
    CHECK(contains(error.reason(), "more than 16 MiB"));
  }
}

TEST_CASE("fulltext: a package of too many files, or one too large, stops at its bound",
          "[fulltext][latex][hostile]") {
  TempDir dir;
  const fs::path src = dir / "src";
  write_file(src / "main.tex", "\\documentclass{article}\\begin{document}Text.\\end{document}");
  for (int i = 0; i < 60; ++i) write_file(src / ("f" + std::to_string(i) + ".tex"), "x");
  const fs::path package = dir / "many.tar.gz";
  REQUIRE(run_command("tar czf " + quote(package.string()) + " -C " + quote(src.string()) + " .")
              .status == 0);
  const std::string bytes = read_all(package);
  ft::ArchiveLimits limits;
  limits.max_entries = 50;
  CHECK(latex_error(package.string(), bytes, limits).reason() ==
        "holds more than 50 files, the bound on a source package's files");
  limits = {};
  limits.max_entry_bytes = 10;
  CHECK(contains(latex_error(package.string(), bytes, limits).reason(),
                 "'main.tex' unpacks to more than 10 bytes"));
  // Within the bounds, the same package reads.
  CHECK(contains(ft::read_latex(package.string(), bytes).text, "Text."));
  // Damaged: half of a gzipped tar.
  CHECK(contains(latex_error(package.string(), bytes.substr(0, bytes.size() / 2), {}).reason(),
                 "damaged"));
}

TEST_CASE("fulltext: a one-character argument that is not ASCII stays whole", "[fulltext][latex]") {
  // Found by fuzz/latex_reader_fuzz.cc: "\section é" took é's first byte alone.
  const ft::FullText text =
      read_article("\\section \xC3\xA9t\xC3\xA9 text \\\xC3\xA9 and \\textbf \xE2\x80\x94 end");
  CHECK(paperdex::is_valid_utf8(text.text));
  CHECK(titles(text, 1) == std::vector<std::string>{"\xC3\xA9"});
  CHECK(contains(text.text, "t\xC3\xA9 text"));
}

TEST_CASE("fulltext: a \\def of more than nine parameters is left unexpanded",
          "[fulltext][latex]") {
  // Found by reading the macro expander after a CI fuzz failure: ten #n
  // parameters overran the nine arguments substitute() holds.
  const ft::FullText text = ft::read_latex(
      "x.tex",
      "\\documentclass{article}\\def\\many#1#2#3#4#5#6#7#8#9#1{X}\\def\\two#1#2{[#2#1]}"
      "\\begin{document}\\many abcdefghijk and \\two pq done\\end{document}");
  CHECK(contains(text.text, "[qp] done"));
  CHECK_FALSE(contains(text.text, "X"));
}

TEST_CASE("fulltext: a bound counted in bytes never cuts a character", "[fulltext][latex]") {
  // Found by the CI's fuzzing: \def's parameter text is looked for within 256
  // bytes, and \input's file name within 512; where the bound fell inside
  // an é, the text after it started with half a character.
  for (std::size_t ascii = 240; ascii < 256; ++ascii) {
    INFO(ascii);
    std::string letters;
    for (int k = 0; k < 12; ++k) letters += "\xC3\xA9";
    CHECK(paperdex::is_valid_utf8(
        read_article("\\def\\x" + std::string(ascii, 'a') + letters + " text").text));
    const ft::FullText text =
        read_article("Before \\input " + std::string(ascii * 2 + 20, 'b') + letters + " after.");
    CHECK(paperdex::is_valid_utf8(text.text));
    CHECK(contains(text.text, "after."));
  }
}

TEST_CASE("fulltext: backslashes pair up: \\\\% starts a comment, \\% is a percent sign",
          "[fulltext][latex]") {
  // Each backslash is read once (found slow by fuzzing: runs of tens of
  // thousands of them were counted back from every one).
  const ft::FullText text = read_article(
      "Line one\\\\% a comment\nLine two, 50\\% sure. "
      "\\iffalse left out\\\\ \\\\\\fi shown, \\iffalse also left out\\\\\\fi kept");
  CHECK(contains(text.text, "Line one"));
  CHECK_FALSE(contains(text.text, "comment"));
  CHECK(contains(text.text, "Line two, 50% sure."));
  CHECK_FALSE(contains(text.text, "left out"));
  CHECK(contains(text.text, "shown"));
  CHECK(contains(text.text, "kept"));
}
