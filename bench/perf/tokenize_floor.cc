// paperdex-tokenize-floor: the speed floor under indexing. Reads a corpus with
// paperdex's own readers (JSON/XML parsing, TeX decoding of the display text)
// and, stage by stage, analyzes it the way the indexer does, without writing
// an index:
//   read      read_input() only: parsing and preparing records
//   tokenize  + Analyzer::tokenize() of title and abstract (ICU, folding, stems)
//   build     + DocumentBuilder::build(): every term, posting, value and the
//               stored record of the Xapian::Document the indexer would add
// Indexing cannot beat "tokenize"; "build" minus "tokenize" is the rest of the
// analysis, and paperdex-index minus "build" is Xapian's share.
// One thread: figures are per core. Prints one row per stage (median of
// --repeat runs), plain numbers so scripts can read them. rec/s and MB/s are
// per wall-clock second; cpu_rec/s per CPU second of the process, which moves
// less when other processes share the cores.

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "bench_main.h"
#include "document_builder.h"
#include "measure.h"
#include "named_choices.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/indexer/readers.h"

using paperdex::bench::median;
using paperdex::bench::process_cpu_seconds;
using paperdex::bench::seconds_since;

namespace {

enum class Stage { kRead, kTokenize, kBuild };

constexpr paperdex::bench::NamedChoices<Stage, 3> kStages{
    {{{"read", Stage::kRead}, {"tokenize", Stage::kTokenize}, {"build", Stage::kBuild}}}};

struct RunResult {
  std::uint64_t records = 0;
  std::uint64_t problems = 0;
  std::uint64_t tokens = 0;      // title + abstract tokens (tokenize stage and later)
  std::uint64_t text_bytes = 0;  // title + abstract display text
  std::uint64_t terms = 0;       // distinct terms per document, summed (build stage)
  double wall_seconds = 0;
  double cpu_seconds = 0;
};

RunResult run_stage(Stage stage, const std::vector<std::string>& files,
                    const paperdex::Analyzer& analyzer) {
  const paperdex::DocumentBuilder builder(analyzer);
  RunResult result;
  paperdex::RecordSink sink;
  sink.on_record = [&](paperdex::Record&& record) {
    ++result.records;
    result.text_bytes += record.title.size() + record.abstract.size();
    if (stage == Stage::kTokenize) {
      result.tokens += analyzer.tokenize(record.title).size();
      result.tokens += analyzer.tokenize(record.abstract).size();
    } else if (stage == Stage::kBuild) {
      if (record.id.empty()) record.id = builder.derived_id(record);
      result.terms += builder.build(record).termlist_count();
    }
  };
  sink.on_problem = [&](const paperdex::ReadProblem&) { ++result.problems; };

  const double cpu_started = process_cpu_seconds();
  const auto started = std::chrono::steady_clock::now();
  for (const std::string& file : files) paperdex::read_input(file, sink);
  result.wall_seconds = seconds_since(started);
  result.cpu_seconds = process_cpu_seconds() - cpu_started;
  return result;
}

int usage(std::ostream& out, int status) {
  out << "usage: paperdex-tokenize-floor [--stage read|tokenize|build|all] [--repeat N] "
         "INPUT...\n"
         "Reads INPUT (any format paperdex-index reads) with paperdex's readers and analyzes\n"
         "title and abstract with the Analyzer, without indexing; prints records/s and MB/s\n"
         "(input bytes, 1 MB = 10^6 bytes) per stage, median of N runs (default 3).\n";
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<Stage> stages = kStages.all();
  int repeat = 3;
  std::vector<std::string> inputs;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "-h" || arg == "--help") return usage(std::cout, 0);
    if (arg == "--repeat" && i + 1 < argc) {
      repeat = std::atoi(argv[++i]);
      if (repeat < 1) return usage(std::cerr, 2);
    } else if (arg == "--stage" && i + 1 < argc) {
      const auto chosen = kStages.parse(argv[++i]);
      if (!chosen) return usage(std::cerr, 2);
      stages = *chosen;
    } else if (arg.starts_with("-") && arg != "-") {
      return usage(std::cerr, 2);
    } else {
      inputs.emplace_back(arg);
    }
  }
  if (inputs.empty()) return usage(std::cerr, 2);

  return paperdex::bench::run_reporting_errors("paperdex-tokenize-floor", [&] {
    const std::vector<std::string> files = paperdex::expand_inputs(inputs);
    std::uint64_t input_bytes = 0;
    for (const std::string& file : files) {
      std::error_code ignored;
      if (file != "-") input_bytes += std::filesystem::file_size(file, ignored);
    }
    const paperdex::Analyzer analyzer;  // ICU set-up stays out of the timings
    // One untimed pass brings the files into the page cache and the stem cache up.
    run_stage(Stage::kRead, files, analyzer);

    std::printf("# %zu file(s), %.1f MB; median of %d run(s); one thread\n", files.size(),
                static_cast<double>(input_bytes) / 1e6, repeat);
    std::printf("%-9s %9s %8s %9s %9s %8s %7s %10s %11s %9s %9s\n", "stage", "records", "problems",
                "seconds", "cpu_s", "rec/s", "MB/s", "text_MB/s", "tokens/s", "terms/rec",
                "cpu_rec/s");
    for (const Stage stage : stages) {
      std::vector<RunResult> runs;
      for (int r = 0; r < repeat; ++r) runs.push_back(run_stage(stage, files, analyzer));
      std::vector<double> walls;
      std::vector<double> cpus;
      for (const RunResult& run : runs) {
        walls.push_back(run.wall_seconds);
        cpus.push_back(run.cpu_seconds);
      }
      const RunResult& first = runs.front();
      const double seconds = std::max(median(walls), 1e-9);
      const double cpu_seconds = std::max(median(cpus), 1e-9);
      std::printf("%-9s %9llu %8llu %9.3f %9.3f %8.0f %7.1f %10.1f %11.0f %9.1f %9.0f\n",
                  std::string(kStages.name(stage)).c_str(),
                  static_cast<unsigned long long>(first.records),
                  static_cast<unsigned long long>(first.problems), seconds, cpu_seconds,
                  static_cast<double>(first.records) / seconds,
                  static_cast<double>(input_bytes) / 1e6 / seconds,
                  static_cast<double>(first.text_bytes) / 1e6 / seconds,
                  static_cast<double>(first.tokens) / seconds,
                  first.records > 0 ? static_cast<double>(first.terms) / first.records : 0.0,
                  static_cast<double>(first.records) / cpu_seconds);
    }
    return 0;
  });
}
