#include "match/document_lengths.h"

namespace paperdex::detail {

std::shared_ptr<const DocumentLengths> DocumentLengths::load(const Xapian::Database& db) {
  auto lengths = std::make_shared<DocumentLengths>();
  lengths->lengths_.assign(static_cast<std::size_t>(db.get_lastdocid()) + 1, 0);
  // The empty term's posting list: every document, with its length.
  try {
    for (auto it = db.postlist_begin(std::string()); it != db.postlist_end(std::string()); ++it) {
      lengths->lengths_[*it] = it.get_doclength();
    }
  } catch (const Xapian::DocNotFoundError&) {
    // The list itself named the document: its length is missing only when a
    // writer has discarded the revision being read, which Xapian 1.4 can
    // report so (seen once in concurrency_test under CI's load). The
    // searcher reopens and reads again, as after any such discard.
    throw Xapian::DatabaseModifiedError("the index changed while its document lengths were read");
  }
  return lengths;
}

}  // namespace paperdex::detail
