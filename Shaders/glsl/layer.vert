#version 300 es
// One layer quad, drawn instanced: every quad of a batch is one instance whose attributes carry
// all it needs. a_unit runs over the unit square; a_rect places the quad in the layer's bounds
// space and the matrix (columns a_m0...a_m3) takes bounds space to clip space (world transform,
// flattening and projection).
precision highp float;

// What the fragments need besides colour and opacity: plain colour fills and square clip masks
// need nothing else, plain contents their texture coordinates; the rest the position within the
// layer and the layer's geometry. The vertex shader passes only that (fewer outputs are less work
// per vertex and per triangle for software rasterisers, and less to interpolate).
#if (defined(HAS_TEXTURE) && !defined(PLAIN_CONTENTS)) || defined(ROUNDED) || defined(MODE_BORDER) || defined(MODE_SHADOW)
#define NEEDS_GEOMETRY
#endif

layout(location = 0) in vec2 a_unit;
layout(location = 1) in vec4 a_m0;
layout(location = 2) in vec4 a_m1;
layout(location = 3) in vec4 a_m2;
layout(location = 4) in vec4 a_m3;
layout(location = 5) in vec4 a_rect;           // the quad: origin (xy) and size (zw), in points of bounds space
layout(location = 6) in vec4 a_bounds;         // the layer's bounds: origin and size, in points
layout(location = 7) in vec4 a_contentsFrame;  // where the contents land: origin and size, in points of bounds space
layout(location = 8) in vec4 a_uvRect;         // texture coordinates of the shown part's origin and extent
layout(location = 9) in vec4 a_center;         // contentsCenter as (minX, minY, maxX, maxY), unit coordinates
layout(location = 10) in vec4 a_slice;         // contents frame size (xy), shown contents' own size (zw), in points
layout(location = 11) in vec4 a_color;         // premultiplied background colour (the border colour for borders)
layout(location = 12) in vec4 a_params;        // opacity, corner radius, clips contents (0/1) + 2 × corner mask, border width

#ifdef PLAIN_CONTENTS
out vec2 v_uv;                 // texture coordinates (the mapping is affine, so per vertex is exact)
#endif
#ifdef NEEDS_GEOMETRY
out vec2 v_local;              // position from the bounds' top-left corner, in points
out vec2 v_contents;           // position in unit coordinates of the contents frame
flat out vec2 v_size;
flat out vec4 v_uvRect;
flat out vec4 v_center;
flat out vec4 v_slice;
#endif
flat out vec4 v_color;
flat out vec4 v_params;

void main() {
    vec2 p = a_rect.xy + a_unit * a_rect.zw;
#ifdef PLAIN_CONTENTS
    // The quad is the contents frame, so the unit square runs over the shown part.
    v_uv = a_uvRect.xy + a_unit * a_uvRect.zw;
#endif
#ifdef NEEDS_GEOMETRY
    v_local = p - a_bounds.xy;
    v_contents = (p - a_contentsFrame.xy) / max(a_contentsFrame.zw, vec2(1e-6));
    v_size = a_bounds.zw;
    v_uvRect = a_uvRect;
    v_center = a_center;
    v_slice = a_slice;
#endif
    v_color = a_color;
    v_params = a_params;
    gl_Position = mat4(a_m0, a_m1, a_m2, a_m3) * vec4(p, 0.0, 1.0);
}
