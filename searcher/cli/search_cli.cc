#include "search_cli.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>

#include <boost/program_options.hpp>

#include "output.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/common/line_reader.h"
#include "paperdex/common/safe_text.h"
#include "paperdex/common/schema.h"
#include "paperdex/searcher.h"
#include "syntax_help.h"
#include "terminal_text.h"

namespace paperdex::cli {
namespace {

namespace po = boost::program_options;

constexpr int kExitOk = 0;
constexpr int kExitError = 2;

// The request's numbers are bounded by the library (validate_request); how
// many facet values to show is this command's own, and bounded here.
constexpr long long kMaxFacetValues = 10'000;
// A --batch line is one query: anything longer is not a query file.
constexpr std::size_t kMaxQueryLineBytes = 1 << 20;

// The whole-number options as given: read signed, so that "-1" is refused
// instead of wrapping to the largest unsigned value.
struct NumberOptions {
  long long limit = 10;
  long long offset = 0;
  long long snippet = 240;
  long long facets = 10;
};

struct CliOptions {
  std::string db_path;
  std::vector<std::string> query_words;
  SearchRequest request;
  OutputOptions output;
  const OutputFormat* format = nullptr;  // interpret() sets it from format_name
  bool any = false;
  bool no_cross_lists = false;
  bool json = false;
  std::string format_name = "text";
  std::string highlight_markers = "<b>,</b>";
  std::vector<std::string> show_ids;
  std::string color = "auto";
  std::string sort = "relevance";
  std::string fields;
  std::vector<std::string> facets_wanted;
  std::string batch_file;
  std::string timings_file;
  bool stats = false;
  NumberOptions numbers;
};

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

// A query error as a one-line message, then the query with the spot marked.
void print_query_error(std::ostream& err, const std::string& query, const QuerySyntaxError& error) {
  err << "paperdex-search: " << terminal_safe(error.what());
  if (!error.hint().empty()) err << " (" << terminal_safe(error.hint()) << ")";
  err << '\n' << marked_query(query, error.position());
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

class SearchSession {
 public:
  SearchSession(const CliOptions& options, std::ostream& out, std::ostream& err)
      : options_(options), out_(out), err_(err), searcher_(options.db_path) {
    warn_if_analysis_differs(searcher_, err_);
  }

  // Runs one query and prints it; returns false when the query was rejected.
  bool run(const std::string& query, double* elapsed_ms) {
    SearchRequest request = options_.request;
    request.query = query;
    try {
      const auto started = std::chrono::steady_clock::now();
      const SearchResult result = searcher_.search(request);
      if (elapsed_ms) {
        *elapsed_ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
                .count();
      }
      options_.format->print_result(out_, query, result, request, options_.output);
      return true;
    } catch (const QuerySyntaxError& error) {
      print_query_error(err_, query, error);
      if (options_.format->print_query_error)
        options_.format->print_query_error(out_, query, error);
      return false;
    }
  }

 private:
  const CliOptions& options_;
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
  std::size_t number = 0;
  BoundedLineReader reader(queries, kMaxQueryLineBytes);
  std::string line;
  for (auto status = reader.next(line); status != BoundedLineReader::Status::kEnd;
       status = reader.next(line)) {
    if (status == BoundedLineReader::Status::kTooLong) {
      err << "paperdex-search: " << terminal_safe(options.batch_file) << ':' << reader.line_number()
          << ": a query line longer than 1 MiB; skipped\n";
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
    double elapsed_ms = 0;
    all_ok = session.run(line, &elapsed_ms) && all_ok;
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
  return all_ok ? kExitOk : kExitError;
}

// Checks the numeric options and puts them into the request. The request's
// own are checked by the library, as every caller's are (validate_request),
// and reported under the option's name: "--limit must be between 0 and
// 10,000, not -1".
std::optional<std::string> apply_numbers(const NumberOptions& numbers, CliOptions& options) {
  const struct {
    const char* option;
    std::string_view field;  // SearchRequest's name for it
    double value;
  } request_numbers[] = {
      {"--limit", "limit", static_cast<double>(numbers.limit)},
      {"--offset", "offset", static_cast<double>(numbers.offset)},
      {"--snippet", "snippet_bytes", static_cast<double>(numbers.snippet)},
      {"--time-limit", "time_limit_seconds", options.request.time_limit_seconds},
  };
  for (const auto& number : request_numbers) {
    try {
      check_request_value(number.field, number.value);
    } catch (const InvalidRequestError& error) {
      return std::string(number.option) + " " + error.problem();
    }
  }
  if (numbers.facets < 0 || numbers.facets > kMaxFacetValues) {
    return "--facets must be between 0 and " + with_thousands(kMaxFacetValues) + ", not " +
           std::to_string(numbers.facets);
  }
  options.request.limit = static_cast<std::size_t>(numbers.limit);
  options.request.offset = static_cast<std::size_t>(numbers.offset);
  options.request.snippet_bytes = static_cast<std::size_t>(numbers.snippet);
  options.output.facet_values = static_cast<std::size_t>(numbers.facets);
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

Problem apply_sort(CliOptions& options) {
  if (options.sort == "relevance") {
    options.request.sort = SortOrder::kRelevance;
  } else if (options.sort == "newest") {
    options.request.sort = SortOrder::kNewest;
  } else if (options.sort == "oldest") {
    options.request.sort = SortOrder::kOldest;
  } else if (options.sort == "updated") {
    options.request.sort = SortOrder::kUpdated;
  } else {
    return "--sort must be relevance, newest, oldest or updated, not " + quote_input(options.sort);
  }
  return std::nullopt;
}

Problem apply_format(CliOptions& options, const po::variables_map& vm) {
  if (options.json && vm["format"].defaulted()) options.format_name = "json";
  options.format = find_format(options.format_name);
  if (!options.format) {
    return "--format must be " + format_names() + ", not " + quote_input(options.format_name);
  }
  if (options.json && options.format->name != "json") {
    return std::string("--json means --format json; give one or the other");
  }
  return std::nullopt;
}

Problem apply_fields(CliOptions& options) {
  if (options.fields.empty()) return std::nullopt;
  ParsedFields parsed = parse_fields(options.fields);
  if (!parsed.error.empty()) return parsed.error;
  if (!options.show_ids.empty()) {
    for (const HitField* field : parsed.fields) {
      if (field->search_only) {
        return "--fields " + std::string(field->name) +
               " is a search hit's, not a stored paper's: --show has no " +
               std::string(field->name);
      }
    }
  }
  options.output.fields = std::move(parsed.fields);
  return std::nullopt;
}

Problem apply_facets(CliOptions& options, const po::variables_map& vm) {
  for (const std::string& facet : options.facets_wanted) {
    if (facet == "author") {
      options.request.author_facet = true;
    } else if (facet != "subject" && facet != "year") {
      return "--facet must be subject, year or author, not " + quote_input(facet);
    }
  }
  options.output.facet_values_given = !vm["facets"].defaulted();
  if (vm.count("no-facets")) options.output.facet_values = 0;
  options.request.facets = options.output.facet_values > 0;
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
  if (options.db_path.empty()) {
    if (const char* db = std::getenv("PAPERDEX_DB")) options.db_path = db;
  }
  if (options.db_path.empty()) {
    return std::string("--db PATH is required (or set PAPERDEX_DB to the index directory)");
  }
  return std::nullopt;
}

Problem check_show(const CliOptions& options) {
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

// Checks and applies what the option values mean; prints the problem and
// returns false for a bad one.
bool interpret(CliOptions& options, const po::variables_map& vm, std::ostream& err) {
  Problem problem = apply_db(options);
  if (!problem) problem = apply_numbers(options.numbers, options);
  if (!problem) problem = check_batch_file(options.batch_file);
  if (!problem) problem = apply_sort(options);
  if (!problem && options.color != "auto" && options.color != "always" &&
      options.color != "never") {
    problem = "--color must be auto, always or never";
  }
  if (!problem) problem = apply_format(options, vm);
  if (!problem) problem = check_show(options);
  if (!problem) problem = apply_fields(options);
  if (!problem) problem = apply_facets(options, vm);
  if (!problem) problem = apply_highlight_markers(options);
  if (problem) {
    err << "paperdex-search: " << terminal_safe(*problem) << "\nTry 'paperdex-search --help'.\n";
    return false;
  }
  options.request.match = options.any ? MatchMode::kAnyWord : MatchMode::kAllWords;
  options.request.cross_lists = !options.no_cross_lists;
  options.output.explain = options.request.explain;
  return true;
}

// The options, each with its help; `--help` prints them. One long function
// because it is one table: boost's add_options() chain, an option a row.
po::options_description describe_options(CliOptions& options) {
  po::options_description visible(
      "Usage: paperdex-search [--db PATH] [options] [--] QUERY...\n"
      "       paperdex-search [--db PATH] --like ID [options] [QUERY...]\n"
      "       paperdex-search [--db PATH] --show ID [ID...]\n"
      "       paperdex-search [--db PATH] --stats\n\n"
      "Searches a paperdex index. Every word must match (ranked by relevance over title\n"
      "and abstract); when too few papers match every word, the page is filled with papers\n"
      "matching most of them. Query syntax (all of it: --help-syntax):\n"
      "  word +required -excluded \"a phrase\" \"a b\"~5 a NEAR/3 b optim* (a OR b)\n" +
      field_names_summary() +
      "  subject:cs.NI subject:hep-th subject:physics year:2020..2024 id:2101.00001\n"
      "A query of filters alone lists every match, newest first.\n\n"
      "The index is --db PATH, or the directory PAPERDEX_DB names when --db is not given.\n\n"
      "Exit status: 0 success (also when nothing matches), 2 usage, index or query error,\n"
      "or an id of --show that no paper has (the papers found are printed all the same).\n\n"
      "Options");
  // clang-format off
  visible.add_options()
      ("help,h", "show this help")
      ("help-syntax", "explain the query language")
      ("version", "show the versions of paperdex-search, its index schema, ICU and Xapian")
      ("db", po::value(&options.db_path)->value_name("PATH"),
       "index directory (default: $PAPERDEX_DB)")
      ("subject", po::value(&options.request.subjects)->value_name("CAT"),
       "only papers in this category, archive or group (repeatable, OR-ed): cs.NI, cs, physics")
      ("year", po::value(&options.request.years)->value_name("RANGE"),
       "only papers from these years (repeatable): 2024, 2020..2024, 2020.., ..2010")
      ("no-cross-lists", po::bool_switch(&options.no_cross_lists),
       "only papers whose primary category is one of the --subject filters")
      ("author", po::value(&options.request.authors)->value_name("NAME"),
       "only papers by this author (repeatable, OR-ed), as the author facet lists them")
      ("like", po::value(&options.request.like)->value_name("ID"),
       "papers similar to paper ID (its title and abstract), the paper itself left out")
      ("show", po::value(&options.show_ids)->multitoken()->value_name("ID..."),
       "print the stored papers with these ids (any form id: takes), every field; an id no "
       "paper has is named on standard error and makes the exit status 2")
      ("limit,n", po::value(&options.numbers.limit)->default_value(10)->value_name("N"),
       "hits per page (0 to 10,000; 0 prints the total and the facets only)")
      ("offset", po::value(&options.numbers.offset)->default_value(0)->value_name("N"),
       "hits to skip (for paging; 0 to 100,000)")
      ("sort", po::value(&options.sort)->default_value("relevance")->value_name("ORDER"),
       "relevance, newest, oldest or updated (latest version first)")
      ("any", po::bool_switch(&options.any),
       "match papers with any of the words, whatever the query's length")
      ("strict-syntax", po::bool_switch(&options.request.strict_syntax),
       "reject what is not valid query syntax (exit 2, the spot marked) instead of reading "
       "it as words")
      ("time-limit", po::value(&options.request.time_limit_seconds)->default_value(10)
                         ->value_name("SECONDS"),
       "stop a search after SECONDS with the best hits found by then (0: no limit)")
      ("correct", po::bool_switch(&options.request.correct),
       "when a word looks misspelled, search the corrected query instead")
      ("explain", po::bool_switch(&options.request.explain),
       "show the parsed query and, per hit, what each matching term added to the score")
      ("snippet", po::value(&options.numbers.snippet)->default_value(240)
                      ->value_name("BYTES"),
       "snippet length (1 to 10,000)")
      ("facets", po::value(&options.numbers.facets)->default_value(10)->value_name("N"),
       "facet values to show: the N largest per facet, up to 10,000 (JSON: every value unless "
       "given); 0 hides facets and skips counting")
      ("facet", po::value(&options.facets_wanted)->value_name("NAME"),
       "also count this facet: author (subject and year are always counted)")
      ("no-facets", "same as --facets 0")
      ("format", po::value(&options.format_name)->default_value("text")->value_name("FORMAT"),
       "output format: text, json, jsonl or tsv (listed below)")
      ("json", po::bool_switch(&options.json), "same as --format json")
      ("fields", po::value(&options.fields)->value_name("LIST"),
       "what hits (and --show papers) show, comma-separated, in this order (listed below)")
      ("highlight-markers",
       po::value(&options.highlight_markers)->default_value("<b>,</b>")->value_name("OPEN,CLOSE"),
       "JSON: the markers around matched words in title_highlighted and snippet_highlighted")
      ("color", po::value(&options.color)->default_value("auto")->value_name("WHEN"),
       "highlight with colours: auto, always, never (auto honours NO_COLOR)")
      ("stats", po::bool_switch(&options.stats),
       "describe the index: papers, terms, size, years, subjects, schema, last update, analysis "
       "(ICU version); TSV gives NAME<TAB>VALUE rows")
      ("batch", po::value(&options.batch_file)->value_name("FILE"),
       "run every query of FILE (one a line); with --format json one object per line")
      ("timings", po::value(&options.timings_file)->value_name("FILE"),
       "with --batch: write 'N<TAB>milliseconds' per query to FILE");
  // clang-format on
  return visible;
}

// What --help prints after the options: the two tables.
std::string help_tables() {
  return "\nFormats (--format):\n" + formats_help() + "\nFields (--fields):\n" + fields_help();
}

std::string version_text() {
  return "paperdex-search " PAPERDEX_VERSION "\nindex schema version " +
         std::to_string(schema::kSchemaVersion) + "\n" + analysis_version() + "\nXapian " +
         Xapian::version_string() + "\n";
}

// Parses the command line into `options`; prints the problem and returns
// false when it cannot be parsed.
bool parse_command_line(int argc, const char* const* argv, const po::options_description& visible,
                        po::options_description hidden, po::variables_map& vm, std::ostream& err) {
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add("query", -1);
  try {
    po::store(
        po::command_line_parser(argc, argv)
            .options(all)
            .positional(positional)
            .style(po::command_line_style::default_style & ~po::command_line_style::allow_guessing)
            .run(),
        vm);
    po::notify(vm);
    return true;
  } catch (const po::error& error) {
    err << "paperdex-search: " << terminal_safe(error.what())
        << "\nTry 'paperdex-search --help'.\n";
    return false;
  }
}

// --help, --help-syntax and --version: what they print, or nullopt for none.
std::optional<std::string> information_asked(const po::variables_map& vm,
                                             const po::options_description& visible) {
  if (vm.count("help")) {
    std::ostringstream help;
    help << visible << help_tables();
    return help.str();
  }
  if (vm.count("help-syntax")) return syntax_help();
  if (vm.count("version")) return version_text();
  return std::nullopt;
}

// --show: the papers found, in the order asked; each id no paper has is
// named on standard error, and makes the status kExitError.
int show_papers(const CliOptions& options, std::ostream& out, std::ostream& err) {
  Searcher searcher(options.db_path);
  ShownPapers shown;
  for (const std::string& id : options.show_ids) {
    try {
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
  const SearchRequest& request = options.request;
  if (query.find_first_not_of(" \t") == std::string::npos && request.subjects.empty() &&
      request.years.empty() && request.authors.empty() && request.like.empty()) {
    err << "paperdex-search: empty query: give search words, a filter (--subject, --year, "
           "--author) or --like ID\nTry 'paperdex-search --help'.\n";
    return kExitError;
  }
  SearchSession session(options, out, err);
  return session.run(query, nullptr) ? kExitOk : kExitError;
}

// What the options ask for: the statistics, papers, a batch or one search.
int run_interpreted(const CliOptions& options, std::ostream& out, std::ostream& err) {
  try {
    if (options.stats) {
      Searcher searcher(options.db_path);
      options.format->print_stats(out, options.db_path, searcher.index_info(), options.output);
      return kExitOk;
    }
    if (!options.show_ids.empty()) return show_papers(options, out, err);
    if (!options.batch_file.empty()) return run_batch(options, out, err);
    return search_once(options, out, err);
  } catch (const Error& error) {
    err << "paperdex-search: " << terminal_safe(error.what()) << '\n';
    return kExitError;
  }
}

}  // namespace

int run_search(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  CliOptions options;
  const po::options_description visible = describe_options(options);
  po::options_description hidden;
  hidden.add_options()("query", po::value(&options.query_words)->multitoken());
  po::variables_map vm;
  if (!parse_command_line(argc, argv, visible, hidden, vm, err)) return kExitError;
  if (const std::optional<std::string> information = information_asked(vm, visible)) {
    out << *information;
    return finish_output(kExitOk, out, err);
  }
  if (!interpret(options, vm, err)) return kExitError;
  options.output.color = use_color(options.color, out);
  options.output.width = terminal_width();
  return finish_output(run_interpreted(options, out, err), out, err);
}

}  // namespace paperdex::cli
