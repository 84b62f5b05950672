// 4 MiB buffer uploads, readbacks and maps through the system libEGL + libGL only, so one binary
// measures glvk (`glvk run -- buffer_transfer_bench`), Mesa llvmpipe and zink. Each case reports
// MB/s and `vs_memcpy`: its throughput divided by memcpy's on the same bytes in the same run.
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>

namespace {

constexpr GLsizeiptr kBytes = 4 << 20;

double memcpy_rate() {
  static double best = 0;
  if (best > 0) return best;
  std::vector<unsigned char> src(kBytes, 1), dst(kBytes);
  for (int i = 0; i < 8; ++i) {
    const auto start = std::chrono::steady_clock::now();
    std::memcpy(dst.data(), src.data(), kBytes);
    benchmark::DoNotOptimize(dst.data());
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    best = std::max(best, double(kBytes) / elapsed.count());
  }
  return best;
}

bool make_context_current() {
  EGLDisplay display = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  if (display == EGL_NO_DISPLAY || !eglInitialize(display, nullptr, nullptr) || !eglBindAPI(EGL_OPENGL_API))
    return false;
  const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5, EGL_NONE};
  EGLContext context = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes);
  return context != EGL_NO_CONTEXT && eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context);
}

enum class Path { SubData, GetSubData, MapWriteInvalidate, MapRead, SubDataWhileCopyPending };

void run(benchmark::State& state, Path path, GLenum usage) {
  std::vector<unsigned char> data(kBytes, 7), back(kBytes);
  GLuint buffers[2];
  glGenBuffers(2, buffers);
  glBindBuffer(GL_COPY_WRITE_BUFFER, buffers[0]);
  glBufferData(GL_COPY_WRITE_BUFFER, kBytes, data.data(), usage);
  glBindBuffer(GL_COPY_READ_BUFFER, buffers[1]);
  glBufferData(GL_COPY_READ_BUFFER, kBytes, data.data(), GL_STATIC_DRAW);
  const auto start = std::chrono::steady_clock::now();
  for (auto _ : state) {
    switch (path) {
      case Path::SubData: glBufferSubData(GL_COPY_WRITE_BUFFER, 0, kBytes, data.data()); break;
      case Path::GetSubData: glGetBufferSubData(GL_COPY_WRITE_BUFFER, 0, kBytes, back.data()); break;
      case Path::MapWriteInvalidate: {
        void* map = glMapBufferRange(GL_COPY_WRITE_BUFFER, 0, kBytes, GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT);
        if (map) std::memcpy(map, data.data(), kBytes);
        glUnmapBuffer(GL_COPY_WRITE_BUFFER);
        break;
      }
      case Path::MapRead: {
        const void* map = glMapBufferRange(GL_COPY_WRITE_BUFFER, 0, kBytes, GL_MAP_READ_BIT);
        if (map) std::memcpy(back.data(), map, kBytes);
        glUnmapBuffer(GL_COPY_WRITE_BUFFER);
        break;
      }
      case Path::SubDataWhileCopyPending:
        // The buffer is the source of a GPU copy still queued: the upload must not wait for it.
        glCopyBufferSubData(GL_COPY_WRITE_BUFFER, GL_COPY_READ_BUFFER, 0, 0, kBytes);
        glBufferSubData(GL_COPY_WRITE_BUFFER, 0, kBytes, data.data());
        break;
    }
    benchmark::DoNotOptimize(back.data());
  }
  glFinish();
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
  if (glGetError() != GL_NO_ERROR) state.SkipWithError("GL error");
  glDeleteBuffers(2, buffers);
  const double rate = double(state.iterations()) * double(kBytes) / elapsed.count();  // bytes/s, GPU work included
  state.counters["MB_per_s"] = rate / 1e6;
  state.counters["vs_memcpy"] = rate / memcpy_rate();
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (!make_context_current()) {
    std::fprintf(stderr, "buffer_transfer_bench: no surfaceless desktop GL context (EGL error 0x%x)\n", eglGetError());
    return 1;
  }
  std::printf("GL_RENDERER: %s\n", reinterpret_cast<const char*>(glGetString(GL_RENDERER)));
  struct {
    const char* name;
    Path path;
    GLenum usage;
  } cases[] = {
      {"BufferSubData/STATIC_DRAW", Path::SubData, GL_STATIC_DRAW},
      {"BufferSubData/DYNAMIC_DRAW", Path::SubData, GL_DYNAMIC_DRAW},
      {"BufferSubData/copy_pending", Path::SubDataWhileCopyPending, GL_DYNAMIC_DRAW},
      {"GetBufferSubData/STATIC_DRAW", Path::GetSubData, GL_STATIC_DRAW},
      {"GetBufferSubData/STREAM_READ", Path::GetSubData, GL_STREAM_READ},
      {"MapWriteInvalidate/DYNAMIC_DRAW", Path::MapWriteInvalidate, GL_DYNAMIC_DRAW},
      {"MapRead/STREAM_READ", Path::MapRead, GL_STREAM_READ},
  };
  for (const auto& c : cases)
    benchmark::RegisterBenchmark(c.name, [c](benchmark::State& s) { run(s, c.path, c.usage); })
        ->Unit(benchmark::kMicrosecond)
        ->UseRealTime();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
