#include "index_cli.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>

#include <xapian.h>
#include <boost/program_options.hpp>

#include "fulltext_matcher.h"
#include "harvest_cli.h"
#include "interruption.h"
#include "option_table.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/common/safe_text.h"
#include "paperdex/common/schema.h"
#include "paperdex/indexer/readers.h"

namespace po = boost::program_options;

namespace paperdex::cli {
namespace {

constexpr std::string_view kProgram = "paperdex-index";
constexpr const char* kDbVariable = "PAPERDEX_DB";

// Bounds on the numeric options: a worker per core of a large machine, and a
// batch that still fits in memory (IndexWriter holds a batch's documents).
constexpr long long kMaxJobs = 256;
constexpr long long kMaxBatch = 1'000'000;
constexpr double kMaxCommitSeconds = 24 * 3600;

// The full-text bounds (README "Full text") as options: the defaults --help
// shows are FullTextLimits's own.
struct LimitOption {
  const char* name;
  const char* value_name;
  std::size_t FullTextLimits::*field;
  long long most;
  const char* what;
};
constexpr std::array<LimitOption, 5> kLimitOptions = {{
    {"pdf-time-limit", "SECONDS", &FullTextLimits::pdf_seconds, 86400,
     "full text: give up a PDF whose reading takes longer, in wall clock or CPU time"},
    {"pdf-memory-limit", "MIB", &FullTextLimits::pdf_memory_mib, 1 << 20,
     "full text: the memory a PDF's reader, a child process, may use"},
    {"pdf-page-limit", "PAGES", &FullTextLimits::pdf_pages, 1'000'000,
     "full text: read the first PAGES pages of a longer PDF, and say so"},
    {"pdf-text-limit", "MIB", &FullTextLimits::pdf_text_mib, 4096,
     "full text: the text kept of one PDF; the rest is cut, and said so"},
    {"source-size-limit", "MIB", &FullTextLimits::source_mib, 65536,
     "full text: a LaTeX source package, unpacked, all its files together"},
}};
constexpr long long kMaxPdfReaders = 64;

// The numbers as given: read signed, so that "-1" is refused instead of
// wrapping to the largest unsigned value.
struct NumberOptions {
  long long jobs = 0;
  long long batch = 0;
  double commit_seconds = 0;
  long long pdf_readers = 0;
  std::array<long long, kLimitOptions.size()> limits{};  // kLimitOptions's, in order
};

// Bounds on --delay, --timeout and --deadline: an hour is past any pause a server asks for.
constexpr double kMaxHarvestSeconds = 3600;

// --metadata's values, the OAI-PMH formats a harvest reads: its check and
// the completion scripts read this list.
constexpr std::array<std::string_view, 2> kMetadataFormats = {"arXivRaw", "arXiv"};

// --harvest's options as given; HarvestOptions once checked.
struct HarvestArguments {
  bool harvest = false;
  bool status = false;
  std::string contact;
  HarvestOptions options;
};

// What the command line asks for.
struct Command {
  enum class Action {
    kRun,
    kHarvest,
    kHarvestStatus,
    kHelp,
    kVersion,
    kCompletion
  } action = Action::kRun;
  IndexRunOptions run;
  HarvestArguments harvest;
  IndexReportOptions report;
  NumberOptions numbers;
  bool wait = false;
  std::string completion;  // the shell --completion asks a script for
};

// A usage error: the message, without the program name.
struct UsageError {
  std::string message;
};

std::string help_text() {
  std::string text =
      "Usage: paperdex-index [--db PATH] [options] INPUT...\n"
      "       paperdex-index [--db PATH] --harvest [URL] [--set SET]... [harvest options]\n"
      "       paperdex-index [--db PATH] --harvest-status\n\n"
      "Reads paper records (.gz read transparently; directories recursively; - for standard\n"
      "input) into the paperdex index at PATH. Re-indexing is idempotent: one document per\n"
      "paper, newer metadata wins.\n\n"
      "A new index is built in bulk: parallel workers, merged and installed at the end (a\n"
      "killed build leaves an empty index; run it again). An existing index is updated in\n"
      "batches, each committed whole: a killed run keeps every committed batch, and running\n"
      "the same command again completes it.\n\n"
      "--harvest fetches an OAI-PMH repository (arXiv's by default) page by page, each page\n"
      "committed with the harvest's position: a killed harvest continues where it stopped;\n"
      "once one has completed, the next fetches only what changed since it began.\n\n"
      "Input formats, recognised from the content:\n";
  for (const InputFormatInfo& format : input_formats()) {
    std::string name(format.name);
    name.resize(std::max<std::size_t>(name.size() + 2, 18), ' ');
    text += "  " + name + std::string(format.description) + '\n';
  }
  text +=
      "Files in a directory that hold none of these (a README, a CSV, an image) are listed\n"
      "as ignored.\n\n"
      "Environment: PAPERDEX_DB names the index when --db is not given.\n\n"
      "Exit status: 0 every record indexed (an input that held no paper, such as an arXiv\n"
      "API error feed or a file ignored in a directory, is a warning and leaves it 0);\n"
      "1 some records skipped or cut, an input not read to its end, a --delete id not found;\n"
      "2 usage error or the run could not proceed (a missing input file, a locked or full\n"
      "index, a harvest's server that failed past its retries: run it again to continue).\n\n"
      "Options";
  return text;
}

po::options_description visible_options(Command& command) {
  po::options_description visible(help_text());
  IndexRunOptions& run = command.run;
  // clang-format off
  visible.add_options()
      ("help,h", "show this help")
      ("version", "show the versions of paperdex, its index schema, ICU and Xapian")
      ("db", po::value(&run.db_path)->value_name("PATH"),
       "index directory (default: $PAPERDEX_DB)")
      ("delete", po::value(&run.delete_ids)->multitoken()->value_name("ID..."),
       "remove these papers (arXiv ids, any version)")
      ("delete-from", po::value(&run.delete_from)->value_name("FILE"),
       "remove the papers whose ids FILE lists, one a line")
      ("strict", po::bool_switch(&run.strict),
       "stop at the first bad record; nothing of its batch is committed")
      ("wait", po::bool_switch(&command.wait), "wait for another indexer's lock instead of failing")
      ("batch", po::value(&command.numbers.batch)->value_name("N"),
       "commit every N changes (1 to 1,000,000; default 5000)")
      ("commit-interval", po::value(&command.numbers.commit_seconds)->value_name("SECONDS"),
       "also commit when a batch has been open this long (default 10)")
      ("jobs,j", po::value(&command.numbers.jobs)->value_name("N"),
       "new index: build with N parallel workers (1 to 256; default: one per core)")
      ("shards", po::bool_switch(&run.keep_shards),
       "new index: keep one shard per worker behind a stub file instead of merging")
      ("records-in-slot", po::bool_switch(&run.writer.records_in_slot),
       "each paper's record also in a value slot, for shards served by xapian-tcpsrv: a remote "
       "page brings its hits' records with it (docs/deployment.md); the index grows ~14 %")
      ("incremental", po::bool_switch(&run.incremental),
       "new index: commit in batches as for an existing one, instead of building in bulk")
      ("quiet,q", po::bool_switch(&command.report.quiet),
       "print nothing on success: no progress, no summary (problems still go to stderr)")
      ("pdf-readers", po::value(&command.numbers.pdf_readers)->value_name("N"),
       "full text: read N PDFs at once, ahead of the file being indexed (1 to 64; default: "
       "one per core)");
  const FullTextLimits defaults;
  for (std::size_t i = 0; i < kLimitOptions.size(); ++i) {
    const LimitOption& limit = kLimitOptions[i];
    visible.add_options()(limit.name,
                          po::value(&command.numbers.limits[i])->value_name(limit.value_name),
                          (std::string(limit.what) + " (1 to " + with_thousands(static_cast<unsigned long long>(limit.most)) +
                           "; default " + with_thousands(defaults.*limit.field) + ")")
                              .c_str());
  }
  visible.add_options()
      ("harvest", po::bool_switch(&command.harvest.harvest),
       "harvest the OAI-PMH repository at URL (default https://oaipmh.arxiv.org/oai) into the "
       "index, resuming an interrupted harvest")
      ("set", po::value(&command.harvest.options.sets)->value_name("SET"),
       "harvest: this set only (cs, physics:hep-th); repeat for several")
      ("from", po::value(&command.harvest.options.from)->value_name("DATE|auto"),
       "harvest: records changed since DATE (YYYY-MM-DD); auto (the default): since the last "
       "complete harvest began, everything if none")
      ("until", po::value(&command.harvest.options.until)->value_name("DATE"),
       "harvest: records changed up to DATE (YYYY-MM-DD)")
      ("metadata", po::value(&command.harvest.options.metadata_prefix)->value_name("FORMAT"),
       "harvest: arXivRaw (default: with the version history) or arXiv")
      ("delay", po::value(&command.harvest.options.delay_seconds)->value_name("SECONDS"),
       "harvest: pause between requests (default 3, as arXiv asks; lower for a local mirror)")
      ("timeout", po::value(&command.harvest.options.timeout_seconds)->value_name("SECONDS"),
       "harvest: give up a request that cannot connect or receives nothing this long, and "
       "retry it (default 60)")
      ("deadline", po::value(&command.harvest.options.deadline_seconds)->value_name("SECONDS"),
       "harvest: give up a request whose answer has not arrived whole this long after it was "
       "sent, however slowly it still arrives, and retry it (default 300)")
      ("cross-host-redirects", po::bool_switch(&command.harvest.options.cross_host_redirects),
       "harvest: follow redirects to other hosts too (by default only those within the URL's "
       "host are followed, and one elsewhere stops the harvest)")
      ("contact", po::value(&command.harvest.contact)->value_name("EMAIL"),
       "harvest: an address the repository can reach you at, sent in the User-Agent")
      ("harvest-status", po::bool_switch(&command.harvest.status),
       "print what the index remembers of each harvest, and exit");
  // clang-format on
  return visible;
}

// The numbers and combinations no run can mean.
void check_values(const Command& command, const po::variables_map& vm) {
  const NumberOptions& numbers = command.numbers;
  if (vm.count("jobs") && (numbers.jobs < 1 || numbers.jobs > kMaxJobs)) {
    throw UsageError{"--jobs must be between 1 and " + std::to_string(kMaxJobs) + ", not " +
                     std::to_string(numbers.jobs) + " (leave it out for one worker per core)"};
  }
  if (vm.count("batch") && (numbers.batch < 1 || numbers.batch > kMaxBatch)) {
    throw UsageError{"--batch must be between 1 and 1,000,000, not " +
                     std::to_string(numbers.batch)};
  }
  if (vm.count("commit-interval") &&
      !(numbers.commit_seconds > 0 && numbers.commit_seconds <= kMaxCommitSeconds)) {
    throw UsageError{"--commit-interval must be more than 0 and at most 86400 seconds, not " +
                     std::to_string(numbers.commit_seconds)};
  }
  const bool batches = command.run.incremental || vm.count("batch") || vm.count("commit-interval");
  if (batches && (vm.count("jobs") || command.run.keep_shards)) {
    throw UsageError{
        "--jobs and --shards build a new index in bulk; --incremental, --batch and "
        "--commit-interval ask for batch commits instead: give one or the other"};
  }
  if (vm.count("pdf-readers") &&
      (numbers.pdf_readers < 1 || numbers.pdf_readers > kMaxPdfReaders)) {
    throw UsageError{"--pdf-readers must be between 1 and " + std::to_string(kMaxPdfReaders) +
                     ", not " + std::to_string(numbers.pdf_readers)};
  }
  for (std::size_t i = 0; i < kLimitOptions.size(); ++i) {
    const LimitOption& limit = kLimitOptions[i];
    if (vm.count(limit.name) && (numbers.limits[i] < 1 || numbers.limits[i] > limit.most)) {
      throw UsageError{std::string("--") + limit.name + " must be between 1 and " +
                       with_thousands(static_cast<unsigned long long>(limit.most)) + ", not " +
                       std::to_string(numbers.limits[i])};
    }
  }
  if (vm.count("delete-from") && command.run.delete_from.empty()) {
    throw UsageError{"--delete-from needs a file name"};
  }
}

// YYYY-MM-DD, the day granularity every OAI-PMH repository accepts.
bool is_day(const std::string& text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return false;
  for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) {
    if (!std::isdigit(static_cast<unsigned char>(text[i]))) return false;
  }
  return true;
}

// The options only a harvest reads, given without --harvest, are mistakes.
constexpr const char* kHarvestOnlyOptions[] = {"set",      "from",    "until",
                                               "metadata", "delay",   "timeout",
                                               "deadline", "contact", "cross-host-redirects"};

// The options of indexing files that a harvest has no use for: its pages are
// its batches, written to one index, and a bad record is skipped; it reads
// metadata, never a paper's own files (so kLimitOptions do not apply either).
constexpr const char* kFileOnlyOptions[] = {"delete", "delete-from",     "strict",
                                            "batch",  "commit-interval", "jobs",
                                            "shards", "incremental",     "pdf-readers"};

// --harvest [URL] and its options; fills the HarvestOptions.
void check_harvest(Command& command, const po::variables_map& vm) {
  HarvestArguments& harvest = command.harvest;
  HarvestOptions& options = harvest.options;
  if (!harvest.harvest) {
    for (const char* name : kHarvestOnlyOptions) {
      if (vm.count(name) && !vm[name].defaulted()) {
        throw UsageError{std::string("--") + name + " needs --harvest"};
      }
    }
    return;
  }
  std::vector<const char*> file_only(std::begin(kFileOnlyOptions), std::end(kFileOnlyOptions));
  for (const LimitOption& limit : kLimitOptions) file_only.push_back(limit.name);
  for (const char* name : file_only) {
    if (vm.count(name) && !vm[name].defaulted()) {
      throw UsageError{std::string("--") + name + " does not apply to --harvest"};
    }
  }
  if (command.run.inputs.size() > 1) {
    throw UsageError{"--harvest takes one repository URL, and no input files"};
  }
  if (!command.run.inputs.empty()) options.base_url = command.run.inputs.front();
  if (!options.base_url.starts_with("http://") && !options.base_url.starts_with("https://")) {
    throw UsageError{"--harvest takes the repository's http:// or https:// URL, not '" +
                     options.base_url + "' (input files are indexed without --harvest)"};
  }
  if (!options.from.empty() && options.from != "auto" && !is_day(options.from)) {
    throw UsageError{"--from must be a date YYYY-MM-DD or auto, not '" + options.from + "'"};
  }
  if (!options.until.empty() && !is_day(options.until)) {
    throw UsageError{"--until must be a date YYYY-MM-DD, not '" + options.until + "'"};
  }
  if (std::find(kMetadataFormats.begin(), kMetadataFormats.end(), options.metadata_prefix) ==
      kMetadataFormats.end()) {
    throw UsageError{"--metadata must be arXivRaw or arXiv, not '" + options.metadata_prefix + "'"};
  }
  if (!(options.delay_seconds >= 0 && options.delay_seconds <= kMaxHarvestSeconds)) {
    throw UsageError{"--delay must be between 0 and 3600 seconds"};
  }
  if (!(options.timeout_seconds > 0 && options.timeout_seconds <= kMaxHarvestSeconds)) {
    throw UsageError{"--timeout must be more than 0 and at most 3600 seconds"};
  }
  if (!(options.deadline_seconds > 0 && options.deadline_seconds <= kMaxHarvestSeconds)) {
    throw UsageError{"--deadline must be more than 0 and at most 3600 seconds"};
  }
  options.user_agent = harvest_user_agent(PAPERDEX_VERSION, harvest.contact);
  command.run.inputs.clear();
}

// --db, else $PAPERDEX_DB; then something to do.
void check_target(Command& command) {
  IndexRunOptions& run = command.run;
  if (run.db_path.empty()) {
    if (const char* db = std::getenv(kDbVariable); db != nullptr) run.db_path = db;
  }
  if (run.db_path.empty()) throw UsageError{"--db PATH is required (or set PAPERDEX_DB)"};
  command.harvest.options.db_path = run.db_path;
  if (command.harvest.harvest || command.harvest.status) return;
  if (run.inputs.empty() && run.delete_ids.empty() && run.delete_from.empty()) {
    throw UsageError{"nothing to do: give input files or directories, or --delete"};
  }
}

// The options that are settings of the writer and the readers rather than of the run.
void apply_writer_settings(Command& command, const po::variables_map& vm) {
  command.run.jobs = static_cast<unsigned>(command.numbers.jobs);
  command.run.pdf_readers = static_cast<unsigned>(command.numbers.pdf_readers);
  for (std::size_t i = 0; i < kLimitOptions.size(); ++i) {
    if (vm.count(kLimitOptions[i].name)) {
      command.run.reading.fulltext.*kLimitOptions[i].field =
          static_cast<std::size_t>(command.numbers.limits[i]);
    }
  }
  command.run.writer.wait_for_lock = command.wait;
  request_batches(command.run, static_cast<std::size_t>(command.numbers.batch),
                  command.numbers.commit_seconds);
  if (command.report.quiet) command.report.progress = ProgressStyle::kNone;
}

// --completion SHELL: the script, from the option table; inputs are files.
std::string completion_text(const std::string& shell_name, const po::options_description& visible) {
  for (const auto& [name, shell] : completion_shells()) {
    if (shell_name == name) {
      ChoiceTable choices;
      for (std::string_view format : kMetadataFormats) {
        choices["metadata"].values.emplace_back(format);
      }
      return completion_script(shell, kProgram, visible, choices, true);
    }
  }
  throw UsageError{"--completion must be " + completion_shell_names() + ", not '" + shell_name +
                   "'"};
}

// Parses the command line; throws UsageError. `help` is set to what --help
// (or --completion) prints.
Command parse_command(int argc, const char* const* argv, std::string& help) {
  Command command;
  const po::options_description visible = visible_options(command);
  po::options_description hidden;
  // --completion is hidden: the build writes the completion scripts with it.
  hidden.add_options()("input", po::value(&command.run.inputs)->multitoken())(
      "completion", po::value(&command.completion));
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add("input", -1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& error) {
    throw UsageError{command_line_error(error, visible)};
  }
  std::ostringstream text;
  text << visible << '\n';
  help = text.str();
  if (vm.count("completion")) {
    command.action = Command::Action::kCompletion;
    help = completion_text(command.completion, visible);
  } else if (vm.count("help")) {
    command.action = Command::Action::kHelp;
  } else if (vm.count("version")) {
    command.action = Command::Action::kVersion;
  } else {
    check_values(command, vm);
    check_harvest(command, vm);
    check_target(command);
    apply_writer_settings(command, vm);
    command.harvest.options.wait_for_lock = command.wait;
    if (command.harvest.status) command.action = Command::Action::kHarvestStatus;
    if (command.harvest.harvest) command.action = Command::Action::kHarvest;
  }
  return command;
}

void print_version(std::ostream& out) {
  out << kProgram << ' ' << PAPERDEX_VERSION << '\n'
      << "index schema version " << schema::kSchemaVersion << '\n'
      << analysis_version() << '\n'
      << "Xapian " << Xapian::version_string() << '\n';
}

// A failed write (a full disk, a closed pipe) is an error, not a silent
// success: says so and returns kExitFailed instead of `status`.
int finish_output(int status, std::ostream& out, std::ostream& err) {
  if (out.flush()) return status;
  err << kProgram << ": cannot write the summary to standard output: " << std::strerror(errno)
      << (status == kExitFailed ? "\n" : " (the index itself was written)\n");
  return kExitFailed;
}

}  // namespace

int index_and_report(const IndexRunOptions& options, const IndexReportOptions& report,
                     std::ostream& out, std::ostream& err, IndexRunResult* result_out) {
  ProgressDisplay progress(report.quiet ? ProgressStyle::kNone : report.progress, err,
                           report.columns, report.progress_interval);
  IndexRunEvents events;
  events.on_progress = [&](const IndexProgress& now) { progress.update(now); };
  events.on_skipped = [&](const ReadProblem& problem) {
    progress.clear();
    err << terminal_safe(problem.origin) << ": " << terminal_safe(problem.message)
        << " (skipped)\n";
  };
  events.on_more_skipped = [&](const std::string& path, std::uint64_t untold) {
    progress.clear();
    err << path << ": ... and " << with_commas(untold)
        << " more skipped (counted in the summary)\n";
  };
  events.on_truncated = [&](const ReadProblem& problem) {
    progress.clear();
    err << terminal_safe(problem.origin) << ": " << terminal_safe(problem.message) << " ("
        << problem.reason << ")\n";
  };
  events.on_warning = [&](const std::string& message) {
    progress.clear();
    err << kProgram << ": warning: " << terminal_safe(message) << '\n';
  };
  if (!report.quiet) {
    events.on_ignored = [&](const std::string& path) {
      progress.clear();
      err << kProgram << ": ignored " << terminal_safe(path)
          << ": it holds no records of a known kind\n";
    };
    events.on_source_error = [&](const ReadProblem& problem) {
      progress.clear();
      err << kProgram << ": warning: " << problem.origin << ": " << problem.message
          << "; this input held no paper\n";
    };
  }
  std::optional<MergeProgress> merging;
  if (report.progress != ProgressStyle::kNone && !report.quiet) {
    events.on_merging = [&] { merging.emplace(progress, progress.interval()); };
  }

  const IndexRunResult result = run_index(options, events);
  merging.reset();
  progress.clear();
  print_problems(options, result, err);
  const int status = exit_status(result);
  if (result.outcome == IndexRunOutcome::kCompleted && !(report.quiet && status == kExitOk)) {
    print_summary(result, out);
  }
  if (result_out != nullptr) *result_out = result;
  return status;
}

int run_index_cli(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  std::string help;
  Command command;
  try {
    command = parse_command(argc, argv, help);
  } catch (const UsageError& error) {
    err << kProgram << ": " << terminal_safe(error.message) << "\nTry 'paperdex-index --help'.\n";
    return kExitFailed;
  }
  switch (command.action) {
    case Command::Action::kHelp:
    case Command::Action::kCompletion:
      out << help;
      return finish_output(kExitOk, out, err);
    case Command::Action::kVersion:
      print_version(out);
      return finish_output(kExitOk, out, err);
    case Command::Action::kHarvest:
      command.harvest.options.stop = stop_on_signals();
      return finish_output(harvest_and_report(command.harvest.options, command.report, out, err),
                           out, err);
    case Command::Action::kHarvestStatus:
      return finish_output(print_harvest_status(command.run.db_path, out, err), out, err);
    case Command::Action::kRun:
      break;
  }
  command.run.stop = stop_on_signals();
  // A full text that names no paper is looked for in the index by its title.
  command.run.identify_fulltext =
      [matcher = std::make_shared<FullTextMatcher>(command.run.db_path)](const Record& text) {
        return matcher->find(text);
      };
  return finish_output(index_and_report(command.run, command.report, out, err), out, err);
}

}  // namespace paperdex::cli
