#include "source.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "atomic_counters.h"
#include "float_literals.h"
#include "later_keywords.h"
#include "legacy_builtins.h"
#include "nested_structs.h"
#include "glsl_es.h"
#include "storage_blocks.h"
#include "subroutines.h"
#include "tokens.h"

namespace glvk::glsl::detail {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }
bool is_blank(char c) { return c == ' ' || c == '\t'; }

// Skips whitespace and comments; only those may precede #version (GLSL 4.60 3.3).
std::size_t skip_space_and_comments(std::string_view s, std::size_t i) {
  while (i < s.size()) {
    if (is_space(s[i])) {
      ++i;
    } else if (s.compare(i, 2, "//") == 0) {
      while (i < s.size() && s[i] != '\n') ++i;
    } else if (s.compare(i, 2, "/*") == 0) {
      const std::size_t end = s.find("*/", i + 2);
      i = end == std::string_view::npos ? s.size() : end + 2;
    } else {
      break;
    }
  }
  return i;
}

// Legacy texture built-ins (GLSL 1.10-1.30, deprecated later) are absent from glslang's Vulkan
// dialect, where texture1D/2D/3D/Cube even name the separate-texture types. Renamed to their
// GLSL 1.30 equivalents; the shadow forms return vec4 in GL, so they are small functions.
constexpr std::string_view kLegacyTexturePreamble =
    "#define texture1D texture\n"
    "#define texture2D texture\n"
    "#define texture3D texture\n"
    "#define textureCube texture\n"
    "#define texture2DRect texture\n"
    "#define texture1DProj textureProj\n"
    "#define texture2DProj textureProj\n"
    "#define texture3DProj textureProj\n"
    "#define texture2DRectProj textureProj\n"
    "#define texture1DLod textureLod\n"
    "#define texture2DLod textureLod\n"
    "#define texture3DLod textureLod\n"
    "#define textureCubeLod textureLod\n"
    "#define texture1DProjLod textureProjLod\n"
    "#define texture2DProjLod textureProjLod\n"
    "#define texture3DProjLod textureProjLod\n"
    "#define shadow1D(s, c) vec4(texture(s, c))\n"
    "#define shadow2D(s, c) vec4(texture(s, c))\n"
    "#define shadow1DProj(s, c) vec4(textureProj(s, c))\n"
    "#define shadow2DProj(s, c) vec4(textureProj(s, c))\n"
    "#define shadow1DLod(s, c, l) vec4(textureLod(s, c, l))\n"
    "#define shadow2DLod(s, c, l) vec4(textureLod(s, c, l))\n"
    // ARB_texture_rectangle's shadow forms, and EXT_texture_array's (GLSL 1.10/1.20 with it).
    "#define shadow2DRect(s, c) vec4(texture(s, c))\n"
    "#define shadow2DRectProj(s, c) vec4(textureProj(s, c))\n"
    "#define texture1DArray texture\n"
    "#define texture2DArray texture\n"
    "#define texture1DArrayLod textureLod\n"
    "#define texture2DArrayLod textureLod\n"
    "#define shadow1DArray(s, c) vec4(texture(s, c))\n"
    "#define shadow2DArray(s, c) vec4(texture(s, c))\n"
    "#define shadow1DArrayLod(s, c, l) vec4(textureLod(s, c, l))\n"
    // ARB_draw_instanced's name for gl_InstanceID.
    "#define gl_InstanceIDARB gl_InstanceID\n";

// GL_ARB_shader_atomic_counter_ops' functions under GLSL 4.60's names.
constexpr std::string_view kAtomicCounterOpsPreamble =
    "#define atomicCounterAddARB atomicCounterAdd\n"
    "#define atomicCounterSubtractARB atomicCounterSubtract\n"
    "#define atomicCounterMinARB atomicCounterMin\n"
    "#define atomicCounterMaxARB atomicCounterMax\n"
    "#define atomicCounterAndARB atomicCounterAnd\n"
    "#define atomicCounterOrARB atomicCounterOr\n"
    "#define atomicCounterXorARB atomicCounterXor\n"
    "#define atomicCounterExchangeARB atomicCounterExchange\n"
    "#define atomicCounterCompSwapARB atomicCounterCompSwap\n";

// Extensions whose GLSL side glslang does not know but which the version the shader is raised to
// has in full (1.40; 4.30 for GL_ARB_arrays_of_arrays, 4.50 for GL_ARB_cull_distance, 4.60 for
// GL_ARB_shader_atomic_counter_ops): their #extension lines are blanked (the line kept, so line
// numbers stay) and their macros defined, as a compiler that knows them would.
// GL_ARB_shader_subroutine is not in 1.40 but lowered by glvk (subroutines.cpp) in any version.
constexpr std::string_view kCoveredExtensions[] = {"GL_EXT_texture_array", "GL_ARB_draw_buffers",
                                                   "GL_ARB_arrays_of_arrays", "GL_ARB_shader_subroutine",
                                                   "GL_ARB_cull_distance", "GL_ARB_shader_atomic_counter_ops"};

std::string without_covered_extensions(std::string& text) {
  std::string defines;
  std::size_t line = 0;
  while (line < text.size()) {
    const std::size_t end = std::min(text.find('\n', line), text.size());
    std::size_t i = line;
    while (i < end && is_blank(text[i])) ++i;
    if (text.compare(i, 1, "#") == 0) {
      std::size_t j = i + 1;
      while (j < end && is_blank(text[j])) ++j;
      if (text.compare(j, 9, "extension") == 0) {
        j += 9;
        while (j < end && is_blank(text[j])) ++j;
        for (std::string_view name : kCoveredExtensions) {
          const std::size_t after = j + name.size();
          const bool whole_word =
              after >= end || (!std::isalnum(static_cast<unsigned char>(text[after])) && text[after] != '_');
          if (text.compare(j, name.size(), name) == 0 && whole_word) {
            std::fill(text.begin() + std::ptrdiff_t(line), text.begin() + std::ptrdiff_t(end), ' ');
            defines += "#define " + std::string(name) + " 1\n";
          }
        }
      }
    }
    line = end + 1;
  }
  return defines;
}

// GL clip z is in [-w, w], Vulkan's in [0, w]: z' = (z + w) / 2, applied to every vertex the
// stage emits. The user's main is renamed by the preamble and called from a wrapper appended to
// the text (after every user line, so line numbers stay); geometry shaders remap before each emit.
constexpr std::string_view kDepthLowerExpr = "gl_Position.z = (gl_Position.z + gl_Position.w) * 0.5";

}  // namespace

namespace {

// GLSL 1.10 and 1.20 let a shader redefine a built-in function (1.10 6.1, 1.20 6.1): calls after
// the shader's own declaration of the name bind to it, calls before it to the built-in. glslang
// (which compiles them as 1.40) refuses the redefinition, so from the declaration on the name is
// renamed to one of the shader's own (same lines; only the columns move).
constexpr std::string_view kRedefinableBuiltins[] = {
    "radians", "degrees", "sin", "cos", "tan", "asin", "acos", "atan", "pow", "exp", "log", "exp2", "log2",
    "sqrt", "inversesqrt", "abs", "sign", "floor", "ceil", "fract", "mod", "min", "max", "clamp", "mix", "step",
    "smoothstep", "length", "distance", "dot", "cross", "normalize", "faceforward", "reflect", "refract",
    "matrixCompMult", "outerProduct", "transpose", "lessThan", "lessThanEqual", "greaterThan",
    "greaterThanEqual", "equal", "notEqual", "any", "all", "not", "dFdx", "dFdy", "fwidth", "noise1", "noise2",
    "noise3", "noise4", "ftransform"};

void rename_redefined_builtins(std::string& text) {
  static const std::set<std::string_view> names(std::begin(kRedefinableBuiltins), std::end(kRedefinableBuiltins));
  static const std::set<std::string_view> types = {"void", "float", "int", "bool", "vec2", "vec3", "vec4", "ivec2",
                                                   "ivec3", "ivec4", "bvec2", "bvec3", "bvec4", "mat2", "mat3", "mat4"};
  const std::vector<Token> tokens = tokenize(text);
  // A global declaration: a type name, the function's name and '(' at brace depth 0.
  std::map<std::string_view, std::size_t> from;  // the name's first declaration, as a token index
  int depth = 0;
  for (std::size_t i = 0; i + 2 < tokens.size(); ++i) {
    depth += tokens[i].is('{') ? 1 : tokens[i].is('}') ? -1 : 0;
    if (depth == 0 && tokens[i].identifier() && types.count(tokens[i].text) && names.count(tokens[i + 1].text) &&
        tokens[i + 2].is('('))
      from.emplace(tokens[i + 1].text, i + 1);
  }
  std::vector<TextEdit> edits;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const auto declared = from.find(tokens[i].text);
    if (tokens[i].identifier() && declared != from.end() && i >= declared->second)
      edits.push_back({tokens[i].begin, tokens[i].end(), "glvk_user_" + std::string(tokens[i].text)});
  }
  apply_edits(text, std::move(edits));
}

// `void main ( [void] ) {`: the compilation unit defines main.
bool defines_main(std::string_view text) {
  const std::vector<Token> t = tokenize(text);
  for (std::size_t i = 0; i + 4 < t.size(); ++i) {
    if (!t[i].is("void") || !t[i + 1].is("main") || !t[i + 2].is('(')) continue;
    const std::size_t close = i + 3 + (t[i + 3].is("void") ? 1 : 0);
    if (close + 1 < t.size() && t[close].is(')') && t[close + 1].is('{')) return true;
  }
  return false;
}

bool is_identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The body of a do-while loop is a scope of its own that ends before the while test (GLSL 1.10
// 6.3, 4.60 6.3). glslang leaves a declaration that is the whole body (`do int i = 0; while
// (i < 1);`) visible to the test, so such bodies are braced: `do { int i = 0; } while ...`, on the
// same lines. Bodies that are compound or selection/iteration statements are left as they are.
void brace_simple_do_bodies(std::string& text) {
  std::string out;
  std::size_t copied = 0;
  for (std::size_t i = 0; i < text.size();) {
    if (text.compare(i, 2, "//") == 0 || text.compare(i, 2, "/*") == 0) {
      i = skip_space_and_comments(text, i);
      continue;
    }
    const bool word_start = i == 0 || !is_identifier_char(text[i - 1]);
    if (!word_start || text.compare(i, 2, "do") != 0 || (i + 2 < text.size() && is_identifier_char(text[i + 2]))) {
      ++i;
      continue;
    }
    const std::size_t body = skip_space_and_comments(text, i + 2);
    std::size_t word_end = body;
    while (word_end < text.size() && is_identifier_char(text[word_end])) ++word_end;
    const std::string_view first(text.data() + body, word_end - body);
    if (body >= text.size() || text[body] == '{' || first == "if" || first == "for" || first == "while" ||
        first == "do" || first == "switch") {
      i = body;
      continue;
    }
    // A declaration or expression statement: it ends at the first ';' outside parentheses.
    std::size_t end = body;
    int depth = 0;
    while (end < text.size() && (text[end] != ';' || depth > 0)) {
      if (text.compare(end, 2, "//") == 0 || text.compare(end, 2, "/*") == 0) {
        end = skip_space_and_comments(text, end);
        continue;
      }
      depth += text[end] == '(' ? 1 : text[end] == ')' ? -1 : 0;
      ++end;
    }
    if (end >= text.size()) break;
    out.append(text, copied, body - copied);
    out += "{ ";
    out.append(text, body, end + 1 - body);
    out += " }";
    copied = end + 1;
    i = end + 1;
  }
  if (copied == 0) return;
  out.append(text, copied, std::string::npos);
  text = std::move(out);
}

}  // namespace

void size_initialized_uniform_arrays(std::string& text) {
  const std::vector<Token> t = tokenize(text);
  std::vector<TextEdit> edits;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (!t[i].is("uniform")) continue;
    // `uniform ... name [ ] = T [ ] (`, the '=' the first of ';', '=', '{', '}' after the keyword.
    std::size_t eq = i + 1;
    while (eq < t.size() && !t[eq].is(';') && !t[eq].is('=') && !t[eq].is('{') && !t[eq].is('}')) ++eq;
    if (eq + 4 >= t.size() || !t[eq].is('=') || eq < i + 4) {
      i = eq - 1;
      continue;
    }
    const bool unsized = t[eq - 3].kind != TokenKind::Punctuation && t[eq - 2].is('[') && t[eq - 1].is(']');
    // `T [ ] (` or an initializer list `{` (GL_ARB_shading_language_420pack).
    const bool list = t[eq + 1].is('{');
    const bool constructor = t[eq + 1].kind != TokenKind::Punctuation && t[eq + 2].is('[') && t[eq + 3].is(']') &&
                             t[eq + 4].is('(');
    if (!unsized || (!list && !constructor)) {
      i = eq;
      continue;
    }
    // The elements: commas outside nested parentheses, brackets and braces.
    const std::size_t first = list ? eq + 2 : eq + 5;
    const char close = list ? '}' : ')';
    std::size_t k = first;
    int depth = 0, arguments = 1;
    for (; k < t.size(); ++k) {
      if (t[k].is('(') || t[k].is('[') || t[k].is('{')) ++depth;
      else if ((t[k].is(')') || t[k].is(']') || t[k].is('}')) && depth > 0) --depth;
      else if (t[k].is(close)) break;
      else if (t[k].is(',') && depth == 0 && !(list && k + 1 < t.size() && t[k + 1].is('}'))) ++arguments;
    }
    if (k >= t.size()) break;  // never closed: no later initializer is either
    if (k > first) edits.push_back({t[eq - 2].begin, t[eq - 1].end(), "[" + std::to_string(arguments) + "]"});
    i = k;
  }
  apply_edits(text, std::move(edits));
}

void insert_before_first_declaration(std::string& text, std::string_view declaration) {
  const std::vector<Token> tokens = tokenize(text);
  const auto first = std::find_if(tokens.begin(), tokens.end(), [](const Token& t) { return !t.directive; });
  text.insert(first == tokens.end() ? text.size() : first->begin, std::string(declaration) + " ");
}

namespace {

// The first non-empty pick(tokens, first, close) over the text's `layout ( qualifiers ) <storage> ;`
// declarations, the qualifiers being tokens [first, close) (up to the first ')').
template <typename Pick>
std::string pick_layout_declaration(std::string_view text, std::string_view storage, Pick pick) {
  const std::vector<Token> t = tokenize(text);
  for (std::size_t i = 0; i + 1 < t.size(); ++i) {
    if (!t[i].is("layout") || !t[i + 1].is('(')) continue;
    std::size_t close = i + 2;
    while (close < t.size() && !t[close].is(')')) ++close;
    if (close + 2 >= t.size()) break;
    if (t[close + 1].is(storage) && t[close + 2].is(';'))
      if (std::string picked = pick(t, i + 2, close); !picked.empty()) return picked;
    i = close;
  }
  return {};
}

}  // namespace

std::string geometry_input_primitive(std::string_view text) {
  static const std::set<std::string_view> primitives = {"points", "lines", "lines_adjacency", "triangles",
                                                        "triangles_adjacency"};
  return pick_layout_declaration(text, "in", [](const std::vector<Token>& t, std::size_t first, std::size_t close) {
    for (std::size_t k = first; k < close; ++k)
      if (primitives.count(t[k].text)) return std::string(t[k].text);
    return std::string();
  });
}

std::string tess_output_vertices(std::string_view text) {
  return pick_layout_declaration(text, "out", [](const std::vector<Token>& t, std::size_t first, std::size_t close) {
    for (std::size_t k = first; k + 2 < close; ++k)
      if (t[k].is("vertices") && t[k + 1].is('=')) return "vertices = " + std::string(t[k + 2].text);
    return std::string();
  });
}

VersionInfo scan_version(std::string_view s, int default_version) {
  VersionInfo info;
  info.version = default_version;
  info.es = default_version == 100;  // an ES context's shaders without #version are GLSL ES 1.00
  const std::size_t start = skip_space_and_comments(s, 0);
  std::size_t i = start;
  if (i >= s.size() || s[i] != '#') return info;
  ++i;
  while (i < s.size() && is_blank(s[i])) ++i;
  if (s.compare(i, 7, "version") != 0 || (i + 7 < s.size() && !is_blank(s[i + 7]) && s[i + 7] != '\n')) return info;
  for (std::size_t k = 0; k < start; ++k) info.line += s[k] == '\n';
  info.malformed = true;  // until the whole line reads well
  i += 7;
  while (i < s.size() && is_blank(s[i])) ++i;
  int version = 0;
  std::size_t digits = 0;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])) && digits < 6) {
    version = version * 10 + (s[i] - '0');
    ++i;
    ++digits;
  }
  if (digits == 0) return info;
  std::size_t end = i;
  while (i < s.size() && is_blank(s[i])) ++i;
  const std::size_t word = i;
  while (i < s.size() && std::isalpha(static_cast<unsigned char>(s[i]))) ++i;
  const std::string_view profile = s.substr(word, i - word);
  if (!profile.empty()) end = i;
  while (i < s.size() && is_blank(s[i])) ++i;
  // The rest of the line may only be a comment.
  if (i < s.size() && s[i] != '\n' && s[i] != '\r' && s.compare(i, 2, "//") != 0 && s.compare(i, 2, "/*") != 0)
    return info;
  if (!profile.empty() && profile != "es" && profile != "core" && profile != "compatibility") return info;
  info.malformed = false;
  info.declared = true;
  info.version = version;
  info.es = profile == "es" || version == 100;
  info.compatibility = profile == "compatibility";
  info.line_begin = start;
  info.line_end = end;
  return info;
}

bool known_version(int version, bool es) {
  if (es) return version == 100 || version == 300 || version == 310 || version == 320;
  switch (version) {
    case 110: case 120: case 130: case 140: case 150: case 330: case 400: case 410: case 420: case 430: case 440:
    case 450: case 460:
      return true;
    default:
      return false;
  }
}

PreparedSource prepare_source(Stage stage, std::string_view source, const CompileOptions& options,
                              bool lower_depth_range, const std::set<std::string>& next_stage_reads,
                              const XfbCapture* xfb, const std::set<std::string>& stage_uses, int parse_version) {
  PreparedSource out;
  out.version = scan_version(source, options.default_version);
  const VersionInfo& v = out.version;

  // glslang compiles desktop GLSL to SPIR-V from 1.40 and ES from 3.10, and refuses the
  // compatibility profile: raise the version (1.10-1.30 are subsets of 1.40 apart from the
  // compatibility built-ins, 3.00 es of 3.10 es) and drop the profile word.
  // glslang takes xfb layout qualifiers only with a profile, i.e. from 1.50, and tessellation
  // stages (GL_ARB_tessellation_shader, which GLSL 1.10 can enable) from 1.50.
  const bool tessellation = stage == Stage::TessControl || stage == Stage::TessEvaluation;
  out.raised_version = xfb || tessellation ? 150 : 140;
  // Stages and blocks glslang has only from a later version than the extension that brought them:
  // compute shaders from 4.20 (GL_ARB_compute_shader makes them 4.30's from 3.30 on, as Mesa
  // does), buffer blocks from 1.50 (glslang refuses them without a profile).
  if (!v.es && stage == Stage::Compute && v.version < 430 && source.find("GL_ARB_compute_shader") != std::string_view::npos)
    out.raised_version = 430;
  // Likewise GL_ARB_shader_bit_encoding's functions (floatBitsToInt...), GL_ARB_texture_multisample's
  // texelFetch/textureSize of sampler2DMS(Array) and GL_ARB_gpu_shader_fp64's double types, which
  // glslang declares only from 1.50.
  if (!v.es && v.version < 150 &&
      (source.find("GL_ARB_shader_storage_buffer_object") != std::string_view::npos ||
       source.find("GL_ARB_gpu_shader_fp64") != std::string_view::npos ||
       source.find("GL_ARB_shader_bit_encoding") != std::string_view::npos ||
       source.find("GL_ARB_texture_multisample") != std::string_view::npos))
    out.raised_version = std::max(out.raised_version, 150);
  // Atomic counters become buffer atomics under glslang's relaxed rules (atomicAdd, which it
  // declares from 4.30 only), and arrays of arrays (GL_ARB_arrays_of_arrays, core in 4.30) exist in
  // glslang only from 4.30: a shader enabling either is parsed as 4.30.
  if (!v.es && v.version < 430 &&
      (source.find("GL_ARB_shader_atomic_counters") != std::string_view::npos ||
       source.find("GL_ARB_arrays_of_arrays") != std::string_view::npos))
    out.raised_version = 430;
  // gl_CullDistance (GL_ARB_cull_distance, core in 4.50) exists in glslang only from 4.50.
  if (!v.es && v.version < 450 && source.find("GL_ARB_cull_distance") != std::string_view::npos)
    out.raised_version = 450;
  // GL_ARB_shader_atomic_counter_ops' functions are GLSL 4.60's under an ARB suffix (renamed in the
  // preamble): glslang has them, and maps them to buffer atomics, from 4.60.
  const bool counter_ops = !v.es && source.find("GL_ARB_shader_atomic_counter_ops") != std::string_view::npos;
  if (counter_ops && v.version < 460) out.raised_version = 460;
  if (!v.es) out.raised_version = std::max(out.raised_version, parse_version);
  std::string directive;
  if (v.declared) {
    if (v.es) {
      if (glslang_es_version(v) != v.version) directive = "#version " + std::to_string(glslang_es_version(v)) + " es";
    } else if (v.version < out.raised_version) {
      directive = "#version " + std::to_string(out.raised_version);
    } else if (v.compatibility) {
      directive = "#version " + std::to_string(v.version);
    }
  }
  if (!directive.empty()) {
    out.text.reserve(source.size() + 8);
    out.text.append(source.substr(0, v.line_begin));
    out.text.append(directive);
    out.text.append(source.substr(v.line_end));
  } else {
    out.text.assign(source);
  }
  declared_version_macro(v, out.text);
  rename_later_keywords(v, out.text);
  round_float_literals(out.text);
  if (!v.es && v.version == 110) hoist_nested_structs(out.text);

  SubroutineSyntax subroutines;
  subroutines.enabled = !v.es && (v.version >= 400 || source.find("GL_ARB_shader_subroutine") != std::string_view::npos);
  subroutines.explicit_locations =
      v.version >= 430 || source.find("GL_ARB_explicit_uniform_location") != std::string_view::npos;
  out.error = lower_subroutines(stage, out.text, subroutines, out.subroutines);
  if (out.error.empty()) out.error = lower_opaque_struct_members(out.text, out.opaque_members);
  if (out.error.empty() && v.es && v.version == 100) out.error = es100_reserved_operator_errors(source);
  if (out.error.empty()) out.error = es_invariant_all_error(stage, v, source);
  if (out.error.empty() && v.es && v.version == 100) out.error = es100_function_declaration_errors(stage, source);
  if (v.es && v.version == 100) out.invariants = es100_invariants(stage, out.text);
  if (out.error.empty() && v.es && v.version == 100) es100_fold_constant_sequences(out.text);
  std::string prologue;  // statements before the user's main
  std::string epilogue;  // statements after the user's main
  std::string emit_prefix;  // geometry shaders: expressions evaluated before each emit
  if (xfb) {
    // First in the preamble: #extension must precede the declarations that follow.
    if (xfb->needs_extension && v.version < 440)
      out.preamble.insert(0, "#extension GL_ARB_enhanced_layouts : enable\n");
    if (xfb->declares_doubles && !v.es && v.version < 400)
      out.preamble.insert(0, "#extension GL_ARB_gpu_shader_fp64 : enable\n");
    if (xfb->declares_streams && !v.es && v.version < 400)
      out.preamble.insert(0, "#extension GL_ARB_gpu_shader5 : enable\n");
    out.preamble += xfb->declarations;
    for (const std::string& copy : xfb->copies) {
      if (stage == Stage::Geometry) emit_prefix += copy + ", ";
      else epilogue += copy + "; ";
    }
  }
  if (!v.es) {
    out.preamble.append(kLegacyTexturePreamble);
    if (counter_ops) out.preamble.append(kAtomicCounterOpsPreamble);
    out.preamble += without_covered_extensions(out.text);
    size_initialized_uniform_arrays(out.text);
    brace_simple_do_bodies(out.text);
    drop_default_uniform_counter_qualifiers(out.text);
    if (v.version < 130) rename_redefined_builtins(out.text);
    // The compatibility built-ins: below 1.40, in the compatibility profile, and in 1.40 with a
    // compatibility context (GL_ARB_compatibility).
    const bool compatibility = v.version < 140 || v.compatibility || (options.compatibility && v.version == 140);
    LegacyLowering legacy = lower_legacy_builtins(stage, out.text, compatibility, next_stage_reads, stage_uses);
    out.preamble += legacy.preamble;
    prologue += legacy.prologue;
    epilogue += legacy.epilogue;
    emit_prefix += legacy.emit_prefix;
  } else {
    epilogue += lower_glsl_es(stage, v, options.limits, out.text, out.preamble);
    out.external_samplers = lower_external_samplers(out.text);
  }
  out.preamble += version_gap_preamble(v, source);
  out.inner_unsized_storage_members = size_inner_unsized_storage_members(out.text);
  // gl_PointCoord's t runs down from the point's top (GL 4.6 14.4.1, POINT_SPRITE_COORD_ORIGIN
  // UPPER_LEFT) or up (LOWER_LEFT); Vulkan's runs with the framebuffer rows, which are GL's rows
  // here (no y flip): t = a y + b from a state uniform glvk fills, (-1, 1) or (1, 0). The macro
  // does not expand inside itself, so its gl_PointCoord is the built-in.
  if (stage == Stage::Fragment && options.point_coord_from_state &&
      (source.find("gl_PointCoord") != std::string_view::npos || prologue.find("gl_PointCoord") != std::string::npos))
    out.preamble += "uniform highp vec2 glvk_PointCoordTransform;\n"
                    "#define gl_PointCoord vec2(gl_PointCoord.x, gl_PointCoord.y * glvk_PointCoordTransform.x + "
                    "glvk_PointCoordTransform.y)\n";
  // A shader raised past 4.20 keeps the storage qualifiers of its version that 4.20 removed.
  if (!v.es && v.version < 420 && out.raised_version >= 420) {
    if (stage == Stage::Vertex) out.preamble += "#define attribute in\n#define varying out\n";
    else if (stage == Stage::Fragment) out.preamble += "#define varying in\n";
  }
  if (lower_depth_range) {
    if (stage == Stage::Geometry) emit_prefix += std::string(kDepthLowerExpr) + ", ";
    else epilogue += std::string(kDepthLowerExpr) + "; ";
  }
  if (!emit_prefix.empty()) {
    out.preamble += "#define EmitVertex() (" + emit_prefix + "EmitVertex())\n";
    out.preamble += "#define EmitStreamVertex(s) (" + emit_prefix + "EmitStreamVertex(s))\n";
  }
  // Only the compilation unit that defines main gets the wrapper (a stage may have several).
  if ((!prologue.empty() || !epilogue.empty()) && defines_main(out.text)) {
    out.preamble += "#define main glvk_user_main\n";
    out.text += "\n#undef main\nvoid main() { " + prologue + "glvk_user_main(); " + epilogue + "}\n";
  }
  return out;
}

}  // namespace glvk::glsl::detail
