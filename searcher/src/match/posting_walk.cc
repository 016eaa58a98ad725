#include "match/posting_walk.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "query/query_description.h"

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

  // Weighed by `weight`, with the papers' lengths from `lengths`.
  TermWalk(const Xapian::Database& db, const std::string& term, const TermWeight& weight,
           const DocumentLengths& lengths)
      : TermWalk(db, term) {
    if (weight.weighs()) {
      weight_ = weight;
      lengths_ = &lengths;
      max_weight_ = weight.upper_bound();
    }
  }

  Xapian::docid seek(Xapian::docid did) override {
    if (current_ >= did) return current_;
    it_.skip_to(did);
    current_ = it_ == end_ ? kEnd : *it_;
    return current_;
  }
  Xapian::doccount bound() const override { return bound_; }
  Xapian::docid at() const override { return current_; }
  double weight() override {
    return lengths_ == nullptr ? 0 : weight_(it_.get_wdf(), lengths_->of(current_));
  }
  double max_weight() const override { return max_weight_; }
  double weight_bound(double /*floor*/) override { return max_weight_; }

 private:
  Xapian::PostingIterator it_;
  Xapian::PostingIterator end_;
  Xapian::doccount bound_;
  Xapian::docid current_;
  TermWeight weight_;
  const DocumentLengths* lengths_ = nullptr;  // nullptr: not weighed
  double max_weight_ = 0;
};

class NothingWalk final : public Walk {
 public:
  Xapian::docid seek(Xapian::docid /*did*/) override { return kEnd; }
  Xapian::doccount bound() const override { return 0; }
  Xapian::docid at() const override { return kEnd; }
  double weight() override { return 0; }
  double max_weight() const override { return 0; }
  double weight_bound(double /*floor*/) override { return 0; }
};

// Every part: the rarest leads, the others are moved up to it.
class AndWalk final : public Walk {
 public:
  explicit AndWalk(Walks parts) : parts_(std::move(parts)) {
    std::sort(parts_.begin(), parts_.end(),
              [](const auto& a, const auto& b) { return a->bound() < b->bound(); });
    for (const auto& part : parts_) max_weight_ += part->max_weight();
  }

  Xapian::docid seek(Xapian::docid did) override {
    Xapian::docid candidate = did;
    for (std::size_t agreed = 0; agreed < parts_.size();) {
      const Xapian::docid found = parts_[agreed]->seek(candidate);
      if (found == kEnd) return at_ = kEnd;
      if (found == candidate) {
        ++agreed;
      } else {
        candidate = found;
        agreed = agreed == 0 ? 1 : 0;  // the leader moved: check the others again
      }
    }
    return at_ = candidate;
  }
  Xapian::doccount bound() const override { return parts_.front()->bound(); }
  Xapian::docid at() const override { return at_; }
  double weight() override {
    double sum = 0;
    for (const auto& part : parts_) sum += part->weight();
    return sum;
  }
  double max_weight() const override { return max_weight_; }
  double weight_bound(double /*floor*/) override {
    double sum = 0;
    for (const auto& part : parts_) sum += part->weight_bound(kNoFloor);
    return sum;
  }

 private:
  Walks parts_;
  Xapian::docid at_ = 0;
  double max_weight_ = 0;  // the parts', summed once
};

// Any part.
class OrWalk final : public Walk {
 public:
  explicit OrWalk(Walks parts) : parts_(std::move(parts)) {
    for (const auto& part : parts_) {
      bound_ += part->bound();
      max_weight_ += part->max_weight();
    }
  }

  Xapian::docid seek(Xapian::docid did) override {
    Xapian::docid first = kEnd;
    for (const auto& part : parts_) first = std::min(first, part->seek(did));
    return at_ = first;
  }
  Xapian::doccount bound() const override { return bound_; }
  Xapian::docid at() const override { return at_; }
  double weight() override {
    double sum = 0;
    for (const auto& part : parts_) {
      if (part->at() == at_) sum += part->weight();
    }
    return sum;
  }
  double max_weight() const override { return max_weight_; }
  double weight_bound(double /*floor*/) override {
    double sum = 0;
    for (const auto& part : parts_) {
      if (part->at() == at_) sum += part->weight_bound(kNoFloor);
    }
    return sum;
  }

 private:
  Walks parts_;
  Xapian::doccount bound_ = 0;
  Xapian::docid at_ = 0;
  double max_weight_ = 0;  // the parts', summed once
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
  Xapian::docid at() const override { return kept_->at(); }
  double weight() override { return kept_->weight(); }
  double max_weight() const override { return kept_->max_weight(); }
  double weight_bound(double floor) override { return kept_->weight_bound(floor); }

 private:
  std::unique_ptr<Walk> kept_;
  std::unique_ptr<Walk> removed_;
};

// The first part's matches, weighed with the second's where it matches too
// (AND_MAYBE, weighed).
class MaybeWalk final : public Walk {
 public:
  MaybeWalk(std::unique_ptr<Walk> kept, std::unique_ptr<Walk> maybe)
      : kept_(std::move(kept)), maybe_(std::move(maybe)), optional_(maybe_->max_weight()) {}

  Xapian::docid seek(Xapian::docid did) override { return kept_->seek(did); }
  Xapian::doccount bound() const override { return kept_->bound(); }
  Xapian::docid at() const override { return kept_->at(); }
  double weight() override {
    const Xapian::docid did = kept_->at();
    const double kept = kept_->weight();
    return maybe_->seek(did) == did ? kept + maybe_->weight() : kept;
  }
  double max_weight() const override { return kept_->max_weight() + optional_; }
  // Most matches of a query cannot reach the page even with the title
  // bonus: the optional part is not looked at for them. Else whether it
  // matches here, without its weight (most matches lack the bonus). It is
  // moved only when it stands before the match: calls ask for ascending
  // matches.
  double weight_bound(double floor) override {
    const double kept = kept_->weight_bound(floor - optional_);
    if (kept + optional_ < floor) return kept + optional_;
    const Xapian::docid did = kept_->at();
    if (maybe_->at() < did) maybe_->seek(did);
    return maybe_->at() == did ? kept + optional_ : kept;
  }

 private:
  std::unique_ptr<Walk> kept_;
  std::unique_ptr<Walk> maybe_;
  double optional_;  // maybe_'s max_weight()
};

// Another walk's matches, each weighing `weight`: a fixed weight's
// (fixed_weight.h), whose posting source Xapian gives every paper.
class FixedWeightWalk final : public Walk {
 public:
  FixedWeightWalk(std::unique_ptr<Walk> matches, double weight)
      : matches_(std::move(matches)), weight_(weight) {}

  Xapian::docid seek(Xapian::docid did) override { return matches_->seek(did); }
  Xapian::doccount bound() const override { return matches_->bound(); }
  Xapian::docid at() const override { return matches_->at(); }
  double weight() override { return weight_; }
  double max_weight() const override { return weight_; }
  double weight_bound(double /*floor*/) override { return weight_; }

 private:
  std::unique_ptr<Walk> matches_;
  double weight_;
};

// What a weighed walk weighs with; a counting walk has none.
struct Weighing {
  const WeighingStats& stats;
  const DocumentLengths& lengths;
};

// The walk of `query`, its terms weighed by `factor` (0: a boolean context,
// as under a filter; and no weighing at all when `weighing` is null).
std::unique_ptr<Walk> build(const Xapian::Database& db, const Xapian::Query& query,
                            const Weighing* weighing, double factor);

Walks build_parts(const Xapian::Database& db, const Xapian::Query& query, std::size_t from,
                  const Weighing* weighing, double factor) {
  Walks parts;
  for (std::size_t i = from; i < query.get_num_subqueries(); ++i) {
    parts.push_back(build(db, query.get_subquery(i), weighing, factor));
  }
  return parts;
}

std::unique_ptr<Walk> build(const Xapian::Database& db, const Xapian::Query& query,
                            const Weighing* weighing, double factor) {
  switch (query.get_type()) {
    case Xapian::Query::LEAF_TERM: {
      const std::string term = *query.get_terms_begin();
      if (weighing == nullptr) return std::make_unique<TermWalk>(db, term);
      // A leaf's length is its wqf.
      return std::make_unique<TermWalk>(
          db, term, TermWeight(weighing->stats, term, query.get_length(), factor),
          weighing->lengths);
    }
    case Xapian::Query::LEAF_MATCH_ALL:
      return std::make_unique<TermWalk>(db, std::string());
    case Xapian::Query::LEAF_MATCH_NOTHING:
      return std::make_unique<NothingWalk>();
    case Xapian::Query::LEAF_POSTING_SOURCE:  // a fixed weight: every paper
      return std::make_unique<FixedWeightWalk>(
          std::make_unique<TermWalk>(db, std::string()),
          weighing == nullptr ? 0 : factor * *fixed_weight_of(query));
    case Xapian::Query::OP_SCALE_WEIGHT: {
      const double scale = weighing == nullptr ? 0 : scale_factor(query);
      return build(db, query.get_subquery(0), weighing, factor * scale);
    }
    case Xapian::Query::OP_AND_MAYBE:  // matches what its first part matches
      if (weighing == nullptr || factor == 0) {
        return build(db, query.get_subquery(0), weighing, factor);
      }
      return std::make_unique<MaybeWalk>(
          build(db, query.get_subquery(0), weighing, factor),
          std::make_unique<OrWalk>(build_parts(db, query, 1, weighing, factor)));
    case Xapian::Query::OP_AND:
      return std::make_unique<AndWalk>(build_parts(db, query, 0, weighing, factor));
    case Xapian::Query::OP_FILTER: {
      Walks parts = build_parts(db, query, 1, weighing, 0);
      if (const std::optional<double> fixed = fixed_weight_of(query.get_subquery(0))) {
        // fixed_weight()'s shape: the filter's matches, each weighing the
        // fixed weight; no walk of every paper beside them.
        std::unique_ptr<Walk> matches = parts.size() == 1
                                            ? std::move(parts.front())
                                            : std::make_unique<AndWalk>(std::move(parts));
        return std::make_unique<FixedWeightWalk>(std::move(matches),
                                                 weighing == nullptr ? 0 : factor * *fixed);
      }
      parts.push_back(build(db, query.get_subquery(0), weighing, factor));
      return std::make_unique<AndWalk>(std::move(parts));
    }
    case Xapian::Query::OP_OR:
    case Xapian::Query::OP_SYNONYM:  // weighed: not weighable()
    case Xapian::Query::OP_MAX:
      return std::make_unique<OrWalk>(build_parts(db, query, 0, weighing, factor));
    case Xapian::Query::OP_AND_NOT:
      return std::make_unique<AndNotWalk>(
          build(db, query.get_subquery(0), weighing, factor),
          std::make_unique<OrWalk>(build_parts(db, query, 1, weighing, 0)));
    default:
      return nullptr;  // not walkable(): never reached
  }
}

bool all_parts(const Xapian::Query& query, std::size_t from,
               bool (*accepts)(const Xapian::Query&)) {
  for (std::size_t i = from; i < query.get_num_subqueries(); ++i) {
    if (!accepts(query.get_subquery(i))) return false;
  }
  return query.get_num_subqueries() > 0;
}

// Whether the weight of `query`'s matches is what TermWeight sums.
bool weighs_as_terms(const Xapian::Query& query) {
  switch (query.get_type()) {
    case Xapian::Query::LEAF_TERM:
    case Xapian::Query::LEAF_MATCH_NOTHING:
      return true;
    case Xapian::Query::LEAF_POSTING_SOURCE:
      return fixed_weight_of(query).has_value();
    case Xapian::Query::OP_SCALE_WEIGHT:
      return weighs_as_terms(query.get_subquery(0));
    case Xapian::Query::OP_AND:
    case Xapian::Query::OP_OR:
    case Xapian::Query::OP_AND_MAYBE:
      return all_parts(query, 0, weighs_as_terms);
    case Xapian::Query::OP_FILTER:
    case Xapian::Query::OP_AND_NOT:
      // The other parts are boolean: walkable is enough.
      return weighs_as_terms(query.get_subquery(0)) && all_parts(query, 1, PostingWalk::walkable);
    default:
      // A synonym's weight is its terms' wdf summed over one set of
      // statistics; MAX's the best part's; match-all's and positions' are
      // Xapian's to weigh.
      return false;
  }
}

}  // namespace

bool PostingWalk::walkable(const Xapian::Query& query) {
  switch (query.get_type()) {
    case Xapian::Query::LEAF_TERM:
    case Xapian::Query::LEAF_MATCH_ALL:
    case Xapian::Query::LEAF_MATCH_NOTHING:
      return true;
    case Xapian::Query::LEAF_POSTING_SOURCE:  // a fixed weight alone (fixed_weight.h)
      return fixed_weight_of(query).has_value();
    case Xapian::Query::OP_SCALE_WEIGHT:
    case Xapian::Query::OP_AND_MAYBE:
      return walkable(query.get_subquery(0));
    case Xapian::Query::OP_AND:
    case Xapian::Query::OP_FILTER:
    case Xapian::Query::OP_OR:
    case Xapian::Query::OP_SYNONYM:
    case Xapian::Query::OP_MAX:
    case Xapian::Query::OP_AND_NOT:
      return all_parts(query, 0, walkable);
    default:
      return false;
  }
}

bool PostingWalk::weighable(const Xapian::Query& query) {
  return walkable(query) && weighs_as_terms(query);
}

std::unique_ptr<PostingWalk> PostingWalk::open(const Xapian::Database& db,
                                               const Xapian::Query& query) {
  if (!walkable(query)) return nullptr;
  return build(db, query, nullptr, 0);
}

std::unique_ptr<PostingWalk> PostingWalk::open_weighed(const Xapian::Database& db,
                                                       const Xapian::Query& query,
                                                       const WeighingStats& stats,
                                                       const DocumentLengths& lengths) {
  if (!weighable(query)) return nullptr;
  const Weighing weighing{stats, lengths};
  return build(db, query, &weighing, 1);
}

}  // namespace paperdex::detail
