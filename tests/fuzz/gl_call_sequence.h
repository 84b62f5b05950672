// The GL call-sequence decoder shared by the fuzz drivers (issue 20 item 3): bytes become a
// sequence of GL calls over textures, buffers, framebuffers, queries, debug, programs, vertex arrays
// and draws, with edge-value sizes, offsets, names and enums. Client memory is allocated with
// exactly the size the call's arguments legitimately need, so a sanitizer sees any read or write
// past it. Uses only the system libEGL/libGL (the driver is chosen by libglvnd's environment).
#pragma once

#include <cstddef>
#include <cstdint>

namespace glvk::fuzz {

// Creates the surfaceless GL 4.6 core context once (false when none can be made).
bool init_context();

// Runs the calls `data` decodes into, then deletes every object they made and clears the error.
void run_sequence(const std::uint8_t* data, std::size_t size);

}  // namespace glvk::fuzz
