#pragma once
// The fixed pool of threads that run the handler (the searches), behind a
// bounded queue: past it a request is refused at once (the server answers
// 503 with Retry-After) rather than waiting without end while its client's
// connection and memory are held.

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace paperdex::serve {

class WorkerPool {
 public:
  // `threads` workers (at least one); up to `queue_capacity` jobs wait for
  // one beyond those the idle workers take at once.
  WorkerPool(unsigned threads, std::size_t queue_capacity);
  // Runs the jobs already accepted, then joins the workers.
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // Queues `job` for a worker; false (and `job` dropped) when the queue is
  // full. Thread-safe.
  bool try_submit(std::function<void()> job);

 private:
  void work();

  std::size_t queue_capacity_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> jobs_;
  std::size_t idle_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace paperdex::serve
