// The glGet* state of programs and drawing: bindings (CURRENT_PROGRAM, VERTEX_ARRAY_BINDING,
// SAMPLER_BINDING, the indexed uniform buffer bindings) and the implementation limits of GL 4.6
// tables 23.51-23.70 that shaders and draws have, from the device (st::shader_limits) clamped to
// what glvk's own tables hold. Each value is at least the spec's minimum where the device allows it.
#include <algorithm>
#include <limits>
#include <span>

#include "api_common.h"
#include "glvk/gl/texture_object.h"
#include "glvk/glsl/compiler.h"
#include "glvk/st/context.h"
#include "glvk/st/query.h"
#include "glvk/st/shader_limits.h"
#include "state_query.h"

namespace glvk::gl {

// The default uniform block takes one uniform-buffer descriptor of each stage.
GLint64 uniform_blocks_per_stage(const st::ShaderLimits& l) {
  return std::clamp<GLint64>(GLint64(l.per_stage_uniform_buffers) - 1, 0, 16);
}
GLint64 combined_uniform_blocks(const st::ShaderLimits& l) { return uniform_blocks_per_stage(l) * 5; }
// Default-block components per stage: 16 KiB, a quarter of the usual 64 KiB uniform range.
GLint64 uniform_components(const st::ShaderLimits& l) { return std::min<GLint64>(l.uniform_buffer_range / 4, 4096); }

namespace {

GLint64 uniform_block_size(const st::ShaderLimits& l) { return std::min<GLint64>(l.uniform_buffer_range, 65536); }
GLint64 samplers_per_stage(const st::ShaderLimits& l) {
  return std::min<GLint64>(l.per_stage_samplers, GLint64(kMaxTextureUnits));
}

}  // namespace

bool query_draw_state(Context& ctx, GLenum pname, StateValue& value) {
  switch (pname) {
    case GL_CURRENT_PROGRAM:
      value.set_integers({ctx.current_program ? GLint64(ctx.current_program->name) : 0});
      return true;
    case GL_PROGRAM_PIPELINE_BINDING:
      value.set_integers({ctx.bound_program_pipeline ? GLint64(ctx.bound_program_pipeline->name) : 0});
      return true;
    case GL_VERTEX_ARRAY_BINDING:
      value.set_integers({ctx.bound_vertex_array ? GLint64(ctx.bound_vertex_array->name) : 0});
      return true;
    case GL_SAMPLER_BINDING: {
      const auto& s = ctx.bound_samplers[ctx.active_texture_unit];
      value.set_integers({s ? GLint64(s->name) : 0});
      return true;
    }
    case GL_MAX_VERTEX_ATTRIBS: value.set_integers({kMaxVertexAttribs}); return true;
    case GL_MAX_VERTEX_ATTRIB_BINDINGS: value.set_integers({kMaxVertexAttribBindings}); return true;
    case GL_MAX_VERTEX_ATTRIB_STRIDE: value.set_integers({kMaxVertexAttribStride}); return true;
    case GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET: value.set_integers({kMaxVertexAttribRelativeOffset}); return true;
    case GL_MAX_UNIFORM_BUFFER_BINDINGS: value.set_integers({kMaxUniformBufferBindings}); return true;
    case GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS: value.set_integers({st::kMaxShaderStorageBufferBindings}); return true;
    case GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS: value.set_integers({st::kMaxAtomicCounterBufferBindings}); return true;
    case GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT: value.set_integers({kUniformBufferOffsetAlignment}); return true;
    // Recommended batch sizes (10.4): no limit glvk enforces.
    case GL_MAX_ELEMENTS_VERTICES: case GL_MAX_ELEMENTS_INDICES:
      value.set_integers({std::numeric_limits<GLint>::max()});
      return true;
    case GL_MAX_ELEMENT_INDEX: value.set_integers({GLint64(0xffffffffu)}); return true;
    case GL_MAX_UNIFORM_LOCATIONS: value.set_integers({GLint64(glsl::kMaxUniformLocations)}); return true;
    case GL_TIMESTAMP:  // 4.3: the device's time now (0 without timestamps)
      value.set_integers({st::query_supported(ctx.st(), st::QueryKind::Timestamp)
                              ? GLint64(st::current_timestamp(ctx.st())) : 0});
      return true;
    default: break;
  }
  const st::ShaderLimits l = st::shader_limits(ctx.st().screen());
  switch (pname) {
    case GL_MAX_UNIFORM_BLOCK_SIZE: value.set_integers({uniform_block_size(l)}); return true;
    case GL_MAX_VERTEX_UNIFORM_BLOCKS: case GL_MAX_FRAGMENT_UNIFORM_BLOCKS: case GL_MAX_GEOMETRY_UNIFORM_BLOCKS:
    case GL_MAX_TESS_CONTROL_UNIFORM_BLOCKS: case GL_MAX_TESS_EVALUATION_UNIFORM_BLOCKS:
    case GL_MAX_COMPUTE_UNIFORM_BLOCKS:
      value.set_integers({uniform_blocks_per_stage(l)});
      return true;
    case GL_MAX_COMBINED_UNIFORM_BLOCKS: value.set_integers({combined_uniform_blocks(l)}); return true;
    case GL_MAX_VERTEX_UNIFORM_COMPONENTS: case GL_MAX_FRAGMENT_UNIFORM_COMPONENTS:
    case GL_MAX_GEOMETRY_UNIFORM_COMPONENTS: case GL_MAX_TESS_CONTROL_UNIFORM_COMPONENTS:
    case GL_MAX_TESS_EVALUATION_UNIFORM_COMPONENTS: case GL_MAX_COMPUTE_UNIFORM_COMPONENTS:
      value.set_integers({uniform_components(l)});
      return true;
    case GL_MAX_VERTEX_UNIFORM_VECTORS: case GL_MAX_FRAGMENT_UNIFORM_VECTORS:
      value.set_integers({uniform_components(l) / 4});
      return true;
    // 7.6.2: a stage's default block plus all its uniform blocks, in components.
    case GL_MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS: case GL_MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS:
    case GL_MAX_COMBINED_GEOMETRY_UNIFORM_COMPONENTS: case GL_MAX_COMBINED_TESS_CONTROL_UNIFORM_COMPONENTS:
    case GL_MAX_COMBINED_TESS_EVALUATION_UNIFORM_COMPONENTS: case GL_MAX_COMBINED_COMPUTE_UNIFORM_COMPONENTS:
      value.set_integers({uniform_blocks_per_stage(l) * uniform_block_size(l) / 4 + uniform_components(l)});
      return true;
    case GL_MAX_TEXTURE_IMAGE_UNITS: case GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS:
    case GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS: case GL_MAX_TESS_CONTROL_TEXTURE_IMAGE_UNITS:
    case GL_MAX_TESS_EVALUATION_TEXTURE_IMAGE_UNITS: case GL_MAX_COMPUTE_TEXTURE_IMAGE_UNITS:
      value.set_integers({samplers_per_stage(l)});
      return true;
    case GL_MAX_VARYING_COMPONENTS:  // also GL_MAX_VARYING_FLOATS (the same enum)
      value.set_integers({std::min(l.vertex_output_components, l.fragment_input_components)});
      return true;
    case GL_MAX_VARYING_VECTORS:
      value.set_integers({std::min(l.vertex_output_components, l.fragment_input_components) / 4});
      return true;
    // ARB_blend_func_extended: SRC1 factors reach Vulkan's dual-source blending.
    case GL_MAX_DUAL_SOURCE_DRAW_BUFFERS: value.set_integers({l.dual_source_draw_buffers}); return true;
    case GL_MAX_TEXTURE_LOD_BIAS: {  // GL 4.6 8.14.1: the bias is clamped to it, as the sampler does
      const GLdouble bias = l.max_sampler_lod_bias;
      value.set_floats(StateValue::Type::Float, &bias, 1);
      return true;
    }
    case GL_MAX_VERTEX_OUTPUT_COMPONENTS: value.set_integers({l.vertex_output_components}); return true;
    case GL_MAX_FRAGMENT_INPUT_COMPONENTS: value.set_integers({l.fragment_input_components}); return true;
    case GL_MAX_GEOMETRY_INPUT_COMPONENTS: value.set_integers({l.geometry_input_components}); return true;
    case GL_MAX_GEOMETRY_OUTPUT_COMPONENTS: value.set_integers({l.geometry_output_components}); return true;
    case GL_MAX_GEOMETRY_OUTPUT_VERTICES: value.set_integers({l.geometry_output_vertices}); return true;
    case GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS: value.set_integers({l.geometry_total_output_components}); return true;
    case GL_MAX_GEOMETRY_SHADER_INVOCATIONS: value.set_integers({l.geometry_invocations}); return true;
    case GL_MAX_PATCH_VERTICES: value.set_integers({l.tessellation_patch_size}); return true;
    case GL_MAX_TESS_GEN_LEVEL: value.set_integers({l.tessellation_generation_level}); return true;
    case GL_MIN_PROGRAM_TEXEL_OFFSET: value.set_integers({l.min_texel_offset}); return true;
    case GL_MAX_PROGRAM_TEXEL_OFFSET: value.set_integers({l.max_texel_offset}); return true;
    case GL_MIN_PROGRAM_TEXTURE_GATHER_OFFSET: value.set_integers({l.min_texel_gather_offset}); return true;
    case GL_MAX_PROGRAM_TEXTURE_GATHER_OFFSET: value.set_integers({l.max_texel_gather_offset}); return true;
    default: return query_storage_limit(l, pname, value);
  }
}

namespace {

// The indexed binding points' queries (6.8): binding, start, size per target.
struct IndexedTarget {
  GLenum binding, start, size;
  std::span<const Context::IndexedBufferBinding> (*points)(Context&);
  const char* limit;
};
constexpr IndexedTarget kIndexedTargets[] = {
    {GL_UNIFORM_BUFFER_BINDING, GL_UNIFORM_BUFFER_START, GL_UNIFORM_BUFFER_SIZE,
     [](Context& c) { return std::span<const Context::IndexedBufferBinding>(c.uniform_buffer_bindings); },
     "MAX_UNIFORM_BUFFER_BINDINGS"},
    {GL_SHADER_STORAGE_BUFFER_BINDING, GL_SHADER_STORAGE_BUFFER_START, GL_SHADER_STORAGE_BUFFER_SIZE,
     [](Context& c) { return std::span<const Context::IndexedBufferBinding>(c.storage_buffer_bindings); },
     "MAX_SHADER_STORAGE_BUFFER_BINDINGS"},
    {GL_ATOMIC_COUNTER_BUFFER_BINDING, GL_ATOMIC_COUNTER_BUFFER_START, GL_ATOMIC_COUNTER_BUFFER_SIZE,
     [](Context& c) { return std::span<const Context::IndexedBufferBinding>(c.atomic_counter_buffer_bindings); },
     "MAX_ATOMIC_COUNTER_BUFFER_BINDINGS"},
};

}  // namespace

bool query_draw_state_indexed(Context& ctx, GLenum pname, GLuint index, StateValue& value, bool& raised,
                              const char* function) {
  const IndexedTarget* target = nullptr;
  for (const IndexedTarget& t : kIndexedTargets)
    if (pname == t.binding || pname == t.start || pname == t.size) target = &t;
  if (!target) return false;
  const std::span<const Context::IndexedBufferBinding> points = target->points(ctx);
  if (index >= points.size()) {
    ctx.error(GL_INVALID_VALUE, "%s(index = %u): beyond %s", function, index, target->limit);
    raised = true;
    return true;
  }
  const Context::IndexedBufferBinding& b = points[index];
  if (pname == target->binding) value.set_integers({b.buffer ? GLint64(b.buffer->name) : 0});
  else if (pname == target->start) value.set_integers({b.buffer ? GLint64(b.offset) : 0});
  else value.set_integers({b.buffer ? GLint64(b.size) : 0});  // 0 for glBindBufferBase (6.8)
  return true;
}

}  // namespace glvk::gl
