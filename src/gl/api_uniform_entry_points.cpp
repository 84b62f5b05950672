// The glUniform* and glProgramUniform* entry points (GL 4.6 7.6.1): each forwards its values, as an
// array of its component type, to set_uniform (api_uniforms.cpp), which validates and stores them.
#include "api_common.h"
#include "uniform_storage.h"

namespace glvk::gl::api {

void Uniform1f(Context& ctx, const char* fn, GLint location, GLfloat v0) {
  const GLfloat values[] = {v0};
  set_uniform(ctx, fn, nullptr, location, 1, UniformBase::Float, 1, 1, false, values);
}
void ProgramUniform1f(Context& ctx, const char* fn, GLuint program, GLint location, GLfloat v0) {
  const GLfloat values[] = {v0};
  set_program_uniform(ctx, fn, program, location, 1, UniformBase::Float, 1, 1, false, values);
}
void Uniform1fv(Context& ctx, const char* fn, GLint location, GLsizei count, const GLfloat* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Float, 1, 1, false, value);
}
void ProgramUniform1fv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                        const GLfloat* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Float, 1, 1, false, value);
}
void Uniform1i(Context& ctx, const char* fn, GLint location, GLint v0) {
  const GLint values[] = {v0};
  set_uniform(ctx, fn, nullptr, location, 1, UniformBase::Int, 1, 1, false, values);
}
void ProgramUniform1i(Context& ctx, const char* fn, GLuint program, GLint location, GLint v0) {
  const GLint values[] = {v0};
  set_program_uniform(ctx, fn, program, location, 1, UniformBase::Int, 1, 1, false, values);
}
void Uniform1iv(Context& ctx, const char* fn, GLint location, GLsizei count, const GLint* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Int, 1, 1, false, value);
}
void ProgramUniform1iv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                        const GLint* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Int, 1, 1, false, value);
}
void Uniform1ui(Context& ctx, const char* fn, GLint location, GLuint v0) {
  const GLuint values[] = {v0};
  set_uniform(ctx, fn, nullptr, location, 1, UniformBase::Uint, 1, 1, false, values);
}
void ProgramUniform1ui(Context& ctx, const char* fn, GLuint program, GLint location, GLuint v0) {
  const GLuint values[] = {v0};
  set_program_uniform(ctx, fn, program, location, 1, UniformBase::Uint, 1, 1, false, values);
}
void Uniform1uiv(Context& ctx, const char* fn, GLint location, GLsizei count, const GLuint* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Uint, 1, 1, false, value);
}
void ProgramUniform1uiv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                        const GLuint* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Uint, 1, 1, false, value);
}
void Uniform1d(Context& ctx, const char* fn, GLint location, GLdouble v0) {
  const GLdouble values[] = {v0};
  set_uniform(ctx, fn, nullptr, location, 1, UniformBase::Double, 1, 1, false, values);
}
void ProgramUniform1d(Context& ctx, const char* fn, GLuint program, GLint location, GLdouble v0) {
  const GLdouble values[] = {v0};
  set_program_uniform(ctx, fn, program, location, 1, UniformBase::Double, 1, 1, false, values);
}
void Uniform1dv(Context& ctx, const char* fn, GLint location, GLsizei count, const GLdouble* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Double, 1, 1, false, value);
}
void ProgramUniform1dv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                        const GLdouble* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Double, 1, 1, false, value);
}
void Uniform2f(Context& ctx, const char* fn, GLint location, GLfloat v0, GLfloat v1) {
  const GLfloat values[] = {v0, v1};
  set_uniform(ctx, fn, nullptr, location, 1, UniformBase::Float, 2, 1, false, values);
}
void ProgramUniform2f(Context& ctx, const char* fn, GLuint program, GLint location, GLfloat v0, GLfloat v1) {
  const GLfloat values[] = {v0, v1};
  set_program_uniform(ctx, fn, program, location, 1, UniformBase::Float, 2, 1, false, values);
}
void Uniform2fv(Context& ctx, const char* fn, GLint location, GLsizei count, const GLfloat* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Float, 2, 1, false, value);
}
void ProgramUniform2fv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                        const GLfloat* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Float, 2, 1, false, value);
}
void Uniform2i(Context& ctx, const char* fn, GLint location, GLint v0, GLint v1) {
  const GLint values[] = {v0, v1};
  set_uniform(ctx, fn, nullptr, location, 1, UniformBase::Int, 2, 1, false, values);
}
void ProgramUniform2i(Context& ctx, const char* fn, GLuint program, GLint location, GLint v0, GLint v1) {
  const GLint values[] = {v0, v1};
  set_program_uniform(ctx, fn, program, location, 1, UniformBase::Int, 2, 1, false, values);
}
void Uniform2iv(Context& ctx, const char* fn, GLint location, GLsizei count, const GLint* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Int, 2, 1, false, value);
}
void ProgramUniform2iv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                        const GLint* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Int, 2, 1, false, value);
}
void Uniform2ui(Context& ctx, const char* fn, GLint location, GLuint v0, GLuint v1) {
  const GLuint values[] = {v0, v1};
  set_uniform(ctx, fn, nullptr, location, 1, UniformBase::Uint, 2, 1, false, values);
}
void ProgramUniform2ui(Context& ctx, const char* fn, GLuint program, GLint location, GLuint v0, GLuint v1) {
  const GLuint values[] = {v0, v1};
  set_program_uniform(ctx, fn, program, location, 1, UniformBase::Uint, 2, 1, false, values);
}
void Uniform2uiv(Context& ctx, const char* fn, GLint location, GLsizei count, const GLuint* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Uint, 2, 1, false, value);
}
void ProgramUniform2uiv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                        const GLuint* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Uint, 2, 1, false, value);
}
void Uniform2d(Context& ctx, const char* fn, GLint location, GLdouble v0, GLdouble v1) {
  const GLdouble values[] = {v0, v1};
  set_uniform(ctx, fn, nullptr, location, 1, UniformBase::Double, 2, 1, false, values);
}
void ProgramUniform2d(Context& ctx, const char* fn, GLuint program, GLint location, GLdouble v0, GLdouble v1) {
  const GLdouble values[] = {v0, v1};
  set_program_uniform(ctx, fn, program, location, 1, UniformBase::Double, 2, 1, false, values);
}
void Uniform2dv(Context& ctx, const char* fn, GLint location, GLsizei count, const GLdouble* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Double, 2, 1, false, value);
}
void ProgramUniform2dv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                        const GLdouble* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Double, 2, 1, false, value);
}
void Uniform3f(Context& ctx, const char* fn, GLint location, GLfloat v0, GLfloat v1, GLfloat v2) {
  const GLfloat values[] = {v0, v1, v2};
  set_uniform(ctx, fn, nullptr, location, 1, UniformBase::Float, 3, 1, false, values);
}
void ProgramUniform3f(Context& ctx, const char* fn, GLuint program, GLint location, GLfloat v0, GLfloat v1, GLfloat v2) {
  const GLfloat values[] = {v0, v1, v2};
  set_program_uniform(ctx, fn, program, location, 1, UniformBase::Float, 3, 1, false, values);
}
void Uniform3fv(Context& ctx, const char* fn, GLint location, GLsizei count, const GLfloat* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Float, 3, 1, false, value);
}
void ProgramUniform3fv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                        const GLfloat* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Float, 3, 1, false, value);
}
void Uniform3i(Context& ctx, const char* fn, GLint location, GLint v0, GLint v1, GLint v2) {
  const GLint values[] = {v0, v1, v2};
  set_uniform(ctx, fn, nullptr, location, 1, UniformBase::Int, 3, 1, false, values);
}
void ProgramUniform3i(Context& ctx, const char* fn, GLuint program, GLint location, GLint v0, GLint v1, GLint v2) {
  const GLint values[] = {v0, v1, v2};
  set_program_uniform(ctx, fn, program, location, 1, UniformBase::Int, 3, 1, false, values);
}
void Uniform3iv(Context& ctx, const char* fn, GLint location, GLsizei count, const GLint* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Int, 3, 1, false, value);
}
void ProgramUniform3iv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                        const GLint* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Int, 3, 1, false, value);
}
void Uniform3ui(Context& ctx, const char* fn, GLint location, GLuint v0, GLuint v1, GLuint v2) {
  const GLuint values[] = {v0, v1, v2};
  set_uniform(ctx, fn, nullptr, location, 1, UniformBase::Uint, 3, 1, false, values);
}
void ProgramUniform3ui(Context& ctx, const char* fn, GLuint program, GLint location, GLuint v0, GLuint v1, GLuint v2) {
  const GLuint values[] = {v0, v1, v2};
  set_program_uniform(ctx, fn, program, location, 1, UniformBase::Uint, 3, 1, false, values);
}
void Uniform3uiv(Context& ctx, const char* fn, GLint location, GLsizei count, const GLuint* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Uint, 3, 1, false, value);
}
void ProgramUniform3uiv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                        const GLuint* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Uint, 3, 1, false, value);
}
void Uniform3d(Context& ctx, const char* fn, GLint location, GLdouble v0, GLdouble v1, GLdouble v2) {
  const GLdouble values[] = {v0, v1, v2};
  set_uniform(ctx, fn, nullptr, location, 1, UniformBase::Double, 3, 1, false, values);
}
void ProgramUniform3d(Context& ctx, const char* fn, GLuint program, GLint location, GLdouble v0, GLdouble v1, GLdouble v2) {
  const GLdouble values[] = {v0, v1, v2};
  set_program_uniform(ctx, fn, program, location, 1, UniformBase::Double, 3, 1, false, values);
}
void Uniform3dv(Context& ctx, const char* fn, GLint location, GLsizei count, const GLdouble* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Double, 3, 1, false, value);
}
void ProgramUniform3dv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                        const GLdouble* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Double, 3, 1, false, value);
}
void Uniform4f(Context& ctx, const char* fn, GLint location, GLfloat v0, GLfloat v1, GLfloat v2, GLfloat v3) {
  const GLfloat values[] = {v0, v1, v2, v3};
  set_uniform(ctx, fn, nullptr, location, 1, UniformBase::Float, 4, 1, false, values);
}
void ProgramUniform4f(Context& ctx, const char* fn, GLuint program, GLint location, GLfloat v0, GLfloat v1, GLfloat v2, GLfloat v3) {
  const GLfloat values[] = {v0, v1, v2, v3};
  set_program_uniform(ctx, fn, program, location, 1, UniformBase::Float, 4, 1, false, values);
}
void Uniform4fv(Context& ctx, const char* fn, GLint location, GLsizei count, const GLfloat* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Float, 4, 1, false, value);
}
void ProgramUniform4fv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                        const GLfloat* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Float, 4, 1, false, value);
}
void Uniform4i(Context& ctx, const char* fn, GLint location, GLint v0, GLint v1, GLint v2, GLint v3) {
  const GLint values[] = {v0, v1, v2, v3};
  set_uniform(ctx, fn, nullptr, location, 1, UniformBase::Int, 4, 1, false, values);
}
void ProgramUniform4i(Context& ctx, const char* fn, GLuint program, GLint location, GLint v0, GLint v1, GLint v2, GLint v3) {
  const GLint values[] = {v0, v1, v2, v3};
  set_program_uniform(ctx, fn, program, location, 1, UniformBase::Int, 4, 1, false, values);
}
void Uniform4iv(Context& ctx, const char* fn, GLint location, GLsizei count, const GLint* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Int, 4, 1, false, value);
}
void ProgramUniform4iv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                        const GLint* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Int, 4, 1, false, value);
}
void Uniform4ui(Context& ctx, const char* fn, GLint location, GLuint v0, GLuint v1, GLuint v2, GLuint v3) {
  const GLuint values[] = {v0, v1, v2, v3};
  set_uniform(ctx, fn, nullptr, location, 1, UniformBase::Uint, 4, 1, false, values);
}
void ProgramUniform4ui(Context& ctx, const char* fn, GLuint program, GLint location, GLuint v0, GLuint v1, GLuint v2, GLuint v3) {
  const GLuint values[] = {v0, v1, v2, v3};
  set_program_uniform(ctx, fn, program, location, 1, UniformBase::Uint, 4, 1, false, values);
}
void Uniform4uiv(Context& ctx, const char* fn, GLint location, GLsizei count, const GLuint* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Uint, 4, 1, false, value);
}
void ProgramUniform4uiv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                        const GLuint* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Uint, 4, 1, false, value);
}
void Uniform4d(Context& ctx, const char* fn, GLint location, GLdouble v0, GLdouble v1, GLdouble v2, GLdouble v3) {
  const GLdouble values[] = {v0, v1, v2, v3};
  set_uniform(ctx, fn, nullptr, location, 1, UniformBase::Double, 4, 1, false, values);
}
void ProgramUniform4d(Context& ctx, const char* fn, GLuint program, GLint location, GLdouble v0, GLdouble v1, GLdouble v2, GLdouble v3) {
  const GLdouble values[] = {v0, v1, v2, v3};
  set_program_uniform(ctx, fn, program, location, 1, UniformBase::Double, 4, 1, false, values);
}
void Uniform4dv(Context& ctx, const char* fn, GLint location, GLsizei count, const GLdouble* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Double, 4, 1, false, value);
}
void ProgramUniform4dv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                        const GLdouble* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Double, 4, 1, false, value);
}

void UniformMatrix2fv(Context& ctx, const char* fn, GLint location, GLsizei count, GLboolean transpose,
                     const GLfloat* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Float, 2, 2, transpose, value);
}
void ProgramUniformMatrix2fv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                            GLboolean transpose, const GLfloat* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Float, 2, 2, transpose, value);
}
void UniformMatrix3fv(Context& ctx, const char* fn, GLint location, GLsizei count, GLboolean transpose,
                     const GLfloat* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Float, 3, 3, transpose, value);
}
void ProgramUniformMatrix3fv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                            GLboolean transpose, const GLfloat* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Float, 3, 3, transpose, value);
}
void UniformMatrix4fv(Context& ctx, const char* fn, GLint location, GLsizei count, GLboolean transpose,
                     const GLfloat* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Float, 4, 4, transpose, value);
}
void ProgramUniformMatrix4fv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                            GLboolean transpose, const GLfloat* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Float, 4, 4, transpose, value);
}
void UniformMatrix2x3fv(Context& ctx, const char* fn, GLint location, GLsizei count, GLboolean transpose,
                     const GLfloat* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Float, 3, 2, transpose, value);
}
void ProgramUniformMatrix2x3fv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                            GLboolean transpose, const GLfloat* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Float, 3, 2, transpose, value);
}
void UniformMatrix3x2fv(Context& ctx, const char* fn, GLint location, GLsizei count, GLboolean transpose,
                     const GLfloat* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Float, 2, 3, transpose, value);
}
void ProgramUniformMatrix3x2fv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                            GLboolean transpose, const GLfloat* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Float, 2, 3, transpose, value);
}
void UniformMatrix2x4fv(Context& ctx, const char* fn, GLint location, GLsizei count, GLboolean transpose,
                     const GLfloat* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Float, 4, 2, transpose, value);
}
void ProgramUniformMatrix2x4fv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                            GLboolean transpose, const GLfloat* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Float, 4, 2, transpose, value);
}
void UniformMatrix4x2fv(Context& ctx, const char* fn, GLint location, GLsizei count, GLboolean transpose,
                     const GLfloat* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Float, 2, 4, transpose, value);
}
void ProgramUniformMatrix4x2fv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                            GLboolean transpose, const GLfloat* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Float, 2, 4, transpose, value);
}
void UniformMatrix3x4fv(Context& ctx, const char* fn, GLint location, GLsizei count, GLboolean transpose,
                     const GLfloat* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Float, 4, 3, transpose, value);
}
void ProgramUniformMatrix3x4fv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                            GLboolean transpose, const GLfloat* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Float, 4, 3, transpose, value);
}
void UniformMatrix4x3fv(Context& ctx, const char* fn, GLint location, GLsizei count, GLboolean transpose,
                     const GLfloat* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Float, 3, 4, transpose, value);
}
void ProgramUniformMatrix4x3fv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                            GLboolean transpose, const GLfloat* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Float, 3, 4, transpose, value);
}
void UniformMatrix2dv(Context& ctx, const char* fn, GLint location, GLsizei count, GLboolean transpose,
                     const GLdouble* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Double, 2, 2, transpose, value);
}
void ProgramUniformMatrix2dv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                            GLboolean transpose, const GLdouble* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Double, 2, 2, transpose, value);
}
void UniformMatrix3dv(Context& ctx, const char* fn, GLint location, GLsizei count, GLboolean transpose,
                     const GLdouble* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Double, 3, 3, transpose, value);
}
void ProgramUniformMatrix3dv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                            GLboolean transpose, const GLdouble* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Double, 3, 3, transpose, value);
}
void UniformMatrix4dv(Context& ctx, const char* fn, GLint location, GLsizei count, GLboolean transpose,
                     const GLdouble* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Double, 4, 4, transpose, value);
}
void ProgramUniformMatrix4dv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                            GLboolean transpose, const GLdouble* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Double, 4, 4, transpose, value);
}
void UniformMatrix2x3dv(Context& ctx, const char* fn, GLint location, GLsizei count, GLboolean transpose,
                     const GLdouble* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Double, 3, 2, transpose, value);
}
void ProgramUniformMatrix2x3dv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                            GLboolean transpose, const GLdouble* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Double, 3, 2, transpose, value);
}
void UniformMatrix3x2dv(Context& ctx, const char* fn, GLint location, GLsizei count, GLboolean transpose,
                     const GLdouble* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Double, 2, 3, transpose, value);
}
void ProgramUniformMatrix3x2dv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                            GLboolean transpose, const GLdouble* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Double, 2, 3, transpose, value);
}
void UniformMatrix2x4dv(Context& ctx, const char* fn, GLint location, GLsizei count, GLboolean transpose,
                     const GLdouble* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Double, 4, 2, transpose, value);
}
void ProgramUniformMatrix2x4dv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                            GLboolean transpose, const GLdouble* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Double, 4, 2, transpose, value);
}
void UniformMatrix4x2dv(Context& ctx, const char* fn, GLint location, GLsizei count, GLboolean transpose,
                     const GLdouble* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Double, 2, 4, transpose, value);
}
void ProgramUniformMatrix4x2dv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                            GLboolean transpose, const GLdouble* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Double, 2, 4, transpose, value);
}
void UniformMatrix3x4dv(Context& ctx, const char* fn, GLint location, GLsizei count, GLboolean transpose,
                     const GLdouble* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Double, 4, 3, transpose, value);
}
void ProgramUniformMatrix3x4dv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                            GLboolean transpose, const GLdouble* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Double, 4, 3, transpose, value);
}
void UniformMatrix4x3dv(Context& ctx, const char* fn, GLint location, GLsizei count, GLboolean transpose,
                     const GLdouble* value) {
  set_uniform(ctx, fn, nullptr, location, count, UniformBase::Double, 3, 4, transpose, value);
}
void ProgramUniformMatrix4x3dv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                            GLboolean transpose, const GLdouble* value) {
  set_program_uniform(ctx, fn, program, location, count, UniformBase::Double, 3, 4, transpose, value);
}

}  // namespace glvk::gl::api
