// YUV dma-bufs (EGL_EXT_image_dma_buf_import) converted to RGBA8 at import: Y'CbCr samples of 8 or
// 10 bits (P010 keeps them in the top bits of 16), narrow or full range (EGL_SAMPLE_RANGE_HINT_EXT),
// BT.601, BT.709 or BT.2020 (EGL_YUV_COLOR_SPACE_HINT_EXT: their Kr and Kb). Each pixel takes the
// chroma sample of its 2x2 (4:2:0) or 2x1 (4:2:2) block: the chroma siting hints choose where a
// filter would interpolate between samples, and nearest sampling has nothing between them.
#include "dma_buf_yuv.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace glvk::gl::egl {
namespace {

constexpr std::uint32_t fourcc(char a, char b, char c, char d) {
  return std::uint32_t(a) | std::uint32_t(b) << 8 | std::uint32_t(c) << 16 | std::uint32_t(d) << 24;
}

// Where a format's samples are: planes, the byte offsets of Y, Cb and Cr within a pixel pair (packed
// 4:2:2) or within a chroma pair (semi-planar), and the subsampling.
enum class Layout { SEMI_PLANAR, PLANAR, PACKED };
struct YuvFormat {
  std::uint32_t fourcc;
  Layout layout;
  int planes;
  bool ten_bit;           // 16-bit samples holding 10 bits in their top bits (P010)
  bool vertical_halved;   // 4:2:0 (else 4:2:2: full-height chroma)
  int y0, y1, cb, cr;     // packed: byte offsets in each 4-byte pixel pair; semi-planar: cb, cr
                          // index the chroma pair; planar: cb and cr are the planes (1 or 2)
};
constexpr YuvFormat kYuvFormats[] = {
    {fourcc('N', 'V', '1', '2'), Layout::SEMI_PLANAR, 2, false, true, 0, 0, 0, 1},
    {fourcc('N', 'V', '2', '1'), Layout::SEMI_PLANAR, 2, false, true, 0, 0, 1, 0},
    {fourcc('P', '0', '1', '0'), Layout::SEMI_PLANAR, 2, true, true, 0, 0, 0, 1},
    {fourcc('Y', 'U', '1', '2'), Layout::PLANAR, 3, false, true, 0, 0, 1, 2},
    {fourcc('Y', 'V', '1', '2'), Layout::PLANAR, 3, false, true, 0, 0, 2, 1},
    {fourcc('Y', 'U', 'Y', 'V'), Layout::PACKED, 1, false, false, 0, 2, 1, 3},
    {fourcc('U', 'Y', 'V', 'Y'), Layout::PACKED, 1, false, false, 1, 3, 0, 2},
};

const YuvFormat* find(std::uint32_t code) {
  for (const YuvFormat& f : kYuvFormats)
    if (f.fourcc == code) return &f;
  return nullptr;
}

struct Coefficients {
  double kr, kb;
};

Coefficients coefficients(YuvColourSpace space) {
  switch (space) {
    case YuvColourSpace::BT709: return {0.2126, 0.0722};
    case YuvColourSpace::BT2020: return {0.2627, 0.0593};
    default: return {0.299, 0.114};
  }
}

std::uint8_t to_byte(double v) { return std::uint8_t(std::lround(std::clamp(v, 0.0, 1.0) * 255.0)); }

}  // namespace

int yuv_plane_count(std::uint32_t code) {
  const YuvFormat* f = find(code);
  return f ? f->planes : 0;
}

bool convert_yuv(const YuvImage& in, std::vector<std::byte>& rgba) {
  const YuvFormat* f = find(in.fourcc);
  if (!f || in.width <= 0 || in.height <= 0) return false;
  const int chroma_width = (in.width + 1) / 2, chroma_height = f->vertical_halved ? (in.height + 1) / 2 : in.height;
  const int sample_bytes = f->ten_bit ? 2 : 1;
  // The sizes each plane must have: rows of the plane's width in samples.
  auto fits = [&](int plane, int row_bytes, int rows) {
    return in.planes[plane].data && in.planes[plane].pitch >= std::size_t(row_bytes) &&
           rows_fit(in.planes[plane].size, in.planes[plane].pitch, std::size_t(rows), std::size_t(row_bytes));
  };
  if (f->layout == Layout::PACKED) {
    if (!fits(0, chroma_width * 4, in.height)) return false;
  } else if (!fits(0, in.width * sample_bytes, in.height) ||
             (f->layout == Layout::SEMI_PLANAR && !fits(1, chroma_width * 2 * sample_bytes, chroma_height)) ||
             (f->layout == Layout::PLANAR && (!fits(1, chroma_width, chroma_height) || !fits(2, chroma_width, chroma_height)))) {
    return false;
  }
  const int bits = f->ten_bit ? 10 : 8;
  const double scale = double(1 << (bits - 8));
  const double max = double((1 << bits) - 1);
  const Coefficients k = coefficients(in.colour_space);
  const double kg = 1.0 - k.kr - k.kb;
  auto sample = [&](int plane, std::size_t row, std::size_t index) -> double {
    const std::uint8_t* p = in.planes[plane].data + row * in.planes[plane].pitch + index * std::size_t(sample_bytes);
    if (!f->ten_bit) return double(p[0]);
    return double((unsigned(p[0]) | unsigned(p[1]) << 8) >> 6);  // 10 bits in 15..6
  };
  rgba.resize(std::size_t(in.width) * std::size_t(in.height) * 4);
  for (int y = 0; y < in.height; ++y) {
    const std::size_t crow = std::size_t(f->vertical_halved ? y / 2 : y);
    for (int x = 0; x < in.width; ++x) {
      const std::size_t cx = std::size_t(x / 2);
      double Y = 0, Cb = 0, Cr = 0;
      switch (f->layout) {
        case Layout::SEMI_PLANAR:
          Y = sample(0, std::size_t(y), std::size_t(x));
          Cb = sample(1, crow, cx * 2 + std::size_t(f->cb));
          Cr = sample(1, crow, cx * 2 + std::size_t(f->cr));
          break;
        case Layout::PLANAR:
          Y = sample(0, std::size_t(y), std::size_t(x));
          Cb = sample(f->cb, crow, cx);
          Cr = sample(f->cr, crow, cx);
          break;
        case Layout::PACKED: {
          const std::uint8_t* pair = in.planes[0].data + std::size_t(y) * in.planes[0].pitch + cx * 4;
          Y = pair[x % 2 ? f->y1 : f->y0];
          Cb = pair[f->cb];
          Cr = pair[f->cr];
          break;
        }
      }
      // Normalized Y' in [0, 1] and Cb, Cr in [-0.5, 0.5] (BT.601/709/2020's quantization).
      const double yn = in.full_range ? Y / max : (Y - 16.0 * scale) / (219.0 * scale);
      const double cb = in.full_range ? (Cb - 128.0 * scale) / max : (Cb - 128.0 * scale) / (224.0 * scale);
      const double cr = in.full_range ? (Cr - 128.0 * scale) / max : (Cr - 128.0 * scale) / (224.0 * scale);
      const double r = yn + 2.0 * (1.0 - k.kr) * cr;
      const double b = yn + 2.0 * (1.0 - k.kb) * cb;
      const double g = (yn - k.kr * r - k.kb * b) / kg;
      std::byte* out = rgba.data() + (std::size_t(y) * std::size_t(in.width) + std::size_t(x)) * 4;
      out[0] = std::byte(to_byte(r));
      out[1] = std::byte(to_byte(g));
      out[2] = std::byte(to_byte(b));
      out[3] = std::byte(255);
    }
  }
  return true;
}

}  // namespace glvk::gl::egl
