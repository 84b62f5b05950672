// Shader and program objects (GL 4.6 chapter 7) and vertex array objects (chapter 10), as GL state.
// Shaders and programs share one name space in the share group; vertex arrays are per context.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "glvk/gl/gl_headers.h"
#include "glvk/gl/legacy_state.h"
#include "glvk/glsl/compiler.h"

namespace glvk::st {
class Program;
}

namespace glvk::gl {

struct BufferObject;
class FixedStages;  // fixed_function/ff_partner.cpp

inline constexpr GLuint kMaxVertexAttribs = 16;
inline constexpr GLuint kMaxVertexAttribBindings = 16;
inline constexpr GLint kMaxVertexAttribStride = 2048;
inline constexpr GLint kMaxVertexAttribRelativeOffset = 2047;
inline constexpr GLuint kMaxUniformBufferBindings = 84;  // GL 4.6's minimum
inline constexpr GLint kUniformBufferOffsetAlignment = 256;  // the largest any Vulkan device asks
inline constexpr GLint kMaxUniformBlockSize = 65536;

struct ShaderObject {
  ShaderObject(GLuint object_name, GLenum shader_type) : name(object_name), type(shader_type) {}
  GLuint name;
  GLenum type;
  std::string source;
  bool compiled = false;
  std::string info_log;
  bool delete_pending = false;
  GLuint attached_count = 0;  // programs it is attached to (deletion waits for them)
  std::string label;
};

// One active uniform's storage: where its elements live in the default block (or, for samplers,
// which texture units they name).
struct UniformSlot {
  std::uint32_t uniform;   // index into the reflection's uniforms
  std::uint32_t element;   // array element
};

struct ProgramObject {
  explicit ProgramObject(GLuint object_name) : name(object_name) {}
  GLuint name;
  std::vector<std::shared_ptr<ShaderObject>> shaders;  // attached
  bool delete_pending = false;
  std::string label;
  bool separable = false;         // PROGRAM_SEPARABLE (glProgramParameteri), used at the next link
  bool linked_separable = false;  // PROGRAM_SEPARABLE when the executable was linked (or loaded)
  bool binary_retrievable_hint = false;          // glProgramParameteri's, for the next link
  bool linked_binary_retrievable_hint = false;   // PROGRAM_BINARY_RETRIEVABLE_HINT (at the last link)
  bool pipeline_stages = false;  // a program pipeline's combined stages (api_program_pipelines.cpp)
  // glBindAttribLocation / glBindFragDataLocation(Indexed): applied at the next link.
  std::map<std::string, GLuint> attribute_bindings;
  std::map<std::string, GLuint> frag_data_bindings;
  std::map<std::string, GLuint> frag_data_indices;
  // glTransformFeedbackVaryings: applied at the next link; the mode of the last successful link.
  std::vector<std::string> xfb_varyings;
  GLenum xfb_buffer_mode = GL_INTERLEAVED_ATTRIBS;
  GLenum linked_xfb_buffer_mode = GL_INTERLEAVED_ATTRIBS;

  // The result of the last link (GL 4.6 7.3: a failed link keeps the previous executable in use
  // until the program is unbound or relinked; linked tells LINK_STATUS).
  bool linked = false;
  bool link_attempted = false;
  std::string info_log;
  bool validated = false;
  std::shared_ptr<st::Program> executable;  // the last successfully linked one (may be in use)
  // The executable's uniform state: the default block's bytes, location -> (uniform, element),
  // sampler units (flat per sampler resource element, glsl::is_sampler), image units (flat per
  // StorageImage resource element), block bindings.
  std::vector<std::byte> default_block;
  std::vector<UniformSlot> locations;
  std::vector<GLint> sampler_units;
  std::vector<GLint> image_units;
  std::vector<GLuint> block_bindings;
  std::uint64_t uniform_serial = 1;  // bumped on every uniform change
  // The compatibility built-in uniforms the executable reads (gl_ModelViewMatrix, ...), resolved
  // at link and written from context state before each draw (fixed_function/builtin_uniforms.cpp).
  struct BuiltinUniform {
    std::uint8_t field = 0, index = 0, variant = 0;  // what (private enum), element, face/matrix form
    std::uint32_t offset = 0, matrix_stride = 0;     // in default_block
  };
  std::vector<BuiltinUniform> builtin_uniforms;
  // A generated fixed-function program (fixed_function/): its vertex inputs are the legacy
  // arrays and current values (LegacyAttrib), not the generic attributes.
  bool fixed_function = false;
  // A compatibility-profile program without a vertex or a fragment shader: the hidden programs
  // that add the fixed-function stage, one per state key (fixed_function/ff_partner.cpp).
  std::shared_ptr<FixedStages> fixed_stages;

  const glsl::Program* reflection() const;
};

// glProgramBinary's one format (GL 4.6 7.5; NUM_PROGRAM_BINARY_FORMATS is 1): glvk's own value.
inline constexpr GLenum kProgramBinaryFormat = 0x474B5650;  // "PVKG"

// A program pipeline object (GL 4.6 7.4): the separable program active for each stage, the
// program glUniform* writes (ACTIVE_PROGRAM) and the last validation. Per context (container).
struct ProgramPipelineObject {
  explicit ProgramPipelineObject(GLuint object_name) : name(object_name) {}
  GLuint name;
  bool bound_once = false;  // IsProgramPipeline: glGen* names are objects once bound (glCreate* at once)
  std::string label;
  std::array<std::shared_ptr<ProgramObject>, glsl::kStageCount> stages;  // by glsl::Stage
  std::shared_ptr<ProgramObject> active_program;
  bool validated = false;
  std::string info_log;
  // What draws use: a program object whose executable combines the stages' executables
  // (st::pipeline_program), remade when one of them changes; the uniform state of each distinct
  // program (`parts`) is copied into it before each draw.
  std::shared_ptr<ProgramObject> combined;
  std::array<std::shared_ptr<st::Program>, glsl::kStageCount> combined_from;
  std::vector<std::shared_ptr<ProgramObject>> parts;
  std::vector<std::uint32_t> default_block_bases;  // per part
};

// A vertex attribute (GL 4.6 table 23.3/23.4): its format and the binding it reads from.
struct VertexAttribState {
  bool enabled = false;
  GLint size = 4;
  GLenum type = GL_FLOAT;
  bool normalized = false;
  GLenum kind = GL_FLOAT;  // GL_FLOAT, GL_INT (I), GL_DOUBLE (L)
  GLuint relative_offset = 0;
  GLuint binding = 0;
};

struct VertexBindingState {
  std::shared_ptr<BufferObject> buffer;  // null: client memory (compatibility, binding = attribute)
  GLintptr offset = 0;                   // buffer offset, or the client pointer
  GLsizei stride = 16;                   // the effective stride
  GLuint divisor = 0;
};

struct VertexArrayObject {
  explicit VertexArrayObject(GLuint object_name) : name(object_name) {
    for (GLuint i = 0; i < kMaxVertexAttribs; ++i) attribs[i].binding = i;  // GL 4.6 table 23.4
  }
  GLuint name;
  bool bound_once = false;  // glGen* names become objects at first bind (glCreate* at once)
  std::array<VertexAttribState, kMaxVertexAttribs> attribs{};
  std::array<VertexBindingState, kMaxVertexAttribBindings> bindings{};
  // The pointer and stride the application gave (VERTEX_ATTRIB_ARRAY_STRIDE is the given one).
  std::array<GLsizei, kMaxVertexAttribs> given_stride{};
  std::shared_ptr<BufferObject> element_buffer;
  // Compatibility: glVertexPointer, glColorPointer, ... indexed by LegacyAttrib.
  std::array<LegacyArray, kLegacyAttribCount> legacy_arrays = initial_legacy_arrays();
  // glIndexPointer and glEdgeFlagPointer (state only: nothing reads them when drawing yet).
  LegacyArray index_array{false, 1, GL_FLOAT, 0, nullptr, 0};
  LegacyArray edge_flag_array{false, 1, GL_UNSIGNED_BYTE, 0, nullptr, 0};
  std::string label;
};

// The current generic attribute values (glVertexAttrib*): four words each, floats or integers.
struct CurrentAttrib {
  // Floats or integers in words 0-3; GL_DOUBLE (glVertexAttribL*): four doubles in words 0-7.
  std::array<std::uint32_t, 8> bits{0, 0, 0, 0x3f800000u, 0, 0, 0, 0};
  GLenum kind = GL_FLOAT;
};

}  // namespace glvk::gl
