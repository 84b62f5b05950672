// Compute shaders (GL 4.6 19): glDispatchCompute and glDispatchComputeIndirect; shader storage
// blocks' binding points (7.8, glShaderStorageBlockBinding); and the limits of shader storage,
// atomic counters and compute (tables 23.64-23.67).
#include <algorithm>

#include "api_common.h"
#include "draw_inputs.h"
#include "glvk/glsl/compiler.h"
#include "glvk/st/context.h"
#include "glvk/st/shader_limits.h"
#include "legacy_internal.h"
#include "program_lookup.h"
#include "state_query.h"

namespace glvk::gl {

namespace {

constexpr std::size_t kDispatchIndirectTarget = 4;
static_assert(kBufferTargets[kDispatchIndirectTarget] == GL_DISPATCH_INDIRECT_BUFFER);
// The compiler refuses bindings past the ATOMIC_COUNTER_BUFFER binding points the context has.
static_assert(st::kMaxAtomicCounterBufferBindings == glsl::kMaxAtomicCounterBindings);

// The program of the compute stage (19): the program in use, else the bound pipeline's compute
// program. Null after INVALID_OPERATION when there is none with a compute shader.
ProgramObject* compute_program(Context& ctx, const char* fn) {
  ProgramObject* program = ctx.current_program.get();
  if (!program && ctx.bound_program_pipeline)
    program = ctx.bound_program_pipeline->stages[std::size_t(glsl::Stage::Compute)].get();
  const glsl::Program* r = program ? program->reflection() : nullptr;
  if (!program || !program->executable || !r || !(r->stages & 1u << unsigned(glsl::Stage::Compute))) {
    ctx.error(GL_INVALID_OPERATION, "%s: no active program has a compute shader", fn);
    return nullptr;
  }
  return program;
}

void run_dispatch(Context& ctx, const char* fn, ProgramObject& program, st::DispatchCall& call) {
  ProgramInputStorage storage;
  if (!program.builtin_uniforms.empty()) write_builtin_uniforms(ctx, program);
  write_subroutine_selection(ctx, program);
  gather_program_inputs(ctx, program, call, storage);
  try {
    st::dispatch(ctx.st(), call);
  } catch (const st::DrawError& e) {
    ctx.error(GL_INVALID_OPERATION, "%s: %s", fn, e.what());
  }
}

}  // namespace

bool query_storage_limit(const st::ShaderLimits& l, GLenum pname, StateValue& value) {
  // Storage blocks of the stages before rasterization need the device's vertex-pipeline stores.
  const GLint64 per_stage = std::min<GLint64>(l.per_stage_storage_buffers, st::kMaxShaderStorageBufferBindings);
  const GLint64 vertex_stages = l.vertex_pipeline_stores ? per_stage : 0;
  switch (pname) {
    case GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS: case GL_MAX_GEOMETRY_SHADER_STORAGE_BLOCKS:
    case GL_MAX_TESS_CONTROL_SHADER_STORAGE_BLOCKS: case GL_MAX_TESS_EVALUATION_SHADER_STORAGE_BLOCKS:
      value.set_integers({vertex_stages});
      return true;
    case GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS: value.set_integers({l.fragment_stores ? per_stage : 0}); return true;
    case GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS: case GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS:
      value.set_integers({per_stage});
      return true;
    case GL_MAX_SHADER_STORAGE_BLOCK_SIZE: value.set_integers({GLint64(l.storage_buffer_range)}); return true;
    case GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT:
      value.set_integers({GLint64(l.storage_buffer_offset_alignment)});
      return true;
    // Storage blocks and fragment outputs together (7.8).
    case GL_MAX_COMBINED_SHADER_OUTPUT_RESOURCES: value.set_integers({per_stage + kMaxColorAttachments}); return true;
    // Atomic counters are members of storage blocks on the device (glsl::is_atomic_counter_block).
    case GL_MAX_VERTEX_ATOMIC_COUNTER_BUFFERS: case GL_MAX_GEOMETRY_ATOMIC_COUNTER_BUFFERS:
    case GL_MAX_TESS_CONTROL_ATOMIC_COUNTER_BUFFERS: case GL_MAX_TESS_EVALUATION_ATOMIC_COUNTER_BUFFERS:
      value.set_integers({l.vertex_pipeline_stores ? GLint64(st::kMaxAtomicCounterBufferBindings) : 0});
      return true;
    case GL_MAX_FRAGMENT_ATOMIC_COUNTER_BUFFERS: case GL_MAX_COMPUTE_ATOMIC_COUNTER_BUFFERS:
    case GL_MAX_COMBINED_ATOMIC_COUNTER_BUFFERS:
      value.set_integers({GLint64(st::kMaxAtomicCounterBufferBindings)});
      return true;
    case GL_MAX_VERTEX_ATOMIC_COUNTERS: case GL_MAX_GEOMETRY_ATOMIC_COUNTERS:
    case GL_MAX_TESS_CONTROL_ATOMIC_COUNTERS: case GL_MAX_TESS_EVALUATION_ATOMIC_COUNTERS:
      value.set_integers({l.vertex_pipeline_stores ? GLint64(glsl::kMaxAtomicCounters) : 0});
      return true;
    case GL_MAX_FRAGMENT_ATOMIC_COUNTERS: case GL_MAX_COMPUTE_ATOMIC_COUNTERS: case GL_MAX_COMBINED_ATOMIC_COUNTERS:
      value.set_integers({GLint64(glsl::kMaxAtomicCounters)});
      return true;
    case GL_MAX_ATOMIC_COUNTER_BUFFER_SIZE: value.set_integers({GLint64(4 * glsl::kMaxAtomicCounters)}); return true;
    case GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS: value.set_integers({l.compute_work_group_invocations}); return true;
    case GL_MAX_COMPUTE_SHARED_MEMORY_SIZE: value.set_integers({l.compute_shared_memory}); return true;
    default: return query_image_unit_limit(pname, value);
  }
}

bool query_compute_limit_indexed(Context& ctx, GLenum pname, GLuint index, StateValue& value, bool& raised,
                                 const char* function) {
  if (pname != GL_MAX_COMPUTE_WORK_GROUP_COUNT && pname != GL_MAX_COMPUTE_WORK_GROUP_SIZE) return false;
  if (index >= 3) {
    ctx.error(GL_INVALID_VALUE, "%s(index = %u): work groups have 3 dimensions", function, index);
    raised = true;
    return true;
  }
  const st::ShaderLimits l = st::shader_limits(ctx.st().screen());
  const std::uint32_t v = pname == GL_MAX_COMPUTE_WORK_GROUP_COUNT ? l.compute_work_group_count[index]
                                                                    : l.compute_work_group_size[index];
  // GL's counts are GLints: a device allowing more still reports what a GLint holds.
  value.set_integers({std::min<GLint64>(v, 0x7fffffff)});
  return true;
}

namespace api {

void ShaderStorageBlockBinding(Context& ctx, const char* fn, GLuint program, GLuint storageBlockIndex,
                               GLuint storageBlockBinding) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return;
  const glsl::Program* r = p->reflection();
  // Storage block indices count the program's shader storage blocks alone (atomic counter blocks
  // are not GL's).
  std::size_t found = ~std::size_t(0), k = 0;
  for (std::size_t i = 0; r && i < r->blocks.size(); ++i) {
    if (!r->blocks[i].storage || glsl::is_atomic_counter_block(r->blocks[i])) continue;
    if (k++ == storageBlockIndex) found = i;
  }
  if (found == ~std::size_t(0))
    return ctx.error(GL_INVALID_VALUE, "%s(storageBlockIndex = %u): not an active shader storage block", fn,
                     storageBlockIndex);
  if (storageBlockBinding >= st::kMaxShaderStorageBufferBindings)
    return ctx.error(GL_INVALID_VALUE, "%s(storageBlockBinding = %u): beyond MAX_SHADER_STORAGE_BUFFER_BINDINGS", fn,
                     storageBlockBinding);
  p->block_bindings[found] = storageBlockBinding;
  ++p->uniform_serial;
}

// 7.3.1: the program's atomic counter buffers, in the order of glsl::atomic_counter_buffers.
void GetActiveAtomicCounterBufferiv(Context& ctx, const char* fn, GLuint program, GLuint bufferIndex, GLenum pname,
                                    GLint* params) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return;
  const glsl::Program* r = p->reflection();
  const std::vector<std::uint32_t> buffers = r ? glsl::atomic_counter_buffers(*r) : std::vector<std::uint32_t>{};
  if (bufferIndex >= buffers.size())
    return ctx.error(GL_INVALID_VALUE, "%s(bufferIndex = %u): not an active atomic counter buffer", fn, bufferIndex);
  const glsl::UniformBlock& b = r->blocks[buffers[bufferIndex]];
  constexpr GLenum kReferencedBy[] = {
      GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_VERTEX_SHADER, GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_TESS_CONTROL_SHADER,
      GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_TESS_EVALUATION_SHADER,
      GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_GEOMETRY_SHADER, GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_FRAGMENT_SHADER,
      GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_COMPUTE_SHADER};  // in glsl::Stage order
  for (unsigned s = 0; s < std::size(kReferencedBy); ++s)
    if (pname == kReferencedBy[s]) {
      if (params) *params = GLint((b.stages >> s) & 1u);
      return;
    }
  switch (pname) {
    case GL_ATOMIC_COUNTER_BUFFER_BINDING: if (params) *params = GLint(b.initial_gl_binding); return;
    case GL_ATOMIC_COUNTER_BUFFER_DATA_SIZE: if (params) *params = GLint(b.size); return;
    case GL_ATOMIC_COUNTER_BUFFER_ACTIVE_ATOMIC_COUNTERS: if (params) *params = GLint(b.uniforms.size()); return;
    case GL_ATOMIC_COUNTER_BUFFER_ACTIVE_ATOMIC_COUNTER_INDICES:
      if (params) std::copy(b.uniforms.begin(), b.uniforms.end(), params);
      return;
    default:
      return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not an atomic counter buffer parameter", fn, pname);
  }
}

void DispatchCompute(Context& ctx, const char* fn, GLuint num_groups_x, GLuint num_groups_y, GLuint num_groups_z) {
  ProgramObject* program = compute_program(ctx, fn);
  if (!program) return;
  const st::ShaderLimits l = st::shader_limits(ctx.st().screen());
  const GLuint groups[3] = {num_groups_x, num_groups_y, num_groups_z};
  for (unsigned i = 0; i < 3; ++i)
    if (groups[i] > std::min<std::uint32_t>(l.compute_work_group_count[i], 0x7fffffff))
      return ctx.error(GL_INVALID_VALUE, "%s(num_groups_%c = %u): beyond MAX_COMPUTE_WORK_GROUP_COUNT[%u]", fn,
                       char('x' + i), groups[i], i);
  st::DispatchCall call;
  call.groups = {num_groups_x, num_groups_y, num_groups_z};
  run_dispatch(ctx, fn, *program, call);
}

void DispatchComputeIndirect(Context& ctx, const char* fn, GLintptr indirect) {
  if (indirect < 0 || indirect % 4)
    return ctx.error(GL_INVALID_VALUE, "%s(indirect = %ld): not a non-negative multiple of 4", fn, long(indirect));
  const std::shared_ptr<BufferObject>& buffer = ctx.bound_buffers[kDispatchIndirectTarget];
  if (!buffer) return ctx.error(GL_INVALID_OPERATION, "%s: no buffer is bound to DISPATCH_INDIRECT_BUFFER", fn);
  if (std::uint64_t(indirect) + 12 > std::uint64_t(buffer->size))
    return ctx.error(GL_INVALID_OPERATION, "%s(indirect = %ld): the command lies beyond the buffer's %ld bytes", fn,
                     long(indirect), long(buffer->size));
  if (mapped_for_draw(buffer))
    return ctx.error(GL_INVALID_OPERATION, "%s: the indirect buffer is mapped", fn);
  ProgramObject* program = compute_program(ctx, fn);
  if (!program) return;
  st::DispatchCall call;
  call.indirect_buffer = buffer->resource.get();
  call.indirect_offset = std::uint64_t(indirect);
  run_dispatch(ctx, fn, *program, call);
}

}  // namespace api
}  // namespace glvk::gl
