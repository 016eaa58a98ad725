// Query string -> Xapian::Query in two steps: query_syntax.cc parses the
// string into a tree; the Translator below maps the tree onto the index's
// terms (schema.h) through the one Analyzer.
#include "query/query_translation.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <iterator>
#include <map>
#include <optional>
#include <span>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "paperdex/common/arxiv_id.h"
#include "paperdex/common/author_names.h"
#include "paperdex/common/citations.h"
#include "paperdex/common/edit_distance.h"
#include "paperdex/common/safe_text.h"
#include "paperdex/common/schema.h"
#include "paperdex/common/stopwords.h"
#include "paperdex/common/taxonomy.h"
#include "paperdex/common/utf8.h"
#include "paperdex/errors.h"
#include "query/author_reading.h"
#include "query/fixed_weight.h"
#include "query/paper_reference.h"
#include "query/query_lexer.h"
#include "query/query_syntax.h"

namespace paperdex::detail {
namespace {

using Query = Xapian::Query;

Query combine(Query::op op, std::vector<Query> queries) {
  if (queries.empty()) return Query();
  if (queries.size() == 1) return std::move(queries.front());
  return Query(op, queries.begin(), queries.end());
}

// The papers matching at least `needed` of `clauses` (1 <= needed <= their
// number), unweighted: the first clause and needed - 1 of the others, or
// `needed` of the others. Xapian 1.4 has no such operator, and this union
// of conjunctions grows as the combinations of clauses allowed to miss
// (kMostWordsUpTo bounds it).
Query at_least(std::span<const Query> clauses, std::size_t needed) {
  if (needed == clauses.size()) return Query(Query::OP_AND, clauses.begin(), clauses.end());
  if (needed == 1) return Query(Query::OP_OR, clauses.begin(), clauses.end());
  const std::span<const Query> rest = clauses.subspan(1);
  return Query(Query::OP_OR, Query(Query::OP_AND, clauses.front(), at_least(rest, needed - 1)),
               at_least(rest, needed));
}

// How translate_root() combines the top-level free-text clauses.
enum class Pool {
  kNone,       // as the query says (ParsedQuery::query)
  kAnyWord,    // OR-ed (ParsedQuery::any_word)
  kMostWords,  // most_words_needed() of them (ParsedQuery::most_words)
};

std::string_view trimmed(std::string_view text) {
  const auto is_space = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r'); };
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

// What a node of the tree matches, kept in the pieces the combination rules
// need: the weighted text part, the unweighted filter part (the fields
// schema::is_filter names: subject:, year:, date:, id:...), and exclusions not applied yet because
// nothing positive has been met to exclude them from ("a (-b -c)" excludes b and c from a).
struct Part {
  Query text;
  Query filter;
  // An unquoted word written as several ("IL-6/IL-10"): `text` is their
  // phrase (a hyphenated word's joined form), these are the words one by one,
  // and a hyphenated word's joined form where a part is missing
  // (ParsedQuery::any_word pools them).
  std::vector<Query> words;
  std::vector<Query> exclusions;
  std::size_t exclusion_position = 0;

  bool positive() const { return !text.empty() || !filter.empty(); }

  // The matching documents as one query, for places where the split no
  // longer matters (an exclusion, or an alternative of an OR).
  Query matched() const {
    if (text.empty()) return filter;
    if (filter.empty()) return text;
    return Query(Query::OP_FILTER, text, filter);
  }
};

// What identifies a repeat of a plain word in the pool: its text part (the
// first alternative text_query builds), not the author names' (the words
// unstemmed): "cell" and "cells" repeat one stem, though not one name.
std::string repeat_key(const Query& query) {
  if (query.get_type() == Query::OP_OR && query.get_num_subqueries() == 2 &&
      query.get_subquery(1).get_type() == Query::OP_SCALE_WEIGHT) {
    return query.get_subquery(0).get_description();
  }
  return query.get_description();
}

// The free-text clauses OR-ed by the any-word form (MatchRule). A word
// written as several counts one by one there ("resident tissue" shares both
// words of "tissue-resident"), and a clause already in the pool is not added
// again but weighs more (take()).
struct AnyWordPool {
  std::vector<Query> queries;
  // Where each query's description is in `queries`, to find repeats at once
  // (a search of a list was quadratic in a query of many wildcards).
  std::unordered_map<std::string, std::size_t> index_of;
  std::vector<int> repeats;

  void add(Query query) {
    const auto [found, added] = index_of.try_emplace(repeat_key(query), queries.size());
    if (!added) {
      ++repeats[found->second];
      return;
    }
    queries.push_back(std::move(query));
    repeats.push_back(1);
  }

  // The clauses, each weighted by the square root of how often the query has
  // it: a request that comes back to a word ("... associative memories.
  // ASSOCIATIVE PROCESSORS, ASSOCIATIVE STORES") is mostly about it, yet one
  // word written four times should not outweigh three others written once
  // (bench/README.md, "Relevance across collections": linear counts gained
  // on LISA but cost MED 2.6 %).
  std::vector<Query> take() {
    for (std::size_t i = 0; i < queries.size(); ++i) {
      if (repeats[i] == 1) continue;
      const double scale = std::sqrt(static_cast<double>(repeats[i]));
      queries[i] = Query(Query::OP_SCALE_WEIGHT, queries[i], scale);
    }
    return std::move(queries);
  }
};

[[noreturn]] void throw_only_exclusions(std::size_t position) {
  throw QuerySyntaxError(
      "nothing to search for: every term here is excluded; add a word or filter to search "
      "within, e.g. 'graph -tree'",
      position);
}

// A range value split at its "..": `first`..`last`, either may be empty;
// without "..", `first` alone. `first_offset` and `last_offset` are where
// they start in the value.
struct RangeParts {
  std::string_view first;
  std::string_view last;
  bool is_range = false;
  std::size_t first_offset = 0;
  std::size_t last_offset = 0;
};

// Lucene's and arXiv's form of a range, "[first TO last]" (as the arXiv API's
// submittedDate:[202301010000 TO 202302010000]); '*' is an open end. Throws
// for brackets holding anything else.
RangeParts split_bracket_range(const schema::Field& field, std::string_view value,
                               std::size_t position) {
  const std::size_t to = value.find(" TO ");
  if (!value.ends_with(']') || to == std::string_view::npos) {
    const bool year = field.kind == schema::FieldKind::kYear;
    throw QuerySyntaxError("malformed range " + quote_input(value) +
                               ": a range in brackets is [FROM TO TO], e.g. " +
                               std::string(field.name) + ":[" + (year ? "2020" : "202301010000") +
                               " TO " + (year ? "2024" : "202302010000") + "]",
                           position);
  }
  const auto bound = [](std::string_view text) {
    text = trimmed(text);
    return text == "*" ? std::string_view() : text;
  };
  RangeParts parts;
  parts.is_range = true;
  parts.first = bound(value.substr(1, to - 1));
  parts.last = bound(value.substr(to + 4, value.size() - 1 - (to + 4)));
  parts.first_offset = parts.first.empty() ? 1 : parts.first.data() - value.data();
  parts.last_offset = parts.last.empty() ? to + 4 : parts.last.data() - value.data();
  return parts;
}

RangeParts split_range(const schema::Field& field, std::string_view value, std::size_t position) {
  if (value.starts_with('[')) return split_bracket_range(field, value, position);
  RangeParts parts;
  const std::size_t dots = value.find("..");
  if (dots == std::string_view::npos) {
    parts.first = value;
    return parts;
  }
  parts.first = value.substr(0, dots);
  parts.last = value.substr(dots + 2);
  parts.is_range = true;
  parts.last_offset = dots + 2;
  return parts;
}

// Exactly four digits: arXiv starts in 1991, and "year:24" is more likely a
// slip than a wish for the year 24.
std::optional<int> parse_year(std::string_view text) {
  if (text.size() != 4) return std::nullopt;
  int year = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    year = year * 10 + (c - '0');
  }
  return year;
}

// "write year:2024, year:2020..2024, year:2020.. or year:..2010".
std::string range_usage(const schema::Field& field, std::string_view one, std::string_view from,
                        std::string_view to, std::string_view before) {
  const std::string name(field.name);
  return "write " + name + ":" + std::string(one) + ", " + name + ":" + std::string(from) + ".." +
         std::string(to) + ", " + name + ":" + std::string(from) + ".. or " + name + ":.." +
         std::string(before);
}

std::string year_usage(const schema::Field& field) {
  return range_usage(field, "2024", "2020", "2024", "2010");
}

// "year" or "date": what a bound of `field` is.
std::string_view bound_name(const schema::Field& field) {
  return field.kind == schema::FieldKind::kYear ? "year" : "date";
}

[[noreturn]] void throw_empty_range(const schema::Field& field, std::string_view value,
                                    const RangeParts& parts, std::size_t position) {
  throw QuerySyntaxError("the " + std::string(field.name) + " range " + std::string(value) +
                             " is empty: it starts after it ends; put the earlier " +
                             std::string(bound_name(field)) + " first",
                         position,
                         "did you mean " + std::string(field.name) + ":" + std::string(parts.last) +
                             ".." + std::string(parts.first) + "?");
}

[[noreturn]] void throw_no_bounds(const schema::Field& field, std::string_view usage,
                                  std::size_t position) {
  throw QuerySyntaxError("the " + std::string(field.name) + ": range '..' has no " +
                             std::string(bound_name(field)) + "s; " + std::string(usage),
                         position);
}

int year_or_throw(const schema::Field& field, std::string_view text, std::size_t position) {
  if (std::optional<int> year = parse_year(text)) return *year;
  throw QuerySyntaxError("malformed year " + quote_input(text) + "; " + year_usage(field),
                         position);
}

// year:2024 is the year's term; a range compares the year slot.
Query year_query(const schema::Field& field, std::string_view value, std::size_t position) {
  const RangeParts parts = split_range(field, value, position);
  if (!parts.is_range) {
    year_or_throw(field, value, position);
    return Query(schema::make_term(field.prefix, value));
  }
  if (parts.first.empty() && parts.last.empty()) {
    throw_no_bounds(field, year_usage(field), position);
  }
  const auto serialised = [](int year) { return Xapian::sortable_serialise(year); };
  if (parts.last.empty()) {
    return Query(Query::OP_VALUE_GE, field.slot,
                 serialised(year_or_throw(field, parts.first, position + parts.first_offset)));
  }
  const int to = year_or_throw(field, parts.last, position + parts.last_offset);
  if (parts.first.empty()) return Query(Query::OP_VALUE_LE, field.slot, serialised(to));
  const int from = year_or_throw(field, parts.first, position + parts.first_offset);
  if (from > to) throw_empty_range(field, value, parts, position);
  return Query(Query::OP_VALUE_RANGE, field.slot, serialised(from), serialised(to));
}

std::string date_usage(const schema::Field& field) {
  return "a date is YYYY, YYYY-MM or YYYY-MM-DD: " +
         range_usage(field, "2016-03", "2016-03-01", "2016-03-31", "2015") +
         "; arXiv's YYYYMMDD and YYYYMMDDHHMM (GMT) are days too, and so is its range " +
         std::string(field.name) + ":[202301010000 TO 202302010000]";
}

bool all_digits(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// arXiv's compact dates, YYYYMMDD and YYYYMMDDHHMM (its API's, in GMT), are
// the day they fall in: the slots hold days.
bool is_compact_date(std::string_view text) {
  return (text.size() == 8 || text.size() == 12) && all_digits(text);
}

// "2023-01-01" for a compact date; any other text as it is.
std::string expanded_date(std::string_view text) {
  if (!is_compact_date(text)) return std::string(text);
  return std::string(text.substr(0, 4)) + "-" + std::string(text.substr(4, 2)) + "-" +
         std::string(text.substr(6, 2));
}

// What is wrong with `text` as a date, or empty when it is one: "YYYY",
// "YYYY-MM" or "YYYY-MM-DD", with a month and a day the calendar has.
std::string date_problem(std::string_view text) {
  const auto digits = [&](std::size_t from, std::size_t count) {
    if (text.size() < from + count) return -1;
    int number = 0;
    for (std::size_t i = from; i < from + count; ++i) {
      if (text[i] < '0' || text[i] > '9') return -1;
      number = number * 10 + (text[i] - '0');
    }
    return number;
  };
  if (is_compact_date(text)) {
    if (text.size() == 12 && (digits(8, 2) > 23 || digits(10, 2) > 59)) {
      return "the time HHMM is 0000 to 2359";
    }
    return date_problem(expanded_date(text));
  }
  const bool shape = (text.size() == 4 || text.size() == 7 || text.size() == 10) &&
                     (text.size() < 7 || text[4] == '-') && (text.size() < 10 || text[7] == '-');
  const int year = digits(0, 4);
  if (!shape || year < 0) return "not YYYY, YYYY-MM or YYYY-MM-DD";
  if (text.size() == 4) return {};
  const int month = digits(5, 2);
  if (month < 1 || month > 12) return "the month is 01 to 12";
  if (text.size() == 7) return {};
  static constexpr int kDays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  const int days = (month == 2 && !leap) ? 28 : kDays[month - 1];
  const int day = digits(8, 2);
  if (day < 1 || day > days) return "that month has days 01 to " + std::to_string(days);
  return {};
}

// `text` as the slots write dates ("YYYY-MM-DD"; "YYYY" and "YYYY-MM" as
// they are), or a QuerySyntaxError.
std::string date_or_throw(const schema::Field& field, std::string_view text, std::size_t position) {
  const std::string problem = date_problem(text);
  if (problem.empty()) return expanded_date(text);
  throw QuerySyntaxError(
      "malformed date " + quote_input(text) + ": " + problem + "; " + date_usage(field), position);
}

// A note when a bound's time of day (YYYYMMDDHHMM) was dropped in a way
// that widens the range: its day is searched whole, from its start for a
// first bound, to its end for a last one (and for a date alone).
void note_dropped_time(const schema::Field& field, std::string_view value, const RangeParts& parts,
                       std::vector<std::string>& notes) {
  const auto widened = [](std::string_view bound, std::string_view whole_day) {
    return bound.size() == 12 && all_digits(bound) && bound.substr(8) != whole_day;
  };
  const bool dropped = parts.is_range ? widened(parts.first, "0000") || widened(parts.last, "2359")
                                      : widened(parts.first, "");
  if (!dropped) return;
  const std::string days = parts.is_range
                               ? expanded_date(parts.first) + ".." + expanded_date(parts.last)
                               : expanded_date(parts.first);
  std::string note = "dates are days: " + quote_input(value) + " was searched as " +
                     std::string(field.name) + ":" + days +
                     ", whole days, the times of day dropped";
  // The translator reads a query more than once (its any-word forms).
  if (std::find(notes.begin(), notes.end(), note) == notes.end()) notes.push_back(std::move(note));
}

// Date slots hold "YYYY-MM-DD" (or "YYYY" when only the year is known), so
// dates compare as strings: a day, month or year is the range from itself to
// itself followed by a byte above any a date has.
Query date_query(const schema::Field& field, std::string_view value, std::size_t position,
                 std::vector<std::string>& notes) {
  const RangeParts parts = split_range(field, value, position);
  note_dropped_time(field, value, parts, notes);
  const auto through = [](std::string date) { return date + '\xff'; };
  if (!parts.is_range) {
    const std::string date = date_or_throw(field, value, position);
    return Query(Query::OP_VALUE_RANGE, field.slot, date, through(date));
  }
  if (parts.first.empty() && parts.last.empty()) {
    throw_no_bounds(field, date_usage(field), position);
  }
  if (parts.last.empty()) {
    return Query(Query::OP_VALUE_GE, field.slot,
                 date_or_throw(field, parts.first, position + parts.first_offset));
  }
  const std::string to = through(date_or_throw(field, parts.last, position + parts.last_offset));
  if (parts.first.empty()) return Query(Query::OP_VALUE_LE, field.slot, to);
  const std::string from = date_or_throw(field, parts.first, position + parts.first_offset);
  if (from > to) throw_empty_range(field, value, parts, position);
  return Query(Query::OP_VALUE_RANGE, field.slot, from, to);
}

// The subject filter: a group, archive or category, widened by arXiv's
// aliases (taxonomy.h), in `field`'s terms (every category, or the primary
// one). The indexer writes each category and its archive as they are, so
// groups and aliases cost an OR of terms at query time instead of extra
// terms in every document, and a taxonomy update needs no re-index.
Query subject_query(const schema::Field& field, std::string_view value, std::size_t position) {
  const std::vector<std::string> values = taxonomy::subject_values(value);
  if (values.empty()) {
    const std::string nearest = nearest_subject(value);
    throw QuerySyntaxError(
        "unknown subject " + quote_input(value) +
            "; a subject is an arXiv category (cs.NI), archive (hep-th) or "
            "group (physics), as arXiv's taxonomy names them (arxiv.org/category_taxonomy)",
        position,
        nearest.empty() ? "" : "did you mean " + std::string(field.name) + ":" + nearest + "?");
  }
  std::vector<Query> terms;
  for (const std::string& subject : values) {
    terms.emplace_back(schema::make_term(field.prefix, subject));
  }
  return combine(Query::OP_OR, std::move(terms));
}

// An arXiv id in any form, any version. Old-style ids are often written with
// the paper's subject class ("math.FA/0101001"), which arXiv's id leaves out.
Query id_query(std::string_view value) {
  // Written with schema::kIdPrefix as the indexer's kId action writes it.
  const std::vector<std::string> forms = arxiv_id_forms(value);
  // Author-page papers have derived ids, which are taken as written.
  if (forms.empty()) return Query(schema::make_term(schema::kIdPrefix, value));
  Query exact(schema::make_term(schema::kIdPrefix, forms.front()));
  if (forms.size() == 1) return exact;
  return Query(Query::OP_OR, exact, Query(schema::make_term(schema::kIdPrefix, forms.back())));
}

// The OP_NEAR window that puts `words` words within `proximity` positions
// of each other: for two words, positions at most `proximity` apart (the
// convention of Xapian's own NEAR/n).
Xapian::termcount near_window(std::size_t words, std::size_t proximity) {
  return static_cast<Xapian::termcount>(words + proximity - 1);
}

bool is_wildcard(const QueryNode& node) {
  return !node.quoted && !node.literal && node.text.ends_with('*');
}

// Whether a wildcard written in `field` (nullptr: no field) extends the words
// of `searched`.
// A plain wildcard extends title and abstract words only: the author names
// a plain word also searches hold so many words that a short start ("zh*")
// would be too broad.
bool searches(const schema::Field* field, const schema::Field& searched) {
  if (field == nullptr) {
    return searched.default_search && searched.kind == schema::FieldKind::kText;
  }
  return &searched == field;
}

// The full text (Indexing::kBody): a plain word searches it only where the
// index shows it can match (Translator::may_match, attested), so that an
// index without bodies is searched, and ranks, exactly as before there were any.
bool is_body(const schema::Field& field) { return field.indexing == schema::Indexing::kBody; }

// A list without repeats, in the order first met. The set finds a repeat at
// once: a query of many wildcards adds tens of thousands of words, and a
// search of the list itself made that quadratic (65 % of such a query's time).
class UniqueList {
 public:
  // Whether `item` was new.
  bool add(const std::string& item) {
    if (!seen_.insert(item).second) return false;
    items_.push_back(item);
    return true;
  }
  std::vector<std::string> take() {
    seen_.clear();
    return std::move(items_);
  }

 private:
  std::vector<std::string> items_;
  std::unordered_set<std::string> seen_;
};

// Words alone, as a pasted title is: no operator, field, phrase, wildcard,
// "+" or "-".
bool is_plain_words(const QuerySyntax& syntax) {
  if (syntax.has_operators) return false;
  return std::all_of(syntax.root.children.begin(), syntax.root.children.end(),
                     [](const QueryNode& child) {
                       return child.kind == NodeKind::kTerm && child.field == nullptr &&
                              !child.quoted && !is_wildcard(child);
                     });
}

}  // namespace

// The wildcards of one query, each expanded against the index once and kept
// for every translation of the query (its all-words, any-word and content
// forms, and the lenient parser's re-reads): every form searches the same
// words, and the bound on the whole query's expansion
// (QueryParserOptions::max_wildcard_expansion) counts each wildcard once.
struct WildcardExpansions {
  enum class Outcome {
    kExpanded,
    kTooBroad,   // over max_wildcard_terms (lenient; strict throws)
    kOverBound,  // past max_wildcard_expansion for the whole query
    kOutOfTime,  // the time limit ran out before its turn
  };
  struct Expansion {
    Outcome outcome = Outcome::kExpanded;
    std::vector<std::string> words;  // the index's words it extends to, and itself
    std::vector<std::string> stems;  // what it matches in text fields
    std::map<const schema::Field*, std::vector<std::string>> name_terms;  // by name field
    std::size_t entries = 0;  // words and terms read from the index
  };

  bool lenient = false;
  std::map<std::pair<const schema::Field*, std::string>, Expansion> expanded;
  std::size_t entries = 0;         // read for the whole query, against the bound
  std::optional<Outcome> stopped;  // why no more wildcards are expanded
  // The wildcards searched as their words alone (as written, without '*').
  std::map<Outcome, std::vector<std::string>> alone;
};

namespace {

class Translator {
 public:
  Translator(const Analyzer& analyzer, const QueryParserOptions& options, MatchMode mode,
             const TermSource* terms, WildcardExpansions& wildcards)
      : analyzer_(analyzer), options_(options), mode_(mode), terms_(terms), wildcards_(wildcards) {}

  // The tree's root as the final query parts, its top-level free-text
  // clauses pooled as `pool` says; any_word_clauses() then says how many
  // there were, pooled_words() how many distinct words they pooled.
  Part translate_root(const QueryNode& root, Pool pool) {
    any_word_clauses_ = 0;
    pooled_words_ = 0;
    Part part = conjunction(root, false, pool);
    if (!part.exclusions.empty()) throw_only_exclusions(part.exclusion_position);
    return part;
  }

  // One field:value, as parse_filter() gets it.
  Part translate_term(const QueryNode& node) { return term(node, false); }

  std::size_t any_word_clauses() const { return any_word_clauses_; }
  std::size_t pooled_words() const { return pooled_words_; }

  // Highlight terms and words are collected from the first translation only.
  void stop_collecting_highlights() { collect_highlights_ = false; }
  // Free-text words of the stopword list match nothing (is_stopword).
  void drop_stopwords() { drop_stopwords_ = true; }
  std::vector<std::string> take_highlight_terms() { return highlight_terms_.take(); }
  std::vector<std::string> take_highlight_stems() { return highlight_stems_.take(); }
  std::vector<std::string> take_plain_stems() { return plain_stems_.take(); }
  std::vector<Xapian::Query> take_plain_names() { return std::move(plain_names_); }
  std::vector<QueryWord> take_words() { return std::move(words_); }
  // What a filter's value was read as, where it differs from what was
  // written (a date's time of day dropped), for ParsedQuery::notes.
  std::vector<std::string> take_notes() { return std::move(notes_); }

 private:
  Part translate(const QueryNode& node, bool excluded) {
    switch (node.kind) {
      case NodeKind::kTerm:
        return term(node, excluded);
      case NodeKind::kAnd:
        return conjunction(node, excluded, Pool::kNone);
      case NodeKind::kOr:
        return disjunction(node, excluded);
      case NodeKind::kRequire:
        // "+" only means something among the clauses of a conjunction.
        return translate(node.children.front(), excluded);
      case NodeKind::kNot:
        return exclusion(node, excluded);
      case NodeKind::kNear:
        return near(node, excluded);
    }
    return {};
  }

  Part conjunction(const QueryNode& node, bool excluded, Pool pool) {
    // In kAnyWord mode the space between clauses is OR ("any word"), but the
    // clauses marked "+" and the filters still must match.
    const bool any_word = node.implicit && mode_ == MatchMode::kAnyWord;
    std::vector<Query> required;
    std::vector<Query> optional;
    AnyWordPool pooled;  // the free-text clauses (or their words) to pool
    std::size_t pooled_clauses = 0;
    std::size_t pool_index = 0;
    std::vector<Query> filters;
    Part result;
    for (const QueryNode& child : node.children) {
      const bool marked_required = child.kind == NodeKind::kRequire;
      const QueryNode& inner = marked_required ? child.children.front() : child;
      Part part = translate(inner, excluded);
      if (!part.exclusions.empty()) {
        if (result.exclusions.empty()) result.exclusion_position = part.exclusion_position;
        std::move(part.exclusions.begin(), part.exclusions.end(),
                  std::back_inserter(result.exclusions));
      }
      if (!part.positive()) continue;
      if (part.text.empty()) {
        filters.push_back(std::move(part.filter));
      } else if (pool != Pool::kNone && !marked_required && part.filter.empty() &&
                 ((inner.kind == NodeKind::kTerm && inner.field == nullptr) ||
                  (inner.kind == NodeKind::kAnd && inner.implicit))) {
        // A plain word, or a bracketed group of them ("(Th2)" in a sentence):
        // either may be what is missing when too few papers match them all.
        if (pooled.queries.empty()) pool_index = required.size();
        if (part.words.empty()) {
          pooled.add(std::move(part.text));
        } else {
          for (Query& word : part.words) pooled.add(std::move(word));
        }
        ++pooled_clauses;
      } else if (any_word && !marked_required) {
        // Kept whole: lifting its filter out would impose it on the other
        // alternatives too.
        optional.push_back(part.matched());
      } else {
        // All clauses must match, so a clause's filter can join the others
        // as a filter ("(a subject:cs) b" = (a AND b) FILTER subject).
        required.push_back(std::move(part.text));
        if (!part.filter.empty()) filters.push_back(std::move(part.filter));
      }
    }
    if (!pooled.queries.empty()) {
      any_word_clauses_ = pooled_clauses;
      pooled_words_ = pooled.queries.size();
      const std::vector<Query> words = pooled.take();
      required.insert(required.begin() + static_cast<std::ptrdiff_t>(pool_index),
                      pool == Pool::kMostWords ? at_least(words, most_words_needed(words.size()))
                                               : combine(Query::OP_OR, words));
    }

    Query must = combine(Query::OP_AND, std::move(required));
    Query may = combine(Query::OP_OR, std::move(optional));
    if (must.empty()) {
      result.text = std::move(may);
    } else if (may.empty()) {
      result.text = std::move(must);
    } else {
      result.text = Query(Query::OP_AND_MAYBE, must, may);
    }
    result.filter = combine(Query::OP_AND, std::move(filters));

    if (!result.exclusions.empty() && result.positive()) {
      Query unwanted = combine(Query::OP_OR, std::move(result.exclusions));
      result.exclusions.clear();
      // On the text part when there is one, so that a filter-only query
      // stays a pure filter.
      Query& target = result.text.empty() ? result.filter : result.text;
      target = Query(Query::OP_AND_NOT, target, unwanted);
    }
    return result;
  }

  Part disjunction(const QueryNode& node, bool excluded) {
    std::vector<Part> parts;
    for (const QueryNode& child : node.children) {
      Part part = translate(child, excluded);
      if (!part.exclusions.empty()) {
        throw QuerySyntaxError(
            "an exclusion cannot be one side of OR; move it out of the OR, e.g. '(a OR b) -c'",
            part.exclusion_position);
      }
      if (part.positive()) parts.push_back(std::move(part));
    }
    Part result;
    const bool only_filters =
        std::all_of(parts.begin(), parts.end(), [](const Part& part) { return part.text.empty(); });
    std::vector<Query> alternatives;
    for (const Part& part : parts) {
      if (only_filters) {
        alternatives.push_back(part.filter);
      } else if (part.text.empty()) {
        // A filter next to text alternatives ("graph OR subject:cs.DM")
        // matches without adding to the score.
        alternatives.emplace_back(Query::OP_SCALE_WEIGHT, part.filter, 0.0);
      } else {
        alternatives.push_back(part.matched());
      }
    }
    (only_filters ? result.filter : result.text) = combine(Query::OP_OR, std::move(alternatives));
    return result;
  }

  Part exclusion(const QueryNode& node, bool /*excluded*/) {
    Part excluded = translate(node.children.front(), true);
    if (!excluded.exclusions.empty()) throw_only_exclusions(excluded.exclusion_position);
    Part result;
    // "-!!" excludes nothing and leaves the rest of the query as it is.
    if (!excluded.positive()) return result;
    result.exclusions.push_back(excluded.matched());
    result.exclusion_position = node.position;
    return result;
  }

  Part term(const QueryNode& node, bool excluded) {
    const schema::Field* field = node.field;
    Part result;
    if (field != nullptr && schema::is_filter(field->kind)) {
      const std::string_view value = trimmed(node.text);
      if (value.empty()) throw_empty_value(*field, node.position);
      const std::size_t value_position =
          node.text_position + static_cast<std::size_t>(value.data() - node.text.data());
      if (is_wildcard(node)) throw_filter_wildcard(*field, value, value_position);
      result.filter = filter_query(*field, value, value_position, notes_);
      return result;
    }
    if (is_wildcard(node)) return wildcard(node, excluded);

    const std::string prepared = analyzer_.prepare(node.text);
    const std::vector<Token> tokens = analyzer_.tokenize(prepared);
    if (tokens.empty()) return result;  // punctuation only: nothing to match
    analyzed_ = prepared;
    if (drop_stopwords_ && field == nullptr && !node.quoted && tokens.size() == 1 &&
        is_stopword(tokens.front().term)) {
      return result;
    }
    const Xapian::termcount window =
        node.proximity == 0 ? 0 : near_window(tokens.size(), node.proximity);
    result.text = text_query(field, tokens, window);
    std::vector<HyphenCompound> compounds;
    if (!node.quoted && tokens.size() > 1) {
      if (field == nullptr || field->kind == schema::FieldKind::kText) {
        compounds = analyzer_.hyphen_compounds(prepared, tokens);
      }
      // A hyphenated word is its joined form, which the indexer posts for
      // "knock-down" and "knockdown" alike. (Not the phrase OR the joined
      // form: Xapian checks a phrase under an OR on its own, not after the
      // query's other words, which made such queries several times slower.)
      // In the any-word form its parts count one by one where the paper
      // writes them, the joined word where it writes only that.
      if (compounds.size() == 1 && compounds.front().first == 0 &&
          compounds.front().last + 1 == tokens.size()) {
        result.text = compound_query(field, compounds.front());
      }
      std::size_t next = 0;
      for (const HyphenCompound& compound : compounds) {
        for (; next < compound.first; ++next) {
          result.words.push_back(text_query(field, {tokens[next]}, 0));
        }
        // The parts are words of the pool like any other, so a part two
        // compounds share ("IL-6/IL-10") counts once. The joined word counts
        // only in papers without every part, where the parts have not counted
        // already. (OP_MAX would say this directly, but in Xapian 1.4.22 an OR
        // of an OP_MAX over an OR and two more terms can crash the matcher.)
        std::vector<Query> parts;
        for (; next <= compound.last; ++next) {
          parts.push_back(text_query(field, {tokens[next]}, 0));
          result.words.push_back(parts.back());
        }
        result.words.emplace_back(Query::OP_AND_NOT, compound_query(field, compound),
                                  Query(Query::OP_AND, parts.begin(), parts.end()));
      }
      for (; next < tokens.size(); ++next) {
        result.words.push_back(text_query(field, {tokens[next]}, 0));
      }
    }
    collect(node, prepared, tokens, excluded);
    collect_compounds(compounds, excluded);
    return result;
  }

  // The filter a filter field's value stands for (schema::FieldKind).
  Query filter_query(const schema::Field& field, std::string_view value, std::size_t position,
                     std::vector<std::string>& notes) const {
    switch (field.kind) {
      case schema::FieldKind::kSubject:
        return subject_query(field, value, position);
      case schema::FieldKind::kId:
        return id_query(value);
      case schema::FieldKind::kKeyword:
        return Query(schema::make_term(field.prefix, field.normalize(value)));
      case schema::FieldKind::kYear:
        return year_query(field, value, position);
      case schema::FieldKind::kDate:
        return date_query(field, value, position, notes);
      case schema::FieldKind::kCites:
        return cites_query(field, value, position);
      case schema::FieldKind::kCitedBy:
        return cited_by_query(field, value, position, notes);
      case schema::FieldKind::kText:
      case schema::FieldKind::kUnstemmedWords:
        break;
    }
    return Query();
  }

  // cites:X, the papers whose references cite X (citations.h): those whose
  // references name its arXiv id or DOI and, when this index has X, those
  // whose references hold its DOI or its whole title.
  Query cites_query(const schema::Field& field, std::string_view value,
                    std::size_t position) const {
    const std::optional<PaperReference> cited = paper_reference(value);
    const std::optional<std::string> derived = derived_id_term(value);
    if (!cited && !derived) throw_not_a_paper(field, value, position, "an arXiv id or a DOI");
    const std::string own =
        cited ? schema::make_term(cited->field->prefix, cited->value) : *derived;
    std::vector<std::string> citing{citations::citing_term_for(own)};
    if (terms_ != nullptr) {
      static constexpr std::string_view kOwn[] = {schema::kIdPrefix, schema::kDoiPrefix,
                                                  schema::kTitleKeyPrefix};
      for (const std::string& term : terms_->paper_terms(own, kOwn)) {
        // A title two papers share says which of them no reference means.
        if (term == own || (schema::prefix_of(term) == schema::kTitleKeyPrefix &&
                            terms_->termfreq(term).value_or(1) > 1)) {
          continue;
        }
        citing.push_back(citations::citing_term_for(term));
      }
    }
    std::sort(citing.begin(), citing.end());
    citing.erase(std::unique(citing.begin(), citing.end()), citing.end());
    return Query(Query::OP_OR, citing.begin(), citing.end());
  }

  // cited_by:X, the papers of this index that X's references cite: the
  // papers whose own id, DOI or title key answers one of X's citing terms.
  Query cited_by_query(const schema::Field& field, std::string_view value, std::size_t position,
                       std::vector<std::string>& notes) const {
    std::optional<std::string> id = canonical_arxiv_id(value);
    if (!id && derived_id_term(value)) id = std::string(value);
    if (!id) throw_not_a_paper(field, value, position, "an arXiv id");
    const std::string own = schema::make_term(schema::kIdPrefix, *id);
    static constexpr std::string_view kCiting[] = {schema::kCitedIdPrefix, schema::kCitedDoiPrefix,
                                                   schema::kCitedTitlePrefix};
    std::vector<std::string> cited;
    if (terms_ != nullptr) {
      for (const std::string& term : terms_->paper_terms(own, kCiting)) {
        std::string paper = citations::cited_paper_term(term);
        // A title two papers share names neither (as the resolved references).
        const bool shared_title = schema::prefix_of(paper) == schema::kTitleKeyPrefix &&
                                  terms_->termfreq(paper).value_or(1) > 1;
        if (paper != own && !shared_title && terms_->has_term(paper)) {
          cited.push_back(std::move(paper));
        }
      }
    }
    if (cited.empty()) {
      notes.push_back(terms_ != nullptr && !terms_->has_term(own)
                          ? "cited_by:" + *id + ": no paper " + *id + " in this index"
                          : "cited_by:" + *id +
                                ": none of its references is a paper of this index");
      // Not Query::MatchNothing, which is the empty query: a filter of it
      // would narrow nothing. The id prefix alone is a term no paper has.
      return Query(std::string(schema::kIdPrefix));
    }
    std::sort(cited.begin(), cited.end());
    cited.erase(std::unique(cited.begin(), cited.end()), cited.end());
    return Query(Query::OP_OR, cited.begin(), cited.end());
  }

  // The id term of a paper of this index with a derived id (a PDF that
  // named no arXiv id), as written; nullopt for any other value.
  std::optional<std::string> derived_id_term(std::string_view value) const {
    if (terms_ == nullptr || value.empty() || value.find(' ') != std::string_view::npos) {
      return std::nullopt;
    }
    std::string term = schema::make_term(schema::kIdPrefix, value);
    const std::optional<Xapian::doccount> papers = terms_->termfreq(term);
    if (!papers || *papers == 0) return std::nullopt;
    return term;
  }

  [[noreturn]] static void throw_not_a_paper(const schema::Field& field, std::string_view value,
                                             std::size_t position, std::string_view takes) {
    throw QuerySyntaxError(std::string(field.name) + ": takes " + std::string(takes) + ", e.g. " +
                               std::string(field.name) + ":" + std::string(field.example) + "; '" +
                               std::string(value) + "' is not one",
                           position);
  }

  // The joined form of a hyphenated word, as the indexer posts it.
  Query compound_query(const schema::Field* field, const HyphenCompound& compound) const {
    Token joined;
    joined.term = compound.term;
    joined.stem = compound.stem;
    return text_query(field, {joined}, 0);
  }

  // a NEAR/n b: the words of every operand within n positions, in one field.
  Part near(const QueryNode& node, bool excluded) {
    const schema::Field* field = node.children.front().field;
    if (field != nullptr && schema::is_filter(field->kind)) {
      throw QuerySyntaxError(
          "NEAR joins words of text fields; " + std::string(field->name) + ": is a filter",
          node.position);
    }
    std::vector<Token> tokens;
    for (const QueryNode& child : node.children) {
      if (child.field != field) {
        throw QuerySyntaxError(
            "NEAR joins words of one field; put the field before a group, e.g. "
            "title:(optical NEAR/3 switch)",
            child.position);
      }
      if (is_wildcard(child)) {
        throw QuerySyntaxError("a wildcard cannot be part of NEAR; write the whole word",
                               child.text_position);
      }
      const std::string prepared = analyzer_.prepare(child.text);
      const std::vector<Token> child_tokens = analyzer_.tokenize(prepared);
      analyzed_.clear();  // the tokens of several texts: author words as folded only
      tokens.insert(tokens.end(), child_tokens.begin(), child_tokens.end());
      collect(child, prepared, child_tokens, excluded);
    }
    if (tokens.size() < 2) {
      throw QuerySyntaxError("NEAR needs a word on each side, e.g. 'optical NEAR/3 switch'",
                             node.position);
    }
    Part result;
    result.text = text_query(field, tokens, near_window(tokens.size(), node.proximity));
    return result;
  }

  // optim*: the words of the field(s) starting with "optim". Where it cannot
  // be expanded (WildcardExpansions::Outcome), its word alone: "optim".
  Part wildcard(const QueryNode& node, bool excluded) {
    std::string_view written = node.text;
    while (written.ends_with('*')) written.remove_suffix(1);
    const std::string word = wildcard_word(node, written);
    std::vector<Query> alternatives;
    if (terms_ == nullptr) {
      // No index to expand against (tests, tools): Xapian expands at match
      // time, failing with WildcardError beyond the limit.
      for (const schema::Field& searched : schema::kFields) {
        if (!searches(node.field, searched)) continue;
        if (node.field == nullptr && is_body(searched)) continue;  // nothing to ask
        alternatives.emplace_back(Query::OP_WILDCARD, schema::make_term(searched.prefix, word),
                                  options_.max_wildcard_terms, Query::WILDCARD_LIMIT_ERROR);
      }
      Part result;
      result.text = combine(Query::OP_OR, std::move(alternatives));
      return result;
    }
    const WildcardExpansions::Expansion& expansion = expand(node, word, written);
    if (expansion.outcome != WildcardExpansions::Outcome::kExpanded) {
      // Highlighted, never spelling-corrected: it is the start of a word.
      QueryNode alone = node;
      alone.text = std::string(written);
      collect_words_ = false;
      Part result = term(alone, excluded);
      collect_words_ = true;
      return result;
    }
    if (!excluded && collect_highlights_) {
      for (const std::string& expanded : expansion.words) highlight_terms_.add(expanded);
      for (const std::string& stem : expansion.stems) highlight_stems_.add(stem);
    }
    for (const schema::Field& searched : schema::kFields) {
      if (searches(node.field, searched)) {
        Query alternative = field_wildcard(searched, word, expansion);
        if (node.field == nullptr && is_body(searched) && !may_match(alternative, true)) continue;
        alternatives.push_back(std::move(alternative));
      }
    }
    Part result;
    result.text = combine(Query::OP_OR, std::move(alternatives));
    return result;
  }

  // The one folded word a wildcard extends; throws for none or several.
  std::string wildcard_word(const QueryNode& node, std::string_view written) const {
    const std::vector<Token> tokens = analyzer_.tokenize(analyzer_.prepare(written));
    if (tokens.empty()) {
      throw QuerySyntaxError("a wildcard needs the start of a word before the '*', e.g. optim*",
                             node.text_position);
    }
    if (tokens.size() > 1) {
      throw QuerySyntaxError(
          "a wildcard extends one word, and " + quote_input(written) + " is several",
          node.text_position,
          "put the wildcard on the last word alone, e.g. '" + tokens.front().term + " " +
              tokens.back().term + "*'");
    }
    return tokens.front().term;
  }

  // The wildcard's expansion, looked up once per query (WildcardExpansions):
  // none once the query's wildcards have read max_wildcard_expansion words
  // and terms, or the time limit has run out.
  const WildcardExpansions::Expansion& expand(const QueryNode& node, const std::string& word,
                                              std::string_view written) {
    using Outcome = WildcardExpansions::Outcome;
    const auto key = std::make_pair(node.field, word);
    if (const auto found = wildcards_.expanded.find(key); found != wildcards_.expanded.end()) {
      return found->second;
    }
    if (!wildcards_.stopped && terms_->out_of_time()) wildcards_.stopped = Outcome::kOutOfTime;
    WildcardExpansions::Expansion expansion;
    if (wildcards_.stopped) {
      expansion.outcome = *wildcards_.stopped;
    } else {
      expansion = look_up(node, word, written);
      if (wildcards_.entries + expansion.entries > options_.max_wildcard_expansion) {
        // This one and every later one: the bound is on the query's cost.
        wildcards_.stopped = Outcome::kOverBound;
        expansion = {};
        expansion.outcome = Outcome::kOverBound;
      } else {
        wildcards_.entries += expansion.entries;
      }
    }
    if (expansion.outcome != Outcome::kExpanded) {
      wildcards_.alone[expansion.outcome].emplace_back(written);
    }
    return wildcards_.expanded.emplace(key, std::move(expansion)).first->second;
  }

  // Text fields hold stems, and a stem is often shorter than what was typed
  // ("optimiz*": every form's stem is "optim"), so their wildcards expand
  // through the index's words (the spelling table) to those words' stems,
  // and to the stems that start with the word themselves: a hyphenated
  // word's joined form is a stem of the text field, not a word of the
  // table ("knockd*" finds "knockdown" in papers writing "knock-down").
  // Name fields expand to their terms that start with the word.
  WildcardExpansions::Expansion look_up(const QueryNode& node, const std::string& word,
                                        std::string_view written) const {
    WildcardExpansions::Expansion expansion;
    const std::size_t limit = options_.max_wildcard_terms;
    if (node.field == nullptr || node.field->kind == schema::FieldKind::kText) {
      expansion.words = terms_->words_starting(word, limit + 1);
      if (expansion.words.size() > limit) return too_broad(node, written);
      const std::vector<std::string> text_terms =
          terms_->terms_starting(schema::make_term(schema::kTextPrefix, word), limit + 1);
      if (text_terms.size() > limit) return too_broad(node, written);
      // body: expands through the bodies' own stems too (the spelling table
      // holds titles' and abstracts' words); a plain wildcard does not, lest
      // the bodies' far larger vocabulary make it too broad.
      std::vector<std::string> body_terms;
      if (node.field != nullptr && is_body(*node.field)) {
        body_terms = terms_->terms_starting(schema::make_term(node.field->prefix, word), limit + 1);
        if (body_terms.size() > limit) return too_broad(node, written);
      }
      expansion.entries = expansion.words.size() + text_terms.size() + body_terms.size();
      // The word itself, too short or too rare to be in the table ("ai*").
      expansion.words.push_back(word);
      UniqueList stems;
      for (const std::string& expanded : expansion.words) stems.add(analyzer_.stem(expanded));
      for (const std::string& term : text_terms) stems.add(term.substr(schema::kTextPrefix.size()));
      for (const std::string& term : body_terms) stems.add(term.substr(schema::kBodyPrefix.size()));
      expansion.stems = stems.take();
    }
    for (const schema::Field& searched : schema::kFields) {
      if (!searches(node.field, searched) || searched.kind == schema::FieldKind::kText) continue;
      std::vector<std::string> terms =
          terms_->terms_starting(schema::make_term(searched.prefix, word), limit + 1);
      if (terms.size() > limit) return too_broad(node, written);
      expansion.entries += terms.size();
      expansion.name_terms[&searched] = std::move(terms);
    }
    return expansion;
  }

  // A wildcard over max_wildcard_terms: an error, or (lenient) its word alone.
  WildcardExpansions::Expansion too_broad(const QueryNode& node, std::string_view written) const {
    if (!wildcards_.lenient) throw_too_broad(node, written);
    WildcardExpansions::Expansion expansion;
    expansion.outcome = WildcardExpansions::Outcome::kTooBroad;
    return expansion;
  }

  // The wildcard in one field: its expanded stems (text fields) or the
  // field's terms starting with the word (name fields).
  static Query field_wildcard(const schema::Field& searched, const std::string& word,
                              const WildcardExpansions::Expansion& expansion) {
    std::vector<Query> terms;
    if (searched.kind == schema::FieldKind::kText) {
      for (const std::string& stem : expansion.stems) {
        terms.emplace_back(schema::make_term(searched.prefix, stem));
      }
      return combine(Query::OP_SYNONYM, std::move(terms));
    }
    const auto found = expansion.name_terms.find(&searched);
    // No term: the pattern itself, which matches nothing yet keeps the
    // query a query ("author:zx*" finds no papers, it is not empty).
    if (found == expansion.name_terms.end() || found->second.empty()) {
      return Query(schema::make_term(searched.prefix, word));
    }
    return Query(Query::OP_SYNONYM, found->second.begin(), found->second.end());
  }

  // subject:cs.* and the like: a filter takes whole values. A subject's
  // archive alone is the prefix form the user wanted ("cs": every cs.XX).
  [[noreturn]] static void throw_filter_wildcard(const schema::Field& field, std::string_view value,
                                                 std::size_t position) {
    std::string hint;
    if (field.kind == schema::FieldKind::kSubject) {
      std::string_view archive = value;
      while (!archive.empty() && (archive.back() == '*' || archive.back() == '.')) {
        archive.remove_suffix(1);
      }
      if (!archive.empty()) {
        hint = "for every category of an archive, write the archive alone: " +
               std::string(field.name) + ":" + std::string(archive);
      }
    }
    throw QuerySyntaxError("wildcards extend words of " + word_field_list() + "; " +
                               std::string(field.name) + ": takes whole values",
                           position, hint);
  }

  // The fields that hold words, as the field table lists them: "text:,
  // title:, ... or report:".
  static std::string word_field_list() {
    std::vector<std::string> names;
    for (const schema::Field& field : schema::kFields) {
      if (!schema::is_filter(field.kind)) names.push_back(std::string(field.name) + ":");
    }
    std::string list;
    for (std::size_t i = 0; i < names.size(); ++i) {
      list += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
    }
    return list;
  }

  [[noreturn]] void throw_too_broad(const QueryNode& node, std::string_view written) const {
    throw QuerySyntaxError("the wildcard " + quote_input(std::string(written) + "*") +
                               " is too broad: it matches " + "more than " +
                               std::to_string(options_.max_wildcard_terms) + " words",
                           node.text_position, "add letters before the '*'");
  }

  // The words in one field, or in the default field (the text).
  Query text_query(const schema::Field* field, const std::vector<Token>& tokens,
                   Xapian::termcount window) const {
    if (field != nullptr) {
      Query query = field_text(*field, tokens, window);
      return is_body(*field) ? body_weighted(std::move(query)) : query;
    }
    std::vector<const schema::Field*> fields;
    std::vector<Query> alternatives;
    for (const schema::Field& searched : schema::kFields) {
      if (!searched.default_search) continue;
      if (searched.indexing == schema::Indexing::kAuthors && !options_.plain_words_search_authors)
        continue;
      Query query = field_text(searched, tokens, window);
      if (searched.indexing == schema::Indexing::kAuthors && !may_match(query)) continue;
      if (is_body(searched)) {
        if (!may_match(query, /*attested=*/true)) continue;
        query = body_weighted(std::move(query));
      }
      fields.push_back(&searched);
      alternatives.push_back(std::move(query));
    }
    const std::vector<double> shares = tokens.size() == 1 && window == 0
                                           ? field_shares(fields, alternatives)
                                           : std::vector<double>{};
    for (std::size_t i = 0; i < alternatives.size(); ++i) {
      const double weight =
          fields[i]->default_weight +
          (shares.empty() ? 0.0 : fields[i]->default_weight_per_share * shares[i]);
      if (weight != 1.0) alternatives[i] = Query(Query::OP_SCALE_WEIGHT, alternatives[i], weight);
    }
    return combine(Query::OP_OR, std::move(alternatives));
  }

  // Words in a body (Indexing::kBody), whose function words are not indexed
  // (DocumentBuilder::index_body): a phrase is its other words at their
  // positions, in order within the span they cover ("the choice of volume":
  // choic, then volum within 3). One of function words alone matches no body.
  Query body_words(const schema::Field& field, const std::vector<Token>& tokens,
                   Xapian::termcount window) const {
    std::vector<Query> words;
    std::size_t first = 0;
    std::size_t last = 0;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
      if (is_stopword(tokens[i].term)) continue;
      if (words.empty()) first = i;
      last = i;
      words.emplace_back(field_term(field, tokens[i]));
    }
    if (words.empty()) return Query(Query::MatchNothing);
    if (words.size() == 1) return words.front();
    if (window != 0) return Query(Query::OP_NEAR, words.begin(), words.end(), window);
    return Query(Query::OP_PHRASE, words.begin(), words.end(),
                 static_cast<Xapian::termcount>(last - first + 1));
  }

  // A body match, weighed: body postings carry no wdf (schema.h
  // kBodyWordsInPlainQuery says why), so a match weighs nothing by the
  // ranking weight; here it weighs the sum of its terms' idf,
  // log2(1 + N / df) with N the papers that have a body, a fixed weight per
  // matching paper (the binary independence model's), which Xapian and
  // remote servers know. Unweighed when the source cannot tell how many
  // papers have a body or a term's frequency.
  Query body_weighted(Query match) const {
    if (terms_ == nullptr) return match;
    const std::optional<Xapian::doccount> documents = terms_->papers_with_body();
    if (!documents || *documents == 0) return match;
    double weight = 0;
    for (auto term = match.get_unique_terms_begin(); term != match.get_unique_terms_end(); ++term) {
      const std::optional<Xapian::doccount> freq = terms_->termfreq(*term);
      if (!freq || *freq == 0) return match;
      weight += idf_weight(*documents, *freq);
    }
    if (weight <= 0) return match;
    return fixed_weight(weight, std::move(match));
  }

  // Beside each of a plain word's `alternatives` (one per field of
  // `fields`): the share of the papers with the word in any of them that
  // have it in that one (Field::default_weight_per_share), a field's papers
  // counted as those of its most frequent term. Empty when no field weighs
  // by its share, or the term source cannot tell.
  std::vector<double> field_shares(const std::vector<const schema::Field*>& fields,
                                   const std::vector<Query>& alternatives) const {
    if (terms_ == nullptr || std::none_of(fields.begin(), fields.end(), [](const auto* field) {
          return field->default_weight_per_share != 0;
        })) {
      return {};
    }
    std::vector<double> shares;
    double total = 0;
    bool known = true;  // every term asked, for a source that learns what it is asked
    for (std::size_t i = 0; i < alternatives.size(); ++i) {
      const Query& alternative = alternatives[i];
      // Shares are of the papers with the word in their metadata: nearly
      // every body has a common word, and the names' weight was measured
      // without bodies.
      if (is_body(*fields[i])) {
        shares.push_back(0);
        continue;
      }
      Xapian::doccount papers = 0;
      for (auto term = alternative.get_unique_terms_begin();
           term != alternative.get_unique_terms_end(); ++term) {
        const std::optional<Xapian::doccount> freq = terms_->termfreq(*term);
        known = known && freq.has_value();
        papers = std::max(papers, freq.value_or(0));
      }
      shares.push_back(papers);
      total += papers;
    }
    if (!known || total == 0) return {};
    for (double& share : shares) share /= total;
    return shares;
  }

  // What the highlighter marks and the speller may correct: the words of
  // title/abstract searches that are not excluded. Text fields match on
  // stems, phrases included, so the highlighter marks every word sharing a
  // stem with the query's.
  void collect(const QueryNode& node, const std::string& prepared, const std::vector<Token>& tokens,
               bool excluded) {
    if (excluded || !collect_highlights_ ||
        (node.field != nullptr && node.field->kind != schema::FieldKind::kText)) {
      return;
    }
    // Token offsets index the prepared text; they are the query's own only
    // when preparing changed nothing (no TeX, no runs of spaces).
    const bool offsets_map = prepared == node.text;
    for (const Token& token : tokens) {
      highlight_terms_.add(token.term);
      highlight_stems_.add(token.stem);
      // Function words say nothing of which title is meant, and their
      // title postings are long.
      if (node.field == nullptr && collect_words_ && !is_stopword(token.term) &&
          plain_stems_.add(token.stem)) {
        plain_names_.push_back(plain_name(token));
      }
      if (offsets_map && collect_words_) {
        words_.push_back(
            {token.term, node.text_position + token.begin, node.text_position + token.end});
      }
    }
  }

  // The joined forms of hyphenated words, so the highlighter marks a paper's
  // "knockdown" for a query's "knock-down". (Only text fields have any.)
  void collect_compounds(const std::vector<HyphenCompound>& compounds, bool excluded) {
    if (excluded || !collect_highlights_) return;
    for (const HyphenCompound& compound : compounds) {
      highlight_terms_.add(compound.term);
      highlight_stems_.add(compound.stem);
    }
  }

  // The indexed term of one word in `field`: its stem in text fields, the
  // folded word in name fields (see schema::FieldKind).
  static std::string field_term(const schema::Field& field, const Token& token) {
    return schema::make_term(field.prefix,
                             field.kind == schema::FieldKind::kText ? token.stem : token.term);
  }

  // The words of one text or name field: one term, or a phrase of several;
  // with a window, an OP_NEAR of them within it.
  Query field_text(const schema::Field& field, const std::vector<Token>& tokens,
                   Xapian::termcount window = 0) const {
    if (field.indexing == schema::Indexing::kAuthors) return author_words(field, tokens, window);
    if (field.indexing == schema::Indexing::kBody) return body_words(field, tokens, window);
    Query query;
    if (tokens.size() == 1) {
      query = Query(field_term(field, tokens.front()));
    } else {
      std::vector<Query> words;
      words.reserve(tokens.size());
      for (const Token& token : tokens) words.emplace_back(field_term(field, token));
      query = window == 0 ? Query(Query::OP_PHRASE, words.begin(), words.end())
                          : Query(Query::OP_NEAR, words.begin(), words.end(), window);
    }
    return query;
  }

  // The author names' terms a plain word searches (ParsedQuery::plain_names).
  Query plain_name(const Token& token) const {
    if (!options_.plain_words_search_authors) return Query();
    for (const schema::Field& field : schema::kFields) {
      if (field.default_search && field.indexing == schema::Indexing::kAuthors) {
        Query names = author_words(field, {token}, 0);
        return may_match(names) ? names : Query();
      }
    }
    return Query();
  }

  // False when some paper would need a term no paper has (TermSource::has_term)
  // to match `query`, made of author_words()' operators. Most words are no
  // one's name: a plain word's name alternative that cannot match is left
  // out, lest every pass of the search open its posting lists.
  // With `attested`, a term matches only when the source knows some paper
  // has it (TermSource::termfreq): what a plain word's body alternative
  // needs, so that an index without bodies, or a source that cannot tell
  // (yet: remote shards learn the frequencies asked and parse again), gets
  // the query it got before bodies were indexed.
  bool may_match(const Query& query, bool attested = false) const {
    if (terms_ == nullptr) return !attested;
    const std::size_t parts = query.get_num_subqueries();
    switch (query.get_type()) {
      case Query::LEAF_TERM: {
        const std::string term = *query.get_terms_begin();
        if (!attested) return terms_->has_term(term);
        const std::optional<Xapian::doccount> freq = terms_->termfreq(term);
        return freq && *freq > 0;
      }
      case Query::OP_OR:
      case Query::OP_SYNONYM:
        for (std::size_t i = 0; i < parts; ++i) {
          if (may_match(query.get_subquery(i), attested)) return true;
        }
        return false;
      case Query::OP_PHRASE:
      case Query::OP_NEAR:
        for (std::size_t i = 0; i < parts; ++i) {
          if (!may_match(query.get_subquery(i), attested)) return false;
        }
        return true;
      case Query::LEAF_MATCH_NOTHING:  // a body phrase of function words
        return false;
      default:
        return true;
    }
  }

  // The readings of a name word written without umlauts (`term`:
  // "schoelkopf") that the index has a name written with them for
  // (umlaut_readings: "scholkopf"): "Schoelkopf" finds what "Schölkopf" finds,
  // "Scholkopf" among it. None when the term source cannot tell (yet).
  std::vector<std::string> attested_readings(std::string_view term) const {
    std::vector<std::string> attested;
    if (terms_ == nullptr) return attested;
    for (auto& [reading, key] : umlaut_readings(term)) {
      const std::optional<Xapian::doccount> freq =
          terms_->termfreq(schema::make_term(schema::kUmlautNamePrefix, key));
      if (freq && *freq > 0) attested.push_back(std::move(reading));
    }
    return attested;
  }

  // Words of an author search, as the indexer writes authors
  // (Indexing::kAuthors, author_names.h): a name written with initials ("G.
  // Hinton", "Hinton_GE") is its surname+initials key; otherwise each word
  // in all its spellings ("Jürgen": "jurgen" or "juergen"), one word or a
  // phrase (or NEAR) of them.
  Query author_words(const schema::Field& field, const std::vector<Token>& tokens,
                     Xapian::termcount window) const {
    if (window == 0) {
      std::vector<Query> keys;
      const std::vector<std::string> written = written_initials_keys(analyzer_, analyzed_, tokens);
      for (const std::string& key : written) {
        // A surname written without umlauts ("schoelkopf_b", one key): its
        // readings with them, as for a word below.
        const std::size_t initials = key.rfind('_');
        for (const std::string& surname : written.size() == 1
                                              ? attested_readings(key.substr(0, initials))
                                              : std::vector<std::string>{}) {
          keys.emplace_back(
              schema::make_term(schema::kInitialsPrefix, surname + key.substr(initials)));
        }
        keys.emplace_back(schema::make_term(schema::kInitialsPrefix, key));
      }
      if (!keys.empty()) return combine(Query::OP_SYNONYM, std::move(keys));
    }
    // A phrase takes an OR of terms for a position, not a synonym
    // (Xapian 1.4: UnimplementedError); one word is one term, so a synonym.
    const Query::op spellings = tokens.size() == 1 ? Query::OP_SYNONYM : Query::OP_OR;
    std::vector<Query> words;
    for (const Token& token : tokens) {
      std::vector<Query> forms;
      std::vector<std::string> spelled = name_word_forms(analyzer_, analyzed_, token);
      if (spelled.size() == 1) {
        for (std::string& reading : attested_readings(token.term)) {
          spelled.push_back(std::move(reading));
        }
      }
      for (const std::string& form : spelled) {
        forms.emplace_back(schema::make_term(field.prefix, form));
      }
      words.push_back(combine(spellings, std::move(forms)));
    }
    if (words.size() == 1) return words.front();
    return window == 0 ? Query(Query::OP_PHRASE, words.begin(), words.end())
                       : Query(Query::OP_NEAR, words.begin(), words.end(), window);
  }

  const Analyzer& analyzer_;
  const QueryParserOptions& options_;
  MatchMode mode_;
  const TermSource* terms_;
  WildcardExpansions& wildcards_;
  std::size_t any_word_clauses_ = 0;
  std::size_t pooled_words_ = 0;
  bool collect_highlights_ = true;
  std::vector<std::string> notes_;
  bool collect_words_ = true;  // false: a wildcard searched as its word alone
  bool drop_stopwords_ = false;
  UniqueList highlight_terms_;
  UniqueList highlight_stems_;
  UniqueList plain_stems_;
  std::vector<Xapian::Query> plain_names_;  // ParsedQuery::plain_names
  std::vector<QueryWord> words_;
  // The text the tokens being translated were cut from (their offsets index
  // it), so that author_words reads each word as written.
  std::string analyzed_;
};

// The query to run from its parts: filters never add to the score, and a
// query of filters alone matches with zero weight.
Query assemble(const Part& part) {
  if (part.text.empty()) return Query(Query::OP_SCALE_WEIGHT, part.filter, 0.0);
  if (part.filter.empty()) return part.text;
  return Query(Query::OP_FILTER, part.text, part.filter);
}

// A long query's most-words form (ParsedQuery::most_words), when it has
// 2 to kMostWordsUpTo distinct content words: `translator` has just pooled
// them, stopwords dropped.
void add_most_words(ParsedQuery& parsed, Translator& translator, const QueryNode& root) {
  const std::size_t words = translator.pooled_words();
  if (words < 2 || words > kMostWordsUpTo) return;
  parsed.most_words = assemble(translator.translate_root(root, Pool::kMostWords));
  parsed.words_searched = words;
  parsed.words_needed = most_words_needed(words);
}

// Syntax errors one query may have read as words before the whole query is
// read as words: a person's query has a few; more is pasted text or noise.
constexpr std::size_t kMaxSyntaxRecoveries = 16;

// "<what>: <why> (<hint>)" of a note on a syntax error.
std::string with_error(std::string note, const QuerySyntaxError& error) {
  note += error.what();
  if (!error.hint().empty()) note += " (" + error.hint() + ")";
  return note;
}

// "read '(' as a word: <why>", for ParsedQuery::notes. The token is what
// stands at the error: a quote or parenthesis alone, else up to a space or
// a quote. `whole`: the whole query was read as words.
std::string read_as_words_note(std::string_view query, const QuerySyntaxError& error,
                               bool whole = false) {
  const std::size_t at = std::min(error.position(), query.size());
  std::size_t end = at;
  if (end < query.size() && std::string_view("()\"+-").find(query[end]) != std::string_view::npos) {
    ++end;
  } else {
    while (end < query.size() && end - at < 40 &&
           std::string_view(" ()\"").find(query[end]) == std::string_view::npos) {
      ++end;
    }
  }
  const std::string written(query.substr(at, end - at));
  return with_error(whole || written.empty() ? std::string("read the query as words: ")
                                             : "read " + quote_input(written) + " as words: ",
                    error);
}

// What closes the quote or '(' opened at `at` (UnclosedError): ")" or a
// quote. In arXiv's URL form the opener may be written %28.
std::string_view closer_of(std::string_view query, std::size_t at) {
  const std::string_view opener = query.substr(std::min(at, query.size()));
  return opener.starts_with('(') || opener.starts_with("%28") ? ")" : "\"";
}

// "read 'title:"deep residual' as 'title:"deep residual"': unbalanced quote:
// ...", for a quote or '(' closed at the end of the query: what was written
// from the word holding it to the end, and that with `closers` (what every
// closing so far adds at the end, innermost first) after it.
std::string closed_at_end_note(std::string_view query, const QuerySyntaxError& error,
                               std::string_view closers) {
  std::size_t start = std::min(error.position(), query.size());
  const auto separates = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r') || c == '('; };
  while (start > 0 && !separates(query[start - 1])) --start;
  std::string_view written = query.substr(start);
  while (!written.empty() && separates(written.back()) && written.back() != '(') {
    written.remove_suffix(1);
  }
  return with_error("read " + quote_input(written) + " as " +
                        quote_input(std::string(written) + std::string(closers)) + ": ",
                    error);
}

// "'optim*'", "'optim*', 'netw*'", "'optim*', 'netw*', 'graph*' and 12 more".
std::string listed_wildcards(const std::vector<std::string>& written) {
  constexpr std::size_t kNamed = 3;
  std::string list;
  for (std::size_t i = 0; i < written.size() && i < kNamed; ++i) {
    list += (i == 0 ? "'" : ", '") + written[i] + "*'";
  }
  if (written.size() > kNamed) list += " and " + std::to_string(written.size() - kNamed) + " more";
  return list;
}

// A note for each reason wildcards were searched as their words alone: "the
// wildcard 'net*' is too broad: it matches more than 200 words; searched
// 'net' alone (add letters before the '*')".
void note_wildcards_alone(const WildcardExpansions& wildcards, const QueryParserOptions& options,
                          std::vector<std::string>& notes) {
  using Outcome = WildcardExpansions::Outcome;
  for (const auto& [outcome, written] : wildcards.alone) {
    const bool one = written.size() == 1;
    const std::string which =
        (one ? "the wildcard " : "the wildcards ") + listed_wildcards(written);
    const std::string searched =
        one ? "searched '" + written.front() + "' alone" : "searched as their words alone";
    switch (outcome) {
      case Outcome::kTooBroad:
        notes.push_back(which +
                        (one ? " is too broad: it matches" : " are too broad: each matches") +
                        " more than " + std::to_string(options.max_wildcard_terms) + " words; " +
                        searched + " (add letters before the '*')");
        break;
      case Outcome::kOverBound:
        notes.push_back(which + ": " + searched + ", past the limit of " +
                        std::to_string(options.max_wildcard_expansion) +
                        " words all of a query's wildcards may expand to (use fewer wildcards, "
                        "or more letters before each '*')");
        break;
      case Outcome::kOutOfTime:
        notes.push_back(which + ": " + searched +
                        ", the search's time limit having run out before they were expanded");
        break;
      case Outcome::kExpanded:
        break;
    }
  }
}

}  // namespace

QueryParser::QueryParser(const Analyzer& analyzer, QueryParserOptions options)
    : analyzer_(analyzer), options_(options) {}

void QueryParser::check_bounds(std::string_view query) const {
  if (query.size() > options_.max_query_bytes) {
    throw QuerySyntaxError("the query is " + std::to_string(query.size()) +
                               " bytes long; the limit is " +
                               std::to_string(options_.max_query_bytes) + "; shorten it",
                           options_.max_query_bytes);
  }
  // Every word and operator, read as plain words: what the matcher's cost
  // grows with, whatever the syntax makes of them.
  LexOptions plain;
  plain.plain = true;
  const std::vector<QueryToken> tokens = lex_query(query, plain);
  const std::size_t count = tokens.size() - 1;  // the kEnd token
  if (count > options_.max_query_terms) {
    throw QuerySyntaxError("the query has " + std::to_string(count) +
                               " words and operators; the limit is " +
                               std::to_string(options_.max_query_terms) + "; shorten it",
                           tokens[options_.max_query_terms].begin);
  }
}

ParsedQuery QueryParser::parse(std::string_view query, MatchMode mode, const TermSource* terms,
                               Syntax syntax) const {
  check_bounds(query);
  WildcardExpansions wildcards;
  wildcards.lenient = syntax == Syntax::kLenient;
  if (syntax == Syntax::kStrict) {
    ParsedQuery parsed = parse_as(query, mode, terms, {}, wildcards);
    note_wildcards_alone(wildcards, options_, parsed.notes);
    return parsed;
  }
  // What is not valid syntax is read as words: each error's token is read as
  // text (LexOptions::literal), a quote or '(' never closed is closed at the
  // end (LexOptions::closed_at_end), and the query parsed again, until it
  // parses; each with a note. An error met twice at the same place, or too
  // many of them, reads the whole query as words, with the one note that
  // says so (the others told of readings no longer made).
  SyntaxOptions options;
  options.prose_operators_are_words = true;
  LexOptions& lex = options.lex;
  std::vector<std::string> notes;
  std::string closers;  // what the closings add at the end, innermost first
  const auto met = [](const std::vector<std::size_t>& offsets, std::size_t at) {
    return std::find(offsets.begin(), offsets.end(), at) != offsets.end();
  };
  for (;;) {
    try {
      ParsedQuery parsed = parse_as(query, mode, terms, options, wildcards);
      // "Did you mean" rewrites words of the query as written, and would
      // keep a quote or '(' closed at the end unclosed (title:"unclosed ->
      // title:"enclosed): the note on the closing comes first. A word read
      // as text ("quantm (") may still be misspelt.
      if (!lex.closed_at_end.empty() && !lex.plain) parsed.words.clear();
      notes.insert(notes.end(), std::make_move_iterator(parsed.notes.begin()),
                   std::make_move_iterator(parsed.notes.end()));
      parsed.notes = std::move(notes);
      note_wildcards_alone(wildcards, options_, parsed.notes);
      return parsed;
    } catch (const QuerySyntaxError& error) {
      // Nothing left to read as words: the query has none ("", "()", "-").
      if (lex.plain) throw;
      const std::size_t at = error.position();
      std::string note;
      if (met(lex.literal, at) || met(lex.closed_at_end, at) ||
          lex.literal.size() + lex.closed_at_end.size() >= kMaxSyntaxRecoveries) {
        lex.plain = true;
        notes.clear();
        note = read_as_words_note(query, error, true);
      } else if (dynamic_cast<const UnclosedError*>(&error) != nullptr) {
        lex.closed_at_end.push_back(at);
        closers += closer_of(query, at);
        note = closed_at_end_note(query, error, closers);
      } else {
        lex.literal.push_back(at);
        note = read_as_words_note(query, error);
      }
      if (std::find(notes.begin(), notes.end(), note) == notes.end()) {
        notes.push_back(std::move(note));
      }
    }
  }
}

ParsedQuery QueryParser::parse_as(std::string_view query, MatchMode mode, const TermSource* terms,
                                  const SyntaxOptions& options,
                                  WildcardExpansions& wildcards) const {
  const QuerySyntax syntax = parse_query_syntax(query, options);
  Translator translator(analyzer_, options_, mode, terms, wildcards);
  const Part part = translator.translate_root(syntax.root, Pool::kNone);
  if (!part.positive()) {
    throw QuerySyntaxError(
        "empty query: type some words to search for, or a filter such as subject:cs.NI or "
        "year:2024",
        0);
  }

  ParsedQuery parsed;
  parsed.query = assemble(part);
  parsed.has_text = !part.text.empty();
  parsed.highlight_terms = translator.take_highlight_terms();
  parsed.highlight_stems = translator.take_highlight_stems();
  parsed.plain_stems = translator.take_plain_stems();
  parsed.plain_names = translator.take_plain_names();
  parsed.words = translator.take_words();
  if (!syntax.url_form.empty()) {
    parsed.notes.push_back(
        "read as an arXiv API search_query= value, '+' as a space and %XX "
        "decoded: " +
        quote_input(syntax.url_form));
  }
  if (!syntax.operators_read_as_words.empty()) {
    std::string list;
    for (const std::string& word : syntax.operators_read_as_words) {
      list += (list.empty() ? "" : ", ") + word;
    }
    parsed.notes.push_back("read " + list + " as words, not operators: the query is prose (" +
                           "operators are recognized between lowercase words)");
  }

  // Written operators say exactly what the user wants; a plain list of words
  // has an any-word form too, for the match rule (paperdex::MatchRule).
  if (mode == MatchMode::kAllWords && !syntax.has_operators) {
    translator.stop_collecting_highlights();
    Part any_word = translator.translate_root(syntax.root, Pool::kAnyWord);
    parsed.free_text_clauses = translator.any_word_clauses();
    // A long query's function words say how it is phrased, not what it is
    // about: they would match nearly every paper, and weigh a little in each.
    if (parsed.free_text_clauses > kAllWordsUpTo) {
      translator.drop_stopwords();
      Part content = translator.translate_root(syntax.root, Pool::kAnyWord);
      if (content.positive() && translator.any_word_clauses() >= 1) {
        any_word = std::move(content);
        add_most_words(parsed, translator, syntax.root);
      }
    }
    if (parsed.free_text_clauses >= 2) {
      parsed.any_word = assemble(any_word);
    }
  }
  for (std::string& note : translator.take_notes()) parsed.notes.push_back(std::move(note));
  if (is_plain_words(syntax)) {
    const std::vector<Token> tokens = analyzer_.tokenize(query);
    parsed.whole_title_key = schema::title_key_term(tokens);
    // Looked up once, here: the bonus (title_bonus.h) trusts it.
    if (std::string sketch = schema::title_sketch_term(tokens);
        terms != nullptr && !sketch.empty() && terms->has_term(sketch)) {
      const Query near_title(sketch);
      for (Query* matches : {&parsed.query, &parsed.any_word, &parsed.most_words}) {
        if (!matches->empty()) *matches = Query(Query::OP_OR, *matches, near_title);
      }
      parsed.near_title_key = std::move(sketch);
    }
    for (const Token& token : tokens) {
      parsed.word_sequence.push_back(is_stopword(token.term) ? std::string() : token.stem);
    }
    // Words as written (no syntax error read so): they may be a name.
    const bool as_written =
        options.lex.literal.empty() && options.lex.closed_at_end.empty() && !options.lex.plain;
    if (terms != nullptr && options_.plain_words_search_authors && as_written &&
        syntax.url_form.empty() && syntax.operators_read_as_words.empty()) {
      read_as_author(query, mode, *terms, wildcards, parsed);
    }
  }
  return parsed;
}

void QueryParser::read_as_author(std::string_view query, MatchMode mode, const TermSource& terms,
                                 WildcardExpansions& wildcards, ParsedQuery& parsed) const {
  const std::optional<std::string> reading = author_reading(analyzer_, query);
  if (!reading) return;
  Part author;
  try {
    Translator translator(analyzer_, options_, mode, &terms, wildcards);
    author = translator.translate_root(parse_query_syntax(*reading).root, Pool::kNone);
  } catch (const QuerySyntaxError&) {
    return;  // not a name the author: field reads
  }
  if (author.text.empty()) return;
  const NameEvidence evidence = name_evidence(author.text, terms);
  if (evidence == NameEvidence::kNone) return;
  // The words still match: a query that only looks like a name finds them
  // after the author's papers. A reading the index cannot tell of yet
  // (remote frequencies) widens the matches as it will once it can, so
  // that both readings match alike (Searcher's count ahead); it adds no
  // paper unless the author has some.
  for (Query* matches : {&parsed.query, &parsed.any_word, &parsed.most_words}) {
    if (!matches->empty()) *matches = Query(Query::OP_OR, *matches, author.text);
  }
  if (evidence != NameEvidence::kFound) return;
  parsed.author_papers = author.text;
  parsed.notes.push_back(author_reading_note(query, *reading));
  // A name the index has is spelled as it is there ("Hinton_G" is no
  // misspelling of "Hinton").
  parsed.words.clear();
}

std::string nearest_subject(std::string_view value) {
  const std::vector<std::string> subjects = taxonomy::subject_names();
  std::vector<std::string> folded;
  for (const std::string& subject : subjects) folded.push_back(ascii_lower(subject));
  const std::vector<std::string_view> names(folded.begin(), folded.end());
  const std::optional<std::size_t> nearest = nearest_name(ascii_lower(value), names, false);
  return nearest ? subjects[*nearest] : std::string();
}

Xapian::Query QueryParser::parse_filter(std::string_view field_name, std::string_view value) const {
  const schema::Field* field = schema::find_field(ascii_lower(field_name));
  if (field == nullptr) throw_unknown_field(field_name, 0);
  QueryNode node;
  node.kind = NodeKind::kTerm;
  node.field = field;
  node.text = std::string(value);
  WildcardExpansions wildcards;  // none: a filter's wildcard throws
  Translator translator(analyzer_, options_, MatchMode::kAllWords, nullptr, wildcards);
  const Part part = translator.translate_term(node);
  if (!part.positive()) throw_empty_value(*field, 0);
  return part.matched();
}

ParsedQuery QueryParser::parse_field(std::string_view field, std::string_view value) const {
  Part part;
  part.filter = parse_filter(field, value);
  ParsedQuery parsed;
  parsed.query = assemble(part);
  return parsed;
}

Xapian::Query QueryParser::author_filter(std::string_view name) const {
  // As DocumentBuilder writes it (Indexing::kAuthors).
  const std::string normalized = schema::folded_words(analyzer_, analyzer_.prepare(name));
  if (normalized.empty()) {
    throw QuerySyntaxError("the author filter has no name; give one, such as \"Zhida Jiang\"", 0);
  }
  return Query(schema::make_term(schema::kAuthorExactPrefix, normalized));
}

}  // namespace paperdex::detail
