// update_framebuffer_state: the derived state of seed 002's st_update_framebuffer_state.
#include <gtest/gtest.h>

#include "glvk/st/framebuffer_state.h"

namespace glvk::st {
namespace {

TEST(FramebufferState, TrailingNoneOutputsAreRemovedInteriorOnesKept) {
  const Surface a{64, 64}, b{64, 64};
  FramebufferInput in;
  in.num_draw_buffers = 4;
  in.draw_surfaces = {&a, nullptr, &b, nullptr};
  const FramebufferState fb = update_framebuffer_state(in);
  EXPECT_EQ(fb.nr_cbufs, 3u);
  EXPECT_EQ(fb.cbufs[0], &a);
  EXPECT_EQ(fb.cbufs[1], nullptr);
  EXPECT_EQ(fb.cbufs[2], &b);
}

TEST(FramebufferState, AllNoneMeansNoColourBuffers) {
  FramebufferInput in;
  in.num_draw_buffers = 2;
  EXPECT_EQ(update_framebuffer_state(in).nr_cbufs, 0u);
}

TEST(FramebufferState, SizeIsTheIntersectionOfEverySurface) {
  const Surface a{64, 32}, b{48, 100}, z{100, 20};
  FramebufferInput in;
  in.num_draw_buffers = 2;
  in.draw_surfaces = {&a, &b};
  in.depth = &z;
  const FramebufferState fb = update_framebuffer_state(in);
  EXPECT_EQ(fb.width, 48u);
  EXPECT_EQ(fb.height, 20u);
}

TEST(FramebufferState, DepthWinsOverStencilForTheZsSurface) {
  const Surface depth{8, 8}, stencil{8, 8};
  FramebufferInput in;
  in.num_draw_buffers = 0;
  in.stencil = &stencil;
  EXPECT_EQ(update_framebuffer_state(in).zsbuf, &stencil);
  in.depth = &depth;
  EXPECT_EQ(update_framebuffer_state(in).zsbuf, &depth);
}

TEST(FramebufferState, LayersOnlyWhenEverySurfaceIsLayered) {
  Surface a{16, 16, 6, 0, true}, b{16, 16, 4, 0, true};
  FramebufferInput in;
  in.num_draw_buffers = 2;
  in.draw_surfaces = {&a, &b};
  EXPECT_EQ(update_framebuffer_state(in).layers, 4u);
  b.layered = false;
  b.layer_count = 1;
  EXPECT_EQ(update_framebuffer_state(in).layers, 1u);
}

TEST(FramebufferState, AttachmentlessUsesDefaultsWithQuantisedSamples) {
  FramebufferInput in;
  in.num_draw_buffers = 1;
  in.default_width = 300;
  in.default_height = 200;
  in.default_layers = 0;
  in.default_samples = 3;
  in.supported_sample_counts = 0x1 | 0x4 | 0x8;  // 1, 4, 8
  const FramebufferState fb = update_framebuffer_state(in);
  EXPECT_EQ(fb.width, 300u);
  EXPECT_EQ(fb.height, 200u);
  EXPECT_EQ(fb.layers, 1u);
  EXPECT_EQ(fb.samples, 4u);
  EXPECT_EQ(fb.nr_cbufs, 0u);
}

TEST(FramebufferState, SampleQuantisation) {
  const std::uint32_t counts = 0x1 | 0x2 | 0x4 | 0x10;  // 1, 2, 4, 16
  EXPECT_EQ(quantize_sample_count(0, counts), 1u);
  EXPECT_EQ(quantize_sample_count(1, counts), 1u);
  EXPECT_EQ(quantize_sample_count(2, counts), 2u);
  EXPECT_EQ(quantize_sample_count(3, counts), 4u);
  EXPECT_EQ(quantize_sample_count(5, counts), 16u);
  EXPECT_EQ(quantize_sample_count(17, counts), 0u);
}

TEST(FramebufferState, SamplesComeFromTheSurfaces) {
  const Surface a{16, 16, 1, 4, false};
  FramebufferInput in;
  in.draw_surfaces = {&a};
  EXPECT_EQ(update_framebuffer_state(in).samples, 4u);
  const Surface single{16, 16};
  in.draw_surfaces = {&single};
  EXPECT_EQ(update_framebuffer_state(in).samples, 1u);
}

}  // namespace
}  // namespace glvk::st
