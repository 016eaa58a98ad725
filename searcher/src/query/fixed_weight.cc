#include "query/fixed_weight.h"

#include <cmath>
#include <utility>

namespace paperdex::detail {

Xapian::Query fixed_weight(double weight, Xapian::Query papers) {
  // release(): the query owns the source and frees it with its last copy,
  // as it does its subqueries (Xapian's reference counting).
  Xapian::Query bonus((new Xapian::FixedWeightPostingSource(weight))->release());
  return Xapian::Query(Xapian::Query::OP_FILTER, std::move(bonus), std::move(papers));
}

double idf_weight(double documents, double having) { return std::log2(1.0 + documents / having); }

}  // namespace paperdex::detail
