// WorkerPool: every slice runs exactly once, on more than one thread when there are workers, and
// jobs from several callers at once (and a job started from inside a slice) all finish.
#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "worker_pool.h"

namespace glvk::st {
namespace {

TEST(WorkerPool, EverySliceRunsOnce) {
  WorkerPool pool(3);
  EXPECT_EQ(pool.concurrency(), 4u);
  for (unsigned count : {0u, 1u, 2u, 7u, 1000u}) {
    std::vector<std::atomic<int>> runs(count);
    pool.run(count, [&](unsigned i) { ++runs[i]; });
    for (unsigned i = 0; i < count; ++i) ASSERT_EQ(runs[i].load(), 1) << count << " slices, slice " << i;
  }
}

TEST(WorkerPool, SlicesRunOnWorkersToo) {
  WorkerPool pool(2);
  std::mutex mutex;
  std::set<std::thread::id> threads;
  // Each slice waits until another slice has started elsewhere, so one thread cannot take them all.
  std::atomic<int> started{0};
  pool.run(3, [&](unsigned) {
    ++started;
    while (started.load() < 3) std::this_thread::yield();
    std::lock_guard lock(mutex);
    threads.insert(std::this_thread::get_id());
  });
  EXPECT_EQ(threads.size(), 3u);
}

TEST(WorkerPool, ConcurrentAndNestedCallersFinish) {
  WorkerPool pool(1);
  std::atomic<long> sum{0};
  std::vector<std::thread> callers;
  for (int c = 0; c < 4; ++c)
    callers.emplace_back([&] {
      for (int round = 0; round < 50; ++round)
        pool.run(8, [&](unsigned i) {
          if (i == 0) pool.run(4, [&](unsigned j) { sum += long(j); });  // 0+1+2+3 = 6
          sum += long(i);                                                   // 0+...+7 = 28
        });
    });
  for (std::thread& t : callers) t.join();
  EXPECT_EQ(sum.load(), 4L * 50 * (28 + 6));
}

TEST(WorkerPool, SharedPoolUsesTheMachinesCores) {
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  EXPECT_EQ(WorkerPool::shared().concurrency(), std::min(cores, WorkerPool::kMaxWorkers + 1));
}

}  // namespace
}  // namespace glvk::st
