#version 300 es
// One layer quad: background and contents (the default), its border (MODE_BORDER), its clip
// mask (MODE_MASK), its shadow (MODE_SHADOW: the rounded shape placed by the bounds, blurred by
// a Gaussian of standard deviation v_params.z points), or one colour over the whole quad
// (MODE_TINT: the debug switches). HAS_TEXTURE samples contents (PLAIN_CONTENTS: square corners, contents
// filling the quad exactly, the commonest picture, with nothing but the sample and the blend;
// NINE_SLICE: with a stretchable centre;
// TEXEL_CENTRES: one texel per pixel, sampled at texel centres, as nearest filtering);
// ROUNDED cuts rounded corners. The compositor
// compiles one variant per combination, inserting the #defines after the #version line, so each
// pixel runs only the code it needs (software rasterisers run every branch of an `if`).
// Colours are premultiplied and sRGB-encoded; blending is ONE, ONE_MINUS_SRC_ALPHA.
precision highp float;

// What the fragments need besides colour and opacity: plain colour fills and square clip masks
// need nothing else, plain contents their texture coordinates; the rest the position within the
// layer and the layer's geometry. The vertex shader passes only that (fewer outputs are less work
// per vertex and per triangle for software rasterisers, and less to interpolate).
#if (defined(HAS_TEXTURE) && !defined(PLAIN_CONTENTS)) || defined(ROUNDED) || defined(MODE_BORDER) || defined(MODE_SHADOW)
#define NEEDS_GEOMETRY
#endif

#ifdef PLAIN_CONTENTS
in vec2 v_uv;
#endif
#ifdef NEEDS_GEOMETRY
in vec2 v_local;
in vec2 v_contents;
flat in vec2 v_size;           // the layer's bounds size, in points
flat in vec4 v_uvRect;         // contentsRect: texture coordinates of the shown part's origin and extent
flat in vec4 v_center;         // contentsCenter as (minX, minY, maxX, maxY) in unit coordinates
flat in vec4 v_slice;          // contents frame size (xy) and the shown contents' own size (zw), in points
#endif
flat in vec4 v_color;          // premultiplied background colour, or border colour in MODE_BORDER
flat in vec4 v_params;         // opacity, corner radius (points), clips contents (1 when masksToBounds)
                               // plus twice the rounded corners' mask (CACornerMask bits; MODE_SHADOW:
                               // the blur's standard deviation, the mask in w),
                               // border width (points; MODE_BORDER; MODE_MASK: an opaque border's),
                               // or straight-alpha contents (1; fills)

uniform sampler2D u_texture;   // premultiplied RGBA, row 0 at the top
#ifdef MODE_TINT
uniform vec4 u_tint;           // premultiplied
#endif

out vec4 o_color;

// Signed distance from p to a rectangle of `size` at the origin with corner radius r.
float roundedRectDistance(vec2 p, vec2 size, float r) {
    vec2 halfSize = 0.5 * size;
    vec2 q = abs(p - halfSize) - (halfSize - vec2(r));
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;
}

// The corner radius at p: `r` where p's corner is among `mask`'s (CACornerMask bits: 1 min-x min-y,
// 2 max-x min-y, 4 min-x max-y, 8 max-x max-y), else 0.
float radiusAt(vec2 p, vec2 size, float r, float mask) {
    if (mask >= 15.0) return r;
    float bit = p.x > 0.5 * size.x ? (p.y > 0.5 * size.y ? 8.0 : 2.0) : (p.y > 0.5 * size.y ? 4.0 : 1.0);
    return mod(floor(mask / bit), 2.0) > 0.5 ? r : 0.0;
}

// Coverage of a rounded rectangle; square corners leave edges to the rasteriser (no antialiasing,
// as Core Animation's default `allowsEdgeAntialiasing = false`).
float coverage(vec2 p, vec2 size, float r) {
    if (r <= 0.0) {
        return (p.x >= 0.0 && p.y >= 0.0 && p.x <= size.x && p.y <= size.y) ? 1.0 : 0.0;
    }
    float d = roundedRectDistance(p, size, r);
    float aa = max(length(fwidth(p)) * 0.7071, 1e-4);
    return clamp(0.5 - d / aa, 0.0, 1.0);
}

#ifdef NINE_SLICE
// Nine-part scaling along one axis: position t (0...1 over a frame `len` points long) to a unit
// texture coordinate. The caps outside c0...c1 keep their size (`img` points of contents), shrinking
// together only when the frame is shorter than both; the middle stretches. With c0 = 0, c1 = 1
// this is the identity.
float slice(float t, float len, float img, float c0, float c1) {
    float capA = c0 * img, capB = (1.0 - c1) * img;
    float s = min(1.0, len / max(capA + capB, 1e-6));
    float a = capA * s, b = capB * s;
    float x = t * len;
    float unit = max(s * img, 1e-6);
    float mid = c0 + (x - a) / max(len - a - b, 1e-6) * (c1 - c0);
    return x < a ? x / unit : (x > len - b ? 1.0 - (len - x) / unit : mid);
}
#endif

#ifdef MODE_SHADOW
// erf(x) to within 2e-4 (Winitzki's approximation): GLSL ES has none.
float erfApprox(float x) {
    float x2 = x * x;
    const float a = 0.147;
    float t = sqrt(1.0 - exp(-x2 * (1.2732395 + a * x2) / (1.0 + a * x2)));
    return x < 0.0 ? -t : t;
}

vec2 erfVec(vec2 v) { return vec2(erfApprox(v.x), erfApprox(v.y)); }
#endif

void main() {
#if defined(MODE_TINT)
    o_color = u_tint;
#elif defined(MODE_SHADOW)
    // A Gaussian-blurred rounded rectangle: the lesser of a blurred edge across the signed
    // distance to the shape (close at rounded corners) and the blurred square rectangle, whose
    // integral separates into x and y (exact for square corners, and for shapes small against
    // the blur, where a single edge would be too dark).
    float radius = min(v_params.y, 0.5 * min(v_size.x, v_size.y));
    float d = roundedRectDistance(v_local, v_size, radiusAt(v_local, v_size, radius, v_params.w));
    float sigma = v_params.z;
    float cover;
    if (sigma > 0.0) {
        float k = 1.0 / (sigma * 1.4142136);
        vec2 lo = erfVec(v_local * k), hi = erfVec((v_local - v_size) * k);
        float rect = 0.25 * (lo.x - hi.x) * (lo.y - hi.y);
        cover = min(0.5 - 0.5 * erfApprox(d * k), rect);
    } else {
        cover = clamp(0.5 - d, 0.0, 1.0);
    }
    o_color = v_color * (cover * v_params.x);
#elif defined(PLAIN_CONTENTS)
    // The quad is the bounds and the contents frame: no edge tests, the coordinates come ready.
    vec4 picture = texture(u_texture, v_uv);
    picture.rgb *= mix(1.0, picture.a, v_params.w);   // straight-alpha contents (a host's) premultiplied
    o_color = (picture + v_color * (1.0 - picture.a)) * v_params.x;
#else
    float opacity = v_params.x;
#ifdef NEEDS_GEOMETRY
    vec2 size = v_size;
    float clips = mod(v_params.z, 2.0), corners = floor(v_params.z / 2.0);
    float radius = radiusAt(v_local, size, min(v_params.y, 0.5 * min(size.x, size.y)), corners);
#endif
#if defined(MODE_MASK)
#ifdef ROUNDED
    // A pixel the clipped content may fill: one whose centre is inside the shape. Under an opaque
    // border at least a pixel wide, only pixels wholly inside: the border's antialiased outer edge
    // is drawn over the others, and content filling them would show past the bounds through it.
    float pixel = max(length(fwidth(v_local)) * 0.7071, 1e-4);
    float keep = v_params.w >= pixel ? 0.999 : 0.5;
    if (coverage(v_local, size, radius) < keep) discard;
#endif
    o_color = vec4(1.0);
#elif defined(MODE_BORDER)
    float w = v_params.w;
    float outer = coverage(v_local, size, radius);
    float inner = (size.x > 2.0 * w && size.y > 2.0 * w)
        ? coverage(v_local - vec2(w), size - vec2(2.0 * w), max(radius - w, 0.0))
        : 0.0;
    o_color = v_color * (outer * (1.0 - inner) * opacity);
#else
    // Rounded corners cut the background always, the contents only when the layer masks to
    // its bounds (CALayer.cornerRadius).
    vec4 color = v_color;
#ifdef ROUNDED
    float cut = coverage(v_local, size, radius);
    color *= cut;
#endif
#ifdef HAS_TEXTURE
#ifndef ROUNDED
    // The quad may reach past the bounds to show contents that overflow them; the background may not.
    color *= (v_local.x >= 0.0 && v_local.y >= 0.0 && v_local.x <= size.x && v_local.y <= size.y) ? 1.0 : 0.0;
#endif
    vec2 t = v_contents;
#ifdef NINE_SLICE
    vec2 uv = v_uvRect.xy + vec2(slice(t.x, v_slice.x, v_slice.z, v_center.x, v_center.z),
                                 slice(t.y, v_slice.y, v_slice.w, v_center.y, v_center.w)) * v_uvRect.zw;
#else
    vec2 uv = v_uvRect.xy + t * v_uvRect.zw;
#ifdef TEXEL_CENTRES
    // Pixel-aligned, unscaled contents: sample each texel's centre, which linear filtering returns
    // exactly (its own variant: software rasterisers would pay for it on every textured pixel).
    vec2 texels = vec2(textureSize(u_texture, 0));
    uv = (floor(uv * texels) + 0.5) / texels;
#endif
#endif
    float insideContents = (t.x >= 0.0 && t.y >= 0.0 && t.x <= 1.0 && t.y <= 1.0) ? 1.0 : 0.0;
    vec4 texel = texture(u_texture, uv) * insideContents;
    texel.rgb *= mix(1.0, texel.a, v_params.w);   // straight-alpha contents (a host's) premultiplied
#ifdef ROUNDED
    texel *= mix(1.0, cut, clips);
#endif
    color = texel + color * (1.0 - texel.a);
#endif
    o_color = color * opacity;
#endif
#endif
}
