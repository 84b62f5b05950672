// 2048x2048 glTexSubImage2D / glGetTexImage throughput through the system libEGL + libGL only, so the
// same binary measures glvk, Mesa llvmpipe and Mesa zink (the environment picks the driver; see
// compare_peers.sh). Each case reports MB/s and `vs_memcpy`: its throughput divided by memcpy's on
// the same number of bytes, measured in the same run.
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <map>
#include <vector>

namespace {

constexpr int kSize = 2048;

struct Case {
  const char* name;
  GLenum internal_format;
  GLenum format;
  GLenum type;
  int bytes_per_pixel;
};

constexpr Case kCases[] = {
    {"RGBA8<-RGBA/UNSIGNED_BYTE", GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 4},
    {"RGBA8<-BGRA/UNSIGNED_BYTE", GL_RGBA8, GL_BGRA, GL_UNSIGNED_BYTE, 4},
    {"RGB8<-RGB/UNSIGNED_BYTE", GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE, 3},
    {"RGBA8<-RGBA/FLOAT", GL_RGBA8, GL_RGBA, GL_FLOAT, 16},
    {"RGBA16F<-RGBA/FLOAT", GL_RGBA16F, GL_RGBA, GL_FLOAT, 16},
    {"RGBA32F<-RGBA/FLOAT", GL_RGBA32F, GL_RGBA, GL_FLOAT, 16},
    {"RGB565<-RGB/UNSIGNED_SHORT_5_6_5", GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, 2},
    {"LUMINANCE8<-LUMINANCE/UNSIGNED_BYTE", GL_LUMINANCE8, GL_LUMINANCE, GL_UNSIGNED_BYTE, 1},
    {"SRGB8_ALPHA8<-RGBA/UNSIGNED_BYTE", GL_SRGB8_ALPHA8, GL_RGBA, GL_UNSIGNED_BYTE, 4},
    {"DEPTH24_STENCIL8<-DEPTH_STENCIL/UNSIGNED_INT_24_8", GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL,
     GL_UNSIGNED_INT_24_8, 4},
    {"DEPTH_COMPONENT32F<-DEPTH_COMPONENT/FLOAT", GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT, 4},
};

// Best-of-several memcpy throughput (bytes/s) for a copy of `bytes`, cached per size.
double memcpy_rate(std::size_t bytes) {
  static std::map<std::size_t, double> cache;
  if (auto it = cache.find(bytes); it != cache.end()) return it->second;
  std::vector<unsigned char> src(bytes, 1), dst(bytes);
  double best = 0;
  for (int i = 0; i < 8; ++i) {
    const auto start = std::chrono::steady_clock::now();
    std::memcpy(dst.data(), src.data(), bytes);
    benchmark::DoNotOptimize(dst.data());
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    best = std::max(best, double(bytes) / elapsed.count());
  }
  return cache[bytes] = best;
}

bool make_context_current() {
  auto get_platform_display =
      reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(eglGetProcAddress("eglGetPlatformDisplayEXT"));
  if (!get_platform_display) return false;
  EGLDisplay display = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  if (!eglInitialize(display, nullptr, nullptr) || !eglBindAPI(EGL_OPENGL_API)) return false;
  const EGLint config_attributes[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                      EGL_NONE};
  EGLConfig config = nullptr;
  EGLint count = 0;
  eglChooseConfig(display, config_attributes, &config, 1, &count);
  EGLContext context = eglCreateContext(display, count ? config : nullptr, EGL_NO_CONTEXT, nullptr);
  return context != EGL_NO_CONTEXT && eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context);
}

// Bytes a case moves, and plausible contents (depth values must stay in [0,1] for FLOAT depth).
std::vector<unsigned char> make_pixels(const Case& c) {
  std::vector<unsigned char> pixels(std::size_t(kSize) * kSize * c.bytes_per_pixel);
  if (c.type == GL_FLOAT) {
    float* f = reinterpret_cast<float*>(pixels.data());
    for (std::size_t i = 0; i < pixels.size() / 4; ++i) f[i] = float(i % 251) / 250.0f;
  } else {
    for (std::size_t i = 0; i < pixels.size(); ++i) pixels[i] = static_cast<unsigned char>(i * 7);
  }
  return pixels;
}

GLuint make_texture(const Case& c, benchmark::State& state) {
  while (glGetError() != GL_NO_ERROR) {
  }
  GLuint texture = 0;
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GLint(c.internal_format), kSize, kSize, 0, c.format, c.type, nullptr);
  if (const GLenum error = glGetError(); error != GL_NO_ERROR) {
    char message[64];
    std::snprintf(message, sizeof message, "glTexImage2D raised GL error 0x%04x", error);
    state.SkipWithError(message);
  }
  return texture;
}

using Clock = std::chrono::steady_clock;

// CPU time of the whole process (every driver thread included), in seconds.
double process_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

struct Start {
  Clock::time_point wall = Clock::now();
  double cpu = process_cpu_seconds();
};

// Wall-clock time, not CPU time: drivers (zink, llvmpipe) do part of the work on their own threads.
// `cpu_MB/s` divides by the CPU time of all the process's threads instead: on a loaded machine it
// moves less than the wall clock, and it counts work spread over threads.
void report(benchmark::State& state, std::size_t bytes, const Start& start) {
  const std::chrono::duration<double> elapsed = Clock::now() - start.wall;
  const double moved = double(bytes) * double(state.iterations());
  const double rate = moved / elapsed.count();
  state.counters["MB/s"] = rate / 1e6;
  state.counters["vs_memcpy"] = rate / memcpy_rate(bytes);
  state.counters["cpu_MB/s"] = moved / std::max(process_cpu_seconds() - start.cpu, 1e-9) / 1e6;
}

void upload(benchmark::State& state, const Case& c) {
  const std::vector<unsigned char> pixels = make_pixels(c);
  GLuint texture = make_texture(c, state);
  const Start start;
  for (auto _ : state) {
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, kSize, kSize, c.format, c.type, pixels.data());
    glFinish();  // count the driver's deferred work too
  }
  report(state, pixels.size(), start);
  if (const GLenum error = glGetError(); error != GL_NO_ERROR) state.SkipWithError("glTexSubImage2D raised a GL error");
  glDeleteTextures(1, &texture);
}

void readback(benchmark::State& state, const Case& c) {
  const std::vector<unsigned char> pixels = make_pixels(c);
  std::vector<unsigned char> out(pixels.size());
  GLuint texture = make_texture(c, state);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, kSize, kSize, c.format, c.type, pixels.data());
  const Start start;
  for (auto _ : state) {
    glGetTexImage(GL_TEXTURE_2D, 0, c.format, c.type, out.data());
    benchmark::DoNotOptimize(out.data());
  }
  report(state, out.size(), start);
  if (const GLenum error = glGetError(); error != GL_NO_ERROR) state.SkipWithError("glGetTexImage raised a GL error");
  glDeleteTextures(1, &texture);
}

}  // namespace

int main(int argc, char** argv) {
  if (!make_context_current()) {
    std::fprintf(stderr, "texture_transfer_bench: no EGL surfaceless GL context (set XDG_RUNTIME_DIR?)\n");
    return 1;
  }
  std::fprintf(stderr, "driver: %s | %s\n", reinterpret_cast<const char*>(glGetString(GL_RENDERER)),
               reinterpret_cast<const char*>(glGetString(GL_VERSION)));
  for (const Case& c : kCases) {
    benchmark::RegisterBenchmark((std::string("upload/") + c.name).c_str(), upload, c)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime()
        ->MinTime(0.3);
    benchmark::RegisterBenchmark((std::string("readback/") + c.name).c_str(), readback, c)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime()
        ->MinTime(0.3);
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
