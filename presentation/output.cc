#include "output.h"

#include <algorithm>
#include <array>
#include <ostream>
#include <utility>

#include "citation_formats.h"
#include "terminal_text.h"
#include "text_layout.h"

namespace paperdex::presentation {
namespace {

std::string dumped(const Json& json) {
  return json.dump(-1, ' ', false, Json::error_handler_t::replace);
}

// A facet as JSON buckets under `key`, largest first: [{"value", "name"
// (subjects), "count"}], and under KEY_other what the values left out count.
void facet_json(JsonWriter& facets, std::string_view key, const std::vector<FacetCount>& facet,
                bool named, const OutputOptions& options) {
  const FacetSelection selection =
      largest_values(facet, options.facet_values_given ? options.facet_values : facet.size());
  facets.key(key).begin_array();
  for (const FacetCount& value : selection.shown) {
    facets.begin_object().member("value", value.value);
    if (named) facets.member("name", value.label);
    facets.member("count", value.count).end();
  }
  facets.end().member(std::string(key) + "_other", selection.other_count);
}

void hit_json(JsonWriter& json, const Hit& hit, const OutputOptions& options) {
  json.begin_object();
  write_columns(json, hit, options.fields.value_or(search_columns()), options.highlight);
  if (!options.fields) json.member("matches_all_words", hit.matches_all_words);
  if (options.explain) put_contributions(json, "explain", hit.explanation);
  json.end();
}

void paper_json(JsonWriter& json, const Paper& paper, const OutputOptions& options) {
  HighlightStyle plain = options.highlight;
  plain.enabled = false;  // nothing in a stored paper matched anything
  json.begin_object();
  write_columns(json, hit_of_paper(paper), options.fields.value_or(paper_columns()), plain);
  json.end();
}

// One JSON object a line, written by `write` for each item (the jsonl format).
template <typename Items, typename Write>
void print_json_lines(std::ostream& out, const Items& items, const Write& write) {
  std::string text;
  for (const auto& item : items) {
    JsonWriter json(text);
    write(json, item);
    text += '\n';
  }
  out << text;
}

void print_json_result(std::ostream& out, const std::string& query, const SearchResult& result,
                       const SearchRequest&, const OutputOptions& options) {
  out << result_json(query, result, options) << '\n';
}

void print_jsonl_result(std::ostream& out, const std::string&, const SearchResult& result,
                        const SearchRequest&, const OutputOptions& options) {
  print_json_lines(out, result.hits,
                   [&](JsonWriter& json, const Hit& hit) { hit_json(json, hit, options); });
}

// One TSV cell: tabs and line breaks would split the row (terminal_safe has
// made them spaces already; this keeps the guarantee local).
std::string tsv_cell(std::string text) {
  std::replace_if(
      text.begin(), text.end(), [](char c) { return c == '\t' || c == '\n' || c == '\r'; }, ' ');
  return text;
}

// A row: `first` (a --batch query's line and query, else nothing), then the fields.
void print_tsv_row(std::ostream& out, const std::vector<std::string>& first, const Hit& hit,
                   const ColumnSelection& fields) {
  std::vector<std::string> cells = first;
  for (const OutputColumn* field : fields) cells.push_back(tsv_cell(field->text(*field, hit)));
  out << join(cells, "\t") << '\n';
}

// The header row, when asked: each column's name as --fields takes it, after
// `first`'s names.
void print_tsv_header(std::ostream& out, std::vector<std::string> first,
                      const ColumnSelection& fields, const OutputOptions& options) {
  if (!options.header) return;
  for (const OutputColumn* field : fields) first.emplace_back(field->name);
  out << join(first, "\t") << '\n';
}

// --batch: each row begins with the query's line in the file and the query
// (made a cell as the fields are), so that every row says which query found
// it; a line with no row found nothing.
void print_tsv_result(std::ostream& out, const std::string& raw_query,
                      const SearchResult& raw_result, const SearchRequest&,
                      const OutputOptions& options) {
  const ColumnSelection fields = options.fields.value_or(tsv_columns());
  const bool batch = options.batch_line > 0;
  print_tsv_header(out,
                   batch ? std::vector<std::string>{"line", "query"} : std::vector<std::string>{},
                   fields, options);
  const std::vector<std::string> first =
      batch ? std::vector<std::string>{std::to_string(options.batch_line),
                                       tsv_cell(terminal_safe(raw_query))}
            : std::vector<std::string>{};
  for (const Hit& hit : terminal_safe(raw_result).hits) print_tsv_row(out, first, hit, fields);
}

void print_json_papers(std::ostream& out, const ShownPapers& shown, const OutputOptions& options) {
  std::string text;
  JsonWriter json(text);
  json.begin_object().key("papers").begin_array();
  for (const Paper& paper : shown.papers) paper_json(json, paper, options);
  json.end().member("not_found", shown.missing).end();
  out << text << '\n';
}

void print_jsonl_papers(std::ostream& out, const ShownPapers& shown, const OutputOptions& options) {
  print_json_lines(out, shown.papers,
                   [&](JsonWriter& json, const Paper& paper) { paper_json(json, paper, options); });
}

void print_tsv_papers(std::ostream& out, const ShownPapers& shown, const OutputOptions& options) {
  const ColumnSelection fields = options.fields.value_or(paper_columns());
  print_tsv_header(out, {}, fields, options);
  for (const Paper& paper : shown.papers) {
    print_tsv_row(out, {}, hit_of_paper(terminal_safe(paper)), fields);
  }
}

// What a citation cites, and as what: its id, else its DOI, else nothing
// (its text says what it is).
std::pair<std::string, std::string_view> cited_of(const Reference& reference) {
  if (!reference.id.empty()) return {reference.id, "arxiv_id"};
  if (!reference.doi.empty()) return {reference.doi, "doi"};
  return {"", "text"};
}

// citing, cited, cited_as, resolved_by, in_index, text: an edge list that
// networkx (read_edgelist) and Gephi read, with what each edge rests on.
void print_tsv_citation(std::ostream& out, const Citation& citation, const OutputOptions& options,
                        bool first) {
  if (first && options.header) out << "citing\tcited\tcited_as\tresolved_by\tin_index\ttext\n";
  const Reference& reference = citation.reference;
  const auto [cited, cited_as] = cited_of(reference);
  out << tsv_cell(terminal_safe(citation.citing)) << '\t' << tsv_cell(terminal_safe(cited)) << '\t'
      << cited_as << '\t' << reference.resolved_by << '\t' << (reference.in_index ? "yes" : "no")
      << '\t' << tsv_cell(terminal_safe(reference.text)) << '\n';
}

void print_jsonl_citation(std::ostream& out, const Citation& citation, const OutputOptions&, bool) {
  const Reference& reference = citation.reference;
  const auto [cited, cited_as] = cited_of(reference);
  std::string text;
  JsonWriter json(text);
  json.begin_object()
      .member("citing", citation.citing)
      .member("cited", cited)
      .member("cited_as", cited_as)
      .member("resolved_by", reference.resolved_by)
      .member("in_index", reference.in_index)
      .member("doi", reference.doi)
      .member("text", reference.text)
      .end();
  out << text << '\n';
}

void print_json_stats(std::ostream& out, const std::string& path, const IndexInfo& info,
                      const OutputOptions&) {
  out << dumped(stats_json(path, info)) << '\n';
}

// NAME<TAB>VALUE rows, the names JSON has, each subject as subject:CODE: two
// columns throughout, for cut and awk.
void print_tsv_stats(std::ostream& out, const std::string& path, const IndexInfo& raw_info,
                     const OutputOptions& options) {
  const IndexInfo info = terminal_safe(raw_info);
  if (options.header) out << "name\tvalue\n";
  const auto row = [&](std::string_view name, const std::string& value) {
    out << name << '\t' << tsv_cell(value) << '\n';
  };
  row("path", terminal_safe(path));
  row("documents", std::to_string(info.documents));
  row("unique_terms", std::to_string(info.unique_terms));
  row("term_occurrences", std::to_string(info.term_occurrences));
  row("size_bytes", std::to_string(info.size_bytes));
  row("first_year", std::to_string(info.first_year));
  row("last_year", std::to_string(info.last_year));
  row("subject_count", std::to_string(info.subjects.size()));
  row("schema_version", std::to_string(info.schema_version));
  row("last_update", info.last_update);
  row("analysis", info.analysis);
  for (const FacetCount& subject : info.subjects) {
    row("subject:" + subject.value, std::to_string(subject.count));
  }
}

void print_json_query_error(std::ostream& out, const std::string& query,
                            const QuerySyntaxError& error) {
  out << dumped({{"query", query}, {"error", error.what()}}) << '\n';
}

// The citation, feed and digest formats render stored papers
// (citation_formats.h): a search's are its hits' papers, in rank order.
std::vector<Paper> papers_of(const SearchResult& result) {
  std::vector<Paper> papers;
  for (const Hit& hit : result.hits) papers.push_back(hit.paper);
  return papers;
}

// A feed of a search is named by the query as given (the filters when it
// has no words), a saved search's by its name too, and identified by the
// query as parsed, filters included; it says which page of the results it
// holds.
FeedSubject search_subject(const std::string& query, const SearchResult& result,
                           const SearchRequest& request, const OutputOptions& options) {
  const std::string parsed = result.parsed_query.empty() ? query : result.parsed_query;
  const std::string searched = query.empty() ? parsed : query;
  return {"paperdex: " + (options.saved ? options.saved->name + " (" + searched + ")" : searched),
          parsed, FeedPage{result.ranked_total, request.offset + 1, request.limit}};
}

FeedSubject shown_subject(const ShownPapers& shown) {
  std::string ids;
  for (const Paper& paper : shown.papers) ids += (ids.empty() ? "" : " ") + paper.id;
  return {"paperdex: " + ids, "show " + ids};
}

template <std::string (*render)(std::span<const Paper>)>
void print_cited_result(std::ostream& out, const std::string&, const SearchResult& result,
                        const SearchRequest&, const OutputOptions&) {
  out << render(papers_of(result));
}

template <std::string (*render)(std::span<const Paper>)>
void print_cited_papers(std::ostream& out, const ShownPapers& shown, const OutputOptions&) {
  out << render(shown.papers);
}

template <std::string (*render)(const FeedSubject&, std::span<const Paper>)>
void print_feed_result(std::ostream& out, const std::string& query, const SearchResult& result,
                       const SearchRequest& request, const OutputOptions& options) {
  out << render(search_subject(query, result, request, options), papers_of(result));
}

template <std::string (*render)(const FeedSubject&, std::span<const Paper>)>
void print_feed_papers(std::ostream& out, const ShownPapers& shown, const OutputOptions&) {
  out << render(shown_subject(shown), shown.papers);
}

const std::array kFormats = {
    OutputFormat{"text", "for people: wrapped to the terminal, highlighted, facets with names",
                 "text/plain; charset=utf-8", print_text_result, print_text_papers,
                 print_text_stats, nullptr, nullptr},
    OutputFormat{"json", "one JSON object per search (README \"JSON output\")",
                 "application/json; charset=utf-8", print_json_result, print_json_papers,
                 print_json_stats, print_json_query_error, nullptr},
    OutputFormat{"jsonl", "one JSON object per hit (per paper with --show), one a line",
                 "application/x-ndjson; charset=utf-8", print_jsonl_result, print_jsonl_papers,
                 print_json_stats, nullptr, print_jsonl_citation},
    OutputFormat{"tsv", "one row per hit: id, year, score, title unless --fields says",
                 "text/tab-separated-values; charset=utf-8", print_tsv_result, print_tsv_papers,
                 print_tsv_stats, nullptr, print_tsv_citation},
    OutputFormat{"bibtex",
                 "BibTeX entries in arXiv's style (@misc; @article with a journal and DOI)",
                 "application/x-bibtex; charset=utf-8", print_cited_result<bibtex>,
                 print_cited_papers<bibtex>, nullptr, nullptr, nullptr},
    OutputFormat{"ris", "RIS records (TY ELEC; JOUR with a journal and DOI)",
                 "application/x-research-info-systems; charset=utf-8", print_cited_result<ris>,
                 print_cited_papers<ris>, nullptr, nullptr, nullptr},
    OutputFormat{"csljson", "CSL-JSON items, as citeproc and Zotero import them",
                 "application/vnd.citationstyles.csl+json; charset=utf-8",
                 print_cited_result<csl_json>, print_cited_papers<csl_json>, nullptr, nullptr,
                 nullptr},
    OutputFormat{"atom", "an Atom 1.0 feed of the papers, for a feed reader",
                 "application/atom+xml; charset=utf-8", print_feed_result<atom_feed>,
                 print_feed_papers<atom_feed>, nullptr, nullptr, nullptr},
    OutputFormat{"markdown", "a Markdown digest: linked titles, authors, the abstract's start",
                 "text/markdown; charset=utf-8", print_feed_result<markdown_digest>,
                 print_feed_papers<markdown_digest>, nullptr, nullptr, nullptr},
};

}  // namespace

std::span<const OutputFormat> output_formats() { return kFormats; }

const OutputFormat* find_format(std::string_view name) {
  for (const OutputFormat& format : kFormats) {
    if (format.name == name) return &format;
  }
  return nullptr;
}

std::string format_names() {
  std::string names;
  for (std::size_t i = 0; i < kFormats.size(); ++i) {
    if (i > 0) names += i + 1 == kFormats.size() ? " or " : ", ";
    names += kFormats[i].name;
  }
  return names;
}

std::string formats_help() {
  std::string help;
  for (const OutputFormat& format : kFormats) {
    help += "  " + std::string(format.name) + std::string(10 - format.name.size(), ' ') +
            std::string(format.help) + "\n";
  }
  return help;
}

FacetSelection largest_values(const std::vector<FacetCount>& facet, std::size_t limit) {
  FacetSelection selection;
  selection.shown = facet;
  std::stable_sort(selection.shown.begin(), selection.shown.end(),
                   [](const FacetCount& a, const FacetCount& b) { return a.count > b.count; });
  if (selection.shown.size() > limit) {
    for (std::size_t i = limit; i < selection.shown.size(); ++i) {
      selection.other_count += selection.shown[i].count;
    }
    selection.other_values = selection.shown.size() - limit;
    selection.shown.resize(limit);
  }
  return selection;
}

namespace {

// The JSON names of the library's enums: one table each.
constexpr std::array<std::pair<MatchSet, std::string_view>, 3> kMatchSetNames = {{
    {MatchSet::kAllWords, "all_words"},
    {MatchSet::kAnyWord, "any_word"},
    {MatchSet::kMostWords, "most_words"},
}};
constexpr std::array<std::pair<MatchRule, std::string_view>, 5> kMatchRuleNames = {{
    {MatchRule::kAsWritten, "as_written"},
    {MatchRule::kShortQuery, "short_query"},
    {MatchRule::kNoFullMatch, "no_full_match"},
    {MatchRule::kLongQuery, "long_query"},
    {MatchRule::kAnyWordRequested, "any_word_requested"},
}};

template <typename Enum, std::size_t N>
std::string_view name_of(const std::array<std::pair<Enum, std::string_view>, N>& names,
                         Enum value) {
  for (const auto& [key, name] : names) {
    if (key == value) return name;
  }
  return names[0].second;
}

}  // namespace

std::string_view match_set_name(MatchSet set) { return name_of(kMatchSetNames, set); }
std::string_view match_rule_name(MatchRule rule) { return name_of(kMatchRuleNames, rule); }

std::string result_json(const std::string& query, const SearchResult& result,
                        const OutputOptions& options) {
  std::string text;
  JsonWriter json(text);
  json.begin_object().member("query", query);
  if (options.saved) {
    const SavedSearchRun& saved = *options.saved;
    json.key("saved_search")
        .begin_object()
        .member("name", saved.name)
        .member("new_since", saved.new_since)
        .member("only_new", saved.only_new)
        .member("matches", saved.matches)
        .end();
  }
  json.member("total", result.total)
      .member("total_exact", result.total_exact)
      .member("match_set", match_set_name(result.match_set))
      .member("match_rule", match_rule_name(result.match_rule))
      .member("all_words_total", result.all_words_total);
  if (result.match_set == MatchSet::kMostWords) {
    json.member("words_needed", result.words_needed)
        .member("words_searched", result.words_searched);
  }
  json.member("ranked_total", result.ranked_total).member("notes", result.notes).key("suggestion");
  result.suggestion.empty() ? json.null() : json.value(result.suggestion);
  json.member("corrected", result.corrected)
      .member("partial", result.partial)
      .member("missing_shards", result.missing_shards);
  if (options.explain) {
    json.key("explain").begin_object().member("parsed_query", result.parsed_query).end();
  }
  json.key("hits").begin_array();
  for (const Hit& hit : result.hits) hit_json(json, hit, options);
  json.end().key("facets").begin_object();
  facet_json(json, "subjects", result.subject_facets, true, options);
  facet_json(json, "years", result.year_facets, false, options);
  if (!result.author_facets.empty()) {
    facet_json(json, "authors", result.author_facets, false, options);
  }
  json.end().end();
  return text;
}

Json stats_json(const std::string& path, const IndexInfo& info) {
  Json subjects = Json::array();
  for (const FacetCount& subject : info.subjects) {
    subjects.push_back(
        {{"value", subject.value}, {"name", subject.label}, {"count", subject.count}});
  }
  return {{"path", path},
          {"documents", info.documents},
          {"unique_terms", info.unique_terms},
          {"term_occurrences", info.term_occurrences},
          {"size_bytes", info.size_bytes},
          {"first_year", info.first_year},
          {"last_year", info.last_year},
          {"subject_count", info.subjects.size()},
          {"subjects", std::move(subjects)},
          {"schema_version", info.schema_version},
          {"last_update", info.last_update},
          {"analysis", info.analysis}};
}

std::string describe_saved(const SearchRequest& request) {
  std::string text = request.query;
  const auto add = [&](std::string_view option, const std::string& value) {
    text += (text.empty() ? "" : " ") + std::string(option);
    if (!value.empty()) text += " " + value;
  };
  for (const std::string& subject : request.subjects) add("--subject", subject);
  for (const std::string& year : request.years) add("--year", year);
  for (const std::string& author : request.authors) add("--author", "\"" + author + "\"");
  if (!request.like.empty()) add("--like", request.like);
  if (request.match == MatchMode::kAnyWord) add("--match", "any");
  if (!request.cross_lists) add("--no-cross-lists", "");
  for (const auto& [name, order] : kSortOrderNames) {
    if (order == request.sort && order != SortOrder::kRelevance) add("--sort", std::string(name));
  }
  return text;
}

Json saved_search_json(const SavedSearch& saved) {
  return {{"name", saved.name},           {"new", saved.new_papers},
          {"query", saved.request.query}, {"options", describe_saved(saved.request)},
          {"saved", saved.saved},         {"seen", saved.seen}};
}

Json tag_json(const Tag& tag) {
  return {{"name", tag.name},
          {"papers", tag.papers},
          {"created", tag.created},
          {"changed", tag.changed}};
}

std::string index_time_text(const std::string& time) {
  // YYYY-MM-DDTHH:MM, then seconds and a fraction: the minute is enough.
  if (time.size() < 16 || time[10] != 'T') return time;
  return time.substr(0, 10) + " " + time.substr(11, 5) + " UTC";
}

}  // namespace paperdex::presentation
