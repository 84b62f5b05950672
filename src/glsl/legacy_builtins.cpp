#include "legacy_builtins.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <tuple>
#include <vector>

namespace glvk::glsl::detail {
namespace {

constexpr int kLights = 8;         // gl_MaxLights
constexpr int kDrawBuffers = 8;    // GL_MAX_DRAW_BUFFERS

bool identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The uniform struct types of GLSL 1.20 7.5, by their GL names.
struct StructType {
  std::string_view name;
  std::string_view members;
};
constexpr StructType kStructTypes[] = {
    {"gl_DepthRangeParameters", "float near; float far; float diff;"},
    {"gl_PointParameters",
     "float size; float sizeMin; float sizeMax; float fadeThresholdSize; float distanceConstantAttenuation; "
     "float distanceLinearAttenuation; float distanceQuadraticAttenuation;"},
    {"gl_MaterialParameters", "vec4 emission; vec4 ambient; vec4 diffuse; vec4 specular; float shininess;"},
    {"gl_LightSourceParameters",
     "vec4 ambient; vec4 diffuse; vec4 specular; vec4 position; vec4 halfVector; vec3 spotDirection; "
     "float spotExponent; float spotCutoff; float spotCosCutoff; float constantAttenuation; "
     "float linearAttenuation; float quadraticAttenuation;"},
    {"gl_LightModelParameters", "vec4 ambient;"},
    {"gl_LightModelProducts", "vec4 sceneColor;"},
    {"gl_LightProducts", "vec4 ambient; vec4 diffuse; vec4 specular;"},
    {"gl_FogParameters", "vec4 color; float density; float start; float end; float scale;"},
};

// A built-in uniform: GL name, GLSL type, array size (0: not an array).
struct UniformDecl {
  std::string name;
  std::string_view type;
  int array = 0;
};

std::vector<UniformDecl> uniform_decls() {
  std::vector<UniformDecl> u;
  for (std::string_view m : {"ModelViewMatrix", "ProjectionMatrix", "ModelViewProjectionMatrix", "TextureMatrix"})
    for (std::string_view suffix : {"", "Inverse", "Transpose", "InverseTranspose"})
      u.push_back({"gl_" + std::string(m) + std::string(suffix), "mat4", m == "TextureMatrix" ? kTextureCoords : 0});
  u.push_back({"gl_NormalMatrix", "mat3"});
  u.push_back({"gl_NormalScale", "float"});
  u.push_back({"gl_DepthRange", "gl_DepthRangeParameters"});
  u.push_back({"gl_ClipPlane", "vec4", int(kMaxClipPlanes)});  // gl_MaxClipPlanes
  u.push_back({"gl_Point", "gl_PointParameters"});
  u.push_back({"gl_FrontMaterial", "gl_MaterialParameters"});
  u.push_back({"gl_BackMaterial", "gl_MaterialParameters"});
  u.push_back({"gl_LightSource", "gl_LightSourceParameters", kLights});
  u.push_back({"gl_LightModel", "gl_LightModelParameters"});
  u.push_back({"gl_FrontLightModelProduct", "gl_LightModelProducts"});
  u.push_back({"gl_BackLightModelProduct", "gl_LightModelProducts"});
  u.push_back({"gl_FrontLightProduct", "gl_LightProducts", kLights});
  u.push_back({"gl_BackLightProduct", "gl_LightProducts", kLights});
  u.push_back({"gl_TextureEnvColor", "vec4", kTextureCoords});
  for (std::string_view plane : {"Eye", "Object"})
    for (char c : std::string_view("STRQ"))
      u.push_back({"gl_" + std::string(plane) + "Plane" + c, "vec4", kTextureCoords});
  u.push_back({"gl_Fog", "gl_FogParameters"});
  return u;
}

// Vertex attributes (GLSL 1.20 7.3).
std::vector<BuiltinVarDecl> attribute_decls() {
  std::vector<BuiltinVarDecl> a = {{"gl_Vertex", "vec4"}, {"gl_Normal", "vec3"}, {"gl_Color", "vec4"},
                                  {"gl_SecondaryColor", "vec4"}, {"gl_FogCoord", "float"}};
  for (int i = 0; i < kTextureCoords; ++i) a.push_back({"gl_MultiTexCoord" + std::to_string(i), "vec4"});
  return a;
}

std::string declaration(std::string_view qualifier, std::string_view type, std::string_view gl, int array) {
  std::string d(qualifier);
  d += ' ';
  d += type.substr(0, 3) == "gl_" ? lowered(type) : std::string(type);
  d += ' ' + lowered(gl);
  if (array) d += '[' + std::to_string(array) + ']';
  return d + ";\n";
}
std::string rename_macro(std::string_view gl) { return "#define " + std::string(gl) + ' ' + lowered(gl) + '\n'; }

const std::set<std::string_view> kInterpolationQualifiers = {"flat", "smooth", "noperspective", "centroid",
                                                             "invariant"};

// User redeclarations of built-in varyings (GLSL 1.30 compatibility allows them, e.g. to size
// gl_TexCoord or make gl_Color flat) are blanked (line breaks kept): the lowering declares them.
// Returns the interpolation and auxiliary qualifiers each redeclared name had, each followed by a
// space ("flat ", "centroid noperspective "; empty for none).
std::map<std::string, std::string> blank_redeclarations(std::string& text) {
  static const RedeclarationShape shape{
      kInterpolationQualifiers,
      {"varying", "in", "out"},
      {"vec4", "float"},
      {"gl_TexCoord", "gl_FrontColor", "gl_BackColor", "gl_FrontSecondaryColor", "gl_BackSecondaryColor", "gl_Color",
       "gl_SecondaryColor", "gl_FogFragCoord", "gl_ClipVertex"},
      true};
  const std::vector<Token> t = tokenize(text);
  std::map<std::string, std::string> qualifiers;
  std::vector<std::pair<std::size_t, std::size_t>> spans;
  for (const Redeclaration& r : find_redeclarations(t, 0, t.size(), shape)) {
    std::string interpolation;  // "flat ", "noperspective ", "centroid smooth ", ...
    for (std::size_t k = r.first; t[k].text != r.name; ++k)
      if (kInterpolationQualifiers.count(t[k].text) && !t[k].is("invariant")) interpolation += std::string(t[k].text) + ' ';
    qualifiers[std::string(r.name)] = interpolation;
    spans.emplace_back(t[r.first].begin, t[r.after - 1].end());
  }
  for (const auto& [begin, end] : spans) blank(text, begin, end);
  return qualifiers;
}

}  // namespace

const std::vector<BuiltinVarDecl>& varying_decls() {
  static const std::vector<BuiltinVarDecl> v = {{"gl_FrontColor", "vec4"},         {"gl_BackColor", "vec4"},
                                               {"gl_FrontSecondaryColor", "vec4"}, {"gl_BackSecondaryColor", "vec4"},
                                               {"gl_TexCoord", "vec4", kTextureCoords}, {"gl_FogFragCoord", "float"}};
  return v;
}

std::string lowered(std::string_view gl) { return std::string(kLoweredPrefix) + std::string(gl.substr(3)); }

std::vector<Redeclaration> find_redeclarations(const std::vector<Token>& t, std::size_t begin, std::size_t end,
                                               const RedeclarationShape& shape) {
  // next_close[k]: the first ']' at or after token k (end when none).
  std::vector<std::size_t> next_close;
  if (shape.brackets) {
    next_close.assign(end - begin + 1, end);
    for (std::size_t k = end; k-- > begin;) next_close[k - begin] = t[k].is(']') ? k : next_close[k + 1 - begin];
  }
  auto word = [&](std::size_t k, const std::set<std::string_view>& words) {
    return k < end && t[k].identifier() && words.count(t[k].text);
  };
  std::vector<Redeclaration> found;
  for (std::size_t i = begin; i < end;) {
    std::size_t k = i;
    while (word(k, shape.qualifiers)) ++k;
    // Every start inside the run of qualifiers reads on from k as this one does.
    const std::size_t retry = k + 1;
    if (!shape.storage.empty() && !word(k++, shape.storage)) {
      i = retry;
      continue;
    }
    if (!word(k, shape.types) || !word(k + 1, shape.names)) {
      i = retry;
      continue;
    }
    const std::string_view name = t[k + 1].text;
    k += 2;
    if (shape.brackets && k < end && t[k].is('[')) k = next_close[k - begin] + 1;
    if (k >= end || !t[k].is(';')) {
      i = retry;
      continue;
    }
    found.push_back({i, k + 1, name});
    i = k + 1;
  }
  return found;
}

std::uint32_t shade_model_colors(std::string_view fragment_text) {
  const std::set<std::string> names = gl_identifiers(fragment_text);
  // `flat|smooth|noperspective [centroid|invariant]... varying|in vec4 gl_Color|gl_SecondaryColor`
  const std::vector<Token> t = tokenize(fragment_text);
  std::set<std::string_view> opted_out;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (!t[i].is("flat") && !t[i].is("smooth") && !t[i].is("noperspective")) continue;
    std::size_t k = i + 1;
    while (k < t.size() && (t[k].is("centroid") || t[k].is("invariant"))) ++k;
    if (k + 2 < t.size() && (t[k].is("varying") || t[k].is("in")) && t[k + 1].is("vec4") &&
        (t[k + 2].is("gl_Color") || t[k + 2].is("gl_SecondaryColor")))
      opted_out.insert(t[k + 2].text);
    i = k - 1;
  }
  std::uint32_t bits = 0;
  if (names.count("gl_Color") && !opted_out.count("gl_Color")) bits |= 1u;
  if (names.count("gl_SecondaryColor") && !opted_out.count("gl_SecondaryColor")) bits |= 2u;
  return bits;
}

std::map<std::string, std::string> colour_interpolation(std::string_view text) {
  static const RedeclarationShape shape{kInterpolationQualifiers,
                                        {"varying", "in", "out"},
                                        {"vec4"},
                                        {"gl_FrontColor", "gl_BackColor", "gl_FrontSecondaryColor",
                                         "gl_BackSecondaryColor", "gl_Color", "gl_SecondaryColor"},
                                        false};
  const std::vector<Token> t = tokenize(text);
  std::string rest(text);  // the text without the redeclarations: what is left is use
  std::map<std::string, std::string> qualifier;
  for (const Redeclaration& r : find_redeclarations(t, 0, t.size(), shape)) {
    std::string q;
    for (std::size_t k = r.first; t[k].text != r.name; ++k)
      for (const char* interpolation : {"flat", "smooth", "noperspective"})
        if (t[k].text.find(interpolation) != std::string_view::npos) q = interpolation;
    qualifier[std::string(r.name)] = q;
    blank(rest, t[r.first].begin, t[r.after - 1].end());
  }
  std::map<std::string, std::string> used;
  for (const std::string& name : gl_identifiers(rest))
    if (name.find("Color") != std::string::npos && name.find("ColorIndex") == std::string::npos)
      used[name] = qualifier.count(name) ? qualifier[name] : std::string();
  return used;
}

std::set<std::string> gl_identifiers(std::string_view s) {
  std::set<std::string> ids;
  for (std::size_t i = 0; i + 3 <= s.size(); ++i) {
    if (s.compare(i, 3, "gl_") != 0 || (i > 0 && identifier_char(s[i - 1]))) continue;
    std::size_t e = i + 3;
    while (e < s.size() && identifier_char(s[e])) ++e;
    ids.emplace(s.substr(i, e - i));
    i = e;
  }
  if (s.find("ftransform") != std::string_view::npos) ids.insert("ftransform");
  return ids;
}

int broadcast_location(std::string_view name) {
  if (name.size() != kFragColorBroadcast.size() + 1 || name.substr(0, kFragColorBroadcast.size()) != kFragColorBroadcast)
    return -1;
  const char digit = name.back();
  return digit >= '0' && digit < '0' + kDrawBuffers ? digit - '0' : -1;
}

bool is_lowered(const std::string& name) { return name.compare(0, kLoweredPrefix.size(), kLoweredPrefix) == 0; }

std::string gl_name(const std::string& name) { return is_lowered(name) ? "gl_" + name.substr(kLoweredPrefix.size()) : name; }

namespace {

// A shader may #define a built-in's name itself (piglit's built-in-constants: `#define gl_FragColor
// color` under `#if __VERSION__ >= 300`), which beside the preamble's rename macro of that name
// is a macro redefinition glslang refuses. For such names the user's tokens are renamed instead
// of the macro (same lines): an active #define then renames the lowered name, and where it is
// inactive the uses still reach the lowered variable. Returns `macros` without those renames.
std::string renamed_where_user_defines(std::string& text, const std::string& macros) {
  const std::vector<Token> t = tokenize(text);
  std::set<std::string_view> defined;
  for (std::size_t i = 0; i + 2 < t.size(); ++i)
    if (t[i].is('#') && t[i].line_start && t[i + 1].is("define") && t[i + 2].identifier()) defined.insert(t[i + 2].text);
  std::string kept;
  std::set<std::string_view> renamed;
  for (std::size_t line = 0; line < macros.size();) {
    const std::size_t end = std::min(macros.find('\n', line), macros.size());
    const std::string_view l = std::string_view(macros).substr(line, end - line);
    const std::size_t name_end = l.find(' ', 8);
    const std::string_view name = l.substr(std::min<std::size_t>(8, l.size()), name_end == l.npos ? 0 : name_end - 8);
    if (l.starts_with("#define ") && defined.count(name) && l.substr(name_end + 1) == lowered(name)) renamed.insert(*defined.find(name));
    else kept.append(l).push_back('\n');
    line = end + 1;
  }
  if (renamed.empty()) return macros;
  std::vector<TextEdit> edits;
  for (const Token& token : t)
    if (token.identifier() && renamed.count(token.text)) edits.push_back({token.begin, token.end(), lowered(token.text)});
  apply_edits(text, std::move(edits));
  return kept;
}

}  // namespace

LegacyLowering lower_legacy_builtins(Stage stage, std::string& text, bool compatibility_builtins,
                                     const std::set<std::string>& next_stage_reads,
                                     const std::set<std::string>& stage_uses) {
  LegacyLowering out;
  const bool vertex_processing = compatibility_builtins && stage != Stage::Fragment && stage != Stage::Compute;
  // A stage whose outputs another vertex-processing stage reads as gl_in[] (a tessellation
  // control stage always: it writes gl_out[]); the others are the last one, which clips and clamps.
  const bool feeds_gl_in = stage == Stage::TessControl || (stage != Stage::Geometry && next_stage_reads.count("gl_in"));
  const bool last = vertex_processing && !feeds_gl_in;
  std::set<std::string> gl_in_reads;  // compatibility members a geometry or tessellation stage reads from gl_in
  std::string gl_out_decls;           // a tessellation control stage's gl_out members
  if (vertex_processing && stage != Stage::Vertex) {
    gl_in_reads = compat_members_named(text, "gl_in");
    rename_compat_gl_in(text);
  }
  if (vertex_processing && stage == Stage::TessControl) gl_out_decls = lower_compat_gl_out(text, next_stage_reads);
  if (vertex_processing && stage == Stage::Geometry) {
    // A geometry shader's `varying` is an output (GLSL 1.50 compatibility; "varying in/out" of
    // GL_ARB_geometry_shader4 style keeps its direction); glslang reads it as an input.
    const std::vector<Token> t = tokenize(text);
    std::vector<TextEdit> edits;
    for (std::size_t i = 0; i < t.size(); ++i) {
      if (!t[i].is("varying")) continue;
      if (i + 1 < t.size() && (t[i + 1].is("in") || t[i + 1].is("out"))) edits.push_back({t[i].begin, t[i + 1].begin, ""});
      else edits.push_back({t[i].begin, t[i].end(), "out"});
    }
    apply_edits(text, std::move(edits));
  }
  std::set<std::string> used = gl_identifiers(text);
  used.insert(stage_uses.begin(), stage_uses.end());
  // gl_ClipVertex clips in the last vertex-processing stage (GL 4.6 compatibility 13.7.2).
  const bool clips = last && used.count("gl_ClipVertex");
  const bool output_block_redeclared = vertex_processing && strip_compat_block_members(text, clips);
  auto uses = [&](const std::string& name) { return used.count(name) != 0; };
  std::string extensions, decls, macros;

  // gl_DepthRange, gl_FragColor's broadcast and gl_FragData are core GLSL (glslang's Vulkan
  // built-ins lack the first and write one buffer for the second): lowered in every version, the rest with the
  // compatibility built-ins only.
  if (!compatibility_builtins) {
    std::erase_if(used, [](const std::string& n) { return n != "gl_DepthRange" && n != "gl_FragColor" && n != "gl_FragData"; });
  } else if (vertex_processing) {
    if (stage == Stage::Vertex && uses("ftransform")) {
      used.insert("gl_ModelViewProjectionMatrix");
      used.insert("gl_Vertex");
      macros += "#define ftransform() (glvk_ModelViewProjectionMatrix * glvk_Vertex)\n";
    }
    if (stage == Stage::TessControl) {
      // It names its outputs only as gl_out[i].gl_X (lower_compat_gl_out).
      for (const BuiltinVarDecl& m : compat_block_members()) used.erase(m.name);
    } else if (feeds_gl_in) {
      // The members the next stage reads are declared whether this stage writes them or not.
      for (const BuiltinVarDecl& m : compat_block_members())
        if (next_stage_reads.count(m.name)) used.insert(m.name);
    } else {
      // The fragment stage's colour, texture coordinate and fog inputs need these outputs.
      if (next_stage_reads.count("gl_Color")) used.insert({"gl_FrontColor", "gl_BackColor"});
      if (next_stage_reads.count("gl_SecondaryColor")) used.insert({"gl_FrontSecondaryColor", "gl_BackSecondaryColor"});
      for (const char* v : {"gl_TexCoord", "gl_FogFragCoord"})
        if (next_stage_reads.count(v)) used.insert(v);
    }
    if (clips) used.insert("gl_ClipPlane");  // clipped against them after main or at each emit
    if (!gl_in_reads.empty()) used.insert("gl_in");
  }
  if (used.empty() && gl_out_decls.empty()) return out;
  const std::map<std::string, std::string> redeclared = blank_redeclarations(text);
  // A fragment input keeps the interpolation its redeclaration gave it (GLSL 1.30 compatibility:
  // `noperspective in vec4 gl_Color;`).
  auto redeclared_qualifiers = [&](const std::string& name) {
    const auto r = redeclared.find(name);
    return r != redeclared.end() ? r->second : std::string();
  };

  // Uniforms (any stage) and the struct types they use.
  std::set<std::string_view> types;
  for (const UniformDecl& u : uniform_decls()) {
    if (!uses(u.name)) continue;
    if (u.type.substr(0, 3) == "gl_") types.insert(u.type);
    decls += declaration("uniform", u.type, u.name, u.array);
    macros += rename_macro(u.name);
  }
  std::string structs;
  for (const StructType& t : kStructTypes) {
    if (!types.count(t.name) && !uses(std::string(t.name))) continue;
    structs += "struct " + lowered(t.name) + " { " + std::string(t.members) + " };\n";
    macros += rename_macro(t.name);
  }

  if (vertex_processing) {
    if (stage == Stage::Vertex)
      for (const BuiltinVarDecl& a : attribute_decls()) {
        if (!uses(a.name)) continue;
        decls += declaration("in", a.type, a.name, 0);
        macros += rename_macro(a.name);
      }
    // Outputs; a stage before another vertex-processing stage puts the ones that stage reads in
    // the compatibility block and keeps the others private (an output nobody reads is a
    // validation warning).
    std::set<std::string> block_members;
    for (const BuiltinVarDecl& v : compat_block_members()) {
      if (!uses(v.name)) continue;
      macros += rename_macro(v.name);
      if (feeds_gl_in && next_stage_reads.count(v.name)) block_members.insert(v.name);
      else decls += declaration(feeds_gl_in || v.name == "gl_ClipVertex" ? "" : "out", v.type, v.name, v.array);
    }
    if (!block_members.empty()) {
      // Output blocks came in GLSL 1.50; glslang takes them earlier with this extension.
      extensions += "#extension GL_ARB_separate_shader_objects : enable\n";
      decls += compat_block("out", block_members, "");
    }
    if (!gl_in_reads.empty()) decls += compat_block("in", gl_in_reads, std::string(" ") + std::string(kCompatInputArray) + "[]");
    decls += gl_out_decls;
    if (clips) {
      // GL 4.6 compatibility 13.7.2: gl_ClipVertex is clipped against the enabled user clip planes
      // (eye coordinates): one clip distance per plane, 1 (inside) for a disabled one
      // (glvk_ClipPlaneEnables: bit i, CLIP_PLANEi enabled), after the user's main or, in a
      // geometry shader, before each emitted vertex.
      decls += "uniform int glvk_ClipPlaneEnables;\n";
      if (!output_block_redeclared) decls += "out float gl_ClipDistance[" + std::to_string(kMaxClipPlanes) + "];\n";
      for (int i = 0; i < int(kMaxClipPlanes); ++i) {
        const std::string n = std::to_string(i);
        const std::string distance = "gl_ClipDistance[" + n + "] = (glvk_ClipPlaneEnables & " + std::to_string(1 << i) +
                                     ") != 0 ? dot(glvk_ClipVertex, glvk_ClipPlane[" + n + "]) : 1.0";
        (stage == Stage::Geometry ? out.emit_prefix : out.epilogue) += distance + (stage == Stage::Geometry ? ", " : "; ");
      }
    }
    // Vertex colour clamping (GL 4.6 compatibility 12.2.5): with CLAMP_VERTEX_COLOR the colours the
    // last vertex-processing stage writes are clamped to [0, 1] (glvk_ClampVertexColor: 1 to clamp).
    std::string clamps;
    for (const char* c : {"gl_FrontColor", "gl_BackColor", "gl_FrontSecondaryColor", "gl_BackSecondaryColor"})
      if (last && uses(c))
        clamps += lowered(c) + " = glvk_ClampVertexColor != 0 ? clamp(" + lowered(c) + ", 0.0, 1.0) : " + lowered(c) +
                  (stage == Stage::Geometry ? ", " : "; ");
    if (!clamps.empty()) {
      decls += "uniform int glvk_ClampVertexColor;\n";
      (stage == Stage::Geometry ? out.emit_prefix : out.epilogue) += clamps;
    }
  } else if (stage == Stage::Fragment && compatibility_builtins) {
    // gl_Color is the front or back colour by the facing of the primitive when
    // VERTEX_PROGRAM_TWO_SIDE is on (GL 4.6 compatibility 12.2.1.1), the front one otherwise.
    for (const auto& [input, front, back] :
         {std::tuple{"gl_Color", "gl_FrontColor", "gl_BackColor"},
          std::tuple{"gl_SecondaryColor", "gl_FrontSecondaryColor", "gl_BackSecondaryColor"}}) {
      if (!uses(input)) continue;
      const std::string q = redeclared_qualifiers(input) + "in";
      decls += declaration(q, "vec4", front, 0) + declaration(q, "vec4", back, 0);
      macros += "#define " + std::string(input) + " (glvk_VertexProgramTwoSide != 0 && !gl_FrontFacing ? " +
                lowered(back) + " : " + lowered(front) + ")\n";
      used.insert("glvk_VertexProgramTwoSide");
    }
    if (used.count("glvk_VertexProgramTwoSide")) decls += "uniform int glvk_VertexProgramTwoSide;\n";
    for (const BuiltinVarDecl& v : varying_decls()) {
      if ((v.name != "gl_TexCoord" && v.name != "gl_FogFragCoord") || !uses(v.name)) continue;
      decls += declaration(redeclared_qualifiers(v.name) + "in", v.type, v.name, v.array);
      if (v.name != "gl_TexCoord") {
        macros += rename_macro(v.name);
        continue;
      }
      // COORD_REPLACE (GL 4.6 compatibility 14.4.1): while points are drawn as sprites, the
      // coordinates of each unit that replaces them are (s, t, 0, 1) of the point, not the vertex
      // stage's (glvk_TexCoordReplace: bit i for unit i, 0 unless points are rasterized).
      decls += "uniform int glvk_TexCoordReplace;\nvec4 glvk_FragTexCoord[" + std::to_string(v.array) + "];\n";
      macros += "#define gl_TexCoord glvk_FragTexCoord\n";
      for (int i = 0; i < v.array; ++i) {
        const std::string n = std::to_string(i);
        out.prologue += "glvk_FragTexCoord[" + n + "] = (glvk_TexCoordReplace & " + std::to_string(1 << i) +
                        ") != 0 ? vec4(gl_PointCoord, 0.0, 1.0) : " + lowered("gl_TexCoord") + "[" + n + "]; ";
      }
    }
  }
  // gl_FragColor writes every draw buffer (GL 4.6 17.4.1 for 1.10-1.40 shaders and the
  // compatibility profile): a variable copied after the user's main to one output per buffer,
  // separate variables so that a draw leaves out each one its buffer lacks. gl_FragData[n] writes
  // buffer n through the same outputs (an output array would keep every location when one draw
  // buffer is NONE). A shader naming both is left with gl_FragData, for glslang to refuse.
  const bool frag_color = uses("gl_FragColor"), frag_data = uses("gl_FragData") && !frag_color;
  if (stage == Stage::Fragment && (frag_color || frag_data)) {
    // highp: GLSL ES fragment shaders have no default float precision (and desktop GLSL ignores it).
    decls += frag_color ? "highp vec4 glvk_FragColor;\n" : "highp vec4 glvk_FragData[" + std::to_string(kDrawBuffers) + "];\n";
    macros += rename_macro(frag_color ? "gl_FragColor" : "gl_FragData");
    for (int i = 0; i < kDrawBuffers; ++i) {
      const std::string output = std::string(kFragColorBroadcast) + std::to_string(i);
      decls += "out highp vec4 " + output + ";\n";
      out.epilogue += output + (frag_color ? " = glvk_FragColor; " : " = glvk_FragData[" + std::to_string(i) + "]; ");
    }
  }
  macros = renamed_where_user_defines(text, macros);
  out.preamble = extensions + structs + decls + macros;
  return out;
}

}  // namespace glvk::glsl::detail

namespace glvk::glsl {
std::set<std::string> builtin_names(std::string_view text) { return detail::gl_identifiers(text); }
}  // namespace glvk::glsl
