// Opaque members of uniform structs (GLSL 4.60 4.1.7: samplers and images may be members of a
// struct only in a uniform, and such structs may be passed to functions). Vulkan's SPIR-V has no
// opaque type inside a struct, and glslang's relaxed rules put the whole struct in the default
// uniform block: each uniform of such a struct is split before glslang parses it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "glvk/glsl/compiler.h"

namespace glvk::glsl::detail {

// One opaque uniform the lowering declared for a member path of a uniform struct: `uniform S
// s[2]` with `sampler2D t[3]` in S becomes `uniform sampler2D glvkos_s__t[6]`, whose elements
// are GL's uniforms "s[0].t[0]" and "s[1].t[0]" (3 elements each), as GL 4.6 7.3.1.1 names them.
struct OpaqueMemberUniform {
  std::string lowered;             // the declared uniform ("glvkos_s__t")
  std::vector<std::string> names;  // its GL uniforms, in element order
  std::uint32_t size = 1;          // elements of each (the member's innermost array size, or 1)
};

// The member that keeps a struct of opaque members only non-empty (GLSL has no empty struct);
// reflection drops it.
inline constexpr std::string_view kEmptyStructMember = "glvkos_empty";

// Rewrites `text`: the opaque members leave their structs, each uniform of such a struct gets one
// opaque uniform per opaque member path (arrays of structs and array members flattened into one
// array), their uses become that uniform's elements, and a function parameter of such a struct
// type takes the opaque members as parameters of their own, passed at each call. Returns a compile
// error (glslang's format) for what it cannot lower, else empty.
std::string lower_opaque_struct_members(std::string& text, std::vector<OpaqueMemberUniform>& declared);

// Reflection: each declared opaque uniform replaced by the GL uniforms it holds (sharing its
// descriptor binding, Uniform::binding_element apart), the placeholder members dropped.
void split_opaque_member_uniforms(const std::vector<OpaqueMemberUniform>& declared, Program& program);

}  // namespace glvk::glsl::detail
