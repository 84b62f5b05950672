// Texture objects (GL state): per-level images as the application specified them, the resource
// that holds their texels, and sampler-like parameters.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "glvk/formats/format.h"
#include "glvk/gl/gl_headers.h"

namespace glvk::st {
class Texture;
}

namespace glvk::gl {

struct BufferObject;

// Implementation limits (GL_MAX_*): glvk's own, within what every Vulkan 1.3 device supports
// for sampled 2D images (maxImageDimension2D >= 4096 is required; lavapipe offers 16384).
inline constexpr GLint kMaxTextureSize = 16384;
inline constexpr GLint kMax3DTextureSize = 2048;
inline constexpr GLint kMaxCubeMapTextureSize = 16384;
inline constexpr GLint kMaxRectangleTextureSize = 16384;
inline constexpr GLint kMaxArrayTextureLayers = 2048;
inline constexpr unsigned kMaxTextureLevels = 15;  // log2(16384) + 1
inline constexpr unsigned kMaxTextureUnits = 96;  // MAX_COMBINED_TEXTURE_IMAGE_UNITS (GL 4.6: at least 80)

// OES_EGL_image_external's enums (OpenGL ES headers only).
inline constexpr GLenum GL_TEXTURE_EXTERNAL_OES = 0x8D65;
inline constexpr GLenum GL_SAMPLER_EXTERNAL_OES = 0x8D66;
inline constexpr GLenum GL_TEXTURE_BINDING_EXTERNAL_OES = 0x8D67;
inline constexpr GLenum GL_REQUIRED_TEXTURE_IMAGE_UNITS_OES = 0x8D68;

// The binding targets, in the order of Context::bound_textures' inner array. GL_TEXTURE_EXTERNAL_OES
// (EGL images, OES_EGL_image_external) is an ES context's only.
inline constexpr GLenum kTextureTargets[] = {
    GL_TEXTURE_1D,       GL_TEXTURE_2D,       GL_TEXTURE_3D,       GL_TEXTURE_1D_ARRAY,
    GL_TEXTURE_2D_ARRAY, GL_TEXTURE_RECTANGLE, GL_TEXTURE_CUBE_MAP, GL_TEXTURE_CUBE_MAP_ARRAY,
    GL_TEXTURE_BUFFER,   GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_2D_MULTISAMPLE_ARRAY, GL_TEXTURE_EXTERNAL_OES};
inline constexpr std::size_t kTextureTargetCount = std::size(kTextureTargets);

// gl_texture_image: one (face, level) as specified. Undefined while internal_format is 0.
struct TextureImage {
  GLint internal_format = 0;
  GLenum base_format = 0;
  formats::Format format = formats::Format::NONE;   // what GL sees (TexFormat)
  formats::Format storage = formats::Format::NONE;  // what the resource holds
  GLsizei width = 0, height = 0, depth = 0;         // depth: slices (3D) or layers (arrays)
  GLsizei samples = 0;                              // multisample textures: the count allocated
  bool fixed_sample_locations = true;
  // The application's compressed blocks when the device lacks the format and the resource holds
  // decoded texels: what glGetCompressedTexImage returns.
  std::shared_ptr<std::vector<std::byte>> compressed_blocks;
  bool defined() const { return internal_format != 0; }
};

// The sampler state of GL 4.6 table 23.18: a texture's own, or a sampler object's (8.2).
struct SamplerParameters {
  GLenum min_filter = GL_NEAREST_MIPMAP_LINEAR, mag_filter = GL_LINEAR;
  GLenum wrap_s = GL_REPEAT, wrap_t = GL_REPEAT, wrap_r = GL_REPEAT;
  GLfloat min_lod = -1000.0f, max_lod = 1000.0f;
  GLfloat lod_bias = 0.0f;
  GLfloat max_anisotropy = 1.0f;
  GLenum compare_mode = GL_NONE, compare_func = GL_LEQUAL;
  std::array<GLfloat, 4> border_color{0, 0, 0, 0};
  // glTexParameterIiv/Iuiv store the border colour unconverted: then these words hold it, as
  // signed or unsigned integers (the spec leaves a query of the other type undefined).
  enum class BorderColorType { FLOAT, INT, UINT } border_color_type = BorderColorType::FLOAT;
  std::array<GLint, 4> border_color_integer{0, 0, 0, 0};
};

// A sampler object (GL 4.6 8.2): sampler state bound to texture units, overriding the textures'.
struct SamplerObject : SamplerParameters {
  explicit SamplerObject(GLuint object_name) : name(object_name) {}
  GLuint name;
  std::string label;
};

struct TextureObject : SamplerParameters {
  explicit TextureObject(GLuint object_name, GLenum object_target = 0) : name(object_name), target(object_target) {
    // GL 4.6 table 23.18's note and OES_EGL_image_external: rectangle and external textures start
    // with LINEAR minification and CLAMP_TO_EDGE wraps (they have one level and no repeat).
    if (target == GL_TEXTURE_RECTANGLE || target == GL_TEXTURE_EXTERNAL_OES) {
      min_filter = GL_LINEAR;
      wrap_s = wrap_t = wrap_r = GL_CLAMP_TO_EDGE;
    }
  }
  GLuint name;
  GLenum target;  // 0 until first bound
  std::array<std::array<TextureImage, kMaxTextureLevels>, 6> images{};  // [face][level]
  bool immutable = false;
  GLint immutable_levels = 0;
  // Texture views (GL 4.6 section 8.18): the levels and layers of the immutable storage this
  // texture covers (glTexStorage: 0, levels, 0, layers; glTextureView: relative to the storage).
  GLint view_min_level = 0, view_num_levels = 0, view_min_layer = 0, view_num_layers = 0;
  std::shared_ptr<st::Texture> resource;  // null until texels exist
  // The target of an EGL image (glEGLImageTargetTexture2DOES): `resource` is the image's, shared;
  // specifying the texture again gives it storage of its own (orphaning, OES_EGL_image).
  bool egl_image_target = false;

  // Buffer textures (glTexBuffer): the buffer's range, viewed as texels of the internal format.
  std::shared_ptr<BufferObject> buffer;
  GLintptr buffer_offset = 0;
  GLsizeiptr buffer_size = -1;  // -1: the whole buffer, whatever its size becomes

  GLint base_level = 0, max_level = 1000;
  std::array<GLint, 4> swizzle{GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA};
  GLenum depth_stencil_mode = GL_DEPTH_COMPONENT;
  GLenum depth_texture_mode = GL_LUMINANCE;  // compatibility profile (ARB_depth_texture)
  GLfloat priority = 1;                      // compatibility: TEXTURE_PRIORITY (glPrioritizeTextures; a hint)
  bool generate_mipmap = false;              // compatibility profile: levels follow the base level
  std::string label;
};

}  // namespace glvk::gl
