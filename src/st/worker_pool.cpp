#include "worker_pool.h"

#include <algorithm>

namespace glvk::st {

WorkerPool& WorkerPool::shared() {
  // Never destroyed: a static destructor would join workers while other static objects (or a
  // context on another thread) might still use the pool at exit.
  static WorkerPool* pool = new WorkerPool(std::min(kMaxWorkers, std::max(1u, std::thread::hardware_concurrency()) - 1));
  return *pool;
}

WorkerPool::WorkerPool(unsigned workers) {
  for (unsigned i = 0; i < workers; ++i) workers_.emplace_back([this] { work(); });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (std::thread& t : workers_) t.join();
}

WorkerPool::Job* WorkerPool::claim(unsigned& index) {
  while (!jobs_.empty()) {
    Job* job = jobs_.front();
    if (job->next < job->count) {
      index = job->next++;
      return job;
    }
    jobs_.pop_front();  // every slice handed out; its caller waits for the last to finish
  }
  return nullptr;
}

void WorkerPool::work() {
  std::unique_lock lock(mutex_);
  for (;;) {
    unsigned index = 0;
    Job* job = claim(index);
    if (!job) {
      if (stopping_) return;
      wake_.wait(lock);
      continue;
    }
    lock.unlock();
    (*job->body)(index);
    lock.lock();
    if (++job->done == job->count) job->finished.notify_all();
  }
}

void WorkerPool::run(unsigned count, const std::function<void(unsigned)>& body) {
  if (count == 0) return;
  if (count == 1 || workers_.empty()) {
    for (unsigned i = 0; i < count; ++i) body(i);
    return;
  }
  Job job{&body, count};
  std::unique_lock lock(mutex_);
  jobs_.push_back(&job);
  wake_.notify_all();
  // The caller takes slices of its own job (not of others: it must return as soon as its job is done).
  while (job.next < job.count) {
    const unsigned index = job.next++;
    lock.unlock();
    body(index);
    lock.lock();
    ++job.done;
  }
  std::erase(jobs_, &job);
  job.finished.wait(lock, [&] { return job.done == job.count; });
}

}  // namespace glvk::st
