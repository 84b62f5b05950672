// Features of GLSL versions that glslang only accepts from a later version (see source.h).
#include "source.h"
#include "tokens.h"

namespace glvk::glsl::detail {
namespace {

// GLSL 1.40's inverse() (8.5), which glslang only declares from 1.50. A matrix with columns a, b,
// c: rows b x c, c x a, a x b over det = a . (b x c). Four columns: the same cross-product form on
// the upper 3x4 block, with the bottom row folded in (u, v).
constexpr std::string_view kInversePreamble =
    "mat2 inverse(mat2 m) {\n"
    "  return mat2(m[1][1], -m[0][1], -m[1][0], m[0][0]) / (m[0][0] * m[1][1] - m[1][0] * m[0][1]);\n"
    "}\n"
    "mat3 inverse(mat3 m) {\n"
    "  vec3 x = cross(m[1], m[2]);\n"
    "  return transpose(mat3(x, cross(m[2], m[0]), cross(m[0], m[1]))) / dot(m[0], x);\n"
    "}\n"
    "mat4 inverse(mat4 m) {\n"
    "  vec3 a = m[0].xyz, b = m[1].xyz, c = m[2].xyz, d = m[3].xyz;\n"
    "  float x = m[0].w, y = m[1].w, z = m[2].w, w = m[3].w;\n"
    "  vec3 s = cross(a, b), t = cross(c, d), u = a * y - b * x, v = c * w - d * z;\n"
    "  float r = 1.0 / (dot(s, v) + dot(t, u));\n"
    "  s *= r; t *= r; u *= r; v *= r;\n"
    "  return transpose(mat4(vec4(cross(b, v) + t * y, -dot(b, t)), vec4(cross(v, a) - t * x, dot(a, t)),\n"
    "                        vec4(cross(d, u) + s * w, -dot(d, s)), vec4(cross(u, c) - s * z, dot(c, s))));\n"
    "}\n";

bool has_line_continuation(std::string_view text) {
  for (std::size_t i = text.find('\\'); i != std::string_view::npos; i = text.find('\\', i + 1)) {
    const std::size_t next = i + 1 < text.size() && text[i + 1] == '\r' ? i + 2 : i + 1;
    if (next < text.size() && text[next] == '\n') return true;
  }
  return false;
}

}  // namespace

void declared_version_macro(const VersionInfo& version, std::string& text) {
  if (text.find("__VERSION__") == std::string::npos) return;
  std::vector<TextEdit> edits;
  const std::vector<Token> tokens = tokenize(text);
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (!tokens[i].is("__VERSION__")) continue;
    const Token* before = i >= 1 ? &tokens[i - 1] : nullptr;
    const Token* before2 = i >= 2 ? &tokens[i - 2] : nullptr;
    // glslang's `defined` and #ifdef do not know its built-in __VERSION__ (it is not in its macro
    // table), though GLSL predefines it: the tests become their constant answer.
    if (before && before->is("defined")) {
      edits.push_back({before->begin, tokens[i].end(), "1"});
    } else if (before && before2 && before->is('(') && before2->is("defined") && i + 1 < tokens.size() &&
               tokens[i + 1].is(')')) {
      edits.push_back({before2->begin, tokens[i + 1].end(), "1"});
    } else if (before && before2 && before2->is('#') && (before->is("ifdef") || before->is("ifndef"))) {
      edits.push_back({before->begin, tokens[i].end(), before->is("ifdef") ? "if 1" : "if 0"});
    } else if (!(before && before2 && before2->is('#') && (before->is("define") || before->is("undef")))) {
      edits.push_back({tokens[i].begin, tokens[i].end(), std::to_string(version.version)});
    }
  }
  apply_edits(text, std::move(edits));
}

std::string version_gap_preamble(const VersionInfo& version, std::string_view text) {
  std::string preamble;
  if (version.es) return preamble;
  // Redeclaring gl_PerVertex (GLSL 1.50 11.1 for geometry shaders, 4.10 for every stage): glslang
  // takes it before 4.10 only with the extension that brought it to those stages.
  if (version.version < 410 && text.find("gl_PerVertex") != std::string_view::npos)
    preamble += "#extension GL_ARB_separate_shader_objects : enable\n";
  // Locations on in/out blocks (GLSL 4.40; 4.10's separate shader objects allow them, and Mesa
  // from 4.10 or any version with GL_ARB_separate_shader_objects): glslang asks for the 4.40
  // extension.
  if (version.version < 440 &&
      (version.version >= 410 || text.find("GL_ARB_separate_shader_objects") != std::string_view::npos))
    preamble += "#extension GL_ARB_enhanced_layouts : enable\n";
  // Backslash-newline (GLSL 4.20 3.2; Mesa and the other GL drivers accept it in every version), and
  // layout(binding) on the storage blocks, atomic counters and images of the extensions that bring
  // them before 4.20 (their specifications allow it; glslang asks for 4.20's extension).
  const bool binding_extension = text.find("GL_ARB_shader_storage_buffer_object") != std::string_view::npos ||
                                 text.find("GL_ARB_shader_atomic_counters") != std::string_view::npos ||
                                 text.find("GL_ARB_shader_image_load_store") != std::string_view::npos;
  if (version.version < 420 && (has_line_continuation(text) || binding_extension))
    preamble += "#extension GL_ARB_shading_language_420pack : enable\n";
  if (version.version == 140 && text.find("inverse") != std::string_view::npos) preamble += kInversePreamble;
  return preamble;
}

}  // namespace glvk::glsl::detail
