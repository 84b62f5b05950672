// A GL context: its version, error and debug state, bindings, and its share group.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "glvk/formats/gl_client.h"
#include "glvk/gl/framebuffer_object.h"
#include "glvk/gl/gl_headers.h"
#include "glvk/gl/legacy_state.h"
#include "glvk/gl/program_object.h"
#include "glvk/gl/render_state.h"
#include "glvk/gl/texture_object.h"
#include "glvk/gl/transform_state.h"
#include "glvk/st/draw.h"

namespace glvk::st {
class Context;
class Resource;
class Screen;
struct Transfer;
}  // namespace glvk::st

namespace glvk::st {
class TransformFeedbackCounters;
class Query;
}

namespace glvk::gl {

// The highest version glvk creates (the dispatch covers GL 4.6 compatibility).
inline constexpr int kMaxMajorVersion = 4;
inline constexpr int kMaxMinorVersion = 6;

// The client API of a context. OpenGL ES contexts (EGL_OPENGL_ES_API) run on the same front end:
// they have no compatibility-profile features (core_profile is true for them), keep what ES has
// and core GL lacks (the default vertex array object, client-memory vertex arrays), and answer
// the ES strings and version (ES 3.2 whichever of 2.0-3.2 was asked for, as Mesa does).
enum class Api : std::uint8_t { OpenGL, OpenGLES };

// The OpenGL ES version every ES context reports (GL_MAJOR/MINOR_VERSION, GL_VERSION).
inline constexpr int kEsMajorVersion = 3;
inline constexpr int kEsMinorVersion = 2;

struct ContextConfig {
  Api api = Api::OpenGL;
  int major = 1;  // the version asked for (EGL_CONTEXT_CLIENT_VERSION reports it)
  int minor = 0;
  bool core_profile = false;  // no compatibility-profile features (true in ES contexts)
  bool debug = false;
  bool forward_compatible = false;
  // GL_RESET_NOTIFICATION_STRATEGY is GL_LOSE_CONTEXT_ON_RESET (else GL_NO_RESET_NOTIFICATION).
  bool lose_context_on_reset = false;
  // KHR_no_error: GL_CONTEXT_FLAG_NO_ERROR_BIT_KHR. glvk still checks every command and records
  // its errors (the extension makes an erroneous command's behaviour undefined, which includes
  // the defined one), so a faulty program gets an error, never a crash.
  bool no_error = false;
  // KHR_context_flush_control: GL_CONTEXT_RELEASE_BEHAVIOR is FLUSH (release submits the recorded
  // commands) or NONE (they are submitted when something else submits: the stream is the screen's).
  bool release_flush = true;
  bool es() const { return api == Api::OpenGLES; }
  // Binding a buffer, texture, renderbuffer or framebuffer name glGen* never returned creates
  // the object in compatibility and ES contexts (ES 3.2 6.1, 8.1, 9.2); core GL refuses it.
  bool bind_creates_names() const { return !core_profile || es(); }
};

// A buffer object (GL state). The data store is an st::Resource, absent while the size is 0.
struct BufferObject {
  explicit BufferObject(GLuint object_name) : name(object_name) {}
  GLuint name;
  std::shared_ptr<st::Resource> resource;
  GLsizeiptr size = 0;
  GLenum usage = GL_STATIC_DRAW;
  bool immutable = false;
  GLbitfield storage_flags = 0;
  // Mapping state (GL_BUFFER_MAPPED and friends).
  bool mapped = false;
  GLbitfield access_flags = 0;  // GL_BUFFER_ACCESS_FLAGS
  GLenum access = GL_READ_WRITE;  // GL_BUFFER_ACCESS
  GLintptr map_offset = 0;
  GLsizeiptr map_length = 0;
  void* map_pointer = nullptr;
  st::Transfer* transfer = nullptr;
  std::string label;
};

class DisplayListNames;  // api_display_lists.cpp
class ArbProgramNames;   // api_arb_programs.cpp
struct ArbProgramContext;  // api_arb_programs.cpp

// Objects shared between contexts created with a share_context (buffer names, for now).
class ShareGroup {
 public:
  std::mutex mutex;
  // Names handed out by glGen* but not yet bound have no object (nullptr).
  std::unordered_map<GLuint, std::shared_ptr<BufferObject>> buffers;
  GLuint next_buffer_name = 1;

  GLuint allocate_buffer_name();  // caller holds mutex

  // Texture names: glGenTextures reserves a name (nullptr) until the first bind creates the object.
  std::unordered_map<GLuint, std::shared_ptr<TextureObject>> textures;
  GLuint next_texture_name = 1;
  GLuint allocate_texture_name();  // caller holds mutex

  // Renderbuffer names (shared); framebuffers are per context (container objects).
  std::unordered_map<GLuint, std::shared_ptr<RenderbufferObject>> renderbuffers;
  GLuint next_renderbuffer_name = 1;
  GLuint allocate_renderbuffer_name();  // caller holds mutex

  // Sampler objects (8.2): glGenSamplers reserves a name (nullptr) until the first bind.
  std::unordered_map<GLuint, std::shared_ptr<SamplerObject>> samplers;
  GLuint next_sampler_name = 1;

  // Shader and program objects: one name space (GL 4.6 7.1); each name is one or the other.
  std::unordered_map<GLuint, std::shared_ptr<ShaderObject>> shaders;
  std::unordered_map<GLuint, std::shared_ptr<ProgramObject>> programs;
  GLuint next_shader_program_name = 1;

  // Sync objects (GL 4.6 4.1): handles are counters glvk hands out, never pointers it follows, so
  // a wrong handle is only an unknown name. `fence` is st's fence; signalled once seen finished.
  struct SyncObject {
    std::uint64_t fence = 0;
    std::atomic<bool> signaled{false};
  };
  std::unordered_map<std::uintptr_t, std::shared_ptr<SyncObject>> syncs;
  std::uintptr_t next_sync_handle = 1;

  // Display lists (GL 4.6 compatibility 21.4): names and their commands.
  std::shared_ptr<DisplayListNames> display_lists;
  // ARB_vertex_program / ARB_fragment_program program objects (created on first use).
  std::shared_ptr<ArbProgramNames> arb_programs;

  // The object a name holds (null for 0, unknown and reserved-only names); take the mutex themselves.
  std::shared_ptr<BufferObject> find_buffer(GLuint name);
  std::shared_ptr<TextureObject> find_texture(GLuint name);
  std::shared_ptr<RenderbufferObject> find_renderbuffer(GLuint name);
};

// One KHR_debug control rule; the latest matching rule decides.
struct DebugRule {
  GLenum source, type, severity;
  bool all_ids;
  std::unordered_set<GLuint> ids;
  bool enabled;
};

struct DebugGroup {
  GLenum source;
  GLuint id;
  std::string message;
  std::vector<DebugRule> rules;  // copied on push, restored on pop
};

struct DebugMessage {
  GLenum source, type;
  GLuint id;
  GLenum severity;
  std::string text;
};

inline constexpr GLint kMaxDebugMessageLength = 1024;
inline constexpr GLint kMaxDebugLoggedMessages = 64;
inline constexpr GLint kMaxDebugGroupStackDepth = 64;
inline constexpr GLint kMaxLabelLength = 256;

// The indexed buffer binding points glvk knows (glBindBuffer targets).
inline constexpr GLenum kBufferTargets[] = {
    GL_ARRAY_BUFFER,         GL_ATOMIC_COUNTER_BUFFER,  GL_COPY_READ_BUFFER,   GL_COPY_WRITE_BUFFER,
    GL_DISPATCH_INDIRECT_BUFFER, GL_DRAW_INDIRECT_BUFFER, GL_ELEMENT_ARRAY_BUFFER, GL_PIXEL_PACK_BUFFER,
    GL_PIXEL_UNPACK_BUFFER,  GL_QUERY_BUFFER,           GL_SHADER_STORAGE_BUFFER, GL_TEXTURE_BUFFER,
    GL_TRANSFORM_FEEDBACK_BUFFER, GL_UNIFORM_BUFFER, GL_PARAMETER_BUFFER};
inline constexpr std::size_t kBufferTargetCount = std::size(kBufferTargets);
// Where GL_ELEMENT_ARRAY_BUFFER's binding is in Context::bound_buffers (draws and VAOs read it).
inline constexpr std::size_t kElementArrayTarget = 6;
static_assert(kBufferTargets[kElementArrayTarget] == GL_ELEMENT_ARRAY_BUFFER);

class Context {
 public:
  Context(const ContextConfig& config, std::shared_ptr<ShareGroup> share_group, std::shared_ptr<st::Screen> screen);
  ~Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  const ContextConfig& config() const { return config_; }
  // ES 3.2 11.1.3.9: PRIMITIVE_BOUNDING_BOX (minimum x y z w, maximum x y z w), a hint glvk keeps
  // as state only (api_es.cpp).
  std::array<GLfloat, 8> primitive_bounding_box{-1, -1, -1, 1, 1, 1, 1, 1};
  ShareGroup& share_group() { return *share_group_; }
  const std::shared_ptr<ShareGroup>& shared_share_group() const { return share_group_; }
  st::Context& st() { return *st_; }

  // Records `error` if no error is pending (the spec's sticky first error) and sends a KHR_debug
  // message of type ERROR carrying `message` (printf-style).
  void error(GLenum error, const char* format, ...) __attribute__((format(printf, 3, 4)));
  GLenum take_error();  // glGetError

  // KHR_robustness: the context is lost once its device is (VK_ERROR_DEVICE_LOST); every command
  // but the few the spec names then raises GL_CONTEXT_LOST and does nothing (the dispatch checks).
  bool lost() const { return device_lost_->load(std::memory_order_relaxed); }
  bool reset_reported = false;  // glGetGraphicsResetStatus has returned the reset

  // Delivers a KHR_debug message if debug output is on and the controls enable it.
  void debug_message(GLenum source, GLenum type, GLuint id, GLenum severity, const std::string& text);
  bool debug_message_enabled(GLenum source, GLenum type, GLuint id, GLenum severity) const;

  // Debug state (KHR_debug).
  bool debug_output = false;
  bool debug_output_synchronous = false;
  GLDEBUGPROC debug_callback = nullptr;
  const void* debug_user_param = nullptr;
  std::vector<DebugMessage> debug_log;
  std::vector<DebugGroup> debug_groups;  // [0] is the default group

  // Buffer bindings, indexed like kBufferTargets.
  std::array<std::shared_ptr<BufferObject>, kBufferTargetCount> bound_buffers;

  // Texture units: the active one, and per unit the texture bound to each target (null: the
  // default texture of that target, `default_textures`).
  GLuint active_texture_unit = 0;
  std::array<std::array<std::shared_ptr<TextureObject>, kTextureTargetCount>, kMaxTextureUnits> bound_textures;
  std::array<std::shared_ptr<TextureObject>, kTextureTargetCount> default_textures;
  // The sampler object bound to each unit (null: the textures' own sampler state).
  std::array<std::shared_ptr<SamplerObject>, kMaxTextureUnits> bound_samplers;
  // Proxy targets' images (glTexImage on GL_PROXY_TEXTURE_*), one object per non-proxy target.
  std::array<std::shared_ptr<TextureObject>, kTextureTargetCount> proxy_textures;

  // glPixelStore state.
  formats::PixelStore unpack, pack;

  // Framebuffer state: per-context framebuffer names, the draw/read bindings (null: the default
  // framebuffer, which a surfaceless context does not have) and the bound renderbuffer.
  std::unordered_map<GLuint, std::shared_ptr<FramebufferObject>> framebuffers;
  GLuint next_framebuffer_name = 1;
  std::shared_ptr<FramebufferObject> draw_framebuffer, read_framebuffer;
  // The default framebuffers of the draw and read surfaces EGL made current (null when surfaceless).
  std::shared_ptr<FramebufferObject> window_draw_framebuffer, window_read_framebuffer;
  // What drawing and reading use: the bound object, else the default framebuffer (null: none).
  FramebufferObject* current_draw_framebuffer() const {
    return draw_framebuffer ? draw_framebuffer.get() : window_draw_framebuffer.get();
  }
  FramebufferObject* current_read_framebuffer() const {
    return read_framebuffer ? read_framebuffer.get() : window_read_framebuffer.get();
  }
  std::shared_ptr<RenderbufferObject> bound_renderbuffer;
  std::array<GLfloat, 4> clear_color{0, 0, 0, 0};
  // EXT_texture_integer: glClearColorIiEXT/IuiEXT give integer clear values (their bits here,
  // kind GL_INT or GL_UNSIGNED_INT); glClearColor makes the kind GL_FLOAT again. The last call wins.
  GLenum clear_color_kind = GL_FLOAT;
  std::array<GLuint, 4> clear_color_integer{0, 0, 0, 0};
  GLdouble clear_depth = 1.0;
  GLint clear_stencil = 0;
  // Per-fragment state clears honour.
  // One scissor test and box per viewport index (ARB_viewport_array); clears and blits use index 0.
  std::array<bool, kMaxViewports> scissor_test{};
  std::array<std::array<GLint, 4>, kMaxViewports> scissor_box{};  // x, y, width, height
  std::array<bool, kMaxColorAttachments> blend{};                 // per draw buffer
  // glEnable capabilities without a field of their own (api_state.cpp's table), keyed by the
  // enum with the texture unit in the high 32 bits for per-unit ones; absent: the initial value.
  std::unordered_map<std::uint64_t, bool> capabilities;
  std::array<std::array<bool, 4>, kMaxColorAttachments> color_mask{};  // set to all true in the constructor
  bool depth_mask = true;
  // glClampColor (GL 4.6 section 18.2.8; vertex and fragment in compatibility contexts only).
  GLenum clamp_read_color = GL_FIXED_ONLY;
  GLenum clamp_vertex_color = GL_TRUE;
  GLenum clamp_fragment_color = GL_FIXED_ONLY;
  GLuint stencil_writemask = ~0u;       // front faces (and clears, GL 4.6 section 17.4.3)
  GLuint stencil_back_writemask = ~0u;  // back faces
  bool framebuffer_srgb = false;

  // Drawing state: the program in use, vertex arrays (per context: container objects; the
  // default one of compatibility contexts is `default_vertex_array`), current attribute values,
  // and the indexed uniform buffer bindings (glBindBufferBase/Range).
  std::shared_ptr<ProgramObject> current_program;
  // Program pipeline objects (GL 4.6 7.4; per context) and the bound one, which draws and
  // glUniform* use while no program is in use.
  std::unordered_map<GLuint, std::shared_ptr<ProgramPipelineObject>> program_pipelines;
  GLuint next_program_pipeline_name = 1;
  std::shared_ptr<ProgramPipelineObject> bound_program_pipeline;
  // Each stage's subroutine uniform values, by location (GL 4.6 7.10: context state of the
  // stage's executable, reset when it changes; api_subroutines.cpp).
  struct SubroutineSelection {
    std::shared_ptr<st::Program> executable;
    bool valid = false;
    std::vector<GLuint> indices;
  };
  std::array<SubroutineSelection, glsl::kStageCount> subroutine_selection;
  std::unordered_map<GLuint, std::shared_ptr<VertexArrayObject>> vertex_arrays;
  GLuint next_vertex_array_name = 1;
  std::shared_ptr<VertexArrayObject> default_vertex_array;  // null in core contexts
  std::shared_ptr<VertexArrayObject> bound_vertex_array;     // null: the default one (or none)
  VertexArrayObject* current_vertex_array() const {
    return bound_vertex_array ? bound_vertex_array.get() : default_vertex_array.get();
  }
  std::array<CurrentAttrib, kMaxVertexAttribs> current_attribs{};
  struct IndexedBufferBinding {
    std::shared_ptr<BufferObject> buffer;
    GLintptr offset = 0;
    GLsizeiptr size = 0;  // 0: glBindBufferBase (the whole buffer, whatever its size)
  };
  std::array<IndexedBufferBinding, kMaxUniformBufferBindings> uniform_buffer_bindings{};
  std::array<IndexedBufferBinding, st::kMaxShaderStorageBufferBindings> storage_buffer_bindings{};
  std::array<IndexedBufferBinding, st::kMaxAtomicCounterBufferBindings> atomic_counter_buffer_bindings{};
  // Image units (GL 4.6 8.26, glBindImageTexture): api_image_units.cpp.
  struct ImageUnit {
    std::shared_ptr<TextureObject> texture;
    GLint level = 0;
    bool layered = false;
    GLint layer = 0;
    GLenum access = GL_READ_ONLY;
    GLenum format = GL_R8;
  };
  std::array<ImageUnit, st::kMaxImageUnits> image_units{};

  // Transform feedback objects (GL 4.6 13.3.1; container objects, per context) with their
  // TRANSFORM_FEEDBACK_BUFFER bindings and capture state: api_transform_feedback.cpp.
  struct TransformFeedbackObject {
    GLuint name = 0;
    bool bound_once = false;  // glGen* names become objects at first bind (glCreate* at once)
    std::array<IndexedBufferBinding, glsl::kMaxXfbBuffers> buffers{};
    bool active = false;
    bool paused = false;
    GLenum primitive_mode = GL_POINTS;              // of the active capture
    std::shared_ptr<ProgramObject> program;         // in use when the capture began
    std::shared_ptr<st::TransformFeedbackCounters> counters;  // made at the first begin
    // For glDrawTransformFeedback: whether a capture has ended, and the bytes per vertex the
    // capturing program wrote to each buffer, and the vertex stream each buffer captured.
    bool ended_once = false;
    std::array<std::uint32_t, glsl::kMaxXfbBuffers> capture_strides{};
    std::array<std::uint32_t, glsl::kMaxXfbBuffers> capture_streams{};
    std::string label;
  };
  std::unordered_map<GLuint, std::shared_ptr<TransformFeedbackObject>> transform_feedbacks;
  GLuint next_transform_feedback_name = 1;
  TransformFeedbackObject default_transform_feedback;                  // object zero
  std::shared_ptr<TransformFeedbackObject> bound_transform_feedback;  // null: object zero
  TransformFeedbackObject& current_transform_feedback() {
    return bound_transform_feedback ? *bound_transform_feedback : default_transform_feedback;
  }
  // Query objects (GL 4.6 4.2; per context): api_queries.cpp. The primitive queries count one
  // vertex stream each (glBeginQueryIndexed's index).
  struct QueryObject {
    GLuint name = 0;
    GLenum target = GL_NONE;  // set at the first glBeginQuery (or glCreateQueries)
    std::shared_ptr<st::Query> query;
    bool active = false;
    std::string label;
  };
  std::unordered_map<GLuint, std::shared_ptr<QueryObject>> queries;
  GLuint next_query_name = 1;
  // The active query of each kind (ActiveQuery indexes them; the primitive kinds have one per
  // vertex stream, at kPrimitivesGenerated/kPrimitivesWritten + stream). The three occlusion targets
  // share one: ARB_occlusion_query2 makes beginning one while another is active INVALID_OPERATION.
  enum ActiveQuery : unsigned {
    kPrimitivesGenerated = 0,
    kPrimitivesWritten = st::kMaxVertexStreams,
    kOcclusion = 2 * st::kMaxVertexStreams,
    kTimeElapsed,
    kActiveQueryTargets
  };
  std::array<std::shared_ptr<QueryObject>, kActiveQueryTargets> active_queries;
  // Conditional rendering (10.9): the query whose result decides, and the mode (GL_NONE: off).
  std::shared_ptr<QueryObject> condition_query;
  GLenum condition_mode = GL_NONE;

  // An active capture that is not paused: what UseProgram, LinkProgram of its program, buffer
  // binding changes and draws with another primitive mode are refused for.
  bool transform_feedback_capturing() {
    const TransformFeedbackObject& x = current_transform_feedback();
    return x.active && !x.paused;
  }

  // Viewports, depth ranges and (compatibility profile) matrix stacks: api_transform.cpp.
  TransformState transform;
  // Depth, stencil, blend, rasterization and multisample state draws obey: api_render_state.cpp.
  RenderState render;
  // Compatibility: fixed-function state, current values and immediate mode (fixed_function/).
  LegacyState legacy;
  // ARB_vertex_program / ARB_fragment_program bindings, env parameters, errors (first use).
  std::shared_ptr<ArbProgramContext> arb_programs;

  // eglMakeCurrent with a draw surface: the first time, the viewport and scissor box become
  // (0, 0, width, height) of the surface (EGL 1.5 section 3.7.3); later calls change nothing. A
  // context current without a surface keeps the initial (0, 0, 0, 0) of EGL_KHR_surfaceless_context
  // until it first has one.
  void made_current_on_surface(GLsizei width, GLsizei height);

  // The default framebuffer's draw and read buffers are this context's state, not the surface's
  // (contexts sharing a window each keep their own glDrawBuffer, as on Mesa): saved when the
  // window system unbinds the surfaces and put back on the next ones (window_system.cpp).
  struct WindowBufferState {
    std::array<GLenum, kMaxColorAttachments> draw_buffers;
    GLenum read_buffer;
    bool double_buffered;  // of the surface they were saved from
  };
  std::optional<WindowBufferState> window_buffer_state;

  const std::string& renderer() const { return renderer_; }
  const std::string& version_string() const { return version_string_; }

 private:
  ContextConfig config_;
  const std::atomic<bool>* device_lost_;
  std::shared_ptr<ShareGroup> share_group_;
  std::unique_ptr<st::Context> st_;
  GLenum error_ = GL_NO_ERROR;
  bool had_surface_ = false;
  std::string renderer_;
  std::string version_string_;
};

// The calling thread's current context (EGL makes it current), or null.
Context* current_context();
void set_current_context(Context* context);

// True when GLVK_DEBUG (comma-separated) contains `topic` ("api", "transfer").
bool debug_enabled(const char* topic);

}  // namespace glvk::gl
