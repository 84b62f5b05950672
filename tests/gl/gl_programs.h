// Program building for the integration tests: compile() leaves errors to the caller (some tests
// compile failing shaders on purpose); link() reports a failed link, with the shaders' logs, as a
// test failure.
#pragma once

#include <string>

#include "gl_fixture.h"

namespace glvk::test {

inline GLuint compile(GLenum type, const char* source) {
  const GLuint s = glCreateShader(type);
  glShaderSource(s, 1, &source, nullptr);
  glCompileShader(s);
  return s;
}

inline std::string info_log(GLuint object, bool program) {
  char log[4096] = {};
  if (program)
    glGetProgramInfoLog(object, sizeof log, nullptr, log);
  else
    glGetShaderInfoLog(object, sizeof log, nullptr, log);
  return log;
}

inline GLuint link(const char* vs, const char* fs) {
  const GLuint p = glCreateProgram();
  const GLuint v = compile(GL_VERTEX_SHADER, vs), f = compile(GL_FRAGMENT_SHADER, fs);
  glAttachShader(p, v);
  glAttachShader(p, f);
  glLinkProgram(p);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  if (!ok)
    ADD_FAILURE() << "link failed: " << info_log(p, true) << "\nvertex shader: " << info_log(v, false)
                  << "\nfragment shader: " << info_log(f, false);
  return p;
}

}  // namespace glvk::test
