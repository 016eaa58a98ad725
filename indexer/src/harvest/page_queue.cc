#include "page_queue.h"

namespace paperdex::harvest {

bool PageQueue::put(FetchedPage page) {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return !waiting_ || closed_; });
  if (closed_) return false;
  waiting_ = std::move(page);
  changed_.notify_all();
  return true;
}

void PageQueue::finish(std::exception_ptr error) {
  std::lock_guard lock(mutex_);
  finished_ = true;
  error_ = std::move(error);
  changed_.notify_all();
}

std::optional<FetchedPage> PageQueue::take() {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return waiting_ || finished_; });
  if (waiting_) {
    std::optional<FetchedPage> page = std::move(waiting_);
    waiting_.reset();
    changed_.notify_all();
    return page;
  }
  if (error_) std::rethrow_exception(error_);
  return std::nullopt;
}

void PageQueue::close() {
  std::lock_guard lock(mutex_);
  closed_ = true;
  changed_.notify_all();
}

}  // namespace paperdex::harvest
