// GL client tables against the GL specification (packed-type bit layouts, pixel-store addressing
// formulas of section 8.4.4) re-derived here, and enum values from the system GL headers.
#include <glvk/formats/gl_client.h>

#include <GL/gl.h>
#include <GL/glext.h>
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

namespace glvk::formats {
namespace {

TEST(GlClient, InternalFormats) {
  struct Case { uint32_t internal, base; bool sized; };
  const Case cases[] = {
      {GL_RGBA8, GL_RGBA, true}, {GL_RGB, GL_RGB, false}, {3, GL_RGB, false}, {1, GL_LUMINANCE, false},
      {GL_LUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, true}, {GL_INTENSITY16, GL_INTENSITY, true},
      {GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, true}, {GL_DEPTH_COMPONENT, GL_DEPTH_COMPONENT, false},
      {GL_R11F_G11F_B10F, GL_RGB, true}, {GL_RGB10_A2UI, GL_RGBA, true}, {GL_SRGB8_ALPHA8, GL_RGBA, true},
      {GL_COMPRESSED_RGB_S3TC_DXT1_EXT, GL_RGB, true}, {GL_COMPRESSED_RG_RGTC2, GL_RG, true},
      {GL_COMPRESSED_RGBA, GL_RGBA, false}, {GL_COMPRESSED_SRGB8_ALPHA8_ASTC_12x12_KHR, GL_RGBA, true},
      {GL_ALPHA16UI_EXT, GL_ALPHA, true}, {GL_STENCIL_INDEX8, GL_STENCIL_INDEX, true}, {GL_R8_SNORM, GL_RED, true},
  };
  for (const Case& c : cases) {
    const InternalFormatInfo* info = find_internal_format(c.internal);
    ASSERT_NE(info, nullptr) << std::hex << c.internal;
    EXPECT_EQ(info->base_format, c.base) << info->name;
    EXPECT_EQ(info->sized, c.sized) << info->name;
  }
  EXPECT_EQ(find_internal_format(GL_UNSIGNED_BYTE), nullptr);
  EXPECT_EQ(base_tex_format(0x12345), 0u);
}

TEST(GlClient, NamesResolveToHeaderValues) {
  EXPECT_EQ(gl_client_format_by_name("GL_BGRA"), uint32_t(GL_BGRA));
  EXPECT_EQ(gl_client_format_by_name("GL_ABGR_EXT"), uint32_t(GL_ABGR_EXT));
  EXPECT_EQ(gl_type_by_name("GL_UNSIGNED_INT_2_10_10_10_REV"), uint32_t(GL_UNSIGNED_INT_2_10_10_10_REV));
  EXPECT_EQ(gl_type_by_name("GL_HALF_FLOAT_OES"), 0x8D61u);  // OES_texture_half_float
  EXPECT_FALSE(gl_type_by_name("GL_RGBA").has_value());
  EXPECT_STREQ(gl_type_name(GL_FLOAT), "GL_FLOAT");
  EXPECT_STREQ(gl_client_format_name(GL_LUMINANCE_ALPHA), "GL_LUMINANCE_ALPHA");
}

TEST(GlClient, ArrayFormats) {
  auto rgba = format_from_format_and_type(GL_RGBA, GL_UNSIGNED_BYTE);
  ASSERT_TRUE(rgba && rgba->is_array);
  EXPECT_EQ(rgba->array.type_size, 1);
  EXPECT_TRUE(rgba->array.normalized);
  EXPECT_EQ(rgba->array.num_channels, 4);
  // MESA_ARRAY_FORMAT(1, 0, 0, 1, 4, 0, 1, 2, 3) from the bit layout in seed 000.
  EXPECT_EQ(rgba->array.encode(), 0x80000000u | (1u << 4) | (4u << 5) | (0u << 8) | (1u << 11) | (2u << 14) | (3u << 17));

  auto bgra = format_from_format_and_type(GL_BGRA, GL_UNSIGNED_BYTE);
  ASSERT_TRUE(bgra && bgra->is_array);
  EXPECT_EQ(bgra->array.swizzle[0], Swizzle::Z);
  EXPECT_EQ(bgra->array.swizzle[2], Swizzle::X);

  auto lum = format_from_format_and_type(GL_LUMINANCE_ALPHA, GL_HALF_FLOAT);
  ASSERT_TRUE(lum && lum->is_array);
  EXPECT_TRUE(lum->array.is_float);
  EXPECT_TRUE(lum->array.is_signed);
  EXPECT_EQ(lum->array.type_size, 2);
  EXPECT_EQ(lum->array.swizzle[1], Swizzle::X);
  EXPECT_EQ(lum->array.swizzle[3], Swizzle::Y);

  auto ri = format_from_format_and_type(GL_RGB_INTEGER, GL_SHORT);
  ASSERT_TRUE(ri && ri->is_array);
  EXPECT_FALSE(ri->array.normalized);
  EXPECT_TRUE(ri->array.is_signed);
  EXPECT_EQ(ri->array.swizzle[3], Swizzle::ONE);

  EXPECT_FALSE(format_from_format_and_type(GL_RGBA_INTEGER, GL_FLOAT).has_value());
  EXPECT_FALSE(format_from_format_and_type(GL_RGBA, GL_UNSIGNED_SHORT_5_6_5).has_value());
  EXPECT_FALSE(format_from_format_and_type(GL_RGBA, 0x1234).has_value());

  auto depth = format_from_format_and_type(GL_DEPTH_COMPONENT, GL_FLOAT);
  ASSERT_TRUE(depth && !depth->is_array);
  EXPECT_EQ(depth->format, Format::Z32_FLOAT);
  auto z16 = format_from_format_and_type(GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT);
  ASSERT_TRUE(z16);
  EXPECT_EQ(z16->format, Format::Z16_UNORM);
}

// GL spec table 8.8-8.10: bit fields (msb, lsb) of each packed type's components, in component order.
struct Field { int msb, lsb; };
struct PackedType { uint32_t type; std::vector<Field> fields; };

const std::vector<PackedType>& packed_types() {
  static const std::vector<PackedType> types = {
      {GL_UNSIGNED_BYTE_3_3_2, {{7, 5}, {4, 2}, {1, 0}}},
      {GL_UNSIGNED_BYTE_2_3_3_REV, {{2, 0}, {5, 3}, {7, 6}}},
      {GL_UNSIGNED_SHORT_5_6_5, {{15, 11}, {10, 5}, {4, 0}}},
      {GL_UNSIGNED_SHORT_5_6_5_REV, {{4, 0}, {10, 5}, {15, 11}}},
      {GL_UNSIGNED_SHORT_4_4_4_4, {{15, 12}, {11, 8}, {7, 4}, {3, 0}}},
      {GL_UNSIGNED_SHORT_4_4_4_4_REV, {{3, 0}, {7, 4}, {11, 8}, {15, 12}}},
      {GL_UNSIGNED_SHORT_5_5_5_1, {{15, 11}, {10, 6}, {5, 1}, {0, 0}}},
      {GL_UNSIGNED_SHORT_1_5_5_5_REV, {{4, 0}, {9, 5}, {14, 10}, {15, 15}}},
      {GL_UNSIGNED_INT_8_8_8_8, {{31, 24}, {23, 16}, {15, 8}, {7, 0}}},
      {GL_UNSIGNED_INT_8_8_8_8_REV, {{7, 0}, {15, 8}, {23, 16}, {31, 24}}},
      {GL_UNSIGNED_INT_10_10_10_2, {{31, 22}, {21, 12}, {11, 2}, {1, 0}}},
      {GL_UNSIGNED_INT_2_10_10_10_REV, {{9, 0}, {19, 10}, {29, 20}, {31, 30}}},
  };
  return types;
}

TEST(GlClient, PackedTypesMatchTheSpecBitLayout) {
  struct ClientFormatOrder { uint32_t format; const char* order; };  // components in GL order
  const ClientFormatOrder formats[] = {
      {GL_RGB, "RGB"}, {GL_BGR, "BGR"}, {GL_RGBA, "RGBA"}, {GL_BGRA, "BGRA"}, {GL_ABGR_EXT, "ABGR"},
      {GL_RGB_INTEGER, "RGB"}, {GL_RGBA_INTEGER, "RGBA"}, {GL_BGRA_INTEGER, "BGRA"}};
  int pairs = 0;
  for (const PackedType& t : packed_types()) {
    for (const ClientFormatOrder& f : formats) {
      const auto client = format_from_format_and_type(f.format, t.type);
      if (!client) continue;
      ASSERT_FALSE(client->is_array);
      const FormatDesc& d = describe(client->format);
      ++pairs;
      const size_t n = std::strlen(f.order);
      // GL_RGB with the 2_10_10_10_REV type is the one 4-field/3-component pair (alpha ignored).
      ASSERT_TRUE(n == t.fields.size() || (n == 3 && t.fields.size() == 4)) << d.name;
      EXPECT_EQ(d.is_pure_integer, is_integer_format(f.format)) << d.name;
      EXPECT_EQ(d.block_bits, t.fields[0].msb >= 16 || t.fields.back().msb >= 16 ? 32 : t.fields[0].msb >= 8 || t.fields.back().msb >= 8 ? 16 : 8) << d.name;
      for (size_t c = 0; c < n; ++c) {
        const int component = int(std::strchr("RGBA", f.order[c]) - "RGBA");
        const Swizzle s = d.swizzle[component];
        ASSERT_LE(s, Swizzle::W) << d.name;
        const Channel& ch = d.channel[static_cast<int>(s)];
        EXPECT_EQ(ch.shift, t.fields[c].lsb) << d.name << " component " << f.order[c];
        EXPECT_EQ(ch.size, t.fields[c].msb - t.fields[c].lsb + 1) << d.name << " component " << f.order[c];
      }
    }
  }
  EXPECT_EQ(pairs, 47);  // the seed's packed-type table minus its special float/depth/YCbCr rows
  auto r11 = format_from_format_and_type(GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV);
  ASSERT_TRUE(r11);
  EXPECT_EQ(r11->format, Format::R11G11B10_FLOAT);
  auto e5 = format_from_format_and_type(GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV);
  ASSERT_TRUE(e5);
  EXPECT_EQ(e5->format, Format::R9G9B9E5_FLOAT);
  // GL_UNSIGNED_INT_24_8: depth in bits 31..8, stencil in bits 7..0.
  auto ds = format_from_format_and_type(GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8);
  ASSERT_TRUE(ds);
  const FormatDesc& dsd = describe(ds->format);
  EXPECT_EQ(dsd.channel[static_cast<int>(dsd.swizzle[0])].shift, 8);
  EXPECT_EQ(dsd.channel[static_cast<int>(dsd.swizzle[1])].shift, 0);
  auto ds32 = format_from_format_and_type(GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV);
  ASSERT_TRUE(ds32);
  EXPECT_EQ(ds32->format, Format::Z32_FLOAT_S8X24_UINT);
}

TEST(GlClient, BytesPerPixel) {
  EXPECT_EQ(bytes_per_pixel(GL_RGB, GL_UNSIGNED_BYTE), 3);
  EXPECT_EQ(bytes_per_pixel(GL_RGBA, GL_FLOAT), 16);
  EXPECT_EQ(bytes_per_pixel(GL_LUMINANCE_ALPHA, GL_HALF_FLOAT), 4);
  EXPECT_EQ(bytes_per_pixel(GL_RGB, GL_UNSIGNED_SHORT_5_6_5), 2);
  EXPECT_EQ(bytes_per_pixel(GL_RGBA, GL_UNSIGNED_SHORT_5_6_5), -1);
  EXPECT_EQ(bytes_per_pixel(GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV), 4);
  EXPECT_EQ(bytes_per_pixel(GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV), 8);
  EXPECT_EQ(bytes_per_pixel(GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT), 2);
  EXPECT_EQ(bytes_per_pixel(GL_STENCIL_INDEX, GL_BITMAP), 0);
  EXPECT_EQ(bytes_per_pixel(GL_RGBA, GL_BITMAP), -1);
  EXPECT_EQ(swap_unit_size(GL_UNSIGNED_BYTE), 1u);
  EXPECT_EQ(swap_unit_size(GL_HALF_FLOAT), 2u);
  EXPECT_EQ(swap_unit_size(GL_FLOAT_32_UNSIGNED_INT_24_8_REV), 4u);
}

// GL 4.6 section 8.4.4.1: k = n*l when s >= a, else (a/s) * ceil(s*n*l / a); rows of one image,
// skip_pixels*n elements, skip_rows rows, skip_images images.
TEST(GlClient, ImageAddressingFollowsTheSpecFormula) {
  struct Type { uint32_t format, type; int n; int s; };
  const Type types[] = {{GL_RGB, GL_UNSIGNED_BYTE, 3, 1}, {GL_RGBA, GL_UNSIGNED_SHORT, 4, 2},
                        {GL_RG, GL_FLOAT, 2, 4}, {GL_LUMINANCE, GL_UNSIGNED_BYTE, 1, 1},
                        {GL_RGB, GL_UNSIGNED_SHORT_5_6_5, 1, 2}, {GL_RGBA, GL_UNSIGNED_INT_8_8_8_8, 1, 4}};
  int checked = 0;
  for (const Type& t : types) {
    for (int a : {1, 2, 4, 8}) {
      for (int width : {1, 3, 5, 17}) {
        for (int row_length : {0, 7, 33}) {
          for (int image_height : {0, 9}) {
            PixelStore ps;
            ps.alignment = a;
            ps.row_length = row_length;
            ps.image_height = image_height;
            ps.skip_pixels = 2;
            ps.skip_rows = 3;
            ps.skip_images = 1;
            const int height = 4;
            const long l = row_length > 0 ? row_length : width;
            const long k = t.s >= a ? t.n * l : (a / t.s) * ((t.s * t.n * l + a - 1) / a);
            const long row_bytes = k * t.s;
            const long image_bytes = row_bytes * (image_height > 0 ? image_height : height);
            EXPECT_EQ(image_row_stride(ps, width, t.format, t.type), row_bytes);
            EXPECT_EQ(image_image_stride(ps, width, height, t.format, t.type), image_bytes);
            for (int dims : {2, 3}) {
              const PixelAddress at = image_address(dims, ps, width, height, t.format, t.type, 1, 2, 1);
              const long images = dims == 3 ? 1 + 1 : 0;
              EXPECT_EQ(at.offset, images * image_bytes + (3 + 2) * row_bytes + (2 + 1) * t.n * t.s);
              EXPECT_EQ(at.bit_mask, 0);
              ++checked;
            }
          }
        }
      }
    }
  }
  EXPECT_EQ(checked, 6 * 4 * 4 * 3 * 2 * 2);
}

TEST(GlClient, BitmapAddressing) {
  PixelStore ps;
  ps.alignment = 4;
  ps.skip_pixels = 11;
  ps.skip_rows = 1;
  // 20 pixels per row -> 3 bytes -> padded to 4.
  EXPECT_EQ(image_row_stride(ps, 20, GL_COLOR_INDEX, GL_BITMAP), 4);
  PixelAddress at = image_address(2, ps, 20, 2, GL_COLOR_INDEX, GL_BITMAP, 0, 0, 2);  // pixel x = 13
  EXPECT_EQ(at.offset, 4 + 1);
  EXPECT_EQ(at.bit_mask, 0x80 >> 5);  // MSB first by default
  ps.lsb_first = true;
  at = image_address(2, ps, 20, 2, GL_COLOR_INDEX, GL_BITMAP, 0, 0, 2);
  EXPECT_EQ(at.bit_mask, 1 << 5);
}

TEST(GlClient, SwapBytes) {
  uint8_t data[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  swap_bytes(data, 4, 2);
  const uint8_t want2[8] = {2, 1, 4, 3, 6, 5, 8, 7};
  EXPECT_EQ(std::memcmp(data, want2, 8), 0);
  swap_bytes(data, 2, 4);
  const uint8_t want4[8] = {3, 4, 1, 2, 7, 8, 5, 6};
  EXPECT_EQ(std::memcmp(data, want4, 8), 0);
}

TEST(GlClient, RebaseMapping) {
  Swizzle map[4];
  ASSERT_TRUE(compute_rgba2base2rgba_component_mapping(GL_LUMINANCE, map));
  EXPECT_EQ(map[0], Swizzle::X);
  EXPECT_EQ(map[1], Swizzle::X);
  EXPECT_EQ(map[2], Swizzle::X);
  EXPECT_EQ(map[3], Swizzle::ONE);
  ASSERT_TRUE(compute_rgba2base2rgba_component_mapping(GL_ALPHA, map));
  EXPECT_EQ(map[0], Swizzle::ZERO);
  EXPECT_EQ(map[3], Swizzle::W);
  ASSERT_TRUE(compute_rgba2base2rgba_component_mapping(GL_RG, map));
  EXPECT_EQ(map[2], Swizzle::ZERO);
  EXPECT_EQ(map[3], Swizzle::ONE);
  EXPECT_FALSE(compute_rgba2base2rgba_component_mapping(GL_RGBA, map));
}

}  // namespace
}  // namespace glvk::formats

namespace glvk::formats {
namespace {

// GL 4.6 section 9.4 and table 8.12, for a compatibility context.
// GL 4.6 table 8.22, typed in here from the spec: each class and its members.
TEST(ViewClasses, SpecTableOfCompatibleInternalFormats) {
  struct Class { uint32_t view_class; std::vector<uint32_t> members; };
  const Class table[] = {
      {GL_VIEW_CLASS_128_BITS, {GL_RGBA32F, GL_RGBA32UI, GL_RGBA32I}},
      {GL_VIEW_CLASS_96_BITS, {GL_RGB32F, GL_RGB32UI, GL_RGB32I}},
      {GL_VIEW_CLASS_64_BITS,
       {GL_RGBA16F, GL_RG32F, GL_RGBA16UI, GL_RG32UI, GL_RGBA16I, GL_RG32I, GL_RGBA16, GL_RGBA16_SNORM}},
      {GL_VIEW_CLASS_48_BITS, {GL_RGB16, GL_RGB16_SNORM, GL_RGB16F, GL_RGB16UI, GL_RGB16I}},
      {GL_VIEW_CLASS_32_BITS,
       {GL_RG16F, GL_R11F_G11F_B10F, GL_R32F, GL_RGB10_A2UI, GL_RGBA8UI, GL_RG16UI, GL_R32UI, GL_RGBA8I, GL_RG16I,
        GL_R32I, GL_RGB10_A2, GL_RGBA8, GL_RG16, GL_RGBA8_SNORM, GL_RG16_SNORM, GL_SRGB8_ALPHA8, GL_RGB9_E5}},
      {GL_VIEW_CLASS_24_BITS, {GL_RGB8, GL_RGB8_SNORM, GL_SRGB8, GL_RGB8UI, GL_RGB8I}},
      {GL_VIEW_CLASS_16_BITS,
       {GL_R16F, GL_RG8UI, GL_R16UI, GL_RG8I, GL_R16I, GL_RG8, GL_R16, GL_RG8_SNORM, GL_R16_SNORM}},
      {GL_VIEW_CLASS_8_BITS, {GL_R8UI, GL_R8I, GL_R8, GL_R8_SNORM}},
      {GL_VIEW_CLASS_RGTC1_RED, {GL_COMPRESSED_RED_RGTC1, GL_COMPRESSED_SIGNED_RED_RGTC1}},
      {GL_VIEW_CLASS_RGTC2_RG, {GL_COMPRESSED_RG_RGTC2, GL_COMPRESSED_SIGNED_RG_RGTC2}},
      {GL_VIEW_CLASS_BPTC_UNORM, {GL_COMPRESSED_RGBA_BPTC_UNORM, GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM}},
      {GL_VIEW_CLASS_BPTC_FLOAT, {GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT, GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT}},
      {GL_VIEW_CLASS_S3TC_DXT1_RGB, {GL_COMPRESSED_RGB_S3TC_DXT1_EXT, GL_COMPRESSED_SRGB_S3TC_DXT1_EXT}},
      {GL_VIEW_CLASS_S3TC_DXT1_RGBA, {GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT}},
      {GL_VIEW_CLASS_S3TC_DXT3_RGBA, {GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT}},
      {GL_VIEW_CLASS_S3TC_DXT5_RGBA, {GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT}},
  };
  std::vector<uint32_t> all;
  for (const Class& c : table)
    for (uint32_t f : c.members) {
      ASSERT_NE(find_internal_format(f), nullptr) << std::hex << f;
      EXPECT_EQ(find_internal_format(f)->view_class, c.view_class) << find_internal_format(f)->name;
      all.push_back(f);
    }
  // Members of one class view each other; members of different classes never do.
  for (const Class& a : table)
    for (const Class& b : table)
      for (uint32_t fa : a.members)
        for (uint32_t fb : b.members)
          EXPECT_EQ(view_compatible(fa, fb), a.view_class == b.view_class) << std::hex << fa << " " << fb;
  // Formats outside the table view only themselves.
  for (uint32_t f : {GL_DEPTH_COMPONENT32F, GL_DEPTH24_STENCIL8, GL_RGBA4, GL_RGB5_A1, GL_RGB565, GL_R3_G3_B2}) {
    EXPECT_TRUE(view_compatible(f, f));
    for (uint32_t g : all) EXPECT_FALSE(view_compatible(f, g)) << std::hex << f << " " << g;
  }
  EXPECT_FALSE(view_compatible(GL_DEPTH_COMPONENT32F, GL_R32F));
  EXPECT_FALSE(view_compatible(GL_RGBA8, 0x1234));
}

TEST(FramebufferRenderable, SpecClassesOfInternalFormats) {
  const struct {
    uint32_t internal_format;
    uint8_t renderable;
  } rows[] = {
      {0x1908 /*GL_RGBA*/, RENDERABLE_COLOR},
      {0x1903 /*GL_RED*/, RENDERABLE_COLOR},
      {0x8058 /*GL_RGBA8*/, RENDERABLE_COLOR},
      {0x8F97 /*GL_RGBA8_SNORM*/, RENDERABLE_COLOR},
      {0x8D7C /*GL_RGBA8UI*/, RENDERABLE_COLOR},
      {0x8C43 /*GL_SRGB8_ALPHA8*/, RENDERABLE_COLOR},
      {0x8C3A /*GL_R11F_G11F_B10F*/, RENDERABLE_COLOR},
      {0x8C3D /*GL_RGB9_E5: no CR check in table 8.12*/, 0},
      {0x803C /*GL_ALPHA8, ARB_framebuffer_object in compatibility*/, RENDERABLE_COLOR},
      {0x83F0 /*GL_COMPRESSED_RGB_S3TC_DXT1_EXT*/, 0},
      {0x84ED /*GL_COMPRESSED_RGB (generic)*/, 0},
      {0x81A5 /*GL_DEPTH_COMPONENT16*/, RENDERABLE_DEPTH},
      {0x8CAC /*GL_DEPTH_COMPONENT32F*/, RENDERABLE_DEPTH},
      {0x8D48 /*GL_STENCIL_INDEX8*/, RENDERABLE_STENCIL},
      {0x88F0 /*GL_DEPTH24_STENCIL8*/, RENDERABLE_DEPTH | RENDERABLE_STENCIL},
      {0x84F9 /*GL_DEPTH_STENCIL*/, RENDERABLE_DEPTH | RENDERABLE_STENCIL},
      {0xdead /*not an internal format*/, 0},
  };
  for (const auto& row : rows)
    EXPECT_EQ(framebuffer_renderable(row.internal_format), row.renderable) << std::hex << row.internal_format;
}

}  // namespace
}  // namespace glvk::formats
