// The kind of resource a texture becomes (pipe_texture_target): shared by the state tracker's
// format choice and the AMD surface layout, so both speak of one set of targets.
#pragma once

#include <cstdint>

namespace glvk::formats {

enum class TextureTarget : std::uint8_t {
  BUFFER,
  TEXTURE_1D,
  TEXTURE_2D,
  TEXTURE_3D,
  TEXTURE_CUBE,
  TEXTURE_RECT,
  TEXTURE_1D_ARRAY,
  TEXTURE_2D_ARRAY,
  TEXTURE_CUBE_ARRAY,
};

}  // namespace glvk::formats
