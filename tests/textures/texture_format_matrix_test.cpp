// The exhaustive upload/readback matrix (issue 5 item 5): every internal format glTexImage2D
// accepts in a GL 4.6 compatibility context x every (format, type) pair the spec allows with it,
// uploaded as a 5x3 image and read back with glGetTexImage in a format that loses nothing. The
// expected values are computed here, from the GL 4.6 rules alone:
//   - the legal pairs come from tables 8.2, 8.3 and 8.5 and the format/internalformat rules of
//     section 8.5 (integer only with *_INTEGER, depth with DEPTH_COMPONENT/DEPTH_STENCIL, stencil
//     with STENCIL_INDEX, packed types only with their formats), never from glvk's tables;
//   - unpacking follows section 8.4.4 (equations 2.1/2.2 for normalized types, the packed bit
//     layouts of tables 8.6-8.9, half/11F/10F/RGB9E5 decoding, BGR(A) order, luminance copied to
//     R, G and B, missing components expanded to 0, 0, 0, 1);
//   - storing quantizes to the component sizes of tables 8.12/8.13 (and the compatibility
//     profile's alpha/luminance/intensity formats) with the conversions of section 2.3.5;
//   - readback rebases as section 8.11 says (L -> R, I -> R, LA -> R and A, A -> A, the rest
//     0, 0, 0, 1).
// Tolerance: one unit in the last place of the stored precision (section 8.5 lets an
// implementation store more bits, which stays inside it).
//
// Left out on purpose: compressed internal formats (generic and specific; covered by
// compressed_texture_test.cpp), COLOR_INDEX and BITMAP data (colour-index pixel maps),
// STENCIL_INDEX data of type FLOAT/HALF_FLOAT (section 8.4.4 leaves the fixed-point conversion
// of floating-point indices unspecified), and extension formats glvk does not advertise
// (EXT_texture_integer's alpha/luminance/intensity integer formats, ABGR_EXT, YCbCr).
//
// Spec readings taken where GL 4.6 is not explicit (each checked against Mesa llvmpipe):
//   - integer internal formats: section 8.4.4 skips the conversion to floating point and no rule
//     says what happens to a value the internal format cannot represent, so the data stays inside
//     the range of both the client type and the stored component;
//   - DEPTH_COMPONENT32F / DEPTH32F_STENCIL8: whether depth outside [0, 1] is clamped is not
//     stated for floating-point depth textures, so their data stays in [0, 1];
//   - sRGB formats: neither TexImage (section 8.5) nor GetTexImage (section 8.11) converts: the
//     encoded values are stored and returned as given (the conversion to linear happens when the
//     texture is sampled, section 8.24), as EXT_texture_sRGB's issue on GetTexImage resolved;
//   - colour data for a STENCIL_INDEX texture: section 8.5 names the error for STENCIL_INDEX data
//     and a non-stencil texture; the converse (colour values have no conversion to stencil
//     indices) is taken to be INVALID_OPERATION as well (Mesa accepts it);
//   - unsized internal formats: section 8.5 lets the GL choose the representation, so their
//     component sizes and types are the ones glGetTexLevelParameter reports (checked to be a
//     sensible kind); everything else about their expected values is still computed here.
#include "texture_format_matrix_spec.h"

namespace glvk::test {
namespace {

// ---------------------------------------------------------------------------------------------
// The test.

class TextureFormatMatrixTest : public GlTest {
 protected:
  // The alpha/luminance/intensity formats need the compatibility profile.
  std::vector<EGLint> context_attributes() const override {
    // Mesa llvmpipe (GLVK_TEST_SYSTEM_DRIVER) offers the compatibility profile up to 4.5.
    const EGLint minor = getenv("GLVK_TEST_SYSTEM_DRIVER") ? 5 : 6;
    return {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, minor, EGL_CONTEXT_OPENGL_PROFILE_MASK,
            EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT};
  }

  void TearDown() override {
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glPixelStorei(GL_UNPACK_SWAP_BYTES, GL_FALSE);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
    glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
    if (texture_) glDeleteTextures(1, &texture_);
    if (pixel_buffer_) glDeleteBuffers(1, &pixel_buffer_);
    GlTest::TearDown();
  }

  // Runs every legal pair for each of `internal_formats`; returns the number of cases run.
  int run_matrix(const std::vector<InternalFormat>& internal_formats) {
    glGenTextures(1, &texture_);
    glBindTexture(GL_TEXTURE_2D, texture_);
    int cases = 0;
    for (const InternalFormat& internal : internal_formats) {
      // Sized formats also go into immutable storage (chosen without the data's format and type)
      // for every other case.
      GLuint storage = 0;
      if (internal.encoding != Encoding::NONE) {
        glGenTextures(1, &storage);
        glBindTexture(GL_TEXTURE_2D, storage);
        glTexStorage2D(GL_TEXTURE_2D, 1, GLenum(internal.value), kWidth, kHeight);
        if (const GLenum error = glGetError(); error != GL_NO_ERROR)
          ADD_FAILURE() << internal.name << ": glTexStorage2D raised 0x" << std::hex << error;
      }
      for (const ClientFormat& format : kClientFormats)
        for (const ClientType& type : kClientTypes) {
          if (!format_fits(format, internal) || !pair_is_legal(format, type)) continue;
          static const int alignments[] = {4, 1, 2, 8};
          Case c{&internal, &format, &type, alignments[cases % 4]};
          // Every third case swaps bytes (not FLOAT_32_UNSIGNED_INT_24_8_REV, whose swap unit
          // the spec leaves unclear), every third reads a 7-pixel-wide client image from (1, 1).
          if (cases % 3 == 1 && type.kind != TypeKind::FLOAT_DEPTH_STENCIL) c.swap_bytes = true;
          if (cases % 3 == 2) c.row_length = 7, c.skip_pixels = 1, c.skip_rows = 1;
          c.from_pixel_buffer = cases % 5 == 3;
          if (cases % 2 == 1) c.storage = storage;
          run_case(c, unsigned(cases));
          ++cases;
          if (reported_ >= kMaxReports) return cases;
        }
      if (storage) glDeleteTextures(1, &storage);
    }
    return cases;
  }

  // Uploads RGBA/FLOAT data into each of `internal_formats` and reads it back in every colour
  // (format, type) glGetTexImage takes; returns the number of readbacks checked.
  int run_readback_matrix(const std::vector<InternalFormat>& internal_formats) {
    glGenTextures(1, &texture_);
    glBindTexture(GL_TEXTURE_2D, texture_);
    const ClientFormat& rgba = *std::find_if(kClientFormats.begin(), kClientFormats.end(),
                                             [](const ClientFormat& f) { return f.format == GL_RGBA; });
    const ClientType& float_type = *std::find_if(kClientTypes.begin(), kClientTypes.end(),
                                                 [](const ClientType& t) { return t.type == GL_FLOAT; });
    int readbacks = 0;
    for (const InternalFormat& internal : internal_formats) {
      const Case upload{&internal, &rgba, &float_type, 4};
      const ClientData data = make_client_data(upload, unsigned(readbacks) + 1000u);
      glTexImage2D(GL_TEXTURE_2D, 0, internal.value, kWidth, kHeight, 0, GL_RGBA, GL_FLOAT, data.bytes.data());
      const StoredComponents stored = stored_components(internal, GL_TEXTURE_2D);
      const auto expected = expected_readback(internal, stored, data);
      // Luminance readback formats are left out: whether GetTexImage sums R, G and B into L as
      // ReadPixels does (section 18.2.8) is not clear for a texture's rebased components.
      for (const ClientFormat& format : kClientFormats) {
        if (format.kind != ClientKind::COLOR || format.format == GL_LUMINANCE || format.format == GL_LUMINANCE_ALPHA)
          continue;
        for (const ClientType& type : kClientTypes)
          if (pair_is_legal(format, type)) {
            // The pack parameters vary as the unpack ones do in run_matrix.
            static const int alignments[] = {4, 1, 2, 8};
            Case pack = upload;
            pack.alignment = alignments[readbacks % 4];
            pack.swap_bytes = readbacks % 3 == 1;
            if (readbacks % 3 == 2) pack.row_length = 7, pack.skip_pixels = 1, pack.skip_rows = 1;
            check_readback(upload, pack, format, type, expected);
            ++readbacks;
            if (reported_ >= kMaxReports) return readbacks;
          }
      }
    }
    return readbacks;
  }

 private:
  static constexpr int kMaxReports = 60;

  // One readback in (format, type), decoded element by element with the unpack rules and compared
  // with the packing of section 18.2.8 (clamping to the type's range, equations 2.3 and 2.4,
  // float and packed encodings), within the stored tolerance plus one unit of the type.
  // `pack` holds the GL_PACK_* parameters in its alignment, swap and row fields.
  void check_readback(const Case& c, const Case& pack, const ClientFormat& format, const ClientType& type,
                      const std::array<std::array<Expected, 4>, kTexels>& expected) {
    const int per_pixel = is_packed(type) ? 1 : int(format.elements.size());
    const std::size_t stride =
        row_stride(pack.row_length ? pack.row_length : kWidth, type.bytes, per_pixel, pack.alignment);
    const std::size_t pixel_bytes = std::size_t(type.bytes) * std::size_t(per_pixel);
    const std::size_t first = std::size_t(pack.skip_rows) * stride + std::size_t(pack.skip_pixels) * pixel_bytes;
    std::vector<std::uint8_t> out(first + stride * kHeight);
    glPixelStorei(GL_PACK_ALIGNMENT, pack.alignment);
    glPixelStorei(GL_PACK_SWAP_BYTES, pack.swap_bytes);
    glPixelStorei(GL_PACK_ROW_LENGTH, pack.row_length);
    glPixelStorei(GL_PACK_SKIP_PIXELS, pack.skip_pixels);
    glPixelStorei(GL_PACK_SKIP_ROWS, pack.skip_rows);
    std::ostringstream as;
    as << "read as " << format.name << "/" << type.name << " (pack alignment " << pack.alignment
       << (pack.swap_bytes ? ", swapped bytes" : "") << (pack.row_length ? ", row length 7 from (1, 1)" : "")
       << "), element ";
    const bool read = read_back(c, format.format, type.type, out);
    glPixelStorei(GL_PACK_SWAP_BYTES, GL_FALSE);
    glPixelStorei(GL_PACK_ROW_LENGTH, 0);
    glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
    glPixelStorei(GL_PACK_SKIP_ROWS, 0);
    if (!read) return;
    // A `bytes`-byte unit in the host's order, or reversed under GL_PACK_SWAP_BYTES.
    auto word = [&](std::size_t offset, int bytes) {
      std::uint64_t v = 0;
      for (int i = 0; i < bytes; ++i)
        v |= std::uint64_t(out[offset + std::size_t(pack.swap_bytes ? bytes - 1 - i : i)]) << (8 * i);
      return v;
    };
    for (int t = 0; t < kTexels; ++t) {
      const std::size_t offset =
          first + std::size_t(t / kWidth) * stride + std::size_t(t % kWidth) * pixel_bytes;
      const auto& e = expected[std::size_t(t)];
      std::array<Expected, 3> shared{};
      if (type.kind == TypeKind::PACKED_SHARED_EXPONENT) {
        shared = store_shared_exponent({e[0].value, e[1].value, e[2].value});
        for (int i = 0; i < 3; ++i) shared[std::size_t(i)].tolerance += e[std::size_t(i)].tolerance;
      }
      for (std::size_t i = 0; i < format.elements.size(); ++i) {
        const Expected want = e[std::size_t(target_component(format.elements[i]))];
        double got = 0;
        Expected packed = want;
        switch (type.kind) {
          case TypeKind::UNSIGNED: {
            const int bits = 8 * type.bytes;
            got = unorm_to_float(word(offset + i * std::size_t(type.bytes), type.bytes), bits);
            packed = {std::clamp(want.value, 0.0, 1.0), want.tolerance + unorm_to_float(1, bits) + readback_rounding(1)};
            break;
          }
          case TypeKind::SIGNED: {
            const int bits = 8 * type.bytes;
            const std::uint64_t raw = word(offset + i * std::size_t(type.bytes), type.bytes);
            const std::int64_t v = std::int64_t(raw << (64 - bits)) >> (64 - bits);  // sign-extended
            got = snorm_to_float(v, bits);
            packed = {std::clamp(want.value, -1.0, 1.0), want.tolerance + snorm_to_float(1, bits) + readback_rounding(1)};
            break;
          }
          case TypeKind::HALF:
            got = decode_half(std::uint16_t(word(offset + i * 2, 2)));
            packed.tolerance += float_ulp(want.value, 10, -14);
            break;
          case TypeKind::FLOAT: {
            const std::uint32_t bits = std::uint32_t(word(offset + i * 4, 4));
            float f;
            std::memcpy(&f, &bits, 4);
            got = f;
            packed.tolerance += binary32_ulp(want.value);
            break;
          }
          case TypeKind::PACKED: {
            const auto [shift, width] = packed_field(type, int(i));
            got = unorm_to_float((word(offset, type.bytes) >> shift) & ((1u << width) - 1), width);
            packed = {std::clamp(want.value, 0.0, 1.0), want.tolerance + unorm_to_float(1, width)};
            break;
          }
          case TypeKind::PACKED_UFLOAT: {
            const auto [shift, width] = packed_field(type, int(i));
            const std::uint32_t field = std::uint32_t(word(offset, 4) >> shift) & ((1u << width) - 1);
            const int mantissa_bits = width - 5;
            got = decode_small_float(field >> mantissa_bits, field & ((1u << mantissa_bits) - 1), mantissa_bits);
            const Expected stored = store(want.value, {Encoding::UFLOAT, width});
            packed = {stored.value, want.tolerance + stored.tolerance};
            break;
          }
          case TypeKind::PACKED_SHARED_EXPONENT: {
            const std::uint64_t w = word(offset, 4);
            got = std::ldexp(double((w >> (9 * i)) & 511u), int(w >> 27) - 24);
            packed = shared[i];
            break;
          }
          default: break;  // depth/stencil types never pair with colour formats
        }
        if (!compare(c, t, as.str() + std::to_string(i), got, packed)) return;
      }
    }
  }

  void report(const Case& c, const std::string& what) {
    ++reported_;
    ADD_FAILURE() << describe(c) << ": " << what;
  }

  void run_case(const Case& c, unsigned seed) {
    const ClientData data = make_client_data(c, seed);
    glPixelStorei(GL_UNPACK_ALIGNMENT, c.alignment);
    glPixelStorei(GL_PACK_ALIGNMENT, c.alignment);
    glPixelStorei(GL_UNPACK_SWAP_BYTES, c.swap_bytes);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, c.row_length);
    glPixelStorei(GL_UNPACK_SKIP_PIXELS, c.skip_pixels);
    glPixelStorei(GL_UNPACK_SKIP_ROWS, c.skip_rows);
    glBindTexture(GL_TEXTURE_2D, c.storage ? c.storage : texture_);
    const auto specify = [&](const void* pixels) {
      if (c.storage)
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, kWidth, kHeight, c.format->format, c.type->type, pixels);
      else
        glTexImage2D(GL_TEXTURE_2D, 0, c.internal->value, kWidth, kHeight, 0, c.format->format, c.type->type, pixels);
    };
    if (c.from_pixel_buffer) {
      if (!pixel_buffer_) glGenBuffers(1, &pixel_buffer_);
      glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pixel_buffer_);
      std::vector<std::uint8_t> contents(kBufferOffset + data.bytes.size(), 0x5A);
      std::copy(data.bytes.begin(), data.bytes.end(), contents.begin() + std::ptrdiff_t(kBufferOffset));
      glBufferData(GL_PIXEL_UNPACK_BUFFER, GLsizeiptr(contents.size()), contents.data(), GL_STREAM_DRAW);
      specify(reinterpret_cast<const void*>(kBufferOffset));
      glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    } else {
      specify(data.bytes.data());
    }
    if (const GLenum error = glGetError(); error != GL_NO_ERROR) {
      std::ostringstream m;
      m << (c.storage ? "glTexSubImage2D" : "glTexImage2D") << " raised 0x" << std::hex << error << " for a legal pair";
      return report(c, m.str());
    }
    const StoredComponents stored = stored_components(*c.internal, GL_TEXTURE_2D);
    if (!stored.problem.empty()) return report(c, "unsized format: " + stored.problem);
    const auto expected = expected_readback(*c.internal, stored, data);

    switch (c.internal->base) {
      case GL_DEPTH_COMPONENT: return check_depth(c, expected);
      case GL_DEPTH_STENCIL: return check_depth_stencil(c, expected, c.format->kind == ClientKind::DEPTH_STENCIL);
      case GL_STENCIL_INDEX: return check_stencil(c, expected);
      default: return is_integer(*c.internal) ? check_integer(c, expected) : check_color(c, expected);
    }
  }

  bool read_back(const Case& c, GLenum format, GLenum type, std::vector<std::uint8_t>& out) {
    out.assign(out.size(), 0xEE);
    glGetTexImage(GL_TEXTURE_2D, 0, format, type, out.data());
    if (const GLenum error = glGetError(); error != GL_NO_ERROR) {
      std::ostringstream m;
      m << "glGetTexImage raised 0x" << std::hex << error;
      report(c, m.str());
      return false;
    }
    return true;
  }

  // Compares one value; reports and returns false on a mismatch.
  bool compare(const Case& c, int texel, const std::string& channel, double got, Expected e) {
    if (std::fabs(got - e.value) <= e.tolerance) return true;
    std::ostringstream m;
    m.precision(9);
    m << "texel " << texel << " channel " << channel << ": got " << got << ", expected " << e.value
      << " (tolerance " << e.tolerance << ")";
    report(c, m.str());
    return false;
  }

  template <typename T>
  static T read(const std::vector<std::uint8_t>& bytes, std::size_t offset) {
    T v;
    std::memcpy(&v, bytes.data() + offset, sizeof v);
    return v;
  }

  void check_color(const Case& c, const std::array<std::array<Expected, 4>, kTexels>& expected) {
    std::vector<std::uint8_t> out(kTexels * 16);
    if (!read_back(c, GL_RGBA, GL_FLOAT, out)) return;
    static const char* names[] = {"R", "G", "B", "A"};
    for (int t = 0; t < kTexels; ++t)
      for (int ch = 0; ch < 4; ++ch)
        if (!compare(c, t, names[ch], read<float>(out, std::size_t(t * 16 + ch * 4)), expected[std::size_t(t)][std::size_t(ch)]))
          return;
  }

  void check_integer(const Case& c, const std::array<std::array<Expected, 4>, kTexels>& expected) {
    std::vector<std::uint8_t> out(kTexels * 16);
    const bool is_signed = c.internal->encoding == Encoding::SINT;
    if (!read_back(c, GL_RGBA_INTEGER, is_signed ? GL_INT : GL_UNSIGNED_INT, out)) return;
    static const char* names[] = {"R", "G", "B", "A"};
    for (int t = 0; t < kTexels; ++t)
      for (int ch = 0; ch < 4; ++ch) {
        const std::size_t offset = std::size_t(t * 16 + ch * 4);
        const double got = is_signed ? double(read<std::int32_t>(out, offset)) : double(read<std::uint32_t>(out, offset));
        if (!compare(c, t, names[ch], got, expected[std::size_t(t)][std::size_t(ch)])) return;
      }
  }

  void check_depth(const Case& c, const std::array<std::array<Expected, 4>, kTexels>& expected) {
    // Rows of five floats are padded to the pack alignment when it is 8.
    const std::size_t stride = row_stride(kWidth, 4, 1, c.alignment);
    std::vector<std::uint8_t> out(stride * kHeight);
    if (!read_back(c, GL_DEPTH_COMPONENT, GL_FLOAT, out)) return;
    for (int t = 0; t < kTexels; ++t)
      if (!compare(c, t, "depth", read<float>(out, std::size_t(t / kWidth) * stride + std::size_t(t % kWidth) * 4),
                   expected[std::size_t(t)][0]))
        return;
  }

  // Depth and stencil through DEPTH_STENCIL/FLOAT_32_UNSIGNED_INT_24_8_REV; the stencil of an
  // image specified with DEPTH_COMPONENT data is undefined (section 8.5) and not checked.
  void check_depth_stencil(const Case& c, const std::array<std::array<Expected, 4>, kTexels>& expected,
                           bool stencil_defined) {
    std::vector<std::uint8_t> out(kTexels * 8);
    if (!read_back(c, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, out)) return;
    for (int t = 0; t < kTexels; ++t) {
      if (!compare(c, t, "depth", read<float>(out, std::size_t(t * 8)), expected[std::size_t(t)][0])) return;
      if (stencil_defined &&
          !compare(c, t, "stencil", double(read<std::uint32_t>(out, std::size_t(t * 8 + 4)) & 0xFFu),
                   expected[std::size_t(t)][1]))
        return;
    }
  }

  // STENCIL_INDEX/UNSIGNED_BYTE: one byte per texel, rows padded to the pack alignment.
  void check_stencil(const Case& c, const std::array<std::array<Expected, 4>, kTexels>& expected) {
    const std::size_t stride = row_stride(kWidth, 1, 1, c.alignment);
    std::vector<std::uint8_t> out(stride * kHeight);
    if (!read_back(c, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, out)) return;
    for (int t = 0; t < kTexels; ++t)
      if (!compare(c, t, "stencil", double(out[std::size_t(t / kWidth) * stride + std::size_t(t % kWidth)]),
                   expected[std::size_t(t)][1]))
        return;
  }

  GLuint texture_ = 0, pixel_buffer_ = 0;
  int reported_ = 0;
};

// The number of pairs each group covers is fixed by the spec tables above; a drop means a
// table lost entries.
TEST_F(TextureFormatMatrixTest, SizedColorFormatsStoreEveryLegalPairBySpecRules) {
  EXPECT_EQ(run_matrix(kColorFormats), int(kColorFormats.size()) * 110);
}

TEST_F(TextureFormatMatrixTest, IntegerFormatsStoreEveryLegalPairBySpecRules) {
  EXPECT_EQ(run_matrix(kIntegerFormats), int(kIntegerFormats.size()) * 74);
}

TEST_F(TextureFormatMatrixTest, DepthAndStencilFormatsStoreEveryLegalPairBySpecRules) {
  EXPECT_EQ(run_matrix(kDepthStencilFormats), 6 * 10 + 6);
}

// 9 colour formats: 8 array types each, 6 packed types with RGB and 8 with each of RGBA, BGRA.
TEST_F(TextureFormatMatrixTest, SizedColorFormatsReadBackInEveryColorFormatAndType) {
  EXPECT_EQ(run_readback_matrix(kColorFormats), int(kColorFormats.size()) * (9 * 8 + 6 + 16));
}

TEST_F(TextureFormatMatrixTest, UnsizedFormatsStoreEveryLegalPairBySpecRules) {
  // 24 colour formats (8 of them signed normalized), the two depth/stencil ones and STENCIL_INDEX.
  EXPECT_EQ(run_matrix(kUnsizedFormats), 24 * 110 + 2 * 10 + 6);
}

// The complement: every other (internal format, format, type) of the tables above raises the
// error sections 8.4.4.1 and 8.5 name. Where two rules apply, either error is right (section 2.3.1
// records one of them).
struct ExpectedError {
  GLenum error, alternative;
};

ExpectedError expected_error(const ClientFormat& f, const ClientType& t) {
  // Section 8.4.4.1: INVALID_ENUM for DEPTH_STENCIL data of any type but its two, and for
  // integer formats with floating-point types (the float column of table 8.2).
  const bool packed_mismatch =
      is_packed(t) && std::find(t.formats.begin(), t.formats.end(), f.format) == t.formats.end();
  const bool float_type = t.kind == TypeKind::HALF || t.kind == TypeKind::FLOAT ||
                          t.kind == TypeKind::PACKED_UFLOAT || t.kind == TypeKind::PACKED_SHARED_EXPONENT ||
                          t.kind == TypeKind::FLOAT_DEPTH_STENCIL;
  const bool enum_error = (f.kind == ClientKind::DEPTH_STENCIL && t.kind != TypeKind::PACKED_DEPTH_STENCIL &&
                           t.kind != TypeKind::FLOAT_DEPTH_STENCIL) ||
                          (f.kind == ClientKind::INTEGER && float_type);
  // Table 8.5 (a packed type with a format it does not list) and section 8.5 (data the
  // internal format cannot take): INVALID_OPERATION.
  if (enum_error) return {GL_INVALID_ENUM, packed_mismatch ? GLenum(GL_INVALID_OPERATION) : GLenum(GL_INVALID_ENUM)};
  return {GL_INVALID_OPERATION, GL_INVALID_OPERATION};
}

TEST_F(TextureFormatMatrixTest, IllegalPairsRaiseTheSpecError) {
  GLuint texture = 0;
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  const std::vector<std::uint8_t> data(kTexels * 16, 0);
  int reported = 0, cases = 0;
  for (const auto* group : {&kColorFormats, &kIntegerFormats, &kDepthStencilFormats, &kUnsizedFormats})
    for (const InternalFormat& internal : *group)
      for (const ClientFormat& format : kClientFormats)
        for (const ClientType& type : kClientTypes) {
          if (format_fits(format, internal) && pair_is_legal(format, type)) continue;
          // Floating-point stencil indices are legal but left out (see the header).
          if (format.kind == ClientKind::STENCIL && internal.base == GL_STENCIL_INDEX &&
              (type.kind == TypeKind::HALF || type.kind == TypeKind::FLOAT))
            continue;
          ++cases;
          glTexImage2D(GL_TEXTURE_2D, 0, internal.value, kWidth, kHeight, 0, format.format, type.type, data.data());
          const GLenum error = glGetError();
          const ExpectedError expected = expected_error(format, type);
          if (error != expected.error && error != expected.alternative && reported++ < 40)
            ADD_FAILURE() << internal.name << " <- " << format.name << "/" << type.name << ": error 0x" << std::hex
                          << error << ", expected 0x" << expected.error;
        }
  glDeleteTextures(1, &texture);
  EXPECT_EQ(reported, 0) << "of " << cases << " illegal combinations";
}

// Section 8.11.4's rules for glGetTexImage beyond the format/type pair: depth data only from
// depth or depth/stencil images, DEPTH_STENCIL only from depth/stencil ones, stencil from stencil
// or depth/stencil ones, colour only from colour images, integer only from integer ones.
bool readback_fits(const ClientFormat& f, const InternalFormat& internal) {
  switch (f.kind) {
    case ClientKind::DEPTH: return internal.base == GL_DEPTH_COMPONENT || internal.base == GL_DEPTH_STENCIL;
    case ClientKind::DEPTH_STENCIL: return internal.base == GL_DEPTH_STENCIL;
    case ClientKind::STENCIL: return internal.base == GL_STENCIL_INDEX || internal.base == GL_DEPTH_STENCIL;
    case ClientKind::COLOR:
    case ClientKind::INTEGER:
      return !is_depth_or_stencil(internal.base) && (f.kind == ClientKind::INTEGER) == is_integer(internal);
  }
  return false;
}

TEST_F(TextureFormatMatrixTest, ReadbackAcceptsExactlyTheSpecsFormatsAndTypes) {
  GLuint texture = 0;
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  std::vector<std::uint8_t> out(kTexels * 16 + 64);
  int reported = 0, cases = 0;
  for (const auto* group : {&kColorFormats, &kIntegerFormats, &kDepthStencilFormats, &kUnsizedFormats})
    for (const InternalFormat& internal : *group) {
      // Any legal pair gives the image; its contents do not matter here.
      const ClientFormat* source = nullptr;
      for (const ClientFormat& f : kClientFormats)
        if (!source && format_fits(f, internal)) source = &f;
      const bool depth_stencil_source = source->kind == ClientKind::DEPTH_STENCIL;
      glTexImage2D(GL_TEXTURE_2D, 0, internal.value, kWidth, kHeight, 0, source->format,
                   depth_stencil_source ? GL_UNSIGNED_INT_24_8 : GL_UNSIGNED_BYTE, nullptr);
      ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << internal.name;
      for (const ClientFormat& format : kClientFormats)
        for (const ClientType& type : kClientTypes) {
          // Floating-point stencil indices are left out (see the header).
          if (format.kind == ClientKind::STENCIL && (type.kind == TypeKind::HALF || type.kind == TypeKind::FLOAT))
            continue;
          ++cases;
          glGetTexImage(GL_TEXTURE_2D, 0, format.format, type.type, out.data());
          const GLenum error = glGetError();
          ExpectedError expected{GL_NO_ERROR, GL_NO_ERROR};
          if (!pair_is_legal(format, type)) expected = expected_error(format, type);
          else if (!readback_fits(format, internal)) expected = {GL_INVALID_OPERATION, GL_INVALID_OPERATION};
          if (error != expected.error && error != expected.alternative && reported++ < 40)
            ADD_FAILURE() << "glGetTexImage of " << internal.name << " as " << format.name << "/" << type.name
                          << ": error 0x" << std::hex << error << ", expected 0x" << expected.error;
        }
    }
  glDeleteTextures(1, &texture);
  EXPECT_EQ(reported, 0) << "of " << cases << " readback combinations";
}

}  // namespace
}  // namespace glvk::test
