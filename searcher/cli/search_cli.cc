#include "search_cli.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <optional>

#include <boost/program_options.hpp>

#include "output.h"
#include "paperdex/searcher.h"

namespace paperdex::cli {
namespace {

namespace po = boost::program_options;

constexpr int kExitOk = 0;
constexpr int kExitError = 2;

struct CliOptions {
  std::string db_path;
  std::vector<std::string> query_words;
  SearchRequest request;
  bool any = false;
  bool json = false;
  std::string color = "auto";
  std::string sort = "relevance";
  std::string batch_file;
  std::string timings_file;
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
  err << "paperdex-search: " << error.what();
  if (!error.hint().empty()) err << " (" << error.hint() << ")";
  err << "\n  " << query << "\n  " << std::string(std::min(error.position(), query.size()), ' ')
      << "^\n";
}

class SearchSession {
 public:
  SearchSession(const CliOptions& options, std::ostream& out, std::ostream& err)
      : options_(options), out_(out), err_(err), searcher_(options.db_path) {
    style_.color = use_color(options.color, out);
    style_.width = terminal_width();
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
      if (options_.json) {
        out_ << to_json(query, result)
                    .dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace)
             << '\n';
      } else {
        print_text(out_, query, result, request, style_);
      }
      return true;
    } catch (const QuerySyntaxError& error) {
      print_query_error(err_, query, error);
      if (options_.json) {
        nlohmann::ordered_json failure = {{"query", query}, {"error", error.what()}};
        out_ << failure.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace)
             << '\n';
      }
      return false;
    }
  }

 private:
  const CliOptions& options_;
  std::ostream& out_;
  std::ostream& err_;
  Searcher searcher_;
  TextStyle style_;
};

int run_batch(const CliOptions& options, std::ostream& out, std::ostream& err) {
  std::ifstream queries(options.batch_file);
  if (!queries) {
    err << "paperdex-search: cannot read --batch file " << options.batch_file << '\n';
    return kExitError;
  }
  std::optional<std::ofstream> timings;
  if (!options.timings_file.empty()) {
    timings.emplace(options.timings_file);
    if (!*timings) {
      err << "paperdex-search: cannot write --timings file " << options.timings_file << '\n';
      return kExitError;
    }
  }
  SearchSession session(options, out, err);
  bool all_ok = true;
  std::size_t number = 0;
  for (std::string line; std::getline(queries, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    double elapsed_ms = 0;
    all_ok = session.run(line, &elapsed_ms) && all_ok;
    if (timings) *timings << number << '\t' << elapsed_ms << '\n';
    ++number;
  }
  return all_ok ? kExitOk : kExitError;
}

}  // namespace

int run_search(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  CliOptions options;
  po::options_description visible(
      "Usage: paperdex-search --db PATH [options] [--] QUERY...\n\n"
      "Searches a paperdex index. Every word must match (ranked by BM25 over title and\n"
      "abstract); when too few papers match every word, the page is filled with papers\n"
      "matching most of them. Query syntax:\n"
      "  word +required -excluded \"exact phrase\" (a OR b) a AND NOT b\n"
      "  title:word abstract:word author:\"Zhida Jiang\" subject:cs.NI subject:cs\n"
      "  year:2024 year:2020..2024 year:2020.. year:..2010\n"
      "A query of filters alone lists every match, newest first.\n\n"
      "Exit status: 0 success (also when nothing matches), 2 usage, index or query error.\n\n"
      "Options");
  // clang-format off
  visible.add_options()
      ("help,h", "show this help")
      ("db", po::value(&options.db_path)->value_name("PATH"), "index directory (required)")
      ("subject", po::value(&options.request.subjects)->value_name("CAT"),
       "only papers in this category or archive (repeatable, OR-ed): cs.NI, cs")
      ("year", po::value(&options.request.years)->value_name("RANGE"),
       "only papers from these years (repeatable): 2024, 2020..2024, 2020.., ..2010")
      ("limit,n", po::value(&options.request.limit)->default_value(10)->value_name("N"),
       "hits per page")
      ("offset", po::value(&options.request.offset)->default_value(0)->value_name("N"),
       "hits to skip (for paging)")
      ("sort", po::value(&options.sort)->default_value("relevance")->value_name("ORDER"),
       "relevance, newest or oldest")
      ("any", po::bool_switch(&options.any), "rank papers matching any word")
      ("snippet", po::value(&options.request.snippet_bytes)->default_value(240)
                      ->value_name("BYTES"),
       "snippet length")
      ("no-facets", "do not count subject and year facets")
      ("json", po::bool_switch(&options.json),
       "print one JSON object (highlights as <b>..</b>, text HTML-escaped)")
      ("color", po::value(&options.color)->default_value("auto")->value_name("WHEN"),
       "highlight with colours: auto, always, never (auto honours NO_COLOR)")
      ("batch", po::value(&options.batch_file)->value_name("FILE"),
       "run every query of FILE (one a line); with --json one object per line")
      ("timings", po::value(&options.timings_file)->value_name("FILE"),
       "with --batch: write 'N<TAB>milliseconds' per query to FILE");
  // clang-format on
  po::options_description hidden;
  hidden.add_options()("query", po::value(&options.query_words)->multitoken());
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add("query", -1);

  po::variables_map vm;
  try {
    po::store(
        po::command_line_parser(argc, argv)
            .options(all)
            .positional(positional)
            .style(po::command_line_style::default_style & ~po::command_line_style::allow_guessing)
            .run(),
        vm);
    po::notify(vm);
  } catch (const po::error& error) {
    err << "paperdex-search: " << error.what() << "\nTry 'paperdex-search --help'.\n";
    return kExitError;
  }
  if (vm.count("help")) {
    out << visible << '\n';
    return kExitOk;
  }
  if (options.db_path.empty()) {
    err << "paperdex-search: --db PATH is required\nTry 'paperdex-search --help'.\n";
    return kExitError;
  }
  if (options.sort == "relevance") {
    options.request.sort = SortOrder::kRelevance;
  } else if (options.sort == "newest") {
    options.request.sort = SortOrder::kNewest;
  } else if (options.sort == "oldest") {
    options.request.sort = SortOrder::kOldest;
  } else {
    err << "paperdex-search: --sort must be relevance, newest or oldest, not '" << options.sort
        << "'\n";
    return kExitError;
  }
  if (options.color != "auto" && options.color != "always" && options.color != "never") {
    err << "paperdex-search: --color must be auto, always or never\n";
    return kExitError;
  }
  options.request.match = options.any ? MatchMode::kAnyWord : MatchMode::kAllWords;
  options.request.facets = vm.count("no-facets") == 0;

  try {
    if (!options.batch_file.empty()) return run_batch(options, out, err);
    const std::string query = join_words(options.query_words);
    if (query.find_first_not_of(" \t") == std::string::npos && options.request.subjects.empty() &&
        options.request.years.empty()) {
      err << "paperdex-search: empty query: give search words or a filter (--subject, --year)\n"
             "Try 'paperdex-search --help'.\n";
      return kExitError;
    }
    SearchSession session(options, out, err);
    return session.run(query, nullptr) ? kExitOk : kExitError;
  } catch (const Error& error) {
    err << "paperdex-search: " << error.what() << '\n';
    return kExitError;
  }
}

}  // namespace paperdex::cli
