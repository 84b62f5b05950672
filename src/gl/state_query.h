// The glGet* machinery shared by api_state.cpp and the files that own multi-valued or
// floating-point state: a state variable's values as the state tables type them, which
// api_state.cpp converts to the query's type (GL 4.6 section 2.2.2).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>

#include "glvk/gl/context.h"
#include "glvk/st/shader_limits.h"

namespace glvk::gl {

struct StateValue {
  enum class Type {
    Integer,     // integers, enums and booleans (0/1)
    Float,       // floating-point state: rounded to the nearest integer by integer queries
    Normalized,  // depth range values (and colours): integer queries take the INT entry of table 18.2
  };
  static constexpr std::size_t kMaxCount = 16;

  Type type = Type::Integer;
  std::size_t count = 0;
  std::array<GLint64, kMaxCount> integers{};
  std::array<GLdouble, kMaxCount> floats{};

  void set_integers(std::initializer_list<GLint64> values) {
    type = Type::Integer;
    count = 0;
    for (GLint64 v : values) integers[count++] = v;
  }
  void set_floats(Type float_type, const GLdouble* values, std::size_t n) {
    type = float_type;
    count = n;
    for (std::size_t i = 0; i < n; ++i) floats[i] = values[i];
  }
};

// api_transform.cpp: viewport, depth range and matrix state. False for a pname it does not own;
// `raised`: the query is known but raised an error (nothing is written then).
// An integer state of `ctx` as glGetIntegerv reports it, for limits the context passes on (the
// GLSL built-in constants); 0 for a state the context does not have (api_state.cpp).
GLint implementation_limit(Context& ctx, GLenum pname);

bool query_transform_state(Context& ctx, GLenum pname, StateValue& value, bool& raised, const char* function);
// The indexed form (glGet*i_v): raises INVALID_VALUE for an index out of range.
bool query_transform_state_indexed(Context& ctx, GLenum pname, GLuint index, StateValue& value, bool& raised,
                                   const char* function);

// api_framebuffers.cpp: the clear values, scissor box and write masks (GL 4.6 tables 23.22-23.25).
bool query_clear_state(const Context& ctx, GLenum pname, StateValue& value);
// GL_COLOR_WRITEMASK of one draw buffer (glGetBooleani_v and the other indexed forms).
bool query_clear_state_indexed(Context& ctx, GLenum pname, GLuint index, StateValue& value, bool& raised,
                               const char* function);
// api_render_state.cpp: depth, stencil, blend, rasterization, multisample and hint state, and its
// limits. The indexed form takes the per-draw-buffer blend state and GL_SAMPLE_MASK_VALUE.
bool query_render_state(Context& ctx, GLenum pname, StateValue& value);
bool query_render_state_indexed(Context& ctx, GLenum pname, GLuint index, StateValue& value, bool& raised,
                                const char* function);

// api_vertex_arrays.cpp: the vertex buffer bindings of the bound VAO (VERTEX_BINDING_OFFSET,
// _STRIDE, _DIVISOR, _BUFFER), indexed by binding.
bool query_vertex_array_indexed(Context& ctx, GLenum pname, GLuint index, StateValue& value, bool& raised,
                                const char* fn);

// draw_queries.cpp: program and drawing bindings and the shader/draw implementation limits; the
// indexed form takes the uniform, shader storage and atomic counter buffer bindings
// (*_BUFFER_BINDING/START/SIZE).
bool query_draw_state(Context& ctx, GLenum pname, StateValue& value);
bool query_draw_state_indexed(Context& ctx, GLenum pname, GLuint index, StateValue& value, bool& raised,
                              const char* function);

// api_tessellation.cpp: PATCH_VERTICES, the default patch levels and the tessellation stages'
// component limits.
bool query_tessellation_state(Context& ctx, GLenum pname, StateValue& value);
// api_compute.cpp: the shader storage, atomic counter and compute limits (tables 23.64-23.67), and
// the indexed MAX_COMPUTE_WORK_GROUP_COUNT/SIZE.
bool query_storage_limit(const st::ShaderLimits& limits, GLenum pname, StateValue& value);
bool query_compute_limit_indexed(Context& ctx, GLenum pname, GLuint index, StateValue& value, bool& raised,
                                 const char* function);

// api_image_units.cpp: the image unit limits and the units' IMAGE_BINDING_* state (indexed).
bool query_image_unit_limit(GLenum pname, StateValue& value);
bool query_image_unit_indexed(Context& ctx, GLenum pname, GLuint index, StateValue& value, bool& raised,
                              const char* function);

// api_clip_points.cpp: point parameters (the fade threshold and sprite origin in every profile).
bool query_clip_point_state(Context& ctx, GLenum pname, StateValue& value);

// api_es.cpp: the state of OpenGL ES 3.2's own commands (ES contexts only).
bool query_es_state(Context& ctx, GLenum pname, StateValue& value);

// api_attrib_stacks.cpp: the attribute stacks' depths and limits.
bool query_attrib_stack_state(Context& ctx, GLenum pname, StateValue& value);

// api_transform_feedback.cpp: the bound transform feedback object's state and limits; the indexed
// form takes TRANSFORM_FEEDBACK_BUFFER_BINDING/START/SIZE.
bool query_transform_feedback_state(Context& ctx, GLenum pname, StateValue& value);
bool query_subroutine_limits(GLenum pname, StateValue& value);  // api_subroutines.cpp
// draw_queries.cpp: MAX_<stage>_UNIFORM_BLOCKS and MAX_COMBINED_UNIFORM_BLOCKS, which linking checks.
GLint64 uniform_blocks_per_stage(const st::ShaderLimits& l);
// MAX_<stage>_UNIFORM_COMPONENTS: the default uniform block's components of one stage.
GLint64 uniform_components(const st::ShaderLimits& l);
GLint64 combined_uniform_blocks(const st::ShaderLimits& l);
bool query_transform_feedback_indexed(Context& ctx, GLenum pname, GLuint index, StateValue& value, bool& raised,
                                      const char* fn);

// Where glEnable/glDisable/glIsEnabled keep one capability: a bool, or one bit of a bitfield
// (GL_CLIP_DISTANCEi). `serial`, when set, is bumped on every change (RenderState::serial).
struct CapabilityFlag {
  bool* flag = nullptr;
  GLbitfield* bits = nullptr;
  GLbitfield bit = 0;
  std::uint64_t* serial = nullptr;

  explicit operator bool() const { return flag || bits; }
  bool get() const { return flag ? *flag : (*bits & bit) != 0; }
  void set(bool enabled) const {
    if (get() == enabled) return;
    if (flag) *flag = enabled;
    else *bits = enabled ? *bits | bit : *bits & ~bit;
    if (serial) ++*serial;
  }
};
// api_render_state.cpp: the RenderState field of `cap` in this context's profile; empty for the
// capabilities RenderState does not hold.
CapabilityFlag render_capability(Context& ctx, GLenum cap);

// api_framebuffers.cpp: the size in bits of `pname`'s component (GL_RED_BITS .. GL_STENCIL_BITS) in
// framebuffer `fb` (the first draw buffer's for colours); 0 without one or without `fb`.
GLint64 framebuffer_bits(const FramebufferObject* fb, GLenum pname);

// api_lighting.cpp and the other compatibility files: the fixed-function state (lights, materials,
// fog, texture environments, current values, legacy arrays); false in core contexts.
bool query_legacy_state(Context& ctx, GLenum pname, StateValue& value);
// api_client_arrays.cpp: the flag of a legacy client array (GL_VERTEX_ARRAY, ...; texture
// coordinates of the client active unit) for glIsEnabled and glGet; null for other enums.
bool* legacy_client_state(Context& ctx, GLenum cap);

// api_textures.cpp: GL_NUM_COMPRESSED_TEXTURE_FORMATS and GL_COMPRESSED_TEXTURE_FORMATS.
bool query_compressed_formats(GLenum pname, StateValue& value);

}  // namespace glvk::gl
