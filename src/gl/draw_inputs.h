// What a draw reads, gathered from the context into an st::DrawCall (draw_inputs.cpp): the
// program's uniforms and sampler textures (with GL's texture completeness), vertex arrays, render
// state and the draw framebuffer's attachments. Private to src/gl.
#pragma once

#include <cstdint>
#include <vector>

#include "glvk/gl/context.h"
#include "glvk/gl/texture_object.h"
#include "glvk/st/draw.h"

namespace glvk::gl {

// What a ProgramInputs' spans point into.
struct ProgramInputStorage {
  std::vector<st::TextureInput> sampler_textures;
  std::vector<st::ImageInput> images;
};

struct DrawInputs : ProgramInputStorage {
  st::DrawCall call;
  // A fixed-function draw's render state (call.render points here): its program sizes points
  // itself (the size, clamped and attenuated per GL 4.6 compatibility 14.4).
  st::RenderState render;
};

// What `program`'s resources read, for a draw or a dispatch: its uniforms, the buffers bound to the
// uniform, shader storage and atomic counter binding points, its samplers' textures and its image
// uniforms' units (kept in `storage`, which the call's spans point into).
void gather_program_inputs(Context& ctx, const ProgramObject& program, st::ProgramInputs& call,
                           ProgramInputStorage& storage);

// The draw framebuffer's attachments, size and samples (the framebuffer is complete).
void draw_framebuffer_targets(Context& ctx, st::DrawFramebufferInput& out);

// Fills `inputs` (everything but the counts, mode and indices). False after raising an error.
bool gather_draw_inputs(Context& ctx, const char* fn, const ProgramObject& program, DrawInputs& inputs);

// What texture `unit` offers a sampler of GL type `sampler_type`: the texture (null when incomplete,
// GL 4.6 8.17) and its sampling state.
st::TextureInput texture_input(Context& ctx, GLint unit, std::uint32_t sampler_type);

// What `texture` offers a sampler of `target` with sampler state `p` (null texture when incomplete).
st::TextureInput object_texture_input(Context& ctx, const TextureObject& texture, const SamplerParameters& p,
                                      GLenum target);

// GL_CLAMP (GL 4.6 compatibility 8.14.2's CLAMP: coordinates clamped to [0, 1], so linear
// filtering at the edge blends the edge texel with the border colour half and half) has no Vulkan
// address mode. Generated fixed-function stages lower it: the coordinates clamped in the shader and
// the sampler clamping to the border give exactly that blend. Bit c (s, t, r) of the coordinates
// `in` lowers: GL_CLAMP with linear minification and magnification on a 1D, 2D or 3D texture
// (with a nearest filter a coordinate clamped to 1 would read the border where GL_CLAMP reads the
// edge texel, so those keep CLAMP_TO_EDGE, GL_CLAMP's nearest-filter equivalent).
std::uint8_t gl_clamp_coords(const st::TextureInput& in);
// The sampler of a lowering draw: the lowered coordinates' GL_CLAMP becomes CLAMP_TO_BORDER.
void lower_gl_clamp(st::TextureInput& in);

// Generic attribute i's array as a draw reads it (left as it is when the array is off or empty).
void generic_array_input(const VertexArrayObject& vao, GLuint i, st::VertexAttribInput& in);

// A mapped buffer (without MAP_PERSISTENT) may not be read by a draw or dispatch (GL 4.6 6.3.2).
inline bool mapped_for_draw(const std::shared_ptr<BufferObject>& b) {
  return b && b->mapped && !(b->access_flags & GL_MAP_PERSISTENT_BIT);
}

// glCheckFramebufferStatus(GL_DRAW_FRAMEBUFFER) without the error checks of the command.
GLenum draw_framebuffer_status(Context& ctx);

// glBindBufferBase/Range (GL 4.6 6.1.1) for the indexed targets glvk has; with `xfb_object`,
// glTransformFeedbackBufferBase/Range's binding of that object (no generic binding).
void bind_indexed_buffer(Context& ctx, const char* fn, GLenum target, GLuint index, GLuint buffer, GLintptr offset,
                         GLsizeiptr size, bool range, Context::TransformFeedbackObject* xfb_object = nullptr);

// glDraw*'s transform feedback rule (13.3): while capturing, the draw's primitives must be of the
// capture's kind; false after INVALID_OPERATION.
bool check_transform_feedback_draw(Context& ctx, const char* fn, GLenum mode);
// MAX_VERTEX_STREAMS: GL 4.0's 4, or 1 on a device without geometry streams.
GLuint max_vertex_streams(Context& ctx);

}  // namespace glvk::gl
