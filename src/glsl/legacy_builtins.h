// The compatibility-profile built-ins (GLSL 1.10/1.20, 1.30+ "compatibility", GL 4.6
// compatibility 7.5 and the GLSL 1.20 spec 7.1-7.6) lowered onto ordinary GLSL that glslang
// compiles to SPIR-V: `gl_Vertex` becomes the input `glvk_Vertex`, `gl_ModelViewMatrix` the loose
// uniform `glvk_ModelViewMatrix`, `gl_FrontColor` the output `glvk_FrontColor`, ... through
// preamble declarations and `#define gl_X glvk_X` macros, for the built-ins the text names only.
// Reflection reports them under their GL names (`gl_Vertex`, `gl_LightSource[0].ambient`) so the
// GL side feeds the attributes from its legacy arrays and fills the uniforms from its state.
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "glvk/glsl/compiler.h"
#include "tokens.h"

namespace glvk::glsl::detail {

inline constexpr std::string_view kLoweredPrefix = "glvk_";
// The fragment stage's gl_FragColor lands in outputs glvk_FragColorBuffer0..7 (one per draw buffer,
// GL's broadcast); link.cpp gives output N location N.
inline constexpr std::string_view kFragColorBroadcast = "glvk_FragColorBuffer";
// The draw buffer a broadcast output writes, or -1 for other names.
int broadcast_location(std::string_view name);

inline constexpr int kTextureCoords = 8;  // gl_MaxTextureCoords glvk reports (GL_MAX_TEXTURE_COORDS)

// A built-in input or output: GL name, GLSL type, array size (0: not an array).
struct BuiltinVarDecl {
  std::string name;
  std::string_view type;
  int array = 0;
};
// The varyings (GLSL 1.20 7.6) as a vertex-processing stage writes them.
const std::vector<BuiltinVarDecl>& varying_decls();
// "gl_X" → "glvk_X".
std::string lowered(std::string_view gl);

// legacy_per_vertex.cpp: the compatibility members of gl_PerVertex (the varyings and
// gl_ClipVertex) between two vertex-processing stages travel in glvk's block kCompatBlock, the
// producer's output (the array kCompatOutputArray from a tessellation control stage) and the
// consumer's input array kCompatInputArray.
inline constexpr std::string_view kCompatBlock = "glvk_PerVertexCompat";
inline constexpr std::string_view kCompatInputArray = "glvk_in";
inline constexpr std::string_view kCompatOutputArray = "glvk_out";
inline constexpr std::string_view kCompatPrivateArray = "glvk_out_private";
const std::vector<BuiltinVarDecl>& compat_block_members();
// The compatibility members a shader names as `array`[i].gl_X, array "gl_in" (a geometry or
// tessellation stage's reads) or "gl_out" (a tessellation control stage's), by their gl_ names.
std::set<std::string> compat_members_named(std::string_view text, std::string_view array);
// The gl_in reads renamed to glvk_in[i].glvk_X (the block's members).
void rename_compat_gl_in(std::string& text);
// A tessellation control stage's gl_out[i].gl_X renamed to glvk_out[i].glvk_X when the next stage
// reads the member (`next_stage_reads`: compat_members_named(its text, "gl_in")), else to a
// private array's; returns their declarations (the output block declares every member read).
std::string lower_compat_gl_out(std::string& text, const std::set<std::string>& next_stage_reads);
// The block declaration with `members` (gl_ names) in a fixed order: "in"/"out", and an instance
// name such as " glvk_in[]" (empty: anonymous, its members global names).
std::string compat_block(std::string_view qualifier, const std::set<std::string>& members, std::string_view instance);
// User redeclarations of gl_PerVertex lose their compatibility members (a block left empty goes
// whole). With `add_clip_distance` a kept output block gains gl_ClipDistance[kMaxClipPlanes] (the
// gl_ClipVertex lowering writes it; a declaration outside the block would be a second
// redeclaration). Returns whether an output block redeclaration is kept.
bool strip_compat_block_members(std::string& text, bool add_clip_distance);

// A declaration of a built-in variable, `[qualifiers] [storage] type name [brackets] ;`, as the
// lowering recognizes the user's redeclarations.
struct RedeclarationShape {
  std::set<std::string_view> qualifiers;  // any number of them, first
  std::set<std::string_view> storage;     // one of them next (none: no storage word)
  std::set<std::string_view> types;
  std::set<std::string_view> names;
  bool brackets = false;  // `[...]` may follow the name (up to the first ']')
};
struct Redeclaration {
  std::size_t first = 0, after = 0;  // its tokens [first, after)
  std::string_view name;
};
// The redeclarations of `shape` in tokens [begin, end), in order, not overlapping; a failed
// attempt skips the run of qualifiers it read, so the search is linear in the tokens.
std::vector<Redeclaration> find_redeclarations(const std::vector<Token>& tokens, std::size_t begin, std::size_t end,
                                               const RedeclarationShape& shape);

// The gl_* identifiers a shader text names (comments included: over-declaring costs nothing).
std::set<std::string> gl_identifiers(std::string_view text);

// The colour varyings a stage's text statically uses (gl_Color, gl_FrontColor, ...), each with the
// interpolation qualifier of its redeclaration ("flat", "smooth", "noperspective"; "" for none).
std::map<std::string, std::string> colour_interpolation(std::string_view text);

// What lowering adds to a stage. `compatibility_builtins`: the version has them (below 1.40, or
// the compatibility profile). `next_stage_reads`: for the last vertex-processing stage, the gl_*
// identifiers of the fragment shader linked after it, whose varyings this stage must declare even
// when it does not write them; for a stage that feeds another vertex-processing stage, "gl_in" and
// the compatibility members that stage reads (compat_members_named(text, "gl_in")).
struct LegacyLowering {
  std::string preamble;           // declarations and macros, parsed before the user's text
  std::string prologue;           // statements run before the user's main (the same wrapper)
  std::string epilogue;           // statements run after the user's main (a wrapper calls them)
  std::string emit_prefix;        // geometry stage: "expr, " evaluated before each EmitVertex
};
// stage_uses: the gl_* identifiers of the stage's other compilation units, lowered here too so
// that the unit with main copies what they write (gl_FragColor written in a helper's unit).
LegacyLowering lower_legacy_builtins(Stage stage, std::string& text, bool compatibility_builtins,
                                     const std::set<std::string>& next_stage_reads,
                                     const std::set<std::string>& stage_uses = {});

// Program::shade_model_colors of one fragment shader text: gl_Color (bit 0) and gl_SecondaryColor
// (bit 1) when named and not redeclared with an interpolation qualifier.
std::uint32_t shade_model_colors(std::string_view fragment_text);

// "glvk_LightSource[0].ambient" → "gl_LightSource[0].ambient"; other names unchanged.
std::string gl_name(const std::string& lowered);
bool is_lowered(const std::string& name);

}  // namespace glvk::glsl::detail
