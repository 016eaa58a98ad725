#include "match/document_lengths.h"

namespace paperdex::detail {

std::shared_ptr<const DocumentLengths> DocumentLengths::load(const Xapian::Database& db) {
  auto lengths = std::make_shared<DocumentLengths>();
  lengths->lengths_.assign(static_cast<std::size_t>(db.get_lastdocid()) + 1, 0);
  // The empty term's posting list: every document, with its length.
  for (auto it = db.postlist_begin(std::string()); it != db.postlist_end(std::string()); ++it) {
    lengths->lengths_[*it] = it.get_doclength();
  }
  return lengths;
}

}  // namespace paperdex::detail
