// The immediate-mode and display-list benchmark of issue 14 through the system libEGL + libGL only,
// so the same binary measures glvk, Mesa llvmpipe and Mesa zink (the environment picks the driver;
// see compare_peers.sh). A compatibility context draws, per frame, a 100x100 grid of quads covering
// a 512x512 RGBA8 framebuffer object, each quad with its own glColor4ub, through the fixed-function
// pipeline (identity matrices: the vertices are clip coordinates):
//   immediate_one_begin   one glBegin(GL_QUADS)/glEnd around all 40,000 vertices;
//   immediate_per_quad    a glBegin/glEnd pair per quad (10,000 pairs);
//   list_replay           the per-quad commands compiled once into a display list, glCallList;
// then glFinish. Each case prints vertices/s and reads back pixels after its last frame, failing
// when they are not the colours it drew (a driver that draws nothing cannot look fast).
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string_view>

#include "surfaceless_context.h"

namespace {

constexpr int kSize = 512;
constexpr int kGrid = 100;  // quads per row and column
constexpr int kVerticesPerFrame = kGrid * kGrid * 4;

enum class Case { OneBegin, PerQuad, List };
constexpr std::array kCases{Case::OneBegin, Case::PerQuad, Case::List};

const char* case_name(Case c) {
  switch (c) {
    case Case::OneBegin: return "immediate_one_begin";
    case Case::PerQuad: return "immediate_per_quad";
    case Case::List: return "list_replay";
  }
  return "?";
}

// The colour of quad (x, y): every channel a function of the cell, alpha opaque.
std::array<std::uint8_t, 4> cell_color(int x, int y) {
  return {std::uint8_t(x * 2 + 30), std::uint8_t(y * 2 + 40), std::uint8_t((x * 7 + y * 13) & 0xff), 255};
}

// Quad (x, y) in clip coordinates: the grid covers [-1, 1] in both directions.
void quad_corners(int x, int y, float& x0, float& y0, float& x1, float& y1) {
  const float step = 2.0f / kGrid;
  x0 = -1.0f + x * step;
  y0 = -1.0f + y * step;
  x1 = x0 + step;
  y1 = y0 + step;
}

void emit_quad(int x, int y) {
  const std::array<std::uint8_t, 4> c = cell_color(x, y);
  float x0, y0, x1, y1;
  quad_corners(x, y, x0, y0, x1, y1);
  glColor4ub(c[0], c[1], c[2], c[3]);
  glVertex2f(x0, y0);
  glVertex2f(x1, y0);
  glVertex2f(x1, y1);
  glVertex2f(x0, y1);
}

void draw_per_quad() {
  for (int y = 0; y < kGrid; ++y)
    for (int x = 0; x < kGrid; ++x) {
      glBegin(GL_QUADS);
      emit_quad(x, y);
      glEnd();
    }
}

int failures = 0;
GLuint list = 0;

bool make_context_current() {
  const EGLint attributes[] = {EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT, EGL_NONE};
  return make_surfaceless_context_current(attributes);
}

void build_scene() {
  GLuint framebuffer = 0, color = 0;
  glGenFramebuffers(1, &framebuffer);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
  glGenRenderbuffers(1, &color);
  glBindRenderbuffer(GL_RENDERBUFFER, color);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, kSize, kSize);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
    std::fprintf(stderr, "legacy_bench: the framebuffer is not complete\n");
    ++failures;
  }
  glViewport(0, 0, kSize, kSize);
  glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
  list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  draw_per_quad();
  glEndList();
  if (const GLenum error = glGetError(); error != GL_NO_ERROR) {
    std::fprintf(stderr, "legacy_bench: GL error 0x%04x while building the scene\n", error);
    ++failures;
  }
}

void frame(Case c) {
  glClear(GL_COLOR_BUFFER_BIT);
  switch (c) {
    case Case::OneBegin:
      glBegin(GL_QUADS);
      for (int y = 0; y < kGrid; ++y)
        for (int x = 0; x < kGrid; ++x) emit_quad(x, y);
      glEnd();
      break;
    case Case::PerQuad: draw_per_quad(); break;
    case Case::List: glCallList(list); break;
  }
  glFinish();
}

double process_cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + 1e-6 * double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
}

// The centre pixel of a few quads (corners of the grid and inside it) must hold the quad's colour:
// flat colours with identity transforms are exact in RGBA8 on every driver.
bool pixels_match(Case c) {
  bool ok = true;
  for (const auto& [x, y] : {std::array{0, 0}, std::array{kGrid - 1, 0}, std::array{0, kGrid - 1},
                             std::array{kGrid - 1, kGrid - 1}, std::array{37, 61}, std::array{80, 12}}) {
    float x0, y0, x1, y1;
    quad_corners(x, y, x0, y0, x1, y1);
    const int px = int(((x0 + x1) / 2 + 1) / 2 * kSize), py = int(((y0 + y1) / 2 + 1) / 2 * kSize);
    std::uint8_t got[4] = {};
    glReadPixels(px, py, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, got);
    const std::array<std::uint8_t, 4> want = cell_color(x, y);
    if (got[0] != want[0] || got[1] != want[1] || got[2] != want[2] || got[3] != want[3]) {
      std::fprintf(stderr, "legacy_bench %s: quad (%d, %d) at pixel (%d, %d) reads %u %u %u %u, drawn %u %u %u %u\n",
                   case_name(c), x, y, px, py, got[0], got[1], got[2], got[3], want[0], want[1], want[2], want[3]);
      ok = false;
    }
  }
  return ok;
}

void run(benchmark::State& state, Case c) {
  frame(c);  // warm-up: the fixed-function program, pipelines, first-use allocations
  const auto wall_start = std::chrono::steady_clock::now();
  const double cpu_start = process_cpu_seconds();
  for (auto _ : state) frame(c);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  const double frames = double(state.iterations());
  state.counters["vertices/s"] = kVerticesPerFrame * frames / wall;
  state.counters["ms/frame"] = 1e3 * wall / frames;
  state.counters["cpu_ms/frame"] = 1e3 * (process_cpu_seconds() - cpu_start) / frames;
  bool ok = pixels_match(c);
  if (const GLenum error = glGetError(); error != GL_NO_ERROR) {
    std::fprintf(stderr, "legacy_bench %s: GL error 0x%04x\n", case_name(c), error);
    ok = false;
  }
  if (!ok) {
    ++failures;
    state.SkipWithError("the frame did not draw what it should (see stderr)");
  }
}

}  // namespace

int main(int argc, char** argv) {
  // --smoke (the first argument): one frame per case, for ctest.
  const bool smoke = argc > 1 && std::string_view(argv[1]) == "--smoke";
  if (smoke) {
    argv[1] = argv[0];
    ++argv;
    --argc;
  }
  if (!make_context_current()) {
    std::fprintf(stderr, "legacy_bench: no EGL surfaceless compatibility context (set XDG_RUNTIME_DIR?)\n");
    return 1;
  }
  std::fprintf(stderr, "driver: %s | %s\n", reinterpret_cast<const char*>(glGetString(GL_RENDERER)),
               reinterpret_cast<const char*>(glGetString(GL_VERSION)));
  build_scene();
  if (failures) return 1;
  for (Case c : kCases) {
    auto* b = benchmark::RegisterBenchmark(case_name(c), [c](benchmark::State& state) { run(state, c); });
    b->UseRealTime()->Unit(benchmark::kMillisecond);
    if (smoke) b->Iterations(1);
    else b->MinTime(1.5);
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return failures ? 1 : 0;
}
