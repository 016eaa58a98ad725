#include "searcher_pool.h"

#include <utility>

namespace paperdex::serve {

namespace {

std::string joined(const std::vector<std::string>& locations) {
  std::string text;
  for (const std::string& location : locations) text += (text.empty() ? "" : " + ") + location;
  return text;
}

}  // namespace

SearcherPool::SearcherPool(std::vector<std::string> locations, SearcherOptions options)
    : locations_(std::move(locations)), path_(joined(locations_)), options_(options) {
  idle_.push_back(std::make_unique<Searcher>(locations_, options_));
}

std::unique_ptr<Searcher> SearcherPool::take() {
  std::unique_ptr<Searcher> searcher;
  {
    const std::lock_guard lock(mutex_);
    if (!idle_.empty()) {
      searcher = std::move(idle_.back());
      idle_.pop_back();
    }
  }
  if (!searcher) return std::make_unique<Searcher>(locations_, options_);
  searcher->reopen();  // when it throws, the Searcher is dropped
  return searcher;
}

std::size_t SearcherPool::idle() const {
  const std::lock_guard lock(mutex_);
  return idle_.size();
}

void SearcherPool::give_back(std::unique_ptr<Searcher> searcher) {
  const std::lock_guard lock(mutex_);
  idle_.push_back(std::move(searcher));
}

bool SearcherPool::is_request_error(const Error& error) {
  return dynamic_cast<const QuerySyntaxError*>(&error) != nullptr ||
         dynamic_cast<const InvalidRequestError*>(&error) != nullptr ||
         dynamic_cast<const PaperNotFoundError*>(&error) != nullptr ||
         dynamic_cast<const SavedSearchError*>(&error) != nullptr ||
         dynamic_cast<const TagError*>(&error) != nullptr;
}

}  // namespace paperdex::serve
