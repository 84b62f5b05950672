// Context-wide queries and state: errors, strings, glGet* (every type, indexed forms), capabilities,
// flush/finish.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "api_common.h"
#include "legacy_params.h"
#include "state_query.h"
#include "glvk/gl/dispatch.h"
#include "glvk/gl/window_system.h"
#include "glvk/st/context.h"

namespace glvk::gl {
namespace {

constexpr GLenum kBufferBindingQueries[] = {
    GL_ARRAY_BUFFER_BINDING,          GL_ATOMIC_COUNTER_BUFFER_BINDING,   GL_COPY_READ_BUFFER_BINDING,
    GL_COPY_WRITE_BUFFER_BINDING,     GL_DISPATCH_INDIRECT_BUFFER_BINDING, GL_DRAW_INDIRECT_BUFFER_BINDING,
    GL_ELEMENT_ARRAY_BUFFER_BINDING,  GL_PIXEL_PACK_BUFFER_BINDING,       GL_PIXEL_UNPACK_BUFFER_BINDING,
    GL_QUERY_BUFFER_BINDING,          GL_SHADER_STORAGE_BUFFER_BINDING,   GL_TEXTURE_BUFFER_BINDING,
    GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, GL_UNIFORM_BUFFER_BINDING, GL_PARAMETER_BUFFER_BINDING};
static_assert(std::size(kBufferBindingQueries) == kBufferTargetCount);

}  // namespace

bool query_texture_integer(Context& ctx, GLenum pname, GLint64& value);      // api_textures.cpp
// `raised`: the query is known but raised an error (nothing is written then).
bool query_framebuffer_integer(Context& ctx, GLenum pname, GLint64& value, bool& raised,
                               const char* function);  // api_framebuffers.cpp

namespace {

// The capabilities of glEnable/glDisable/glIsEnabled (GL 4.6 core and compatibility, their state
// tables) that have no field of their own in the Context: those the rest of glvk reads (BLEND,
// DEBUG_OUTPUT(_SYNCHRONOUS), FRAMEBUFFER_SRGB, SCISSOR_TEST) are mapped in capability(), the
// render state's (DEPTH_TEST, CULL_FACE, CLIP_DISTANCEi, ...) by render_capability(). The ones
// listed here are kept in Context::capabilities until the code that obeys them exists, so setting
// and querying them behaves as the spec says.
struct CapabilityInfo {
  GLenum cap;
  bool compatibility_only;  // INVALID_ENUM in a core context
  bool per_texture_unit;    // one flag per texture unit, selected by glActiveTexture
  bool initially_enabled;
};

constexpr GLenum kLight0 = GL_LIGHT0;
constexpr CapabilityInfo kCapabilities[] = {
    // Core (and compatibility).
    {GL_DITHER, false, false, true},
    {GL_LINE_SMOOTH, false, false, false},
    {GL_POLYGON_SMOOTH, false, false, false},
    {GL_TEXTURE_CUBE_MAP_SEAMLESS, false, false, false},
    // Compatibility only.
    {GL_AUTO_NORMAL, true, false, false},
    {GL_COLOR_MATERIAL, true, false, false},
    {GL_COLOR_SUM, true, false, false},
    {GL_COLOR_TABLE, true, false, false},
    {GL_CONVOLUTION_1D, true, false, false},
    {GL_CONVOLUTION_2D, true, false, false},
    {GL_SEPARABLE_2D, true, false, false},
    {GL_FOG, true, false, false},
    {GL_HISTOGRAM, true, false, false},
    {GL_MINMAX, true, false, false},
    {GL_INDEX_LOGIC_OP, true, false, false},
    {kLight0 + 0, true, false, false}, {kLight0 + 1, true, false, false}, {kLight0 + 2, true, false, false},
    {kLight0 + 3, true, false, false}, {kLight0 + 4, true, false, false}, {kLight0 + 5, true, false, false},
    {kLight0 + 6, true, false, false}, {kLight0 + 7, true, false, false},
    {GL_LIGHTING, true, false, false},
    {GL_LINE_STIPPLE, true, false, false},
    {GL_MAP1_COLOR_4, true, false, false}, {GL_MAP1_INDEX, true, false, false}, {GL_MAP1_NORMAL, true, false, false},
    {GL_MAP1_TEXTURE_COORD_1, true, false, false}, {GL_MAP1_TEXTURE_COORD_2, true, false, false},
    {GL_MAP1_TEXTURE_COORD_3, true, false, false}, {GL_MAP1_TEXTURE_COORD_4, true, false, false},
    {GL_MAP1_VERTEX_3, true, false, false}, {GL_MAP1_VERTEX_4, true, false, false},
    {GL_MAP2_COLOR_4, true, false, false}, {GL_MAP2_INDEX, true, false, false}, {GL_MAP2_NORMAL, true, false, false},
    {GL_MAP2_TEXTURE_COORD_1, true, false, false}, {GL_MAP2_TEXTURE_COORD_2, true, false, false},
    {GL_MAP2_TEXTURE_COORD_3, true, false, false}, {GL_MAP2_TEXTURE_COORD_4, true, false, false},
    {GL_MAP2_VERTEX_3, true, false, false}, {GL_MAP2_VERTEX_4, true, false, false},
    {GL_NORMALIZE, true, false, false},
    {GL_POINT_SMOOTH, true, false, false},
    {GL_POINT_SPRITE, true, false, false},
    {GL_POLYGON_STIPPLE, true, false, false},
    {GL_POST_COLOR_MATRIX_COLOR_TABLE, true, false, false},
    {GL_POST_CONVOLUTION_COLOR_TABLE, true, false, false},
    {GL_RESCALE_NORMAL, true, false, false},
    {GL_VERTEX_PROGRAM_TWO_SIDE, true, false, false},
    {GL_VERTEX_PROGRAM_ARB, true, false, false},    // ARB_vertex_program (fixed_function/arb_program_draw.cpp)
    {GL_FRAGMENT_PROGRAM_ARB, true, false, false},  // ARB_fragment_program
    {GL_TEXTURE_1D, true, true, false},
    {GL_TEXTURE_2D, true, true, false},
    {GL_TEXTURE_3D, true, true, false},
    {GL_TEXTURE_CUBE_MAP, true, true, false},
    {GL_TEXTURE_RECTANGLE, true, true, false},
    {GL_TEXTURE_GEN_S, true, true, false},
    {GL_TEXTURE_GEN_T, true, true, false},
    {GL_TEXTURE_GEN_R, true, true, false},
    {GL_TEXTURE_GEN_Q, true, true, false},
};

const CapabilityInfo* find_capability(const Context& ctx, GLenum cap) {
  for (const CapabilityInfo& info : kCapabilities)
    if (info.cap == cap) return info.compatibility_only && ctx.config().core_profile ? nullptr : &info;
  return nullptr;
}

// Where `cap` is kept (the active unit's flag for per-unit capabilities), or an empty flag, with
// INVALID_ENUM raised for `function` unless that is null.
CapabilityFlag capability(Context& ctx, GLenum cap, const char* function) {
  switch (cap) {
    case GL_DEBUG_OUTPUT: return {&ctx.debug_output};
    case GL_DEBUG_OUTPUT_SYNCHRONOUS: return {&ctx.debug_output_synchronous};
    case GL_SCISSOR_TEST: return {&ctx.scissor_test[0]};
    case GL_BLEND: return {&ctx.blend[0], nullptr, 0, &ctx.render.serial};  // draws read the blend enables
    case GL_FRAMEBUFFER_SRGB:
      if (ctx.config().es()) break;  // ES encodes always (Context's constructor): not a capability there
      return {&ctx.framebuffer_srgb};
    case GL_PROGRAM_POINT_SIZE:
      if (!ctx.config().es()) break;
      // ES sizes points by gl_PointSize always (Context's constructor): not a capability there.
      if (function) ctx.error(GL_INVALID_ENUM, "%s(cap = GL_PROGRAM_POINT_SIZE): not a capability of OpenGL ES", function);
      return {};
    default: break;
  }
  if (const CapabilityFlag render = render_capability(ctx, cap)) return render;
  // The client arrays (VERTEX_ARRAY, COLOR_ARRAY, ...) as glEnable capabilities: the compatibility
  // profile names only glEnableClientState for them, but Mesa takes glEnable too and programs
  // (piglit's gl-1.1-color-material-array, normal3b3s-invariance) rely on it.
  if (bool* client = legacy_client_state(ctx, cap)) return {client};
  const CapabilityInfo* info = find_capability(ctx, cap);
  if (!info) {
    if (function) ctx.error(GL_INVALID_ENUM, "%s(cap = 0x%04x): not a capability of this context", function, cap);
    return {};
  }
  // Per-unit enables exist only on the fixed-function units: texture generation on those with a
  // coordinate set (below MAX_TEXTURE_COORDS), the texture targets on those below
  // MAX_TEXTURE_UNITS; glActiveTexture reaches every image unit, and past those INVALID_OPERATION
  // (GL 4.6 compatibility 12.1.3 and 16.1 name it for the active unit lacking the state).
  if (info->per_texture_unit) {
    const bool texgen = cap >= GL_TEXTURE_GEN_S && cap <= GL_TEXTURE_GEN_Q;
    const unsigned units = texgen ? kMaxTextureCoords : kFixedTextureUnits;
    if (ctx.active_texture_unit >= units) {
      if (function)
        ctx.error(GL_INVALID_OPERATION, "%s(cap = 0x%04x): the active texture unit %u has no such state (%s %u)",
                  function, cap, ctx.active_texture_unit,
                  texgen ? "GL_MAX_TEXTURE_COORDS" : "GL_MAX_TEXTURE_UNITS", units);
      return {};
    }
  }
  const std::uint64_t key = std::uint64_t(cap) | (info->per_texture_unit ? std::uint64_t(ctx.active_texture_unit) << 32 : 0);
  return {&ctx.capabilities.try_emplace(key, info->initially_enabled).first->second};
}

// The integer-valued state glvk implements; false for a pname it does not know. `raised`: the
// query raised an error.
bool query_integer(Context& ctx, GLenum pname, GLint64& value, bool& raised, const char* function) {
  if (query_texture_integer(ctx, pname, value) || query_framebuffer_integer(ctx, pname, value, raised, function)) return true;
  for (std::size_t i = 0; i < kBufferTargetCount; ++i)
    if (pname == kBufferBindingQueries[i]) {
      value = ctx.bound_buffers[i] ? ctx.bound_buffers[i]->name : 0;
      return true;
    }
  switch (pname) {
    case GL_MAJOR_VERSION: value = ctx.config().es() ? kEsMajorVersion : kMaxMajorVersion; return true;
    case GL_MINOR_VERSION: value = ctx.config().es() ? kEsMinorVersion : kMaxMinorVersion; return true;
    case GL_NUM_EXTENSIONS: value = GLint64(context_extensions(ctx.config()).size()); return true;
    case GL_CONTEXT_FLAGS:
      value = (ctx.config().debug ? GL_CONTEXT_FLAG_DEBUG_BIT : 0) |
              (ctx.config().forward_compatible ? GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT : 0) |
              (ctx.config().no_error ? GL_CONTEXT_FLAG_NO_ERROR_BIT_KHR : 0);
      return true;
    // KHR_robustness: the strategy the context was created with; robust buffer access is never
    // granted (window_system.cpp refuses it), so the flag above never has its bit.
    case GL_CONTEXT_RELEASE_BEHAVIOR:  // KHR_context_flush_control
      value = ctx.config().release_flush ? GL_CONTEXT_RELEASE_BEHAVIOR_FLUSH : GL_NONE;
      return true;
    case GL_RESET_NOTIFICATION_STRATEGY:
      value = ctx.config().lose_context_on_reset ? GL_LOSE_CONTEXT_ON_RESET : GL_NO_RESET_NOTIFICATION;
      return true;
    case GL_CONTEXT_ROBUST_ACCESS: value = GL_FALSE; return true;
    case GL_CONTEXT_PROFILE_MASK:  // not an ES state (ES 3.2 table 21.40 has no profile)
      if (ctx.config().es()) return false;
      value = ctx.config().core_profile ? GL_CONTEXT_CORE_PROFILE_BIT : GL_CONTEXT_COMPATIBILITY_PROFILE_BIT;
      return true;
    case GL_MAX_DEBUG_MESSAGE_LENGTH: value = kMaxDebugMessageLength; return true;
    case GL_MAX_DEBUG_LOGGED_MESSAGES: value = kMaxDebugLoggedMessages; return true;
    case GL_MAX_DEBUG_GROUP_STACK_DEPTH: value = kMaxDebugGroupStackDepth; return true;
    case GL_MAX_LABEL_LENGTH: value = kMaxLabelLength; return true;
    case GL_DEBUG_LOGGED_MESSAGES: value = GLint64(ctx.debug_log.size()); return true;
    case GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH:
      value = ctx.debug_log.empty() ? 0 : GLint64(ctx.debug_log.front().text.size() + 1);
      return true;
    case GL_DEBUG_GROUP_STACK_DEPTH: value = GLint64(ctx.debug_groups.size()); return true;
    case GL_DEBUG_OUTPUT: value = ctx.debug_output; return true;
    case GL_DEBUG_OUTPUT_SYNCHRONOUS: value = ctx.debug_output_synchronous; return true;
    // Mapped pointers are at least this aligned (bytes); staging allocations honour it too.
    case GL_MIN_MAP_BUFFER_ALIGNMENT: value = 64; return true;
    // glShaderBinary takes no binary format (GL 4.6 7.2: the list may be empty); glProgramBinary
    // takes glvk's one (7.5, kProgramBinaryFormat).
    case GL_NUM_SHADER_BINARY_FORMATS: value = 0; return true;
    case GL_NUM_PROGRAM_BINARY_FORMATS: value = 1; return true;
    // glvk keeps no timeout of its own: the largest the GLint64 query type can carry (GL 4.6 4.1.1's
    // WaitSync takes TIMEOUT_IGNORED only, so no command is bounded by it).
    case GL_SHADER_COMPILER: value = GL_TRUE; return true;  // GL 4.6 7.1: glvk compiles shaders
    case GL_MAX_SERVER_WAIT_TIMEOUT: value = std::numeric_limits<GLint64>::max(); return true;
    default:
      // Capabilities are state glGet reads as well (GL 4.6 section 22.1).
      if (const bool* client = legacy_client_state(ctx, pname)) {
        value = *client;
        return true;
      }
      if (const CapabilityFlag enabled = capability(ctx, pname, nullptr)) {
        value = enabled.get();
        return true;
      }
      return false;
  }
}

// Every state glGet* knows, typed as the state tables type it. False for an unknown pname.
bool query_state(Context& ctx, GLenum pname, StateValue& value, bool& raised, const char* function) {
  if (query_transform_state(ctx, pname, value, raised, function) || query_clear_state(ctx, pname, value) ||
      query_render_state(ctx, pname, value) || query_draw_state(ctx, pname, value) ||
      query_tessellation_state(ctx, pname, value) ||
      query_transform_feedback_state(ctx, pname, value) || query_subroutine_limits(pname, value) ||
      query_clip_point_state(ctx, pname, value) || query_es_state(ctx, pname, value) ||
      query_compressed_formats(pname, value) || query_legacy_state(ctx, pname, value))
    return true;
  if (pname == GL_PROGRAM_BINARY_FORMATS) {
    value.set_integers({GLint64(kProgramBinaryFormat)});
    return true;
  }
  if (pname == GL_SHADER_BINARY_FORMATS) {
    value.set_integers({});  // the empty list NUM_SHADER_BINARY_FORMATS counts
    return true;
  }
  GLint64 integer = 0;
  if (!query_integer(ctx, pname, integer, raised, function)) return false;
  value.set_integers({integer});
  return true;
}

// The conversions of GL 4.6 section 2.2.2 from a state value to the query's type.
template <typename T>
T convert(const StateValue& value, std::size_t i) {
  const bool is_integer = value.type == StateValue::Type::Integer;
  if constexpr (std::is_same_v<T, GLboolean>) {
    return (is_integer ? value.integers[i] != 0 : value.floats[i] != 0.0) ? GL_TRUE : GL_FALSE;
  } else if constexpr (std::is_floating_point_v<T>) {
    return is_integer ? T(value.integers[i]) : T(value.floats[i]);
  } else {
    if (is_integer) {
      // Unsigned state (masks, the restart index) may not fit: the nearest representable value.
      return T(std::clamp<GLint64>(value.integers[i], std::numeric_limits<T>::min(), std::numeric_limits<T>::max()));
    }
    double f = value.floats[i];
    if (std::isnan(f)) return 0;
    if (value.type == StateValue::Type::Normalized) {
      // The INT entry of table 18.2 (for GetIntegerv and GetInteger64v alike): [-1, 1] maps to
      // [-(2^31 - 1), 2^31 - 1]; values outside [-1, 1] are undefined, glvk clamps them.
      f = std::round(std::clamp(f, -1.0, 1.0) * 2147483647.0);
    } else {
      f = std::round(f);  // to the nearest integer (halves away from zero)
    }
    constexpr double lo = double(std::numeric_limits<T>::min());
    constexpr double hi = double(std::numeric_limits<T>::max());
    if (f <= lo) return std::numeric_limits<T>::min();
    if (f >= hi) return std::numeric_limits<T>::max();
    return T(f);
  }
}

template <typename T>
void get_state(Context& ctx, const char* function, GLenum pname, T* data) {
  StateValue value;
  bool raised = false;
  if (!query_state(ctx, pname, value, raised, function)) {
    ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a state glvk knows", function, pname);
    return;
  }
  if (!data || raised) return;
  for (std::size_t i = 0; i < value.count; ++i) data[i] = convert<T>(value, i);
}

template <typename T>
void get_indexed_state(Context& ctx, const char* function, GLenum target, GLuint index, T* data) {
  StateValue value;
  bool raised = false;
  if (!query_transform_state_indexed(ctx, target, index, value, raised, function) &&
      !query_clear_state_indexed(ctx, target, index, value, raised, function) &&
      !query_render_state_indexed(ctx, target, index, value, raised, function) &&
      !query_draw_state_indexed(ctx, target, index, value, raised, function) &&
      !query_transform_feedback_indexed(ctx, target, index, value, raised, function) &&
      !query_vertex_array_indexed(ctx, target, index, value, raised, function) &&
      !query_compute_limit_indexed(ctx, target, index, value, raised, function) &&
      !query_image_unit_indexed(ctx, target, index, value, raised, function)) {
    ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not an indexed state glvk knows", function, target);
    return;
  }
  if (!data || raised) return;
  for (std::size_t i = 0; i < value.count; ++i) data[i] = convert<T>(value, i);
}

void set_capability(Context& ctx, const char* function, GLenum cap, bool enabled) {
  // The indexed capabilities take the value at every index.
  if (cap == GL_SCISSOR_TEST) return ctx.scissor_test.fill(enabled);
  if (cap == GL_BLEND) {
    if (std::find(ctx.blend.begin(), ctx.blend.end(), !enabled) != ctx.blend.end()) ++ctx.render.serial;
    return ctx.blend.fill(enabled);
  }
  if (const CapabilityFlag state = capability(ctx, cap, function)) state.set(enabled);
}

// glEnablei/glDisablei/glIsEnabledi: the capabilities with an index (GL 4.6 section 17.3.2 and
// ARB_viewport_array): BLEND per draw buffer, SCISSOR_TEST per viewport. Null after the error.
bool* indexed_capability(Context& ctx, GLenum cap, GLuint index, const char* function) {
  if (cap != GL_SCISSOR_TEST && cap != GL_BLEND) {
    ctx.error(GL_INVALID_ENUM, "%s(cap = 0x%04x): not an indexed capability", function, cap);
    return nullptr;
  }
  const GLuint count = cap == GL_SCISSOR_TEST ? kMaxViewports : kMaxColorAttachments;
  if (index >= count) {
    ctx.error(GL_INVALID_VALUE, "%s(index = %u): not below %u", function, index, count);
    return nullptr;
  }
  return cap == GL_SCISSOR_TEST ? &ctx.scissor_test[index] : &ctx.blend[index];
}

// glEnablei/glDisablei: a blend enable changes what draws do (RenderState::serial).
void set_indexed(Context& ctx, GLenum cap, bool& state, bool enabled) {
  if (cap == GL_BLEND && state != enabled) ++ctx.render.serial;
  state = enabled;
}

}  // namespace

GLint implementation_limit(Context& ctx, GLenum pname) {
  StateValue value;
  bool raised = false;
  if (!query_state(ctx, pname, value, raised, "implementation_limit") || raised || value.integers.empty()) return 0;
  return GLint(value.integers[0]);
}

bool capability_enabled(Context& ctx, GLenum cap, GLuint unit) {
  const GLuint active = ctx.active_texture_unit;
  ctx.active_texture_unit = unit;  // per-unit capabilities are read on the active unit
  const CapabilityFlag flag = capability(ctx, cap, nullptr);
  ctx.active_texture_unit = active;
  return flag && flag.get();
}

namespace api {

GLenum GetError(Context& ctx, const char*) {
  return ctx.take_error();
}

// GL 4.6 section 2.3.2: a lost context reports its reset once (the cause is unknown: one device
// serves every context), then NO_ERROR (the reset is complete; the context stays lost). Without
// LOSE_CONTEXT_ON_RESET the implementation never reports a reset.
GLenum GetGraphicsResetStatus(Context& ctx, const char*) {
  if (!ctx.config().lose_context_on_reset || !ctx.lost() || ctx.reset_reported) return GL_NO_ERROR;
  ctx.reset_reported = true;
  return GL_UNKNOWN_CONTEXT_RESET;
}

const GLubyte* GetString(Context& ctx, const char* fn, GLenum name) {
  auto joined = [](std::span<const char* const> list) {
    std::string s;
    for (const char* e : list) s += std::string(s.empty() ? "" : " ") + e;
    return s;
  };
  static const std::string extension_string = joined(advertised_extensions(false));
  static const std::string es_extension_string = joined(context_extensions(ContextConfig{Api::OpenGLES}));
  const char* value = nullptr;
  switch (name) {
    case GL_VENDOR: value = "glvk"; break;
    case GL_RENDERER: value = ctx.renderer().c_str(); break;
    case GL_VERSION: value = ctx.version_string().c_str(); break;
    // ES 3.2 6.1.5: "OpenGL ES GLSL ES N.M" then vendor text (the version's two minor digits).
    case GL_SHADING_LANGUAGE_VERSION: value = ctx.config().es() ? "OpenGL ES GLSL ES 3.20" : "4.60"; break;
    case GL_EXTENSIONS:
      // ES keeps the string; the core profile removed it (there the list is read with glGetStringi).
      if (ctx.config().es()) value = es_extension_string.c_str();
      else if (!ctx.config().core_profile) value = extension_string.c_str();
      break;
    case GL_PROGRAM_ERROR_STRING_ARB:
      if (!ctx.config().core_profile) value = arb_program_error_string(ctx);
      break;
    default: break;
  }
  if (!value) ctx.error(GL_INVALID_ENUM, "%s(name = 0x%04x): invalid name", fn, name);
  return reinterpret_cast<const GLubyte*>(value);
}

const GLubyte* GetStringi(Context& ctx, const char* fn, GLenum name, GLuint index) {
  if (name != GL_EXTENSIONS) {
    ctx.error(GL_INVALID_ENUM, "%s(name = 0x%04x): only GL_EXTENSIONS is indexed", fn, name);
    return nullptr;
  }
  const auto list = context_extensions(ctx.config());
  if (index >= list.size()) {
    ctx.error(GL_INVALID_VALUE, "%s(index = %u): only %zu extensions", fn, index, list.size());
    return nullptr;
  }
  return reinterpret_cast<const GLubyte*>(list[index]);
}

void GetIntegerv(Context& ctx, const char* fn, GLenum pname, GLint* data) { get_state(ctx, fn, pname, data); }
void GetInteger64v(Context& ctx, const char* fn, GLenum pname, GLint64* data) { get_state(ctx, fn, pname, data); }
void GetBooleanv(Context& ctx, const char* fn, GLenum pname, GLboolean* data) { get_state(ctx, fn, pname, data); }
void GetFloatv(Context& ctx, const char* fn, GLenum pname, GLfloat* data) { get_state(ctx, fn, pname, data); }
void GetDoublev(Context& ctx, const char* fn, GLenum pname, GLdouble* data) { get_state(ctx, fn, pname, data); }

void GetIntegeri_v(Context& ctx, const char* fn, GLenum target, GLuint index, GLint* data) {
  get_indexed_state(ctx, fn, target, index, data);
}
void GetInteger64i_v(Context& ctx, const char* fn, GLenum target, GLuint index, GLint64* data) {
  get_indexed_state(ctx, fn, target, index, data);
}
void GetBooleani_v(Context& ctx, const char* fn, GLenum target, GLuint index, GLboolean* data) {
  get_indexed_state(ctx, fn, target, index, data);
}
void GetFloati_v(Context& ctx, const char* fn, GLenum target, GLuint index, GLfloat* data) {
  get_indexed_state(ctx, fn, target, index, data);
}
void GetDoublei_v(Context& ctx, const char* fn, GLenum target, GLuint index, GLdouble* data) {
  get_indexed_state(ctx, fn, target, index, data);
}

void Enable(Context& ctx, const char* fn, GLenum cap) { set_capability(ctx, fn, cap, true); }
void Disable(Context& ctx, const char* fn, GLenum cap) { set_capability(ctx, fn, cap, false); }

void Enablei(Context& ctx, const char* fn, GLenum target, GLuint index) {
  if (bool* state = indexed_capability(ctx, target, index, fn)) set_indexed(ctx, target, *state, true);
}

void Disablei(Context& ctx, const char* fn, GLenum target, GLuint index) {
  if (bool* state = indexed_capability(ctx, target, index, fn)) set_indexed(ctx, target, *state, false);
}

GLboolean IsEnabledi(Context& ctx, const char* fn, GLenum target, GLuint index) {
  const bool* state = indexed_capability(ctx, target, index, fn);
  return state && *state ? GL_TRUE : GL_FALSE;
}
GLboolean IsEnabled(Context& ctx, const char* fn, GLenum cap) {
  // The legacy client arrays are queried here too (glEnableClientState sets them).
  if (const bool* client = legacy_client_state(ctx, cap)) return *client ? GL_TRUE : GL_FALSE;
  const CapabilityFlag state = capability(ctx, cap, fn);
  return state && state.get() ? GL_TRUE : GL_FALSE;
}

void Flush(Context& ctx, const char*) {
  ctx.st().flush();
  flush_front(ctx);  // front-buffer drawing shows at the flush, as on other drivers
}

void Finish(Context& ctx, const char*) {
  ctx.st().finish();
  flush_front(ctx);
}

}  // namespace api
}  // namespace glvk::gl
