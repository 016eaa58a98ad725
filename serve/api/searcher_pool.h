#pragma once
// Searchers for the server's worker threads: a Searcher is not to be shared
// between threads, so each request borrows one of its own from a mutexed
// free list (opened lazily, so the pool grows to the number of requests run
// at once, the server's worker threads). Each borrowed Searcher is moved to
// the index's latest commit first (Searcher::reopen, a cheap check), so an
// indexer's commit is seen by the next request without a restart; a request
// that races a commit gets the old or the new revision, never an error.

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
  SearcherPool(std::string path, SearcherOptions options);

  // A Searcher borrowed for one request; returned to the pool when the lease
  // ends, unless the request failed with an exception (an IoError can leave
  // it at a revision a writer discarded: a fresh one is opened instead).
  class Lease {
   public:
    Lease(SearcherPool& pool, std::unique_ptr<Searcher> searcher);
    ~Lease();
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    Searcher& operator*() const { return *searcher_; }
    Searcher* operator->() const { return searcher_.get(); }

   private:
    SearcherPool& pool_;
    std::unique_ptr<Searcher> searcher_;
    int exceptions_at_start_;
  };

  // A Searcher at the index's latest revision.
  // @throws paperdex::Error the index cannot be opened or read.
  Lease borrow();

  const std::string& path() const { return path_; }

  // How many Searchers the pool holds now (idle ones).
  std::size_t idle() const;

 private:
  void give_back(std::unique_ptr<Searcher> searcher);

  const std::string path_;
  const SearcherOptions options_;
  mutable std::mutex mutex_;
  std::vector<std::unique_ptr<Searcher>> idle_;
};

}  // namespace paperdex::serve
