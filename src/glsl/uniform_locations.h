// Explicit uniform locations (GL 4.3, ARB_explicit_uniform_location): layout(location = L) on a
// default-block or opaque uniform gives it GL locations L, L+1, ... (one per array element and
// struct member); the other uniforms take the free locations. Vulkan has no uniform locations, so
// the decoration glslang emits on opaque variables is removed from the SPIR-V.
#pragma once

#include <glslang/MachineIndependent/localintermediate.h>

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "glvk/glsl/compiler.h"

namespace glvk::glsl::detail {

// One uniform GL lists (a struct member "s[1].m", an array by its name without "[0]") under a
// declaration with an explicit location.
struct ExplicitUniformLocation {
  std::uint32_t location = 0;
  std::uint32_t slots = 1;  // its array elements
  std::string root;         // the declared uniform it belongs to
};
using ExplicitUniformLocations = std::map<std::string, ExplicitUniformLocation>;  // by name

// layout(location = N) of the uniforms a shader text declares, by name: glslang's relaxed rules
// move loose ones into its default block without their locations, and drop unused ones, so they
// are read from the text (an integer literal; a location given by a macro or expression is not
// found), with the elements of a literal array size.
struct TextUniformLocation {
  std::uint32_t location = 0;
  std::uint32_t elements = 1;
};
using TextUniformLocations = std::map<std::string, TextUniformLocation>;
TextUniformLocations text_uniform_locations(std::string_view text);

// Adds one stage's explicit uniform locations (opaque uniforms from the AST, loose ones from
// `text_locations`, unused ones from the text alone; used or not: an inactive uniform still reserves its
// locations). False with a message in `log` for a range past kMaxUniformLocations or a uniform
// another stage placed elsewhere.
bool collect_explicit_uniform_locations(const glslang::TIntermediate& stage,
                                        const TextUniformLocations& text_locations,
                                        ExplicitUniformLocations& out, std::string& log);

// Gives the program's default-block and opaque uniforms their GL locations: the explicit ones,
// then each other uniform the first free range of its size, in reflection order (past
// kMaxUniformLocations if need be: that limit is the explicit ones'). False with a message in
// `log` when two uniforms' explicit ranges overlap.
bool place_uniform_locations(const ExplicitUniformLocations& explicit_locations, Program& program, std::string& log);

// The module without Location decorations on UniformConstant variables (opaque uniforms), which
// Vulkan forbids there.
std::vector<std::uint32_t> without_uniform_locations(const std::vector<std::uint32_t>& words);

}  // namespace glvk::glsl::detail
