#version 300 es
// One layer quad. a_unit runs over the unit square; u_rect places it in the layer's bounds space
// and u_matrix takes bounds space to clip space (world transform, flattening and projection).
precision highp float;

layout(location = 0) in vec2 a_unit;

uniform mat4 u_matrix;   // bounds space -> clip space
uniform vec4 u_rect;     // quad origin (xy) and size (zw), in points of bounds space
uniform vec4 u_uvRect;   // texture coordinates of the quad's top-left (xy) and their extent (zw)

out vec2 v_local;        // position from the quad's top-left corner, in points
out vec2 v_uv;

void main() {
    v_local = a_unit * u_rect.zw;
    v_uv = u_uvRect.xy + a_unit * u_uvRect.zw;
    gl_Position = u_matrix * vec4(u_rect.xy + v_local, 0.0, 1.0);
}
