// The forms an arXiv id is looked up in (common/arxiv_id.h), one rule for
// `id:` queries and for finding a paper by id (--show, --like).
#include <catch2/catch.hpp>

#include <string>
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
