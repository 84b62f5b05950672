#version 450
// Writes the push-constant colour; COLOR_TYPE picks the output type the attachment format needs
// (vec4 for float and normalized formats, ivec4 or uvec4 for integer formats). The colour travels as
// raw bits so integer values keep all 32 bits.
layout(push_constant) uniform Constants {
  uvec4 color_bits;
  float depth;
} constants;

#if COLOR_TYPE == 0
layout(location = 0) out vec4 color;
void main() { color = uintBitsToFloat(constants.color_bits); }
#elif COLOR_TYPE == 1
layout(location = 0) out ivec4 color;
void main() { color = ivec4(constants.color_bits); }
#else
layout(location = 0) out uvec4 color;
void main() { color = constants.color_bits; }
#endif
