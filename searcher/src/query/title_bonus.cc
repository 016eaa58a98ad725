#include "query/title_bonus.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "paperdex/common/schema.h"
#include "query/fixed_weight.h"

namespace paperdex::detail {
namespace {

using Query = Xapian::Query;

// Each word's title term, scaled, as parts of the bonus of their own: an
// AND_MAYBE's optional parts add up as an OR of them would, with one
// operator fewer for every match to go through.
void add_title_words(const std::vector<std::string>& stems, std::vector<Query>& bonus) {
  for (const std::string& stem : stems) {
    bonus.emplace_back(Query::OP_SCALE_WEIGHT, Query(schema::make_term(schema::kTitlePrefix, stem)),
                       kTitleWordsWeight);
  }
}

// Every plain word in the title or, where it searches names, the authors.
Query all_words_in_title_or_names(const ParsedQuery& parsed) {
  std::vector<Query> words;
  for (std::size_t i = 0; i < parsed.plain_stems.size(); ++i) {
    Query title(Query::OP_SCALE_WEIGHT,
                Query(schema::make_term(schema::kTitlePrefix, parsed.plain_stems[i])),
                kAllWordsTitleWeight);
    if (i < parsed.plain_names.size() && !parsed.plain_names[i].empty()) {
      title = Query(Query::OP_OR, title,
                    Query(Query::OP_SCALE_WEIGHT, parsed.plain_names[i], kAllWordsNameWeight));
    }
    words.push_back(std::move(title));
  }
  return Query(Query::OP_AND, words.begin(), words.end());
}

// The bonus of a body holding ParsedQuery::word_sequence in order
// (kBodySequenceWeight, kBodyWindowWeight), or anywhere (kBodyAllWordsWeight),
// when every word is in some body.
// Function words (empty) are not in bodies: the others must be in order
// within the span they cover.
void add_body_sequence(const Xapian::Database& db, const std::vector<std::string>& stems,
                       std::vector<Query>& bonus) {
  if (stems.size() < kBodySequenceWords) return;
  const double papers = db.get_doccount();
  std::vector<std::string> terms;
  std::set<std::string> distinct;  // in order: one query for the same words
  std::size_t first = 0;
  std::size_t last = 0;
  double idf = 0;
  for (std::size_t i = 0; i < stems.size(); ++i) {
    if (stems[i].empty()) continue;
    if (terms.empty()) first = i;
    last = i;
    terms.push_back(schema::make_term(schema::kBodyPrefix, stems[i]));
    if (!distinct.insert(terms.back()).second) continue;
    const Xapian::doccount having = db.get_termfreq(terms.back());
    if (having == 0) return;  // no body has it: no body has them all
    idf += idf_weight(papers, having);
  }
  if (terms.size() < 2) return;
  const auto span = static_cast<Xapian::termcount>(last - first + 1);
  const auto words = static_cast<Xapian::termcount>(stems.size());
  bonus.push_back(fixed_weight(kBodySequenceWeight * idf,
                               Query(Query::OP_PHRASE, terms.begin(), terms.end(), span)));
  bonus.push_back(fixed_weight(
      kBodyWindowWeight * idf,
      Query(Query::OP_PHRASE, terms.begin(), terms.end(), words * kBodyWindowPerWord)));
  bonus.push_back(fixed_weight(kBodyAllWordsWeight * idf,
                               Query(Query::OP_AND, distinct.begin(), distinct.end())));
}

}  // namespace

Query with_title_bonus(const Xapian::Database& db, Query matched, const ParsedQuery& parsed,
                       bool remote) {
  std::vector<Query> bonus;
  const std::vector<std::string>& stems = parsed.plain_stems;
  add_title_words(stems, bonus);
  if (stems.size() >= 2) bonus.push_back(all_words_in_title_or_names(parsed));
  if (!bonus.empty()) {
    bonus.insert(bonus.begin(), std::move(matched));
    matched = Query(Query::OP_AND_MAYBE, bonus.begin(), bonus.end());
  }
  // The fixed weights, each an AND_MAYBE of its own: among an AND_MAYBE's
  // several optional parts, Xapian 1.4.22 gives a posting source filtered by
  // a phrase its weight in papers the phrase does not match (a body's words
  // in order gave papers without a body the bonus; tests/unit
  // title_bonus_test.cc).
  std::vector<Query> fixed;
  if (!parsed.whole_title_key.empty() && (remote || db.term_exists(parsed.whole_title_key))) {
    fixed.push_back(fixed_weight(kWholeTitleWeight, Query(parsed.whole_title_key)));
  }
  if (!parsed.near_title_key.empty()) {
    fixed.push_back(fixed_weight(kNearTitleWeight, Query(parsed.near_title_key)));
  }
  if (!parsed.author_papers.empty()) {
    fixed.push_back(fixed_weight(kNamedAuthorWeight, parsed.author_papers));
  }
  add_body_sequence(db, parsed.word_sequence, fixed);
  for (Query& weight : fixed) matched = Query(Query::OP_AND_MAYBE, matched, weight);
  return matched;
}

}  // namespace paperdex::detail
