// paperdex-index: command-line options -> paperdex::run_index.
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>
#include <optional>
#include <string>

#include <boost/program_options.hpp>

#include "paperdex/indexer/index_run.h"

namespace po = boost::program_options;

namespace {

// Bounds on the numeric options: a worker per core of a large machine, and a
// batch that still fits in memory (IndexWriter holds a batch's documents).
constexpr long long kMaxJobs = 256;
constexpr long long kMaxBatch = 1'000'000;
constexpr double kMaxCommitSeconds = 24 * 3600;

// The numbers as given: read signed, so that "-1" is refused instead of
// wrapping to the largest unsigned value.
struct NumberOptions {
  long long jobs = 0;
  long long batch = 0;
  double commit_seconds = 0;
};

std::optional<std::string> check_numbers(const NumberOptions& numbers,
                                         const po::variables_map& vm) {
  if (vm.count("jobs") && (numbers.jobs < 1 || numbers.jobs > kMaxJobs)) {
    return "--jobs must be between 1 and " + std::to_string(kMaxJobs) + ", not " +
           std::to_string(numbers.jobs) + " (leave it out for one worker per core)";
  }
  if (vm.count("batch") && (numbers.batch < 1 || numbers.batch > kMaxBatch)) {
    return "--batch must be between 1 and 1,000,000, not " + std::to_string(numbers.batch);
  }
  if (vm.count("commit-interval") &&
      !(numbers.commit_seconds > 0 && numbers.commit_seconds <= kMaxCommitSeconds)) {
    return "--commit-interval must be more than 0 and at most 86400 seconds, not " +
           std::to_string(numbers.commit_seconds);
  }
  return std::nullopt;
}

// The summary on standard output must arrive, or the run says it did not.
int finish_output(int status) {
  errno = 0;
  if (std::cout.flush() && close(STDOUT_FILENO) == 0) return status;
  const int error = errno != 0 ? errno : EIO;
  std::cerr << "paperdex-index: cannot write the summary to standard output: "
            << std::strerror(error)
            << (status == paperdex::kExitFailed ? "\n" : " (the index itself was written)\n");
  return paperdex::kExitFailed;
}

}  // namespace

int main(int argc, char** argv) {
  paperdex::IndexRunOptions options;
  bool quiet = false;
  bool wait = false;
  NumberOptions numbers;
  po::options_description visible(
      "Usage: paperdex-index --db PATH [options] INPUT...\n\n"
      "Reads paper records (author pages, arXiv JSON-lines snapshots, OAI-PMH XML, arXiv API\n"
      "Atom feeds; .gz read transparently; directories recursively; - for standard input)\n"
      "into the paperdex index at PATH. Re-indexing is idempotent: one document per paper,\n"
      "newer metadata wins.\n\n"
      "A new index is built in bulk: parallel workers, merged and installed at the end (a\n"
      "killed build leaves an empty index; run it again). An existing index is updated in\n"
      "batches, each committed whole: a killed run keeps every committed batch, and running\n"
      "the same command again completes it.\n\n"
      "Exit status: 0 every record indexed, 1 some records skipped, 2 the run could not "
      "proceed.\n\nOptions");
  // clang-format off
  visible.add_options()
      ("help,h", "show this help")
      ("db", po::value(&options.db_path)->value_name("PATH"), "index directory (required)")
      ("delete", po::value(&options.delete_ids)->multitoken()->value_name("ID..."),
       "remove these papers (arXiv ids, any version)")
      ("delete-from", po::value(&options.delete_from)->value_name("FILE"),
       "remove the papers whose ids FILE lists, one a line")
      ("strict", po::bool_switch(&options.strict),
       "stop at the first bad record; nothing of its batch is committed")
      ("wait", po::bool_switch(&wait), "wait for another indexer's lock instead of failing")
      ("batch", po::value(&numbers.batch)->value_name("N"), "commit every N changes (1 to 1,000,000; default 5000)")
      ("commit-interval", po::value(&numbers.commit_seconds)->value_name("SECONDS"),
       "also commit when a batch has been open this long (default 10)")
      ("jobs,j", po::value(&numbers.jobs)->value_name("N"),
       "new index: build with N parallel workers (1 to 256; default: one per core)")
      ("shards", po::bool_switch(&options.keep_shards),
       "new index: keep one shard per worker behind a stub file instead of merging")
      ("incremental", po::bool_switch(&options.incremental),
       "new index: commit in batches as for an existing one, instead of building in bulk")
      ("quiet,q", po::bool_switch(&quiet), "no progress output");
  // clang-format on
  po::options_description hidden;
  hidden.add_options()("input", po::value(&options.inputs)->multitoken());
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add("input", -1);

  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& error) {
    std::cerr << "paperdex-index: " << error.what() << "\nTry 'paperdex-index --help'.\n";
    return paperdex::kExitFailed;
  }
  if (vm.count("help")) {
    std::cout << visible << '\n';
    return finish_output(paperdex::kExitOk);
  }
  if (const auto problem = check_numbers(numbers, vm)) {
    std::cerr << "paperdex-index: " << *problem << "\nTry 'paperdex-index --help'.\n";
    return paperdex::kExitFailed;
  }
  options.jobs = static_cast<unsigned>(numbers.jobs);
  const auto batch = static_cast<std::size_t>(numbers.batch);
  const double commit_seconds = numbers.commit_seconds;
  if (options.db_path.empty()) {
    std::cerr << "paperdex-index: --db PATH is required\nTry 'paperdex-index --help'.\n";
    return paperdex::kExitFailed;
  }
  if (options.inputs.empty() && options.delete_ids.empty() && options.delete_from.empty()) {
    std::cerr << "paperdex-index: nothing to do: give input files or directories, or --delete\n"
                 "Try 'paperdex-index --help'.\n";
    return paperdex::kExitFailed;
  }
  if (quiet) options.progress = paperdex::ProgressStyle::kNone;
  options.writer.wait_for_lock = wait;
  // Asking for batch commits means asking for the batched writer.
  if (batch > 0 || commit_seconds > 0) options.incremental = true;
  if (batch > 0) options.writer.batch_records = batch;
  if (commit_seconds > 0) {
    options.writer.batch_interval =
        std::chrono::milliseconds(static_cast<long long>(commit_seconds * 1000));
  }
  return finish_output(paperdex::run_index(options, std::cout, std::cerr));
}
