#include "query/title_bonus.h"

#include <string>
#include <utility>
#include <vector>

#include "paperdex/common/schema.h"

namespace paperdex::detail {
namespace {

using Query = Xapian::Query;

// The title terms of `stems`, joined by `op`, their weight scaled by `scale`.
Query title_words(const std::vector<std::string>& stems, Query::op op, double scale) {
  std::vector<Query> terms;
  terms.reserve(stems.size());
  for (const std::string& stem : stems) {
    terms.emplace_back(schema::make_term(schema::kTitlePrefix, stem));
  }
  return Query(Query::OP_SCALE_WEIGHT, Query(op, terms.begin(), terms.end()), scale);
}

Query whole_title(const std::string& key) {
  // release(): the query owns the source and frees it with its last copy,
  // as it does its subqueries (Xapian's reference counting).
  Query bonus((new Xapian::FixedWeightPostingSource(kWholeTitleWeight))->release());
  return Query(Query::OP_FILTER, std::move(bonus), Query(key));
}

}  // namespace

Query with_title_bonus(const Xapian::Database& db, Query matched, const ParsedQuery& parsed,
                       bool remote) {
  std::vector<Query> bonus;
  const std::vector<std::string>& stems = parsed.plain_stems;
  if (!stems.empty()) bonus.push_back(title_words(stems, Query::OP_OR, kTitleWordsWeight));
  if (stems.size() >= 2) bonus.push_back(title_words(stems, Query::OP_AND, kAllTitleWordsWeight));
  if (!parsed.whole_title_key.empty() && (remote || db.term_exists(parsed.whole_title_key))) {
    bonus.push_back(whole_title(parsed.whole_title_key));
  }
  if (bonus.empty()) return matched;
  bonus.insert(bonus.begin(), std::move(matched));
  return Query(Query::OP_AND_MAYBE, bonus.begin(), bonus.end());
}

}  // namespace paperdex::detail
