// ARB_vertex_program / ARB_fragment_program objects and state, shared by their entry points
// (api_arb_programs.cpp) and the draw path (fixed_function/arb_program_draw.cpp). Private to src/gl.
#pragma once

#include <array>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "arb_program/arb_translate.h"
#include "glvk/gl/context.h"

namespace glvk::gl {

// A program object of the ARB interface: its string, translation and local parameters.
struct ArbProgram {
  GLuint name = 0;
  GLenum target = 0;  // VERTEX_PROGRAM_ARB or FRAGMENT_PROGRAM_ARB from its first bind
  std::string source;
  bool loaded = false;        // the last successful glProgramStringARB (its translation is kept)
  std::uint64_t serial = 0;   // a new one for every successful load: the draw cache's key
  arb::Translation translation;
  std::vector<Vec4> local = std::vector<Vec4>(arb::kMaxLocalParameters, Vec4{0, 0, 0, 0});
};

// The share group's program names (glGenProgramsARB reserves a name; the first bind creates it).
class ArbProgramNames {
 public:
  std::unordered_map<GLuint, std::shared_ptr<ArbProgram>> programs;  // the group's mutex guards it
  GLuint next_name = 1;
};

// Per context: the bound program of each target (program 0 of each is the context's own default
// object), the env parameters, the last load's error, and the linked programs drawn with.
struct ArbProgramContext {
  std::array<std::shared_ptr<ArbProgram>, 2> defaults;
  std::array<std::shared_ptr<ArbProgram>, 2> bound;
  std::array<std::vector<Vec4>, 2> env;
  GLint error_position = -1;
  std::string error_string;
  // Programs linked from the translations, by (vertex serial, fragment serial), 0 for a stage
  // left to fixed-function processing; a null program with the link log when it failed.
  struct Linked {
    std::shared_ptr<ProgramObject> program;
    std::string error;
  };
  std::map<std::pair<std::uint64_t, std::uint64_t>, Linked> linked;
};

// The context's state (created on first use), and the index (0 vertex, 1 fragment) of a target,
// -1 for any other enum.
ArbProgramContext& arb_program_context(Context& ctx);
int arb_target_index(GLenum target);

// fixed_function/arb_program_draw.cpp: the program a draw without a GLSL program uses when
// VERTEX_PROGRAM_ARB or FRAGMENT_PROGRAM_ARB is enabled; `active` false when neither is (the
// fixed-function program then draws). Null with `active` after raising the error.
ProgramObject* arb_program_for_draw(Context& ctx, const char* fn, GLenum mode, bool& active);

}  // namespace glvk::gl
