// pipe_screen: the device glvk renders with, shared by every context of the process.
#pragma once

#include <cstddef>
#include <atomic>
#include <memory>
#include <string>

namespace glvk::st {

// When buffer reads go through a readback staging buffer (si_buffer_transfer_map's read path).
// The values are in the order GLVK_BUFFER_READBACK spells them (Screen::shared).
enum class BufferReadback {
  Auto,     // when the memory is slow for the CPU to read: not HOST_CACHED (the seed's VRAM / GTT WC)
  Staging,  // the seed's domain rule: every read of a device-local buffer
  Direct,   // never, unless the memory is not host-visible at all
};

// Whether texture images are created so the CPU can write and read them in place (seed 003's
// "map the texture directly" case: LINEAR tiling in host-visible memory) instead of through staging.
// The values are in the order GLVK_TEXTURE_TILING spells them (Screen::shared).
enum class TextureTiling {
  Auto,     // in place on CPU devices (lavapipe: tiling buys nothing, all memory is host memory)
  Linear,   // in place wherever the device allows a linear image for the texture
  Optimal,  // never: always optimal tiling, uploads and readbacks through staging buffers
};

struct ScreenOptions {
  bool validation = false;      // enable VK_LAYER_KHRONOS_validation; any error or warning aborts
  std::string device_override;  // GLVK_DEVICE syntax; empty means the default rule
  BufferReadback buffer_readback = BufferReadback::Auto;  // GLVK_BUFFER_READBACK=auto|staging|direct
  TextureTiling texture_tiling = TextureTiling::Auto;     // GLVK_TEXTURE_TILING=auto|linear|optimal
};

class Screen {
 public:
  // The process-wide screen, created on first use from GLVK_VALIDATION and GLVK_DEVICE.
  // Throws (vk_backend::Error) when no device can be brought up.
  static std::shared_ptr<Screen> shared();

  explicit Screen(const ScreenOptions& options);
  ~Screen();
  Screen(const Screen&) = delete;
  Screen& operator=(const Screen&) = delete;

  std::string device_name() const;
  bool validation_enabled() const;
  // Validation errors and warnings so far.
  std::size_t validation_error_count() const;

  // Set once the device reported VK_ERROR_DEVICE_LOST: every context on this screen is then lost
  // (KHR_robustness). Any thread may read it.
  const std::atomic<bool>& device_lost_flag() const;

  struct Impl;
  Impl& impl() const { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace glvk::st
