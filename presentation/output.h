// How what the library returns is printed, one table of output formats, read
// by paperdex-search (--format), paperdex-serve (format=) and Python
// (format(), to_dict()) alike: each row is a format's name, its help and its printers (a search
// result, the papers of --show, the index statistics), as ripgrep picks a
// printer per format. Text is for people (text_layout.h); JSON, JSON lines
// and TSV are for scripts (stable shapes, see README "paperdex-search");
// BibTeX, RIS, CSL-JSON, Atom and Markdown carry papers elsewhere
// (citation_formats.h), and have no --stats form.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "output_columns.h"
#include "paperdex/searcher.h"

namespace paperdex::presentation {

// A run of a saved search (paperdex-search --saved NAME, paperdex-serve's
// /saved/NAME): what the output says of it besides the hits.
struct SavedSearchRun {
  std::string name;
  // The index time its news count from (SearchRequest::new_since): when it
  // was last run with --new, or saved.
  std::string new_since;
  bool never_looked = false;  // new_since is when it was saved: --new never ran
  bool only_new = false;      // --new: the hits are only the papers new to it
  std::size_t matches = 0;    // the papers it matches, new or not
};

struct OutputOptions {
  bool color = false;
  std::size_t width = 80;
  // Values shown per facet; JSON shows every value unless it was given.
  std::size_t facet_values = 10;
  bool facet_values_given = false;
  std::optional<ColumnSelection> fields;  // nullopt: the format's default
  bool explain = false;
  HighlightStyle highlight;
  bool header = false;  // TSV: a first row naming the columns
  // --batch: the query's line of the file (from 1), which TSV rows then begin
  // with, followed by the query; 0 for a single search.
  std::size_t batch_line = 0;
  // Set for a saved search's run: JSON says it ("saved_search"), text says
  // when nothing is new, and since when.
  std::optional<SavedSearchRun> saved;
};

// The papers --show asked for, in the order asked, and the ids no paper has.
struct ShownPapers {
  std::vector<Paper> papers;
  std::vector<std::string> missing;
};

struct OutputFormat {
  std::string_view name;
  std::string_view help;
  // The media type paperdex-serve sends it as (its Content-Type).
  std::string_view media_type;
  void (*print_result)(std::ostream& out, const std::string& query, const SearchResult& result,
                       const SearchRequest& request, const OutputOptions& options);
  void (*print_papers)(std::ostream& out, const ShownPapers& shown, const OutputOptions& options);
  // nullptr: the format has no form for --stats.
  void (*print_stats)(std::ostream& out, const std::string& path, const IndexInfo& info,
                      const OutputOptions& options);
  // A rejected query of a --batch run on standard output, so that each query
  // line has its answer line; nullptr: standard error alone says it.
  void (*print_query_error)(std::ostream& out, const std::string& query,
                            const QuerySyntaxError& error);
  // One edge of --citations (`first`: the first of the run, after which a
  // header would come); nullptr: the format has no form for it.
  void (*print_citation)(std::ostream& out, const Citation& citation, const OutputOptions& options,
                         bool first);
};

std::span<const OutputFormat> output_formats();
// nullptr for a name that is no format.
const OutputFormat* find_format(std::string_view name);
// "text, json, jsonl, tsv, ... or markdown".
std::string format_names();
// The --format help: each name with its help.
std::string formats_help();

// The most frequent values of a facet, largest first (ties in the library's
// order), at most `limit` of them, and what the rest add up to.
struct FacetSelection {
  std::vector<FacetCount> shown;
  std::size_t other_values = 0;  // values left out
  std::size_t other_count = 0;   // the sum of their counts
};
FacetSelection largest_values(const std::vector<FacetCount>& facet, std::size_t limit);

// The names JSON gives MatchSet and MatchRule ("all_words", "short_query").
std::string_view match_set_name(MatchSet set);
std::string_view match_rule_name(MatchRule rule);

// The JSON text of one search (the json format's line, without its newline;
// json_writer.h says why it is written, not built) and the JSON object of
// --stats.
std::string result_json(const std::string& query, const SearchResult& result,
                        const OutputOptions& options);
Json stats_json(const std::string& path, const IndexInfo& info);

// The query and filters of a saved search as the options that give them:
// "optical switch* --subject cs.NI".
std::string describe_saved(const SearchRequest& request);
// One saved search as --saved-list --format json lists it (and the API's
// /saved): {"name", "new", "query", "options", "saved", "seen"}.
Json saved_search_json(const SavedSearch& saved);

// A tag as JSON: {"name", "papers" (the ids), "created", "changed"}.
Json tag_json(const Tag& tag);

// An index time ("2026-12-03T10:00:00.123456Z") as a person reads it:
// "2026-12-03 10:00 UTC"; anything else as it is.
std::string index_time_text(const std::string& time);

}  // namespace paperdex::presentation
