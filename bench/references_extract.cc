// bench/references.sh's reader: the references paperdex extracts from each
// file named, as JSON lines, for bench/references_score.py to compare with
// the hand-checked lists, the peers' extractions and unarXive's own ids.
//
// usage: paperdex-references-extract FILE...
//   FILE.pdf                    read_pdf (the paperdex-pdftext helper beside
//                               this program, or $PAPERDEX_PDFTEXT)
//   FILE.jsonl (or - : stdin)   full-text data set lines (unarXive)
//   any other FILE              a LaTeX source package or .tex (read_latex_file)
// One line a reference: {"file", "paper", "index", "raw", "label", "arxiv_id",
// "doi", "url", "title", "authors", "surnames", "year", "venue"}; a file that
// cannot be read is a line {"file", "error"}; warnings {"file", "warning"}.
#include <fstream>
#include <iostream>
#include <string>

#include <nlohmann/json.hpp>

#include "fulltext/fulltext.h"
#include "fulltext/references.h"

namespace ft = paperdex::fulltext;

namespace {

void print(const ft::FullText& text) {
  for (const std::string& warning : text.warnings) {
    std::cout << nlohmann::json{{"file", text.file}, {"warning", warning}}.dump() << '\n';
  }
  for (std::size_t i = 0; i < text.references.size(); ++i) {
    const ft::Reference& reference = text.references[i];
    nlohmann::json surnames = nlohmann::json::array();
    for (const std::string& author : reference.authors) {
      surnames.push_back(ft::reference_surname(author));
    }
    nlohmann::json line = {{"file", text.file},
                           {"paper", text.arxiv_id.value_or("")},
                           {"index", i},
                           {"raw", reference.raw},
                           {"label", reference.label},
                           {"arxiv_id", reference.arxiv_id.value_or("")},
                           {"doi", reference.doi},
                           {"url", reference.url},
                           {"title", reference.title},
                           {"authors", reference.authors},
                           {"surnames", surnames},
                           {"year", reference.year ? nlohmann::json(*reference.year) : nullptr},
                           {"venue", reference.venue}};
    std::cout << line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
  }
}

void read_lines(const std::string& name, std::istream& in) {
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    if (!ft::carries_fulltext(line)) continue;
    const std::string origin = name + ":" + std::to_string(number);
    try {
      print(ft::read_dataset_line(origin, line));
    } catch (const ft::FullTextError& error) {
      std::cout << nlohmann::json{{"file", origin}, {"error", error.what()}}.dump() << '\n';
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h") {
    std::cerr << "usage: paperdex-references-extract FILE.pdf|FILE.jsonl|-|SOURCE.gz...\n";
    return 2;
  }
  for (int i = 1; i < argc; ++i) {
    const std::string file = argv[i];
    try {
      if (file == "-") {
        read_lines("stdin", std::cin);
      } else if (file.ends_with(".jsonl")) {
        std::ifstream in(file);
        read_lines(file, in);
      } else if (file.ends_with(".pdf")) {
        print(ft::read_pdf(file));
      } else {
        print(ft::read_latex_file(file));
      }
    } catch (const ft::FullTextError& error) {
      std::cout << nlohmann::json{{"file", file}, {"error", error.what()}}.dump() << '\n';
    }
  }
  return 0;
}
