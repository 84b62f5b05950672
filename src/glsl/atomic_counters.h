// Atomic counter rules of GL_ARB_shader_atomic_counters / GLSL 4.20 4.4.4.3 and GL 4.6 7.6.3 that
// glslang's relaxed Vulkan rules (which turn the counters into members of gl_AtomicCounterBlock_N
// storage blocks) leave unchecked or refuse.
#pragma once

#include <glslang/Public/ShaderLang.h>

#include <string>
#include <utility>
#include <vector>

#include "glvk/glsl/compiler.h"

namespace glslang {
class TIntermediate;
}  // namespace glslang

namespace glvk::glsl::detail {

// `layout(binding = N, offset = M) uniform;` — a default uniform declaration without a type —
// sets nothing for atomic counters (their defaults are declared with `uniform atomic_uint;`) but
// is valid GLSL, which glslang refuses ("cannot declare a default"). The binding and offset
// qualifiers are removed from such declarations (the whole declaration when nothing else is left),
// line numbers kept.
void drop_default_uniform_counter_qualifiers(std::string& text);

// GLSL 4.20 4.4.4.3: a counter's binding below gl_MaxAtomicCounterBindings. The errors in
// glslang's log format, one per counter; empty when every binding is in range.
std::string atomic_counter_binding_errors(const glslang::TIntermediate& stage);

// GL 4.6 7.6.3 / 11.1.3.6 and ARB_shader_atomic_counters: per stage at most kMaxAtomicCounters
// counters (array elements counted) in at most kMaxAtomicCounterBindings buffers, as many in the
// whole program, and a counter of one name declared by several stages (or compilation units) with
// the same binding and offset. Read from the parsed units, before glslang's link merges the
// stages' gl_AtomicCounterBlock_N. The messages, empty when the program follows the rules.
std::string atomic_counter_link_error(const std::vector<std::pair<Stage, const glslang::TIntermediate*>>& units);

}  // namespace glvk::glsl::detail
