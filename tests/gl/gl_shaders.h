// Program building with GL calls only (no test framework), shared by the GoogleTest programs
// (gl_programs.h) and the fuzzer's decoder (tests/fuzz), which runs under libFuzzer.
#pragma once

#ifndef GL_GLEXT_PROTOTYPES
#define GL_GLEXT_PROTOTYPES 1
#endif
#include <GL/gl.h>
#include <GL/glext.h>

#include <utility>

namespace glvk::test {

inline GLuint compile(GLenum type, const char* source) {
  const GLuint s = glCreateShader(type);
  glShaderSource(s, 1, &source, nullptr);
  glCompileShader(s);
  return s;
}

// A program with a vertex and a fragment shader of these sources attached, linked when `linked`.
// The shaders are flagged for deletion: they go with the program (their logs stay readable).
inline GLuint vertex_fragment_program(const char* vs, const char* fs, bool linked = true) {
  const GLuint p = glCreateProgram();
  for (const auto& [type, source] : {std::pair{GLenum(GL_VERTEX_SHADER), vs}, std::pair{GLenum(GL_FRAGMENT_SHADER), fs}}) {
    const GLuint s = compile(type, source);
    glAttachShader(p, s);
    glDeleteShader(s);
  }
  if (linked) glLinkProgram(p);
  return p;
}

}  // namespace glvk::test
