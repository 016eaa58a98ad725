#include "query/fixed_weight.h"

#include <cmath>
#include <utility>

#include "paperdex/common/schema.h"

namespace paperdex::detail {

Xapian::Query fixed_weight(double weight, Xapian::Query papers) {
  // release(): the query owns the source and frees it with its last copy,
  // as it does its subqueries (Xapian's reference counting).
  Xapian::Query bonus((new Xapian::FixedWeightPostingSource(weight))->release());
  return Xapian::Query(Xapian::Query::OP_FILTER, std::move(bonus), std::move(papers));
}

double idf_weight(double documents, double having) { return std::log2(1.0 + documents / having); }

Xapian::doccount papers_with_body(const Xapian::Database& db) {
  // The value slot's statistics, which every database keeps: no look-up of
  // a term of its own, and no change to what the index holds.
  return db.get_value_freq(schema::kBodySlot);
}

}  // namespace paperdex::detail
