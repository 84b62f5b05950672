// Float literals at the precision GLSL gives them (GLSL 4.60 4.1.4: a float is an IEEE single;
// a literal without the lf suffix is a float). glslang keeps literals, and folds constant
// expressions, in double precision, so `int(degrees(3.1415926535))` folded to 179 where the
// float literal gives 180, and `-1e+256` compared unequal to unpackHalf2x16's -infinity.
#pragma once

#include <string>

namespace glvk::glsl::detail {

// Each float literal of `text` (macro bodies included) that a float cannot hold exactly is
// rewritten to the float nearest it, as a decimal that reads back to that float; one too large
// for a float becomes infinity, `(1.0/0.0)` (GLSL ES 3.00 4.1.4, as Mesa converts it). Same lines.
void round_float_literals(std::string& text);

}  // namespace glvk::glsl::detail
