#include "paperdex/searcher.h"

#include <algorithm>
#include <filesystem>
#include <map>

#include <xapian.h>

#include "facets.h"
#include "highlighter.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/common/schema.h"
#include "paperdex/common/stored_record.h"
#include "query_parser.h"

namespace paperdex {
namespace {

Xapian::Database open_database(const std::string& path) {
  if (!std::filesystem::exists(path)) {
    throw DatabaseNotFoundError("no paperdex index at " + path +
                                "; build one with: paperdex-index --db " + path + " FILES...");
  }
  Xapian::Database db;
  try {
    db = Xapian::Database(path);
  } catch (const Xapian::DatabaseError& error) {
    throw DatabaseNotFoundError("cannot open the index at " + path + ": " +
                                error.get_description() +
                                "; check the path or rebuild it with paperdex-index");
  }
  const std::optional<int> version = schema::stored_schema_version(db);
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

// One pass of the matcher with facet spies.
struct MatchPass {
  Xapian::MSet mset;
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

  explicit Impl(const std::string& db_path) : path(db_path), db(open_database(db_path)) {}

  MatchPass run(const Xapian::Query& query, bool by_relevance, SortOrder sort,
                Xapian::doccount first, Xapian::doccount count, bool facets) {
    Xapian::Enquire enquire(db);
    enquire.set_query(query);
    enquire.set_weighting_scheme(Xapian::BM25Weight());
    if (sort == SortOrder::kRelevance && !by_relevance) sort = SortOrder::kNewest;
    if (sort == SortOrder::kNewest) {
      enquire.set_sort_by_value_then_relevance(schema::kDateSlot, true);
      enquire.set_docid_order(Xapian::Enquire::DESCENDING);
    } else if (sort == SortOrder::kOldest) {
      enquire.set_sort_by_value_then_relevance(schema::kDateSlot, false);
      enquire.set_docid_order(Xapian::Enquire::ASCENDING);
    }
    detail::MultiValueCountSpy subject_spy(schema::kSubjectsSlot);
    Xapian::ValueCountMatchSpy year_spy(schema::kYearSlot);
    if (facets) {
      enquire.add_matchspy(&subject_spy);
      enquire.add_matchspy(&year_spy);
    }
    // Exact totals and facets need every match seen.
    const Xapian::doccount check_at_least = facets ? db.get_doccount() : 0;
    MatchPass pass;
    pass.mset = enquire.get_mset(first, count, check_at_least);
    if (facets) {
      detail::add_counts(pass.subjects, subject_spy.counts());
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

  SearchResult search(const SearchRequest& request) {
    detail::ParsedQuery parsed;
    const bool has_filters = !request.subjects.empty() || !request.years.empty();
    if (request.query.find_first_not_of(" \t\r\n") == std::string::npos && has_filters) {
      parsed.query = Xapian::Query::MatchAll;
    } else {
      parsed = parser.parse(request.query, request.match);
    }
    Xapian::Query query = add_filters(parser, parsed.query, "subject", request.subjects);
    query = add_filters(parser, query, "year", request.years);

    const std::size_t wanted = request.offset + request.limit;
    SearchResult result;
    result.parsed_query = query.get_description();
    result.match_set =
        request.match == MatchMode::kAnyWord ? MatchSet::kAnyWord : MatchSet::kAllWords;

    const bool by_relevance = parsed.has_text;
    MatchPass full = run(query, by_relevance, request.sort, 0,
                         static_cast<Xapian::doccount>(wanted), request.facets);
    result.all_words_total = full.mset.get_matches_estimated();
    result.total = result.all_words_total;
    result.total_exact = full.mset.get_matches_lower_bound() == full.mset.get_matches_upper_bound();

    detail::Highlighter highlighter(analyzer, parsed.highlight_terms, parsed.highlight_stems);
    std::size_t index = 0;
    for (auto it = full.mset.begin(); it != full.mset.end(); ++it, ++index) {
      if (index >= request.offset) {
        result.hits.push_back(make_hit(it, highlighter, request.snippet_bytes, true));
      }
    }

    std::map<std::string, std::size_t> subjects = std::move(full.subjects);
    std::map<std::string, std::size_t> years = std::move(full.years);
    const std::size_t full_count = full.mset.size();
    if (full_count < wanted && !parsed.relaxed.empty() && request.match == MatchMode::kAllWords) {
      // Too few papers match every word: fill the page with papers matching
      // most of them, ranked after the full matches.
      Xapian::Query partial(Xapian::Query::OP_AND_NOT, parsed.relaxed, parsed.query);
      partial = add_filters(parser, partial, "subject", request.subjects);
      partial = add_filters(parser, partial, "year", request.years);
      const std::size_t skip = request.offset > full_count ? request.offset - full_count : 0;
      MatchPass rest =
          run(partial, true, request.sort, static_cast<Xapian::doccount>(skip),
              static_cast<Xapian::doccount>(wanted - std::max(full_count, request.offset)),
              request.facets);
      for (auto it = rest.mset.begin(); it != rest.mset.end(); ++it) {
        result.hits.push_back(make_hit(it, highlighter, request.snippet_bytes, false));
      }
      if (!rest.mset.empty() || rest.mset.get_matches_estimated() > 0) {
        result.match_set = MatchSet::kMostWords;
        result.total += rest.mset.get_matches_estimated();
        result.total_exact = result.total_exact && rest.mset.get_matches_lower_bound() ==
                                                       rest.mset.get_matches_upper_bound();
        for (const auto& [value, count] : rest.subjects) subjects[value] += count;
        for (const auto& [value, count] : rest.years) years[value] += count;
      }
    }
    if (request.facets) {
      result.subject_facets = detail::subject_facet(subjects);
      result.year_facets = detail::year_facet(years);
    }
    return result;
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
      impl_->db.reopen();
    } catch (const Xapian::DatabaseError& error) {
      throw IoError("reading the index at " + impl_->path + " failed: " + error.get_description());
    }
  }
}

std::size_t Searcher::document_count() const { return impl_->db.get_doccount(); }

}  // namespace paperdex
