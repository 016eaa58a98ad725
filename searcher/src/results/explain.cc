#include "results/explain.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>
#include <string_view>
#include <utility>

#include "match/ranking.h"
#include "paperdex/common/schema.h"
#include "query/query_description.h"

namespace paperdex::detail {
namespace {

using Query = Xapian::Query;

// A term's field and its text without the prefix: the first field with the
// prefix names it (schema::kFields); the exact author name and
// the surname+initials key are `author`.
struct NamedTerm {
  std::string field;
  std::string text;
};

NamedTerm name_term(const std::string& term) {
  const std::string_view prefix = schema::prefix_of(term);
  if (prefix == schema::kAuthorExactPrefix || prefix == schema::kInitialsPrefix) {
    return {"author", term.substr(prefix.size())};
  }
  // The query is the paper's whole title (query/title_bonus.h).
  if (prefix == schema::kTitleKeyPrefix) return {"title", "(the whole query)"};
  if (prefix == schema::kTitleSketchPrefix) return {"title", "(the query, as titles are cited)"};
  for (const schema::Field& field : schema::kFields) {
    if (field.prefix == prefix) return {std::string(field.name), term.substr(prefix.size())};
  }
  return {"other", term};  // id terms of merged papers
}

// A term's text as the query language reads it back: quoted when it holds
// what would end a word (spaces of an exact author name, parentheses).
std::string word_text(const std::string& text) {
  if (text.find_first_of(" \t():\"") == std::string::npos && !text.empty()) return text;
  return '"' + text + '"';
}

std::string unescape(std::string_view text) {
  std::string bytes;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 3 < text.size() && text[i + 1] == 'x') {
      bytes.push_back(
          static_cast<char>(std::strtol(std::string(text.substr(i + 2, 2)).c_str(), nullptr, 16)));
      i += 3;
    } else {
      bytes.push_back(text[i]);
    }
  }
  return bytes;
}

// The words of a description, split at spaces.
std::vector<std::string> description_words(const Query& query) {
  std::vector<std::string> words;
  const std::string description = inner_description(query);
  std::size_t begin = 0;
  while (begin <= description.size()) {
    std::size_t end = description.find(' ', begin);
    if (end == std::string::npos) end = description.size();
    words.push_back(description.substr(begin, end - begin));
    begin = end + 1;
  }
  return words;
}

// The n of "a b"~n for a NEAR node ("(Ta NEAR 4 Tb)"): its window less the
// words it spans, plus one (the translator's near_window, inverted).
std::size_t near_proximity(const Query& query) {
  const std::string description = inner_description(query);
  const std::size_t at = description.find(" NEAR ");
  const std::size_t window =
      at == std::string::npos ? 0 : std::strtoul(description.c_str() + at + 6, nullptr, 10);
  const std::size_t words = query.get_num_subqueries();
  return window + 1 > words ? window + 1 - words : 0;
}

// A value range over the year slot as `year:FROM..TO` (either end open), or
// over the date slot as `submitted:FROM..TO`.
std::string value_range_text(const Query& query) {
  const std::vector<std::string> words = description_words(query);
  if (words.size() < 3) return inner_description(query);
  const auto slot = static_cast<Xapian::valueno>(std::strtoul(words[1].c_str(), nullptr, 10));
  const auto limit = [&](std::size_t index) {
    const std::string value = unescape(words[index]);
    if (slot != schema::kYearSlot) return value;
    return std::to_string(static_cast<int>(Xapian::sortable_unserialise(value)));
  };
  std::string from, to;
  switch (query.get_type()) {
    case Query::OP_VALUE_GE:
      from = limit(2);
      break;
    case Query::OP_VALUE_LE:
      to = limit(2);
      break;
    default:
      from = limit(2);
      if (words.size() > 3) to = limit(3);
  }
  const std::string field = slot == schema::kYearSlot   ? "year"
                            : slot == schema::kDateSlot ? "submitted"
                                                        : "value" + words[1];
  return field + ":" + from + ".." + to;
}

// The field and the words of a phrase or NEAR node's terms.
NamedTerm phrase_of(const Query& query) {
  NamedTerm phrase;
  std::string words;
  // By subquery: a query's term list is sorted, not in the phrase's order.
  for (std::size_t i = 0; i < query.get_num_subqueries(); ++i) {
    const Query word_query = query.get_subquery(i);
    if (word_query.get_type() != Query::LEAF_TERM) continue;
    const NamedTerm word = name_term(*word_query.get_terms_begin());
    if (phrase.field.empty()) phrase.field = word.field;
    if (!words.empty()) words.push_back(' ');
    words += word.text;
  }
  phrase.text = '"' + words + '"';
  if (query.get_type() == Query::OP_NEAR)
    phrase.text += "~" + std::to_string(near_proximity(query));
  return phrase;
}

std::string render(const Query& query, bool outermost);

// The subqueries rendered and joined by `separator`, leaving out the empty
// renders of match-all (the base of a filter-only query); bracketed unless
// outermost or single.
bool is_conjunction(const Query& query) {
  return query.get_type() == Query::OP_AND || query.get_type() == Query::OP_FILTER;
}

// The clauses of a conjunction, those of conjunctions inside it inlined:
// "a AND b AND c" rather than "(a AND b) AND c".
void conjuncts(const Query& query, std::size_t first, std::vector<std::string>& parts) {
  for (std::size_t i = first; i < query.get_num_subqueries(); ++i) {
    const Query sub = query.get_subquery(i);
    if (is_conjunction(sub)) {
      conjuncts(sub, 0, parts);
      continue;
    }
    std::string part = render(sub, false);
    if (!part.empty()) parts.push_back(std::move(part));
  }
}

std::string join(const Query& query, std::string_view separator, bool outermost,
                 std::size_t first = 0) {
  std::vector<std::string> parts;
  if (is_conjunction(query)) {
    conjuncts(query, first, parts);
  } else {
    for (std::size_t i = first; i < query.get_num_subqueries(); ++i) {
      std::string part = render(query.get_subquery(i), false);
      if (!part.empty()) parts.push_back(std::move(part));
    }
  }
  std::string joined;
  for (const std::string& part : parts) {
    if (!joined.empty()) joined += separator;
    joined += part;
  }
  return parts.size() > 1 && !outermost ? "(" + joined + ")" : joined;
}

std::string render(const Query& query, bool outermost) {
  switch (query.get_type()) {
    case Query::LEAF_MATCH_ALL:
    case Query::LEAF_MATCH_NOTHING:
      return {};
    case Query::LEAF_TERM: {
      const std::string term = *query.get_terms_begin();
      if (term.empty()) return {};  // match_all()
      // A title's sketch has no words to write back: the query as a whole
      // is it (ParsedQuery::near_title_key).
      if (schema::prefix_of(term) == schema::kTitleSketchPrefix) return {};
      const NamedTerm named = name_term(term);
      return named.field + ":" + word_text(named.text);
    }
    case Query::OP_AND:
    case Query::OP_FILTER:  // a filter is one more clause every match has
      return join(query, " AND ", outermost);
    case Query::OP_AND_NOT: {
      const std::string kept = render(query.get_subquery(0), false);
      std::string text = kept;
      for (std::size_t i = 1; i < query.get_num_subqueries(); ++i) {
        text += (text.empty() ? "NOT " : " NOT ") + render(query.get_subquery(i), false);
      }
      return outermost || kept.empty() ? text : "(" + text + ")";
    }
    case Query::OP_AND_MAYBE: {
      // The first clause is required, the others add weight: `+a b`.
      const std::string text =
          "+" + render(query.get_subquery(0), false) + " " + join(query, " ", true, 1);
      return outermost ? text : "(" + text + ")";
    }
    case Query::OP_PHRASE:
    case Query::OP_NEAR: {
      const NamedTerm phrase = phrase_of(query);
      return phrase.field + ":" + phrase.text;
    }
    case Query::OP_SCALE_WEIGHT:
      return render(query.get_subquery(0), outermost);
    case Query::OP_VALUE_RANGE:
    case Query::OP_VALUE_GE:
    case Query::OP_VALUE_LE:
      return value_range_text(query);
    case Query::OP_WILDCARD: {
      const std::vector<std::string> words = description_words(query);
      const NamedTerm pattern = name_term(unescape(words.back()));
      return pattern.field + ":" + pattern.text + "*";
    }
    default:  // OR, and the alternatives of a wildcard or hyphenated word (SYNONYM)
      return join(query, " OR ", outermost);
  }
}

// One part the ranking weighs as a whole (see explain_match), with the scale
// the query puts on it; `weighted` false for filters and exclusions' kin.
// The part adds its weight only where the paper matches every AND above it
// (`within`): an AND among optional parts (the title's bonus for all the
// query's words) weighs nothing in a paper that lacks one of its words.
struct Part {
  Query query;
  double scale = 1;
  bool weighted = true;
  std::vector<Query> within;
};

// The parts of `query`, descending through the operators whose weight is
// the sum of their subqueries' (AND, OR, AND_MAYBE, a filter's left side).
void collect_parts(const Query& query, const Part& above, std::vector<Part>& parts) {
  const auto descend = [&](std::size_t i, double scale, bool weighted) {
    Part part{query.get_subquery(i), scale, weighted, above.within};
    if (query.get_type() == Query::OP_AND) part.within.push_back(query);
    collect_parts(part.query, part, parts);
  };
  const auto whole = [&] { parts.push_back({query, above.scale, above.weighted, above.within}); };
  switch (query.get_type()) {
    case Query::LEAF_MATCH_ALL:
    case Query::LEAF_MATCH_NOTHING:
      return;
    case Query::LEAF_TERM:
      if (!(*query.get_terms_begin()).empty()) whole();
      return;
    case Query::OP_AND:
    case Query::OP_OR:
    case Query::OP_AND_MAYBE:
      for (std::size_t i = 0; i < query.get_num_subqueries(); ++i) {
        descend(i, above.scale, above.weighted);
      }
      return;
    case Query::OP_FILTER:
      // A posting source's weight filtered (the whole title's bonus) is one
      // part: the source alone would weigh in every paper.
      if (query.get_subquery(0).get_type() == Query::LEAF_POSTING_SOURCE) return whole();
      descend(0, above.scale, above.weighted);
      for (std::size_t i = 1; i < query.get_num_subqueries(); ++i) descend(i, 0, false);
      return;
    case Query::OP_AND_NOT:  // what it excludes, this paper does not have
      descend(0, above.scale, above.weighted);
      return;
    case Query::OP_SCALE_WEIGHT: {
      const double factor = scale_factor(query);
      descend(0, above.scale * factor, above.weighted && factor > 0);
      return;
    }
    default:
      whole();
  }
}

// How a part is listed: its field, and its text in the query language
// without the field; of a wildcard's words, those the paper has.
NamedTerm name_part(const Query& query, const Xapian::Database& db, Xapian::docid docid) {
  switch (query.get_type()) {
    case Query::LEAF_TERM:
      return name_term(*query.get_terms_begin());
    case Query::OP_PHRASE:
    case Query::OP_NEAR:
      return phrase_of(query);
    case Query::OP_VALUE_RANGE:
    case Query::OP_VALUE_GE:
    case Query::OP_VALUE_LE: {
      const std::string text = value_range_text(query);
      const std::size_t colon = text.find(':');
      return {text.substr(0, colon), text.substr(colon + 1)};
    }
    case Query::OP_FILTER:
      // A fixed weight (a body match, a whole title): named by what earns it.
      if (query.get_subquery(0).get_type() == Query::LEAF_POSTING_SOURCE &&
          query.get_num_subqueries() == 2) {
        return name_part(query.get_subquery(1), db, docid);
      }
      [[fallthrough]];
    default: {
      NamedTerm named;
      for (auto it = query.get_unique_terms_begin(); it != query.get_unique_terms_end(); ++it) {
        Xapian::TermIterator has = db.termlist_begin(docid);
        has.skip_to(*it);
        if (has == db.termlist_end(docid) || *has != *it) continue;
        const NamedTerm word = name_term(*it);
        if (named.field.empty()) named.field = word.field;
        named.text += (named.text.empty() ? "" : " OR ") + word.text;
      }
      if (named.field.empty()) named = {"other", render(query, true)};
      return named;
    }
  }
}

// The paper's unique id term: an OP_FILTER on it restricts a query to the paper.
std::string id_term_of(const Xapian::Database& db, Xapian::docid docid) {
  Xapian::TermIterator it = db.termlist_begin(docid);
  it.skip_to(std::string(schema::kIdPrefix));
  if (it != db.termlist_end(docid) && (*it).starts_with(schema::kIdPrefix)) return *it;
  return {};
}

// The part's weight in the paper alone, or nullopt when the paper does not
// match it (an alternative of an OR it lacks). The part is weighed as the
// whole query weighs it: the weighting's statistics are the term's and the
// collection's, not the query's.
std::optional<double> part_weight(const Xapian::Database& db, const Part& part,
                                  const std::string& id_term) {
  Xapian::Enquire enquire(db);
  std::vector<Query> paper{Query(id_term)};
  paper.insert(paper.end(), part.within.begin(), part.within.end());
  const Query in_paper(Query::OP_FILTER, part.query,
                       Query(Query::OP_AND, paper.begin(), paper.end()));
  if (part.weighted) {
    enquire.set_weighting_scheme(ranking_weight());
    enquire.set_query(in_paper);
  } else {
    enquire.set_weighting_scheme(Xapian::BoolWeight());
    enquire.set_query(unweighted_match(in_paper));
  }
  const Xapian::MSet mset = enquire.get_mset(0, 1);
  if (mset.empty()) return std::nullopt;
  return part.weighted ? mset.begin().get_weight() * part.scale : 0.0;
}

}  // namespace

std::string query_text(const Query& query) { return render(query, true); }

std::vector<TermContribution> explain_match(const Xapian::Database& db, const Query& query,
                                            Xapian::docid docid) {
  std::vector<TermContribution> contributions;
  const std::string id_term = id_term_of(db, docid);
  if (id_term.empty()) return contributions;
  std::vector<Part> parts;
  collect_parts(query, Part{query, 1.0, true, {}}, parts);
  // A part the query has twice (a word in two clauses) is listed once, with
  // both shares, so that the list still adds up to the score.
  std::map<std::pair<std::string, std::string>, std::size_t> listed;
  for (const Part& part : parts) {
    const std::optional<double> weight = part_weight(db, part, id_term);
    if (!weight) continue;
    NamedTerm named = name_part(part.query, db, docid);
    const auto [found, added] = listed.try_emplace({named.field, named.text}, contributions.size());
    if (!added) {
      contributions[found->second].weight += *weight;
      continue;
    }
    contributions.push_back({std::move(named.field), std::move(named.text), *weight});
  }
  // What mattered most first; filters (weight 0) last.
  std::stable_sort(
      contributions.begin(), contributions.end(),
      [](const TermContribution& a, const TermContribution& b) { return a.weight > b.weight; });
  return contributions;
}

}  // namespace paperdex::detail
