#version 450
// draw_bench.cpp's vertex shader with its uniform array as push constants.
layout(location = 0) in vec2 a_pos;
layout(push_constant) uniform Params { vec4 params[2]; };  // rect (x, y, w, h in clip space), colour
layout(location = 0) out vec2 v_uv;
void main() {
  v_uv = a_pos;
  gl_Position = vec4(params[0].xy + a_pos * params[0].zw, 0.0, 1.0);
}
