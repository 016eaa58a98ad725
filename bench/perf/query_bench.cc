// paperdex-query-bench: query latency and throughput through the library,
// with 1..N threads, one paperdex::Searcher per thread (the documented way to
// share an index between threads). Every query runs with the CLI's defaults:
// top 10, snippets, exact subject and year facets.
//
// For each thread count: WARMUP untimed passes, then ROUNDS timed passes over
// the query file; in a pass the threads take the next query from a shared
// counter until none is left. A query's latency is its median over the
// rounds; p50/p95/p99/mean are over queries; queries/s = queries / wall time
// of a pass (median over rounds), so with N threads it is the throughput of
// the whole process.
//
// With several --db, every query runs on each index in turn (the first one
// alternating), so that indexes compared meet the same moment's machine load:
// on a shared machine, runs minutes apart differ by more than the layouts do.
#include <algorithm>
#include <atomic>
#include <barrier>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "bench_main.h"
#include "measure.h"
#include "paperdex/searcher.h"

using paperdex::bench::median;

namespace {

using Clock = std::chrono::steady_clock;

struct Options {
  std::vector<std::string> db_paths;
  std::string queries_file;
  std::vector<unsigned> thread_counts = {1};
  int rounds = 3;
  int warmup = 1;
  std::string timings_file;
};

struct Summary {
  double p50 = 0, p95 = 0, p99 = 0, mean = 0, max = 0;
  double qps = 0;
  std::size_t errors = 0;
  std::size_t zero_hits = 0;
};

// Nearest-rank percentile of sorted values.
double percentile(const std::vector<double>& sorted, double p) {
  if (sorted.empty()) return 0;
  const auto rank = static_cast<std::size_t>(std::ceil(p / 100.0 * sorted.size()));
  return sorted[std::clamp<std::size_t>(rank, 1, sorted.size()) - 1];
}

std::vector<std::string> read_queries(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read query file " + path);
  std::vector<std::string> queries;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    queries.push_back(line);
  }
  if (queries.empty()) throw std::runtime_error("no queries in " + path);
  return queries;
}

// Runs WARMUP + ROUNDS passes with `threads` threads; per index, the summary
// and the per-query medians in `latency_ms`.
std::vector<Summary> run(const Options& options, const std::vector<std::string>& queries,
                         unsigned threads, std::vector<std::vector<double>>& latency_ms) {
  const int passes = options.warmup + options.rounds;
  const std::size_t indexes = options.db_paths.size();
  // indexes x rounds x queries latencies of the measured passes
  std::vector<std::vector<std::vector<double>>> measured(
      indexes,
      std::vector<std::vector<double>>(options.rounds, std::vector<double>(queries.size())));
  std::vector<double> pass_seconds(passes);
  std::atomic<std::size_t> next{0};
  std::vector<std::atomic<std::size_t>> errors(indexes);
  std::vector<std::atomic<std::size_t>> zero_hits(indexes);
  Clock::time_point pass_started;
  int pass = 0;
  // The completion step runs on one thread between passes: it closes the
  // finished pass and opens the next.
  auto on_pass_boundary = [&]() noexcept {
    const auto now = Clock::now();
    if (pass > 0)
      pass_seconds[pass - 1] = std::chrono::duration<double>(now - pass_started).count();
    next = 0;
    ++pass;
    pass_started = Clock::now();
  };
  std::barrier sync(static_cast<std::ptrdiff_t>(threads), on_pass_boundary);

  std::vector<std::string> failures(threads);
  std::vector<std::jthread> workers;
  for (unsigned t = 0; t < threads; ++t) {
    workers.emplace_back([&, t] {
      try {
        std::vector<paperdex::Searcher> searchers;  // opened before the first pass
        for (const std::string& path : options.db_paths) searchers.emplace_back(path);
        for (int p = 0; p < passes; ++p) {
          sync.arrive_and_wait();  // pass p starts
          const int round = p - options.warmup;
          for (std::size_t i = next++; i < queries.size(); i = next++) {
            paperdex::SearchRequest request;
            request.query = queries[i];
            for (std::size_t turn = 0; turn < indexes; ++turn) {
              const std::size_t index = (turn + i + static_cast<std::size_t>(p)) % indexes;
              const auto started = Clock::now();
              try {
                const paperdex::SearchResult result = searchers[index].search(request);
                if (round == 0 && result.total == 0) ++zero_hits[index];
              } catch (const paperdex::QuerySyntaxError&) {
                if (round == 0) ++errors[index];
              }
              const double ms =
                  std::chrono::duration<double, std::milli>(Clock::now() - started).count();
              if (round >= 0) measured[index][round][i] = ms;
            }
          }
        }
        sync.arrive_and_wait();  // closes the last pass
      } catch (const std::exception& error) {
        failures[t] = error.what();
        sync.arrive_and_drop();
      }
    });
  }
  workers.clear();  // joins
  for (const std::string& failure : failures) {
    if (!failure.empty()) throw std::runtime_error(failure);
  }

  const std::vector<double> timed(pass_seconds.begin() + options.warmup, pass_seconds.end());
  latency_ms.assign(indexes, std::vector<double>(queries.size(), 0));
  std::vector<Summary> summaries(indexes);
  for (std::size_t index = 0; index < indexes; ++index) {
    for (std::size_t q = 0; q < queries.size(); ++q) {
      std::vector<double> rounds;
      for (const auto& round : measured[index]) rounds.push_back(round[q]);
      latency_ms[index][q] = median(rounds);
    }
    std::vector<double> sorted = latency_ms[index];
    std::sort(sorted.begin(), sorted.end());
    Summary& summary = summaries[index];
    summary.p50 = percentile(sorted, 50);
    summary.p95 = percentile(sorted, 95);
    summary.p99 = percentile(sorted, 99);
    summary.max = sorted.back();
    double sum = 0;
    for (const double ms : sorted) sum += ms;
    summary.mean = sum / static_cast<double>(sorted.size());
    // A pass times every index at once: with several, an index's queries/s
    // is its queries over their summed latency, times the threads.
    const double pass_seconds_of_index =
        indexes == 1 ? median(timed) : sum / 1000.0 / static_cast<double>(threads);
    summary.qps = static_cast<double>(queries.size()) / std::max(pass_seconds_of_index, 1e-9);
    summary.errors = errors[index];
    summary.zero_hits = zero_hits[index];
  }
  return summaries;
}

std::vector<unsigned> parse_thread_counts(const std::string& text) {
  std::vector<unsigned> counts;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    const long value = std::strtol(item.c_str(), nullptr, 10);
    if (value < 1 || value > 256) throw std::invalid_argument("bad --threads value: " + text);
    counts.push_back(static_cast<unsigned>(value));
  }
  if (counts.empty()) throw std::invalid_argument("bad --threads value: " + text);
  return counts;
}

int usage(std::ostream& out, int status) {
  out << "usage: paperdex-query-bench --db DIR [--db DIR2...] --queries FILE [--threads 1,2]\n"
         "                            [--rounds 3] [--warmup 1] [--timings FILE]\n"
         "Runs every query of FILE (one a line; paperdex query syntax) through\n"
         "paperdex::Searcher with the CLI defaults (top 10, snippets, exact facets), one\n"
         "Searcher per thread, and prints p50/p95/p99/mean latency (per-query median over\n"
         "the rounds) and queries/s for each thread count. With several --db, each query\n"
         "runs on every index in turn (the first alternating), a row per index: indexes\n"
         "compared under the same load. --timings writes 'THREADS<TAB>QNO<TAB>MS' per\n"
         "query (with several --db, 'THREADS<TAB>DB<TAB>QNO<TAB>MS').\n";
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  try {
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      const bool has_value = i + 1 < argc;
      if (arg == "-h" || arg == "--help") return usage(std::cout, 0);
      if (arg == "--db" && has_value) {
        options.db_paths.emplace_back(argv[++i]);
      } else if (arg == "--queries" && has_value) {
        options.queries_file = argv[++i];
      } else if (arg == "--threads" && has_value) {
        options.thread_counts = parse_thread_counts(argv[++i]);
      } else if (arg == "--rounds" && has_value) {
        options.rounds = std::atoi(argv[++i]);
      } else if (arg == "--warmup" && has_value) {
        options.warmup = std::atoi(argv[++i]);
      } else if (arg == "--timings" && has_value) {
        options.timings_file = argv[++i];
      } else {
        return usage(std::cerr, 2);
      }
    }
  } catch (const std::invalid_argument& error) {
    std::cerr << "paperdex-query-bench: " << error.what() << '\n';
    return 2;
  }
  if (options.db_paths.empty() || options.queries_file.empty() || options.rounds < 1 ||
      options.warmup < 0) {
    return usage(std::cerr, 2);
  }

  return paperdex::bench::run_reporting_errors("paperdex-query-bench", [&] {
    const std::vector<std::string> queries = read_queries(options.queries_file);
    std::ofstream timings;
    if (!options.timings_file.empty()) {
      timings.open(options.timings_file);
      if (!timings) throw std::runtime_error("cannot write " + options.timings_file);
    }
    std::printf("# %zu queries, %d warm-up + %d rounds per thread count; %u hardware threads\n",
                queries.size(), options.warmup, options.rounds,
                std::thread::hardware_concurrency());
    const bool several = options.db_paths.size() > 1;
    std::printf("%-7s %8s %8s %8s %8s %8s %9s %6s %9s%s\n", "threads", "p50_ms", "p95_ms", "p99_ms",
                "mean_ms", "max_ms", "queries/s", "errors", "zero_hit", several ? "  db" : "");
    for (const unsigned threads : options.thread_counts) {
      std::vector<std::vector<double>> latency;
      const std::vector<Summary> summaries = run(options, queries, threads, latency);
      for (std::size_t index = 0; index < summaries.size(); ++index) {
        const Summary& s = summaries[index];
        std::printf("%-7u %8.2f %8.2f %8.2f %8.2f %8.2f %9.1f %6zu %9zu%s%s\n", threads, s.p50,
                    s.p95, s.p99, s.mean, s.max, s.qps, s.errors, s.zero_hits, several ? "  " : "",
                    several ? options.db_paths[index].c_str() : "");
        if (!timings) continue;
        for (std::size_t q = 0; q < latency[index].size(); ++q) {
          timings << threads << '\t';
          if (several) timings << index << '\t';
          timings << q << '\t' << latency[index][q] << '\n';
        }
      }
      std::fflush(stdout);
    }
    return 0;
  });
}
