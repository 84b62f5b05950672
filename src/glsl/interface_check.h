// Cross-stage interface checks glslang leaves to the GL implementation.
#pragma once

#include <glslang/Public/ShaderLang.h>

#include <string>

namespace glvk::glsl::detail {

// GL 4.6 7.4.1: a statically used input needs an output of the previous stage with the same name
// (or block name), or the same explicit location. False with the messages in `log`.
bool check_stage_interfaces(const glslang::TProgram& program, std::string& log);

}  // namespace glvk::glsl::detail
