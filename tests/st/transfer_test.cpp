// The seed-003 transfer policies on lavapipe with validation: each test makes a buffer busy with
// a recorded GPU copy and observes what a map does through the counters and the data.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "glvk/st/screen.h"
#include "glvk/st/context.h"

namespace glvk::st {
namespace {

using Bytes = std::vector<std::uint8_t>;
constexpr std::uint64_t kSize = 1024;

Bytes pattern(std::size_t size, unsigned seed) {
  Bytes out(size);
  for (std::size_t i = 0; i < size; ++i) out[i] = std::uint8_t(i * 13 + seed * 101 + (i >> 7));
  return out;
}

class Transfers : public ::testing::Test {
 protected:
  void SetUp() override { use_screen(BufferReadback::Auto); }
  void use_screen(BufferReadback readback) {
    context_.reset();
    screen_ = std::make_shared<Screen>(ScreenOptions{true, "llvmpipe", readback});
    context_ = std::make_unique<Context>(screen_);
  }
  void TearDown() override {
    context_->finish();
    EXPECT_EQ(screen_->validation_error_count(), 0u);
  }

  std::shared_ptr<Resource> buffer(ResourceUsage usage, const Bytes& data, unsigned flags = 0) {
    auto r = context_->buffer_create(data.size(), usage, flags);
    context_->buffer_subdata(*r, 0, 0, data.size(), data.data());
    return r;
  }
  Bytes read(Resource& r, std::uint64_t offset = 0, std::uint64_t size = kSize) {
    Bytes out(size);
    context_->buffer_read(r, offset, size, out.data());
    return out;
  }
  // Records a GPU copy of `src` into a fresh buffer: `src` is busy (unsubmitted) afterwards.
  std::shared_ptr<Resource> busy_copy_of(Resource& src) {
    auto dst = context_->buffer_create(kSize, ResourceUsage::DEFAULT, 0);
    context_->buffer_copy(*dst, 0, src, 0, kSize);
    EXPECT_TRUE(resource_is_busy(*context_, src));
    return dst;
  }

  std::shared_ptr<Screen> screen_;
  std::unique_ptr<Context> context_;
  const Bytes old_ = pattern(kSize, 1);
  const Bytes new_ = pattern(kSize, 2);
};

TEST_F(Transfers, BusyUntilFinished) {
  auto a = buffer(ResourceUsage::DYNAMIC, old_);
  EXPECT_FALSE(resource_is_busy(*context_, *a));
  auto b = busy_copy_of(*a);
  context_->finish();
  EXPECT_FALSE(resource_is_busy(*context_, *a));
  EXPECT_EQ(read(*b), old_);
}

TEST_F(Transfers, WriteOutsideTheValidRangeIsPromotedToUnsynchronized) {
  auto a = context_->buffer_create(kSize, ResourceUsage::DYNAMIC, 0);
  context_->buffer_subdata(*a, 0, 0, 512, old_.data());
  EXPECT_EQ(resource_valid_range(*a), std::make_pair(std::uint64_t(0), std::uint64_t(512)));
  auto b = context_->buffer_create(kSize, ResourceUsage::DEFAULT, 0);
  context_->buffer_copy(*b, 0, *a, 0, 512);
  const TransferStats before = context_->stats();
  Transfer* t = nullptr;
  void* map = context_->transfer_map(*a, 0, PIPE_TRANSFER_WRITE, buffer_box(512, 512), &t);
  ASSERT_NE(map, nullptr);
  const TransferStats after = context_->stats();
  EXPECT_EQ(after.unsynchronized_promotions, before.unsynchronized_promotions + 1);
  EXPECT_EQ(after.waits, before.waits);
  EXPECT_EQ(after.submissions, before.submissions);
  EXPECT_TRUE(resource_is_busy(*context_, *a));  // nothing was submitted or waited for
  std::memcpy(map, new_.data() + 512, 512);
  context_->transfer_unmap(t);
  EXPECT_EQ(resource_valid_range(*a), std::make_pair(std::uint64_t(0), std::uint64_t(kSize)));
  Bytes expected(old_.begin(), old_.begin() + 512);
  expected.insert(expected.end(), new_.begin() + 512, new_.end());
  EXPECT_EQ(read(*a), expected);
}

TEST_F(Transfers, WriteInsideTheValidRangeWaitsForTheGpu) {
  auto a = buffer(ResourceUsage::DYNAMIC, old_);
  auto b = busy_copy_of(*a);
  const TransferStats before = context_->stats();
  Transfer* t = nullptr;
  void* map = context_->transfer_map(*a, 0, PIPE_TRANSFER_WRITE, buffer_box(0, 100), &t);
  ASSERT_NE(map, nullptr);
  EXPECT_EQ(context_->stats().waits, before.waits + 1);
  EXPECT_FALSE(resource_is_busy(*context_, *a));
  std::memcpy(map, new_.data(), 100);
  context_->transfer_unmap(t);
  EXPECT_EQ(read(*b), old_);
}

TEST_F(Transfers, UnsynchronizedNeverWaits) {
  auto a = buffer(ResourceUsage::DYNAMIC, old_);
  auto b = busy_copy_of(*a);
  const TransferStats before = context_->stats();
  Transfer* t = nullptr;
  void* map = context_->transfer_map(*a, 0, PIPE_TRANSFER_WRITE | PIPE_TRANSFER_UNSYNCHRONIZED, buffer_box(0, kSize), &t);
  ASSERT_NE(map, nullptr);
  EXPECT_EQ(context_->stats().waits, before.waits);
  EXPECT_EQ(context_->stats().submissions, before.submissions);
  std::memcpy(map, new_.data(), kSize);
  context_->transfer_unmap(t);
  EXPECT_EQ(read(*b), new_);  // the copy ran after the write
}

TEST_F(Transfers, DontblockReturnsNullInsteadOfWaiting) {
  auto a = buffer(ResourceUsage::DYNAMIC, old_);
  auto b = busy_copy_of(*a);
  const TransferStats before = context_->stats();
  Transfer* t = reinterpret_cast<Transfer*>(1);
  EXPECT_EQ(context_->transfer_map(*a, 0, PIPE_TRANSFER_WRITE | PIPE_TRANSFER_DONTBLOCK, buffer_box(0, 10), &t),
            nullptr);
  EXPECT_EQ(t, nullptr);
  EXPECT_EQ(context_->stats().waits, before.waits);
  context_->finish();
  void* map = context_->transfer_map(*a, 0, PIPE_TRANSFER_READ | PIPE_TRANSFER_DONTBLOCK, buffer_box(0, 10), &t);
  ASSERT_NE(map, nullptr);  // idle now
  EXPECT_EQ(Bytes(static_cast<std::uint8_t*>(map), static_cast<std::uint8_t*>(map) + 10),
            Bytes(old_.begin(), old_.begin() + 10));
  context_->transfer_unmap(t);
}

TEST_F(Transfers, DiscardRangeOverTheWholeBufferRenamesBusyStorage) {
  auto a = buffer(ResourceUsage::DEFAULT, old_);
  auto b = busy_copy_of(*a);
  const TransferStats before = context_->stats();
  Transfer* t = nullptr;
  void* map = context_->transfer_map(*a, 0, PIPE_TRANSFER_WRITE | PIPE_TRANSFER_DISCARD_RANGE, buffer_box(0, kSize), &t);
  ASSERT_NE(map, nullptr);
  const TransferStats after = context_->stats();
  EXPECT_EQ(after.renames, before.renames + 1);
  EXPECT_EQ(after.waits, before.waits);
  EXPECT_EQ(after.staging_uploads, before.staging_uploads);
  EXPECT_FALSE(resource_is_busy(*context_, *a));  // fresh storage
  std::memcpy(map, new_.data(), kSize);
  context_->transfer_unmap(t);
  EXPECT_EQ(read(*b), old_);  // the pending copy kept the old storage
  EXPECT_EQ(read(*a), new_);
}

TEST_F(Transfers, DiscardRangeOfABusyBufferUsesStaging) {
  auto a = buffer(ResourceUsage::DYNAMIC, old_);
  auto b = busy_copy_of(*a);
  const TransferStats before = context_->stats();
  Transfer* t = nullptr;
  void* map =
      context_->transfer_map(*a, 0, PIPE_TRANSFER_WRITE | PIPE_TRANSFER_DISCARD_RANGE, buffer_box(100, 200), &t);
  ASSERT_NE(map, nullptr);
  EXPECT_EQ(context_->stats().staging_uploads, before.staging_uploads + 1);
  EXPECT_EQ(context_->stats().waits, before.waits);
  // The staging pointer keeps the offset's alignment modulo 64.
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(map) % 64, 100u % 64);
  std::memcpy(map, new_.data() + 100, 200);
  context_->transfer_unmap(t);
  EXPECT_EQ(read(*b), old_);
  Bytes expected = old_;
  std::copy(new_.begin() + 100, new_.begin() + 300, expected.begin() + 100);
  EXPECT_EQ(read(*a), expected);
}

TEST_F(Transfers, ExplicitFlushCopiesOnlyTheFlushedRangesFromStaging) {
  auto a = buffer(ResourceUsage::DYNAMIC, old_);
  auto b = busy_copy_of(*a);
  Transfer* t = nullptr;
  void* map = context_->transfer_map(
      *a, 0, PIPE_TRANSFER_WRITE | PIPE_TRANSFER_DISCARD_RANGE | PIPE_TRANSFER_FLUSH_EXPLICIT, buffer_box(0, 100), &t);
  ASSERT_NE(map, nullptr);
  std::memcpy(map, new_.data(), 100);
  context_->transfer_flush_region(t, buffer_box(10, 20));  // relative to the map
  context_->transfer_unmap(t);
  Bytes expected = old_;
  std::copy(new_.begin() + 10, new_.begin() + 30, expected.begin() + 10);
  EXPECT_EQ(read(*a), expected);
}

TEST_F(Transfers, ReadsOfDeviceLocalBuffersGoThroughReadbackStaging) {
  use_screen(BufferReadback::Staging);  // the seed's domain rule, whatever the memory's caching
  auto device_local = buffer(ResourceUsage::DEFAULT, old_);
  auto host = buffer(ResourceUsage::STAGING, new_);
  const TransferStats before = context_->stats();
  EXPECT_EQ(read(*device_local, 100, 300), Bytes(old_.begin() + 100, old_.begin() + 400));
  EXPECT_EQ(context_->stats().staging_readbacks, before.staging_readbacks + 1);
  EXPECT_EQ(read(*host), new_);
  EXPECT_EQ(context_->stats().staging_readbacks, before.staging_readbacks + 1);  // host memory maps directly
}

TEST_F(Transfers, ReadsOfCachedMemoryAreDirectByDefault) {
  // lavapipe's only memory type is HOST_CACHED: reading it directly is as fast as it gets.
  auto device_local = buffer(ResourceUsage::DEFAULT, old_);
  const TransferStats before = context_->stats();
  EXPECT_EQ(read(*device_local, 100, 300), Bytes(old_.begin() + 100, old_.begin() + 400));
  EXPECT_EQ(context_->stats().staging_readbacks, before.staging_readbacks);
}

TEST_F(Transfers, ReadbackStagingWithDontblockReturnsNullRatherThanWaiting) {
  use_screen(BufferReadback::Staging);
  auto a = buffer(ResourceUsage::DEFAULT, old_);
  Transfer* t = nullptr;
  EXPECT_EQ(context_->transfer_map(*a, 0, PIPE_TRANSFER_READ | PIPE_TRANSFER_DONTBLOCK, buffer_box(0, kSize), &t),
            nullptr);
  EXPECT_EQ(t, nullptr);
  context_->finish();
  const TransferStats before = context_->stats();
  auto* map = static_cast<std::uint8_t*>(context_->transfer_map(*a, 0, PIPE_TRANSFER_READ, buffer_box(0, kSize), &t));
  ASSERT_NE(map, nullptr);
  EXPECT_EQ(Bytes(map, map + kSize), old_);
  EXPECT_EQ(context_->stats().staging_readbacks, before.staging_readbacks + 1);
  context_->transfer_unmap(t);
}

TEST_F(Transfers, OutstandingStagingBytesFlushPastAQuarterOfTheBudget) {
  context_->set_staging_budget(16000);  // a quarter is 4000 bytes
  auto a = buffer(ResourceUsage::DYNAMIC, old_);
  auto b = busy_copy_of(*a);
  const TransferStats start = context_->stats();
  for (int i = 1; i <= 5; ++i) {
    Transfer* t = nullptr;
    // 64-aligned offsets: each staging buffer is exactly 1000 bytes.
    ASSERT_NE(context_->transfer_map(*a, 0, PIPE_TRANSFER_WRITE | PIPE_TRANSFER_DISCARD_RANGE,
                                     buffer_box(0, 1000), &t),
              nullptr);
    context_->transfer_unmap(t);
    const TransferStats now = context_->stats();
    EXPECT_EQ(now.staging_uploads, start.staging_uploads + std::uint64_t(i));
    if (i < 5) {
      EXPECT_EQ(now.staging_flushes, start.staging_flushes) << i;
      EXPECT_EQ(now.outstanding_staging_bytes, std::uint64_t(1000 * i)) << i;
    } else {
      EXPECT_EQ(now.staging_flushes, start.staging_flushes + 1);  // 5000 > 4000
      EXPECT_EQ(now.outstanding_staging_bytes, 0u);
    }
  }
}

TEST_F(Transfers, MapDirectlyRefusesStagingAndSkipsReadbackStaging) {
  use_screen(BufferReadback::Staging);
  auto a = buffer(ResourceUsage::DEFAULT, old_);
  auto b = busy_copy_of(*a);
  Transfer* t = nullptr;
  // A busy partial discard would need staging: refused.
  EXPECT_EQ(context_->transfer_map(*a, 0,
                                   PIPE_TRANSFER_WRITE | PIPE_TRANSFER_DISCARD_RANGE | PIPE_TRANSFER_MAP_DIRECTLY,
                                   buffer_box(10, 10), &t),
            nullptr);
  EXPECT_EQ(t, nullptr);
  context_->finish();
  // Reading device-local memory directly (lavapipe's is host-visible) instead of through staging.
  const TransferStats before = context_->stats();
  auto* map = static_cast<std::uint8_t*>(
      context_->transfer_map(*a, 0, PIPE_TRANSFER_READ | PIPE_TRANSFER_MAP_DIRECTLY, buffer_box(0, kSize), &t));
  ASSERT_NE(map, nullptr);
  EXPECT_EQ(Bytes(map, map + kSize), old_);
  EXPECT_EQ(context_->stats().staging_readbacks, before.staging_readbacks);
  context_->transfer_unmap(t);
}

TEST_F(Transfers, StagingAndRenamedStorageAreRecycledOnlyOnceIdle) {
  auto a = buffer(ResourceUsage::DYNAMIC, old_);
  auto upload = [&](std::int64_t offset) {
    Transfer* t = nullptr;
    void* map =
        context_->transfer_map(*a, 0, PIPE_TRANSFER_WRITE | PIPE_TRANSFER_DISCARD_RANGE, buffer_box(offset, 100), &t);
    ASSERT_NE(map, nullptr);
    std::memcpy(map, new_.data() + offset, 100);
    context_->transfer_unmap(t);
  };
  auto b = busy_copy_of(*a);
  const TransferStats start = context_->stats();
  upload(0);    // staging #1, its copy is still pending
  upload(200);  // must not reuse #1: its copy has not run yet
  EXPECT_EQ(context_->stats().staging_uploads, start.staging_uploads + 2);
  EXPECT_EQ(context_->stats().buffer_reuses, start.buffer_reuses);
  context_->finish();
  auto c = busy_copy_of(*a);
  upload(400);  // both earlier staging buffers are idle now: one is reused
  EXPECT_EQ(context_->stats().buffer_reuses, start.buffer_reuses + 1);
  Bytes expected = old_;
  for (int offset : {0, 200, 400}) std::copy(new_.begin() + offset, new_.begin() + offset + 100, expected.begin() + offset);
  EXPECT_EQ(read(*a), expected);
  EXPECT_EQ(read(*b), old_);  // each pending copy saw the data of its time
  Bytes at_c = old_;
  for (int offset : {0, 200}) std::copy(new_.begin() + offset, new_.begin() + offset + 100, at_c.begin() + offset);
  EXPECT_EQ(read(*c), at_c);
}

TEST_F(Transfers, ValidationIsOn) { EXPECT_TRUE(screen_->validation_enabled()); }

using TransfersDeathTest = Transfers;

TEST_F(TransfersDeathTest, AValidationErrorAbortsLoudly) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        auto a = buffer(ResourceUsage::DYNAMIC, old_);
        auto b = context_->buffer_create(16, ResourceUsage::DYNAMIC, 0);
        // A copy past the end of both buffers' storage (whole pages): VUID-vkCmdCopyBuffer-size-00115.
        context_->buffer_copy(*b, 0, *a, 0, 1 << 20);
      },
      "validation error");
}

TEST_F(Transfers, RenamedStorageCountsTowardsTheFlushRule) {
  context_->set_staging_budget(16000);  // a quarter is 4000 bytes; a 1 KiB buffer's storage is a 4 KiB page
  auto a = buffer(ResourceUsage::DYNAMIC, old_);
  auto b = busy_copy_of(*a);
  const TransferStats before = context_->stats();
  context_->invalidate_resource(*a);
  const TransferStats after = context_->stats();
  EXPECT_EQ(after.renames, before.renames + 1);
  EXPECT_EQ(after.staging_flushes, before.staging_flushes + 1);
  EXPECT_EQ(after.outstanding_staging_bytes, 0u);
  EXPECT_EQ(read(*b), old_);
}

TEST_F(Transfers, PersistentCoherentMapsAreDirectAndSurviveInvalidation) {
  auto a = buffer(ResourceUsage::DYNAMIC, old_, PIPE_RESOURCE_FLAG_MAP_PERSISTENT | PIPE_RESOURCE_FLAG_MAP_COHERENT);
  Transfer* t = nullptr;
  auto* map = static_cast<std::uint8_t*>(context_->transfer_map(
      *a, 0, PIPE_TRANSFER_WRITE | PIPE_TRANSFER_READ | PIPE_TRANSFER_PERSISTENT | PIPE_TRANSFER_COHERENT,
      buffer_box(0, kSize), &t));
  ASSERT_NE(map, nullptr);
  std::memcpy(map, new_.data(), kSize);
  auto b = busy_copy_of(*a);  // the GPU reads the live mapping's bytes
  const TransferStats before = context_->stats();
  context_->invalidate_resource(*a);
  EXPECT_EQ(context_->stats().renames, before.renames);  // a persistent pointer must stay valid
  context_->finish();
  EXPECT_EQ(read(*b), new_);
  context_->transfer_unmap(t);
}

}  // namespace
}  // namespace glvk::st
