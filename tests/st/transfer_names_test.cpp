// Pure parts of the transfer interface: flag values and names, the ddebug log format, the GL
// access translation and the memory requests per placement.
#include <gtest/gtest.h>

#include "glvk/st/bufferobj.h"
#include "glvk/st/transfer.h"
#include "glvk/vk_backend/buffer.h"

namespace glvk::st {
namespace {

TEST(TransferUsage, BitPositionsAreTheSeeds) {
  // pipe_transfer_usage as listed in seed 003.
  EXPECT_EQ(PIPE_TRANSFER_READ, 1u << 0);
  EXPECT_EQ(PIPE_TRANSFER_WRITE, 1u << 1);
  EXPECT_EQ(PIPE_TRANSFER_MAP_DIRECTLY, 1u << 2);
  EXPECT_EQ(PIPE_TRANSFER_DISCARD_RANGE, 1u << 8);
  EXPECT_EQ(PIPE_TRANSFER_DONTBLOCK, 1u << 9);
  EXPECT_EQ(PIPE_TRANSFER_UNSYNCHRONIZED, 1u << 10);
  EXPECT_EQ(PIPE_TRANSFER_FLUSH_EXPLICIT, 1u << 11);
  EXPECT_EQ(PIPE_TRANSFER_DISCARD_WHOLE_RESOURCE, 1u << 12);
  EXPECT_EQ(PIPE_TRANSFER_PERSISTENT, 1u << 13);
  EXPECT_EQ(PIPE_TRANSFER_COHERENT, 1u << 14);
}

TEST(TransferUsage, NamesJoinWithBars) {
  EXPECT_EQ(transfer_usage_names(PIPE_TRANSFER_WRITE | PIPE_TRANSFER_PERSISTENT),
            "PIPE_TRANSFER_WRITE|PIPE_TRANSFER_PERSISTENT");
  EXPECT_EQ(transfer_usage_names(PIPE_TRANSFER_READ), "PIPE_TRANSFER_READ");
  EXPECT_EQ(transfer_usage_names(0), "0");
}

TEST(TransferLog, MatchesTheSeedsDdebugRecord) {
  // The record quoted in seed 003 (a 512x512 texture map), rebuilt field by field.
  Box box{0, 0, 0, 512, 512, 1};
  const auto* resource = reinterpret_cast<const void*>(0x555f68377ad0);
  const auto* transfer = reinterpret_cast<const void*>(0x555f67edce20);
  const auto* ptr = reinterpret_cast<const void*>(0x7effb80f6000);
  EXPECT_EQ(describe_transfer("transfer_map", resource, 0, PIPE_TRANSFER_WRITE | PIPE_TRANSFER_PERSISTENT, box, 2048,
                              1048576, transfer, ptr),
            "transfer_map:\n"
            "  transfer: {resource = 0x555f68377ad0, level = 0, usage = PIPE_TRANSFER_WRITE|PIPE_TRANSFER_PERSISTENT, "
            "box = {x = 0, y = 0, z = 0, width = 512, height = 512, depth = 1, }, stride = 2048, layer_stride = "
            "1048576, }\n"
            "  transfer_ptr: 0x555f67edce20\n"
            "  ptr: 0x7effb80f6000\n");
}

TEST(BufferObj, GlAccessBitsMapOneToOne) {
  // The seed's cross-references: MAP_INVALIDATE_RANGE_BIT is DISCARD_RANGE, MAP_INVALIDATE_BUFFER_BIT
  // is DISCARD_WHOLE_RESOURCE, MAP_UNSYNCHRONIZED_BIT is UNSYNCHRONIZED, MAP_FLUSH_EXPLICIT_BIT is
  // FLUSH_EXPLICIT.
  EXPECT_EQ(transfer_usage_from_gl_access(GL_MAP_READ_BIT), PIPE_TRANSFER_READ);
  EXPECT_EQ(transfer_usage_from_gl_access(GL_MAP_WRITE_BIT), PIPE_TRANSFER_WRITE);
  EXPECT_EQ(transfer_usage_from_gl_access(GL_MAP_INVALIDATE_RANGE_BIT), PIPE_TRANSFER_DISCARD_RANGE);
  EXPECT_EQ(transfer_usage_from_gl_access(GL_MAP_INVALIDATE_BUFFER_BIT), PIPE_TRANSFER_DISCARD_WHOLE_RESOURCE);
  EXPECT_EQ(transfer_usage_from_gl_access(GL_MAP_UNSYNCHRONIZED_BIT), PIPE_TRANSFER_UNSYNCHRONIZED);
  EXPECT_EQ(transfer_usage_from_gl_access(GL_MAP_FLUSH_EXPLICIT_BIT), PIPE_TRANSFER_FLUSH_EXPLICIT);
  EXPECT_EQ(transfer_usage_from_gl_access(GL_MAP_PERSISTENT_BIT), PIPE_TRANSFER_PERSISTENT);
  EXPECT_EQ(transfer_usage_from_gl_access(GL_MAP_COHERENT_BIT), PIPE_TRANSFER_COHERENT);
  EXPECT_EQ(transfer_usage_from_gl_access(GL_MAP_READ_BIT | GL_MAP_WRITE_BIT), PIPE_TRANSFER_READ_WRITE);
}

TEST(BufferObj, UsageHints) {
  EXPECT_EQ(resource_usage_from_gl(GL_STATIC_DRAW), ResourceUsage::DEFAULT);
  EXPECT_EQ(resource_usage_from_gl(GL_STATIC_COPY), ResourceUsage::DEFAULT);
  EXPECT_EQ(resource_usage_from_gl(GL_DYNAMIC_DRAW), ResourceUsage::DYNAMIC);
  EXPECT_EQ(resource_usage_from_gl(GL_STREAM_DRAW), ResourceUsage::STREAM);
  for (GLenum read : {GL_STATIC_READ, GL_DYNAMIC_READ, GL_STREAM_READ})
    EXPECT_EQ(resource_usage_from_gl(read), ResourceUsage::STAGING);
  EXPECT_EQ(resource_usage_from_gl_storage(GL_MAP_READ_BIT), ResourceUsage::STAGING);
  EXPECT_EQ(resource_usage_from_gl_storage(GL_MAP_WRITE_BIT), ResourceUsage::DYNAMIC);
  EXPECT_EQ(resource_usage_from_gl_storage(0), ResourceUsage::IMMUTABLE);
  EXPECT_EQ(resource_flags_from_gl_storage(GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT | GL_MAP_WRITE_BIT),
            PIPE_RESOURCE_FLAG_MAP_PERSISTENT | PIPE_RESOURCE_FLAG_MAP_COHERENT);
}

TEST(MemoryPlacement, HostPlacementsAreCoherentAndReadbackPrefersCached) {
  using vk_backend::MemoryPlacement;
  const auto upload = vk_backend::memory_request(MemoryPlacement::HostUpload);
  const auto readback = vk_backend::memory_request(MemoryPlacement::HostReadback);
  const auto device = vk_backend::memory_request(MemoryPlacement::DeviceLocal);
  const VkMemoryPropertyFlags coherent = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  EXPECT_EQ(upload.required, coherent);
  EXPECT_EQ(readback.required, coherent);
  EXPECT_EQ(readback.preferred, VkMemoryPropertyFlags(VK_MEMORY_PROPERTY_HOST_CACHED_BIT));
  EXPECT_EQ(device.required, 0u);
  EXPECT_EQ(device.preferred, VkMemoryPropertyFlags(VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT));
}

}  // namespace
}  // namespace glvk::st
