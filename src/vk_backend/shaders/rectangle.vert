#version 450
// One triangle that covers the whole viewport; the scissor cuts it to the region written. Its depth
// is the clear depth, so depth-writing pipelines store it without a fragment shader.
layout(push_constant) uniform Constants {
  uvec4 color_bits;
  float depth;
} constants;

void main() {
  const vec2 corner = vec2(float((gl_VertexIndex << 1) & 2), float(gl_VertexIndex & 2));
  gl_Position = vec4(corner * 2.0 - 1.0, constants.depth, 1.0);
}
