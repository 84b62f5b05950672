// Drawing commands (GL 4.6 10.4-10.6): validation in the spec's order, then one st::DrawCall that
// carries everything the draw reads; the state tracker translates and records it.
#include <algorithm>
#include <cstring>
#include <vector>

#include "api_common.h"
#include "arb_program_object.h"
#include "glvk/formats/checked_size.h"
#include "draw_inputs.h"
#include "program_lookup.h"
#include "legacy_internal.h"
#include "glvk/st/draw.h"
#include "glvk/st/context.h"

namespace glvk::gl {

namespace {

}  // namespace

bool valid_draw_mode(const Context& ctx, GLenum mode) {
  switch (mode) {
    case GL_POINTS: case GL_LINES: case GL_LINE_LOOP: case GL_LINE_STRIP: case GL_TRIANGLES: case GL_TRIANGLE_STRIP:
    case GL_TRIANGLE_FAN: case GL_LINES_ADJACENCY: case GL_LINE_STRIP_ADJACENCY: case GL_TRIANGLES_ADJACENCY:
    case GL_TRIANGLE_STRIP_ADJACENCY: case GL_PATCHES:
      return true;
    case GL_QUADS: case GL_QUAD_STRIP: case GL_POLYGON:
      return !ctx.config().core_profile;  // removed from core (GL 4.6 compatibility 10.1)
    default: return false;
  }
}

namespace {

bool is_index_type(GLenum type) {
  return type == GL_UNSIGNED_BYTE || type == GL_UNSIGNED_SHORT || type == GL_UNSIGNED_INT;
}

// GL 4.6 11.3.1: without tessellation, a draw's mode must be one the geometry shader's input
// primitive takes (the compatibility profile's quads and polygons are triangles).
bool geometry_input_accepts(Context& ctx, const char* fn, GLenum mode, glsl::StageMask stages, const ProgramObject* program) {
  const glsl::StageMask tessellation = 1u << unsigned(glsl::Stage::TessControl) | 1u << unsigned(glsl::Stage::TessEvaluation);
  if (!program || !(stages & 1u << unsigned(glsl::Stage::Geometry)) || (stages & tessellation)) return true;
  bool ok = false;
  switch (program->reflection()->geometry_input) {
    case GL_POINTS: ok = mode == GL_POINTS; break;
    case GL_LINES: ok = mode == GL_LINES || mode == GL_LINE_STRIP || mode == GL_LINE_LOOP; break;
    case GL_LINES_ADJACENCY: ok = mode == GL_LINES_ADJACENCY || mode == GL_LINE_STRIP_ADJACENCY; break;
    case GL_TRIANGLES:
      ok = mode == GL_TRIANGLES || mode == GL_TRIANGLE_STRIP || mode == GL_TRIANGLE_FAN || mode == GL_QUADS ||
           mode == GL_QUAD_STRIP || mode == GL_POLYGON;
      break;
    case GL_TRIANGLES_ADJACENCY: ok = mode == GL_TRIANGLES_ADJACENCY || mode == GL_TRIANGLE_STRIP_ADJACENCY; break;
    default: ok = true; break;
  }
  if (!ok)
    ctx.error(GL_INVALID_OPERATION, "%s(mode = 0x%04x): not a primitive the geometry shader's input (0x%04x) takes", fn, mode,
              program->reflection()->geometry_input);
  return ok;
}

// The checks every draw makes before anything is recorded (10.4, 10.5, 9.4.4, 6.3.2, 11.1.3.11);
// returns the program to draw with, or null after raising the error (or when nothing is drawn).
ProgramObject* validate_draw(Context& ctx, const char* fn, const DrawParams& d) {
  if (!valid_draw_mode(ctx, d.mode)) {
    ctx.error(GL_INVALID_ENUM, "%s(mode = 0x%04x): not a primitive mode", fn, d.mode);
    return nullptr;
  }
  if (d.count < 0 || d.instance_count < 0) {
    ctx.error(GL_INVALID_VALUE, "%s(count = %d, instancecount = %d): negative", fn, d.count, d.instance_count);
    return nullptr;
  }
  if (d.first < 0) {
    ctx.error(GL_INVALID_VALUE, "%s(first = %d): negative", fn, d.first);
    return nullptr;
  }
  VertexArrayObject* vao = ctx.current_vertex_array();
  if (!vao) {
    ctx.error(GL_INVALID_OPERATION, "%s: no vertex array object is bound", fn);
    return nullptr;
  }
  ProgramObject* program = ctx.current_program.get();
  // Without a program in use, the bound program pipeline's stages (7.4; glUseProgram's wins).
  if (!program && ctx.bound_program_pipeline && !(program = pipeline_draw_program(ctx, fn))) return nullptr;
  // Compatibility contexts without a program, or with one linked without shaders, draw with a
  // generated fixed-function program.
  // (A linked program has an executable but for that empty link, api_programs.cpp.)
  const bool fixed_function = (!program || (program->linked && !program->executable)) && !ctx.config().core_profile;
  if (!fixed_function && (!program || !program->executable)) {
    ctx.error(GL_INVALID_OPERATION, "%s: no linked program is in use", fn);
    return nullptr;
  }
  // GL 4.6 10.1.15/11.2: patches only with a tessellation evaluation shader, and a program with
  // tessellation shaders only with patches (the device would get a patch list it cannot draw).
  const glsl::StageMask stages = program && program->reflection() ? program->reflection()->stages : 0;
  const glsl::StageMask tessellation = 1u << unsigned(glsl::Stage::TessControl) | 1u << unsigned(glsl::Stage::TessEvaluation);
  if ((d.mode == GL_PATCHES) != ((stages & tessellation) != 0) ||
      (d.mode == GL_PATCHES && !(stages & 1u << unsigned(glsl::Stage::TessEvaluation)))) {
    ctx.error(GL_INVALID_OPERATION, "%s(mode = 0x%04x): patches need a tessellation evaluation shader and tessellation "
              "shaders need patches", fn, d.mode);
    return nullptr;
  }
  // 11.1.3.11: a program whose active samplers of different types share a texture unit cannot
  // draw (checked at every draw: glUniform1i changes the units after validation).
  if (program && program->executable && program->sampler_units.size() > 1) {
    std::map<GLint, std::uint32_t> unit_types;
    std::string log;
    if (!sampler_units_agree(*program, unit_types, log)) {
      ctx.error(GL_INVALID_OPERATION, "%s: %s", fn, log.c_str());
      return nullptr;
    }
  }
  if (!geometry_input_accepts(ctx, fn, d.mode, stages, program)) return nullptr;
  if (!check_transform_feedback_draw(ctx, fn, d.mode)) return nullptr;
  const GLenum status = draw_framebuffer_status(ctx);
  if (status != GL_FRAMEBUFFER_COMPLETE) {
    ctx.error(GL_INVALID_FRAMEBUFFER_OPERATION, "%s: the draw framebuffer is not complete (0x%04x)", fn, status);
    return nullptr;
  }
  for (GLuint i = 0; i < kMaxVertexAttribs; ++i) {
    const VertexAttribState& a = vao->attribs[i];
    if (a.enabled && mapped_for_draw(vao->bindings[a.binding].buffer)) {
      ctx.error(GL_INVALID_OPERATION, "%s: the buffer of attribute %u is mapped", fn, i);
      return nullptr;
    }
  }
  if (d.index_type) {
    const auto& elements = ctx.bound_buffers[kElementArrayTarget];
    if (mapped_for_draw(elements)) {
      ctx.error(GL_INVALID_OPERATION, "%s: the element array buffer is mapped", fn);
      return nullptr;
    }
    // No ELEMENT_ARRAY_BUFFER with a vertex array object bound: undefined in the core profile
    // (10.3.9). A pointer is read as client memory, as Mesa's drivers do and programs written
    // against them expect; a null one, an offset into no buffer, is refused rather than read.
    if (!elements && vao != ctx.default_vertex_array.get() && !d.indices) {
      ctx.error(GL_INVALID_OPERATION, "%s: no element array buffer is bound", fn);
      return nullptr;
    }
  }
  if (fixed_function) {
    // Without a GLSL program, enabled ARB vertex/fragment programs replace their stages.
    bool arb_active = false;
    ProgramObject* arb = program ? nullptr : arb_program_for_draw(ctx, fn, d.mode, arb_active);
    return arb_active ? arb : fixed_function_program(ctx, fn, d.mode);
  }
  if (!program->builtin_uniforms.empty()) write_builtin_uniforms(ctx, *program, d.mode);
  if (program->fixed_stages) return program_with_fixed_stage(ctx, fn, *program, d.mode);
  // Without a vertex shader a draw has no vertex stage for the device: undefined results in GL
  // (11.1), reported here instead (the compatibility profile's vertex-fragment pairs are completed
  // above; geometry-only and compute programs are not).
  if (!(stages & 1u << unsigned(glsl::Stage::Vertex))) {
    // A pipeline without a vertex program: undefined results (ARB_separate_shader_objects issue 7),
    // nothing drawn and no error.
    if (program->pipeline_stages) return nullptr;
    ctx.error(GL_INVALID_OPERATION, "%s: the program in use has no vertex shader", fn);
    return nullptr;
  }
  return program;
}

}  // namespace

void execute_draw(Context& ctx, const char* fn, const DrawParams& d) {
  ProgramObject* program = validate_draw(ctx, fn, d);
  if (!program || d.count == 0 || d.instance_count == 0) return;
  // 20.1, 20.2: nothing is rasterized in SELECT and FEEDBACK modes.
  if (ctx.legacy.render_mode != GL_RENDER) return select_feedback_draw(ctx, d);
  if (conditional_render_discards(ctx)) return;
  write_subroutine_selection(ctx, *program);
  DrawInputs inputs;
  if (!gather_draw_inputs(ctx, fn, *program, inputs)) return;
  st::DrawCall& call = inputs.call;
  call.mode = d.mode;
  call.patch_vertices = ctx.render.patch_vertices;
  call.first = d.first;
  call.count = d.count;
  call.instance_count = d.instance_count;
  call.base_vertex = d.base_vertex;
  call.base_instance = d.base_instance;
  call.index_type = d.index_type;
  if (d.index_type) {
    const auto& elements = ctx.bound_buffers[kElementArrayTarget];
    call.index_buffer = elements ? elements->resource.get() : nullptr;
    call.indices = reinterpret_cast<std::uintptr_t>(d.indices);
    if (elements && !elements->resource) return;  // an empty buffer: nothing to read (undefined in GL)
  }
  try {
    st::draw(ctx.st(), call);
  } catch (const st::DrawError& e) {
    ctx.error(GL_INVALID_OPERATION, "%s: %s", fn, e.what());
  }
}

namespace {

// A draw command: compiled into the display list being compiled (with its vertex data), executed
// otherwise or as well.
void draw(Context& ctx, const char* fn, const DrawParams& d) {
  if (ctx.legacy.compiling() && !compile_draw(ctx, fn, d)) return;
  execute_draw(ctx, fn, d);
}

// The indirect draws (10.4): the commands are read from DRAW_INDIRECT_BUFFER and each runs as its
// direct twin. `stride` 0 means tightly packed. Returns false after raising an error.
constexpr std::size_t kDrawIndirectTarget = 5;
static_assert(kBufferTargets[kDrawIndirectTarget] == GL_DRAW_INDIRECT_BUFFER);

// glMultiDraw*IndirectCount (GL 4.6 10.4, ARB_indirect_parameters): the number of commands is the
// GLsizei at an offset of PARAMETER_BUFFER, at most the call's maxdrawcount (`drawcount` here).
constexpr std::size_t kParameterBufferTarget = 14;
static_assert(kBufferTargets[kParameterBufferTarget] == GL_PARAMETER_BUFFER);
struct DrawCountSource {
  BufferObject* buffer;
  std::uint64_t offset;
};

// The checks of the parameter buffer and its offset; false after raising an error.
bool check_draw_count_source(Context& ctx, const char* fn, GLintptr offset, GLsizei maxdrawcount,
                             DrawCountSource& source) {
  if (offset % 4 || offset < 0) {
    ctx.error(GL_INVALID_VALUE, "%s(drawcount = %lld): not a non-negative multiple of 4", fn,
              static_cast<long long>(offset));
    return false;
  }
  if (maxdrawcount < 0) {
    ctx.error(GL_INVALID_VALUE, "%s(maxdrawcount = %d): negative", fn, maxdrawcount);
    return false;
  }
  const std::shared_ptr<BufferObject>& buffer = ctx.bound_buffers[kParameterBufferTarget];
  if (!buffer) {
    ctx.error(GL_INVALID_OPERATION, "%s: no PARAMETER_BUFFER is bound", fn);
    return false;
  }
  if (mapped_for_draw(buffer)) {
    ctx.error(GL_INVALID_OPERATION, "%s: the parameter buffer is mapped", fn);
    return false;
  }
  if (std::uint64_t(offset) + 4 > std::uint64_t(buffer->size) || !buffer->resource) {
    ctx.error(GL_INVALID_OPERATION, "%s(drawcount = %lld): the count lies beyond the parameter buffer", fn,
              static_cast<long long>(offset));
    return false;
  }
  source = {buffer.get(), std::uint64_t(offset)};
  return true;
}

// Reads `drawcount` commands (validated for all of them); with `count_source`, only as many as
// the parameter buffer says, when fewer (the buffer is read once every check passed).
bool read_indirect(Context& ctx, const char* fn, const void* indirect, GLsizei drawcount, GLsizei stride,
                   std::size_t command_words, std::vector<GLuint>& words,
                   const DrawCountSource* count_source = nullptr) {
  if (drawcount < 0) {
    ctx.error(GL_INVALID_VALUE, "%s(drawcount = %d): negative", fn, drawcount);
    return false;
  }
  if (stride < 0 || stride % 4) {
    ctx.error(GL_INVALID_VALUE, "%s(stride = %d): not a non-negative multiple of 4", fn, stride);
    return false;
  }
  const auto offset = std::uintptr_t(indirect);
  if (offset % 4) {
    ctx.error(GL_INVALID_VALUE, "%s(indirect = %lu): not a multiple of 4", fn, static_cast<unsigned long>(offset));
    return false;
  }
  const std::shared_ptr<BufferObject>& buffer = ctx.bound_buffers[kDrawIndirectTarget];
  if (!buffer) {
    ctx.error(GL_INVALID_OPERATION, "%s: no DRAW_INDIRECT_BUFFER is bound", fn);
    return false;
  }
  if (mapped_for_draw(buffer)) {
    ctx.error(GL_INVALID_OPERATION, "%s: the indirect buffer is mapped", fn);
    return false;
  }
  const std::uint64_t step = stride ? std::uint64_t(stride) : command_words * 4;
  const formats::CheckedSize end =
      drawcount ? formats::CheckedSize(offset) + formats::CheckedSize(step) * (drawcount - 1) + command_words * 4
                : formats::CheckedSize(offset);
  if (!end.fits(std::uint64_t(buffer->size)) || (drawcount && !buffer->resource)) {
    ctx.error(GL_INVALID_OPERATION, "%s: the commands reach beyond the indirect buffer", fn);
    return false;
  }
  if (count_source) {
    // The range was checked for maxdrawcount commands (the count is not known before the read).
    GLint count = 0;
    ctx.st().buffer_read(*count_source->buffer->resource, count_source->offset, 4, &count);
    drawcount = std::clamp(count, 0, drawcount);
  }
  words.assign(std::size_t(drawcount) * command_words, 0);
  for (GLsizei i = 0; i < drawcount; ++i)
    ctx.st().buffer_read(*buffer->resource, offset + step * std::uint64_t(i), command_words * 4,
                         words.data() + std::size_t(i) * command_words);
  return true;
}

void draw_arrays_indirect(Context& ctx, const char* fn, GLenum mode, const void* indirect, GLsizei drawcount,
                          GLsizei stride, const GLintptr* count_offset = nullptr) {
  std::vector<GLuint> w;  // count, instanceCount, first, baseInstance
  if (!valid_draw_mode(ctx, mode)) return ctx.error(GL_INVALID_ENUM, "%s(mode = 0x%04x): not a primitive mode", fn, mode);
  DrawCountSource source{};
  if (count_offset && !check_draw_count_source(ctx, fn, *count_offset, drawcount, source)) return;
  if (!read_indirect(ctx, fn, indirect, drawcount, stride, 4, w, count_offset ? &source : nullptr)) return;
  for (std::size_t i = 0; i + 4 <= w.size(); i += 4)
    draw(ctx, fn, {mode, GLint(w[i + 2]), GLsizei(w[i]), GLsizei(w[i + 1]), 0, w[i + 3]});
}


void draw_elements_indirect(Context& ctx, const char* fn, GLenum mode, GLenum type, const void* indirect,
                            GLsizei drawcount, GLsizei stride, const GLintptr* count_offset = nullptr) {
  std::vector<GLuint> w;  // count, instanceCount, firstIndex, baseVertex, baseInstance
  if (!valid_draw_mode(ctx, mode)) return ctx.error(GL_INVALID_ENUM, "%s(mode = 0x%04x): not a primitive mode", fn, mode);
  if (!is_index_type(type)) return ctx.error(GL_INVALID_ENUM, "%s(type = 0x%04x): not an index type", fn, type);
  if (!ctx.bound_buffers[kElementArrayTarget]) return ctx.error(GL_INVALID_OPERATION, "%s: no element array buffer is bound", fn);
  DrawCountSource source{};
  if (count_offset && !check_draw_count_source(ctx, fn, *count_offset, drawcount, source)) return;
  if (!read_indirect(ctx, fn, indirect, drawcount, stride, 5, w, count_offset ? &source : nullptr)) return;
  for (std::size_t i = 0; i + 5 <= w.size(); i += 5) {
    const void* indices = reinterpret_cast<const void*>(std::uintptr_t(w[i + 2]) * index_size(type));
    draw(ctx, fn, {mode, 0, GLsizei(w[i]), GLsizei(w[i + 1]), GLint(w[i + 3]), w[i + 4], type, indices});
  }
}

bool check_index_type(Context& ctx, const char* fn, GLenum type) {
  if (is_index_type(type)) return true;
  ctx.error(GL_INVALID_ENUM, "%s(type = 0x%04x): not an index type", fn, type);
  return false;
}

}  // namespace

std::size_t index_size(GLenum type) { return type == GL_UNSIGNED_BYTE ? 1 : type == GL_UNSIGNED_SHORT ? 2 : 4; }

void draw_arrays(Context& ctx, const char* fn, GLenum mode, GLint first, GLsizei count) {
  execute_draw(ctx, fn, {mode, first, count});
}

namespace api {

void DrawArrays(Context& ctx, const char* fn, GLenum mode, GLint first, GLsizei count) {
  draw(ctx, fn, {mode, first, count});
}

void DrawArraysInstanced(Context& ctx, const char* fn, GLenum mode, GLint first, GLsizei count, GLsizei instances) {
  draw(ctx, fn, {mode, first, count, instances});
}

void DrawArraysInstancedBaseInstance(Context& ctx, const char* fn, GLenum mode, GLint first, GLsizei count,
                                     GLsizei instances, GLuint base_instance) {
  draw(ctx, fn, {mode, first, count, instances, 0, base_instance});
}

void DrawElements(Context& ctx, const char* fn, GLenum mode, GLsizei count, GLenum type, const void* indices) {
  if (!check_index_type(ctx, fn, type)) return;
  draw(ctx, fn, {mode, 0, count, 1, 0, 0, type, indices});
}

void DrawElementsBaseVertex(Context& ctx, const char* fn, GLenum mode, GLsizei count, GLenum type,
                            const void* indices, GLint base_vertex) {
  if (!check_index_type(ctx, fn, type)) return;
  draw(ctx, fn, {mode, 0, count, 1, base_vertex, 0, type, indices});
}

void DrawRangeElements(Context& ctx, const char* fn, GLenum mode, GLuint start, GLuint end, GLsizei count, GLenum type,
                       const void* indices) {
  if (end < start) return ctx.error(GL_INVALID_VALUE, "%s(start = %u, end = %u): end < start", fn, start, end);
  if (!check_index_type(ctx, fn, type)) return;
  draw(ctx, fn, {mode, 0, count, 1, 0, 0, type, indices});
}

void DrawRangeElementsBaseVertex(Context& ctx, const char* fn, GLenum mode, GLuint start, GLuint end, GLsizei count,
                                 GLenum type, const void* indices, GLint base_vertex) {
  if (end < start) return ctx.error(GL_INVALID_VALUE, "%s(start = %u, end = %u): end < start", fn, start, end);
  if (!check_index_type(ctx, fn, type)) return;
  draw(ctx, fn, {mode, 0, count, 1, base_vertex, 0, type, indices});
}

void DrawElementsInstanced(Context& ctx, const char* fn, GLenum mode, GLsizei count, GLenum type, const void* indices,
                           GLsizei instances) {
  if (!check_index_type(ctx, fn, type)) return;
  draw(ctx, fn, {mode, 0, count, instances, 0, 0, type, indices});
}

void DrawElementsInstancedBaseVertex(Context& ctx, const char* fn, GLenum mode, GLsizei count, GLenum type,
                                     const void* indices, GLsizei instances, GLint base_vertex) {
  if (!check_index_type(ctx, fn, type)) return;
  draw(ctx, fn, {mode, 0, count, instances, base_vertex, 0, type, indices});
}

void DrawElementsInstancedBaseInstance(Context& ctx, const char* fn, GLenum mode, GLsizei count, GLenum type,
                                       const void* indices, GLsizei instances, GLuint base_instance) {
  if (!check_index_type(ctx, fn, type)) return;
  draw(ctx, fn, {mode, 0, count, instances, 0, base_instance, type, indices});
}

void DrawElementsInstancedBaseVertexBaseInstance(Context& ctx, const char* fn, GLenum mode, GLsizei count, GLenum type,
                                                 const void* indices, GLsizei instances, GLint base_vertex,
                                                 GLuint base_instance) {
  if (!check_index_type(ctx, fn, type)) return;
  draw(ctx, fn, {mode, 0, count, instances, base_vertex, base_instance, type, indices});
}

// The multi-draw commands' per-draw values checked before anything is drawn: a command that
// raises an error has no effect (GL 4.6 2.3.1), so a negative count (or first) of the last draw
// leaves the earlier ones undrawn too.
static bool multi_draw_values_valid(Context& ctx, const char* fn, const GLint* first, const GLsizei* count,
                                    GLsizei drawcount) {
  for (GLsizei i = 0; i < drawcount; ++i) {
    if (count && count[i] < 0) {
      ctx.error(GL_INVALID_VALUE, "%s(count[%d] = %d): negative", fn, i, count[i]);
      return false;
    }
    if (first && first[i] < 0) {
      ctx.error(GL_INVALID_VALUE, "%s(first[%d] = %d): negative", fn, i, first[i]);
      return false;
    }
  }
  return true;
}

void MultiDrawArrays(Context& ctx, const char* fn, GLenum mode, const GLint* first, const GLsizei* count,
                     GLsizei drawcount) {
  if (drawcount < 0) return ctx.error(GL_INVALID_VALUE, "%s(drawcount = %d): negative", fn, drawcount);
  if (!multi_draw_values_valid(ctx, fn, first, count, drawcount)) return;
  for (GLsizei i = 0; i < drawcount; ++i) draw(ctx, fn, {mode, first[i], count[i]});
}

void MultiDrawElements(Context& ctx, const char* fn, GLenum mode, const GLsizei* count, GLenum type,
                       const void* const* indices, GLsizei drawcount) {
  if (drawcount < 0) return ctx.error(GL_INVALID_VALUE, "%s(drawcount = %d): negative", fn, drawcount);
  if (!check_index_type(ctx, fn, type) || !multi_draw_values_valid(ctx, fn, nullptr, count, drawcount)) return;
  for (GLsizei i = 0; i < drawcount; ++i) draw(ctx, fn, {mode, 0, count[i], 1, 0, 0, type, indices[i]});
}

void MultiDrawElementsBaseVertex(Context& ctx, const char* fn, GLenum mode, const GLsizei* count, GLenum type,
                                 const void* const* indices, GLsizei drawcount, const GLint* base_vertex) {
  if (drawcount < 0) return ctx.error(GL_INVALID_VALUE, "%s(drawcount = %d): negative", fn, drawcount);
  if (!check_index_type(ctx, fn, type) || !multi_draw_values_valid(ctx, fn, nullptr, count, drawcount)) return;
  for (GLsizei i = 0; i < drawcount; ++i) draw(ctx, fn, {mode, 0, count[i], 1, base_vertex[i], 0, type, indices[i]});
}

// glDrawTransformFeedback* (ARB_transform_feedback2/3, GL 4.6 10.4 and 13.3.3): DrawArrays(Instanced)
// of the vertices the object's last capture wrote to vertex stream `stream`, counted as the bytes
// its first written buffer of that stream received over the capturing program's stride for it
// (none when no buffer captured that stream). The count is read back on the CPU (one wait), so
// every primitive and every lowering works as for DrawArrays.
static void draw_transform_feedback(Context& ctx, const char* fn, GLenum mode, GLuint id, GLuint stream,
                                    GLsizei instances) {
  Context::TransformFeedbackObject* x = nullptr;
  if (id == 0) {
    x = &ctx.default_transform_feedback;
  } else if (auto found = ctx.transform_feedbacks.find(id); found != ctx.transform_feedbacks.end() &&
                                                            found->second->bound_once) {
    x = found->second.get();
  }
  if (!x) return ctx.error(GL_INVALID_VALUE, "%s(id = %u): not a transform feedback object", fn, id);
  if (stream >= max_vertex_streams(ctx))
    return ctx.error(GL_INVALID_VALUE, "%s(stream = %u): not below MAX_VERTEX_STREAMS (%u)", fn, stream,
                     max_vertex_streams(ctx));
  if (instances < 0) return ctx.error(GL_INVALID_VALUE, "%s(instancecount = %d): negative", fn, instances);
  if (!x->ended_once)
    return ctx.error(GL_INVALID_OPERATION, "%s(id = %u): glEndTransformFeedback was never called for it", fn, id);
  GLsizei count = 0;
  for (unsigned b = 0; b < x->capture_strides.size(); ++b) {
    if (x->capture_strides[b] == 0 || x->capture_streams[b] != stream) continue;
    const std::uint64_t bytes =
        x->counters ? st::transform_feedback_bytes_written(ctx.st(), *x->counters, b) : 0;
    count = GLsizei(std::min<std::uint64_t>(bytes / x->capture_strides[b], std::uint64_t(INT32_MAX)));
    break;
  }
  draw(ctx, fn, {mode, 0, count, instances});
}

void DrawTransformFeedback(Context& ctx, const char* fn, GLenum mode, GLuint id) {
  draw_transform_feedback(ctx, fn, mode, id, 0, 1);
}

void DrawTransformFeedbackInstanced(Context& ctx, const char* fn, GLenum mode, GLuint id, GLsizei instancecount) {
  draw_transform_feedback(ctx, fn, mode, id, 0, instancecount);
}

void DrawTransformFeedbackStream(Context& ctx, const char* fn, GLenum mode, GLuint id, GLuint stream) {
  draw_transform_feedback(ctx, fn, mode, id, stream, 1);
}

void DrawTransformFeedbackStreamInstanced(Context& ctx, const char* fn, GLenum mode, GLuint id, GLuint stream,
                                          GLsizei instancecount) {
  draw_transform_feedback(ctx, fn, mode, id, stream, instancecount);
}

void DrawArraysIndirect(Context& ctx, const char* fn, GLenum mode, const void* indirect) {
  draw_arrays_indirect(ctx, fn, mode, indirect, 1, 0);
}

void DrawElementsIndirect(Context& ctx, const char* fn, GLenum mode, GLenum type, const void* indirect) {
  draw_elements_indirect(ctx, fn, mode, type, indirect, 1, 0);
}

void MultiDrawArraysIndirect(Context& ctx, const char* fn, GLenum mode, const void* indirect, GLsizei drawcount,
                             GLsizei stride) {
  draw_arrays_indirect(ctx, fn, mode, indirect, drawcount, stride);
}

void MultiDrawElementsIndirect(Context& ctx, const char* fn, GLenum mode, GLenum type, const void* indirect,
                               GLsizei drawcount, GLsizei stride) {
  draw_elements_indirect(ctx, fn, mode, type, indirect, drawcount, stride);
}

// The count is read on the CPU like the commands themselves (every indirect draw of glvk runs as
// its direct twins, so lowerings and client arrays apply), waiting for earlier GPU writes to it.
void MultiDrawArraysIndirectCount(Context& ctx, const char* fn, GLenum mode, const void* indirect, GLintptr drawcount,
                                  GLsizei maxdrawcount, GLsizei stride) {
  draw_arrays_indirect(ctx, fn, mode, indirect, maxdrawcount, stride, &drawcount);
}

void MultiDrawElementsIndirectCount(Context& ctx, const char* fn, GLenum mode, GLenum type, const void* indirect,
                                    GLintptr drawcount, GLsizei maxdrawcount, GLsizei stride) {
  draw_elements_indirect(ctx, fn, mode, type, indirect, maxdrawcount, stride, &drawcount);
}

}  // namespace api
}  // namespace glvk::gl
