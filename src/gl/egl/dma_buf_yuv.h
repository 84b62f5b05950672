// The YUV formats EGL_EXT_image_dma_buf_import takes (NV12, NV21, P010, YU12, YV12, YUYV, UYVY),
// converted to RGBA8 on import (dma_buf_yuv.cpp). Knows neither EGL nor GL: bytes in, bytes out.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace glvk::gl::egl {

enum class YuvColourSpace { BT601, BT709, BT2020 };

struct YuvPlane {
  const std::uint8_t* data = nullptr;  // the plane's first row
  std::size_t pitch = 0;               // bytes from one row to the next
  std::size_t size = 0;                // bytes readable from `data`
};

struct YuvImage {
  std::uint32_t fourcc = 0;
  int width = 0, height = 0;
  YuvPlane planes[3];
  YuvColourSpace colour_space = YuvColourSpace::BT601;
  bool full_range = false;
};

// Whether `rows` rows of `row_bytes`, `pitch` apart, lie within `size` bytes (no overflow, whatever
// the application's pitch).
inline bool rows_fit(std::size_t size, std::size_t pitch, std::size_t rows, std::size_t row_bytes) {
  if (rows == 0) return true;
  if (row_bytes > size) return false;
  return rows == 1 || (pitch != 0 && rows - 1 <= (size - row_bytes) / pitch);
}

// The planes a YUV format has (1-3), 0 for a format that is not one of them.
int yuv_plane_count(std::uint32_t fourcc);

// RGBA8 texels, rows top first as the planes hold them; false when a plane is too small for the
// size (or the format unknown).
bool convert_yuv(const YuvImage& image, std::vector<std::byte>& rgba);

}  // namespace glvk::gl::egl
