#version 450
layout(push_constant) uniform Params { vec4 params[2]; };
layout(location = 0) out vec4 o_color;
void main() { o_color = params[1]; }
