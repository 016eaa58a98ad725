// The forms an arXiv id is looked up in (common/arxiv_id.h), one rule for
// `id:` queries and for finding a paper by id (--show, --like).
#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

#include "paperdex/common/arxiv_id.h"

using Forms = std::vector<std::string>;

TEST_CASE("arxiv_id_forms: the canonical id, and an old-style id without its subject class",
          "[arxiv-id]") {
  using paperdex::arxiv_id_forms;
  CHECK(arxiv_id_forms("arXiv:2101.00001v2") == Forms{"2101.00001"});
  CHECK(arxiv_id_forms("cs/9301111v1") == Forms{"cs/9301111"});
  CHECK(arxiv_id_forms("math.FA/0101001") == Forms{"math.FA/0101001", "math/0101001"});
  CHECK(arxiv_id_forms("oai:arXiv.org:hep-th/9901001") == Forms{"hep-th/9901001"});
  // Not arXiv ids (derived ids of author-page papers are taken as written).
  CHECK(arxiv_id_forms("").empty());
  CHECK(arxiv_id_forms("smith-2020-deep-learning").empty());
}

TEST_CASE("canonical_arxiv_id: links to the abstract page or the PDF, as people paste them",
          "[arxiv-id]") {
  const std::vector<std::pair<std::string, std::string>> ids = {
      {"arxiv.org/abs/1409.3215", "1409.3215"},
      {"https://arxiv.org/pdf/1409.3215v1", "1409.3215"},
      {"https://arxiv.org/pdf/1409.3215v1.pdf", "1409.3215"},
      {"http://www.arxiv.org/abs/cs/9301111v2", "cs/9301111"},
      {"export.arxiv.org/pdf/hep-th/9901001", "hep-th/9901001"},
      {"HTTPS://ArXiv.org/abs/2101.00001", "2101.00001"},
      {"ARXIV:2101.00001v3", "2101.00001"},
      {" 1409.3215v2 ", "1409.3215"},
      // Other pages of the site, and other sites, are not ids.
      {"https://arxiv.org/list/1409.3215", ""},
      {"https://example.org/abs/1409.3215", ""},
      {"arxiv.org/abs/", ""},
      {"https://arxiv.org/abs/1409.3215 and more", ""},
  };
  for (const auto& [text, id] : ids) {
    INFO(text);
    CHECK(paperdex::canonical_arxiv_id(text).value_or("") == id);
  }
}
