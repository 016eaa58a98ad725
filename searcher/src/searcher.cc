#include "paperdex/searcher.h"

#include <algorithm>
#include <filesystem>
#include <map>

#include <xapian.h>

#include "explain.h"
#include "facet_table.h"
#include "facets.h"
#include "highlighter.h"
#include "index_info.h"
#include "index_terms.h"
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

  MatchPass run(const Xapian::Query& query, bool by_relevance, SortOrder sort,
                Xapian::doccount first, Xapian::doccount count, bool facets) {
    Xapian::Enquire enquire(db);
    enquire.set_query(query);
    enquire.set_weighting_scheme(detail::ranking_weight());
    if (sort == SortOrder::kRelevance && !by_relevance) sort = SortOrder::kNewest;
    if (sort == SortOrder::kNewest) {
      enquire.set_sort_by_value_then_relevance(schema::kDateSlot, true);
      enquire.set_docid_order(Xapian::Enquire::DESCENDING);
    } else if (sort == SortOrder::kOldest) {
      enquire.set_sort_by_value_then_relevance(schema::kDateSlot, false);
      enquire.set_docid_order(Xapian::Enquire::ASCENDING);
    }
    MatchPass pass;
    pass.mset = enquire.get_mset(first, count);
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
    Xapian::Enquire counter(db);
    counter.set_query(query);
    counter.set_weighting_scheme(Xapian::BoolWeight());
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
    const Record record = decode_stored_record(it.get_document().get_data());
    Hit hit;
    hit.id = record.id;
    hit.title = highlighter.mark_all(record.title);
    hit.snippet = highlighter.snippet(record.abstract, snippet_bytes);
    hit.authors = record.authors;
    hit.subjects = record.categories;
    hit.year = record.year;
    hit.score = it.get_weight();
    hit.matches_all_words = all_words;
    return hit;
  }

  // The request's filters (subject, year, author), AND-ed onto `query`.
  Xapian::Query filtered(const SearchRequest& request, Xapian::Query query) const {
    query = add_filters(parser, std::move(query), "subject", request.subjects);
    query = add_filters(parser, std::move(query), "year", request.years);
    if (request.authors.empty()) return query;
    std::vector<Xapian::Query> authors;
    for (const std::string& name : request.authors) authors.push_back(parser.author_filter(name));
    return Xapian::Query(Xapian::Query::OP_FILTER, query,
                         Xapian::Query(Xapian::Query::OP_OR, authors.begin(), authors.end()));
  }

  SearchResult search(const SearchRequest& request) {
    detail::ParsedQuery parsed;
    // What a term's weight is multiplied by in the query: 1 but in "like" queries.
    detail::TermScale scale = [](const std::string&) { return 1.0; };
    const bool has_filters =
        !request.subjects.empty() || !request.years.empty() || !request.authors.empty();
    const bool no_words = request.query.find_first_not_of(" \t\r\n") == std::string::npos;
    if (no_words && (has_filters || !request.like.empty())) {
      parsed.query = Xapian::Query::MatchAll;
    } else {
      const detail::IndexTermSource terms(db);
      parsed = parser.parse(request.query, request.match, &terms);
    }
    if (!request.like.empty()) {
      // Papers like the given one, among those the query (if any) matches.
      detail::RelatedQuery related = detail::related_query(db, request.like);
      parsed.query = no_words
                         ? related.query
                         : Xapian::Query(Xapian::Query::OP_FILTER, related.query, parsed.query);
      parsed.has_text = true;
      parsed.relaxed = Xapian::Query();
      for (std::string& stem : related.stems) parsed.highlight_stems.push_back(std::move(stem));
      scale = [scales = std::move(related.scales)](const std::string& term) {
        const auto found = scales.find(term);
        return found != scales.end() ? found->second : 1.0;
      };
    }
    Xapian::Query query = filtered(request, parsed.query);

    const std::size_t wanted = request.offset + request.limit;
    SearchResult result;
    result.parsed_query = query.get_description();
    result.match_set =
        request.match == MatchMode::kAnyWord ? MatchSet::kAnyWord : MatchSet::kAllWords;

    const bool by_relevance = parsed.has_text;
    MatchPass full = run(query, by_relevance, request.sort, 0,
                         static_cast<Xapian::doccount>(wanted), request.facets);
    result.all_words_total = full.matches;
    result.total = result.all_words_total;
    result.total_exact = full.matches_exact;

    detail::Highlighter highlighter(analyzer, parsed.highlight_terms, parsed.highlight_stems);
    std::size_t index = 0;
    for (auto it = full.mset.begin(); it != full.mset.end(); ++it, ++index) {
      if (index >= request.offset) {
        result.hits.push_back(make_hit(it, highlighter, request.snippet_bytes, true));
        if (request.explain) {
          result.hits.back().explanation = detail::explain_match(db, query, *it, scale);
        }
      }
    }

    std::map<std::string, std::size_t> subjects = std::move(full.subjects);
    std::map<std::string, std::size_t> years = std::move(full.years);
    const std::size_t full_count = full.mset.size();
    if (full_count < wanted && !parsed.relaxed.empty() && request.match == MatchMode::kAllWords) {
      // Too few papers match every word: fill the page with papers matching
      // most of them, ranked after the full matches.
      const Xapian::Query partial =
          filtered(request, Xapian::Query(Xapian::Query::OP_AND_NOT, parsed.relaxed, parsed.query));
      const std::size_t skip = request.offset > full_count ? request.offset - full_count : 0;
      MatchPass rest =
          run(partial, true, request.sort, static_cast<Xapian::doccount>(skip),
              static_cast<Xapian::doccount>(wanted - std::max(full_count, request.offset)),
              request.facets);
      for (auto it = rest.mset.begin(); it != rest.mset.end(); ++it) {
        result.hits.push_back(make_hit(it, highlighter, request.snippet_bytes, false));
        if (request.explain) {
          result.hits.back().explanation = detail::explain_match(db, partial, *it, scale);
        }
      }
      if (!rest.mset.empty() || rest.matches > 0) {
        result.match_set = MatchSet::kMostWords;
        result.total += rest.matches;
        result.total_exact = result.total_exact && rest.matches_exact;
        for (const auto& [value, count] : rest.subjects) subjects[value] += count;
        for (const auto& [value, count] : rest.years) years[value] += count;
      }
    }
    if (request.facets) {
      result.subject_facets = detail::subject_facet(subjects);
      result.year_facets = detail::year_facet(years);
    }
    if (request.facets && request.author_facet) {
      // Over the same documents as the other facets.
      const Xapian::Query counted =
          result.match_set == MatchSet::kMostWords ? filtered(request, parsed.relaxed) : query;
      result.author_facets = detail::author_facet(detail::count_authors(db, counted), analyzer);
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
    const MatchPass all = run(Xapian::Query::MatchAll, false, SortOrder::kRelevance, 0, 0, true);
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
