#include "query_runner.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>

#include "paperdex/searcher.h"

namespace paperdex::eval {
namespace {

QueryOutcome run_one(Searcher& searcher, const BeirQuery& query, std::size_t depth) {
  QueryOutcome outcome;
  SearchRequest request;
  request.query = query.text;
  request.limit = depth;
  request.facets = false;
  try {
    const SearchResult result = searcher.search(request);
    outcome.hits.reserve(result.hits.size());
    for (const Hit& hit : result.hits) outcome.hits.push_back({hit.id, hit.score});
    outcome.filled = result.match_set != MatchSet::kAllWords;
    outcome.all_words_total = result.all_words_total;
    outcome.parsed_query = result.parsed_query;
  } catch (const QuerySyntaxError& error) {
    outcome.failed = true;
    outcome.syntax_error = true;
    outcome.error = std::string(error.what()) + " (at byte " + std::to_string(error.position()) +
                    (error.hint().empty() ? "" : "; " + error.hint()) + ")";
  } catch (const Error& error) {
    outcome.failed = true;
    outcome.error = error.what();
  } catch (const std::exception& error) {
    // The library promises its own error types: anything else is a bug there.
    outcome.failed = true;
    outcome.error = std::string("not a paperdex error (a searcher bug): ") + error.what();
  } catch (...) {
    outcome.failed = true;
    outcome.error = "an exception of unknown type (a searcher bug; a Xapian::Error leaking?)";
  }
  return outcome;
}

}  // namespace

std::vector<QueryOutcome> run_queries(const std::string& index_dir,
                                      const std::vector<BeirQuery>& queries, std::size_t depth,
                                      std::size_t threads) {
  std::vector<QueryOutcome> outcomes(queries.size());
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  const auto work = [&] {
    try {
      Searcher searcher(index_dir);
      for (std::size_t i = next++; i < queries.size(); i = next++) {
        outcomes[i] = run_one(searcher, queries[i], depth);
      }
    } catch (...) {
      // Opening the index failed, or something unexpected: stop everyone.
      const std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      next = queries.size();
    }
  };
  std::vector<std::jthread> workers;
  for (std::size_t t = 1; t < std::max<std::size_t>(threads, 1); ++t) workers.emplace_back(work);
  work();
  workers.clear();  // joins
  if (failure) std::rethrow_exception(failure);
  return outcomes;
}

}  // namespace paperdex::eval
