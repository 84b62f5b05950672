// Program building for the integration tests: compile() (gl_shaders.h) leaves errors to the caller
// (some tests compile failing shaders on purpose); link() reports a failed link, with the shaders'
// logs, as a test failure.
#pragma once

#include <string>

#include "gl_fixture.h"
#include "gl_shaders.h"

namespace glvk::test {

inline std::string info_log(GLuint object, bool program) {
  char log[4096] = {};
  if (program)
    glGetProgramInfoLog(object, sizeof log, nullptr, log);
  else
    glGetShaderInfoLog(object, sizeof log, nullptr, log);
  return log;
}

inline GLuint link(const char* vs, const char* fs) {
  const GLuint p = vertex_fragment_program(vs, fs);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  if (!ok) {
    GLuint shaders[2] = {};
    glGetAttachedShaders(p, 2, nullptr, shaders);
    ADD_FAILURE() << "link failed: " << info_log(p, true) << "\nvertex shader: " << info_log(shaders[0], false)
                  << "\nfragment shader: " << info_log(shaders[1], false);
  }
  return p;
}

}  // namespace glvk::test
