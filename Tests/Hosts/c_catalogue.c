/* The bad-input catalogue of the C interface: each call a C user could get wrong, run against a
 * compositor in this program's own EGL context. Prints one line per case,
 *   name|status|message
 * for HostProgramTests to compare with its table, then checks that the tree still renders the
 * same picture (nothing a refused call changed). Exit 0 when the run completed. */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "strata.h"
#include "host_gl.h"

static void report(const char *name, strata_status status) {
    printf("%s|%d|%s\n", name, (int)status, status == STRATA_OK ? "" : strata_last_error());
}

int main(void) {
    EGLContext context;
    host_make_current_context(&context);
    GLuint texture;
    GLuint fbo = host_make_target(16, &texture);

    strata_compositor *c = strata_compositor_create();
    if (!c) { fprintf(stderr, "c_catalogue: strata_compositor_create failed: %s\n", strata_last_error()); return 1; }
    strata_layer root = strata_layer_create(c), child = strata_layer_create(c);
    strata_layer_set_bounds(c, root, 0, 0, 16, 16);
    strata_layer_set_position(c, root, 8, 8);
    strata_layer_set_background_color(c, root, 1, 0, 0, 1);
    strata_layer_add_sublayer(c, root, child);
    strata_set_root(c, root);
    strata_layer released = strata_layer_create(c);
    strata_layer_release(c, released);
    const double identity[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    double bad_matrix[16];
    memcpy(bad_matrix, identity, sizeof bad_matrix);
    bad_matrix[5] = NAN;
    const uint8_t pixels[16] = {0};
    const double one = 1, pair[2] = {0, 0};

    printf("the version|0|%s\n", strata_version());
    report("NULL compositor", strata_set_root(NULL, root));
    report("layer 0", strata_layer_set_opacity(c, 0, 0.5f));
    report("a layer never made", strata_layer_set_opacity(c, 987654, 0.5f));
    report("a released layer", strata_layer_set_opacity(c, released, 0.5f));
    report("opacity NaN", strata_layer_set_opacity(c, root, NAN));
    report("opacity 2", strata_layer_set_opacity(c, root, 2));
    report("bounds with a negative width", strata_layer_set_bounds(c, root, 0, 0, -1, 16));
    report("position at infinity", strata_layer_set_position(c, root, INFINITY, 0));
    report("a transform holding NaN", strata_layer_set_transform(c, root, bad_matrix));
    report("a NULL transform", strata_layer_set_transform(c, root, NULL));
    report("a negative corner radius", strata_layer_set_corner_radius(c, root, -2));
    report("a colour component of 1.5", strata_layer_set_background_color(c, root, 1.5f, 0, 0, 1));
    report("a layer under itself", strata_layer_add_sublayer(c, root, root));
    report("a layer under its own sublayer", strata_layer_add_sublayer(c, child, root));
    report("a negative sublayer index", strata_layer_insert_sublayer(c, root, child, -1));
    report("NULL pixels", strata_layer_set_contents_rgba(c, root, 2, 2, NULL, 8));
    report("a stride below width x 4", strata_layer_set_contents_rgba(c, root, 2, 2, pixels, 4));
    report("contents 0 wide", strata_layer_set_contents_rgba(c, root, 0, 2, pixels, 8));
    report("a texture never made", strata_layer_set_contents_texture(c, root, 4242, 4, 4, true, false));
    report("a NULL EGLImage", strata_layer_set_contents_egl_image(c, root, NULL, 4, 4, true, false));
    report("an animation of 0 values", strata_layer_animate(c, root, STRATA_PROPERTY_OPACITY, &one, &one, 0, 1, STRATA_TIMING_LINEAR, -1, 1, false));
    report("an opacity animation given 2 values", strata_layer_animate(c, root, STRATA_PROPERTY_OPACITY, pair, pair, 2, 1, STRATA_TIMING_LINEAR, -1, 1, false));
    report("an animation of negative duration", strata_layer_animate(c, root, STRATA_PROPERTY_OPACITY, &one, &one, 1, -1, STRATA_TIMING_LINEAR, -1, 1, false));
    report("a repeat count of 0", strata_layer_animate(c, root, STRATA_PROPERTY_OPACITY, &one, &one, 1, 1, STRATA_TIMING_LINEAR, -1, 0, false));
    report("render with width 0", strata_render(c, fbo, 0, 0, 0, 16, 1, -1));
    report("render at scale 0", strata_render(c, fbo, 0, 0, 16, 16, 0, -1));
    report("render at time NaN", strata_render(c, fbo, 0, 0, 16, 16, 1, NAN));
    report("render into a framebuffer never made", strata_render(c, 777, 0, 0, 16, 16, 1, -1));
    report("render into texture 0", strata_render_to_texture(c, 0, 0, 0, 16, 16, 1, -1));
    report("render into a renderbuffer that is a texture", strata_render_to_renderbuffer(c, texture, 0, 0, 16, 16, 1, -1));
    report("a pointer event at NaN", strata_pointer_event(c, STRATA_POINTER_DOWN, NAN, 0, NULL));
    report("a pointer move with nothing down", strata_pointer_event(c, STRATA_POINTER_MOVE, 1, 1, NULL));
    report("key focus on a layer never made", strata_set_key_focus(c, 987654));
    report("a key phase of 3", strata_key_event(c, 3, 4, 0, "a", NULL, 0, NULL));
    report("a key of HID usage 0", strata_key_event(c, STRATA_KEY_DOWN, 0, 0, "", NULL, 0, NULL));
    report("a key of HID usage 165", strata_key_event(c, STRATA_KEY_DOWN, 165, 0, "", NULL, 0, NULL));
    report("modifier bit 1", strata_key_event(c, STRATA_KEY_DOWN, 4, 1, "a", NULL, 0, NULL));
    report("characters that are not UTF-8", strata_key_event(c, STRATA_KEY_DOWN, 4, 0, "\xff", NULL, 0, NULL));
    report("a key at time NaN", strata_key_event(c, STRATA_KEY_DOWN, 4, 0, "a", NULL, NAN, NULL));
    report("a key up of a key not down", strata_key_event(c, STRATA_KEY_UP, 4, 0, "a", NULL, 0, NULL));
    report("a key down of A at 1 s", strata_key_event(c, STRATA_KEY_DOWN, 4, 0, "a", NULL, 1, NULL));
    report("a key down of A again", strata_key_event(c, STRATA_KEY_DOWN, 4, 0, "a", NULL, 1, NULL));
    report("a key up of A at 0.5 s, before the last", strata_key_event(c, STRATA_KEY_UP, 4, 0, "a", NULL, 0.5, NULL));
    report("committed text NULL", strata_text_event(c, STRATA_TEXT_COMMIT, NULL, 0, 0, 1, NULL));
    report("marked text that is not UTF-8", strata_text_event(c, STRATA_TEXT_COMPOSE, "\xc3(", 0, 0, 1, NULL));
    report("a marked range past the text", strata_text_event(c, STRATA_TEXT_COMPOSE, "ab", 1, 2, 1, NULL));
    report("a text phase of -1", strata_text_event(c, -1, "ab", 0, 0, 1, NULL));

    /* Not bad input, but a stress the interface must take in linear time: a chain 100,000 levels
     * deep built from the top (each new layer under the last), then released from the top. */
    {
        enum { DEPTH = 100000 };
        static strata_layer chain[DEPTH];
        strata_status worst = STRATA_OK;
        for (int i = 0; i < DEPTH; i++) {
            chain[i] = strata_layer_create(c);
            if (i > 0) {
                strata_status st = strata_layer_add_sublayer(c, chain[i - 1], chain[i]);
                if (st != STRATA_OK) worst = st;
            }
        }
        strata_status cycle = strata_layer_add_sublayer(c, chain[DEPTH - 1], chain[0]);
        for (int i = 0; i < DEPTH; i++) {
            strata_status st = strata_layer_release(c, chain[i]);
            if (st != STRATA_OK) worst = st;
        }
        printf("a 100,000-level chain built and released|%d|\n", (int)worst);
        report("the chain's top added under its bottom", cycle);
    }

    /* Nothing refused changed the tree: the root is still a red 16-point square. */
    strata_status s = strata_render(c, fbo, 0, 0, 16, 16, 1, -1);
    uint8_t centre[4] = {0};
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glReadPixels(8, 8, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, centre);
    printf("after|%d|centre %d %d %d %d\n", (int)s, centre[0], centre[1], centre[2], centre[3]);
    /* A chain 100,000 levels deep under the root, each level 8 points square at the centre of the
     * one above it, the innermost green: rendered, hit at the centre, then left in the tree for
     * destroy to free (on this thread's 8 MiB stack, as every call here). */
    {
        enum { DEPTH = 100000 };
        static strata_layer chain[DEPTH];
        strata_status worst = STRATA_OK;
        strata_layer parent = root;
        for (int i = 0; i < DEPTH; i++) {
            chain[i] = strata_layer_create(c);
            strata_status st[3] = {
                strata_layer_set_bounds(c, chain[i], 0, 0, 8, 8),
                strata_layer_set_position(c, chain[i], i == 0 ? 8 : 4, i == 0 ? 8 : 4),
                strata_layer_add_sublayer(c, parent, chain[i]),
            };
            for (int k = 0; k < 3; k++) if (st[k] != STRATA_OK) worst = st[k];
            parent = chain[i];
        }
        strata_status colour = strata_layer_set_background_color(c, chain[DEPTH - 1], 0, 1, 0, 1);
        if (colour != STRATA_OK) worst = colour;
        strata_status drawn = strata_render(c, fbo, 0, 0, 16, 16, 1, -1);
        uint8_t middle[4] = {0}, corner[4] = {0};
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glReadPixels(8, 8, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, middle);
        glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, corner);
        strata_layer received = 0;
        strata_status down = strata_pointer_event(c, STRATA_POINTER_DOWN, 8, 8, &received);
        strata_status up = strata_pointer_event(c, STRATA_POINTER_UP, 8, 8, NULL);
        if (down != STRATA_OK) worst = down;
        if (up != STRATA_OK) worst = up;
        printf("a 100,000-level chain under the root|%d|built %d, centre %d %d %d %d, corner %d %d %d %d, the innermost hit %d\n",
               (int)drawn, (int)worst, middle[0], middle[1], middle[2], middle[3], corner[0], corner[1], corner[2], corner[3],
               received == chain[DEPTH - 1]);
    }

    report("destroy", strata_compositor_destroy(c));
    report("a call after destroy", strata_layer_set_opacity(c, root, 0.5f));
    return 0;
}
