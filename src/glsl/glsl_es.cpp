#include "glsl_es.h"

#include <algorithm>
#include <map>
#include <cctype>
#include <span>
#include <string_view>

#include "legacy_builtins.h"
#include "glslang_shader.h"
#include "linker_objects.h"
#include "tokens.h"

namespace glvk::glsl::detail {
namespace {

// GLSL ES 1.00 8.7's texture functions, and those of the ES 2.0 extensions that add more, by the
// GLSL ES 3.10 function each one is.
constexpr std::string_view kEs100TexturePreamble =
    "#define texture2D texture\n"
    "#define texture2DProj textureProj\n"
    "#define texture2DLod textureLod\n"
    "#define texture2DProjLod textureProjLod\n"
    "#define textureCube texture\n"
    "#define textureCubeLod textureLod\n"
    // EXT_shader_texture_lod
    "#define texture2DLodEXT textureLod\n"
    "#define texture2DProjLodEXT textureProjLod\n"
    "#define textureCubeLodEXT textureLod\n"
    "#define texture2DGradEXT textureGrad\n"
    "#define texture2DProjGradEXT textureProjGrad\n"
    "#define textureCubeGradEXT textureGrad\n"
    // OES_texture_3D
    "#define texture3D texture\n"
    "#define texture3DProj textureProj\n"
    "#define texture3DLod textureLod\n"
    "#define texture3DProjLod textureProjLod\n";

// ES 2.0 extensions whose GLSL side GLSL ES 3.10 has in core: the #extension line is blanked
// (glslang does not know them in 3.10) and the extension's macro defined, as 1.00 would.
constexpr std::string_view kCoreIn310[] = {"GL_OES_standard_derivatives"};
// OES_EGL_image_external(_essl3): glslang's Vulkan target has no texture functions for
// samplerExternalOES, so the type is lowered to sampler2D (external_samplers) and its #extension
// lines blanked the same way, their macros defined.
constexpr std::string_view kExternalImage[] = {"GL_OES_EGL_image_external_essl3", "GL_OES_EGL_image_external"};

bool is_space(char c) { return c == ' ' || c == '\t'; }

// Blanks `#extension NAME : behavior` lines for the extensions above (spaces keep the columns
// of nothing after it; the newline stays, so line numbers hold).
std::string blank_extensions(std::string& text, std::span<const std::string_view> names) {
  std::string defines;
  std::size_t line = 0;
  while (line < text.size()) {
    std::size_t end = text.find('\n', line);
    if (end == std::string::npos) end = text.size();
    std::size_t i = line;
    while (i < end && is_space(text[i])) ++i;
    if (i < end && text[i] == '#') {
      ++i;
      while (i < end && is_space(text[i])) ++i;
      if (std::string_view(text).substr(i, 9) == "extension") {
        const std::string_view rest = std::string_view(text).substr(i + 9, end - i - 9);
        for (std::string_view name : names) {
          const std::size_t at = rest.find(name);
          if (at == std::string_view::npos) continue;
          const std::size_t after = at + name.size();
          if (after < rest.size() && (std::isalnum(static_cast<unsigned char>(rest[after])) || rest[after] == '_')) continue;
          text.replace(line, end - line, end - line, ' ');
          defines += "#define " + std::string(name) + " 1\n";
          break;
        }
      }
    }
    line = end + 1;
  }
  return defines;
}

}  // namespace

int glslang_es_version(const VersionInfo& version) { return version.version < 310 ? 310 : version.version; }

std::string es_version_error(const VersionInfo& version, bool es_context) {
  std::string reason;
  if (es_context && !version.es)
    reason = "version " + std::to_string(version.version) + " is not GLSL ES (an OpenGL ES context takes GLSL ES only)";
  else if (!es_context && version.es && version.version != 100)
    reason = "version " + std::to_string(version.version) +
             " es needs GL_ARB_ES3_compatibility, which this context does not have";
  if (reason.empty()) return {};
  return "ERROR: 0:" + std::to_string(version.line) + ": '#version' : " + reason +
         "\nERROR: 1 compilation errors.  No code generated.\n";
}

std::string lower_glsl_es(Stage stage, const VersionInfo& version, const BuiltInLimits& limits, std::string& text,
                          std::string& preamble) {
  // glslang wants an ES 3.x shader's #version before anything else, where GLSL ES lets comments
  // and white space precede it (and 1.00 lets it be absent): the directive goes first, the user's
  // is blanked, and "#line 1" (in ES, the number of the next line) keeps the user's numbering.
  if (!version.declared || version.line_begin > 0) {
    if (version.declared) {
      const std::size_t end = std::min(text.find('\n', version.line_begin), text.size());
      text.replace(version.line_begin, end - version.line_begin, end - version.line_begin, ' ');
    }
    text.insert(0, "#version " + std::to_string(glslang_es_version(version)) + " es\n#line 1\n");
  }
  if (text.find("samplerExternalOES") != std::string::npos) preamble += blank_extensions(text, kExternalImage);
  // glslang's relaxed rules rewrite atomic counter operations to buffer atomics with int operands
  // (atomicAdd(c, 1), the decrement's `- 1`) on uint counters, which ES refuses without implicit
  // conversions: "no operation '-'" errors, OpAtomicIAdd of an int value that spirv-val refuses.
  if (version.version >= 310 && text.find("atomic_uint") != std::string::npos)
    preamble.insert(0, "#extension GL_EXT_shader_implicit_conversions : enable\n");
  if (version.version != 100) return {};
  preamble += blank_extensions(text, kCoreIn310);
  preamble.append(kEs100TexturePreamble);
  // GLSL ES 1.00 7.4's gl_MaxVaryingVectors, which 3.00 replaced (glslang parses 1.00 as 3.10):
  // the context's GL_MAX_VARYING_VECTORS, else 1.00's minimum.
  const int varying_vectors = limits.max_varying_components > 0 ? limits.max_varying_components / 4 : 8;
  preamble += "#define gl_MaxVaryingVectors " + std::to_string(varying_vectors) + "\n";
  // GLSL ES 1.00 4.3.3/4.3.5: attributes are vertex inputs, varyings vertex outputs and
  // fragment inputs.
  if (stage == Stage::Vertex) preamble += "#define attribute in\n#define varying out\n";
  else if (stage == Stage::Fragment) preamble += "#define varying in\n";
  // gl_FragColor/gl_FragData (GLSL ES 1.00 7.2) are not 3.10 built-ins: the same outputs as
  // desktop GLSL's (one per draw buffer).
  LegacyLowering legacy = lower_legacy_builtins(stage, text, false, {}, {});
  // GLSL ES 3.10 4.4.2: with several fragment outputs each needs its location (the one link.cpp
  // gives a broadcast output anyway: draw buffer N at location N).
  for (int i = 0;; ++i) {
    const std::string output = "out highp vec4 " + std::string(kFragColorBroadcast) + std::to_string(i) + ";";
    const std::size_t at = legacy.preamble.find(output);
    if (at == std::string::npos) break;
    legacy.preamble.insert(at, "layout(location = " + std::to_string(i) + ") ");
  }
  preamble += legacy.preamble;
  return legacy.epilogue;
}

std::set<std::string> lower_external_samplers(std::string& text) {
  std::set<std::string> names;
  if (text.find("samplerExternalOES") == std::string::npos) return names;
  const std::vector<Token> tokens = tokenize(text);
  std::vector<TextEdit> edits;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (!tokens[i].is("samplerExternalOES")) continue;
    edits.push_back({tokens[i].begin, tokens[i].end(), "sampler2D"});
    // `uniform [precision] samplerExternalOES name`: the uniform's name (parameters are not uniforms).
    if (i + 1 < tokens.size() && tokens[i + 1].identifier()) names.insert(std::string(tokens[i + 1].text));
  }
  apply_edits(text, std::move(edits));
  return names;
}

std::string es_uniform_precision_error(const glslang::TIntermediate& vertex, const glslang::TIntermediate& fragment,
                                       const std::string* vertex_text, const std::string* fragment_text) {
  // GLSL ES 1.00 asks it only of uniforms both stages use: a name that appears beyond its
  // declaration in the stage's text (the texts are given for 1.00 only).
  auto used = [](const std::string* text, const std::string& name) {
    if (!text) return true;
    int count = 0;
    for (const Token& t : tokenize(*text)) count += t.is(name);
    return count > 1;
  };
  // The precision of each uniform (loose ones are members of the default uniform block).
  auto precisions = [](const glslang::TIntermediate& stage) {
    std::map<std::string, int> out;
    for_each_linker_object(stage, [&](const glslang::TIntermSymbol& symbol) {
      const glslang::TType& type = symbol.getType();
      if (type.getQualifier().storage != glslang::EvqUniform) return;
      if (type.getBasicType() == glslang::EbtBlock && std::string(type.getTypeName().c_str()) == kDefaultBlockName) {
        for (const glslang::TTypeLoc& member : *type.getStruct())
          out[std::string(member.type->getFieldName().c_str())] = member.type->getQualifier().precision;
      } else if (type.getBasicType() != glslang::EbtBlock) {
        out[std::string(symbol.getName().c_str())] = type.getQualifier().precision;
      }
    });
    return out;
  };
  const std::map<std::string, int> v = precisions(vertex), f = precisions(fragment);
  for (const auto& [name, precision] : f)
    if (const auto other = v.find(name);
        other != v.end() && other->second != precision && used(vertex_text, name) && used(fragment_text, name))
      return "error: uniform '" + name + "' has one precision in the vertex shader and another in the fragment " +
             "shader (GLSL ES 3.00 4.5.3, 1.00 4.5.3)\n";
  return {};
}

}  // namespace glvk::glsl::detail
