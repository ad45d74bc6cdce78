#version 300 es
// One layer quad. a_unit runs over the unit square; u_rect places the quad in the layer's bounds
// space and u_matrix takes bounds space to clip space (world transform, flattening and projection).
precision highp float;

layout(location = 0) in vec2 a_unit;

uniform mat4 u_matrix;         // bounds space -> clip space
uniform vec4 u_rect;           // the quad: origin (xy) and size (zw), in points of bounds space
uniform vec4 u_bounds;         // the layer's bounds: origin and size, in points
uniform vec4 u_contentsFrame;  // where the contents land: origin and size, in points of bounds space

out vec2 v_local;              // position from the bounds' top-left corner, in points
out vec2 v_contents;           // position in unit coordinates of the contents frame

void main() {
    vec2 p = u_rect.xy + a_unit * u_rect.zw;
    v_local = p - u_bounds.xy;
    v_contents = (p - u_contentsFrame.xy) / max(u_contentsFrame.zw, vec2(1e-6));
    gl_Position = u_matrix * vec4(p, 0.0, 1.0);
}
