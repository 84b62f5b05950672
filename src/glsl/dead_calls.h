// Calls in code a constant condition skips, of functions the program never defines: glslang's
// link refuses them ("No function definition (body) found") since it keeps every call in its
// call graph, where GL implementations drop the dead branch first (Mesa's constant folding does;
// piglit's glsl-const-folding-01 relies on it). Such a function gets a body that is never run.
#pragma once

#include <set>
#include <string>
#include <string_view>

namespace glslang {
class TIntermediate;
}

namespace glvk::glsl::detail {

// The functions (plain names) a failed glslang link found no definition for, from its log.
std::set<std::string> bodiless_functions(std::string_view log);

// The calls of `name` in the unit that a constant condition (`if (false)`, `c ? a : b` with a
// constant c, folded by glslang) does not skip.
int live_calls(const glslang::TIntermediate& unit, std::string_view name);

// Turns the text's prototype of `name` (a global declaration `T name(...);`) into a definition
// whose body returns an undefined value of T; false when the text has no such prototype.
bool define_prototype(std::string& text, std::string_view name);

}  // namespace glvk::glsl::detail
