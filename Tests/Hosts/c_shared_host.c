/* A C host that keeps Strata out of its context: strata_compositor_create_shared gives Strata a
 * context of its own sharing this one's objects, and Strata draws into the host's texture.
 * Checks the host's state is untouched, Strata's pixels arrive, and a framebuffer object is
 * refused with a message. Exit 0 when every check passes. */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <stdio.h>
#include <string.h>
#include "strata.h"
#include "host_gl.h"

static int failures = 0;
#define CHECK(cond, ...) do { if (cond) { printf("ok "); printf(__VA_ARGS__); printf("\n"); } \
    else { failures++; fprintf(stderr, "c_shared_host: FAIL "); fprintf(stderr, __VA_ARGS__); fprintf(stderr, "\n"); } } while (0)

int main(void) {
    EGLContext context;
    EGLDisplay display = host_make_current_context(&context);

    /* The host's texture, cleared to blue through its own framebuffer. */
    GLuint texture;
    GLuint fbo = host_make_target(64, &texture);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glViewport(3, 5, 7, 11);
    glEnable(GL_CULL_FACE);

    strata_compositor *strata = strata_compositor_create_shared();
    CHECK(strata != NULL, "strata_compositor_create_shared (%s)", strata ? "" : strata_last_error());
    if (!strata) return 1;
    CHECK(eglGetCurrentContext() == context, "the host's context is current after creation");
    strata_layer root = strata_layer_create(strata);
    strata_layer_set_bounds(strata, root, 0, 0, 32, 32);
    strata_layer_set_position(strata, root, 16, 16);
    strata_layer_set_background_color(strata, root, 1, 0, 0, 1);
    strata_layer_set_corner_radius(strata, root, 6);
    strata_layer_set_masks_to_bounds(strata, root, true);
    strata_set_root(strata, root);
    /* A single-sided layer turned to face away (not drawn), and a container whose sublayer
     * transform halves its 16-point child about the container's centre. */
    strata_layer away = strata_layer_create(strata);
    strata_layer_set_bounds(strata, away, 0, 0, 8, 8);
    strata_layer_set_position(strata, away, 8, 8);
    strata_layer_set_background_color(strata, away, 0, 1, 0, 1);
    const double turned[16] = {-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1};
    strata_layer_set_transform(strata, away, turned);
    CHECK(strata_layer_set_double_sided(strata, away, false) == STRATA_OK, "strata_layer_set_double_sided");
    strata_layer_add_sublayer(strata, root, away);
    strata_layer container = strata_layer_create(strata);
    strata_layer_set_bounds(strata, container, 0, 0, 16, 16);
    strata_layer_set_position(strata, container, 24, 24);
    const double half[16] = {0.5, 0, 0, 0, 0, 0.5, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    CHECK(strata_layer_set_sublayer_transform(strata, container, half) == STRATA_OK, "strata_layer_set_sublayer_transform");
    strata_layer_add_sublayer(strata, root, container);
    strata_layer child = strata_layer_create(strata);
    strata_layer_set_bounds(strata, child, 0, 0, 16, 16);
    strata_layer_set_position(strata, child, 8, 8);
    strata_layer_set_background_color(strata, child, 0, 0, 1, 1);
    strata_layer_add_sublayer(strata, container, child);
    CHECK(strata_layer_set_contents_gravity(strata, child, 42) == STRATA_ERROR_INVALID_ARGUMENT, "a gravity out of range is refused: %s", strata_last_error());
    CHECK(strata_hit_test(strata, 24, 24) == child, "hit test at (24, 24): the halved child");
    CHECK(strata_hit_test(strata, 18, 18) == container, "hit test at (18, 18): the container (its child is halved away from there)");

    strata_status s = strata_render(strata, fbo, 0, 0, 64, 64, 1, -1);
    CHECK(s == STRATA_ERROR_INVALID_ARGUMENT && strstr(strata_last_error(), "strata_render_to_texture"),
          "strata_render with a framebuffer object in shared mode is refused: %s", strata_last_error());
    s = strata_render_to_texture(strata, texture, 0, 32, 32, 32, 1, -1);   /* the texture's top-left quarter */
    CHECK(s == STRATA_OK, "strata_render_to_texture (%s)", s == STRATA_OK ? "" : strata_last_error());
    CHECK(eglGetCurrentContext() == context, "the host's context is current after rendering");

    GLint viewport[4], bound, cull = glIsEnabled(GL_CULL_FACE);
    glGetIntegerv(GL_VIEWPORT, viewport);
    glGetIntegerv(GL_FRAMEBUFFER_BINDING, &bound);
    CHECK(viewport[0] == 3 && viewport[1] == 5 && viewport[2] == 7 && viewport[3] == 11, "the host's viewport is untouched");
    CHECK(bound == (GLint)fbo && cull, "the host's framebuffer binding and cull face are untouched");

    unsigned char px[4];
    glReadPixels(16, 48, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);   /* the layer's centre (GL rows) */
    CHECK(px[0] == 255 && px[1] == 0 && px[2] == 0, "Strata's red layer at the texture's top-left quarter: %d %d %d", px[0], px[1], px[2]);
    glReadPixels(8, 63 - 8, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);   /* root point (8, 8) */
    CHECK(px[0] == 255 && px[1] == 0 && px[2] == 0, "the single-sided layer facing away is not drawn (root red at (8, 8)): %d %d %d", px[0], px[1], px[2]);
    glReadPixels(24, 63 - 24, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(px[0] == 0 && px[1] == 0 && px[2] == 255, "the halved child at root point (24, 24), blue: %d %d %d", px[0], px[1], px[2]);
    glReadPixels(18, 63 - 18, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(px[0] == 255 && px[1] == 0 && px[2] == 0, "root red at (18, 18), outside the halved child: %d %d %d", px[0], px[1], px[2]);
    glReadPixels(48, 16, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(px[0] == 0 && px[1] == 0 && px[2] == 255, "the host's blue elsewhere: %d %d %d", px[0], px[1], px[2]);
    glReadPixels(0, 63, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(px[2] > 200 && px[0] < 60, "the rounded corner shows the host's blue: %d %d %d", px[0], px[1], px[2]);

    CHECK(strata_compositor_destroy(strata) == STRATA_OK, "strata_compositor_destroy");
    s = strata_render_to_texture(strata, texture, 0, 0, 64, 64, 1, -1);
    CHECK(s == STRATA_ERROR_DESTROYED, "a call after destroy = STRATA_ERROR_DESTROYED (%d): %s", (int)s, strata_last_error());
    CHECK(strata_layer_create(strata) == 0, "strata_layer_create after destroy returns 0");
    CHECK(eglGetCurrentContext() == context, "the host's context is current after destroy");
    glDeleteFramebuffers(1, &fbo);
    glDeleteTextures(1, &texture);
    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(display, context);
    return failures == 0 ? 0 : 1;
}
