// The draw benchmark of issue 13 through the system libEGL + libGL only, so the same binary measures
// glvk, Mesa llvmpipe and Mesa zink (the environment picks the driver; see compare_peers.sh). One
// iteration is one frame into a 512x512 RGBA8 framebuffer object: glClear, the case's draws,
// glFinish. Cases (draw_scene.h): (a) 10,000 quads with a uniform change between draws, (b) the
// same with a texture change or a blend enable change as well, (c) one draw of 1M triangles. Each
// case reads back pixels after its last frame and fails when they are not what it drew.
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>

#include <cstdio>
#include <vector>

#include "draw_scene.h"
#include "surfaceless_context.h"

namespace {

using namespace draw_scene;

int failures = 0;

bool make_context_current() {
  const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                               EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
  return make_surfaceless_context_current(attributes);
}

// The same shaders as shaders/*.vert|frag of the Vulkan program, with the push constants as a
// default-block uniform array.
constexpr const char* kVertexShader = R"(#version 330 core
layout(location = 0) in vec2 a_pos;
uniform vec4 u_params[2];  // rect (x, y, w, h in clip space), colour
out vec2 v_uv;
void main() {
  v_uv = a_pos;
  gl_Position = vec4(u_params[0].xy + a_pos * u_params[0].zw, 0.0, 1.0);
}
)";
constexpr const char* kColorShader = R"(#version 330 core
uniform vec4 u_params[2];
out vec4 o_color;
void main() { o_color = u_params[1]; }
)";
constexpr const char* kTexturedShader = R"(#version 330 core
uniform vec4 u_params[2];
uniform sampler2D u_texture;
in vec2 v_uv;
out vec4 o_color;
void main() { o_color = u_params[1] * texture(u_texture, v_uv); }
)";

GLuint compile(GLenum type, const char* source) {
  const GLuint shader = glCreateShader(type);
  glShaderSource(shader, 1, &source, nullptr);
  glCompileShader(shader);
  GLint ok = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[2048] = "";
    glGetShaderInfoLog(shader, sizeof log, nullptr, log);
    std::fprintf(stderr, "draw_bench: shader does not compile: %s\n", log);
    ++failures;
  }
  return shader;
}

struct Program {
  GLuint program = 0;
  GLint params = -1;
};

Program link(const char* fragment_source) {
  Program p;
  p.program = glCreateProgram();
  glAttachShader(p.program, compile(GL_VERTEX_SHADER, kVertexShader));
  glAttachShader(p.program, compile(GL_FRAGMENT_SHADER, fragment_source));
  glLinkProgram(p.program);
  GLint ok = 0;
  glGetProgramiv(p.program, GL_LINK_STATUS, &ok);
  if (!ok) {
    std::fprintf(stderr, "draw_bench: program does not link\n");
    ++failures;
  }
  p.params = glGetUniformLocation(p.program, "u_params");
  return p;
}

struct Scene {
  GLuint framebuffer = 0, color = 0;
  GLuint quad_vao = 0, mesh_vao = 0, buffers[2]{};
  GLuint textures[2]{};
  Program plain, textured;
  std::vector<Params> cells;
  Params mesh{};
};

Scene* scene = nullptr;

void build_scene(Scene& s) {
  glGenFramebuffers(1, &s.framebuffer);
  glBindFramebuffer(GL_FRAMEBUFFER, s.framebuffer);
  glGenRenderbuffers(1, &s.color);
  glBindRenderbuffer(GL_RENDERBUFFER, s.color);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, kSize, kSize);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, s.color);
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
    std::fprintf(stderr, "draw_bench: the framebuffer is not complete\n");
    ++failures;
  }
  glViewport(0, 0, kSize, kSize);
  glClearColor(kClearBytes[0] / 255.0f, kClearBytes[1] / 255.0f, kClearBytes[2] / 255.0f, kClearBytes[3] / 255.0f);
  glBlendFunc(GL_ONE, GL_ONE);

  glGenBuffers(2, s.buffers);
  const std::vector<float> mesh = mesh_vertices();
  const GLsizeiptr sizes[2] = {sizeof kQuad, GLsizeiptr(mesh.size() * sizeof(float))};
  const void* data[2] = {kQuad, mesh.data()};
  GLuint* vaos[2] = {&s.quad_vao, &s.mesh_vao};
  for (int i = 0; i < 2; ++i) {
    glGenVertexArrays(1, vaos[i]);
    glBindVertexArray(*vaos[i]);
    glBindBuffer(GL_ARRAY_BUFFER, s.buffers[i]);
    glBufferData(GL_ARRAY_BUFFER, sizes[i], data[i], GL_STATIC_DRAW);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
    glEnableVertexAttribArray(0);
  }

  glGenTextures(2, s.textures);
  for (int i = 0; i < 2; ++i) {
    std::uint8_t texels[4 * 4 * 4];
    for (int t = 0; t < 16; ++t)
      for (int k = 0; k < 4; ++k) texels[t * 4 + k] = (i ? kTexelOdd : kTexelEven)[std::size_t(k)];
    glBindTexture(GL_TEXTURE_2D, s.textures[i]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  }

  s.plain = link(kColorShader);
  s.textured = link(kTexturedShader);
  glUseProgram(s.textured.program);
  glUniform1i(glGetUniformLocation(s.textured.program, "u_texture"), 0);
  for (int i = 0; i < kDraws; ++i) s.cells.push_back(cell_params(i));
  s.mesh = mesh_params();
  if (const GLenum error = glGetError(); error != GL_NO_ERROR) {
    std::fprintf(stderr, "draw_bench: GL error 0x%04x while building the scene\n", error);
    ++failures;
  }
}

void frame(const Scene& s, Case c) {
  glClear(GL_COLOR_BUFFER_BIT);
  const Program& p = c == Case::Texture ? s.textured : s.plain;
  glUseProgram(p.program);
  if (c == Case::Mesh) {
    glBindVertexArray(s.mesh_vao);
    glUniform4fv(p.params, 2, s.mesh.data());
    glDrawArrays(GL_TRIANGLES, 0, 3 * kMeshTriangles);
  } else {
    glBindVertexArray(s.quad_vao);
    for (int i = 0; i < kDraws; ++i) {
      if (c == Case::Texture) glBindTexture(GL_TEXTURE_2D, s.textures[i & 1]);
      if (c == Case::Blend) (i & 1) ? glEnable(GL_BLEND) : glDisable(GL_BLEND);
      glUniform4fv(p.params, 2, s.cells[std::size_t(i)].data());
      glDrawArrays(GL_TRIANGLES, 0, kQuadVertices);
    }
    glDisable(GL_BLEND);
  }
  glFinish();
}

void run(benchmark::State& state, Case c) {
  frame(*scene, c);  // warm-up: pipelines, views, first-use allocations
  const Start start;
  for (auto _ : state) frame(*scene, c);
  report(state, c, start);
  bool ok = true;
  for (const Probe& p : probes(c)) {
    std::uint8_t got[4] = {};
    glReadPixels(p.x, p.y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, got);
    ok = probe_matches("draw_bench", c, p, got) && ok;
  }
  if (const GLenum error = glGetError(); error != GL_NO_ERROR) {
    std::fprintf(stderr, "draw_bench %s: GL error 0x%04x\n", case_name(c), error);
    ok = false;
  }
  if (!ok) {
    ++failures;
    state.SkipWithError("the frame did not draw what it should (see stderr)");
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (!make_context_current()) {
    std::fprintf(stderr, "draw_bench: no EGL surfaceless GL 3.3 core context (set XDG_RUNTIME_DIR?)\n");
    return 1;
  }
  std::fprintf(stderr, "driver: %s | %s\n", reinterpret_cast<const char*>(glGetString(GL_RENDERER)),
               reinterpret_cast<const char*>(glGetString(GL_VERSION)));
  Scene s;
  scene = &s;
  build_scene(s);
  if (failures) return 1;
  register_cases(argc, argv, run);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return failures ? 1 : 0;
}
