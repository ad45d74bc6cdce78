#version 300 es
// The shadow program's quad: the unit square at location 0 stretched over the whole viewport.
// What is drawn is limited by the scissor box, set to the pixels the pass writes.
layout(location = 0) in vec2 a_position;

void main() {
    gl_Position = vec4(a_position * 2.0 - 1.0, 0.0, 1.0);
}
