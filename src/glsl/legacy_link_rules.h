// Link rules of GLSL glslang leaves to the GL implementation, checked on the parsed compilation
// units and the linked program.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <glslang/Public/ShaderLang.h>

#include "glvk/glsl/compiler.h"

namespace glslang {
class TIntermediate;
}

namespace glvk::glsl::detail {

// GLSL 1.10 4.3 / 4.60 4.3 ("If a shared global has multiple initializers, the initializers must
// all be constant expressions, and they must all have the same value"): a global variable
// initialized in several compilation units of one stage. The error, or empty.
std::string shared_global_initializer_error(const std::vector<std::pair<Stage, const glslang::TIntermediate*>>& units);

// GLSL 1.10 and 1.20 (desktop; the highest #version of the program's sources is `version`):
// - 7.1: every vertex shader executable writes gl_Position (`vertex_texts`: the vertex stage's
//   sources as the user wrote them; dropped in 1.40, where the output may go unwritten);
// - 4.3.6: a varying the fragment shader reads is written by the vertex shader (1.30 on, an
//   unwritten output just has an undefined value).
// False with the messages in `log`.
bool check_legacy_link_rules(const glslang::TProgram& program, int version, const std::vector<std::string>& vertex_texts,
                             std::string& log);

// GLSL 1.30-4.60 7.1 (compatibility): a shader statically writes gl_ClipVertex or gl_ClipDistance,
// not both. `units`: each compilation unit's stage and source as the user wrote it (glvk's own
// clip lowering writes gl_ClipDistance for gl_ClipVertex, so the check reads the user's text for
// assignments to each). The error, or empty.
std::string clip_vertex_and_distance_error(const std::vector<std::pair<Stage, std::string>>& units);

}  // namespace glvk::glsl::detail
