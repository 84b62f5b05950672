// Descriptor words worked by hand from the register field definitions (bit ranges restated in
// each test) and the seed 000 rules; both front doors must agree.
#include <glvk/amd_descriptors/descriptors.h>

#include <gtest/gtest.h>

#include "test_templates.h"

namespace glvk::amd {
namespace {

using formats::Format;
using formats::Swizzle;

const Chip& chip(const char* name) { return *find_chip(name); }

Texture texture(const char* chip_name, SurfaceTemplate t, uint64_t va = 0x100000000ull) {
  auto tex = create_texture(chip(chip_name), t, va);
  EXPECT_TRUE(tex.ok()) << (tex.ok() ? "" : tex.error());
  return tex.ok() ? *tex : Texture{};
}

using testing::tmpl;

// SQ_SEL_X/Y/Z/W = 4..7 in DST_SEL_X 2:0, Y 5:3, Z 8:6, W 11:9.
constexpr uint32_t kSelXyzw = 4u | 5u << 3 | 6u << 6 | 7u << 9;  // 0xfac

TEST(AmdDescriptors, Rgba8Texture256OnTonga) {
  const Texture tex = texture("tonga", tmpl(TextureTarget::TEXTURE_2D, Format::R8G8B8A8_UNORM, 256, 256));
  auto w = make_texture_descriptor(chip("tonga"), tex, default_sampler_view(tex));
  ASSERT_TRUE(w.ok()) << w.error();
  EXPECT_EQ((*w)[0], 0x100000000ull >> 8);                 // BASE_ADDRESS = va >> 8
  EXPECT_EQ((*w)[1], 10u << 20 | 0u << 26);                // DATA_FORMAT 25:20 = 8_8_8_8 (10), NUM_FORMAT UNORM
  EXPECT_EQ((*w)[2], 255u | 255u << 14 | 4u << 28);        // WIDTH 13:0, HEIGHT 27:14, PERF_MOD 30:28
  EXPECT_EQ((*w)[3], kSelXyzw | 14u << 20 | 9u << 28);     // TILING_INDEX 24:20 = 14, TYPE 31:28 = 2D (9)
  EXPECT_EQ((*w)[4], 255u << 13);                          // DEPTH 12:0 = 0, PITCH 26:13 = 255
  EXPECT_EQ((*w)[5], 0u);
  EXPECT_EQ((*w)[6], 0u);
  EXPECT_EQ((*w)[7], 0u);  // GFX8: no sampler-clear word
}

TEST(AmdDescriptors, Word7ClearsAnisotropyForSingleLevelViewsOnGfx6And7) {
  // C_008F30_MAX_ANISO_RATIO: every bit except MAX_ANISO_RATIO (11:9).
  constexpr uint32_t kClearAniso = ~(7u << 9);
  for (const char* name : {"tahiti", "bonaire"}) {
    SCOPED_TRACE(name);
    const Texture tex = texture(name, tmpl(TextureTarget::TEXTURE_2D, Format::R8G8B8A8_UNORM, 64, 64, 1, 1, 3));
    SamplerView v = default_sampler_view(tex);
    auto all = make_texture_descriptor(chip(name), tex, v);
    ASSERT_TRUE(all.ok());
    EXPECT_EQ((*all)[7], 0xffffffffu);
    EXPECT_EQ((*all)[3] >> 25 & 1, 1u);  // POW2_PAD: the texture has several levels
    v.first_level = v.last_level = 1;
    auto one = make_texture_descriptor(chip(name), tex, v);
    ASSERT_TRUE(one.ok());
    EXPECT_EQ((*one)[7], kClearAniso);
    EXPECT_EQ((*one)[3] >> 12 & 15, 1u);  // BASE_LEVEL 15:12
    EXPECT_EQ((*one)[3] >> 16 & 15, 1u);  // LAST_LEVEL 19:16
    // MSAA textures keep word 7 zero.
    const Texture ms = texture(name, tmpl(TextureTarget::TEXTURE_2D, Format::R8G8B8A8_UNORM, 64, 64, 1, 1, 1, 4));
    auto msw = make_texture_descriptor(chip(name), ms, default_sampler_view(ms));
    ASSERT_TRUE(msw.ok());
    EXPECT_EQ((*msw)[7], 0u);
  }
}

struct TypeCase {
  TextureTarget target;
  uint32_t w, h, d, layers, samples;
  uint32_t type;         // SQ_RSRC_IMG_*
  uint32_t height_m1;    // WORD2.HEIGHT
  uint32_t depth_m1;     // WORD4.DEPTH
  uint32_t last_level;   // WORD3.LAST_LEVEL
};

TEST(AmdDescriptors, EveryResourceType) {
  const TypeCase cases[] = {
      {TextureTarget::TEXTURE_1D, 64, 1, 1, 1, 1, 8, 0, 0, 0},
      {TextureTarget::TEXTURE_2D, 64, 32, 1, 1, 1, 9, 31, 0, 0},
      {TextureTarget::TEXTURE_3D, 32, 32, 8, 1, 1, 10, 31, 7, 0},
      {TextureTarget::TEXTURE_CUBE, 32, 32, 1, 6, 1, 11, 31, 0, 0},
      {TextureTarget::TEXTURE_1D_ARRAY, 64, 1, 1, 5, 1, 12, 0, 4, 0},     // height 1, depth = layers
      {TextureTarget::TEXTURE_2D_ARRAY, 64, 32, 1, 5, 1, 13, 31, 4, 0},
      {TextureTarget::TEXTURE_2D, 64, 32, 1, 1, 4, 14, 31, 0, 2},        // MSAA: LAST_LEVEL = log2(4)
      {TextureTarget::TEXTURE_2D_ARRAY, 64, 32, 1, 3, 8, 15, 31, 2, 3},
      {TextureTarget::TEXTURE_CUBE_ARRAY, 32, 32, 1, 12, 1, 11, 31, 1, 0},  // depth = cubes
  };
  for (const TypeCase& c : cases) {
    SCOPED_TRACE(texture_target_name(c.target));
    SCOPED_TRACE(c.samples);
    const Texture tex = texture("tonga", tmpl(c.target, Format::R8G8B8A8_UNORM, c.w, c.h, c.d, c.layers, 1, c.samples));
    auto w = make_texture_descriptor(chip("tonga"), tex, default_sampler_view(tex));
    ASSERT_TRUE(w.ok()) << w.error();
    EXPECT_EQ((*w)[3] >> 28, c.type);
    EXPECT_EQ((*w)[2] & 0x3fff, c.w - 1);
    EXPECT_EQ((*w)[2] >> 14 & 0x3fff, c.height_m1);
    EXPECT_EQ((*w)[4] & 0x1fff, c.depth_m1);
    EXPECT_EQ((*w)[3] >> 16 & 15, c.last_level);
    // LAST_ARRAY: non-array 1D/2D/RECT and CUBE views end at their first layer (radeonsi).
    const bool single = c.target == TextureTarget::TEXTURE_1D || c.target == TextureTarget::TEXTURE_2D ||
                        c.target == TextureTarget::TEXTURE_RECT || c.target == TextureTarget::TEXTURE_CUBE;
    EXPECT_EQ((*w)[5] >> 13 & 0x1fff, single ? 0u : (c.target == TextureTarget::TEXTURE_3D ? c.d : c.layers) - 1);
  }
}

TEST(AmdDescriptors, SwizzlesComposeWithTheFormat) {
  const Texture la = texture("tonga", tmpl(TextureTarget::TEXTURE_2D, Format::L8A8_UNORM, 32, 32));
  auto w = make_texture_descriptor(chip("tonga"), la, default_sampler_view(la));
  ASSERT_TRUE(w.ok());
  EXPECT_EQ((*w)[3] & 0xfff, 4u | 4u << 3 | 4u << 6 | 5u << 9);  // L8A8 = xxxy
  EXPECT_EQ((*w)[1] >> 20 & 63, 3u);                              // 8_8
  SamplerView v = default_sampler_view(la);
  v.swizzle[0] = Swizzle::W;  // view .a -> the format's y
  v.swizzle[1] = Swizzle::ZERO;
  v.swizzle[2] = Swizzle::ONE;
  v.swizzle[3] = Swizzle::X;
  w = make_texture_descriptor(chip("tonga"), la, v);
  ASSERT_TRUE(w.ok());
  EXPECT_EQ((*w)[3] & 0xfff, 5u | 0u << 3 | 1u << 6 | 4u << 9);
}

TEST(AmdDescriptors, DepthAndStencilViewsOfZ24S8) {
  const Texture zs = texture("tonga", tmpl(TextureTarget::TEXTURE_2D, Format::Z24_UNORM_S8_UINT, 256, 256));
  auto depth = make_texture_descriptor(chip("tonga"), zs, default_sampler_view(zs));
  ASSERT_TRUE(depth.ok());
  EXPECT_EQ((*depth)[1] >> 20 & 63, 20u);  // IMG_DATA_FORMAT_8_24
  EXPECT_EQ((*depth)[1] >> 26 & 15, 0u);   // UNORM
  EXPECT_EQ((*depth)[3] & 0xfff, 4u | 4u << 3 | 4u << 6 | 4u << 9);  // xxxx
  SamplerView sv = default_sampler_view(zs);
  sv.format = Format::X24S8_UINT;
  auto stencil = make_texture_descriptor(chip("tonga"), zs, sv);
  ASSERT_TRUE(stencil.ok()) << stencil.error();
  EXPECT_EQ((*stencil)[1] >> 20 & 63, 1u);  // the stencil plane: IMG_DATA_FORMAT_8
  EXPECT_EQ((*stencil)[1] >> 26 & 15, 4u);  // UINT
  EXPECT_EQ((*stencil)[0], static_cast<uint32_t>((0x100000000ull + 256 * 256 * 4) >> 8));  // after the depth plane
}

TEST(AmdDescriptors, VulkanViewMatchesTheRadeonsiView) {
  const Texture tex = texture("tonga", tmpl(TextureTarget::TEXTURE_2D_ARRAY, Format::B8G8R8A8_UNORM, 128, 128, 1, 4, 8));
  SamplerView v = default_sampler_view(tex);
  v.first_level = 2;
  v.last_level = 4;
  v.first_layer = 1;
  v.last_layer = 2;
  v.swizzle[3] = Swizzle::ONE;
  auto gl = make_texture_descriptor(chip("tonga"), tex, v);
  VkImageViewDesc vk;
  vk.format = VK_FORMAT_B8G8R8A8_UNORM;
  vk.view_type = VK_IMAGE_VIEW_TYPE_2D_ARRAY;
  vk.components.a = VK_COMPONENT_SWIZZLE_ONE;
  vk.range = {VK_IMAGE_ASPECT_COLOR_BIT, 2, 3, 1, 2};
  auto radv = make_texture_descriptor_vk(chip("tonga"), tex, vk);
  ASSERT_TRUE(gl.ok());
  ASSERT_TRUE(radv.ok()) << radv.error();
  EXPECT_EQ(*gl, *radv);
  // BGRA: DST_SEL = zyx1 (B8G8R8A8 reads z as red), ONE = SQ_SEL_1.
  EXPECT_EQ((*gl)[3] & 0xfff, 6u | 5u << 3 | 4u << 6 | 1u << 9);
  // Stencil aspect of a D24S8 image = the X24S8 view.
  const Texture zs = texture("tonga", tmpl(TextureTarget::TEXTURE_2D, Format::Z24_UNORM_S8_UINT, 64, 64));
  VkImageViewDesc s;
  s.format = VK_FORMAT_D24_UNORM_S8_UINT;
  s.range = {VK_IMAGE_ASPECT_STENCIL_BIT, 0, VK_REMAINING_MIP_LEVELS, 0, VK_REMAINING_ARRAY_LAYERS};
  SamplerView sv = default_sampler_view(zs);
  sv.format = Format::X24S8_UINT;
  auto a = make_texture_descriptor_vk(chip("tonga"), zs, s);
  auto b = make_texture_descriptor(chip("tonga"), zs, sv);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(*a, *b);
}

TEST(AmdDescriptors, TypedBufferAppliesTheVIByteCountRule) {
  BufferView v{0x12345600, 4096, 256, 1024, Format::R32G32B32A32_FLOAT};
  auto vi = make_buffer_descriptor(chip("tonga"), v);
  auto ci = make_buffer_descriptor(chip("bonaire"), v);
  ASSERT_TRUE(vi.ok() && ci.ok());
  EXPECT_EQ((*vi)[0], 0x12345700u);                // base + offset
  EXPECT_EQ((*vi)[1], 16u << 16);                  // STRIDE 29:16, BASE_ADDRESS_HI 0
  EXPECT_EQ((*vi)[2], 1024u);                      // GFX8: 64 elements * 16 bytes
  EXPECT_EQ((*ci)[2], 64u);                        // GFX7: elements
  EXPECT_EQ((*vi)[3], kSelXyzw | 7u << 12 | 14u << 15);  // NUM_FORMAT 14:12 FLOAT, DATA_FORMAT 18:15 32_32_32_32
  // Clamped to the buffer's end: 256 + 8192 > 4096.
  v.size = 8192;
  EXPECT_FALSE(make_buffer_descriptor(chip("tonga"), v).ok());
  auto vk = make_buffer_descriptor_vk(chip("tonga"), 0x12345600, 4096, VK_FORMAT_R32G32B32A32_SFLOAT, 256, 1024);
  ASSERT_TRUE(vk.ok());
  EXPECT_EQ(*vk, *vi);
  // Swizzled one-channel format: A8 = 000x.
  auto a8 = make_buffer_descriptor(chip("tonga"), BufferView{0x1000, 64, 0, 64, Format::A8_UNORM});
  ASSERT_TRUE(a8.ok());
  EXPECT_EQ((*a8)[3] & 0xfff, 0u | 0u << 3 | 0u << 6 | 4u << 9);
  EXPECT_EQ((*a8)[2], 64u);
}

// GL buffer textures (GL 4.6 table 8.18) as si_make_buffer_descriptor encodes them (seed 000):
// STRIDE = texel bytes, NUM_RECORDS = texels in the range (bytes on GFX8), DST_SEL from the
// format's swizzle (sid.h SQ_SEL_0 = 0, SQ_SEL_1 = 1, X..W = 4..7), NUM_FORMAT/DATA_FORMAT from
// the buffer translations (BUF_NUM_FORMAT UINT 4, SINT 5, FLOAT 7; BUF_DATA_FORMAT 32 = 4,
// 16_16 = 5, 32_32_32 = 13). Each texel buffer the draw path binds carries these words.
TEST(AmdDescriptors, GlBufferTextureFormats) {
  const struct {
    Format format;
    uint32_t stride, word3;
  } cases[] = {
      {Format::R32_SINT, 4, 4u | 0u << 3 | 0u << 6 | 1u << 9 | 5u << 12 | 4u << 15},
      {Format::R16G16_UINT, 4, 4u | 5u << 3 | 0u << 6 | 1u << 9 | 4u << 12 | 5u << 15},
      {Format::R32G32B32_FLOAT, 12, 4u | 5u << 3 | 6u << 6 | 1u << 9 | 7u << 12 | 13u << 15},
  };
  for (const auto& c : cases) {
    // 96 bytes at byte 384 of a 1024-byte buffer at 0x10000.
    const BufferView v{0x10000, 1024, 384, 96, c.format};
    const auto tonga = make_buffer_descriptor(chip("tonga"), v);
    const auto tahiti = make_buffer_descriptor(chip("tahiti"), v);
    ASSERT_TRUE(tonga.ok() && tahiti.ok()) << formats::describe(c.format).name;
    EXPECT_EQ((*tonga)[0], 0x10180u);
    EXPECT_EQ((*tonga)[1], c.stride << 16);
    EXPECT_EQ((*tonga)[2], 96u);                 // GFX8: bytes
    EXPECT_EQ((*tahiti)[2], 96u / c.stride);     // GFX6: texels
    EXPECT_EQ((*tonga)[3], c.word3) << formats::describe(c.format).name;
    EXPECT_EQ((*tahiti)[3], c.word3);
  }
}

TEST(AmdDescriptors, RawBuffer) {
  auto w = make_raw_buffer_descriptor(chip("tahiti"), 0x123456789aull, 1000);
  ASSERT_TRUE(w.ok());
  EXPECT_EQ((*w)[0], 0x3456789au);
  EXPECT_EQ((*w)[1], 0x12u);
  EXPECT_EQ((*w)[2], 1000u);
  EXPECT_EQ((*w)[3], kSelXyzw | 7u << 12 | 4u << 15);  // FLOAT, BUF_DATA_FORMAT_32
}

TEST(AmdDescriptors, SamplerFromGlState) {
  SamplerState s;
  s.wrap_s = s.wrap_t = s.wrap_r = WrapMode::CLAMP_TO_EDGE;
  s.min_filter = s.mag_filter = Filter::LINEAR;
  s.mip_filter = MipFilter::LINEAR;
  s.max_anisotropy = 16;
  auto vi = make_sampler_descriptor(chip("tonga"), s);
  ASSERT_TRUE(vi.ok());
  // CLAMP_X/Y/Z = CLAMP_LAST_TEXEL (2); MAX_ANISO_RATIO 11:9 = 4; ANISO_THRESHOLD 18:16 = 2;
  // ANISO_BIAS 26:21 = 4; DISABLE_CUBE_WRAP 28; COMPAT_MODE 31 (GFX8).
  EXPECT_EQ((*vi)[0], 2u | 2u << 3 | 2u << 6 | 4u << 9 | 2u << 16 | 4u << 21 | 1u << 28 | 1u << 31);
  // MIN_LOD 11:0 = 0, MAX_LOD 23:12 = 15.0 in 4.8, PERF_MIP 27:24 = 4 + 6.
  EXPECT_EQ((*vi)[1], 0u | (15u * 256) << 12 | 10u << 24);
  // XY_MAG/MIN = ANISO_BILINEAR (3), MIP LINEAR (2), DISABLE_LSB_CEIL 29, FILTER_PREC_FIX 30,
  // ANISO_OVERRIDE 31 (GFX8).
  EXPECT_EQ((*vi)[2], 3u << 20 | 3u << 22 | 2u << 26 | 1u << 29 | 1u << 30 | 1u << 31);
  EXPECT_EQ((*vi)[3], 0u);
  auto si = make_sampler_descriptor(chip("tahiti"), s);
  ASSERT_TRUE(si.ok());
  EXPECT_EQ((*si)[0], (*vi)[0] & ~(1u << 31));
  EXPECT_EQ((*si)[2], (*vi)[2] & ~(1u << 31));

  SamplerState b;
  b.wrap_s = WrapMode::CLAMP_TO_BORDER;
  b.border_color[3] = 1;  // opaque black
  b.compare_enable = true;
  b.compare_func = CompareFunc::LEQUAL;
  b.lod_bias = -1.5f;
  b.normalized_coords = false;
  b.seamless_cube_map = true;
  auto w = make_sampler_descriptor(chip("tonga"), b);
  ASSERT_TRUE(w.ok());
  EXPECT_EQ((*w)[0] & 7, 6u);                 // CLAMP_BORDER
  EXPECT_EQ((*w)[0] >> 12 & 7, 3u);           // LESSEQUAL
  EXPECT_EQ((*w)[0] >> 15 & 1, 1u);           // FORCE_UNNORMALIZED
  EXPECT_EQ((*w)[0] >> 28 & 1, 0u);           // seamless: cube wrap on
  EXPECT_EQ((*w)[2] & 0x3fff, 0x3fffu & static_cast<uint32_t>(-384));  // LOD_BIAS 13:0 = -1.5 * 256
  EXPECT_EQ((*w)[3] >> 30, 1u);               // OPAQUE_BLACK
  b.border_color[0] = 0.5f;
  b.border_color_index = 7;
  w = make_sampler_descriptor(chip("tonga"), b);
  ASSERT_TRUE(w.ok());
  EXPECT_EQ((*w)[3], 3u << 30 | 7u);          // REGISTER, BORDER_COLOR_PTR 7
}

TEST(AmdDescriptors, InvalidInputIsAClearError) {
  SurfaceTemplate t = tmpl(TextureTarget::TEXTURE_2D, Format::ASTC_4x4, 64, 64);
  auto astc = create_texture(chip("tonga"), t, 0x100000000ull);
  ASSERT_FALSE(astc.ok());
  EXPECT_NE(astc.error().find("ASTC_4x4"), std::string::npos);
  t.format = Format::R8G8B8A8_UNORM;
  t.width = 16385;
  auto wide = create_texture(chip("tonga"), t, 0x100000000ull);
  ASSERT_FALSE(wide.ok());
  EXPECT_NE(wide.error().find("16384"), std::string::npos);
  t.width = 64;
  EXPECT_FALSE(create_texture(chip("tonga"), t, 0x100000080ull).ok());  // unaligned address
  const Texture tex = texture("tonga", t);
  SamplerView v = default_sampler_view(tex);
  v.last_level = 3;
  EXPECT_FALSE(make_texture_descriptor(chip("tonga"), tex, v).ok());
  v = default_sampler_view(tex);
  v.format = Format::ETC2_RGB8;
  EXPECT_FALSE(make_texture_descriptor(chip("tonga"), tex, v).ok());
  EXPECT_FALSE(make_buffer_descriptor(chip("tonga"), BufferView{0, 64, 0, 64, Format::R8G8B8_UNORM}).ok());
  VkImageViewDesc vk;
  vk.format = VK_FORMAT_ASTC_4x4_UNORM_BLOCK;
  EXPECT_FALSE(make_texture_descriptor_vk(chip("tonga"), tex, vk).ok());
  SamplerState s;
  s.max_anisotropy = 32;
  EXPECT_FALSE(make_sampler_descriptor(chip("tonga"), s).ok());
}

}  // namespace
}  // namespace glvk::amd
