#version 300 es
// One pass of a shadow cast by a layer's picture: a Gaussian blur of the source texture's alpha
// along one axis, times a premultiplied colour. The first pass blurs the picture's alpha across
// (u_direction (1, 0), u_color white) into an offscreen framebuffer; the second blurs that down
// (u_direction (0, 1)), moved by the shadow's offset and tinted with the shadow's colour and
// opacity, onto the target under the picture. Texels outside u_bounds count as transparent (the
// offscreen framebuffers hold stale pixels beyond what was drawn).
precision highp float;

uniform sampler2D u_texture;
// The drawn area's lower-left corner in the framebuffer (window coordinates, pixels).
uniform vec2 u_origin;
// Where the source lies relative to the destination: a pixel samples the source at itself less
// this, in texels (the shadow's offset; GL's orientation).
uniform vec2 u_offset;
// The blur's axis: (1, 0) or (0, 1).
uniform vec2 u_direction;
// The Gaussian's standard deviation in texels, and how many texels each side are summed (3σ).
uniform float u_sigma;
uniform int u_radius;
// The source texels that hold the picture: minimum x, y and maximum x, y (exclusive), GL's orientation.
uniform vec4 u_bounds;
// The result is this colour (premultiplied) times the blurred alpha.
uniform vec4 u_color;

out vec4 o_color;

float alphaAt(vec2 texel) {
    if (texel.x < u_bounds.x || texel.y < u_bounds.y || texel.x >= u_bounds.z || texel.y >= u_bounds.w) {
        return 0.0;
    }
    return texture(u_texture, (texel + 0.5) / vec2(textureSize(u_texture, 0))).a;
}

void main() {
    vec2 texel = floor(gl_FragCoord.xy - u_origin - u_offset);
    float sum = 0.0;
    float weights = 0.0;
    for (int i = -u_radius; i <= u_radius; i++) {
        float d = float(i);
        float w = u_radius == 0 ? 1.0 : exp(-d * d / (2.0 * u_sigma * u_sigma));
        sum += w * alphaAt(texel + u_direction * d);
        weights += w;
    }
    o_color = u_color * (sum / weights);
}
