// gl_FragCoord redeclared across a program's fragment compilation units (GLSL 1.50 4.3.8.1,
// ARB_fragment_coord_conventions): "If gl_FragCoord is redeclared in any fragment shader in a
// program, it must be redeclared in all the fragment shaders in that program that have a static
// use of gl_FragCoord. All redeclarations ... must have the same set of qualifiers." glslang 12
// compares each unit's origin and pixel-center flags with an empty program's when it links two
// or more units, so it refuses any qualifier there, and it accepts a use without a redeclaration
// beside a redeclaration without qualifiers. glvk applies the GLSL rule itself.
// The conventions themselves are lowered here too: Vulkan has only the upper-left origin with
// half-integer centers, and glvk keeps GL's window coordinates as Vulkan's framebuffer ones
// (draw_state.cpp), so gl_FragCoord is GL's default convention as it stands. A redeclaration
// with origin_upper_left or pixel_center_integer is removed and each use reads
// glvk_frag_coord() instead: x - 0.5 and y - 0.5 for integer centers, and the framebuffer height
// minus y for the upper-left origin (glvk_FramebufferHeight, a state uniform glvk fills).
#include <algorithm>
#include <set>

#include "interface_check.h"
#include "source.h"
#include "tokens.h"

namespace glvk::glsl::detail {
namespace {

struct FragCoordUse {
  bool redeclared = false;
  std::set<std::string> qualifiers;  // the layout qualifiers of the redeclaration
  std::size_t declaration_begin = 0, declaration_end = 0;
  bool used = false;                 // other than by the redeclaration
};

FragCoordUse frag_coord_use(const std::string& text) {
  FragCoordUse use;
  const std::vector<Token> tokens = tokenize(text);
  for (std::size_t k = 0; k < tokens.size(); ++k) {
    if (tokens[k].directive || !tokens[k].is("gl_FragCoord")) continue;
    const bool declaration = k >= 2 && k + 1 < tokens.size() && tokens[k + 1].is(';') && tokens[k - 1].is("vec4");
    if (!declaration) {
      use.used = true;
      continue;
    }
    // Back over the qualifiers to the start of the declaration (after the previous ';', '}' or
    // directive).
    std::size_t first = k - 1;
    while (first > 0 && !tokens[first - 1].directive && !tokens[first - 1].is(';') && !tokens[first - 1].is('}') &&
           !tokens[first - 1].is('{'))
      --first;
    bool in_layout = false;
    for (std::size_t t = first; t < k; ++t) {
      if (tokens[t].is("layout")) in_layout = true;
      else if (in_layout && tokens[t].is(')')) in_layout = false;
      else if (in_layout && tokens[t].identifier()) use.qualifiers.insert(std::string(tokens[t].text));
    }
    use.redeclared = true;
    use.declaration_begin = tokens[first].begin;
    use.declaration_end = tokens[k + 1].end();
  }
  return use;
}

}  // namespace

bool unify_frag_coord_redeclarations(const std::vector<std::string*>& fragment_units, std::string& log) {
  std::vector<FragCoordUse> uses;
  for (const std::string* text : fragment_units) uses.push_back(frag_coord_use(*text));
  const auto redeclaring = std::find_if(uses.begin(), uses.end(), [](const FragCoordUse& u) { return u.redeclared; });
  if (redeclaring == uses.end()) return true;
  for (const FragCoordUse& u : uses) {
    if (u.redeclared && u.qualifiers != redeclaring->qualifiers) {
      log += "error: the fragment shaders redeclare gl_FragCoord with different layout qualifiers\n";
      return false;
    }
    if (!u.redeclared && u.used) {
      log += "error: a fragment shader uses gl_FragCoord without redeclaring it, which another fragment shader of the "
             "program redeclares\n";
      return false;
    }
  }
  const bool upper_left = redeclaring->qualifiers.count("origin_upper_left") != 0;
  const bool integer_centers = redeclaring->qualifiers.count("pixel_center_integer") != 0;
  if (!upper_left && !integer_centers) return true;
  const std::string centre = integer_centers ? " - 0.5" : "";
  const std::string y = upper_left ? "glvk_FramebufferHeight - gl_FragCoord.y" : "gl_FragCoord.y";
  const std::string uniform = upper_left ? "uniform float glvk_FramebufferHeight; " : "";
  // Defined in the first unit that redeclares gl_FragCoord, declared in the others.
  const std::string definition =
      "vec4 glvk_frag_coord() { return vec4(gl_FragCoord.x" + centre + ", " + y + centre + ", gl_FragCoord.zw); } ";
  bool defined = false;
  for (std::size_t i = 0; i < uses.size(); ++i) {
    if (!uses[i].redeclared) continue;
    std::string& text = *fragment_units[i];
    std::vector<TextEdit> edits;
    for (const Token& t : tokenize(text)) {
      if (t.directive || !t.is("gl_FragCoord")) continue;
      if (t.begin >= uses[i].declaration_begin && t.begin < uses[i].declaration_end) continue;
      edits.push_back({t.begin, t.end(), "glvk_frag_coord()"});
    }
    apply_edits(text, std::move(edits));
    const FragCoordUse edited = frag_coord_use(text);  // where the redeclaration is now
    blank(text, edited.declaration_begin, edited.declaration_end);
    insert_before_first_declaration(text, uniform + (defined ? "vec4 glvk_frag_coord(); " : definition));
    defined = true;
  }
  return true;
}

}  // namespace glvk::glsl::detail
