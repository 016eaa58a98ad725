#pragma once
// Searchers for the server's worker threads: a Searcher is not to be shared
// between threads, so each request uses one of its own from a mutexed free
// list (opened lazily, so the pool grows to the number of requests run at
// once, the server's worker threads). Each Searcher is moved to the index's
// latest commit first (Searcher::reopen, a cheap check), so an indexer's
// commit is seen by the next request without a restart; a request that
// races a commit gets the old or the new revision, never an error.

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "paperdex/searcher.h"

namespace paperdex::serve {

class SearcherPool {
 public:
  // Opens one Searcher at once, so that an index that cannot be opened is
  // reported at start (DatabaseNotFoundError, SchemaVersionError, IoError).
  SearcherPool(std::vector<std::string> locations, SearcherOptions options);

  // Calls `use` with a Searcher at the index's latest revision and returns
  // what it returns. The Searcher goes back to the pool afterwards, also when
  // `use` throws an error of the request (a query, a number, an id no paper
  // has); after any other error (reading the index failed) it is dropped and
  // the next request opens a fresh one.
  // @throws paperdex::Error the index cannot be opened or read, and what `use` throws.
  template <typename Use>
  auto use(const Use& use) -> decltype(use(std::declval<Searcher&>())) {
    std::unique_ptr<Searcher> searcher = take();
    try {
      auto answer = use(*searcher);
      give_back(std::move(searcher));
      return answer;
    } catch (const Error& error) {
      if (is_request_error(error)) give_back(std::move(searcher));
      throw;
    }
  }

  // The databases searched as one, for messages and --stats: "A + B".
  const std::string& path() const { return path_; }

  // How many Searchers the pool holds now (idle ones).
  std::size_t idle() const;

 private:
  std::unique_ptr<Searcher> take();
  void give_back(std::unique_ptr<Searcher> searcher);
  static bool is_request_error(const Error& error);

  const std::vector<std::string> locations_;
  const std::string path_;
  const SearcherOptions options_;
  mutable std::mutex mutex_;
  std::vector<std::unique_ptr<Searcher>> idle_;
};

}  // namespace paperdex::serve
