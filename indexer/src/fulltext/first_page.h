// The extraction stage (full text): a paper's title and authors as printed on
// its first page, for the PDFs whose info title names no paper (empty, a file
// name, the arXiv stamp). paperdex-pdftext (the child process that runs
// poppler) lays page 1 out as words with their boxes and font sizes and calls
// read_first_page; the rules live here, apart from poppler, so that they can
// be tested on words made up by hand.
//
// The title is the text set in the largest font in the upper half of the page,
// read from its topmost line on through the lines right below it in the same
// font: the arXiv stamp down the margin (rotated), running heads and journal
// banners ("Journal of ...", "Preprint typeset using ...", "Submitted to:"),
// and lines of a few characters are never a title. Where the title's font is
// no larger than the body's, it must stand out by other means (bold, capitals)
// or there is none: a page that opens with a table has no title to read.
// Authors are the lines right below the title, only when every name in them
// looks like a name (a wrong author is worse than none).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace paperdex::fulltext {

// A word of the page as the PDF library places it: its box (points, y down
// from the top of the page), its font's size and whether it is bold, its
// rotation in quarter turns (the arXiv stamp is printed turned), and whether
// a space follows it on its line.
struct PageWord {
  std::string text;  // UTF-8
  double x = 0, y = 0, width = 0, height = 0;
  double font_size = 0;
  bool bold = false;
  int rotation = 0;
  bool space_after = true;
};

struct FirstPageIdentity {
  std::string title;                 // empty when the page shows none
  std::vector<std::string> authors;  // empty unless every name is plausible
};

// Words beyond this are not looked at (a crafted page of millions of words).
inline constexpr std::size_t kMaxFirstPageWords = 20000;

// The title and authors of a first page `page_height` points high whose words,
// in reading order, are `words`.
FirstPageIdentity read_first_page(const std::vector<PageWord>& words, double page_height);

}  // namespace paperdex::fulltext
