// paperdex-recommend-run: recommendations for the tags of a TAGS.tsv file
// over an index made by paperdex-index (bench/recommend.sh --speed): each
// tag stored in the index, ranked through SearchRequest::recommend as
// paperdex-search --recommend ranks it, the top 100 written as a TREC run to
// standard output, the median time of one recommendation to standard error.
#include <iostream>

#include "paperdex/errors.h"
#include "recommend_runner.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: paperdex-recommend-run INDEX TAGS.tsv\n";
    return 2;
  }
  try {
    const std::size_t failed =
        paperdex::eval::run_recommendations(argv[1], argv[2], 100, std::cout, "paperdex");
    return failed > 0 ? 1 : 0;
  } catch (const std::exception& error) {
    std::cerr << "paperdex-recommend-run: " << error.what() << '\n';
    return 2;
  }
}
