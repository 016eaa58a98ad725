// The extraction stage for full text (indexer/src/fulltext/): which arXiv
// paper a file is (its name, the stamp on page 1, PDF metadata), what a file
// is by its bytes, and which files a folder holds.
#include <catch2/catch.hpp>

#include <filesystem>

#include "fulltext/fulltext.h"
#include "test_support.h"

namespace ft = paperdex::fulltext;
using paperdex::test::TempDir;
using paperdex::test::write_file;

TEST_CASE("fulltext: arXiv ids from file names as arXiv and people name files", "[fulltext]") {
  using ft::arxiv_id_from_file_name;
  CHECK(arxiv_id_from_file_name("1706.03762.pdf") == "1706.03762");
  CHECK(arxiv_id_from_file_name("1706.03762v5.pdf") == "1706.03762");
  CHECK(arxiv_id_from_file_name("arXiv-1706.03762v5.pdf") == "1706.03762");
  CHECK(arxiv_id_from_file_name("hep-th_9901001v2.pdf") == "hep-th/9901001");
  CHECK(arxiv_id_from_file_name("hep-th9901001.pdf") == "hep-th/9901001");
  CHECK(arxiv_id_from_file_name("1911.02782.gz") == "1911.02782");
  CHECK(arxiv_id_from_file_name("1707.08043.tar.gz") == "1707.08043");
  CHECK(arxiv_id_from_file_name("/home/me/Downloads/2004.14974v3.PDF") == "2004.14974");
  CHECK(arxiv_id_from_file_name("0704.0001.pdf") == "0704.0001");
  CHECK(arxiv_id_from_file_name("math.FA_0101001v1.pdf") == "math.FA/0101001");
  CHECK(arxiv_id_from_file_name("1706.03762 (1).pdf") == "1706.03762");
  CHECK(arxiv_id_from_file_name("2502.18907.tex") == "2502.18907");
}

TEST_CASE("fulltext: file names that carry no arXiv id give none", "[fulltext]") {
  using ft::arxiv_id_from_file_name;
  for (const char* name :
       {"notes.pdf", "2024-report.pdf", "paper.pdf", "1234.5678.pdf" /* month 34 */,
        "report2024001.pdf", "1706.037.pdf", "1706.03762-slides.pdf", "hep-th.pdf",
        "1706.03762v.pdf", "", ".pdf", "draft-9901001.pdf"}) {
    INFO(name);
    CHECK_FALSE(arxiv_id_from_file_name(name).has_value());
  }
}

TEST_CASE("fulltext: the stamp arXiv prints on page 1 names the paper", "[fulltext]") {
  using ft::arxiv_id_from_stamp;
  CHECK(arxiv_id_from_stamp("Attention\narXiv:1706.03762v5 [cs.CL] 6 Dec 2017\nAbstract") ==
        "1706.03762");
  CHECK(arxiv_id_from_stamp("arXiv:hep-th/9901001v2 5 Jan 1999") == "hep-th/9901001");
  CHECK(arxiv_id_from_stamp("text arXiv:0801.0012v2  [quant-ph]  22 May 2008") == "0801.0012");
  // An id cited on page 1 is no stamp: no version, no class, no date.
  CHECK_FALSE(arxiv_id_from_stamp("as shown in arXiv:1706.03762, transformers").has_value());
  CHECK_FALSE(arxiv_id_from_stamp("see arXiv:1706.03762v2, Sec. 3").has_value());
  CHECK_FALSE(arxiv_id_from_stamp("no stamp here").has_value());
}

TEST_CASE("fulltext: an arXiv id in PDF metadata", "[fulltext]") {
  using ft::arxiv_id_from_metadata;
  CHECK(arxiv_id_from_metadata("arXiv:0801.0012v2  [quant-ph]  22 May 2008") == "0801.0012");
  CHECK(arxiv_id_from_metadata("https://arxiv.org/abs/2302.07302v1") == "2302.07302");
  CHECK(arxiv_id_from_metadata("See arxiv.org/pdf/hep-th/9901001") == "hep-th/9901001");
  CHECK_FALSE(arxiv_id_from_metadata("Microsoft Word - Loeb_Sing.docx").has_value());
  CHECK_FALSE(arxiv_id_from_metadata("ATLAS, CMS, physics, Higgs, mass").has_value());
}

TEST_CASE("fulltext: files are told apart by their bytes, not their names", "[fulltext]") {
  using ft::FileKind;
  CHECK(ft::sniff("%PDF-1.5\n%\xE2\xE3") == FileKind::kPdf);
  CHECK(ft::sniff(std::string(300, ' ') + "%PDF-1.4") == FileKind::kPdf);  // junk before it
  CHECK(ft::sniff(std::string(1100, ' ') + "%PDF-1.4") == FileKind::kOther);
  CHECK(ft::sniff("\x1f\x8b\x08\x00") == FileKind::kGzip);
  std::string tar(512, '\0');
  tar.replace(257, 5, "ustar");
  CHECK(ft::sniff(tar) == FileKind::kTar);
  CHECK(ft::sniff("% a comment\n\\documentclass{article}") == FileKind::kTex);
  CHECK(ft::sniff("\\section{Intro} text") == FileKind::kTex);
  CHECK(ft::sniff("just some notes") == FileKind::kOther);
  CHECK(ft::sniff("") == FileKind::kOther);
}

TEST_CASE("fulltext: a folder's files, recursively, sorted, hidden ones and link loops skipped",
          "[fulltext]") {
  TempDir dir;
  write_file(dir / "b.pdf", "%PDF-1.4");
  write_file(dir / "a/c.tex", "\\documentclass{article}");
  write_file(dir / "a/deeper/d.gz", "x");
  write_file(dir / ".hidden/e.pdf", "%PDF-1.4");
  write_file(dir / ".f.pdf", "%PDF-1.4");
  std::filesystem::create_directory_symlink(dir.path(), dir / "a/loop");
  std::filesystem::create_symlink(dir / "missing.pdf", dir / "dangling.pdf");
  const std::vector<std::filesystem::path> files = ft::list_fulltext_files(dir.path());
  const std::vector<std::filesystem::path> expected = {dir / "a/c.tex", dir / "a/deeper/d.gz",
                                                       dir / "b.pdf"};
  CHECK(files == expected);
  CHECK(ft::list_fulltext_files(dir / "nowhere").empty());
}
