// The extraction stage for full text: a PDF's title and authors read from
// its first page's layout (indexer/src/fulltext/first_page.h), on pages
// made up word by word here; the real PDFs of ../shared are checked in
// fulltext_pdf_test.cc.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "fulltext/first_page.h"

namespace ft = paperdex::fulltext;

namespace {

constexpr double kPageHeight = 792;

// A page written line by line: each word placed after the one before it.
class PageBuilder {
 public:
  // Words of `text` on a line at `y`, from `x`, in `size` points.
  PageBuilder& line(const std::string& text, double y, double size, bool bold = false,
                    double x = 72) {
    std::size_t start = 0;
    while (start < text.size()) {
      std::size_t end = text.find(' ', start);
      if (end == std::string::npos) end = text.size();
      add(text.substr(start, end - start), x, y, size, bold, end < text.size());
      x += 0.5 * size * static_cast<double>(end - start) + 0.3 * size;
      start = end + 1;
    }
    if (!words_.empty()) words_.back().space_after = false;
    return *this;
  }

  // A small raised mark right after the last word ("1,2", "∗").
  PageBuilder& mark(const std::string& text, double size) {
    const ft::PageWord& last = words_.back();
    add(text, last.x + last.width, last.y - 0.3 * last.font_size, size, false, true);
    return *this;
  }

  // The arXiv stamp down the left margin, turned a quarter.
  PageBuilder& stamp() {
    ft::PageWord word;
    word.text = "arXiv:1706.03762v5";
    word.x = 18;
    word.y = 400;
    word.width = 18;
    word.height = 160;
    word.font_size = 20;
    word.rotation = 3;
    words_.push_back(word);
    return *this;
  }

  const std::vector<ft::PageWord>& words() const { return words_; }

 private:
  void add(const std::string& text, double x, double y, double size, bool bold, bool space) {
    ft::PageWord word;
    word.text = text;
    word.x = x;
    word.y = y;
    word.width = 0.5 * size * static_cast<double>(text.size());
    word.height = size;
    word.font_size = size;
    word.bold = bold;
    word.space_after = space;
    words_.push_back(word);
  }

  std::vector<ft::PageWord> words_;
};

// A body paragraph in 10 pt, so that the body's size is 10.
PageBuilder& body(PageBuilder& page, double from_y) {
  for (int i = 0; i < 30; ++i) {
    page.line("the quick brown fox jumps over the lazy dog and runs far away", from_y + 12 * i, 10);
  }
  return page;
}

}  // namespace

TEST_CASE("fulltext: page 1's title is its largest text near the top and not the stamp",
          "[fulltext][pdf][first-page]") {
  PageBuilder page;
  page.line("Preprint typeset using LaTeX style emulateapj", 40, 7)
      .stamp()
      .line("Attention Is All You Need for", 90, 17, true)
      .line("Reading Papers Twice", 110, 17, true)
      .line("Ashish Vaswani", 140, 11)
      .mark("1,2", 7)
      .line(", Noam Shazeer and Niki Parmar", 140, 11, false, 160)
      .mark("\xE2\x88\x97", 7)
      .line("Google Brain, Mountain View, CA", 155, 9);
  body(page, 200);
  const ft::FirstPageIdentity identity = ft::read_first_page(page.words(), kPageHeight);
  CHECK(identity.title == "Attention Is All You Need for Reading Papers Twice");
  CHECK(identity.authors ==
        std::vector<std::string>{"Ashish Vaswani", "Noam Shazeer", "Niki Parmar"});
}

TEST_CASE("fulltext: a journal banner above the title and a heading below are no title",
          "[fulltext][pdf][first-page]") {
  PageBuilder page;
  page.line("Journal of Cosmology and Astroparticle Physics", 60, 21)
      .line("Apparent and average accelerations", 200, 18, true)
      .line("of the Universe", 222, 18, true)
      .line("K. Bolejko", 260, 11)
      .line("School of Physics, University of Melbourne", 275, 11);
  body(page, 300);
  page.line("1 Introduction", 320, 20, true);
  const ft::FirstPageIdentity identity = ft::read_first_page(page.words(), kPageHeight);
  CHECK(identity.title == "Apparent and average accelerations of the Universe");
  // The line after the name is an affiliation: the name's line alone counts.
  CHECK(identity.authors == std::vector<std::string>{"K. Bolejko"});
}

TEST_CASE("fulltext: authors are left out unless every name on the line looks like one",
          "[fulltext][pdf][first-page]") {
  const auto authors_of = [](const std::string& line) {
    PageBuilder page;
    page.line("A Study of Things That Matter", 80, 16, true).line(line, 110, 11);
    body(page, 200);
    return ft::read_first_page(page.words(), kPageHeight).authors;
  };
  CHECK(authors_of("TAL AUGUST, University of Washington, USA").empty());
  CHECK(authors_of("The ATLAS and CMS Collaborations").empty());
  CHECK(authors_of("By Abraham Loeb on May 14, 2018").empty());
  CHECK(authors_of("Does the collision of black holes imprint a signature?").empty());
  CHECK(authors_of("Nathan Dahlberg Margo Schlanger Doug Downey").empty());
  CHECK(authors_of("Chao-Wan-Zhen Wang and Fu-Wen Shu") ==
        std::vector<std::string>{"Chao-Wan-Zhen Wang", "Fu-Wen Shu"});
  CHECK(authors_of("D. E. Trilling, Ludwig van Beethoven & J. Rajagopal") ==
        std::vector<std::string>{"D. E. Trilling", "Ludwig van Beethoven", "J. Rajagopal"});
}

TEST_CASE("fulltext: a page that opens with a table in the body's font has no title",
          "[fulltext][pdf][first-page]") {
  PageBuilder page;
  page.line("Field Task Dataset SOTA Frozen Finetune", 60, 10)
      .line("BC5CDR (Li et al., 2016) 88.85 85.08", 72, 10);
  body(page, 100);
  CHECK(ft::read_first_page(page.words(), kPageHeight).title.empty());
  // In capitals, the body's size is a title (AAS journals set titles so).
  PageBuilder caps;
  caps.line("THE STATISTICS OF ALBEDO ON HOT EXOPLANETS", 100, 10).line("Nicolas B. Cowan", 118, 9);
  body(caps, 160);
  const ft::FirstPageIdentity identity = ft::read_first_page(caps.words(), kPageHeight);
  CHECK(identity.title == "THE STATISTICS OF ALBEDO ON HOT EXOPLANETS");
  CHECK(identity.authors == std::vector<std::string>{"Nicolas B. Cowan"});
}

TEST_CASE("fulltext: a first page of too many words or nothing readable gives no title quickly",
          "[fulltext][pdf][first-page][hostile]") {
  CHECK(ft::read_first_page({}, kPageHeight).title.empty());
  PageBuilder page;
  page.line("A Title Set Large Enough To Count", 80, 16, true);
  CHECK(ft::read_first_page(page.words(), 0).title.empty());
  // Words of no size or no height, rotated, empty: skipped, no division by zero.
  std::vector<ft::PageWord> odd(3);
  odd[0].text = "zero";
  odd[1].text = "turned";
  odd[1].font_size = 12;
  odd[1].height = 12;
  odd[1].rotation = 1;
  odd[2].font_size = 12;
  odd[2].height = 12;
  CHECK(ft::read_first_page(odd, kPageHeight).title.empty());
  // A million words: only the first kMaxFirstPageWords are looked at.
  std::vector<ft::PageWord> many(1000000, page.words().front());
  const ft::FirstPageIdentity identity = ft::read_first_page(many, kPageHeight);
  CHECK(identity.title.size() <= 400);
}
