// Transform feedback (GL 4.6 13.3): the capture list of programs (glTransformFeedbackVaryings,
// glGetTransformFeedbackVarying; the layout itself is computed at link by src/glsl), transform
// feedback objects and their TRANSFORM_FEEDBACK_BUFFER bindings, begin/end/pause/resume with the
// errors the section names, and the state glGet reports.
#include <algorithm>
#include <string_view>

#include "api_common.h"
#include "draw_inputs.h"
#include "glvk/st/context.h"
#include "glvk/st/draw.h"
#include "glvk/st/shader_limits.h"
#include "program_lookup.h"
#include "state_query.h"

namespace glvk::gl {
namespace {

using XfbObject = Context::TransformFeedbackObject;

// The object a DSA command names (0: the default object), or null after INVALID_OPERATION.
XfbObject* named_transform_feedback(Context& ctx, GLuint xfb, const char* fn) {
  if (xfb == 0) return &ctx.default_transform_feedback;
  auto found = ctx.transform_feedbacks.find(xfb);
  if (found == ctx.transform_feedbacks.end() || !found->second->bound_once) {
    ctx.error(GL_INVALID_OPERATION, "%s(xfb = %u): not a transform feedback object", fn, xfb);
    return nullptr;
  }
  return found->second.get();
}

// TRANSFORM_FEEDBACK_BUFFER_BINDING/START/SIZE of one object; false for another pname.
bool buffer_binding_value(const XfbObject& x, GLenum pname, GLuint index, GLint64& out) {
  const Context::IndexedBufferBinding& b = x.buffers[index];
  switch (pname) {
    case GL_TRANSFORM_FEEDBACK_BUFFER_BINDING: out = b.buffer ? GLint64(b.buffer->name) : 0; return true;
    case GL_TRANSFORM_FEEDBACK_BUFFER_START: out = b.buffer ? GLint64(b.offset) : 0; return true;
    case GL_TRANSFORM_FEEDBACK_BUFFER_SIZE: out = b.buffer ? GLint64(b.size) : 0; return true;
    default: return false;
  }
}

// The program whose last vertex-processing stage feeds the capture (the one in use, else the bound
// pipeline's program for that stage).
const glsl::Program* capturing_program(Context& ctx) {
  const std::shared_ptr<ProgramObject> p = vertex_processing_program(ctx);
  return p ? p->reflection() : nullptr;
}

// GL 4.6 22.4: the 32-bit form reports the binding, the 64-bit one the range's start and size.
template <typename T>
void get_transform_feedback_indexed(Context& ctx, const char* fn, GLuint xfb, GLenum pname, GLuint index, T* param) {
  XfbObject* x = named_transform_feedback(ctx, xfb, fn);
  if (!x) return;
  GLint64 value = 0;
  const bool valid = sizeof(T) == sizeof(GLint)
                         ? pname == GL_TRANSFORM_FEEDBACK_BUFFER_BINDING
                         : pname == GL_TRANSFORM_FEEDBACK_BUFFER_START || pname == GL_TRANSFORM_FEEDBACK_BUFFER_SIZE;
  if (!valid)
    return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a parameter this command reports", fn, pname);
  if (index >= glsl::kMaxXfbBuffers)
    return ctx.error(GL_INVALID_VALUE, "%s(index = %u): beyond MAX_TRANSFORM_FEEDBACK_BUFFERS", fn, index);
  buffer_binding_value(*x, pname, index, value);
  if (param) *param = T(value);
}

}  // namespace

bool transform_feedback_uses(Context& ctx, const ProgramObject& program) {
  auto uses = [&](const XfbObject& x) { return x.active && x.program.get() == &program; };
  if (uses(ctx.default_transform_feedback)) return true;
  for (const auto& [name, x] : ctx.transform_feedbacks)
    if (uses(*x)) return true;
  return false;
}

bool check_transform_feedback_draw(Context& ctx, const char* fn, GLenum mode) {
  const XfbObject& x = ctx.current_transform_feedback();
  if (!x.active || x.paused) return true;
  // With a geometry or tessellation stage the capture takes that stage's output primitives.
  const glsl::Program* r = capturing_program(ctx);
  if (r && (r->stages & ((1u << unsigned(glsl::Stage::Geometry)) | (1u << unsigned(glsl::Stage::TessEvaluation)))))
    return true;
  GLenum kind = GL_NONE;
  switch (mode) {
    case GL_POINTS: kind = GL_POINTS; break;
    case GL_LINES: case GL_LINE_LOOP: case GL_LINE_STRIP: case GL_LINES_ADJACENCY: case GL_LINE_STRIP_ADJACENCY:
      kind = GL_LINES; break;
    case GL_TRIANGLES: case GL_TRIANGLE_STRIP: case GL_TRIANGLE_FAN: case GL_TRIANGLES_ADJACENCY:
    case GL_TRIANGLE_STRIP_ADJACENCY:
      kind = GL_TRIANGLES; break;
    default: break;
  }
  if (kind == x.primitive_mode) return true;
  ctx.error(GL_INVALID_OPERATION, "%s(mode = 0x%04x): transform feedback captures primitives of mode 0x%04x (13.3)", fn,
            mode, x.primitive_mode);
  return false;
}

GLuint max_vertex_streams(Context& ctx) {
  return st::shader_limits(ctx.st().screen()).vertex_streams;  // at most kMaxVertexStreams
}

bool query_transform_feedback_state(Context& ctx, GLenum pname, StateValue& value) {
  const XfbObject& x = ctx.current_transform_feedback();
  switch (pname) {
    case GL_TRANSFORM_FEEDBACK_BINDING: value.set_integers({GLint64(x.name)}); return true;
    case GL_TRANSFORM_FEEDBACK_ACTIVE: value.set_integers({x.active}); return true;
    case GL_TRANSFORM_FEEDBACK_PAUSED: value.set_integers({x.paused}); return true;
    case GL_MAX_TRANSFORM_FEEDBACK_BUFFERS: value.set_integers({glsl::kMaxXfbBuffers}); return true;
    case GL_MAX_VERTEX_STREAMS: value.set_integers({max_vertex_streams(ctx)}); return true;
    case GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS: value.set_integers({glsl::kMaxXfbInterleavedComponents}); return true;
    case GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS: value.set_integers({glsl::kMaxXfbSeparateAttribs}); return true;
    case GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS: value.set_integers({glsl::kMaxXfbSeparateComponents}); return true;
    default: return false;
  }
}

bool query_transform_feedback_indexed(Context& ctx, GLenum pname, GLuint index, StateValue& value, bool& raised,
                                      const char* fn) {
  GLint64 v = 0;
  if (!buffer_binding_value(ctx.default_transform_feedback, pname, 0, v)) return false;
  if (index >= glsl::kMaxXfbBuffers) {
    ctx.error(GL_INVALID_VALUE, "%s(index = %u): beyond MAX_TRANSFORM_FEEDBACK_BUFFERS", fn, index);
    raised = true;
    return true;
  }
  buffer_binding_value(ctx.current_transform_feedback(), pname, index, v);
  value.set_integers({v});
  return true;
}

namespace api {

void TransformFeedbackVaryings(Context& ctx, const char* fn, GLuint program, GLsizei count,
                               const GLchar* const* varyings, GLenum buffer_mode) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return;
  if (count < 0) return ctx.error(GL_INVALID_VALUE, "%s(count = %d): negative", fn, count);
  if (buffer_mode != GL_INTERLEAVED_ATTRIBS && buffer_mode != GL_SEPARATE_ATTRIBS)
    return ctx.error(GL_INVALID_ENUM, "%s(bufferMode = 0x%04x): not INTERLEAVED_ATTRIBS or SEPARATE_ATTRIBS", fn,
                     buffer_mode);
  if (buffer_mode == GL_SEPARATE_ATTRIBS && GLuint(count) > glsl::kMaxXfbSeparateAttribs)
    return ctx.error(GL_INVALID_VALUE, "%s(count = %d): beyond MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS", fn, count);
  if (count > 0 && !varyings) return ctx.error(GL_INVALID_VALUE, "%s: varyings is null", fn);
  // ARB_transform_feedback3: gl_NextBuffer and gl_SkipComponents1-4 arrange interleaved capture
  // only, and each gl_NextBuffer opens the next of MAX_TRANSFORM_FEEDBACK_BUFFERS buffers.
  GLuint next_buffers = 0;
  for (GLsizei i = 0; i < count; ++i) {
    const std::string_view name = varyings[i] ? varyings[i] : "";
    const bool next_buffer = name == "gl_NextBuffer";
    next_buffers += next_buffer;
    if (buffer_mode == GL_SEPARATE_ATTRIBS && (next_buffer || name.starts_with("gl_SkipComponents")))
      return ctx.error(GL_INVALID_OPERATION, "%s: %s arranges interleaved capture only", fn, varyings[i]);
  }
  if (next_buffers >= glsl::kMaxXfbBuffers)
    return ctx.error(GL_INVALID_OPERATION, "%s: %u gl_NextBuffer, MAX_TRANSFORM_FEEDBACK_BUFFERS is %u", fn,
                     next_buffers, glsl::kMaxXfbBuffers);
  p->xfb_varyings.clear();
  for (GLsizei i = 0; i < count; ++i) p->xfb_varyings.emplace_back(varyings[i] ? varyings[i] : "");
  p->xfb_buffer_mode = buffer_mode;
}

void GetTransformFeedbackVarying(Context& ctx, const char* fn, GLuint program, GLuint index, GLsizei buf_size,
                                 GLsizei* length, GLsizei* size, GLenum* type, GLchar* name) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return;
  const glsl::Program* r = p->reflection();
  if (!r || index >= r->xfb_varyings.size())
    return ctx.error(GL_INVALID_VALUE, "%s(index = %u): beyond TRANSFORM_FEEDBACK_VARYINGS", fn, index);
  if (buf_size < 0) return ctx.error(GL_INVALID_VALUE, "%s(bufSize = %d): negative", fn, buf_size);
  const glsl::XfbVarying& v = r->xfb_varyings[index];
  copy_string_out(v.name, buf_size, length, name);
  if (size) *size = GLsizei(v.size);
  if (type) *type = v.gl_type;
}

void GenTransformFeedbacks(Context& ctx, const char* fn, GLsizei n, GLuint* ids) {
  if (n < 0) return ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", fn, n);
  for (GLsizei i = 0; i < n && ids; ++i) {
    while (ctx.transform_feedbacks.count(ctx.next_transform_feedback_name) || ctx.next_transform_feedback_name == 0)
      ++ctx.next_transform_feedback_name;
    const GLuint name = ctx.next_transform_feedback_name++;
    auto object = std::make_shared<XfbObject>();
    object->name = name;
    ctx.transform_feedbacks[name] = std::move(object);
    ids[i] = name;
  }
}

void CreateTransformFeedbacks(Context& ctx, const char* fn, GLsizei n, GLuint* ids) {
  GenTransformFeedbacks(ctx, fn, n, ids);
  for (GLsizei i = 0; i < n && ids; ++i) ctx.transform_feedbacks[ids[i]]->bound_once = true;
}

void BindTransformFeedback(Context& ctx, const char* fn, GLenum target, GLuint id) {
  if (target != GL_TRANSFORM_FEEDBACK)
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not TRANSFORM_FEEDBACK", fn, target);
  if (ctx.transform_feedback_capturing())
    return ctx.error(GL_INVALID_OPERATION, "%s: the bound transform feedback is active and not paused", fn);
  std::shared_ptr<XfbObject> next;
  if (id) {
    auto found = ctx.transform_feedbacks.find(id);
    if (found == ctx.transform_feedbacks.end())
      return ctx.error(GL_INVALID_OPERATION, "%s(%u): not a name from glGenTransformFeedbacks", fn, id);
    next = found->second;
    next->bound_once = true;
  }
  ctx.bound_transform_feedback = std::move(next);
}

void DeleteTransformFeedbacks(Context& ctx, const char* fn, GLsizei n, const GLuint* ids) {
  if (n < 0) return ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", fn, n);
  for (GLsizei i = 0; i < n && ids; ++i) {
    auto found = ctx.transform_feedbacks.find(ids[i]);
    if (ids[i] != 0 && found != ctx.transform_feedbacks.end() && found->second->active)
      return ctx.error(GL_INVALID_OPERATION, "%s(%u): the transform feedback object is active", fn, ids[i]);
  }
  for (GLsizei i = 0; i < n && ids; ++i) {
    auto found = ctx.transform_feedbacks.find(ids[i]);
    if (ids[i] == 0 || found == ctx.transform_feedbacks.end()) continue;
    if (ctx.bound_transform_feedback == found->second) ctx.bound_transform_feedback = nullptr;
    ctx.transform_feedbacks.erase(found);
  }
}

GLboolean IsTransformFeedback(Context& ctx, const char*, GLuint id) {
  auto found = ctx.transform_feedbacks.find(id);
  return id && found != ctx.transform_feedbacks.end() && found->second->bound_once ? GL_TRUE : GL_FALSE;
}

void TransformFeedbackBufferBase(Context& ctx, const char* fn, GLuint xfb, GLuint index, GLuint buffer) {
  if (XfbObject* x = named_transform_feedback(ctx, xfb, fn))
    bind_indexed_buffer(ctx, fn, GL_TRANSFORM_FEEDBACK_BUFFER, index, buffer, 0, 0, false, x);
}

void TransformFeedbackBufferRange(Context& ctx, const char* fn, GLuint xfb, GLuint index, GLuint buffer,
                                  GLintptr offset, GLsizeiptr size) {
  if (XfbObject* x = named_transform_feedback(ctx, xfb, fn))
    bind_indexed_buffer(ctx, fn, GL_TRANSFORM_FEEDBACK_BUFFER, index, buffer, offset, size, true, x);
}

void GetTransformFeedbackiv(Context& ctx, const char* fn, GLuint xfb, GLenum pname, GLint* param) {
  XfbObject* x = named_transform_feedback(ctx, xfb, fn);
  if (!x) return;
  GLint value = 0;
  switch (pname) {
    case GL_TRANSFORM_FEEDBACK_PAUSED: value = x->paused; break;
    case GL_TRANSFORM_FEEDBACK_ACTIVE: value = x->active; break;
    default: return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a transform feedback parameter", fn, pname);
  }
  if (param) *param = value;
}

void GetTransformFeedbacki_v(Context& ctx, const char* fn, GLuint xfb, GLenum pname, GLuint index, GLint* param) {
  get_transform_feedback_indexed(ctx, fn, xfb, pname, index, param);
}

void GetTransformFeedbacki64_v(Context& ctx, const char* fn, GLuint xfb, GLenum pname, GLuint index,
                               GLint64* param) {
  get_transform_feedback_indexed(ctx, fn, xfb, pname, index, param);
}

void BeginTransformFeedback(Context& ctx, const char* fn, GLenum primitive_mode) {
  if (primitive_mode != GL_POINTS && primitive_mode != GL_LINES && primitive_mode != GL_TRIANGLES)
    return ctx.error(GL_INVALID_ENUM, "%s(primitiveMode = 0x%04x): not POINTS, LINES or TRIANGLES", fn,
                     primitive_mode);
  XfbObject& x = ctx.current_transform_feedback();
  if (x.active) return ctx.error(GL_INVALID_OPERATION, "%s: transform feedback is already active", fn);
  const glsl::Program* r = capturing_program(ctx);
  if (!r || !(r->stages & ((1u << unsigned(glsl::Stage::Vertex)) | (1u << unsigned(glsl::Stage::Geometry)) |
                           (1u << unsigned(glsl::Stage::TessEvaluation)))))
    return ctx.error(GL_INVALID_OPERATION, "%s: no program with a vertex-processing stage is in use", fn);
  if (r->xfb_varyings.empty())
    return ctx.error(GL_INVALID_OPERATION, "%s: the program in use captures no varyings", fn);
  for (std::uint32_t b = 0; b < glsl::kMaxXfbBuffers; ++b)
    if (r->xfb_strides[b] != 0 && !x.buffers[b].buffer)
      return ctx.error(GL_INVALID_OPERATION, "%s: no buffer is bound to TRANSFORM_FEEDBACK_BUFFER %u", fn, b);
  if (!st::shader_limits(ctx.st().screen()).transform_feedback)
    return ctx.error(GL_INVALID_OPERATION,
                     "%s: the device cannot capture transform feedback (no VK_EXT_transform_feedback)", fn);
  if (!x.counters) x.counters = st::make_transform_feedback_counters();
  st::restart_transform_feedback(*x.counters);
  x.active = true;
  x.paused = false;
  x.primitive_mode = primitive_mode;
  x.program = vertex_processing_program(ctx);
  std::copy(std::begin(r->xfb_strides), std::end(r->xfb_strides), x.capture_strides.begin());
  x.capture_streams.fill(0);
  for (const glsl::XfbVarying& v : r->xfb_varyings) x.capture_streams[v.buffer] = v.stream;
}

void EndTransformFeedback(Context& ctx, const char* fn) {
  XfbObject& x = ctx.current_transform_feedback();
  if (!x.active) return ctx.error(GL_INVALID_OPERATION, "%s: transform feedback is not active", fn);
  x.active = false;
  x.paused = false;
  x.program = nullptr;
  x.ended_once = true;
}

void PauseTransformFeedback(Context& ctx, const char* fn) {
  XfbObject& x = ctx.current_transform_feedback();
  if (!x.active || x.paused) return ctx.error(GL_INVALID_OPERATION, "%s: transform feedback is not active or paused", fn);
  x.paused = true;
}

void ResumeTransformFeedback(Context& ctx, const char* fn) {
  XfbObject& x = ctx.current_transform_feedback();
  if (!x.active || !x.paused) return ctx.error(GL_INVALID_OPERATION, "%s: transform feedback is not paused", fn);
  if (vertex_processing_program(ctx) != x.program)
    return ctx.error(GL_INVALID_OPERATION, "%s: the program in use is not the one the capture began with", fn);
  x.paused = false;
}

}  // namespace api
}  // namespace glvk::gl
