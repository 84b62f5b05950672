#version 450
layout(push_constant) uniform Params { vec4 params[2]; };
layout(set = 0, binding = 0) uniform sampler2D u_texture;
layout(location = 0) in vec2 v_uv;
layout(location = 0) out vec4 o_color;
void main() { o_color = params[1] * texture(u_texture, v_uv); }
