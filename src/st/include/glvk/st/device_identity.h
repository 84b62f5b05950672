// What the device is, for window-system queries that describe the renderer before a context
// exists (GLX_MESA_query_renderer).
#pragma once

#include <cstdint>

namespace glvk::st {

class Screen;

struct DeviceIdentity {
  std::uint32_t vendor_id = 0, device_id = 0;  // the device's (PCI ids for PCI devices; Khronos ids above 0xffff)
  bool cpu = false;         // a software rasterizer (lavapipe)
  bool integrated = false;  // an integrated GPU: one memory with the host
  std::uint64_t device_local_bytes = 0;  // the sum of the device-local heaps
};

DeviceIdentity device_identity(const Screen& screen);

}  // namespace glvk::st
