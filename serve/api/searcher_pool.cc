#include "searcher_pool.h"

#include <exception>
#include <utility>

namespace paperdex::serve {

SearcherPool::SearcherPool(std::string path, SearcherOptions options)
    : path_(std::move(path)), options_(options) {
  idle_.push_back(std::make_unique<Searcher>(path_, options_));
}

SearcherPool::Lease::Lease(SearcherPool& pool, std::unique_ptr<Searcher> searcher)
    : pool_(pool),
      searcher_(std::move(searcher)),
      exceptions_at_start_(std::uncaught_exceptions()) {}

SearcherPool::Lease::~Lease() {
  if (std::uncaught_exceptions() == exceptions_at_start_) pool_.give_back(std::move(searcher_));
}

SearcherPool::Lease SearcherPool::borrow() {
  std::unique_ptr<Searcher> searcher;
  {
    const std::lock_guard lock(mutex_);
    if (!idle_.empty()) {
      searcher = std::move(idle_.back());
      idle_.pop_back();
    }
  }
  if (searcher) {
    searcher->reopen();
  } else {
    searcher = std::make_unique<Searcher>(path_, options_);
  }
  return Lease(*this, std::move(searcher));
}

std::size_t SearcherPool::idle() const {
  const std::lock_guard lock(mutex_);
  return idle_.size();
}

void SearcherPool::give_back(std::unique_ptr<Searcher> searcher) {
  const std::lock_guard lock(mutex_);
  idle_.push_back(std::move(searcher));
}

}  // namespace paperdex::serve
