#include "posting_walk.h"

#include <algorithm>
#include <string>
#include <vector>

namespace paperdex::detail {
namespace {

using Walk = PostingWalk;
using Walks = std::vector<std::unique_ptr<Walk>>;
constexpr Xapian::docid kEnd = Walk::kEnd;

// One term's posting list (the empty term's lists every document).
class TermWalk final : public Walk {
 public:
  TermWalk(const Xapian::Database& db, const std::string& term)
      : it_(db.postlist_begin(term)),
        end_(db.postlist_end(term)),
        bound_(term.empty() ? db.get_doccount() : db.get_termfreq(term)),
        current_(it_ == end_ ? kEnd : *it_) {}

  Xapian::docid seek(Xapian::docid did) override {
    if (current_ >= did) return current_;
    it_.skip_to(did);
    current_ = it_ == end_ ? kEnd : *it_;
    return current_;
  }
  Xapian::doccount bound() const override { return bound_; }

 private:
  Xapian::PostingIterator it_;
  Xapian::PostingIterator end_;
  Xapian::doccount bound_;
  Xapian::docid current_;
};

class NothingWalk final : public Walk {
 public:
  Xapian::docid seek(Xapian::docid /*did*/) override { return kEnd; }
  Xapian::doccount bound() const override { return 0; }
};

// Every part: the rarest leads, the others are moved up to it.
class AndWalk final : public Walk {
 public:
  explicit AndWalk(Walks parts) : parts_(std::move(parts)) {
    std::sort(parts_.begin(), parts_.end(),
              [](const auto& a, const auto& b) { return a->bound() < b->bound(); });
  }

  Xapian::docid seek(Xapian::docid did) override {
    Xapian::docid candidate = did;
    for (std::size_t agreed = 0; agreed < parts_.size();) {
      const Xapian::docid found = parts_[agreed]->seek(candidate);
      if (found == kEnd) return kEnd;
      if (found == candidate) {
        ++agreed;
      } else {
        candidate = found;
        agreed = agreed == 0 ? 1 : 0;  // the leader moved: check the others again
      }
    }
    return candidate;
  }
  Xapian::doccount bound() const override { return parts_.front()->bound(); }

 private:
  Walks parts_;
};

// Any part.
class OrWalk final : public Walk {
 public:
  explicit OrWalk(Walks parts) : parts_(std::move(parts)) {
    for (const auto& part : parts_) bound_ += part->bound();
  }

  Xapian::docid seek(Xapian::docid did) override {
    Xapian::docid first = kEnd;
    for (const auto& part : parts_) first = std::min(first, part->seek(did));
    return first;
  }
  Xapian::doccount bound() const override { return bound_; }

 private:
  Walks parts_;
  Xapian::doccount bound_ = 0;
};

// The first part, without the others' matches.
class AndNotWalk final : public Walk {
 public:
  AndNotWalk(std::unique_ptr<Walk> kept, std::unique_ptr<Walk> removed)
      : kept_(std::move(kept)), removed_(std::move(removed)) {}

  Xapian::docid seek(Xapian::docid did) override {
    for (Xapian::docid candidate = kept_->seek(did); candidate != kEnd;
         candidate = kept_->seek(candidate + 1)) {
      if (removed_->seek(candidate) != candidate) return candidate;
    }
    return kEnd;
  }
  Xapian::doccount bound() const override { return kept_->bound(); }

 private:
  std::unique_ptr<Walk> kept_;
  std::unique_ptr<Walk> removed_;
};

std::unique_ptr<Walk> build(const Xapian::Database& db, const Xapian::Query& query);

Walks build_parts(const Xapian::Database& db, const Xapian::Query& query, std::size_t from) {
  Walks parts;
  for (std::size_t i = from; i < query.get_num_subqueries(); ++i) {
    parts.push_back(build(db, query.get_subquery(i)));
  }
  return parts;
}

std::unique_ptr<Walk> build(const Xapian::Database& db, const Xapian::Query& query) {
  switch (query.get_type()) {
    case Xapian::Query::LEAF_TERM:
      return std::make_unique<TermWalk>(db, *query.get_terms_begin());
    case Xapian::Query::LEAF_MATCH_ALL:
      return std::make_unique<TermWalk>(db, std::string());
    case Xapian::Query::LEAF_MATCH_NOTHING:
      return std::make_unique<NothingWalk>();
    case Xapian::Query::OP_SCALE_WEIGHT:
    case Xapian::Query::OP_AND_MAYBE:  // matches what its first part matches
      return build(db, query.get_subquery(0));
    case Xapian::Query::OP_AND:
    case Xapian::Query::OP_FILTER:
      return std::make_unique<AndWalk>(build_parts(db, query, 0));
    case Xapian::Query::OP_OR:
    case Xapian::Query::OP_SYNONYM:
    case Xapian::Query::OP_MAX:
      return std::make_unique<OrWalk>(build_parts(db, query, 0));
    case Xapian::Query::OP_AND_NOT:
      return std::make_unique<AndNotWalk>(build(db, query.get_subquery(0)),
                                          std::make_unique<OrWalk>(build_parts(db, query, 1)));
    default:
      return nullptr;  // not walkable(): never reached
  }
}

}  // namespace

bool PostingWalk::walkable(const Xapian::Query& query) {
  switch (query.get_type()) {
    case Xapian::Query::LEAF_TERM:
    case Xapian::Query::LEAF_MATCH_ALL:
    case Xapian::Query::LEAF_MATCH_NOTHING:
      return true;
    case Xapian::Query::OP_SCALE_WEIGHT:
    case Xapian::Query::OP_AND_MAYBE:
      return walkable(query.get_subquery(0));
    case Xapian::Query::OP_AND:
    case Xapian::Query::OP_FILTER:
    case Xapian::Query::OP_OR:
    case Xapian::Query::OP_SYNONYM:
    case Xapian::Query::OP_MAX:
    case Xapian::Query::OP_AND_NOT:
      for (std::size_t i = 0; i < query.get_num_subqueries(); ++i) {
        if (!walkable(query.get_subquery(i))) return false;
      }
      return query.get_num_subqueries() > 0;
    default:
      return false;
  }
}

std::unique_ptr<PostingWalk> PostingWalk::open(const Xapian::Database& db,
                                               const Xapian::Query& query) {
  if (!walkable(query)) return nullptr;
  return build(db, query);
}

}  // namespace paperdex::detail
