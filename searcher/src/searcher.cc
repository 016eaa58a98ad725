#include "paperdex/searcher.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <set>

#include <xapian.h>

#include "explain.h"
#include "facet_table.h"
#include "facets.h"
#include "highlighter.h"
#include "index_info.h"
#include "index_terms.h"
#include "paper.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/common/schema.h"
#include "paperdex/common/stored_record.h"
#include "query_parser.h"
#include "ranking.h"
#include "related.h"
#include "spelling.h"

namespace paperdex {
namespace {

Xapian::Database open_database(const std::string& path) {
  if (!std::filesystem::exists(path)) {
    throw DatabaseNotFoundError("no paperdex index at " + path +
                                "; build one with: paperdex-index --db " + path + " FILES...");
  }
  Xapian::Database db;
  std::optional<int> version;
  // A writer committing while we open can discard the revision we started
  // reading (DatabaseModifiedError): open again, as Searcher::search retries.
  for (int attempt = 0;; ++attempt) {
    try {
      db = Xapian::Database(path);
      version = schema::stored_schema_version(db);
      break;
    } catch (const Xapian::DatabaseModifiedError&) {
      if (attempt >= 5) {
        throw IoError("the index at " + path + " kept changing while opening it; try again");
      }
    } catch (const Xapian::DatabaseError& error) {
      throw DatabaseNotFoundError("cannot open the index at " + path + ": " +
                                  error.get_description() +
                                  "; check the path or rebuild it with paperdex-index");
    } catch (const Xapian::NetworkError& error) {
      throw DatabaseNotFoundError("cannot reach a remote shard of the index at " + path + ": " +
                                  error.get_description() +
                                  "; check that its xapian-tcpsrv is running and reachable");
    }
  }
  if (!version) {
    throw SchemaVersionError(path +
                             " is not a paperdex index (no schema version); build one with"
                             " paperdex-index --db PATH FILES...");
  }
  if (*version != schema::kSchemaVersion) {
    throw SchemaVersionError("the index at " + path + " has schema version " +
                             std::to_string(*version) + " but this paperdex reads version " +
                             std::to_string(schema::kSchemaVersion) +
                             "; re-index it with paperdex-index into a new --db path");
  }
  return db;
}

// OR of each value's filter, AND-ed with `query` as a filter.
Xapian::Query add_filters(const detail::QueryParser& parser, Xapian::Query query,
                          std::string_view field, const std::vector<std::string>& values) {
  if (values.empty()) return query;
  std::vector<Xapian::Query> alternatives;
  for (const std::string& value : values) alternatives.push_back(parser.parse_filter(field, value));
  Xapian::Query filter(Xapian::Query::OP_OR, alternatives.begin(), alternatives.end());
  return Xapian::Query(Xapian::Query::OP_FILTER, query, filter);
}

// "2.5 s", for messages.
std::string format_seconds(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%g s", seconds);
  return text;
}

// What the matcher found for one query: the ranked page, how many match,
// and the facet counts when asked for.
struct MatchPass {
  Xapian::MSet mset;
  Xapian::doccount matches = 0;  // exact when matches_exact
  bool matches_exact = true;
  std::map<std::string, std::size_t> subjects;
  std::map<std::string, std::size_t> years;
};

}  // namespace

std::string render_highlights(const HighlightedText& text, const std::string& open,
                              const std::string& close, bool html_escape) {
  std::string out;
  out.reserve(text.text.size() + text.spans.size() * (open.size() + close.size()));
  const auto append_text = [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      const char c = text.text[i];
      if (html_escape && c == '<') {
        out += "&lt;";
      } else if (html_escape && c == '>') {
        out += "&gt;";
      } else if (html_escape && c == '&') {
        out += "&amp;";
      } else if (html_escape && c == '"') {
        out += "&quot;";
      } else {
        out.push_back(c);
      }
    }
  };
  std::size_t pos = 0;
  for (const auto& [begin, end] : text.spans) {
    if (begin < pos || end > text.text.size()) continue;
    append_text(pos, begin);
    out += open;
    append_text(begin, end);
    out += close;
    pos = end;
  }
  append_text(pos, text.text.size());
  return out;
}

struct Searcher::Impl {
  std::string path;
  Xapian::Database db;
  Analyzer analyzer;
  detail::QueryParser parser{analyzer};

  // Facet values by docid, for the revision `db` shows (see facet_table.h).
  std::shared_ptr<const detail::FacetTable> facet_table;

  explicit Impl(const std::string& db_path) : path(db_path), db(open_database(db_path)) {
    sync_facet_table(false);
  }

  // Moves to the latest revision; the facet table follows it.
  void reopen() { sync_facet_table(true); }

  // Opens the index again: a remote shard's connection cannot be reopened.
  void reconnect() {
    db = open_database(path);
    sync_facet_table(false);
  }

  // Loads the facet table for the revision `db` shows, after moving `db` to
  // the latest one when `move`. A writer can discard that revision meanwhile
  // (DatabaseModifiedError, from the reopen or the load; a Xapian type that
  // must not reach callers): move again and reload, so that the table and the
  // revision always agree.
  void sync_facet_table(bool move) {
    bool changed = !move;  // a fresh open needs its first table
    for (int attempt = 0;; ++attempt) {
      try {
        if (move) changed = db.reopen() || changed;
        if (changed) facet_table = detail::FacetTable::load(db);
        return;
      } catch (const Xapian::DatabaseModifiedError&) {
        if (attempt >= 5) {
          throw IoError("the index at " + path + " kept changing while reading it; try again");
        }
        move = true;
        changed = true;
      }
    }
  }

  // The search's time budget (SearchRequest::time_limit_seconds): each pass
  // of the matcher gets what is left of it, and stops early when it is spent.
  struct TimeBudget {
    std::optional<std::chrono::steady_clock::time_point> deadline;
    bool spent = false;
  } budget;

  void start_budget(double seconds) {
    budget = {};
    if (seconds > 0) {
      budget.deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                            std::chrono::duration<double>(seconds));
    }
  }

  // Gives `enquire` what is left of the budget; after its pass, check_budget().
  void limit_time(Xapian::Enquire& enquire) {
    if (!budget.deadline) return;
    const double left =
        std::chrono::duration<double>(*budget.deadline - std::chrono::steady_clock::now()).count();
    // Xapian reads 0 as no limit: a spent budget still allows a millisecond.
    enquire.set_time_limit(std::max(left, 0.001));
  }

  // An unweighted pass over `query` (counts, facets, tests of membership),
  // within the time budget.
  Xapian::Enquire unweighted(const Xapian::Query& query) {
    Xapian::Enquire enquire(db);
    limit_time(enquire);
    enquire.set_query(detail::unweighted_match(query));
    enquire.set_weighting_scheme(Xapian::BoolWeight());
    return enquire;
  }

  void check_budget() {
    if (budget.deadline && std::chrono::steady_clock::now() >= *budget.deadline) {
      budget.spent = true;
    }
  }

  MatchPass run(const Xapian::Query& query, bool by_relevance, SortOrder sort,
                Xapian::doccount first, Xapian::doccount count, bool facets) {
    Xapian::Enquire enquire(db);
    limit_time(enquire);
    // A page of filters alone is listed by date: no weights to keep.
    enquire.set_query(by_relevance ? query : detail::unweighted_match(query));
    enquire.set_weighting_scheme(detail::ranking_weight());
    if (sort == SortOrder::kRelevance && !by_relevance) sort = SortOrder::kNewest;
    if (sort == SortOrder::kNewest) {
      enquire.set_sort_by_value_then_relevance(schema::kDateSlot, true);
      enquire.set_docid_order(Xapian::Enquire::DESCENDING);
    } else if (sort == SortOrder::kOldest) {
      enquire.set_sort_by_value_then_relevance(schema::kDateSlot, false);
      enquire.set_docid_order(Xapian::Enquire::ASCENDING);
    } else if (sort == SortOrder::kUpdated) {
      enquire.set_sort_by_value_then_relevance(schema::kUpdatedSlot, true);
      enquire.set_docid_order(Xapian::Enquire::DESCENDING);
    }
    MatchPass pass;
    pass.mset = enquire.get_mset(first, count);
    check_budget();
    if (!facets) {
      pass.matches = pass.mset.get_matches_estimated();
      pass.matches_exact =
          pass.mset.get_matches_lower_bound() == pass.mset.get_matches_upper_bound();
      return pass;
    }
    // Exact totals and facets need every match seen, but not weighed: the
    // page comes from a pass that may skip what cannot reach it, the counts
    // from an unweighted, unsorted pass over every match (weighing every
    // match was two thirds of a query's time; and sorted by value over
    // remote shards, Xapian 1.4 would count some matches twice).
    Xapian::Enquire counter = unweighted(query);
    // The table when there is one; otherwise Xapian's own value-count spies,
    // which remote shard servers know without registration. A slot holds one
    // value, so the subject spy counts subject lists; they are split below.
    std::optional<detail::FacetTableSpy> table_spy;
    Xapian::ValueCountMatchSpy subject_spy(schema::kSubjectsSlot);
    Xapian::ValueCountMatchSpy year_spy(schema::kYearSlot);
    if (facet_table) {
      counter.add_matchspy(&table_spy.emplace(facet_table));
    } else {
      counter.add_matchspy(&subject_spy);
      counter.add_matchspy(&year_spy);
    }
    const Xapian::MSet counted = counter.get_mset(0, 0, db.get_doccount());
    check_budget();
    pass.matches = counted.get_matches_estimated();
    pass.matches_exact = counted.get_matches_lower_bound() == counted.get_matches_upper_bound();
    if (table_spy) {
      pass.subjects = table_spy->subject_counts();
      pass.years = table_spy->year_counts();
    } else {
      for (auto it = subject_spy.values_begin(); it != subject_spy.values_end(); ++it) {
        detail::add_list_counts(pass.subjects, *it, it.get_termfreq());
      }
      for (auto it = year_spy.values_begin(); it != year_spy.values_end(); ++it) {
        pass.years[*it] += it.get_termfreq();
      }
    }
    return pass;
  }

  Hit make_hit(const Xapian::MSetIterator& it, const detail::Highlighter& highlighter,
               std::size_t snippet_bytes, bool all_words) {
    Record record = decode_stored_record(it.get_document().get_data());
    Hit hit;
    hit.id = record.id;
    hit.title = highlighter.mark_all(record.title);
    hit.snippet = highlighter.snippet(record.abstract, snippet_bytes);
    hit.authors = record.authors;
    hit.subjects = record.categories;
    hit.year = record.year;
    hit.score = it.get_weight();
    hit.matches_all_words = all_words;
    hit.paper = detail::paper_from_record(std::move(record));
    return hit;
  }

  // The request's filters (subject, year, author), AND-ed onto `query`;
  // without cross-lists, the subjects must be the papers' primary ones.
  Xapian::Query filtered(const SearchRequest& request, Xapian::Query query) const {
    query = add_filters(parser, std::move(query), request.cross_lists ? "subject" : "primary",
                        request.subjects);
    query = add_filters(parser, std::move(query), "year", request.years);
    if (request.authors.empty()) return query;
    std::vector<Xapian::Query> authors;
    for (const std::string& name : request.authors) authors.push_back(parser.author_filter(name));
    return Xapian::Query(Xapian::Query::OP_FILTER, query,
                         Xapian::Query(Xapian::Query::OP_OR, authors.begin(), authors.end()));
  }

  // The request's words as parsed, with what the searcher adds for --like.
  struct Understood {
    detail::ParsedQuery parsed;
    // What a term's weight is multiplied by in the query: 1 but in "like" queries.
    detail::TermScale scale = [](const std::string&) { return 1.0; };
  };

  Understood understand(const SearchRequest& request) const {
    Understood understood;
    detail::ParsedQuery& parsed = understood.parsed;
    const bool has_filters =
        !request.subjects.empty() || !request.years.empty() || !request.authors.empty();
    const bool no_words = request.query.find_first_not_of(" \t\r\n") == std::string::npos;
    if (no_words && (has_filters || !request.like.empty())) {
      parsed.query = detail::match_all();
    } else {
      const detail::IndexTermSource terms(db);
      parsed =
          parser.parse(request.query, request.match, &terms,
                       request.strict_syntax ? detail::Syntax::kStrict : detail::Syntax::kLenient);
    }
    if (!request.like.empty()) {
      // Papers like the given one, among those the query (if any) matches.
      detail::RelatedQuery related = detail::related_query(db, request.like);
      parsed.query = no_words
                         ? related.query
                         : Xapian::Query(Xapian::Query::OP_FILTER, related.query, parsed.query);
      parsed.has_text = true;
      parsed.relaxed = Xapian::Query();
      parsed.free_text_clauses = 0;
      for (std::string& stem : related.stems) parsed.highlight_stems.push_back(std::move(stem));
      understood.scale = detail::scale_table(std::move(related.scales));
    }
    return understood;
  }

  // The match set of a query (MatchRule) and its papers with every word.
  struct MatchPlan {
    MatchRule rule = MatchRule::kAsWritten;
    Xapian::Query matched;    // the match set, filters applied
    Xapian::Query all_words;  // its papers with every word (== matched for kAllWords)
    detail::TermScale scale;  // the weight factors of `matched`'s terms
  };

  MatchPlan plan_match(const SearchRequest& request, const Understood& understood) {
    const detail::ParsedQuery& parsed = understood.parsed;
    MatchPlan plan;
    plan.all_words = filtered(request, parsed.query);
    plan.matched = plan.all_words;
    plan.scale = understood.scale;
    if (request.match == MatchMode::kAnyWord) {
      plan.rule = MatchRule::kAnyWordRequested;
      return plan;
    }
    if (parsed.relaxed.empty()) return plan;  // kAsWritten
    const Xapian::Query any_word = filtered(request, parsed.relaxed);
    const detail::TermScale any_word_scale = detail::scale_table(parsed.relaxed_scales);
    if (parsed.free_text_clauses > kAllWordsUpTo) {
      plan.rule = MatchRule::kLongQuery;
      plan.matched = any_word;
      plan.scale = any_word_scale;
      return plan;
    }
    plan.rule = MatchRule::kShortQuery;
    if (!has_match(plan.all_words)) {
      plan.rule = MatchRule::kNoFullMatch;
      plan.matched = any_word;
      plan.scale = any_word_scale;
    }
    return plan;
  }

  bool has_match(const Xapian::Query& query) {
    return unweighted(query).get_mset(0, 0, 1).get_matches_lower_bound() > 0;
  }

  // Papers matching `query`, unweighted: exact when `exact`, else Xapian's estimate.
  std::size_t count(const Xapian::Query& query, bool exact) {
    const std::size_t matches =
        unweighted(query).get_mset(0, 0, exact ? db.get_doccount() : 0).get_matches_estimated();
    check_budget();
    return matches;
  }

  void add_hits(SearchResult& result, const Xapian::MSet& mset, const MatchPlan& plan,
                const SearchRequest& request, const detail::Highlighter& highlighter) {
    for (auto it = mset.begin(); it != mset.end(); ++it) {
      result.hits.push_back(make_hit(it, highlighter, request.snippet_bytes, true));
      if (request.explain) {
        result.hits.back().explanation = detail::explain_match(db, plan.matched, *it, plan.scale);
      }
    }
  }

  // The page: the match set's top hits from `offset`. Sets the totals and
  // returns the facet counts of the match set.
  MatchPass fill_page(SearchResult& result, const SearchRequest& request, const MatchPlan& plan,
                      const Understood& understood, const detail::Highlighter& highlighter) {
    MatchPass pass = run(plan.matched, understood.parsed.has_text, request.sort,
                         static_cast<Xapian::doccount>(request.offset),
                         static_cast<Xapian::doccount>(request.limit), request.facets);
    add_hits(result, pass.mset, plan, request, highlighter);
    result.total = pass.matches;
    result.total_exact = pass.matches_exact;
    if (result.match_set == MatchSet::kAllWords) {
      result.all_words_total = result.total;
    } else {
      result.all_words_total = count(plan.all_words, request.facets);
      mark_partial_hits(result, pass.mset, plan.all_words);
    }
    return pass;
  }

  // Hit::matches_all_words for a page of an any-word match set: which of its
  // papers also match the all-words query (one small query over the page).
  void mark_partial_hits(SearchResult& result, const Xapian::MSet& page,
                         const Xapian::Query& all_words) {
    if (result.hits.empty()) return;
    std::vector<Xapian::Query> ids;
    for (const Hit& hit : result.hits)
      ids.emplace_back(schema::make_term(schema::kIdPrefix, hit.id));
    const Xapian::MSet full =
        unweighted(Xapian::Query(Xapian::Query::OP_FILTER, all_words,
                                 Xapian::Query(Xapian::Query::OP_OR, ids.begin(), ids.end())))
            .get_mset(0, static_cast<Xapian::doccount>(ids.size()));
    std::set<Xapian::docid> with_every_word(full.begin(), full.end());
    std::size_t index = 0;
    for (auto it = page.begin(); it != page.end() && index < result.hits.size(); ++it, ++index) {
      result.hits[index].matches_all_words = with_every_word.count(*it) > 0;
    }
  }

  SearchResult search(const SearchRequest& request) {
    start_budget(request.time_limit_seconds);
    const Understood understood = understand(request);
    const detail::ParsedQuery& parsed = understood.parsed;
    const MatchPlan plan = plan_match(request, understood);

    SearchResult result;
    result.parsed_query = plan.matched.get_description();
    result.match_rule = plan.rule;
    result.match_set = plan.rule == MatchRule::kAsWritten || plan.rule == MatchRule::kShortQuery
                           ? MatchSet::kAllWords
                           : MatchSet::kAnyWord;
    result.notes = parsed.notes;

    const detail::Highlighter highlighter(analyzer, parsed.highlight_terms, parsed.highlight_stems);
    MatchPass counted = fill_page(result, request, plan, understood, highlighter);
    if (budget.spent) {
      result.total_exact = false;
      result.notes.push_back("the search reached its time limit of " +
                             format_seconds(request.time_limit_seconds) +
                             ": the hits are the best found by then, and the total and facets "
                             "are estimates");
    }
    if (request.facets) {
      result.subject_facets = detail::subject_facet(counted.subjects);
      result.year_facets = detail::year_facet(counted.years);
    }
    if (request.facets && request.author_facet) {
      // Over the same documents as the other facets.
      result.author_facets =
          detail::author_facet(detail::count_authors(db, plan.matched), analyzer);
    }
    if ((request.suggest || request.correct) && request.like.empty()) {
      result.suggestion = detail::spelling_suggestion(db, analyzer, request.query, parsed.words,
                                                      result.all_words_total);
      if (request.correct && !result.suggestion.empty()) {
        SearchRequest corrected = request;
        corrected.query = result.suggestion;
        corrected.suggest = false;
        corrected.correct = false;
        SearchResult instead = search(corrected);
        instead.suggestion = std::move(result.suggestion);
        instead.corrected = true;
        return instead;
      }
    }
    return result;
  }

  IndexInfo index_info() {
    IndexInfo info = detail::describe_index(db, path);
    const MatchPass all = run(detail::match_all(), false, SortOrder::kRelevance, 0, 0, true);
    info.subjects = detail::subject_facet(all.subjects);
    return info;
  }
};

Searcher::Searcher(const std::string& db_path) : impl_(std::make_unique<Impl>(db_path)) {}
Searcher::~Searcher() = default;
Searcher::Searcher(Searcher&&) noexcept = default;
Searcher& Searcher::operator=(Searcher&&) noexcept = default;

SearchResult Searcher::search(const SearchRequest& request) {
  // A writer committing while we read invalidates our snapshot: reopen and retry.
  for (int attempt = 0;; ++attempt) {
    try {
      return impl_->search(request);
    } catch (const Xapian::DatabaseModifiedError&) {
      if (attempt >= 3) throw IoError("the index kept changing while searching; try again");
      impl_->reopen();
    } catch (const Xapian::NetworkError& error) {
      // A shard server closes a connection idle for longer than its
      // --idle-timeout (60 s by default): connect again, once.
      if (attempt >= 1) {
        throw IoError("a remote shard of the index at " + impl_->path +
                      " failed: " + error.get_description() +
                      "; check that its xapian-tcpsrv is running and reachable");
      }
      impl_->reconnect();
    } catch (const Xapian::DatabaseError& error) {
      throw IoError("reading the index at " + impl_->path + " failed: " + error.get_description());
    } catch (const Xapian::Error& error) {
      throw IoError("searching the index at " + impl_->path +
                    " failed: " + error.get_description());
    }
  }
}

std::size_t Searcher::document_count() const { return impl_->db.get_doccount(); }

AnalysisVersions Searcher::analysis_versions() const {
  try {
    return {impl_->db.get_metadata(std::string(schema::kAnalysisKey)), analysis_version()};
  } catch (const Xapian::Error& error) {
    throw IoError("reading the index at " + impl_->path + " failed: " + error.get_description());
  }
}

Paper Searcher::get(const std::string& id) {
  for (int attempt = 0;; ++attempt) {
    try {
      const Xapian::docid docid = detail::require_paper(impl_->db, id);
      return detail::paper_from_record(
          decode_stored_record(impl_->db.get_document(docid).get_data()));
    } catch (const Xapian::DatabaseModifiedError&) {
      if (attempt >= 3) throw IoError("the index kept changing while reading it; try again");
      impl_->reopen();
    } catch (const Xapian::DatabaseError& error) {
      throw IoError("reading the index at " + impl_->path + " failed: " + error.get_description());
    }
  }
}

IndexInfo Searcher::index_info() {
  for (int attempt = 0;; ++attempt) {
    try {
      return impl_->index_info();
    } catch (const Xapian::DatabaseModifiedError&) {
      if (attempt >= 3) throw IoError("the index kept changing while reading it; try again");
      impl_->reopen();
    } catch (const Xapian::DatabaseError& error) {
      throw IoError("reading the index at " + impl_->path + " failed: " + error.get_description());
    }
  }
}

}  // namespace paperdex
