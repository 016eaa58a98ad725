// Every document's length (its terms' wdf summed, as Xapian's weights read
// it), loaded once per database revision into an array indexed by docid: the
// matches weighed outside Xapian (posting_walk.h) read a paper's length
// there. Xapian reads it from the length posting list beside each match, two
// thirds of what weighing a match costs it.
#pragma once

#include <memory>
#include <vector>

#include <xapian.h>

namespace paperdex::detail {

class DocumentLengths {
 public:
  // The lengths of a local database's documents (of one shard).
  static std::shared_ptr<const DocumentLengths> load(const Xapian::Database& db);

  Xapian::termcount of(Xapian::docid docid) const {
    return docid < lengths_.size() ? lengths_[docid] : 0;
  }

 private:
  std::vector<Xapian::termcount> lengths_;  // by docid
};

}  // namespace paperdex::detail
