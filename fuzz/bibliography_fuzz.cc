// libFuzzer target: the bibliography readers of --tag NAME --import FILE on
// any text, as RIS and as CSL-JSON (BibTeX is libbtparse's, read in a child
// process of its own). Promises: no crash, no hang; what is not JSON is a
// std::runtime_error naming the file; every arXiv id an entry names is a
// canonical one.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "bibliography.h"
#include "fuzz_support.h"
#include "paperdex/common/arxiv_id.h"

namespace {

void check(const std::vector<paperdex::cli::BibliographyEntry>& entries) {
  for (const paperdex::cli::BibliographyEntry& entry : entries) {
    for (const std::string& id : entry.clues.arxiv_ids) {
      if (paperdex::canonical_arxiv_id(id) != id) {
        paperdex::fuzz::broken("an arXiv id that is not canonical", id);
      }
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(paperdex::fuzz::as_text(data, size));
  check(paperdex::cli::ris_entries(text, "fuzz.ris"));
  try {
    check(paperdex::cli::csl_json_entries(text, "fuzz.json"));
  } catch (const std::runtime_error& error) {
    if (std::string(error.what()).rfind("fuzz.json: ", 0) != 0) {
      paperdex::fuzz::broken("an error not naming the file", error.what());
    }
  }
  return 0;
}
