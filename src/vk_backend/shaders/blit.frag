#version 450
// A scaled blit of one source layer: each destination pixel centre maps to a source position
// (offset + centre * scale, flips through negative scales), read through an unnormalized-coordinate
// sampler whose filter is the blit's (NEAREST takes the texel the position falls in, LINEAR
// interpolates the four around it). SAMPLE_TYPE: 0 float, 1 signed and 2 unsigned integer formats.
layout(push_constant) uniform Constants {
  vec2 offset;
  vec2 scale;
  float depth;
} constants;

#if SAMPLE_TYPE == 0
layout(set = 0, binding = 0) uniform sampler2D source;
layout(location = 0) out vec4 color;
#elif SAMPLE_TYPE == 1
layout(set = 0, binding = 0) uniform isampler2D source;
layout(location = 0) out ivec4 color;
#else
layout(set = 0, binding = 0) uniform usampler2D source;
layout(location = 0) out uvec4 color;
#endif

void main() { color = textureLod(source, constants.offset + gl_FragCoord.xy * constants.scale, 0.0); }
