// A small pool of worker threads (the machine's cores less the caller) for CPU work that splits
// into independent slices: large texel conversions (issue 19). Process-wide, started on first use,
// never stopped (idle workers sleep on a condition variable). Callers on several threads may run
// jobs at once: each caller works on its own job's slices too, so a job finishes even when every
// worker is busy elsewhere.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace glvk::st {

class WorkerPool {
 public:
  // The process's pool: hardware_concurrency() - 1 workers (none on one core), at most kMaxWorkers.
  static WorkerPool& shared();
  explicit WorkerPool(unsigned workers);
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;
  ~WorkerPool();

  // Threads a job can use at once: the workers and the caller.
  unsigned concurrency() const { return unsigned(workers_.size()) + 1; }
  // Runs body(0) .. body(count - 1), some on the workers, and returns once all have returned.
  void run(unsigned count, const std::function<void(unsigned)>& body);

  static constexpr unsigned kMaxWorkers = 7;

 private:
  struct Job {
    const std::function<void(unsigned)>* body;
    unsigned count, next = 0, done = 0;
    std::condition_variable finished;
  };
  void work();
  // Claims the next slice of the oldest job with one left (dropping exhausted jobs); under mutex_.
  Job* claim(unsigned& index);

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Job*> jobs_;
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace glvk::st
