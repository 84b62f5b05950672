// Conversion-engine throughput on 2048x2048 images, each next to memcpy of the same number of bytes
// (the larger of the source and destination images) measured in the same run; the ratio table is
// printed after the Google Benchmark output.
#include <glvk/formats/convert.h>

#include <benchmark/benchmark.h>

#include <GL/gl.h>
#include <GL/glext.h>

#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace {

using glvk::formats::ConvertStatus;
using glvk::formats::Format;
using glvk::formats::PixelFormat;

constexpr unsigned kSize = 2048;

struct Case {
  const char* name;
  PixelFormat src, dst;
  double target;  // required fraction of memcpy (0: informational)
  bool generic = false;  // convert_generic: the path a fast path replaces, measured in the same run
};

std::vector<Case>& cases() {
  static std::vector<Case> list = {
      {"BGRA8->RGBA8", Format::B8G8R8A8_UNORM, Format::R8G8B8A8_UNORM, 0.5},
      {"RGB8->RGBX8", Format::R8G8B8_UNORM, Format::R8G8B8X8_UNORM, 0.5},
      {"GL_RGB/UBYTE->RGBA8", *PixelFormat::from_gl(GL_RGB, GL_UNSIGNED_BYTE), Format::R8G8B8A8_UNORM, 0.5},
      {"RGBA8->RGBA32F", Format::R8G8B8A8_UNORM, Format::R32G32B32A32_FLOAT, 0.25},
      {"RGBA32F->RGBA8", Format::R32G32B32A32_FLOAT, Format::R8G8B8A8_UNORM, 0.25},
      {"BGRA8->GL_RGBA/FLOAT", Format::B8G8R8A8_UNORM, *PixelFormat::from_gl(GL_RGBA, GL_FLOAT), 0.25},
      {"Z24S8->GL_DEPTH_STENCIL/24_8", Format::Z24_UNORM_S8_UINT, *PixelFormat::from_gl(GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8), 0.0},
      {"RGBA8->RGBA8 (copy)", Format::R8G8B8A8_UNORM, Format::R8G8B8A8_UNORM, 0.0},
      {"RGBA8->B5G6R5", Format::R8G8B8A8_UNORM, Format::B5G6R5_UNORM, 0.25},
      {"RGBA8->B5G6R5 (generic)", Format::R8G8B8A8_UNORM, Format::B5G6R5_UNORM, 0.0, true},
      {"B5G6R5->RGBA8", Format::B5G6R5_UNORM, Format::R8G8B8A8_UNORM, 0.25},
      {"B5G6R5->RGBA8 (generic)", Format::B5G6R5_UNORM, Format::R8G8B8A8_UNORM, 0.0, true},
      {"GL_RGBA/4444->BGRA8", *PixelFormat::from_gl(GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4), Format::B8G8R8A8_UNORM, 0.25},
      {"GL_RGBA/4444->BGRA8 (generic)", *PixelFormat::from_gl(GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4),
       Format::B8G8R8A8_UNORM, 0.0, true},
      {"GL_RGB/FLOAT->RGB9E5", *PixelFormat::from_gl(GL_RGB, GL_FLOAT), Format::R9G9B9E5_FLOAT, 0.25},
      {"GL_RGB/FLOAT->RGB9E5 (generic)", *PixelFormat::from_gl(GL_RGB, GL_FLOAT), Format::R9G9B9E5_FLOAT, 0.0, true},
      {"RGB9E5->GL_RGBA/FLOAT", Format::R9G9B9E5_FLOAT, *PixelFormat::from_gl(GL_RGBA, GL_FLOAT), 0.25},
      {"RGB9E5->GL_RGBA/FLOAT (generic)", Format::R9G9B9E5_FLOAT, *PixelFormat::from_gl(GL_RGBA, GL_FLOAT), 0.0, true},
  };
  return list;
}

size_t image_bytes(const PixelFormat& f) { return size_t(kSize) * kSize * f.bytes_per_block(); }
size_t compared_bytes(const Case& c) { return std::max(image_bytes(c.src), image_bytes(c.dst)); }

void bm_convert(benchmark::State& state, const Case* c) {
  std::vector<uint8_t> src(image_bytes(c->src)), dst(image_bytes(c->dst));
  for (size_t i = 0; i < src.size(); ++i) src[i] = uint8_t(i * 2654435761u >> 24);
  if (c->src.desc().is_float_any)  // finite floats in [0, 1]
    for (size_t i = 0; i + 4 <= src.size(); i += 4) {
      const float v = float(i % 1021) / 1020.0f;
      std::memcpy(&src[i], &v, 4);
    }
  const size_t src_stride = src.size() / kSize, dst_stride = dst.size() / kSize;
  for (auto _ : state) {
    using Convert = ConvertStatus (*)(void*, const PixelFormat&, size_t, const void*, const PixelFormat&, size_t,
                                      unsigned, unsigned, const glvk::formats::ConvertParams&);
    const Convert convert = c->generic ? Convert(glvk::formats::convert_generic) : Convert(glvk::formats::convert);
    const ConvertStatus s = convert(dst.data(), c->dst, dst_stride, src.data(), c->src, src_stride, kSize, kSize, {});
    if (s != ConvertStatus::OK) state.SkipWithError("conversion failed");
    benchmark::DoNotOptimize(dst.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(compared_bytes(*c)));
  state.SetLabel(c->generic ? "generic" : glvk::formats::convert_path_name(c->dst, c->src));
}

void bm_memcpy(benchmark::State& state, size_t bytes) {
  std::vector<uint8_t> src(bytes, 1), dst(bytes);
  for (auto _ : state) {
    std::memcpy(dst.data(), src.data(), bytes);
    benchmark::DoNotOptimize(dst.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(bytes));
}

// Keeps every run's time per iteration so the ratios can be printed after the normal report.
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& r : runs) times_[r.benchmark_name()] = r.GetAdjustedRealTime();
    ConsoleReporter::ReportRuns(runs);
  }
  const std::map<std::string, double>& times() const { return times_; }

 private:
  std::map<std::string, double> times_;
};

std::string memcpy_name(const char* case_name) { return "memcpy/same-bytes-as/" + std::string(case_name); }

}  // namespace

int main(int argc, char** argv) {
  // Each conversion right after its own memcpy of the same bytes, so both see the same machine load.
  for (const Case& c : cases()) {
    benchmark::RegisterBenchmark(memcpy_name(c.name).c_str(), bm_memcpy, compared_bytes(c))->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("convert/" + std::string(c.name)).c_str(), bm_convert, &c)->Unit(benchmark::kMillisecond);
  }
  benchmark::Initialize(&argc, argv);
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();

  std::printf("\n%-32s %12s %12s %10s %8s\n", "conversion (2048x2048)", "time ms", "memcpy ms", "ratio", "target");
  int missed = 0;
  for (const Case& c : cases()) {
    const auto conv = reporter.times().find("convert/" + std::string(c.name));
    const auto copy = reporter.times().find(memcpy_name(c.name));
    if (conv == reporter.times().end() || copy == reporter.times().end()) continue;  // filtered out
    const double ratio = copy->second / conv->second;
    const bool ok = c.target == 0.0 || ratio >= c.target;
    missed += !ok;
    std::printf("%-32s %12.3f %12.3f %9.0f%% %7.0f%%%s\n", c.name, conv->second, copy->second, ratio * 100.0,
                c.target * 100.0, ok ? "" : "  MISSED");
  }
  std::printf("targets missed: %d (memcpy here is glibc's; for copies this large it may use non-temporal\n"
              "stores, so cache-resident conversions can beat it)\n", missed);
  return 0;
}
