// The scene both draw benchmarks draw (draw_bench.cpp through EGL+GL, draw_vulkan_bench.cpp through
// plain Vulkan), so the two issue the same draws into the same framebuffer and check the same
// pixels: a 512x512 RGBA8 target; cases (a)/(b) draw 10,000 quads (two triangles each), one per
// 5x5-pixel cell of a 100x100 grid, each with its own rectangle and colour (a uniform change
// between draws); case (c) draws one 1,000,000-triangle mesh covering the whole target.
#pragma once

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string_view>
#include <vector>

namespace draw_scene {

constexpr int kSize = 512;          // framebuffer width and height
constexpr int kGrid = 100;          // cells per row and column
constexpr int kCell = 5;            // cell size in pixels
constexpr int kDraws = kGrid * kGrid;
constexpr int kQuadVertices = 6;    // two triangles
constexpr int kMeshColumns = 1000, kMeshRows = 500;
constexpr int kMeshTriangles = 2 * kMeshColumns * kMeshRows;  // 1,000,000

enum class Case { Uniform, Texture, Blend, Mesh };
constexpr Case kCases[] = {Case::Uniform, Case::Texture, Case::Blend, Case::Mesh};

inline const char* case_name(Case c) {
  switch (c) {
    case Case::Uniform: return "a_uniform_change";
    case Case::Texture: return "b_texture_change";
    case Case::Blend: return "b_blend_change";
    default: return "c_one_1M_triangle_draw";
  }
}
inline int draws_per_frame(Case c) { return c == Case::Mesh ? 1 : kDraws; }
inline double triangles_per_frame(Case c) { return c == Case::Mesh ? kMeshTriangles : 2.0 * kDraws; }

// Colours are multiples of 1/255 so the expected bytes are exact; blue stays below 128/255 so the
// additive blend with the clear colour never saturates.
inline std::array<int, 4> cell_color_bytes(int i) {
  return {(i * 37) % 256, (i * 91 + 11) % 256, (i * 53) % 128, 255};
}
constexpr std::array<int, 4> kClearBytes{0, 0, 51, 255};
constexpr std::array<int, 4> kMeshColorBytes{200, 40, 90, 255};
// Case (b) texture: even draws sample an all-white texture, odd draws an all-cyan one.
constexpr std::array<std::uint8_t, 4> kTexelEven{255, 255, 255, 255}, kTexelOdd{0, 255, 255, 255};

// The per-draw uniform data: rect (x, y, w, h in clip space), then colour (RGBA floats). The
// vertex shader places the unit quad at rect; the fragment shader writes colour (times the texel).
using Params = std::array<float, 8>;

inline Params cell_params(int i) {
  const int cx = i % kGrid, cy = i / kGrid;
  const float scale = 2.0f / kSize;
  const std::array<int, 4> c = cell_color_bytes(i);
  return {-1.0f + float(cx * kCell) * scale, -1.0f + float(cy * kCell) * scale, kCell * scale, kCell * scale,
          c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f, c[3] / 255.0f};
}

inline Params mesh_params() {
  return {-1.0f, -1.0f, 2.0f, 2.0f, kMeshColorBytes[0] / 255.0f, kMeshColorBytes[1] / 255.0f,
          kMeshColorBytes[2] / 255.0f, 1.0f};
}

// The unit quad (x, y in [0, 1]) as two triangles.
constexpr float kQuad[kQuadVertices * 2] = {0, 0, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1};

// The mesh: kMeshColumns x kMeshRows cells of [0,1]^2, two triangles each, every shared vertex
// computed the same way (a watertight cover: each pixel centre is in exactly one triangle).
inline std::vector<float> mesh_vertices() {
  std::vector<float> v;
  v.reserve(std::size_t(kMeshTriangles) * 6);
  auto push = [&](int x, int y) {
    v.push_back(float(x) / kMeshColumns);
    v.push_back(float(y) / kMeshRows);
  };
  for (int y = 0; y < kMeshRows; ++y)
    for (int x = 0; x < kMeshColumns; ++x) {
      push(x, y), push(x + 1, y), push(x + 1, y + 1);
      push(x, y), push(x + 1, y + 1), push(x, y + 1);
    }
  return v;
}

// The pixels a case checks after its last frame (GL window coordinates: row 0 at the bottom,
// which is also row 0 of the Vulkan image, as neither program flips y) and their expected bytes.
struct Probe {
  int x, y;
  std::array<int, 4> rgba;
};

inline std::vector<Probe> probes(Case c) {
  if (c == Case::Mesh)
    return {{0, 0, kMeshColorBytes}, {kSize / 2, kSize / 3, kMeshColorBytes}, {kSize - 1, kSize - 1, kMeshColorBytes}};
  std::vector<Probe> out;
  for (int i : {0, 1, 1234, 4321, kDraws - 1}) {
    std::array<int, 4> e = cell_color_bytes(i);
    if (c == Case::Texture && (i & 1)) e[0] = 0;  // times cyan
    if (c == Case::Blend && (i & 1))              // ONE, ONE onto the clear colour
      for (int k = 0; k < 4; ++k) e[k] = std::min(255, e[k] + kClearBytes[k]);
    out.push_back({(i % kGrid) * kCell + kCell / 2, (i / kGrid) * kCell + kCell / 2, e});
  }
  // Outside the grid: the clear colour.
  out.push_back({kSize - 3, kSize - 3, kClearBytes});
  return out;
}

// Compares a probe with the bytes read back (one step of tolerance for float rounding); prints
// the first mismatch and returns false on it.
inline bool probe_matches(const char* who, Case c, const Probe& p, const std::uint8_t* got) {
  for (int k = 0; k < 4; ++k)
    if (std::abs(int(got[k]) - p.rgba[k]) > 1) {
      std::fprintf(stderr, "%s %s: pixel (%d, %d) is (%d, %d, %d, %d), expected (%d, %d, %d, %d)\n", who,
                   case_name(c), p.x, p.y, got[0], got[1], got[2], got[3], p.rgba[0], p.rgba[1], p.rgba[2],
                   p.rgba[3]);
      return false;
    }
  return true;
}

using Clock = std::chrono::steady_clock;

// Where the timed frames start: wall clock and the CPU time of the whole process (every thread:
// the peers and lavapipe render on their own threads).
struct Start {
  Clock::time_point wall = Clock::now();
  double cpu = process_cpu_seconds();

  static double process_cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
  }
};

// Rates over the timed frames: draws/s and triangles/s by the wall clock (what the targets
// are about), and the process CPU time per frame, which a machine loaded by other work disturbs
// much less than the wall clock.
inline void report(benchmark::State& state, Case c, const Start& start) {
  const std::chrono::duration<double> elapsed = Clock::now() - start.wall;
  const double cpu = Start::process_cpu_seconds() - start.cpu;
  const double frames = double(state.iterations());
  state.counters["draws/s"] = frames * draws_per_frame(c) / elapsed.count();
  state.counters["triangles/s"] = frames * triangles_per_frame(c) / elapsed.count();
  state.counters["ms/frame"] = 1e3 * elapsed.count() / frames;
  state.counters["cpu_ms/frame"] = 1e3 * cpu / frames;
}

// Registers one benchmark per case, each iteration one frame: a few seconds each, or a single
// frame with --smoke (the first argument; removed from argv).
template <typename Run>
void register_cases(int& argc, char** argv, Run run) {
  const bool smoke = argc > 1 && std::string_view(argv[1]) == "--smoke";
  if (smoke) {
    for (int i = 1; i + 1 < argc; ++i) argv[i] = argv[i + 1];
    --argc;
  }
  for (Case c : kCases) {
    auto* b = benchmark::RegisterBenchmark(case_name(c), [run, c](benchmark::State& state) { run(state, c); });
    b->Unit(benchmark::kMillisecond)->UseRealTime();
    if (smoke) b->Iterations(1);
    else b->MinTime(c == Case::Mesh ? 2.0 : 1.5);
  }
}

}  // namespace draw_scene
