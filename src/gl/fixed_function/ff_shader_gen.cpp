// GLSL for the fixed-function pipeline from a Key: the vertex stage (transforms, normals,
// lighting of GL 4.6 compatibility 12.2.1, texture matrices, fog coordinate) and the fragment stage
// (texture environments of table 16.1, colour sum, fog of 16.4). The alpha test of 17.3.4 is st's,
// for generated and GLSL fragment stages alike (lower_alpha_test).
#include <string_view>
#include <vector>

#include "ff_key.h"
#include "glvk/gl/framebuffer_completeness.h"

namespace glvk::gl::ff {

namespace {

std::string text(const std::string& s) { return s; }
std::string text(const char* s) { return s; }
std::string text(unsigned v) { return std::to_string(v); }
std::string text(int v) { return std::to_string(v); }

// std::format's "{}" and "{N}" (GCC 12 has no <format>): arguments in order or by index; "{{"
// and "}}" are braces.
template <typename... Args>
std::string fmt(std::string_view f, const Args&... args) {
  const std::vector<std::string> a{text(args)...};
  std::string out;
  std::size_t next = 0;
  for (std::size_t i = 0; i < f.size(); ++i) {
    const bool doubled = i + 1 < f.size() && f[i + 1] == f[i];
    if ((f[i] == '{' || f[i] == '}') && doubled) {
      out += f[i++];
    } else if (f[i] == '{') {
      const std::size_t close = f.find('}', i);
      const std::string_view index = f.substr(i + 1, close - i - 1);
      out += a[index.empty() ? next++ : std::size_t(std::stoul(std::string(index)))];
      i = close;
    } else {
      out += f[i];
    }
  }
  return out;
}

bool texturing(const TextureUnitKey& u) { return u.target != TexTarget::None; }

// The first line: a partner stage names the compatibility varyings, which src/glsl lowers.
const char* version_line(const Key& key) {
  return key.partner == Partner::None ? "#version 330 core\n" : "#version 330 compatibility\n";
}

// Where the vertex stage puts unit u's coordinates, and where the fragment stage reads them.
std::string texcoord_varying(const Key& key, unsigned u) {
  return key.partner == Partner::None ? fmt("v_texcoord{}", u) : fmt("gl_TexCoord[{}]", u);
}

// Material colour `what` of `face` (0 front, 1 back): the current colour when colour material
// tracks it, else the material uniform.
std::string material(const Key& key, int face, std::uint8_t bit, const char* what) {
  if (key.color_material[std::size_t(face)] & bit) return "a_color";
  return fmt("ff_mat{}_{}", face, what);
}

// One face's lit colours (primary into `pri`, secondary into `sec`) with normal `n`.
std::string lit_face(const Key& key, int face, const char* n, const char* pri, const char* sec) {
  std::string s;
  const std::string amb = material(key, face, kCmAmbient, "ambient");
  const std::string dif = material(key, face, kCmDiffuse, "diffuse");
  const std::string spe = material(key, face, kCmSpecular, "specular");
  const std::string emi = material(key, face, kCmEmission, "emission");
  s += fmt("  {{\n    vec3 c = {}.rgb + {}.rgb * ff_light_model_ambient.rgb;\n    vec3 cs = vec3(0.0);\n",
                   emi, amb);
  for (unsigned i = 0; i < kMaxLights; ++i) {
    if (!(key.lights & (1u << i))) continue;
    const std::string l = fmt("ff_light{}_", i);
    s += "    {\n";
    if (key.local_lights & (1u << i)) {
      // VP_pli from the vertex to the light; attenuation 1 / (k0 + k1 d + k2 d^2).
      s += fmt("      vec3 d = {0}position.xyz - eye_pos;\n      float dist = length(d);\n"
                       "      vec3 vp = d / dist;\n"
                       "      float att = 1.0 / ({0}attenuation.x + {0}attenuation.y * dist + "
                       "{0}attenuation.z * dist * dist);\n",
                       l);
    } else {
      s += fmt("      vec3 vp = normalize({}position.xyz);\n      float att = 1.0;\n", l);
    }
    if (key.spot_lights & (1u << i))
      s += fmt("      float sd = dot(-vp, {0}spot_direction);\n"
               "      att *= sd >= {0}spot.y ? power(max(sd, 0.0), {0}spot.x) : 0.0;\n",
               l);
    s += fmt("      float ndotvp = max(dot({}, vp), 0.0);\n", n);
    s += key.local_viewer ? "      vec3 h = normalize(vp + normalize(-eye_pos));\n"
                          : "      vec3 h = normalize(vp + vec3(0.0, 0.0, 1.0));\n";
    s += fmt("      float spec = ndotvp > 0.0 ? power(max(dot({}, h), 0.0), ff_mat{}_shininess) : 0.0;\n",
                     n, face);
    s += fmt("      c += att * ({0}.rgb * {1}ambient.rgb + ndotvp * {2}.rgb * {1}diffuse.rgb);\n", amb, l, dif);
    s += fmt("      {} += att * spec * {}.rgb * {}specular.rgb;\n", key.separate_specular ? "cs" : "c", spe, l);
    s += "    }\n";
  }
  // Alpha is the diffuse material's; the secondary colour's alpha is 0.
  s += fmt("    {} = clamp(vec4(c, {}.a), 0.0, 1.0);\n    {} = vec4(clamp(cs, 0.0, 1.0), 0.0);\n  }}\n", pri,
                   dif, sec);
  return s;
}

bool uses_normal(TexGen g) { return g == TexGen::SphereMap || g == TexGen::NormalMap || g == TexGen::ReflectionMap; }

// GL 4.6 compatibility 12.1.3: unit u's texture coordinates with the enabled coordinates generated
// from the object or eye position (planes ff_texgenU_object/eyeC), the sphere map, or the eye
// normal n or reflection vector r.
std::string texgen(const Key& key, unsigned u, const TextureUnitKey& unit) {
  std::string s = fmt("  {{\n    vec4 tc = a_texcoord{};\n", u);
  static const char* const kComponent[4] = {"x", "y", "z", "w"};
  for (unsigned c = 0; c < 4; ++c) {
    const char* x = kComponent[c];
    switch (unit.texgen[c]) {
      case TexGen::Off: break;
      case TexGen::ObjectLinear: s += fmt("    tc.{} = dot(ff_texgen{}_object{}, a_vertex);\n", x, u, c); break;
      case TexGen::EyeLinear: s += fmt("    tc.{} = dot(ff_texgen{}_eye{}, eye);\n", x, u, c); break;
      case TexGen::SphereMap: s += fmt("    tc.{0} = r.{0} / sphere_m + 0.5;\n", x); break;
      case TexGen::NormalMap: s += fmt("    tc.{0} = n.{0};\n", x); break;
      case TexGen::ReflectionMap: s += fmt("    tc.{0} = r.{0};\n", x); break;
    }
  }
  return s + fmt("    {} = ff_texture_matrix{} * tc;\n  }}\n", texcoord_varying(key, u), u);
}

}  // namespace

std::string vertex_shader(const Key& key) {
  std::string s = version_line(key);
  const char* flat = key.flat ? "flat " : "";
  const bool partner = key.partner == Partner::UserFragment;
  const bool writes_fog = partner ? (key.partner_reads & kReadsFog) != 0 : key.fog != 0;
  s += fmt("layout(location = {}) in vec4 a_vertex;\n", unsigned(kAttribVertex));
  s += fmt("layout(location = {}) in vec3 a_normal;\n", unsigned(kAttribNormal));
  s += fmt("layout(location = {}) in vec4 a_color;\n", unsigned(kAttribColor));
  s += fmt("layout(location = {}) in vec4 a_secondary_color;\n", unsigned(kAttribSecondaryColor));
  s += fmt("layout(location = {}) in float a_fog_coord;\n", unsigned(kAttribFogCoord));
  s += "uniform mat4 ff_modelview;\nuniform mat4 ff_mvp;\nuniform mat3 ff_normal_matrix;\n"
       "uniform float ff_normal_scale;\nuniform float ff_point_size;\n";
  bool texgen_eye = false, texgen_normal = false, texgen_reflect = false;
  for (unsigned u = 0; u < kFixedTextureUnits; ++u) {
    const TextureUnitKey& unit = key.units[u];
    if (!writes_texcoord(key, u)) continue;
    for (unsigned c = 0; c < 4; ++c) {
      const TexGen g = unit.texgen[c];
      if (g == TexGen::ObjectLinear) s += fmt("uniform vec4 ff_texgen{}_object{};\n", u, c);
      if (g == TexGen::EyeLinear) s += fmt("uniform vec4 ff_texgen{}_eye{};\n", u, c);
      texgen_eye = texgen_eye || (g != TexGen::Off && g != TexGen::ObjectLinear);
      texgen_normal = texgen_normal || uses_normal(g);
      texgen_reflect = texgen_reflect || g == TexGen::SphereMap || g == TexGen::ReflectionMap;
    }
  }
  if (key.pixels == PixelSource::None) {
    for (unsigned i = 0; i < 8; ++i)
      if (key.clip_planes & (1u << i)) s += fmt("uniform vec4 ff_clip_plane{};\n", i);
    // Distance i is plane i's, as for user shaders: st stores the disabled ones below the highest
    // enabled plane as inside (the clip-enable lowering), the others are not declared.
    if (key.clip_planes) s += fmt("out float gl_ClipDistance[{}];\n", 32u - unsigned(__builtin_clz(key.clip_planes)));
    if (key.point_attenuation) s += "uniform vec3 ff_point_attenuation;\nuniform vec2 ff_point_size_range;\n";
  }
  if (!partner) {
    s += fmt("{0}out vec4 v_color;\n{0}out vec4 v_secondary_color;\n", flat);
    if (key.two_side) s += fmt("{0}out vec4 v_back_color;\n{0}out vec4 v_back_secondary_color;\n", flat);
    if (key.fog) s += "out float v_fog_coord;\n";
  }
  for (unsigned u = 0; u < kFixedTextureUnits; ++u) {
    if (!writes_texcoord(key, u)) continue;
    s += fmt("layout(location = {}) in vec4 a_texcoord{};\nuniform mat4 ff_texture_matrix{};\n",
             unsigned(kAttribTexCoord0) + u, u, u);
    if (!partner) s += fmt("out vec4 v_texcoord{};\n", u);
  }
  if (key.lighting) {
    s += "uniform vec4 ff_light_model_ambient;\n";
    for (int f = 0; f < (key.two_side ? 2 : 1); ++f)
      s += fmt("uniform vec4 ff_mat{0}_ambient;\nuniform vec4 ff_mat{0}_diffuse;\nuniform vec4 ff_mat{0}_specular;\n"
                       "uniform vec4 ff_mat{0}_emission;\nuniform float ff_mat{0}_shininess;\n",
                       f);
    for (unsigned i = 0; i < kMaxLights; ++i) {
      if (!(key.lights & (1u << i))) continue;
      s += fmt("uniform vec4 ff_light{0}_ambient;\nuniform vec4 ff_light{0}_diffuse;\n"
                       "uniform vec4 ff_light{0}_specular;\nuniform vec4 ff_light{0}_position;\n"
                       "uniform vec3 ff_light{0}_attenuation;\nuniform vec3 ff_light{0}_spot_direction;\n"
                       "uniform vec2 ff_light{0}_spot;\n",  // exponent, cos(cutoff)
                       i);
    }
    // x^y with GL's 0^0 = 1 (GLSL's pow leaves x <= 0 undefined).
    s += "float power(float x, float y) { return y == 0.0 ? 1.0 : (x > 0.0 ? pow(x, y) : 0.0); }\n";
  }
  if (key.pixels != PixelSource::None) {
    // A pixel rectangle: the corners are in clip coordinates, the rest is the raster position's.
    s += "void main() {\n  gl_Position = a_vertex;\n  gl_PointSize = 1.0;\n"
         "  v_color = a_color;\n  v_secondary_color = a_secondary_color;\n";
    if (key.fog) s += "  v_fog_coord = a_fog_coord;\n";
    for (unsigned u = 0; u < kFixedTextureUnits; ++u)
      if (texturing(key.units[u])) s += fmt("  v_texcoord{0} = a_texcoord{0};\n", u);
    return s + "}\n";
  }
  s += "void main() {\n  gl_Position = ff_mvp * a_vertex;\n";
  const bool needs_eye = key.lighting || (writes_fog && !key.fog_coord_attrib) || texgen_eye || key.clip_planes ||
                         key.point_attenuation;
  if (needs_eye) s += "  vec4 eye = ff_modelview * a_vertex;\n  vec3 eye_pos = eye.xyz / eye.w;\n";
  if (key.point_attenuation) {
    // 14.4: size * sqrt(1 / (a + b d + c d^2)) with d the distance from the eye, clamped to
    // [POINT_SIZE_MIN, POINT_SIZE_MAX].
    s += "  float point_d = length(eye_pos);\n"
         "  gl_PointSize = clamp(ff_point_size * inversesqrt(dot(ff_point_attenuation, vec3(1.0, point_d, "
         "point_d * point_d))), ff_point_size_range.x, ff_point_size_range.y);\n";
  } else {
    s += "  gl_PointSize = ff_point_size;\n";
  }
  // 13.7.2: a vertex is inside user clip plane i where (p1 p2 p3 p4) . (xe ye ze we) >= 0.
  for (unsigned i = 0; i < 8; ++i)
    if (key.clip_planes & (1u << i)) s += fmt("  gl_ClipDistance[{}] = dot(ff_clip_plane{}, eye);\n", i, i);
  // Only when read: lighting without a light never reads the normal, and a normal computed for
  // nothing would keep the attribute in the reflected inputs while the optimizer drops it from
  // the module (the draw would feed an input the shader does not have).
  if ((key.lighting && key.lights) || texgen_normal) {
    // GL 4.6 compatibility 12.2.1.1: n' = n M^-1 (the normal matrix), then RESCALE_NORMAL's factor
    // and NORMALIZE.
    s += "  vec3 n = ff_normal_matrix * a_normal * ff_normal_scale;\n";
    if (key.normalize) s += "  n = normalize(n);\n";
  }
  if (texgen_reflect) {
    // 12.1.3: r = u - 2 n' (n' . u) with u the unit vector from the origin to the vertex; the
    // sphere map's m = 2 sqrt(rx^2 + ry^2 + (rz + 1)^2).
    s += "  vec3 r = reflect(normalize(eye_pos), n);\n"
         "  float sphere_m = 2.0 * sqrt(r.x * r.x + r.y * r.y + (r.z + 1.0) * (r.z + 1.0));\n";
  }
  // A partner stage computes the colours into locals and writes the varyings its fragment shader
  // reads (without lighting, the back colours are the front ones).
  const char* color = partner ? "ff_front" : "v_color";
  const char* secondary = partner ? "ff_front_secondary" : "v_secondary_color";
  const char* back = partner ? "ff_back" : "v_back_color";
  const char* back_secondary = partner ? "ff_back_secondary" : "v_back_secondary_color";
  if (partner) s += "  vec4 ff_front, ff_front_secondary, ff_back, ff_back_secondary;\n";
  if (key.lighting) {
    s += lit_face(key, 0, "n", color, secondary);
    if (key.two_side) s += lit_face(key, 1, "-n", back, back_secondary);
  } else if (!partner) {
    s += fmt("  {} = a_color;\n  {} = a_secondary_color;\n", color, secondary);
  } else {
    if (key.partner_reads & kReadsColor) s += "  ff_front = a_color;\n";
    if (key.partner_reads & kReadsSecondary) s += "  ff_front_secondary = a_secondary_color;\n";
  }
  if (partner) {
    const bool two_side = key.lighting && key.two_side;
    if (key.partner_reads & kReadsColor)
      s += fmt("  gl_FrontColor = ff_front;\n  gl_BackColor = {};\n", two_side ? "ff_back" : "ff_front");
    if (key.partner_reads & kReadsSecondary)
      s += fmt("  gl_FrontSecondaryColor = ff_front_secondary;\n  gl_BackSecondaryColor = {};\n",
               two_side ? "ff_back_secondary" : "ff_front_secondary");
  }
  const char* fog_out = partner ? "gl_FogFragCoord" : "v_fog_coord";
  if (writes_fog) s += fmt(key.fog_coord_attrib ? "  {} = a_fog_coord;\n" : "  {} = abs(eye.z);\n", fog_out);
  for (unsigned u = 0; u < kFixedTextureUnits; ++u) {
    const TextureUnitKey& unit = key.units[u];
    if (!writes_texcoord(key, u)) continue;
    if (unit.texgen == std::array<TexGen, 4>{})
      s += fmt("  {} = ff_texture_matrix{} * a_texcoord{};\n", texcoord_varying(key, u), u, u);
    else
      s += texgen(key, u, unit);
  }
  s += "}\n";
  return s;
}

namespace {

const char* sampler_type(const TextureUnitKey& unit) {
  switch (unit.target) {
    case TexTarget::Tex1D: return unit.shadow ? "sampler1DShadow" : "sampler1D";
    case TexTarget::Tex3D: return "sampler3D";
    case TexTarget::Cube: return "samplerCube";
    case TexTarget::Rect: return unit.shadow ? "sampler2DRectShadow" : "sampler2DRect";  // coordinates in texels
    default: return unit.shadow ? "sampler2DShadow" : "sampler2D";
  }
}

// Table 16.1: the unit's output from the previous colour `p` and the texture colour `t` (already
// rebased: L = (L, L, L, 1), A = (0, 0, 0, A), I = (I, I, I, I)) and the env colour `cc`.
std::string texenv(const TextureUnitKey& u, const std::string& cc) {
  const bool has_color = u.base != BaseClass::Alpha;
  const bool has_alpha = u.base != BaseClass::Color;
  std::string rgb = "p.rgb", a = "p.a";
  switch (u.mode) {
    case EnvMode::Replace:
      if (has_color) rgb = "t.rgb";
      if (has_alpha) a = "t.a";
      break;
    case EnvMode::Modulate:
      if (has_color) rgb = "p.rgb * t.rgb";
      if (has_alpha) a = "p.a * t.a";
      break;
    case EnvMode::Decal:  // defined for RGB and RGBA only (others: undefined; glvk keeps p)
      if (u.base == BaseClass::Color) rgb = "t.rgb";
      if (u.base == BaseClass::ColorAlpha) rgb = "mix(p.rgb, t.rgb, t.a)";
      break;
    case EnvMode::Blend:
      if (has_color) rgb = fmt("mix(p.rgb, {}.rgb, t.rgb)", cc);
      if (u.base == BaseClass::Intensity) a = fmt("mix(p.a, {}.a, t.a)", cc);
      else if (has_alpha) a = "p.a * t.a";
      break;
    case EnvMode::Combine: break;  // combine() generates it
    case EnvMode::Add:
      if (has_color) rgb = "p.rgb + t.rgb";
      if (u.base == BaseClass::Intensity) a = "p.a + t.a";
      else if (has_alpha) a = "p.a * t.a";
      break;
  }
  return fmt("clamp(vec4({}, {}), 0.0, 1.0)", rgb, a);
}

// GL_COMBINE (tables 16.2-16.4): source `src` of unit `u` through `operand`, as a vec3 (rgb) or float.
std::string combine_arg(unsigned u, std::uint16_t src, std::uint16_t operand, bool rgb) {
  std::string v;
  switch (src) {
    case GL_TEXTURE: v = fmt("t{}", u); break;
    case GL_CONSTANT: v = fmt("ff_texenv{}_color", u); break;
    case GL_PRIMARY_COLOR: v = "primary"; break;
    case GL_PREVIOUS: v = "p"; break;
    default: v = fmt("t{}", unsigned(src - GL_TEXTURE0)); break;  // the crossbar's TEXTUREn
  }
  switch (operand) {
    case GL_SRC_COLOR: return v + ".rgb";
    case GL_ONE_MINUS_SRC_COLOR: return fmt("(1.0 - {}.rgb)", v);
    case GL_ONE_MINUS_SRC_ALPHA: return rgb ? fmt("vec3(1.0 - {}.a)", v) : fmt("(1.0 - {}.a)", v);
    default: return rgb ? fmt("vec3({}.a)", v) : v + ".a";  // SRC_ALPHA
  }
}

// Table 16.2's functions of the arguments a0..a2 (DOT3 only for RGB: a scalar, replicated).
std::string combine_function(std::uint16_t function, const std::string a[3]) {
  switch (function) {
    case GL_REPLACE: return a[0];
    case GL_ADD: return fmt("({} + {})", a[0], a[1]);
    case GL_ADD_SIGNED: return fmt("({} + {} - 0.5)", a[0], a[1]);
    case GL_INTERPOLATE: return fmt("mix({1}, {0}, {2})", a[0], a[1], a[2]);
    case GL_SUBTRACT: return fmt("({} - {})", a[0], a[1]);
    case GL_DOT3_RGB: case GL_DOT3_RGBA:
      return fmt("vec3(4.0 * dot({} - 0.5, {} - 0.5))", a[0], a[1]);
    default: return fmt("({} * {})", a[0], a[1]);  // MODULATE
  }
}

std::string combine(unsigned u, const CombineKey& c) {
  std::string rgb_args[3], alpha_args[3];
  for (unsigned i = 0; i < 3; ++i) {
    rgb_args[i] = combine_arg(u, c.src_rgb[i], c.operand_rgb[i], true);
    alpha_args[i] = combine_arg(u, c.src_alpha[i], c.operand_alpha[i], false);
  }
  const std::string rgb = combine_function(c.rgb, rgb_args);
  // DOT3_RGBA puts the dot product in alpha as well (scaled by ALPHA_SCALE like any alpha result,
  // as llvmpipe and zink do), and the alpha function is not used.
  const std::string alpha =
      c.rgb == GL_DOT3_RGBA ? fmt("{}.r", rgb) : combine_function(c.alpha, alpha_args);
  return fmt("clamp(vec4({} * {}.0, {} * {}.0), 0.0, 1.0)", rgb, unsigned(c.rgb_scale), alpha,
             unsigned(c.alpha_scale));
}

}  // namespace

std::string fragment_shader(const Key& key) {
  std::string s = version_line(key);
  if (key.pixels == PixelSource::Stencil) s += "#extension GL_ARB_shader_stencil_export : require\n";
  const char* flat = key.flat ? "flat " : "";
  // A partner stage reads the user's vertex shader through gl_Color, gl_SecondaryColor,
  // gl_TexCoord[] and gl_FogFragCoord (gl_Color is front or back by VERTEX_PROGRAM_TWO_SIDE).
  const bool partner = key.partner == Partner::UserVertex;
  if (!partner) {
    s += fmt("{0}in vec4 v_color;\n{0}in vec4 v_secondary_color;\n", flat);
    if (key.two_side) s += fmt("{0}in vec4 v_back_color;\n{0}in vec4 v_back_secondary_color;\n", flat);
    if (key.fog) s += "in float v_fog_coord;\n";
  }
  if (key.fog) s += "uniform vec4 ff_fog_color;\nuniform vec4 ff_fog_params;\n";
  if (key.polygon_stipple) s += "uniform uvec4 ff_polygon_stipple[8];\n";  // row r: [r / 4][r % 4], MSB column 0
  for (unsigned u = 0; u < kFixedTextureUnits; ++u) {
    const TextureUnitKey& unit = key.units[u];
    if (!texturing(unit)) continue;
    if (!partner) s += fmt("in vec4 v_texcoord{};\n", u);
    s += fmt("uniform {} ff_texture{};\n", sampler_type(unit), u);
    if (unit.mode == EnvMode::Blend || unit.mode == EnvMode::Combine) s += fmt("uniform vec4 ff_texenv{}_color;\n", u);
  }
  if (key.pixels != PixelSource::None) s += "uniform sampler2D ff_pixels;\nuniform vec4 ff_pixel_rect;\n";
  if (key.pixel_transfer) s += "uniform vec4 ff_pixel_scale;\nuniform vec4 ff_pixel_bias;\n";
  // GL 4.6 compatibility 17.4.1: the fixed-function colour goes to every draw buffer. One output
  // per buffer, so that a draw leaves out those its framebuffer lacks (st's match_outputs).
  for (unsigned i = 0; i < kMaxColorAttachments; ++i) s += fmt("layout(location = {0}) out vec4 ff_frag_color{0};\n", i);
  s += "void main() {\n";
  if (key.polygon_stipple) {
    // 14.6.2: the fragment at window (x, y) survives where bit (x mod 32) of row (y mod 32) is set.
    s += "  ivec2 stipple_at = ivec2(gl_FragCoord.xy) & 31;\n"
         "  if (((ff_polygon_stipple[stipple_at.y >> 2][stipple_at.y & 3] >> uint(31 - stipple_at.x)) & 1u) == 0u)"
         " discard;\n";
  }
  if (key.pixels != PixelSource::None) {
    // GL 4.6 compatibility 18.1.5: the fragment at window (x, y) takes the pixel whose zoomed
    // rectangle (xr + zx i, yr + zy j, one zoom wide) holds its centre. ff_pixel_rect: xr, yr, zx, zy.
    s += "  ivec2 pixel_at = ivec2(floor((gl_FragCoord.xy - ff_pixel_rect.xy) / ff_pixel_rect.zw));\n"
         "  vec4 pixel = texelFetch(ff_pixels, clamp(pixel_at, ivec2(0), textureSize(ff_pixels, 0) - 1), 0);\n";
    if (key.pixels == PixelSource::Bitmap) s += "  if (pixel.r == 0.0) discard;\n";
    // Pixel transfer's scale and bias (8.4.1.?: c * scale + bias, then clamped to [0, 1]); for
    // depth, DEPTH_SCALE and DEPTH_BIAS in the first components.
    if (key.pixel_transfer) s += "  pixel = clamp(pixel * ff_pixel_scale + ff_pixel_bias, 0.0, 1.0);\n";
    if (key.pixels == PixelSource::Depth || key.pixels == PixelSource::DepthDirect) s += "  gl_FragDepth = pixel.r;\n";
    // The stencil index becomes the fragment's stencil reference, which REPLACE writes.
    if (key.pixels == PixelSource::Stencil) s += "  gl_FragStencilRefARB = int(pixel.r);\n";
  }
  if (key.pixels == PixelSource::Color)
    s += "  vec4 p = pixel;\n  vec4 secondary = v_secondary_color;\n";
  else if (partner)
    s += key.color_sum ? "  vec4 p = gl_Color;\n  vec4 secondary = gl_SecondaryColor;\n" : "  vec4 p = gl_Color;\n";
  else if (key.two_side)
    s += "  vec4 p = gl_FrontFacing ? v_color : v_back_color;\n"
         "  vec4 secondary = gl_FrontFacing ? v_secondary_color : v_back_secondary_color;\n";
  else
    s += "  vec4 p = v_color;\n  vec4 secondary = v_secondary_color;\n";
  // Every unit's texel first: the crossbar lets a unit read another unit's texture.
  s += "  vec4 primary = p;\n";
  for (unsigned u = 0; u < kFixedTextureUnits; ++u) {
    const TextureUnitKey& unit = key.units[u];
    if (!texturing(unit)) continue;
    // A point sprite's coordinates are (s, t, 0, 1): s from its left edge, t from the origin's edge.
    // Vulkan's PointCoord runs with the framebuffer rows, which are GL's rows here (no y flip).
    const std::string tc = !(key.coord_replace & (1u << u)) ? texcoord_varying(key, u)
                           : key.sprite_upper_left          ? "vec4(gl_PointCoord.x, 1.0 - gl_PointCoord.y, 0.0, 1.0)"
                                                            : "vec4(gl_PointCoord, 0.0, 1.0)";
    // Fixed-function lookups divide by q (cube maps take the direction as it is).
    if (unit.gl_clamp) {
      // GL_CLAMP: the divided coordinates clamped to [0, 1]; the sampler clamps to the border.
      s += fmt("  vec4 tc{0} = {1};\n  vec3 c{0} = tc{0}.xyz / tc{0}.w;\n", u, tc);
      for (unsigned c = 0; c < 3; ++c)
        if (unit.gl_clamp >> c & 1u) s += fmt("  c{0}.{1} = clamp(c{0}.{1}, 0.0, 1.0);\n", u, std::string(1, "xyz"[c]));
      const char* coords = unit.target == TexTarget::Tex1D ? "x" : unit.target == TexTarget::Tex3D ? "xyz" : "xy";
      if (unit.shadow)  // (s, t, r) with r the reference; the comparison's result in every component
        s += fmt("  vec4 t{0} = vec4(texture(ff_texture{0}, {1}));\n", u,
                 unit.target == TexTarget::Tex1D ? fmt("vec3(c{}.x, 0.0, c{}.z)", u, u) : fmt("c{}", u));
      else
        s += fmt("  vec4 t{0} = texture(ff_texture{0}, c{0}.{1});\n", u, coords);
    } else if (unit.shadow) {  // textureProj compares r / q
      s += fmt("  vec4 t{0} = vec4(textureProj(ff_texture{0}, {1}));\n", u, tc);
    } else {
      s += unit.target == TexTarget::Cube ? fmt("  vec4 t{0} = texture(ff_texture{0}, {1}.xyz);\n", u, tc)
                                          : fmt("  vec4 t{0} = textureProj(ff_texture{0}, {1});\n", u, tc);
    }
  }
  for (unsigned u = 0; u < kFixedTextureUnits; ++u) {
    const TextureUnitKey& unit = key.units[u];
    if (!texturing(unit)) continue;
    if (unit.mode == EnvMode::Combine)
      s += fmt("  p = {};\n", combine(u, unit.combine));
    else
      s += fmt("  {{\n    vec4 t = t{};\n    p = {};\n  }}\n", u, texenv(unit, fmt("ff_texenv{}_color", u)));
  }
  if (key.color_sum) s += "  p.rgb = min(p.rgb + secondary.rgb, 1.0);\n";
  if (key.fog) {
    // ff_fog_params: density, start, end, 1 / (end - start).
    const char* c = partner ? "gl_FogFragCoord" : "v_fog_coord";
    const std::string f = key.fog == 1   ? fmt("(ff_fog_params.z - {}) * ff_fog_params.w", c)
                          : key.fog == 2 ? fmt("exp(-ff_fog_params.x * {})", c)
                                         : fmt("exp(-(ff_fog_params.x * {0}) * (ff_fog_params.x * {0}))", c);
    s += fmt("  float fog = clamp({}, 0.0, 1.0);\n  p.rgb = mix(ff_fog_color.rgb, p.rgb, fog);\n", f);
  }
  for (unsigned i = 0; i < kMaxColorAttachments; ++i) s += fmt("  ff_frag_color{} = p;\n", i);
  s += "}\n";
  return s;
}

}  // namespace glvk::gl::ff
