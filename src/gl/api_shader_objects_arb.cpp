// GL_ARB_shader_objects' commands that are not GL 2.0's under another name (the generator aliases
// the rest, gen_gl_dispatch.py's SHADER_OBJECT_ALIASES; glShaderSourceARB differs in constness only): one handle names a shader or a program,
// and these take either. Legacy programs test for the ARB extensions before using GLSL.
#include "api_common.h"
#include "program_lookup.h"

namespace glvk::gl::api {
namespace {

enum class HandleKind { None, Shader, Program };

HandleKind handle_kind(Context& ctx, GLhandleARB handle) {
  ShareGroup& group = ctx.share_group();
  std::lock_guard lock(group.mutex);
  if (group.shaders.count(handle)) return HandleKind::Shader;
  if (group.programs.count(handle)) return HandleKind::Program;
  return HandleKind::None;
}

}  // namespace

// ARB_shader_objects 2.14.1: deletes whichever object the handle names; 0 is ignored silently.
void DeleteObjectARB(Context& ctx, const char* fn, GLhandleARB obj) {
  if (obj == 0) return;
  switch (handle_kind(ctx, obj)) {
    case HandleKind::Shader: return DeleteShader(ctx, fn, obj);
    case HandleKind::Program: return DeleteProgram(ctx, fn, obj);
    case HandleKind::None: return ctx.error(GL_INVALID_VALUE, "%s(%u): not a shader or program object", fn, obj);
  }
}

void ShaderSourceARB(Context& ctx, const char* fn, GLhandleARB shader, GLsizei count, const GLcharARB** string,
                     const GLint* length) {
  ShaderSource(ctx, fn, shader, count, string, length);
}

// PROGRAM_OBJECT_ARB: the program in use (0 when none).
GLhandleARB GetHandleARB(Context& ctx, const char* fn, GLenum pname) {
  if (pname != GL_PROGRAM_OBJECT_ARB) {
    ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): only GL_PROGRAM_OBJECT_ARB", fn, pname);
    return 0;
  }
  return ctx.current_program ? ctx.current_program->name : 0;
}

void GetInfoLogARB(Context& ctx, const char* fn, GLhandleARB obj, GLsizei max_length, GLsizei* length,
                   GLcharARB* info_log) {
  switch (handle_kind(ctx, obj)) {
    case HandleKind::Shader: return GetShaderInfoLog(ctx, fn, obj, max_length, length, info_log);
    case HandleKind::Program: return GetProgramInfoLog(ctx, fn, obj, max_length, length, info_log);
    case HandleKind::None: return ctx.error(GL_INVALID_VALUE, "%s(%u): not a shader or program object", fn, obj);
  }
}

// The object's type and subtype, else the GL 2.0 query of its kind: OBJECT_*_ARB names equal the
// GL 2.0 ones (OBJECT_COMPILE_STATUS_ARB is COMPILE_STATUS, ...). A name the object's kind does not
// take is INVALID_OPERATION (ARB_shader_objects' errors), not the GL 2.0 query's INVALID_ENUM.
// False after raising the error; the GL 2.0 query then cannot fail.
static bool object_parameter(Context& ctx, const char* fn, GLhandleARB obj, GLenum pname, GLint& value) {
  const HandleKind kind = handle_kind(ctx, obj);
  if (kind == HandleKind::None) {
    ctx.error(GL_INVALID_VALUE, "%s(%u): not a shader or program object", fn, obj);
    return false;
  }
  if (pname == GL_OBJECT_TYPE_ARB) {
    value = kind == HandleKind::Shader ? GL_SHADER_OBJECT_ARB : GL_PROGRAM_OBJECT_ARB;
    return true;
  }
  const bool shader_name = pname == GL_OBJECT_SUBTYPE_ARB || pname == GL_OBJECT_COMPILE_STATUS_ARB ||
                           pname == GL_OBJECT_SHADER_SOURCE_LENGTH_ARB;
  const bool program_name = pname == GL_OBJECT_LINK_STATUS_ARB || pname == GL_OBJECT_VALIDATE_STATUS_ARB ||
                            pname == GL_OBJECT_ATTACHED_OBJECTS_ARB || pname == GL_OBJECT_ACTIVE_UNIFORMS_ARB ||
                            pname == GL_OBJECT_ACTIVE_UNIFORM_MAX_LENGTH_ARB ||
                            pname == GL_OBJECT_ACTIVE_ATTRIBUTES_ARB || pname == GL_OBJECT_ACTIVE_ATTRIBUTE_MAX_LENGTH_ARB;
  const bool both = pname == GL_OBJECT_DELETE_STATUS_ARB || pname == GL_OBJECT_INFO_LOG_LENGTH_ARB;
  if (!shader_name && !program_name && !both) {
    ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not an object parameter", fn, pname);
    return false;
  }
  if (kind == HandleKind::Shader ? program_name : shader_name) {
    ctx.error(GL_INVALID_OPERATION, "%s(%u, pname = 0x%04x): not a parameter of a %s object", fn, obj, pname,
              kind == HandleKind::Shader ? "shader" : "program");
    return false;
  }
  if (kind == HandleKind::Shader) GetShaderiv(ctx, fn, obj, pname == GL_OBJECT_SUBTYPE_ARB ? GL_SHADER_TYPE : pname, &value);
  else GetProgramiv(ctx, fn, obj, pname, &value);
  return true;
}

void GetObjectParameterivARB(Context& ctx, const char* fn, GLhandleARB obj, GLenum pname, GLint* params) {
  if (GLint value = 0; object_parameter(ctx, fn, obj, pname, value)) *params = value;
}

void GetObjectParameterfvARB(Context& ctx, const char* fn, GLhandleARB obj, GLenum pname, GLfloat* params) {
  if (GLint value = 0; object_parameter(ctx, fn, obj, pname, value)) *params = GLfloat(value);
}

}  // namespace glvk::gl::api
