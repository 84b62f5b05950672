// The compatibility members of gl_PerVertex between a vertex and a geometry shader (GLSL 1.50
// compatibility 7.1: gl_ClipVertex, the colours, gl_TexCoord[] and gl_FogFragCoord are members of
// the gl_PerVertex blocks, so a geometry shader reads them as gl_in[i].gl_X). glslang's Vulkan
// built-ins lack them: they travel in glvk's own block (kCompatBlock), the vertex stage's output
// and the geometry stage's input array glvk_in[], with the same members on both sides.
#include <algorithm>
#include <cctype>
#include <regex>

#include "legacy_builtins.h"

namespace glvk::glsl::detail {
namespace {

bool identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::size_t skip_space(std::string_view s, std::size_t i) {
  while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  return i;
}

// Calls found(gl_in's position, the member's position, its name) for each gl_in[...].gl_X whose X
// is a compatibility member; the index expression may hold brackets of its own.
template <typename Found>
void for_each_compat_access(std::string_view text, Found found) {
  constexpr std::string_view kGlIn = "gl_in";
  for (std::size_t i = text.find(kGlIn); i != std::string_view::npos; i = text.find(kGlIn, i + 1)) {
    if ((i > 0 && identifier_char(text[i - 1])) || (i + kGlIn.size() < text.size() && identifier_char(text[i + kGlIn.size()])))
      continue;
    std::size_t j = skip_space(text, i + kGlIn.size());
    if (j >= text.size() || text[j] != '[') continue;
    int depth = 0;
    for (; j < text.size(); ++j) {
      if (text[j] == '[') ++depth;
      else if (text[j] == ']' && --depth == 0) break;
    }
    j = skip_space(text, j + 1);
    if (j >= text.size() || text[j] != '.') continue;
    const std::size_t member = skip_space(text, j + 1);
    std::size_t end = member;
    while (end < text.size() && identifier_char(text[end])) ++end;
    const std::string name(text.substr(member, end - member));
    for (const BuiltinVarDecl& m : compat_block_members())
      if (m.name == name) found(i, member, name);
  }
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

std::set<std::string> geometry_compat_inputs(std::string_view text) {
  std::set<std::string> names;
  for_each_compat_access(text, [&](std::size_t, std::size_t, const std::string& name) { names.insert(name); });
  return names;
}

void rename_compat_gl_in(std::string& text) {
  std::vector<std::pair<std::size_t, std::size_t>> at;
  for_each_compat_access(text, [&](std::size_t i, std::size_t member, const std::string&) { at.emplace_back(i, member); });
  // "gl_" and "glvk_" differ in length: replaced from the end so earlier positions hold.
  for (auto it = at.rbegin(); it != at.rend(); ++it) {
    text.replace(it->second, 3, std::string(kLoweredPrefix));
    text.replace(it->first, 5, std::string(kCompatInputArray));
  }
}

std::string compat_block(std::string_view qualifier, const std::set<std::string>& members, std::string_view instance) {
  std::string body;
  for (const BuiltinVarDecl& m : compat_block_members())
    if (members.count(m.name))
      body += ' ' + std::string(m.type) + ' ' + lowered(m.name) + (m.array ? '[' + std::to_string(m.array) + ']' : "") + ';';
  return std::string(qualifier) + ' ' + std::string(kCompatBlock) + " {" + body + " }" + std::string(instance) + ";\n";
}

bool strip_compat_block_members(std::string& text, bool add_clip_distance) {
  static const std::regex block(R"(\b(in|out)\s+gl_PerVertex\s*\{([^}]*)\}[^;]*;)");
  static const std::regex member(
      R"(\b(?:(?:flat|smooth|noperspective|centroid|invariant)\s+)*(?:vec4|float)\s+)"
      R"(gl_(?:TexCoord|FrontColor|BackColor|FrontSecondaryColor|BackSecondaryColor|FogFragCoord|ClipVertex)\s*(?:\[[^\]]*\])?\s*;)");
  // Blanking keeps the line breaks, so the user's line numbers hold.
  auto blank = [](std::string& s, std::size_t from, std::size_t count) {
    for (std::size_t i = from; i < from + count; ++i)
      if (s[i] != '\n') s[i] = ' ';
  };
  bool output_redeclared = false;
  std::string out = text;
  std::size_t grown = 0;  // what the added gl_ClipDistance members lengthened `out` by so far
  for (auto it = std::sregex_iterator(text.begin(), text.end(), block); it != std::sregex_iterator(); ++it) {
    const std::smatch& b = *it;
    std::string body = b[2].str();
    const std::string original = body;
    for (auto m = std::sregex_iterator(original.begin(), original.end(), member); m != std::sregex_iterator(); ++m)
      blank(body, std::size_t(m->position(0)), std::size_t(m->length(0)));
    if (std::all_of(body.begin(), body.end(), [](char c) { return std::isspace(static_cast<unsigned char>(c)); })) {
      blank(out, std::size_t(b.position(0)) + grown, std::size_t(b.length(0)));  // nothing left: no redeclaration
      continue;
    }
    if (b[1].str() == "out") {
      output_redeclared = true;
      if (add_clip_distance && body.find("gl_ClipDistance") == std::string::npos)
        body += " float gl_ClipDistance[" + std::to_string(kClipPlanes) + "];";
    }
    out.replace(std::size_t(b.position(2)) + grown, original.size(), body);
    grown += body.size() - original.size();
  }
  text = std::move(out);
  return output_redeclared;
}

}  // namespace glvk::glsl::detail
