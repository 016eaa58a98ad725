#include "search_cli.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>

#include <boost/program_options.hpp>

#include "option_table.h"
#include "output.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/common/line_reader.h"
#include "paperdex/common/safe_text.h"
#include "paperdex/common/schema.h"
#include "paperdex/common/taxonomy.h"
#include "paperdex/search_parameters.h"
#include "paperdex/searcher.h"
#include "syntax_help.h"
#include "tag_commands.h"
#include "terminal_text.h"

namespace paperdex::cli {

// What a search looks like (formats, columns, the text layout, terminal
// cleaning, the syntax help) is the presentation layer's, shared with
// paperdex-serve and Python; this file is the command around it.
using namespace paperdex::presentation;

namespace {

namespace po = boost::program_options;

constexpr int kExitOk = 0;
constexpr int kExitNothingFound = 1;  // as grep and ripgrep: the search found nothing
constexpr int kExitError = 2;

// A --batch line is one query: anything longer is not a query file.
constexpr std::size_t kMaxQueryLineBytes = 1 << 20;

// The saved-search options: at most one of save, run, list and remove.
struct SavedSearchOptions {
  std::string save;       // --save NAME
  std::string run;        // --saved NAME
  bool only_new = false;  // --new
  bool list = false;      // --saved-list
  std::string remove;     // --delete-saved NAME

  bool any() const { return !save.empty() || !run.empty() || list || !remove.empty(); }
};

struct CliOptions {
  std::vector<std::string> db_paths;  // --db, repeatable: searched as one index
  std::vector<std::string> query_words;
  SearchRequest request;
  OutputOptions output;
  const OutputFormat* format = nullptr;  // interpret() sets it from format_name
  // The library's search parameters (search_parameters.h) as given, by
  // name: each value read by the parameter's row. --facets' count is the
  // output's too.
  std::map<std::string, std::vector<std::string>, std::less<>> parameter_values;
  std::map<std::string, std::string, std::less<>> single_values;  // as parsed, until merged
  bool any = false;                                               // deprecated: --match any
  bool json = false;
  std::string format_name = "text";
  std::string highlight_markers = "<b>,</b>";
  std::vector<std::string> show_ids;
  bool body = false;        // --show prints the papers' full text instead
  bool references = false;  // --show prints the papers' references, as papers
  std::string color = "auto";
  std::string fields;
  std::string batch_file;
  std::string timings_file;
  bool stats = false;
  bool citations = false;  // --citations: every edge of the citation graph
  bool header = false;
  bool no_header = false;
  std::string completion;  // the shell --completion asks a script for
  bool allow_program_stubs = false;
  SavedSearchOptions saved;
  TagOptions tags;
};

// The values of --color, read by its check and by the completion scripts
// (--completion); the search parameters' are the library's table's.
constexpr std::array<std::string_view, 3> kColorModes = {"auto", "always", "never"};

// "a, b or c", for a message listing the values an option takes.
template <std::size_t N>
std::string either(const std::array<std::string_view, N>& names) {
  std::string text;
  for (std::size_t i = 0; i < N; ++i) {
    if (i > 0) text += i + 1 == N ? " or " : ", ";
    text += names[i];
  }
  return text;
}

// The Searcher of the index the options name (every --db as one), opened
// with their time limit (remote shards follow it), their permission for
// program stubs and for partial results.
Searcher open_searcher(const CliOptions& options) {
  SearcherOptions opening;
  opening.allow_program_stubs = options.allow_program_stubs;
  opening.time_limit_seconds = options.request.time_limit_seconds;
  opening.allow_partial = options.request.allow_partial;
  return Searcher(options.db_paths, opening);
}

// The --db locations, for messages: "A + B".
std::string db_text(const CliOptions& options) {
  std::string text;
  for (const std::string& path : options.db_paths) text += (text.empty() ? "" : " + ") + path;
  return text;
}

std::size_t terminal_width() {
  winsize size{};
  if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) {
    return size.ws_col;
  }
  if (const char* columns = std::getenv("COLUMNS")) {
    const long value = std::strtol(columns, nullptr, 10);
    if (value > 0) return static_cast<std::size_t>(value);
  }
  return 80;
}

bool use_color(const std::string& mode, std::ostream& out) {
  if (mode == "always") return true;
  if (mode == "never") return false;
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color && *no_color) return false;
  return &out == &std::cout && isatty(STDOUT_FILENO);
}

std::string join_words(const std::vector<std::string>& words) {
  std::string query;
  for (const std::string& word : words) {
    if (!query.empty()) query += ' ';
    query += word;
  }
  return query;
}

// A query error as a one-line message, then the query with the spot marked;
// `where` says which query of several it is ("--batch FILE:LINE: ").
void print_query_error(std::ostream& err, const std::string& query, const QuerySyntaxError& error,
                       const std::string& where) {
  err << "paperdex-search: " << where << terminal_safe(error.what());
  if (!error.hint().empty()) err << " (" << terminal_safe(error.hint()) << ")";
  err << '\n' << marked_query(query, error.position());
}

// A filter option's bad value: the option and its value named, nothing
// marked in the query (the value is not in it), the suggestion as an option.
void print_filter_error(std::ostream& err, const FilterError& error, const std::string& where) {
  const std::string option = "--" + error.filter();  // the parameter's option
  err << "paperdex-search: " << where << option << ' ' << terminal_safe(error.value()) << ": "
      << terminal_safe(error.what());
  if (!error.suggestion().empty()) {
    err << " (did you mean " << option << ' ' << terminal_safe(error.suggestion()) << "?)";
  }
  err << '\n';
}

// Results stay valid but may miss words: say so once, on standard error,
// and search all the same.
void warn_if_analysis_differs(const Searcher& searcher, std::ostream& err) {
  const AnalysisVersions versions = searcher.analysis_versions();
  if (!versions.differ()) return;
  err << "paperdex-search: warning: the index was built with " << terminal_safe(versions.index)
      << " and this paperdex-search uses " << versions.searcher
      << "; some words may be split differently and not match: re-index to be sure\n";
}

// What one search came to: papers found, none, or the query refused.
enum class Outcome { kFound, kNothing, kRejected };

// A result found something when any paper matched (a page past the last hit
// still found them); a --new run, when anything was new.
Outcome outcome_of(const SearchResult& result) {
  return result.total > 0 || result.ranked_total > 0 || !result.hits.empty() ? Outcome::kFound
                                                                             : Outcome::kNothing;
}

// The exit status of one search.
int status_of(Outcome outcome) {
  switch (outcome) {
    case Outcome::kFound:
      return kExitOk;
    case Outcome::kNothing:
      return kExitNothingFound;
    case Outcome::kRejected:
      break;
  }
  return kExitError;
}

class SearchSession {
 public:
  SearchSession(const CliOptions& options, std::ostream& out, std::ostream& err)
      : options_(options),
        output_(options.output),
        out_(out),
        err_(err),
        searcher_(open_searcher(options)) {
    warn_if_analysis_differs(searcher_, err_);
  }

  // Runs one query and prints it. `where` names the query in messages when
  // there are several ("--batch FILE:LINE: "), `line` its line in a --batch
  // file (TSV rows begin with it; 0 for none).
  Outcome run(const std::string& query, double* elapsed_ms, const std::string& where = {},
              std::size_t line = 0) {
    SearchRequest request = options_.request;
    request.query = query;
    output_.batch_line = line;
    try {
      const auto started = std::chrono::steady_clock::now();
      const SearchResult result = searcher_.search(request);
      if (elapsed_ms) {
        *elapsed_ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
                .count();
      }
      options_.format->print_result(out_, query, result, request, output_);
      output_.header = false;  // a header row heads the output, not each query's rows
      return outcome_of(result);
    } catch (const FilterError& error) {
      print_filter_error(err_, error, where);
      if (options_.format->print_query_error)
        options_.format->print_query_error(out_, query, error);
      return Outcome::kRejected;
    } catch (const QuerySyntaxError& error) {
      print_query_error(err_, query, error, where);
      if (options_.format->print_query_error)
        options_.format->print_query_error(out_, query, error);
      return Outcome::kRejected;
    }
  }

  // --saved NAME: the saved search with this command's page and output, each
  // hit marked with what is new about it; with --new only those, then seen.
  // The output also says since when news count and how many papers the
  // search matches, new or not (text says it when nothing is new). The time
  // is the one read just before the search: a --new run in between, by
  // another process, would make it a little early.
  Outcome run_saved(const std::string& name, bool only_new) {
    const SavedSearch saved = searcher_.saved_search(name);
    SearchRequest request = options_.request;
    request.query = saved.request.query;
    const SearchResult result = only_new ? searcher_.search_new(name, options_.request)
                                         : searcher_.search_saved(name, options_.request);
    SavedSearchRun run{saved.name, saved.seen, saved.seen == saved.saved, only_new, result.total};
    if (only_new) {  // the hits are the new papers: count the others too
      SearchRequest counting = options_.request;
      counting.limit = 0;
      counting.offset = 0;
      counting.facets = false;
      counting.author_facet = false;
      counting.suggest = false;
      counting.explain = false;
      run.matches = searcher_.search_saved(name, counting).total;
    }
    output_.saved = std::move(run);
    options_.format->print_result(out_, request.query, result, request, output_);
    return outcome_of(result);
  }

  Searcher& searcher() { return searcher_; }

 private:
  const CliOptions& options_;
  OutputOptions output_;
  std::ostream& out_;
  std::ostream& err_;
  Searcher searcher_;
};

// A failed write (a full disk, a closed pipe) is an error, not a silent
// success: says so once and returns false.
bool check_written(std::ostream& stream, const std::string& what, std::ostream& err) {
  if (stream.flush()) return true;
  const int error = errno;
  err << "paperdex-search: cannot write " << what << ": "
      << (error != 0 ? std::strerror(error) : "write error") << '\n';
  return false;
}

// `status`, or kExitError when the output could not be written.
int finish_output(int status, std::ostream& out, std::ostream& err) {
  return check_written(out, "the output", err) ? status : kExitError;
}

int run_batch(const CliOptions& options, std::ostream& out, std::ostream& err) {
  std::ifstream queries(options.batch_file);
  if (!queries) {
    err << "paperdex-search: cannot read --batch file " << terminal_safe(options.batch_file)
        << '\n';
    return kExitError;
  }
  std::optional<std::ofstream> timings;
  if (!options.timings_file.empty()) {
    timings.emplace(options.timings_file);
    if (!*timings) {
      err << "paperdex-search: cannot write --timings file " << terminal_safe(options.timings_file)
          << '\n';
      return kExitError;
    }
  }
  const std::string timings_name = "--timings file " + terminal_safe(options.timings_file);
  SearchSession session(options, out, err);
  bool all_ok = true;
  bool found = false;  // some query found a paper
  std::size_t number = 0;
  BoundedLineReader reader(queries, kMaxQueryLineBytes);
  std::string line;
  for (auto status = reader.next(line); status != BoundedLineReader::Status::kEnd;
       status = reader.next(line)) {
    // Every message about a query names its line, as compilers do.
    const std::string where = "--batch " + terminal_safe(options.batch_file) + ':' +
                              std::to_string(reader.line_number()) + ": ";
    if (status == BoundedLineReader::Status::kTooLong) {
      err << "paperdex-search: " << where << "a query line longer than 1 MiB; skipped\n";
      if (reader.gave_up()) {
        err << "paperdex-search: " << terminal_safe(options.batch_file)
            << ": no line end in the next 1 GiB either; not a file of queries, the rest is not "
               "read\n";
      }
      all_ok = false;
      ++number;
      continue;
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    // A blank line is no query (a file's last line, a separator): skipped,
    // and not counted as one.
    if (line.find_first_not_of(" \t\f\v") == std::string::npos) continue;
    double elapsed_ms = 0;
    try {
      const Outcome outcome = session.run(line, &elapsed_ms, where, reader.line_number());
      all_ok = outcome != Outcome::kRejected && all_ok;
      found = found || outcome == Outcome::kFound;
    } catch (const Error& error) {  // the index failed: no later query would fare better
      err << "paperdex-search: " << where << terminal_safe(error.what()) << '\n';
      return kExitError;
    }
    if (timings) *timings << number << '\t' << elapsed_ms << '\n';
    ++number;
    // Stop at the first failed write instead of searching for no one.
    if (!out || (timings && !*timings)) break;
  }
  if (reader.read_error()) {
    err << "paperdex-search: error reading --batch file " << terminal_safe(options.batch_file)
        << " after line " << reader.line_number() << '\n';
    all_ok = false;
  }
  if (timings) {
    timings->close();
    if (!*timings) {
      const int error = errno;
      err << "paperdex-search: cannot write " << timings_name << ": "
          << (error != 0 ? std::strerror(error) : "write error") << '\n';
      return kExitError;
    }
  }
  if (!all_ok) return kExitError;
  return found ? kExitOk : kExitNothingFound;
}

// --facets' default: the output's, not the library's (which counts every
// value); JSON shows every value unless --facets is given.
constexpr std::string_view kDefaultFacetValues = "10";

// Sets the request from the search parameters given, through their rows
// (search_parameters.h), with the library's messages under the option's
// name: "--limit must be between 0 and 10,000, not -1". What the output
// takes of them too: --facets' count, --explain's display.
std::optional<std::string> apply_parameters(CliOptions& options, const po::variables_map& vm) {
  for (const SearchParameter& row : search_parameters()) {
    if ((row.surfaces & kCommandLineSurface) == 0) continue;
    const auto given = options.parameter_values.find(row.name);
    if (given == options.parameter_values.end() || vm[std::string(row.name)].defaulted()) {
      continue;
    }
    for (const std::string& value : given->second) {
      try {
        row.set(options.request, value);
      } catch (const InvalidRequestError& error) {
        return "--" + std::string(row.name) + " " + error.problem();
      }
    }
  }
  if (options.any) options.request.match = MatchMode::kAnyWord;
  const std::vector<std::string>& facets = options.parameter_values["facets"];
  const std::string count = facets.empty() ? std::string(kDefaultFacetValues) : facets.back();
  options.output.facet_values_given = !vm["facets"].defaulted();
  // (--facets true: counted, shown as by default.)
  const std::string shown = count == "true" ? std::string(kDefaultFacetValues) : count;
  options.output.facet_values = count == "false" ? 0 : std::stoul(shown);
  if (vm.count("no-facets")) options.output.facet_values = 0;
  options.request.facets = options.output.facet_values > 0;
  options.output.explain = options.request.explain;
  return std::nullopt;
}

// A --batch file must be something queries can be read from, line by line.
std::optional<std::string> check_batch_file(const std::string& path) {
  if (path.empty()) return std::nullopt;
  std::error_code code;
  if (std::filesystem::is_directory(path, code)) {
    return "--batch " + path + " is a directory; give a file of queries, one a line";
  }
  std::ifstream probe(path);
  if (!probe) {
    return "cannot read --batch file " + path + ": " + std::strerror(errno);
  }
  return std::nullopt;
}

// Each check returns the usage error to print, or nullopt when all is well.
using Problem = std::optional<std::string>;

Problem apply_format(CliOptions& options, const po::variables_map& vm) {
  if (options.json && vm["format"].defaulted()) options.format_name = "json";
  // An edge list is data: TSV unless told otherwise.
  if (options.citations && vm["format"].defaulted() && !options.json) options.format_name = "tsv";
  options.format = find_format(options.format_name);
  if (!options.format) {
    return "--format must be " + format_names() + ", not " + quote_input(options.format_name);
  }
  if (options.json && options.format->name != "json") {
    return std::string("--json means --format json; give one or the other");
  }
  if (options.citations && !options.format->print_citation) {
    return "--citations has no " + std::string(options.format->name) +
           " form: use --format tsv or jsonl";
  }
  if (options.stats && !options.format->print_stats) {
    return "--stats has no " + std::string(options.format->name) +
           " form: use --format text, json, jsonl or tsv";
  }
  return std::nullopt;
}

Problem apply_fields(CliOptions& options) {
  if (options.fields.empty()) return std::nullopt;
  ParsedColumns parsed = parse_columns(options.fields);
  if (!parsed.error.empty()) return parsed.error;
  if (!options.show_ids.empty()) {
    for (const OutputColumn* field : parsed.columns) {
      if (field->search_only) {
        return "--fields " + std::string(field->name) +
               " is a search hit's, not a stored paper's: --show has no " +
               std::string(field->name);
      }
    }
  }
  options.output.fields = std::move(parsed.columns);
  return std::nullopt;
}

// "OPEN,CLOSE": the first comma divides them; either may be empty.
Problem apply_highlight_markers(CliOptions& options) {
  const std::size_t comma = options.highlight_markers.find(',');
  if (comma == std::string::npos) {
    return "--highlight-markers takes OPEN,CLOSE (such as '<em>,</em>'), not " +
           quote_input(options.highlight_markers);
  }
  options.output.highlight.open = options.highlight_markers.substr(0, comma);
  options.output.highlight.close = options.highlight_markers.substr(comma + 1);
  return std::nullopt;
}

// What --db names, or PAPERDEX_DB when --db is not given.
Problem apply_db(CliOptions& options) {
  if (options.db_paths.empty()) {
    if (const char* db = std::getenv("PAPERDEX_DB"); db != nullptr && *db != '\0') {
      options.db_paths.emplace_back(db);
    }
  }
  if (options.db_paths.empty()) {
    return std::string("--db PATH is required (or set PAPERDEX_DB to the index directory)");
  }
  return std::nullopt;
}

Problem check_citations(const CliOptions& options) {
  if (!options.citations) return std::nullopt;
  const SearchRequest& request = options.request;
  if (options.stats || !options.show_ids.empty() || !options.batch_file.empty() ||
      options.saved.any() || !options.query_words.empty() || !request.like.empty() ||
      !request.subjects.empty() || !request.years.empty() || !request.authors.empty()) {
    return std::string(
        "--citations writes the whole citation graph; it takes no query or filter and does not "
        "go with --stats, --show, --batch, --like or saved searches (cites:ID and cited_by:ID "
        "search it)");
  }
  return std::nullopt;
}

Problem check_show(const CliOptions& options) {
  if (options.body && options.show_ids.empty()) {
    return std::string("--body goes with --show: it prints the full text of the papers shown");
  }
  if (options.references && (options.show_ids.empty() || options.body)) {
    return std::string(
        "--references goes with --show (not --body): it prints the references of the papers "
        "shown, as papers, e.g. --show ID --references --format bibtex");
  }
  if (options.show_ids.empty()) return std::nullopt;
  if (options.stats || !options.batch_file.empty() || !options.request.like.empty()) {
    return std::string(
        "--show prints stored papers; it does not go with --stats, --batch or "
        "--like");
  }
  if (!options.query_words.empty()) {
    return "--show takes ids, not a query: put the ids right after it (not " +
           quote_input(join_words(options.query_words)) + ")";
  }
  return std::nullopt;
}

// --timings times the queries of a --batch file: alone, it would take the
// next word for its file and time nothing ("--timings --limit 10 q" searched
// "10 q").
Problem check_timings(const CliOptions& options) {
  if (options.timings_file.empty() || !options.batch_file.empty()) return std::nullopt;
  return "--timings goes with --batch: it writes each query's time to FILE (not " +
         quote_input(options.timings_file) + " alone)";
}

// The saved-search options: one at a time, --new with --saved, and no query
// but for --save (a saved search's query is its own).
Problem check_saved(const CliOptions& options) {
  const SavedSearchOptions& saved = options.saved;
  const int given = !saved.save.empty() + !saved.run.empty() + saved.list + !saved.remove.empty();
  if (given > 1) {
    return std::string(
        "--save, --saved, --saved-list and --delete-saved: give one of them at a time");
  }
  if (saved.only_new && saved.run.empty()) {
    return std::string("--new goes with --saved NAME: the papers new to that saved search");
  }
  if (!saved.any()) return std::nullopt;
  if (options.stats || !options.show_ids.empty() || !options.batch_file.empty()) {
    return std::string("saved searches do not go with --stats, --show or --batch");
  }
  const bool asks = !options.query_words.empty() || !options.request.subjects.empty() ||
                    !options.request.years.empty() || !options.request.authors.empty() ||
                    !options.request.like.empty();
  if (saved.save.empty() && asks) {
    return "a saved search has its own query and filters; to change them, --save it again "
           "(not " +
           quote_input(join_words(options.query_words)) + ")";
  }
  return std::nullopt;
}

// Checks and applies what the option values mean; prints the problem and
// returns false for a bad one.
bool interpret(CliOptions& options, const po::variables_map& vm, std::ostream& err) {
  Problem problem = apply_db(options);
  if (!problem) problem = apply_parameters(options, vm);
  if (!problem) problem = check_batch_file(options.batch_file);
  if (!problem &&
      std::find(kColorModes.begin(), kColorModes.end(), options.color) == kColorModes.end()) {
    problem = "--color must be " + either(kColorModes);
  }
  if (!problem) problem = apply_format(options, vm);
  if (!problem) problem = check_citations(options);
  if (!problem) problem = check_show(options);
  if (!problem) problem = check_timings(options);
  if (!problem) problem = check_saved(options);
  if (!problem) {
    const bool alone = !options.stats && options.show_ids.empty() && options.batch_file.empty() &&
                       !options.citations && !options.saved.any();
    problem = check_tag_options(options.tags, options.query_words, alone);
  }
  if (!problem) problem = apply_fields(options);
  if (!problem) problem = apply_highlight_markers(options);
  if (problem) {
    err << "paperdex-search: " << terminal_safe(*problem) << "\nTry 'paperdex-search --help'.\n";
    return false;
  }
  if (options.any) {
    err << "paperdex-search: " << deprecation_message("--any", "--match any") << "\n";
  }
  return true;
}

// What --help prints before the options.
std::string usage_text() {
  return "Usage: paperdex-search [--db PATH] [options] [--] QUERY...\n"
         "       paperdex-search [--db PATH] --like ID [options] [QUERY...]\n"
         "       paperdex-search [--db PATH] --show ID [ID...] [--body | --references]\n"
         "       paperdex-search [--db PATH] --stats\n"
         "       paperdex-search [--db PATH] --citations [--format tsv|jsonl]\n"
         "       paperdex-search [--db PATH] --save NAME [options] QUERY...\n"
         "       paperdex-search [--db PATH] --saved NAME [--new] [options]\n"
         "       paperdex-search [--db PATH] --saved-list | --delete-saved NAME\n"
         "       paperdex-search [--db PATH] --tag NAME ID... | --untag NAME ID...\n"
         "       paperdex-search [--db PATH] --tags | --show-tag NAME | --delete-tag NAME\n"
         "       paperdex-search [--db PATH] --recommend TAG[,TAG...] [options] [QUERY...]\n\n"
         "Searches a paperdex index, ranked by relevance over title and abstract. A query\n"
         "of up to " +
         std::to_string(kAllWordsUpTo) +
         " words matches the papers with every word (when none has them\n"
         "all, those with any, most words first); a longer one matches the papers with\n"
         "any of its words, English function words left out; written operators are taken\n"
         "as written (--match any: any word, whatever the length).\n"
         "Query syntax (all of it: --help-syntax):\n"
         "  word +required -excluded \"a phrase\" \"a b\"~5 a NEAR/3 b optim* (a OR b)\n" +
         field_names_summary() +
         "  subject:cs.NI subject:hep-th subject:physics year:2020..2024 id:2101.00001\n"
         "A query of filters alone lists every match, newest first.\n\n"
         "The index is --db PATH, or the directory PAPERDEX_DB names when --db is not given;\n"
         "several --db (directories, stubs, tcp://HOST:PORT shards) are searched as one index.\n\n"
         "Exit status: 0 papers found; 1 nothing found, as grep says it (no paper matches;\n"
         "with --saved NAME --new, nothing is new; with --batch, no query of the file found\n"
         "a paper); 2 usage, index or query error, or an id of --show that no paper has (the\n"
         "papers found are printed all the same). 2 wins over 1: a --batch file with a bad\n"
         "query exits 2. --json still prints the empty result.\n\n"
         "Options";
}

// The options, each with its help, in three groups of boost's add_options()
// chain (an option a row), which `--help` prints in this order. First: help,
// the index, and which papers (the filters, papers given by id).
void add_paper_options(po::options_description& visible, CliOptions& options) {
  // clang-format off
  visible.add_options()
      ("help,h", "show this help")
      ("help-syntax", "explain the query language")
      ("version", "show the versions of paperdex-search, its index schema, ICU and Xapian")
      ("db", po::value(&options.db_paths)->value_name("PATH"),
       "index directory, stub file or tcp://HOST:PORT (a shard served by xapian-tcpsrv); "
       "repeatable: searched as one index (default: $PAPERDEX_DB)")
      ("allow-program-stubs", po::bool_switch(&options.allow_program_stubs),
       "let the index's stub file run the programs its 'remote :PROGRAM' lines name "
       "(refused by default: opening an index must not run its code)")
      ("show", po::value(&options.show_ids)->multitoken()->value_name("ID..."),
       "print the stored papers with these ids (any form id: takes), every field; an id no "
       "paper has is named on standard error and makes the exit status 2")
      ("references", po::bool_switch(&options.references),
       "with --show: print each paper's references instead, as papers in any format (bibtex, "
       "ris, csljson...): the paper of this index each resolves to, else what its text gives")
      ("body", po::bool_switch(&options.body),
       "with --show: print each paper's full text as it was read (a PDF's pages each ending "
       "in a form feed) instead of its fields; a paper without one is named on standard error "
       "and makes the exit status 2");
  // clang-format on
}

// The library's search parameters (search_parameters.h), in its order: the
// same names, values and messages as the HTTP API's parameters and Python's
// keywords. A switch is --NAME (and --no-NAME turns it off: hidden_options);
// it takes no value, so that the query's words after it stay words. A list
// is repeated.
void add_search_options(po::options_description& visible, CliOptions& options) {
  for (const SearchParameter& row : search_parameters()) {
    if ((row.surfaces & kCommandLineSurface) == 0) continue;
    std::string name(row.name);
    std::string help(row.help);
    for (const DeprecatedParameter& old : deprecated_parameters()) {
      const std::string_view replacement = old.replacement;
      if ((old.surfaces & kCommandLineSurface) != 0 &&
          replacement.substr(0, replacement.find(' ')) == row.name) {
        help += " (--" + std::string(old.name) + ": its older name, still taken)";
      }
    }
    if (row.type == ParameterType::kTextList) {
      visible.add_options()(
          name.c_str(),
          po::value(&options.parameter_values[name])->value_name(std::string(row.value_name)),
          help.c_str());
      continue;
    }
    options.parameter_values[name];  // the row's list, merged into after the parse
    auto* value = po::value(&options.single_values[name]);
    if (row.type == ParameterType::kSwitch) {
      value->zero_tokens()->implicit_value("true", "");
      if (default_text(row) == "true") help += " (--no-" + name + " turns it off)";
    } else {
      value->value_name(std::string(row.value_name));
      const std::string shown =
          name == "facets" ? std::string(kDefaultFacetValues) : default_text(row);
      if (row.type != ParameterType::kText) value->default_value(shown);
    }
    // -n: what head and grep -m users reach for.
    if (name == "limit") name += ",n";
    visible.add_options()(name.c_str(), value, help.c_str());
  }
}

// --no-NAME of each switch that is not itself a negation: --no-suggest.
std::vector<const SearchParameter*> negated_switches() {
  std::vector<const SearchParameter*> rows;
  for (const SearchParameter& row : search_parameters()) {
    if ((row.surfaces & kCommandLineSurface) != 0 && row.type == ParameterType::kSwitch &&
        !row.name.starts_with("no-")) {
      rows.push_back(&row);
    }
  }
  return rows;
}

// Each single value given or defaulted, as the rows read them; a --no-NAME
// given is NAME false.
void merge_single_values(CliOptions& options, const po::variables_map& vm) {
  for (auto& [name, value] : options.single_values) {
    if (vm.count(name) != 0) options.parameter_values[name] = {value};
  }
  for (const SearchParameter* row : negated_switches()) {
    if (vm.count("no-" + std::string(row->name)) != 0) {
      options.parameter_values[std::string(row->name)] = {"false"};
    }
  }
}

// The --format line names the format table's rows.
std::string format_option_help() { return "output format: " + format_names() + " (listed below)"; }

// What is shown, in which format, and runs of many queries.
void add_output_options(po::options_description& visible, CliOptions& options) {
  // clang-format off
  visible.add_options()
      ("no-facets", "same as --facets 0")
      ("format", po::value(&options.format_name)->default_value("text")->value_name("FORMAT"),
       format_option_help().c_str())
      ("header", po::bool_switch(&options.header),
       "a first TSV row naming the columns (as --fields names them); the default on a terminal")
      ("no-header", po::bool_switch(&options.no_header), "no TSV header row, even on a terminal")
      ("json", po::bool_switch(&options.json), "same as --format json")
      ("fields", po::value(&options.fields)->value_name("LIST"),
       "what hits (and --show papers) show, comma-separated, in this order (listed below)")
      ("highlight-markers",
       po::value(&options.highlight_markers)->default_value("<b>,</b>")->value_name("OPEN,CLOSE"),
       "JSON: the markers around matched words in title_highlighted and snippet_highlighted")
      ("color", po::value(&options.color)->default_value("auto")->value_name("WHEN"),
       "highlight with colours: auto, always, never (auto honours NO_COLOR)")
      ("citations", po::bool_switch(&options.citations),
       "write every reference of every paper with a reference list as an edge of the citation "
       "graph: citing id, cited id (else DOI, else empty), cited_as (arxiv_id, doi, text), "
       "resolved_by, in_index, text; TSV (the default here; --header names the columns) or "
       "jsonl, for networkx or Gephi")
      ("stats", po::bool_switch(&options.stats),
       "describe the index: papers, terms, size, years, subjects, schema, last update, analysis "
       "(ICU version); TSV gives NAME<TAB>VALUE rows")
      ("batch", po::value(&options.batch_file)->value_name("FILE"),
       "run every query of FILE (one a line; blank lines skipped); with --format json one "
       "object per query, with --format tsv each row begins with the query's line number and "
       "the query")
      ("timings", po::value(&options.timings_file)->value_name("FILE"),
       "with --batch: write 'N<TAB>milliseconds' per query to FILE");
  // clang-format on
}

// Saved searches: stored in the index, run by name, new since last read.
void add_saved_search_options(po::options_description& visible, CliOptions& options) {
  // clang-format off
  visible.add_options()
      ("save", po::value(&options.saved.save)->value_name("NAME"),
       "save the query and filters given (QUERY, --subject, --year, --author, --like, --match, "
       "--sort, --no-cross-lists) in the index as NAME (letters, digits, '.', '_', '-'); the "
       "papers the index adds from now on are new to it")
      ("saved", po::value(&options.saved.run)->value_name("NAME"),
       "run the saved search NAME, with this command's page and output options; each hit "
       "says what is new about it (new, new version, cross-listed)")
      ("new", po::bool_switch(&options.saved.only_new),
       "with --saved: only the papers the index added, or saw a new version or category "
       "of, since the search was last run with --new (or saved); marks them all seen")
      ("saved-list", po::bool_switch(&options.saved.list),
       "list the saved searches: name, how many papers are new to each, query and filters")
      ("delete-saved", po::value(&options.saved.remove)->value_name("NAME"),
       "delete the saved search NAME");
  // clang-format on
}

po::options_description describe_options(CliOptions& options) {
  po::options_description visible(usage_text());
  add_paper_options(visible, options);
  add_search_options(visible, options);
  add_saved_search_options(visible, options);
  add_tag_options(visible, options.tags);
  add_output_options(visible, options);
  return visible;
}

// What --help prints after the options: the two tables.
std::string help_tables() {
  return "\nFormats (--format):\n" + formats_help() + "\nFields (--fields):\n" + columns_help();
}

std::string version_text() {
  return "paperdex-search " PAPERDEX_VERSION "\nindex schema version " +
         std::to_string(schema::kSchemaVersion) + "\n" + analysis_version() + "\nXapian " +
         Xapian::version_string() + "\n";
}

// The options whose values are a list, for the completion scripts: each from
// the table its check reads.
ChoiceTable option_choices() {
  ChoiceTable choices;
  for (const OutputFormat& format : output_formats()) {
    choices["format"].values.emplace_back(format.name);
  }
  for (const SearchParameter& row : search_parameters()) {
    for (std::string_view value : row.choices)
      choices[std::string(row.name)].values.emplace_back(value);
  }
  for (std::string_view mode : kColorModes) choices["color"].values.emplace_back(mode);
  for (const OutputColumn& field : output_columns())
    choices["fields"].values.emplace_back(field.name);
  choices["fields"].comma_separated = true;
  choices["subject"].values = taxonomy::subject_names();
  // The saved searches of the index the command line names (--db, else
  // PAPERDEX_DB), as --saved-list lists them: the name first. A time limit
  // keeps a silent remote index from holding the shell.
  for (const char* option : {"saved", "delete-saved"}) {
    choices[option].listed_by = {"--saved-list", "--format", "tsv", "--time-limit", "2"};
    choices[option].passed = {"db"};
  }
  for (const char* option : {"untag", "show-tag", "delete-tag", "recommend"}) {
    choices[option].listed_by = {"--tags", "--format", "tsv", "--time-limit", "2"};
    choices[option].passed = {"db"};
  }
  return choices;
}

// --completion SHELL: the script (the shell name was checked by the parser).
std::string completion_asked(const std::string& shell_name,
                             const po::options_description& visible) {
  for (const auto& [name, shell] : completion_shells()) {
    if (shell_name == name) {
      return completion_script(shell, "paperdex-search", visible, option_choices(), false);
    }
  }
  return {};
}

// Hidden: the build writes the completion scripts with it (CMakeLists.txt).
po::options_description hidden_options(CliOptions& options) {
  po::options_description hidden;
  // Deprecated names still taken (search_parameters.h), with a note; the
  // switches' negations.
  hidden.add_options()("any", po::bool_switch(&options.any));
  for (const SearchParameter* row : negated_switches()) {
    hidden.add_options()(("no-" + std::string(row->name)).c_str(), "");
  }
  hidden.add_options()("query", po::value(&options.query_words)->multitoken())(
      "completion", po::value(&options.completion)->notifier([](const std::string& shell) {
        for (const auto& [name, known] : completion_shells()) {
          if (shell == name) return;
        }
        throw po::error("--completion must be " + completion_shell_names() + ", not " +
                        quote_input(shell));
      }));
  return hidden;
}

// A TSV header row when asked, and by default for a person at a terminal;
// scripts (a pipe, a file) get the rows alone unless they ask.
bool apply_header(CliOptions& options, const std::ostream& out, std::ostream& err) {
  if (options.header && options.no_header) {
    err << "paperdex-search: --header and --no-header: give one or the other\n"
           "Try 'paperdex-search --help'.\n";
    return false;
  }
  options.output.header =
      options.header || (!options.no_header && &out == &std::cout && isatty(STDOUT_FILENO));
  return true;
}

// --help, --help-syntax, --version and --completion: what they print, or
// nullopt for none.
std::optional<std::string> information_asked(const po::variables_map& vm,
                                             const po::options_description& visible) {
  if (vm.count("help")) {
    std::ostringstream help;
    help << visible << help_tables();
    return help.str();
  }
  if (vm.count("help-syntax")) return syntax_help();
  if (vm.count("version")) return version_text();
  if (vm.count("completion")) return completion_asked(vm["completion"].as<std::string>(), visible);
  return std::nullopt;
}

// --show: the papers found, in the order asked; each id no paper has is
// named on standard error, and makes the status kExitError.
// --show --body: each paper's full text, plain, a blank line between papers;
// control characters but line and page breaks left out.
int show_bodies(const CliOptions& options, std::ostream& out, std::ostream& err) {
  Searcher searcher = open_searcher(options);
  int status = kExitOk;
  bool first = true;
  for (const std::string& id : options.show_ids) {
    try {
      std::string body = searcher.body(id);
      if (body.empty()) {
        err << "paperdex-search: " << terminal_safe(id) << " has no full text in the index\n";
        status = kExitError;
        continue;
      }
      std::erase_if(body, [](char c) {
        return (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\f') || c == 0x7f;
      });
      if (!first) out << '\n';
      first = false;
      out << body;
      if (body.back() != '\n') out << '\n';
    } catch (const PaperNotFoundError& error) {
      err << "paperdex-search: " << terminal_safe(error.what()) << '\n';
      status = kExitError;
    }
  }
  return status;
}

int show_papers(const CliOptions& options, std::ostream& out, std::ostream& err) {
  Searcher searcher = open_searcher(options);
  ShownPapers shown;
  for (const std::string& id : options.show_ids) {
    try {
      if (options.references) {
        for (Paper& paper : searcher.reference_papers(id)) shown.papers.push_back(std::move(paper));
        continue;
      }
      shown.papers.push_back(searcher.get(id));
    } catch (const PaperNotFoundError& error) {
      err << "paperdex-search: " << terminal_safe(error.what()) << '\n';
      shown.missing.push_back(id);
    }
  }
  options.format->print_papers(out, shown, options.output);
  return shown.missing.empty() ? kExitOk : kExitError;
}

int search_once(const CliOptions& options, std::ostream& out, std::ostream& err) {
  const std::string query = join_words(options.query_words);
  SearchRequest asked = options.request;
  asked.query = query;
  if (!asks_for_papers(asked)) {
    err << "paperdex-search: empty query: give search words, a filter (--subject, --year, "
           "--author), --like ID or --recommend TAG\nTry 'paperdex-search --help'.\n";
    return kExitError;
  }
  SearchSession session(options, out, err);
  return status_of(session.run(query, nullptr));
}

// --saved-list: JSON (an array; JSON lines: one object a line) for the JSON
// formats, else a line per search: name, papers new, query and filters.
void list_saved(const CliOptions& options, Searcher& searcher, std::ostream& out) {
  const std::vector<SavedSearch> all = searcher.saved_searches();
  const bool json = options.format->name == "json", lines = options.format->name == "jsonl";
  Json array = Json::array();
  for (const SavedSearch& saved : all) {
    if (json || lines) {
      Json object = saved_search_json(saved);
      if (lines) out << object.dump() << '\n';
      array.push_back(std::move(object));
    } else {
      out << terminal_safe(saved.name) << '\t' << saved.new_papers << " new\t"
          << terminal_safe(describe_saved(saved.request)) << '\n';
    }
  }
  if (json) out << array.dump(2) << '\n';
}

// --save, --saved, --saved-list, --delete-saved.
int run_saved_search_option(const CliOptions& options, std::ostream& out, std::ostream& err) {
  const SavedSearchOptions& saved = options.saved;
  if (!saved.run.empty()) {
    SearchSession session(options, out, err);
    return status_of(session.run_saved(saved.run, saved.only_new));
  }
  Searcher searcher = open_searcher(options);
  if (!saved.save.empty()) {
    SearchRequest request = options.request;
    request.query = join_words(options.query_words);
    if (!asks_for_papers(request)) {
      err << "paperdex-search: --save NAME needs a query or a filter (--subject, --year, "
             "--author, --like, --recommend) to save\nTry 'paperdex-search --help'.\n";
      return kExitError;
    }
    searcher.save_search(saved.save, request);
    out << "saved search " << saved.save << ": " << terminal_safe(describe_saved(request)) << '\n';
  } else if (!saved.remove.empty()) {
    searcher.delete_saved_search(saved.remove);
    out << "deleted saved search " << saved.remove << '\n';
  } else {
    list_saved(options, searcher, out);
  }
  return kExitOk;
}

// What the options ask for: the statistics, papers, a batch or one search.
int run_interpreted(const CliOptions& options, std::ostream& out, std::ostream& err) {
  try {
    if (options.stats) {
      Searcher searcher = open_searcher(options);
      options.format->print_stats(out, db_text(options), searcher.index_info(), options.output);
      return kExitOk;
    }
    if (!options.show_ids.empty()) {
      return options.body ? show_bodies(options, out, err) : show_papers(options, out, err);
    }
    if (options.citations) {
      Searcher searcher = open_searcher(options);
      bool first = true;
      searcher.for_each_citation([&](const Citation& citation) {
        options.format->print_citation(out, citation, options.output, first);
        first = false;
      });
      return kExitOk;
    }
    if (options.saved.any()) return run_saved_search_option(options, out, err);
    if (options.tags.any()) {
      return run_tag_command([&] { return open_searcher(options); }, options.tags,
                             options.query_words, *options.format, options.output, out, err);
    }
    if (!options.batch_file.empty()) return run_batch(options, out, err);
    return search_once(options, out, err);
  } catch (const Error& error) {
    err << "paperdex-search: " << terminal_safe(error.what()) << '\n';
    return kExitError;
  } catch (const std::exception& error) {
    // The library reports every failure as an Error; anything else still
    // ends in a message and status 2, never in an abort.
    err << "paperdex-search: " << db_text(options) << ": " << error.what() << '\n';
    return kExitError;
  }
}

}  // namespace

int run_search(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  CliOptions options;
  const po::options_description visible = describe_options(options);
  po::variables_map vm;
  po::positional_options_description positional;
  positional.add("query", -1);
  if (!parse_command_line("paperdex-search", argc, argv, visible, hidden_options(options),
                          &positional, vm, err)) {
    return kExitError;
  }
  if (const std::optional<std::string> information = information_asked(vm, visible)) {
    out << *information;
    return finish_output(kExitOk, out, err);
  }
  merge_single_values(options, vm);
  if (!interpret(options, vm, err) || !apply_header(options, out, err)) return kExitError;
  options.output.color = use_color(options.color, out);
  options.output.width = terminal_width();
  return finish_output(run_interpreted(options, out, err), out, err);
}

}  // namespace paperdex::cli
