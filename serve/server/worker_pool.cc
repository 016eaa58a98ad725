#include "worker_pool.h"

#include <algorithm>

namespace paperdex::serve {

WorkerPool::WorkerPool(unsigned threads, std::size_t queue_capacity)
    : queue_capacity_(queue_capacity) {
  threads = std::max(threads, 1u);
  threads_.reserve(threads);
  for (unsigned i = 0; i < threads; ++i) threads_.emplace_back([this] { work(); });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (std::thread& thread : threads_) thread.join();
}

bool WorkerPool::try_submit(std::function<void()> job) {
  {
    std::lock_guard lock(mutex_);
    // The idle workers take as many jobs at once; only the rest wait.
    if (jobs_.size() >= queue_capacity_ + idle_) return false;
    jobs_.push_back(std::move(job));
  }
  wake_.notify_one();
  return true;
}

void WorkerPool::work() {
  std::unique_lock lock(mutex_);
  for (;;) {
    ++idle_;
    wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
    --idle_;
    if (jobs_.empty()) return;  // stopping, and nothing left to run
    std::function<void()> job = std::move(jobs_.front());
    jobs_.pop_front();
    lock.unlock();
    job();
    job = nullptr;  // what it holds goes before the lock is taken again
    lock.lock();
  }
}

}  // namespace paperdex::serve
