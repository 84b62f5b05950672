// GLSL 1.20 and later take a built-in function call whose arguments are constant expressions as a
// constant expression (1.20 4.3.3), so `const mat2 t = transpose(m);` is valid. glslang folds only
// some built-ins (not transpose, matrixCompMult, determinant, inverse, the hyperbolic functions,
// ...) and refuses the others' results as a const initializer before GLSL 4.20 ("non-constant
// initializer"). compile.cpp then parses the shader again with GL_ARB_shading_language_420pack,
// where such a `const` is a read-only variable, and this check confirms that each of those
// initializers is a constant expression of GLSL (otherwise the first parse's errors stand).
#pragma once

#include <string_view>

namespace glslang {
class TIntermediate;
}

namespace glvk::glsl::detail {

// The info log of a failed parse names no error but glslang's refusal of `feature` ("'feature' :
// not supported for this version or the enabled extensions"): "non-constant initializer", ...
bool only_errors_of(std::string_view log, std::string_view feature);

// Every const variable glslang made read-only (its initializer unfolded) is initialized by a
// constant expression: literals, constants, operators, constructors and built-in function calls
// over them, no user function call and no other variable.
bool read_only_consts_are_constant_expressions(const glslang::TIntermediate& intermediate);

}  // namespace glvk::glsl::detail
