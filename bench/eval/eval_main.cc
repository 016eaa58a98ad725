// paperdex-eval: the relevance evaluation harness. Indexes a BEIR corpus with
// paperdex's indexer, runs every judged query through the searcher library
// with the default settings, writes a TREC run, and prints nDCG@10, Recall@100
// and MAP@1000 (trec_eval's conventions, see metrics.h), the metric line last.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <thread>

#include <xapian.h>
#include <boost/program_options.hpp>

#include "corpus_index.h"
#include "eval/beir_reader.h"
#include "eval/metrics.h"
#include "eval/trec_run.h"
#include "query_runner.h"
#include "recommend_runner.h"

namespace po = boost::program_options;
namespace fs = std::filesystem;
using namespace paperdex::eval;

namespace {

constexpr int kExitOk = 0;
constexpr int kExitQueriesFailed = 1;
constexpr int kExitFailed = 2;

// The run's depth: MAP is MAP@1000, as in BEIR and TREC.
constexpr std::size_t kDepth = 1000;

struct Options {
  fs::path beir_dir;
  std::string split;
  fs::path run_file;
  fs::path index_dir;
  std::string index_key;
  fs::path per_query_file;
  fs::path recommend_tags;  // --recommend TAGS.tsv: the residual-collection test instead
  std::string tag = "paperdex";
  std::size_t threads = std::max(1u, std::thread::hardware_concurrency());
};

// Numeric ids sort as numbers ("9" before "10"), others as strings.
bool id_less(const std::string& a, const std::string& b) {
  const auto numeric = [](const std::string& s) {
    return !s.empty() &&
           std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  if (numeric(a) && numeric(b) && a.size() != b.size()) return a.size() < b.size();
  return a < b;
}

std::string format_metrics(const QueryMetrics& metrics) {
  char line[96];
  std::snprintf(line, sizeof line, "nDCG@10 %.4f  R@100 %.4f  MAP %.4f", metrics.ndcg10,
                metrics.recall100, metrics.map);
  return line;
}

// Tabs and line breaks would break the TSV's columns.
std::string one_line(std::string text) {
  std::replace_if(
      text.begin(), text.end(), [](char c) { return c == '\t' || c == '\n' || c == '\r'; }, ' ');
  return text;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Where the index is kept: --index DIR, else a directory in `temporary`
// (removed with it).
fs::path index_dir_of(const Options& options, std::optional<TemporaryDirectory>& temporary) {
  if (!options.index_dir.empty()) return options.index_dir;
  temporary.emplace();
  return temporary->path() / "index";
}

// --recommend: the index, then each tag's recommendations as a TREC run (to
// --run, else standard output), the top 100 each.
int recommend(const Options& options) {
  constexpr std::size_t kRecommendDepth = 100;
  std::optional<TemporaryDirectory> temporary;
  const fs::path index_dir = index_dir_of(options, temporary);
  build_corpus_index(options.beir_dir / "corpus.jsonl", index_dir, options.index_key);
  std::ofstream file;
  if (!options.run_file.empty()) {
    file.open(options.run_file);
    if (!file) throw std::runtime_error("cannot write the run file " + options.run_file.string());
  }
  std::ostream& run = options.run_file.empty() ? std::cout : file;
  const std::size_t failed = run_recommendations(index_dir.string(), options.recommend_tags,
                                                 kRecommendDepth, run, options.tag);
  run.flush();
  if (!run) throw std::runtime_error("writing the run failed");
  return failed > 0 ? kExitQueriesFailed : kExitOk;
}

int evaluate(const Options& options) {
  const fs::path qrels_file = qrels_path(options.beir_dir, options.split);
  const Qrels qrels = read_qrels(qrels_file);
  const std::vector<BeirQuery> all_queries = read_queries(options.beir_dir / "queries.jsonl");

  // The evaluated queries: every judged one (trec_eval's rule), in id order
  // so that the halves below are deterministic.
  std::map<std::string, std::string> text_of;
  for (const BeirQuery& query : all_queries) text_of.emplace(query.id, query.text);
  std::vector<std::string> judged_ids;
  for (const auto& [id, judgments] : qrels) judged_ids.push_back(id);
  std::sort(judged_ids.begin(), judged_ids.end(), id_less);
  std::vector<BeirQuery> queries;
  std::vector<std::size_t> half_of;  // 0 = A, 1 = B: by position among the judged ids
  std::vector<std::string> missing;
  std::vector<QueryMetrics> all;
  std::vector<QueryMetrics> halves[2];
  for (std::size_t i = 0; i < judged_ids.size(); ++i) {
    const auto it = text_of.find(judged_ids[i]);
    if (it == text_of.end()) {
      // Judged but impossible to run: 0, as in trec_eval -c, rather than
      // vanishing from the averages.
      missing.push_back(judged_ids[i]);
      all.emplace_back();
      halves[i % 2].emplace_back();
    } else {
      queries.push_back({judged_ids[i], it->second});
      half_of.push_back(i % 2);
    }
  }
  for (const std::string& id : missing) {
    std::cerr << "paperdex-eval: warning: query " << id << " is judged in " << qrels_file.string()
              << " but not in queries.jsonl; it counts as 0\n";
  }

  // The index: kept in --index DIR (reused while the key matches) or in a
  // temporary directory removed at exit.
  std::optional<TemporaryDirectory> temporary;
  const fs::path index_dir = index_dir_of(options, temporary);
  const CorpusIndexStats indexed =
      build_corpus_index(options.beir_dir / "corpus.jsonl", index_dir, options.index_key);

  const auto search_started = std::chrono::steady_clock::now();
  const std::vector<QueryOutcome> outcomes =
      run_queries(index_dir.string(), queries, kDepth, options.threads);
  const double search_seconds = seconds_since(search_started);

  std::ofstream run;
  if (!options.run_file.empty()) {
    run.open(options.run_file);
    if (!run) throw std::runtime_error("cannot write the run file " + options.run_file.string());
  }
  std::ofstream per_query;
  if (!options.per_query_file.empty()) {
    per_query.open(options.per_query_file);
    if (!per_query) {
      throw std::runtime_error("cannot write " + options.per_query_file.string());
    }
    per_query << "query_id\thalf\tndcg10\trecall100\tap\thits\tfilled\tall_words_total\terror\t"
                 "query\tparsed_query\n";
  }

  std::size_t failed = 0, syntax_errors = 0, empty = 0, filled = 0;
  for (std::size_t i = 0; i < queries.size(); ++i) {
    const QueryOutcome& outcome = outcomes[i];
    const std::vector<std::string> ranking = rank_with_trec_ties(outcome.hits);
    const QueryMetrics metrics = evaluate_query(ranking, qrels.at(queries[i].id));
    all.push_back(metrics);
    halves[half_of[i]].push_back(metrics);
    if (outcome.failed) {
      ++failed;
      if (outcome.syntax_error) ++syntax_errors;
      std::cerr << "paperdex-eval: QUERY FAILED " << queries[i].id << ": " << outcome.error
                << "\n    query: " << queries[i].text << '\n';
    } else if (ranking.empty()) {
      ++empty;
    }
    if (outcome.filled) ++filled;
    if (run.is_open()) write_trec_run(run, queries[i].id, ranking, options.tag);
    if (per_query.is_open()) {
      per_query << queries[i].id << '\t' << (half_of[i] == 0 ? 'A' : 'B') << '\t' << metrics.ndcg10
                << '\t' << metrics.recall100 << '\t' << metrics.map << '\t' << ranking.size()
                << '\t' << (outcome.filled ? 1 : 0) << '\t' << outcome.all_words_total << '\t'
                << one_line(outcome.error) << '\t' << one_line(queries[i].text) << '\t'
                << one_line(outcome.parsed_query) << '\n';
    }
  }
  if (run.is_open()) {
    run.close();
    if (!run)
      throw std::runtime_error("writing the run file " + options.run_file.string() + " failed");
  }

  std::cout << "corpus: " << options.beir_dir.string() << ": ";
  if (indexed.reused) {
    std::cout << "reused the index in " << index_dir.string() << '\n';
  } else {
    std::printf("%zu documents read, %zu indexed in %.1f s\n", indexed.documents_read,
                indexed.documents_indexed, indexed.seconds);
    std::fflush(stdout);
  }
  std::cout << "queries: " << judged_ids.size() << " judged in " << qrels_file.string() << " ("
            << all_queries.size() << " in queries.jsonl); " << queries.size() << " run, " << failed
            << " failed (" << syntax_errors << " syntax errors), " << empty << " with no results, "
            << filled << " filled with partial matches\n";
  std::printf("search: %zu queries in %.1f s (%zu threads, top %zu)\n", queries.size(),
              search_seconds, options.threads, kDepth);
  std::printf("half A (odd positions in id order, %zu queries): %s\n", halves[0].size(),
              format_metrics(mean(halves[0])).c_str());
  std::printf("half B (even positions in id order, %zu queries): %s\n", halves[1].size(),
              format_metrics(mean(halves[1])).c_str());
  if (failed > 0) {
    std::printf("WARNING: %zu queries failed (see the errors above); they count as 0\n", failed);
  }
  std::printf("%s\n", format_metrics(mean(all)).c_str());
  return failed > 0 ? kExitQueriesFailed : kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  po::options_description visible(
      "Usage: paperdex-eval [options] BEIR_DIR\n\n"
      "Indexes BEIR_DIR/corpus.jsonl with paperdex, runs every query judged in the qrels\n"
      "through the searcher with the default settings, and prints nDCG@10, Recall@100 and\n"
      "MAP@1000, the metric line last.\n\n"
      "Exit status: 0 done, 1 some queries failed (listed; they count as 0), 2 no evaluation.\n\n"
      "Options");
  visible.add_options()("help,h", "show this help")(
      "split", po::value(&options.split)->value_name("NAME"),
      "evaluate qrels/NAME.tsv (default: test if present, else train)")(
      "run", po::value(&options.run_file)->value_name("FILE"),
      "write the TREC run (top 1000 per query) to FILE")(
      "index", po::value(&options.index_dir)->value_name("DIR"),
      "keep the index in DIR (default: a temporary directory)")(
      "index-key", po::value(&options.index_key)->value_name("KEY"),
      "reuse the index in DIR when it was built with this KEY; rebuild it otherwise")(
      "per-query", po::value(&options.per_query_file)->value_name("FILE"),
      "write each query's figures, parse and text to FILE (TSV)")(
      "threads", po::value(&options.threads)->value_name("N"), "search threads (default: cores)")(
      "tag", po::value(&options.tag)->value_name("NAME"), "the run's tag (default: paperdex)")(
      "recommend", po::value(&options.recommend_tags)->value_name("TAGS.tsv"),
      "instead of the queries: store each tag of TAGS.tsv (tag<TAB>doc_id lines) in the index "
      "and write the top 100 papers recommended for it (--run FILE, else standard output)");
  po::options_description hidden;
  hidden.add_options()("beir-dir", po::value(&options.beir_dir));
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add("beir-dir", 1);

  try {
    po::variables_map vm;
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
    if (vm.count("help")) {
      std::cout << visible << '\n';
      return kExitOk;
    }
    if (options.beir_dir.empty()) {
      std::cerr << "paperdex-eval: give a BEIR directory\nTry 'paperdex-eval --help'.\n";
      return kExitFailed;
    }
  } catch (const po::error& error) {
    std::cerr << "paperdex-eval: " << error.what() << "\nTry 'paperdex-eval --help'.\n";
    return kExitFailed;
  }
  try {
    return options.recommend_tags.empty() ? evaluate(options) : recommend(options);
  } catch (const std::exception& error) {
    std::cerr << "paperdex-eval: " << error.what() << '\n';
    return kExitFailed;
  } catch (const Xapian::Error& error) {
    // The indexer's own errors are std::exceptions; a Xapian one is a bug there.
    std::cerr << "paperdex-eval: Xapian error: " << error.get_description() << '\n';
    return kExitFailed;
  }
}
