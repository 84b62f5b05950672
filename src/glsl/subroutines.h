// Shader subroutines (GLSL 4.00 6.1.2, ARB_shader_subroutine) lowered in the text, since glslang
// refuses `subroutine` when it generates SPIR-V: the subroutine type declarations go, the
// `subroutine(...)` qualifiers of functions go (they stay ordinary functions), each subroutine
// uniform becomes a uint selector (`uniform uint glvk_sub<stage>_<name>[N];`, in the default
// block) and each call through it a call of a dispatcher that switches over the indices of the
// compatible functions. Line numbers are kept: every rewrite replaces text on its own lines, and
// the dispatchers follow the user's last line.
#pragma once

#include <string>
#include <string_view>

#include "glvk/glsl/compiler.h"

namespace glvk::glsl::detail {

inline constexpr std::string_view kSubroutineSelectorPrefix = "glvk_sub";

// The default-block name of the selector of subroutine uniform `name` of `stage`.
std::string subroutine_selector_name(Stage stage, std::string_view name);

// What the shader's version and extensions allow: subroutines at all (GLSL 4.00 or
// GL_ARB_shader_subroutine; otherwise `subroutine` is an ordinary identifier and nothing is
// lowered), and layout(index/location) on them (GLSL 4.30 or GL_ARB_explicit_uniform_location).
struct SubroutineSyntax {
  bool enabled = false;
  bool explicit_locations = false;
};

// Lowers `text` when it declares subroutines and fills `out` (indices, locations, compatible
// lists; selector offsets are the reflection's to fill). Returns the compile error (glslang's
// format) of a text that breaks GLSL 4.00 6.1.2's rules, which glslang would not see once
// lowered (a function that does not match its subroutine type, a missing definition, an
// overload, a type name used as a function, the keyword elsewhere); empty when lowered.
std::string lower_subroutines(Stage stage, std::string& text, const SubroutineSyntax& syntax, StageSubroutines& out);

}  // namespace glvk::glsl::detail
