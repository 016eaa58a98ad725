// The extraction stage for full text: PDFs read by read_pdf through the
// paperdex-pdftext child process. The real papers of ../shared (skipped with
// a warning without it), checked against poppler-utils' pdfinfo and
// pdftotext; and hostile files made here (truncated, not a PDF, encrypted,
// 3,000 pages, a helper that hangs or crashes), each of which must end in a
// named error or warning while this process goes on.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <regex>
#include <sstream>
#include <thread>

#include "fulltext/fulltext.h"
#include "paperdex/common/utf8.h"
#include "test_support.h"

namespace ft = paperdex::fulltext;
namespace fs = std::filesystem;
using paperdex::test::contains;
using paperdex::test::kAddressSanitizer;
using paperdex::test::quote;
using paperdex::test::run_command;
using paperdex::test::TempDir;
using paperdex::test::write_file;

namespace {

ft::PdfLimits helper_limits() {
  ft::PdfLimits limits;
  limits.helper_path = PAPERDEX_PDFTEXT_BIN;
  return limits;
}

std::optional<fs::path> shared_pdfs() {
  const auto shared = paperdex::test::shared_dir();
  if (!shared || !fs::is_directory(*shared / "data/fulltext/pdf")) return std::nullopt;
  return *shared / "data/fulltext/pdf";
}

std::vector<fs::path> pdf_files(const fs::path& dir) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() == ".pdf") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

bool have(const std::string& program) {
  return run_command("command -v " + program + " >/dev/null 2>&1").status == 0;
}

std::vector<std::string> words_of(const std::string& text) {
  // pdftotext's line-end hyphens joined as read_pdf joins them.
  const std::string joined =
      std::regex_replace(text, std::regex("([A-Za-z])-\\n *([a-z])"), "$1$2");
  std::istringstream in(joined);
  std::vector<std::string> words;
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

std::string join(const std::vector<std::string>& words, std::size_t from, std::size_t count) {
  std::string out;
  for (std::size_t i = from; i < from + count && i < words.size(); ++i) {
    out += (out.empty() ? "" : " ") + words[i];
  }
  return out;
}

// Page `index` (0-based) of a read PDF, line breaks as spaces.
std::string page_text(const ft::FullText& text, std::size_t index) {
  const std::size_t start = text.page_offsets.at(index);
  const std::size_t end = text.text.find('\f', start);
  std::string page = text.text.substr(start, end - start);
  std::replace(page.begin(), page.end(), '\n', ' ');
  return page;
}

// What pdfinfo says the file's page count is; 0 when it cannot tell.
std::size_t pdfinfo_pages(const fs::path& file) {
  const auto info = run_command("pdfinfo " + quote(file.string()) + " 2>/dev/null");
  std::smatch match;
  if (std::regex_search(info.out, match, std::regex("Pages:\\s+(\\d+)"))) {
    return std::stoul(match[1]);
  }
  return 0;
}

// A six-word run from the middle of pdftotext's page 2 is in read_pdf's page 2.
bool page_two_matches(const fs::path& file, const ft::FullText& text) {
  const auto reference =
      run_command("pdftotext -f 2 -l 2 " + quote(file.string()) + " - 2>/dev/null");
  const std::vector<std::string> words = words_of(reference.out);
  if (words.size() < 12 || text.page_offsets.size() < 2) return false;
  const std::string phrase = join(words, words.size() / 2, 6);
  return page_text(text, 1).find(phrase) != std::string::npos;
}

ft::FullTextError read_error(const std::string& path, const ft::PdfLimits& limits) {
  try {
    ft::read_pdf(path, limits);
  } catch (const ft::FullTextError& error) {
    return error;
  }
  FAIL("read_pdf(" << path << ") did not fail");
  throw std::logic_error("unreachable");
}

}  // namespace

TEST_CASE("fulltext: every shared PDF is read whole, with its pages, words and arXiv id",
          "[fulltext][pdf]") {
  const auto dir = shared_pdfs();
  if (!dir) {
    WARN("fulltext PDF tests skipped: ../shared/data/fulltext/pdf absent");
    return;
  }
  const bool pdfinfo = have("pdfinfo");
  const std::vector<fs::path> files = pdf_files(*dir);
  REQUIRE(files.size() >= 20);
  std::size_t stamps = 0;
  for (const fs::path& file : files) {
    INFO(file.filename().string());
    const ft::FullText text = ft::read_pdf(file.string(), helper_limits());
    CHECK(text.source == ft::Source::kPdf);
    CHECK(text.page_offsets.size() == text.pages_total);
    CHECK(text.warnings.empty());
    if (pdfinfo) CHECK(text.pages_total == pdfinfo_pages(file));
    CHECK(words_of(text.text).size() >= 500);
    CHECK(paperdex::is_valid_utf8(text.text));
    const auto named = ft::arxiv_id_from_file_name(file.filename().string());
    REQUIRE(named.has_value());
    CHECK(text.arxiv_id == named);
    CHECK(text.id_from == ft::IdFrom::kFileName);
    // The stamp, where page 1 has one, names the same paper.
    const auto stamp = ft::arxiv_id_from_stamp(page_text(text, 0));
    if (stamp) {
      ++stamps;
      CHECK(stamp == named);
    }
    for (std::size_t i = 1; i < text.page_offsets.size(); ++i) {
      CHECK(text.page_offsets[i] > text.page_offsets[i - 1]);
      CHECK(text.text[text.page_offsets[i] - 1] == '\f');
    }
  }
  // pdftotext finds the stamp on 20 of the 23 first pages.
  CHECK(stamps >= 20);
}

TEST_CASE("fulltext: page 2 of each shared PDF holds pdftotext's page 2 sentences",
          "[fulltext][pdf]") {
  const auto dir = shared_pdfs();
  if (!dir || !have("pdftotext")) {
    WARN("fulltext page check skipped: ../shared/data/fulltext/pdf or pdftotext absent");
    return;
  }
  std::size_t tried = 0, matched = 0;
  std::string failed;
  for (const fs::path& file : pdf_files(*dir)) {
    const ft::FullText text = ft::read_pdf(file.string(), helper_limits());
    if (text.pages_total < 2) continue;
    ++tried;
    if (page_two_matches(file, text)) {
      ++matched;
    } else {
      failed += " " + file.filename().string();
    }
  }
  INFO("page 2 phrase not found in:" << failed);
  REQUIRE(tried >= 20);
  CHECK(matched * 10 >= tried * 9);
}

TEST_CASE("fulltext: a PDF's outline becomes its sections, at their titles in the text",
          "[fulltext][pdf]") {
  const auto dir = shared_pdfs();
  if (!dir || !fs::exists(*dir / "1706.09498v1.pdf")) {
    WARN("fulltext outline test skipped: ../shared/data/fulltext/pdf absent");
    return;
  }
  const ft::FullText text = ft::read_pdf((*dir / "1706.09498v1.pdf").string(), helper_limits());
  std::vector<std::string> top;
  for (const ft::Section& section : text.sections) {
    if (section.level == 1) top.push_back(section.title);
    std::string at = text.text.substr(section.offset, section.title.size());
    std::replace(at.begin(), at.end(), '\n', ' ');
    CHECK(paperdex::ascii_lower(at) == paperdex::ascii_lower(section.title));
  }
  CHECK(top == std::vector<std::string>{"1 Introduction", "2 Literature Review", "3 Dataset Design",
                                        "4 Proposed Method", "5 Experiments", "6 Conclusion"});
}

TEST_CASE("fulltext: a truncated PDF and a text file named .pdf are refused, named",
          "[fulltext][pdf][hostile]") {
  TempDir dir;
  const std::string notes = (dir / "notes.pdf").string();
  write_file(notes, "These are my notes, not a PDF at all.\n");
  const ft::FullTextError not_pdf = read_error(notes, helper_limits());
  CHECK(not_pdf.reason() == "not a PDF");
  CHECK(std::string(not_pdf.what()) == notes + ": not a PDF");
  // Past the parent's look at the header: the helper's own verdict.
  const std::string header_only = (dir / "header-only.pdf").string();
  write_file(header_only, "%PDF-1.4\nnothing of a PDF after the header\n");
  CHECK(read_error(header_only, helper_limits()).reason() == "damaged");
  const auto pdfs = shared_pdfs();
  if (!pdfs) {
    WARN("truncated PDF check skipped: ../shared absent");
    return;
  }
  std::ifstream in(*pdfs / "2502.21088.pdf", std::ios::binary);
  const std::string whole((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string truncated = (dir / "2502.21088.pdf").string();
  write_file(truncated, whole.substr(0, whole.size() / 2));
  const ft::FullTextError error = read_error(truncated, helper_limits());
  CHECK(error.reason() == "damaged");
  CHECK(contains(error.what(), truncated));
}

namespace {

// A one-page PDF made with qpdf from the shared single-page paper.
std::optional<fs::path> one_page_pdf(const TempDir& dir) {
  const auto pdfs = shared_pdfs();
  if (!pdfs || !have("qpdf")) return std::nullopt;
  const fs::path one = dir / "one.pdf";
  const std::string source = quote((*pdfs / "1903.10676.pdf").string());
  if (run_command("qpdf " + source + " --pages " + source + " 1 -- " + quote(one.string()))
          .status != 0) {
    return std::nullopt;
  }
  return one;
}

}  // namespace

TEST_CASE("fulltext: an encrypted PDF is named as such", "[fulltext][pdf][hostile]") {
  TempDir dir;
  const auto one = one_page_pdf(dir);
  if (!one) {
    WARN("encrypted PDF test skipped: qpdf or ../shared absent");
    return;
  }
  const std::string locked = (dir / "locked.pdf").string();
  REQUIRE(
      run_command("qpdf --encrypt user owner 256 -- " + quote(one->string()) + " " + quote(locked))
          .status == 0);
  const ft::FullTextError error = read_error(locked, helper_limits());
  CHECK(error.reason() == "encrypted");
  CHECK(std::string(error.what()) == locked + ": encrypted");
}

TEST_CASE("fulltext: a 3,000-page PDF is read up to the page limit, or stopped at the memory limit",
          "[fulltext][pdf][hostile]") {
  TempDir dir;
  const auto one = one_page_pdf(dir);
  if (!one) {
    WARN("3,000-page PDF test skipped: qpdf or ../shared absent");
    return;
  }
  std::string ranges = "1";
  for (int i = 1; i < 3000; ++i) ranges += ",1";
  const std::string big = (dir / "big.pdf").string();
  REQUIRE(run_command("qpdf --empty --pages " + quote(one->string()) + " " + ranges + " -- " +
                      quote(big))
              .status == 0);
  ft::PdfLimits limits = helper_limits();
  limits.max_pages = 25;
  const ft::FullText text = ft::read_pdf(big, limits);
  CHECK(text.pages_total == 3000);
  CHECK(text.page_offsets.size() == 25);
  CHECK(text.warnings == std::vector<std::string>{"first 25 of 3,000 pages read"});
  // Every page, in 40 MiB: poppler needs more for 3,000 pages of text.
  // (Not under AddressSanitizer, whose shadow memory rules out a limit on
  // address space: the helper sets none there.)
  limits.max_pages = 3000;
  limits.memory_mib = 40;
  if (!kAddressSanitizer) {
    const ft::FullTextError error = read_error(big, limits);
    CHECK(error.reason() == "used more than 40 MiB");
    CHECK(contains(error.what(), big));
  }
  // The text bound: what came before it is kept, whole pages only, said.
  limits.memory_mib = 1024;
  limits.max_pages = 100;
  limits.max_text_bytes = 20000;
  const ft::FullText cut = ft::read_pdf(big, limits);
  CHECK(cut.page_offsets.size() < 100);
  CHECK(cut.text.size() <= 20000 + 100 * 4);
  CHECK(std::find(cut.warnings.begin(), cut.warnings.end(), "text cut at 20,000 bytes") !=
        cut.warnings.end());
}

TEST_CASE("fulltext: a helper that hangs is given up at the time limit and killed",
          "[fulltext][pdf][hostile]") {
  TempDir dir;
  const std::string pdf = (dir / "slow.pdf").string();
  write_file(pdf, "%PDF-1.4\n");
  const fs::path script = dir / "hang.sh";
  // The shell starts a sleep of its own (same process group): both must go.
  const fs::path pid_file = dir / "sleep.pid";
  write_file(script, "#!/bin/sh\nsleep 30 &\necho $! > " + quote(pid_file.string()) + "\nwait\n");
  fs::permissions(script, fs::perms::owner_all);
  ft::PdfLimits limits;
  limits.helper_path = script.string();
  limits.time = std::chrono::seconds(1);
  const auto start = std::chrono::steady_clock::now();
  const ft::FullTextError error = read_error(pdf, limits);
  const auto took = std::chrono::steady_clock::now() - start;
  CHECK(error.reason() == "gave up after 1 s");
  CHECK(std::string(error.what()) == pdf + ": gave up after 1 s");
  CHECK(took < std::chrono::seconds(5));
  std::ifstream pid_in(pid_file);
  std::string pid;
  pid_in >> pid;
  REQUIRE_FALSE(pid.empty());
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  // Gone, or a zombie waiting for init: not sleeping on.
  const auto state = run_command("ps -o stat= -p " + pid + " 2>/dev/null");
  CHECK((state.out.empty() || state.out.front() == 'Z'));
}

TEST_CASE("fulltext: a helper that crashes is named as the PDF library crashing",
          "[fulltext][pdf][hostile]") {
  TempDir dir;
  const std::string pdf = (dir / "crash.pdf").string();
  write_file(pdf, "%PDF-1.4\n");
  const fs::path script = dir / "crash.sh";
  write_file(script, "#!/bin/sh\nkill -SEGV $$\n");
  fs::permissions(script, fs::perms::owner_all);
  ft::PdfLimits limits;
  limits.helper_path = script.string();
  const ft::FullTextError error = read_error(pdf, limits);
  CHECK(error.reason() == "the PDF library crashed (signal 11)");
  CHECK(contains(error.what(), pdf));
  // A helper that answers with nothing readable, and one that is missing.
  write_file(script, "#!/bin/sh\necho garbage\n");
  CHECK(contains(read_error(pdf, limits).reason(), "answer cannot be read"));
  limits.helper_path = (dir / "no-such-helper").string();
  CHECK(contains(read_error(pdf, limits).reason(), "PAPERDEX_PDFTEXT"));
}

namespace {

// Lower case, letters and digits only, one space apart: how a title is
// looked for in a page's text.
std::string comparable(const std::string& text) {
  std::string out;
  bool gap = false;
  for (const char byte : text) {
    const auto c = static_cast<unsigned char>(byte);
    if (std::isalnum(c) != 0 || c >= 0x80) {
      if (gap && !out.empty()) out.push_back(' ');
      gap = false;
      out.push_back(static_cast<char>(std::tolower(c)));
    } else {
      gap = true;
    }
  }
  return out;
}

std::size_t word_count(const std::string& text) {
  std::istringstream in(text);
  std::size_t words = 0;
  for (std::string word; in >> word;) ++words;
  return words;
}

}  // namespace

TEST_CASE("fulltext: every shared PDF gets a title its first page prints",
          "[fulltext][pdf][first-page]") {
  const auto dir = shared_pdfs();
  if (!dir) {
    WARN("fulltext title test skipped: ../shared/data/fulltext/pdf absent");
    return;
  }
  // 1903.10676 is one page of a table (SciBERT's results), without its
  // paper's title: none is better than a table's header row.
  const std::string untitled = "1903.10676.pdf";
  std::size_t titled = 0;
  for (const fs::path& file : pdf_files(*dir)) {
    INFO(file.filename().string());
    const ft::FullText text = ft::read_pdf(file.string(), helper_limits());
    INFO("title: " << text.title);
    if (file.filename() == untitled) {
      CHECK(text.title.empty());
      continue;
    }
    CHECK(word_count(text.title) >= 3);
    CHECK(paperdex::is_valid_utf8(text.title));
    // The info title of a few is spelled otherwise on the page ("sqrt(s)"):
    // the page's words hold every word of the title but one.
    const std::string page = comparable(page_text(text, 0));
    const std::string title = comparable(text.title);
    if (page.find(title) == std::string::npos) {
      std::istringstream words(title);
      std::size_t missing = 0;
      for (std::string word; words >> word;) {
        if (page.find(word) == std::string::npos) ++missing;
      }
      CHECK(missing <= 1);
    }
    if (!text.title.empty()) ++titled;
  }
  CHECK(titled >= 22);
}

TEST_CASE("fulltext: titles and authors read from first pages, checked by hand",
          "[fulltext][pdf][first-page]") {
  const auto dir = shared_pdfs();
  if (!dir) {
    WARN("fulltext title test skipped: ../shared/data/fulltext/pdf absent");
    return;
  }
  struct Expected {
    std::string file, title;
    std::vector<std::string> authors;
  };
  // Each as page 1 prints it (pdftotext -l 1), and as arXiv lists it.
  const std::vector<Expected> expected = {
      // The info title is the arXiv stamp.
      {"0801.0012.pdf", "The semiclassical Coulomb field", {"J. Polonyi"}},
      // No info title; AAS sets the title in capitals, in the body's size.
      {"1001.0012.pdf",
       "THE STATISTICS OF ALBEDO AND HEAT RECIRCULATION ON HOT EXOPLANETS",
       {"Nicolas B. Cowan", "Eric Agol"}},
      // The info author is "Anonymous Submission".
      {"1706.09498v1.pdf",
       "Real-time Distracted Driver Posture Classification",
       {"Yehya Abouelnaga", "Hesham M. Eraqi", "Mohamed N. Moustafa"}},
      // The info title is "Microsoft Word - Loeb_Sing.docx"; no author line.
      {"1805.05865.pdf", "Lets Talk About Black Hole Singularities", {}},
      // Two lines, the stamp between them in the page's text.
      {"2206.10883v3.pdf",
       "Multi-LexSum: Real-World Summaries of Civil Rights Lawsuits at Multiple Granularities",
       // Names apart by marks and wide gaps, not commas.
       {"Zejiang Shen", "Kyle Lo", "Lauren Yu", "Nathan Dahlberg", "Margo Schlanger",
        "Doug Downey"}},
      {"2304.10117.pdf",
       "Testing the first law of black hole mechanics with gravitational waves",
       {"Chao-Wan-Zhen Wang", "Fu-Wen Shu"}},
      // The info title is "ATLAS document"; math in the title.
      {"2502.21088.pdf",
       "Measurement of double-differential charged-current Drell\xE2\x80\x93Yan cross-sections at "
       "high transverse masses in p p collisions at s = 13 TeV with the ATLAS detector",
       {"The ATLAS Collaboration"}},
      // A superscript that is part of the title.
      {"2503.05621.pdf", "Ising on S2 - The Affine Conjecture", {}},
  };
  for (const Expected& paper : expected) {
    INFO(paper.file);
    if (!fs::exists(*dir / paper.file)) continue;
    const ft::FullText text = ft::read_pdf((*dir / paper.file).string(), helper_limits());
    CHECK(text.title == paper.title);
    CHECK(text.authors == paper.authors);
  }
}
