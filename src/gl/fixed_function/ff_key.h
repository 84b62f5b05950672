// The fixed-function pipeline as a compact state key (the role of Mesa's ffvertex_prog /
// ff_fragment_shader keys): everything that changes the generated GLSL, and nothing that only
// changes a uniform value. Private to src/gl.
#pragma once

#include <array>
#include <compare>
#include <cstdint>
#include <string>

#include "glvk/gl/legacy_state.h"

namespace glvk::gl::ff {

enum class TexTarget : std::uint8_t { None, Tex1D, Tex2D, Tex3D, Cube, Rect };
enum class EnvMode : std::uint8_t { Modulate, Replace, Decal, Blend, Add, Combine };
// What a texture's base internal format supplies (GL 4.6 compatibility table 16.1's columns):
// ALPHA only, colour without alpha (LUMINANCE, RGB), colour and alpha (LUMINANCE_ALPHA, RGBA),
// or INTENSITY (one value for both, with its own BLEND and ADD alpha rules).
enum class BaseClass : std::uint8_t { Alpha, Color, ColorAlpha, Intensity };

// GL_COMBINE's state (TexEnvCombine) as GL enums in 16 bits; all zero unless the mode is Combine,
// so that keys of other modes do not split on it.
struct CombineKey {
  std::uint16_t rgb = 0, alpha = 0;
  std::array<std::uint16_t, 3> src_rgb{}, src_alpha{}, operand_rgb{}, operand_alpha{};
  std::uint8_t rgb_scale = 0, alpha_scale = 0;
  auto operator<=>(const CombineKey&) const = default;
};

// Texture coordinate generation of one coordinate (glTexGen's TEXTURE_GEN_MODE when enabled).
enum class TexGen : std::uint8_t { Off, ObjectLinear, EyeLinear, SphereMap, NormalMap, ReflectionMap };

struct TextureUnitKey {
  TexTarget target = TexTarget::None;  // None: texturing off for the unit
  std::array<TexGen, 4> texgen{};      // S, T, R, Q (only for units that texture)
  EnvMode mode = EnvMode::Modulate;
  BaseClass base = BaseClass::ColorAlpha;
  CombineKey combine;
  std::uint8_t gl_clamp = 0;  // bit c: coordinate c (s, t, r) clamped to [0, 1] (gl_clamp_coords)
  // A depth texture with TEXTURE_COMPARE_MODE COMPARE_REF_TO_TEXTURE (1D, 2D, rectangle): the
  // lookup compares r with the depth (8.23.1) and the result stands for the depth.
  bool shadow = false;
  auto operator<=>(const TextureUnitKey&) const = default;
};

// Which material colours follow the current colour (glColorMaterial's mode).
enum ColorMaterialBits : std::uint8_t {
  kCmAmbient = 1, kCmDiffuse = 2, kCmSpecular = 4, kCmEmission = 8,
};

// A GLSL program that lacks a vertex or fragment shader gets the fixed-function stage in its place
// (GL 4.6 compatibility 11.1 and 15: the missing stage is fixed-function processing), linked with
// the user's stage through the compatibility varyings (gl_FrontColor, gl_TexCoord[], ...).
enum class Partner : std::uint8_t {
  None,          // the whole fixed-function program
  UserFragment,  // only the vertex stage is generated; the user's fragment shader reads its outputs
  UserVertex,    // only the fragment stage is generated, reading the user's vertex shader's varyings
};
// The compatibility varyings a user fragment shader reads (Partner::UserFragment): the generated
// vertex stage writes exactly these (an output nobody reads is a validation warning).
enum PartnerReads : std::uint8_t { kReadsColor = 1, kReadsSecondary = 2, kReadsTexCoord = 4, kReadsFog = 8 };

struct Key {
  Partner partner = Partner::None;
  std::uint8_t partner_reads = 0;  // PartnerReads, with Partner::UserFragment
  // Vertex stage.
  bool lighting = false;
  std::uint8_t lights = 0;        // bit i: LIGHTi enabled (with lighting)
  std::uint8_t local_lights = 0;  // bit i: positional (w != 0): attenuation applies
  std::uint8_t spot_lights = 0;   // bit i: SPOT_CUTOFF != 180 (positional or directional)
  bool two_side = false, local_viewer = false, separate_specular = false;
  std::array<std::uint8_t, 2> color_material{};  // per face (front, back): ColorMaterialBits
  bool normalize = false, rescale_normal = false;
  std::uint8_t clip_planes = 0;    // bit i: CLIP_PLANEi enabled (clipped against its eye-space plane)
  bool point_attenuation = false;  // POINT_DISTANCE_ATTENUATION is not (1, 0, 0)
  // Fragment stage.
  bool flat = false;               // glShadeModel(GL_FLAT)
  bool color_sum = false;          // add the secondary colour after texturing
  std::uint8_t fog = 0;            // 0 off, 1 LINEAR, 2 EXP, 3 EXP2
  bool fog_coord_attrib = false;   // FOG_COORD_SRC = FOG_COORD (else the eye distance)
  bool polygon_stipple = false;    // POLYGON_STIPPLE on a filled polygon primitive
  std::uint8_t coord_replace = 0;  // POINT_SPRITE on points: bit u, unit u's coordinates replaced
  bool sprite_upper_left = false;  // POINT_SPRITE_COORD_ORIGIN UPPER_LEFT (t = 1 - the point's y)
  std::array<TextureUnitKey, kFixedTextureUnits> units{};
  // A pixel rectangle (glDrawPixels, glBitmap, glCopyPixels): vertices come in clip coordinates
  // with the raster position's colours, texture coordinates and distance (fog coordinate), and
  // fragments take their colour (or depth, or coverage) from the texel under them.
  PixelSource pixels = PixelSource::None;
  bool pixel_transfer = false;  // a scale or bias that is not the identity applies to the pixels

  auto operator<=>(const Key&) const = default;
};

// The generated GLSL (#version 330 core: glslang's relaxed Vulkan rules take it). Inputs are at
// the LegacyAttrib locations; uniforms are loose ones named ff_* (the default uniform block),
// written by ff_program.cpp from context state on every draw.
// With a partner, the text is "#version 330 compatibility": the compatibility varyings are named by
// their gl_ names and lowered by src/glsl like a user shader's.
std::string vertex_shader(const Key& key);
std::string fragment_shader(const Key& key);

// Whether the vertex stage writes unit u's texture coordinates (and reads its matrix and planes).
inline bool writes_texcoord(const Key& key, unsigned u) {
  return key.partner == Partner::UserFragment ? (key.partner_reads & kReadsTexCoord) != 0
                                              : key.units[u].target != TexTarget::None;
}

}  // namespace glvk::gl::ff
