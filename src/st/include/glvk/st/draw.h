// The draw path (st_draw_vbo and the st_atom_* translations): src/gl validates a draw and hands
// over everything it reads as one DrawCall in GL terms; draw() derives the Vulkan pipeline key,
// vertex input, descriptors and dynamic state, lowers what Vulkan lacks, and records the draw.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>

#include <GL/gl.h>
#include <GL/glext.h>

#include "glvk/formats/format_enum.h"
#include "glvk/st/framebuffer_state.h"
#include "glvk/st/render_state.h"

namespace glvk::st {

class Context;
class Program;
class Query;
class Resource;
class Texture;

inline constexpr unsigned kMaxVertexAttribs = 16;
inline constexpr unsigned kMaxUniformBufferBindings = 84;
inline constexpr unsigned kMaxShaderStorageBufferBindings = 16;
inline constexpr unsigned kMaxAtomicCounterBufferBindings = 8;
inline constexpr unsigned kMaxImageUnits = 8;
inline constexpr unsigned kMaxDrawViewports = 16;

// One generic vertex attribute as the draw sees it: an array (from a buffer or client memory)
// or, when the array is disabled, the current value (glVertexAttrib*).
struct VertexAttribInput {
  bool enabled = false;
  const Resource* buffer = nullptr;  // null: client memory at `pointer`
  std::uintptr_t pointer = 0;        // the offset into the buffer, or the client address
  GLenum type = GL_FLOAT;
  GLint size = 4;                    // 1..4, or GL_BGRA
  bool normalized = false;
  GLenum kind = GL_FLOAT;            // GL_FLOAT, GL_INT (glVertexAttribIPointer), GL_DOUBLE (L)
  GLsizei stride = 0;                // the effective stride (never 0 for an array)
  GLuint divisor = 0;
  // The current value when disabled: floats or integers in words 0-3 (I attributes), or four
  // doubles in words 0-7 (L attributes).
  std::array<std::uint32_t, 8> current{0, 0, 0, 0x3f800000u, 0, 0, 0, 0};
};

// A texture unit a program's sampler reads: the texture (null: incomplete, samples (0,0,0,1)) and
// the sampling parameters (the texture's, or a sampler object's).
struct SamplerInput {
  GLenum min_filter = GL_NEAREST_MIPMAP_LINEAR, mag_filter = GL_LINEAR;
  GLenum wrap_s = GL_REPEAT, wrap_t = GL_REPEAT, wrap_r = GL_REPEAT;
  GLfloat min_lod = -1000.0f, max_lod = 1000.0f, lod_bias = 0.0f, max_anisotropy = 1.0f;
  GLenum compare_mode = GL_NONE, compare_func = GL_LEQUAL;
  std::array<GLfloat, 4> border_color{0, 0, 0, 0};
  // The border colour given as integers (glTexParameterIiv/Iuiv): what integer textures read.
  std::array<GLint, 4> border_color_integer{0, 0, 0, 0};
  bool border_color_is_integer = false;
  // Cube maps filter across faces (TEXTURE_CUBE_MAP_SEAMLESS enabled, or an ES context); else each
  // face on its own, its edge clamped (GL 4.6 8.13.1).
  bool seamless_cube_map = true;
  bool operator==(const SamplerInput&) const = default;
};

// st_convert_sampler's LOD range and bias, what every gallium driver (radeonsi too) is handed and
// what glvk's Vulkan samplers start from: the bias clamped to [-16, 16] and floored to a multiple of
// 1/256 (the values GCN represents), a negative minimum LOD raised to 0, and a maximum below the
// minimum swapped with it.
struct SamplerLods {
  float min_lod = 0.0f, max_lod = 0.0f, lod_bias = 0.0f;
};
SamplerLods convert_sampler_lods(const SamplerInput& s);

struct TextureInput {
  Texture* texture = nullptr;  // null: incomplete for this unit's sampler
  GLenum target = GL_TEXTURE_2D;
  GLint base_level = 0, max_level = 0;  // the levels sampled (clamped to what exists)
  GLenum base_format = GL_RGBA;  // the level's base internal format (rebase, GL 4.6 table 15.1)
  std::array<GLint, 4> swizzle{GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA};
  GLenum depth_stencil_mode = GL_DEPTH_COMPONENT;
  GLenum depth_texture_mode = GL_RED;  // compatibility DEPTH_TEXTURE_MODE (core: RED, i.e. (D, 0, 0, 1))
  SamplerInput sampler;
  // GL_TEXTURE_BUFFER (GL 4.6 8.9): the buffer's range read as texels of the storage format
  // `buffer_format`; no buffer: texel fetches read zeros.
  const Resource* buffer = nullptr;
  std::uint64_t buffer_offset = 0, buffer_size = 0;
  formats::Format buffer_format = formats::Format::NONE;
};

struct BufferRange {
  const Resource* buffer = nullptr;
  std::uint64_t offset = 0, size = 0;  // size 0: to the end of the buffer
};

// One colour, depth or stencil attachment of the draw framebuffer.
struct TargetInput {
  Texture* texture = nullptr;
  unsigned level = 0;
  unsigned first_layer = 0;  // layer, cube face (6 * layer + face) or 3D slice
};

struct DrawFramebufferInput {
  std::array<TargetInput, kMaxColorBuffers> color{};  // per draw buffer; texture null: GL_NONE
  unsigned color_count = 0;
  TargetInput depth, stencil;
  std::uint32_t width = 0, height = 0, layers = 1, samples = 1;
  bool srgb = false;  // GL_FRAMEBUFFER_SRGB
};

struct ViewportInput {
  GLfloat x = 0, y = 0, width = 0, height = 0;
  GLdouble near_value = 0, far_value = 1;
};

// Fragment-operation state that gl::Context keeps outside RenderState (clears share it).
struct FragmentMasks {
  std::array<std::array<bool, 4>, kMaxColorBuffers> color_mask{};
  std::array<bool, kMaxColorBuffers> blend{};
  bool depth_mask = true;
  GLuint stencil_writemask = ~0u, stencil_back_writemask = ~0u;
};

// Where one transform feedback capture (glBeginTransformFeedback to glEndTransformFeedback) keeps
// its write positions between draws: the counter buffer of VK_EXT_transform_feedback. Owned by
// the GL transform feedback object; opaque outside st.
class TransformFeedbackCounters;
std::shared_ptr<TransformFeedbackCounters> make_transform_feedback_counters();
// glBeginTransformFeedback: the next captured draw writes from each binding's start again.
void restart_transform_feedback(TransformFeedbackCounters& counters);
// The bytes the capture has written into `binding` so far (0 before its first captured draw),
// for glDrawTransformFeedback; waits for the draws that wrote them.
std::uint64_t transform_feedback_bytes_written(Context& context, TransformFeedbackCounters& counters,
                                               unsigned binding);

inline constexpr unsigned kMaxTransformFeedbackBuffers = 4;
// Vertex streams a geometry shader emits to (GL 4.0's MAX_VERTEX_STREAMS; the device may have fewer:
// ShaderLimits::vertex_streams).
inline constexpr unsigned kMaxVertexStreams = 4;

// The capture of a draw while transform feedback is active and not paused: the bindings the
// program writes (buffer null: unused) and the capture's counters.
struct TransformFeedbackInput {
  std::array<BufferRange, kMaxTransformFeedbackBuffers> buffers{};
  TransformFeedbackCounters* counters = nullptr;  // null: no capture
};

// One image unit (glBindImageTexture, GL 4.6 8.26) as an image uniform element loads and stores
// it: a level of a texture, all its layers (layered) or one, seen in the unit's format.
struct ImageInput {
  Texture* texture = nullptr;  // null: no texture level is bound (the draw fails)
  GLenum target = GL_TEXTURE_2D;
  unsigned level = 0;
  bool layered = false;
  unsigned layer = 0;            // layer, cube face (6 * layer + face) or 3D slice when not layered
  GLenum format = GL_R8;         // IMAGE_BINDING_FORMAT (GL 4.6 table 8.27)
};

// What a program's resources read, for draws and dispatches alike (st_atom_constbuf,
// st_atom_storagebuf, st_atom_sampler): its default uniforms, the buffers of its blocks and the
// textures of its samplers.
struct ProgramInputs {
  const Program* program = nullptr;
  const std::byte* default_uniforms = nullptr;  // the default uniform block's bytes
  // What each sampler element reads: for every CombinedSampler resource of the program's
  // reflection, in order, `count` entries (the texture bound to the sampler type's target on the
  // unit the sampler uniform names, resolved by src/gl).
  std::span<const TextureInput> sampler_textures;
  std::array<BufferRange, kMaxUniformBufferBindings> uniform_buffers{};
  // Per block of the reflection (uniform, shader storage and atomic counter blocks): its GL binding
  // point among the uniform, shader storage or atomic counter buffer bindings.
  std::span<const GLuint> uniform_block_bindings;
  std::array<BufferRange, kMaxShaderStorageBufferBindings> storage_buffers{};
  std::array<BufferRange, kMaxAtomicCounterBufferBindings> atomic_counter_buffers{};
  // What each image uniform element reads and writes: for every StorageImage resource of the
  // reflection, in order, `count` entries (the image unit the uniform names, resolved by src/gl).
  std::span<const ImageInput> images;
};

struct DrawCall : ProgramInputs {
  GLenum mode = GL_TRIANGLES;
  GLint patch_vertices = 3;
  // Counts (already validated): vertices or indices, instances, and the offsets.
  GLint first = 0;
  GLsizei count = 0;
  GLsizei instance_count = 1;
  GLint base_vertex = 0;
  GLuint base_instance = 0;
  // Indexed draws: the type (0: not indexed) and where the indices are.
  GLenum index_type = 0;
  const Resource* index_buffer = nullptr;  // null: client memory at `indices`
  std::uintptr_t indices = 0;              // byte offset into the buffer, or the client address
  std::array<VertexAttribInput, kMaxVertexAttribs> attribs{};
  const RenderState* render = nullptr;
  // Compatibility contexts: the enabled user clip planes (bit i: CLIP_PLANEi) and all planes in eye
  // coordinates, which clip gl_Position when the program writes no clip distance (GLSL 1.30 7.1).
  GLbitfield position_clip_planes = 0;
  std::array<std::array<GLfloat, 4>, 8> clip_planes{};
  FragmentMasks masks;
  std::array<ViewportInput, kMaxDrawViewports> viewports{};
  std::array<bool, kMaxDrawViewports> scissor_test{};
  std::array<std::array<GLint, 4>, kMaxDrawViewports> scissor_box{};
  DrawFramebufferInput framebuffer;
  TransformFeedbackInput transform_feedback;
  // Active counting queries (null: none), the primitive ones per vertex stream; the written ones
  // count only captured draws.
  std::array<Query*, kMaxVertexStreams> primitives_generated{};
  std::array<Query*, kMaxVertexStreams> primitives_written{};
  Query* samples_passed = nullptr;  // SAMPLES_PASSED, ANY_SAMPLES_PASSED or ..._CONSERVATIVE
};

// What the draw path cannot do for a draw (a feature glvk lacks, or the device does): the message
// names it; src/gl reports it as INVALID_OPERATION.
class DrawError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Records the draw (never submits by itself). Throws DrawError with a message when the device
// cannot do what the draw needs.
void draw(Context& context, const DrawCall& call);

// glDispatchCompute / glDispatchComputeIndirect (GL 4.6 19): the program's compute stage over
// `groups` work groups, or the counts read from `indirect_buffer` at `indirect_offset` (validated
// by src/gl: inside the buffer, 4-aligned).
struct DispatchCall : ProgramInputs {
  std::array<GLuint, 3> groups{1, 1, 1};
  const Resource* indirect_buffer = nullptr;
  std::uint64_t indirect_offset = 0;
};

// Records the dispatch (never submits by itself); throws DrawError like draw().
void dispatch(Context& context, const DispatchCall& call);

// glMemoryBarrier / glTextureBarrier: later draws see what earlier draws stored. Draws share one
// rendering pass, which admits no such barrier: the pass ends (the next begins after every write).
void memory_barrier(Context& context);

// How many vertex input locations a GL attribute type takes: one per matrix column, one for any
// vector (a dvec3/dvec4 too: GLSL 4.60 4.4.1). Element i of an input array is at its location
// plus i times this (glGetAttribLocation("a[i]") and the draw's vertex inputs).
std::uint32_t attribute_locations(std::uint32_t gl_type);

}  // namespace glvk::st
