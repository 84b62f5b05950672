#include "later_keywords.h"

#include <cctype>
#include <set>

#include "tokens.h"

namespace glvk::glsl::detail {
namespace {

// A word that is a keyword from GLSL `since` on (desktop), or with one of the extensions named in
// `extension` (a shader enabling it uses the word as the keyword), or never in GL (since 0: a
// keyword of glslang's Vulkan dialect only).
struct LaterKeyword {
  std::string_view word;
  int since;
  std::string_view extension = {};
};

// GLSL 1.10 3.6 / 1.20 3.6 / 1.30 3.6 / 1.40 3.6: the keywords each version added that the
// earlier one neither had nor reserved (using a reserved word is an error, left to glslang).
// lowp, mediump, highp and precision are reserved from 1.20, keywords from 1.30.
constexpr LaterKeyword kLaterKeywords[] = {
    {"centroid", 120}, {"invariant", 120}, {"mat2x2", 120}, {"mat2x3", 120}, {"mat2x4", 120},
    {"mat3x2", 120}, {"mat3x3", 120}, {"mat3x4", 120}, {"mat4x2", 120}, {"mat4x3", 120}, {"mat4x4", 120},
    {"lowp", 120}, {"mediump", 120}, {"highp", 120}, {"precision", 120},
    {"case", 130}, {"flat", 130, "GL_EXT_gpu_shader4"}, {"smooth", 130}, {"noperspective", 130, "GL_EXT_gpu_shader4"},
    {"uint", 130, "GL_EXT_gpu_shader4"}, {"uvec2", 130, "GL_EXT_gpu_shader4"}, {"uvec3", 130, "GL_EXT_gpu_shader4"},
    {"uvec4", 130, "GL_EXT_gpu_shader4"}, {"samplerCubeShadow", 130, "GL_EXT_gpu_shader4"},
    {"sampler1DArray", 130, "GL_EXT_texture_array"}, {"sampler2DArray", 130, "GL_EXT_texture_array"},
    {"sampler1DArrayShadow", 130, "GL_EXT_texture_array"}, {"sampler2DArrayShadow", 130, "GL_EXT_texture_array"},
    {"isampler1D", 130, "GL_EXT_gpu_shader4"}, {"isampler2D", 130, "GL_EXT_gpu_shader4"},
    {"isampler3D", 130, "GL_EXT_gpu_shader4"}, {"isamplerCube", 130, "GL_EXT_gpu_shader4"},
    {"isampler1DArray", 130, "GL_EXT_gpu_shader4"}, {"isampler2DArray", 130, "GL_EXT_gpu_shader4"},
    {"usampler1D", 130, "GL_EXT_gpu_shader4"}, {"usampler2D", 130, "GL_EXT_gpu_shader4"},
    {"usampler3D", 130, "GL_EXT_gpu_shader4"}, {"usamplerCube", 130, "GL_EXT_gpu_shader4"},
    {"usampler1DArray", 130, "GL_EXT_gpu_shader4"}, {"usampler2DArray", 130, "GL_EXT_gpu_shader4"},
    {"samplerBuffer", 140, "_texture_buffer_object"}, {"isamplerBuffer", 140, "_texture_buffer_object"},
    {"usamplerBuffer", 140, "_texture_buffer_object"}, {"isampler2DRect", 140, "GL_EXT_gpu_shader4"},
    {"usampler2DRect", 140, "GL_EXT_gpu_shader4"},
    // GL_KHR_vulkan_glsl's types; texture1D, texture2D, ... stay: they name GL's legacy texture
    // functions, which source.cpp maps by macros.
    {"sampler", 0}, {"samplerShadow", 0}, {"subpassInput", 0}, {"isubpassInput", 0}, {"usubpassInput", 0},
    {"subpassInputMS", 0}, {"isubpassInputMS", 0}, {"usubpassInputMS", 0}, {"textureBuffer", 0},
    {"itextureBuffer", 0}, {"utextureBuffer", 0}, {"texture2DMS", 0}, {"itexture2DMS", 0}, {"utexture2DMS", 0},
    {"texture2DMSArray", 0}, {"itexture2DMSArray", 0}, {"utexture2DMSArray", 0}, {"textureCubeArray", 0},
    {"itextureCubeArray", 0}, {"utextureCubeArray", 0}, {"itexture1D", 0}, {"utexture1D", 0}, {"itexture2D", 0},
    {"utexture2D", 0}, {"itexture3D", 0}, {"utexture3D", 0}, {"itextureCube", 0}, {"utextureCube", 0},
    {"itexture1DArray", 0}, {"utexture1DArray", 0}, {"itexture2DArray", 0}, {"utexture2DArray", 0},
    {"itexture2DRect", 0}, {"utexture2DRect", 0},
};

// Built-in functions of glslang's parse that the shader's language lacks (GLSL ES 3.00 8, 3.10 8;
// GLSL 1.30 8): a shader of an earlier version may define its own function of the name (GLSL ES
// 1.00 parsed as 3.10, desktop 1.10-1.20 as 1.40). `es`/`desktop`: the first version having it.
struct LaterFunction {
  std::string_view name;
  int es, desktop;
};
constexpr LaterFunction kLaterFunctions[] = {
    {"trunc", 300, 130}, {"round", 300, 130}, {"roundEven", 300, 130}, {"modf", 300, 130},
    {"sinh", 300, 130}, {"cosh", 300, 130}, {"tanh", 300, 130}, {"asinh", 300, 130}, {"acosh", 300, 130},
    {"atanh", 300, 130}, {"isnan", 300, 130}, {"isinf", 300, 130}, {"floatBitsToInt", 300, 330},
    {"floatBitsToUint", 300, 330}, {"intBitsToFloat", 300, 330}, {"uintBitsToFloat", 300, 330},
    {"packSnorm2x16", 300, 420}, {"unpackSnorm2x16", 300, 420}, {"packUnorm2x16", 300, 410},
    {"unpackUnorm2x16", 300, 410}, {"packHalf2x16", 300, 420}, {"unpackHalf2x16", 300, 420},
    {"outerProduct", 300, 120}, {"transpose", 300, 120}, {"determinant", 300, 150}, {"inverse", 300, 140},
    {"bitfieldExtract", 310, 400}, {"bitfieldInsert", 310, 400}, {"bitfieldReverse", 310, 400},
    {"bitCount", 310, 400}, {"findLSB", 310, 400}, {"findMSB", 310, 400}, {"uaddCarry", 310, 400},
    {"usubBorrow", 310, 400}, {"umulExtended", 310, 400}, {"imulExtended", 310, 400}, {"frexp", 310, 400},
    {"ldexp", 310, 400}, {"packUnorm4x8", 310, 400}, {"packSnorm4x8", 310, 400}, {"unpackUnorm4x8", 310, 400},
    {"unpackSnorm4x8", 310, 400}, {"atomicCounterIncrement", 310, 420}, {"atomicCounterDecrement", 310, 420},
    {"atomicCounter", 310, 420}, {"atomicAdd", 310, 430}, {"atomicMin", 310, 430}, {"atomicMax", 310, 430},
    {"atomicAnd", 310, 430}, {"atomicOr", 310, 430}, {"atomicXor", 310, 430}, {"atomicExchange", 310, 430},
    {"atomicCompSwap", 310, 430}, {"imageSize", 310, 430}, {"imageLoad", 310, 420}, {"imageStore", 310, 420},
    {"imageAtomicAdd", 310, 420}, {"imageAtomicMin", 310, 420}, {"imageAtomicMax", 310, 420},
    {"imageAtomicAnd", 310, 420}, {"imageAtomicOr", 310, 420}, {"imageAtomicXor", 310, 420},
    {"imageAtomicExchange", 310, 420}, {"imageAtomicCompSwap", 310, 420}, {"barrier", 310, 400},
    {"memoryBarrier", 310, 420}, {"memoryBarrierAtomicCounter", 310, 430}, {"memoryBarrierBuffer", 310, 430},
    {"memoryBarrierImage", 310, 430}, {"memoryBarrierShared", 310, 430}, {"groupMemoryBarrier", 310, 430},
};

// The names of kLaterFunctions the text defines or declares as functions (`T name (` outside any
// braces) and its version lacks. Not in a text naming an extension, which may bring the built-in
// (GL_ARB_gpu_shader5's bitfieldExtract, ...) for the text to overload.
std::set<std::string_view> own_later_functions(const VersionInfo& version, std::string_view text,
                                               const std::vector<Token>& t) {
  std::set<std::string_view> found;
  if (text.find("extension") != std::string_view::npos) return found;
  int depth = 0;
  for (std::size_t i = 0; i + 2 < t.size(); ++i) {
    if (t[i].directive) continue;
    depth += t[i].is('{') ? 1 : t[i].is('}') ? -1 : 0;
    if (depth != 0 || !t[i].identifier() || t[i].is("return") || !t[i + 1].identifier() || !t[i + 2].is('('))
      continue;
    for (const LaterFunction& f : kLaterFunctions)
      if (t[i + 1].is(f.name) && version.version < (version.es ? f.es : f.desktop)) found.insert(f.name);
  }
  return found;
}

bool identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

}  // namespace

void rename_later_keywords(const VersionInfo& version, std::string& text) {
  std::set<std::string_view> renamed;
  for (const LaterKeyword& k : kLaterKeywords) {
    const bool keyword_here = k.since != 0 && (version.es || version.version >= k.since ||
                                               (!k.extension.empty() && text.find(k.extension) != std::string::npos));
    if (!keyword_here) renamed.insert(k.word);
  }
  const std::vector<Token> tokens = tokenize(text);
  renamed.merge(own_later_functions(version, text, tokens));
  std::vector<TextEdit> edits;
  for (const Token& t : tokens)
    if (t.identifier() && renamed.count(t.text))
      edits.push_back({t.begin, t.begin, std::string(kRenamedKeywordPrefix)});
  apply_edits(text, std::move(edits));
}

std::string user_name(std::string_view name) {
  std::string out;
  for (std::size_t i = 0; i < name.size();) {
    if (name.compare(i, kRenamedKeywordPrefix.size(), kRenamedKeywordPrefix) == 0 &&
        (i == 0 || !identifier_char(name[i - 1]))) {
      i += kRenamedKeywordPrefix.size();
      continue;
    }
    out += name[i++];
  }
  return out;
}

}  // namespace glvk::glsl::detail
