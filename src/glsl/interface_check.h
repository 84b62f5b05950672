// Cross-stage interface checks glslang leaves to the GL implementation.
#pragma once

#include <glslang/Public/ShaderLang.h>

#include "glvk/glsl/compiler.h"

#include <array>
#include <set>
#include <string>

namespace glvk::glsl::detail {

// GL 4.6 7.4.1: a statically used input needs an output of the previous stage with the same name
// (or block name), or the same explicit location. False with the messages in `log`.
bool check_stage_interfaces(const glslang::TProgram& program, std::string& log);

// A separable program (7.4: GLSL 1.50 and later) whose stages pass gl_PerVertex members from one
// to the next must redeclare the block in the producing stage (`texts`: each stage's sources; as
// Mesa checks it). False with the messages in `log`.
bool check_separable_builtin_blocks(const glslang::TProgram& program,
                                    const std::array<std::string, kStageCount>& texts, std::string& log);

// The user-defined inputs (or outputs) of a stage declared with layout(location), by the name GL
// matches them by: a separable program's interface to another program rendezvous by location.
std::set<std::string> explicit_location_names(const glslang::TIntermediate& stage, bool inputs);

}  // namespace glvk::glsl::detail
