// The compatibility members of gl_PerVertex between vertex-processing stages (GLSL 1.50
// compatibility 7.1, GLSL 4.60 7.1.1 compatibility profile: gl_ClipVertex, the colours,
// gl_TexCoord[] and gl_FogFragCoord are members of the gl_PerVertex blocks, so a geometry or
// tessellation shader reads them as gl_in[i].gl_X and a tessellation control shader writes them
// as gl_out[i].gl_X). glslang's Vulkan built-ins lack them: they travel in glvk's own block
// (kCompatBlock), the producer's output (an array glvk_out[] from a tessellation control stage)
// and the consumer's input array glvk_in[], with the same members on both sides.
#include <algorithm>
#include <cctype>

#include "legacy_builtins.h"

namespace glvk::glsl::detail {
namespace {

// Calls found(the array token, the member token) for each `array`[...].gl_X whose X is a
// compatibility member; the index expression may hold brackets of its own.
template <typename Found>
void for_each_compat_access(const std::vector<Token>& t, std::string_view array, Found found) {
  const std::vector<std::size_t> closes = closing_brackets(t, '[');
  for (std::size_t i = 0; i + 1 < t.size(); ++i) {
    if (!t[i].is(array) || !t[i + 1].is('[')) continue;
    const std::size_t dot = closes[i + 1] + 1;
    if (dot + 1 >= t.size() || !t[dot].is('.')) continue;
    for (const BuiltinVarDecl& m : compat_block_members())
      if (t[dot + 1].is(m.name)) found(t[i], t[dot + 1]);
  }
}

// " vec4 glvk_FrontColor; ..." for `members` (gl_ names), in compat_block_members()' order.
std::string member_declarations(const std::set<std::string>& members) {
  std::string body;
  for (const BuiltinVarDecl& m : compat_block_members())
    if (members.count(m.name))
      body += ' ' + std::string(m.type) + ' ' + lowered(m.name) + (m.array ? '[' + std::to_string(m.array) + ']' : "") + ';';
  return body;
}

}  // namespace

const std::vector<BuiltinVarDecl>& compat_block_members() {
  static const std::vector<BuiltinVarDecl> m = [] {
    std::vector<BuiltinVarDecl> v = varying_decls();
    v.push_back({"gl_ClipVertex", "vec4"});
    return v;
  }();
  return m;
}

std::set<std::string> compat_members_named(std::string_view text, std::string_view array) {
  std::set<std::string> names;
  for_each_compat_access(tokenize(text), array, [&](const Token&, const Token& member) { names.emplace(member.text); });
  return names;
}

void rename_compat_gl_in(std::string& text) {
  std::vector<TextEdit> edits;
  for_each_compat_access(tokenize(text), "gl_in", [&](const Token& gl_in, const Token& member) {
    edits.push_back({gl_in.begin, gl_in.end(), std::string(kCompatInputArray)});
    edits.push_back({member.begin, member.begin + 3, std::string(kLoweredPrefix)});  // "gl_"
  });
  apply_edits(text, std::move(edits));
}

std::string lower_compat_gl_out(std::string& text, const std::set<std::string>& next_stage_reads) {
  std::set<std::string> outputs, kept;  // the block's members; the members only this stage names
  for (const BuiltinVarDecl& m : compat_block_members())
    if (next_stage_reads.count(m.name)) outputs.insert(m.name);
  std::vector<TextEdit> edits;
  for_each_compat_access(tokenize(text), "gl_out", [&](const Token& gl_out, const Token& member) {
    const bool output = outputs.count(std::string(member.text)) != 0;
    if (!output) kept.emplace(member.text);
    edits.push_back({gl_out.begin, gl_out.end(), std::string(output ? kCompatOutputArray : kCompatPrivateArray)});
    edits.push_back({member.begin, member.begin + 3, std::string(kLoweredPrefix)});
  });
  apply_edits(text, std::move(edits));
  std::string decls;
  if (!outputs.empty()) decls += compat_block("out", outputs, std::string(" ") + std::string(kCompatOutputArray) + "[]");
  if (!kept.empty()) {
    // A private array of one struct per patch vertex: the writes nothing reads, kept so that the
    // stage's own reads of them see its writes (its invocation's element).
    decls += "struct glvk_PerVertexCompatPrivate {" + member_declarations(kept) + " };\nglvk_PerVertexCompatPrivate " +
             std::string(kCompatPrivateArray) + "[gl_MaxPatchVertices];\n";
  }
  return decls;
}

std::string compat_block(std::string_view qualifier, const std::set<std::string>& members, std::string_view instance) {
  return std::string(qualifier) + ' ' + std::string(kCompatBlock) + " {" + member_declarations(members) + " }" +
         std::string(instance) + ";\n";
}

bool strip_compat_block_members(std::string& text, bool add_clip_distance) {
  static const RedeclarationShape member{{"flat", "smooth", "noperspective", "centroid", "invariant"},
                                         {},
                                         {"vec4", "float"},
                                         {"gl_TexCoord", "gl_FrontColor", "gl_BackColor", "gl_FrontSecondaryColor",
                                          "gl_BackSecondaryColor", "gl_FogFragCoord", "gl_ClipVertex"},
                                         true};
  const std::vector<Token> t = tokenize(text);
  bool output_redeclared = false;
  std::vector<TextEdit> edits;
  // `in|out gl_PerVertex { members } [instance] ;`, the members up to the first '}'.
  for (std::size_t i = 0; i + 2 < t.size(); ++i) {
    if (!(t[i].is("in") || t[i].is("out")) || !t[i + 1].is("gl_PerVertex") || !t[i + 2].is('{')) continue;
    std::size_t close = i + 3;
    while (close < t.size() && !t[close].is('}')) ++close;
    std::size_t semicolon = close;
    while (semicolon < t.size() && !t[semicolon].is(';')) ++semicolon;
    if (semicolon >= t.size()) break;  // neither can a later block be complete
    const std::size_t body_begin = t[i + 2].end(), body_end = t[close].begin;
    std::string body = text.substr(body_begin, body_end - body_begin);
    // Blanking keeps the line breaks, so the user's line numbers hold.
    for (const Redeclaration& r : find_redeclarations(t, i + 3, close, member))
      blank(body, t[r.first].begin - body_begin, t[r.after - 1].end() - body_begin);
    if (std::all_of(body.begin(), body.end(), [](char c) { return std::isspace(static_cast<unsigned char>(c)); })) {
      std::string whole = text.substr(t[i].begin, t[semicolon].end() - t[i].begin);  // nothing left: no redeclaration
      blank(whole, 0, whole.size());
      edits.push_back({t[i].begin, t[semicolon].end(), std::move(whole)});
    } else {
      if (t[i].is("out")) {
        output_redeclared = true;
        if (add_clip_distance && body.find("gl_ClipDistance") == std::string::npos)
          body += " float gl_ClipDistance[" + std::to_string(kMaxClipPlanes) + "];";
      }
      edits.push_back({body_begin, body_end, std::move(body)});
    }
    i = semicolon;
  }
  apply_edits(text, std::move(edits));
  return output_redeclared;
}

}  // namespace glvk::glsl::detail
