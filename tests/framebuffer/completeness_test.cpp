// Every status of GL 4.6 section 9.4 reached, one rule at a time, from a complete framebuffer.
#include <gtest/gtest.h>

#include <GL/gl.h>
#include <GL/glext.h>

#include "glvk/gl/framebuffer_completeness.h"

namespace glvk::gl {
namespace {

int image_a, image_b;  // identities of two distinct images

AttachmentDescription color_texture(std::uint32_t w = 64, std::uint32_t h = 64) {
  AttachmentDescription a;
  a.object = AttachmentObject::TEXTURE;
  a.image = &image_a;
  a.renderable = RENDERABLE_COLOR;
  a.width = w;
  a.height = h;
  a.texture_target = GL_TEXTURE_2D;
  return a;
}

AttachmentDescription depth_stencil_renderbuffer(const void* image = &image_b) {
  AttachmentDescription a;
  a.object = AttachmentObject::RENDERBUFFER;
  a.image = image;
  a.renderable = RENDERABLE_DEPTH | RENDERABLE_STENCIL;
  a.width = 64;
  a.height = 64;
  return a;
}

FramebufferDescription complete_framebuffer() {
  FramebufferDescription fb;
  fb.color[0] = color_texture();
  fb.depth = depth_stencil_renderbuffer();
  fb.stencil = depth_stencil_renderbuffer();  // DEPTH_STENCIL_ATTACHMENT: the same image at both points
  return fb;
}

GLenum status(const FramebufferDescription& fb, CompletenessRules rules = {}) {
  return check_framebuffer_completeness(fb, rules);
}

TEST(Completeness, BaselineIsComplete) { EXPECT_EQ(status(complete_framebuffer()), GLenum(GL_FRAMEBUFFER_COMPLETE)); }

TEST(Completeness, ZeroSizedImageMakesTheAttachmentIncomplete) {
  FramebufferDescription fb = complete_framebuffer();
  fb.color[0].width = 0;
  EXPECT_EQ(status(fb), GLenum(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT));
}

TEST(Completeness, FormatMustBeRenderableForItsRole) {
  FramebufferDescription fb = complete_framebuffer();
  fb.color[1] = color_texture();
  fb.color[1].renderable = RENDERABLE_DEPTH;  // a depth texture on a colour point
  EXPECT_EQ(status(fb), GLenum(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT));

  fb = complete_framebuffer();
  fb.depth.renderable = RENDERABLE_COLOR;
  EXPECT_EQ(status(fb), GLenum(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT));

  fb = complete_framebuffer();
  fb.stencil = fb.depth = depth_stencil_renderbuffer();
  fb.stencil.renderable = fb.depth.renderable = RENDERABLE_DEPTH;  // depth-only format at the stencil point
  EXPECT_EQ(status(fb), GLenum(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT));

  fb = complete_framebuffer();
  fb.color[0].renderable = 0;  // e.g. a compressed format
  EXPECT_EQ(status(fb), GLenum(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT));
}

TEST(Completeness, LayerBeyondTheTextureIsIncomplete) {
  FramebufferDescription fb = complete_framebuffer();
  fb.color[0].texture_target = GL_TEXTURE_2D_ARRAY;
  fb.color[0].layer_count = 4;
  fb.color[0].layer = 3;
  EXPECT_EQ(status(fb), GLenum(GL_FRAMEBUFFER_COMPLETE));
  fb.color[0].layer = 4;
  EXPECT_EQ(status(fb), GLenum(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT));
}

TEST(Completeness, LevelOutsideTheMipmapRangeIsIncomplete) {
  FramebufferDescription fb = complete_framebuffer();
  fb.color[0].level_complete = false;
  EXPECT_EQ(status(fb), GLenum(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT));
}

TEST(Completeness, NothingAttachedNeedsDefaultSize) {
  FramebufferDescription fb;
  EXPECT_EQ(status(fb), GLenum(GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT));
  fb.default_width = 16;
  EXPECT_EQ(status(fb), GLenum(GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT));
  fb.default_height = 16;
  EXPECT_EQ(status(fb), GLenum(GL_FRAMEBUFFER_COMPLETE));
}

TEST(Completeness, RenderbufferSampleCountsMustAgree) {
  FramebufferDescription fb;
  fb.color[0] = depth_stencil_renderbuffer(&image_a);
  fb.color[0].renderable = RENDERABLE_COLOR;
  fb.color[0].samples = 4;
  fb.depth = fb.stencil = depth_stencil_renderbuffer();
  fb.depth.samples = fb.stencil.samples = 4;
  EXPECT_EQ(status(fb), GLenum(GL_FRAMEBUFFER_COMPLETE));
  fb.depth.samples = fb.stencil.samples = 2;
  EXPECT_EQ(status(fb), GLenum(GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE));
}

TEST(Completeness, TextureSamplesAndFixedLocationsMustAgree) {
  FramebufferDescription fb;
  fb.color[0] = color_texture();
  fb.color[1] = color_texture();
  fb.color[0].samples = fb.color[1].samples = 4;
  fb.color[0].fixed_sample_locations = fb.color[1].fixed_sample_locations = false;
  EXPECT_EQ(status(fb), GLenum(GL_FRAMEBUFFER_COMPLETE));
  fb.color[1].samples = 8;
  EXPECT_EQ(status(fb), GLenum(GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE));
  fb.color[1].samples = 4;
  fb.color[1].fixed_sample_locations = true;
  EXPECT_EQ(status(fb), GLenum(GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE));
}

TEST(Completeness, MixedRenderbuffersAndTexturesNeedEqualCountsAndFixedLocations) {
  FramebufferDescription fb = complete_framebuffer();
  fb.color[0].samples = 4;
  fb.depth.samples = fb.stencil.samples = 4;
  fb.color[0].fixed_sample_locations = true;
  EXPECT_EQ(status(fb), GLenum(GL_FRAMEBUFFER_COMPLETE));
  fb.color[0].fixed_sample_locations = false;
  EXPECT_EQ(status(fb), GLenum(GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE));
  fb.color[0].fixed_sample_locations = true;
  fb.depth.samples = fb.stencil.samples = 0;
  EXPECT_EQ(status(fb), GLenum(GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE));
}

TEST(Completeness, LayeredNeedsEveryAttachmentLayeredAndOneColourTarget) {
  FramebufferDescription fb;
  fb.color[0] = color_texture();
  fb.color[0].layered = true;
  fb.color[0].texture_target = GL_TEXTURE_2D_ARRAY;
  fb.color[0].layer_count = 4;
  fb.color[1] = fb.color[0];
  EXPECT_EQ(status(fb), GLenum(GL_FRAMEBUFFER_COMPLETE));
  fb.color[1].texture_target = GL_TEXTURE_3D;
  EXPECT_EQ(status(fb), GLenum(GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS));
  fb.color[1] = color_texture();  // not layered
  EXPECT_EQ(status(fb), GLenum(GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS));
}

TEST(Completeness, DrawAndReadBufferRulesOnlyBeforeEs2Compatibility) {
  FramebufferDescription fb = complete_framebuffer();
  fb.draw_buffers[1] = 1;  // COLOR_ATTACHMENT1 has nothing attached
  EXPECT_EQ(status(fb), GLenum(GL_FRAMEBUFFER_COMPLETE));
  EXPECT_EQ(status(fb, {.draw_and_read_buffer_rules = true}), GLenum(GL_FRAMEBUFFER_INCOMPLETE_DRAW_BUFFER));
  fb.draw_buffers[1] = -1;
  fb.read_buffer = 2;
  EXPECT_EQ(status(fb), GLenum(GL_FRAMEBUFFER_COMPLETE));
  EXPECT_EQ(status(fb, {.draw_and_read_buffer_rules = true}), GLenum(GL_FRAMEBUFFER_INCOMPLETE_READ_BUFFER));
  fb.read_buffer = -1;  // GL_NONE is always fine
  EXPECT_EQ(status(fb, {.draw_and_read_buffer_rules = true}), GLenum(GL_FRAMEBUFFER_COMPLETE));
}

TEST(Completeness, DeviceRestrictionsAreUnsupported) {
  FramebufferDescription fb = complete_framebuffer();
  fb.color[0].device_renderable = false;
  EXPECT_EQ(status(fb), GLenum(GL_FRAMEBUFFER_UNSUPPORTED));
  // Depth and stencil from two different images: one Vulkan view cannot hold both.
  fb = complete_framebuffer();
  fb.stencil = depth_stencil_renderbuffer(&image_a);
  EXPECT_EQ(status(fb), GLenum(GL_FRAMEBUFFER_UNSUPPORTED));
  EXPECT_EQ(status(fb, {.depth_and_stencil_must_match = false}), GLenum(GL_FRAMEBUFFER_COMPLETE));
}

TEST(Completeness, DifferentSizesAreComplete) {
  // GL 3.0+ has no dimensions rule: the framebuffer is the intersection of its images.
  FramebufferDescription fb = complete_framebuffer();
  fb.color[1] = color_texture(32, 128);
  EXPECT_EQ(status(fb), GLenum(GL_FRAMEBUFFER_COMPLETE));
}

}  // namespace
}  // namespace glvk::gl
