/*
 * c_host.c — a C host application that embeds Strata through strata.h.
 *
 * It owns everything GL: a surfaceless EGL display, a configless OpenGL ES 3 context, a 128×128
 * framebuffer object (RGBA8 colour + DEPTH24_STENCIL8), its own shader program, VBO and VAO. Each
 * frame it draws its own scene (dark blue clear, a yellow band over the bottom 48 rows drawn with
 * glDrawArrays), lets Strata draw its layer tree into the viewport (32, 32, 64, 64) at scale 2,
 * then draws a translucent magenta quad at the top-right corner with its own program and VAO
 * *without binding anything again* — which only lands right if Strata restored the host's state.
 *
 * Build (from the repository root):
 *   cc -std=c11 -O1 -Wall -I Sources/StrataC/include Tests/Hosts/c_host.c -L .build/debug -lStrataC \
 *      -Wl,-rpath,$PWD/.build/debug -lEGL -lGLESv2 -o /tmp/c_host
 *   (no -lm needed; builds with gcc or clang at any -O level)
 * Run:  /tmp/c_host        (exit 0: every check passed; one line per passed check on stdout;
 *                           a failed check is described on stderr and the exit status is 1)
 *
 * Coordinates: Strata's root is 32×32 points (y down, top-left origin) shown at scale 2 in the
 * viewport whose lower-left corner is GL pixel (32, 32). Point (px, py) lands on GL pixel
 * x = 32 + 2·px, y = 96 − 2·py (glReadPixels rows count from the bottom).
 */
#define _POSIX_C_SOURCE 200809L
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <math.h> /* NAN, isfinite: macros, no libm needed */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strata.h"

#ifndef EGL_PLATFORM_SURFACELESS_MESA
#define EGL_PLATFORM_SURFACELESS_MESA 0x31DD
#endif
#ifndef EGL_NO_CONFIG_KHR
#define EGL_NO_CONFIG_KHR ((EGLConfig)0)
#endif

enum { FB_SIZE = 128, VP_X = 32, VP_Y = 32, VP_W = 64, VP_H = 64 };
static const double SCALE = 2.0;

static int passed = 0;

static void fail(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "c_host: FAIL ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    fprintf(stderr, "c_host: %d checks passed before this failure\n", passed);
    exit(1);
}

static void pass(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    printf("ok ");
    vprintf(fmt, ap);
    printf("\n");
    fflush(stdout);
    va_end(ap);
    passed++;
}

/* A Strata call that must succeed. */
static void expect_ok(strata_status s, const char *what) {
    if (s != STRATA_OK) fail("%s: expected STRATA_OK, got status %d (%s)", what, (int)s, strata_last_error());
}

static void expect_gl_clean(const char *where) {
    GLenum e = glGetError();
    if (e != GL_NO_ERROR) fail("GL error 0x%04x after %s (host code)", e, where);
}

/* ---- The host's own drawing -------------------------------------------------------------- */

static const char *VS =
    "#version 300 es\n"
    "layout(location = 0) in vec2 a_pos;\n"
    "layout(location = 1) in vec4 a_color;\n"
    "out vec4 v_color;\n"
    "void main() { v_color = a_color; gl_Position = vec4(a_pos, 0.0, 1.0); }\n";
static const char *FS =
    "#version 300 es\n"
    "precision mediump float;\n"
    "in vec4 v_color;\n"
    "out vec4 o_color;\n"
    "void main() { o_color = v_color; }\n";

static GLuint compile(GLenum type, const char *src) {
    GLuint s = glCreateShader(type);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[1024];
        glGetShaderInfoLog(s, sizeof log, NULL, log);
        fail("host shader did not compile: %s", log);
    }
    return s;
}

static double ndc_x(int px) { return px * 2.0 / FB_SIZE - 1.0; }
static double ndc_y(int py) { return py * 2.0 / FB_SIZE - 1.0; }

/* Two counter-clockwise triangles covering GL pixels x0..x1, y0..y1, one colour. */
static float *quad(float *v, int x0, int y0, int x1, int y1, float r, float g, float b, float a) {
    const float xs[6] = {(float)ndc_x(x0), (float)ndc_x(x1), (float)ndc_x(x1), (float)ndc_x(x0), (float)ndc_x(x1), (float)ndc_x(x0)};
    const float ys[6] = {(float)ndc_y(y0), (float)ndc_y(y0), (float)ndc_y(y1), (float)ndc_y(y0), (float)ndc_y(y1), (float)ndc_y(y1)};
    for (int i = 0; i < 6; i++) {
        *v++ = xs[i]; *v++ = ys[i];
        *v++ = r; *v++ = g; *v++ = b; *v++ = a;
    }
    return v;
}

/* Host content, GL pixel coordinates. */
enum { YELLOW_TOP = 48 };                      /* yellow band: rows 0..47, full width */
enum { MAG_X0 = 104, MAG_Y0 = 104, MAG_X1 = 124, MAG_Y1 = 124 }; /* magenta, drawn after Strata */

typedef struct {
    GLuint program, vao, vbo, fbo, color_rb, depth_rb, unit0_tex, unit3_tex, contents_tex;
} host_gl;

static void host_setup(host_gl *h) {
    /* Framebuffer object 128×128: RGBA8 colour and DEPTH24_STENCIL8 renderbuffers. */
    glGenFramebuffers(1, &h->fbo);
    glGenRenderbuffers(1, &h->color_rb);
    glGenRenderbuffers(1, &h->depth_rb);
    glBindRenderbuffer(GL_RENDERBUFFER, h->color_rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, FB_SIZE, FB_SIZE);
    glBindRenderbuffer(GL_RENDERBUFFER, h->depth_rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, FB_SIZE, FB_SIZE);
    glBindFramebuffer(GL_FRAMEBUFFER, h->fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, h->color_rb);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, h->depth_rb);
    GLenum st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    if (st != GL_FRAMEBUFFER_COMPLETE) fail("host framebuffer incomplete: 0x%04x", st);

    /* Program. */
    h->program = glCreateProgram();
    glAttachShader(h->program, compile(GL_VERTEX_SHADER, VS));
    glAttachShader(h->program, compile(GL_FRAGMENT_SHADER, FS));
    glLinkProgram(h->program);
    GLint ok = 0;
    glGetProgramiv(h->program, GL_LINK_STATUS, &ok);
    if (!ok) fail("host program did not link");

    /* VBO: vertices 0..5 the yellow band, 6..11 the magenta quad (50 % alpha, straight alpha). */
    float data[12 * 6];
    float *v = quad(data, 0, 0, FB_SIZE, YELLOW_TOP, 1, 1, 0, 1);
    quad(v, MAG_X0, MAG_Y0, MAG_X1, MAG_Y1, 1, 0, 1, 0.5f);
    glGenVertexArrays(1, &h->vao);
    glBindVertexArray(h->vao);
    glGenBuffers(1, &h->vbo);
    glBindBuffer(GL_ARRAY_BUFFER, h->vbo);
    glBufferData(GL_ARRAY_BUFFER, sizeof data, data, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 6 * sizeof(float), (void *)0);
    glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 6 * sizeof(float), (void *)(2 * sizeof(float)));
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);

    /* Textures the host keeps bound (unit 0 and unit 3), to see they stay bound. */
    const uint8_t grey[4] = {90, 90, 90, 255};
    glGenTextures(1, &h->unit0_tex);
    glBindTexture(GL_TEXTURE_2D, h->unit0_tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, grey);
    glGenTextures(1, &h->unit3_tex);
    glBindTexture(GL_TEXTURE_2D, h->unit3_tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, grey);

    /* The texture whose contents a Strata layer shows: 4×4, rows 0–1 orange, rows 2–3 purple
     * (row 0 first in memory = the picture's top: top_row_first = true), opaque. */
    uint8_t texels[4 * 4 * 4];
    for (int row = 0; row < 4; row++)
        for (int col = 0; col < 4; col++) {
            uint8_t *p = texels + (row * 4 + col) * 4;
            if (row < 2) { p[0] = 255; p[1] = 128; p[2] = 0; }
            else { p[0] = 128; p[1] = 0; p[2] = 255; }
            p[3] = 255;
        }
    glGenTextures(1, &h->contents_tex);
    glBindTexture(GL_TEXTURE_2D, h->contents_tex);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);

    /* The host's own state while it draws, deliberately not GL's defaults. */
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, h->unit0_tex);
    glActiveTexture(GL_TEXTURE3);
    glBindTexture(GL_TEXTURE_2D, h->unit3_tex);
    glUseProgram(h->program);
    glBindVertexArray(h->vao);
    glBindBuffer(GL_ARRAY_BUFFER, h->vbo);
    glBindFramebuffer(GL_FRAMEBUFFER, h->fbo);
    glViewport(0, 0, FB_SIZE, FB_SIZE);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA); /* straight alpha, not Strata's premultiplied */
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, FB_SIZE, FB_SIZE);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LEQUAL);
    glEnable(GL_CULL_FACE);
    glCullFace(GL_BACK);
    glClearColor(0.0f, 0.0f, 0.2f, 1.0f);
    glClearDepthf(1.0f);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    expect_gl_clean("host setup");
}

/* The host's drawing before Strata: clear to dark blue, the yellow band with a real draw. */
static void host_draw_before(void) {
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    expect_gl_clean("host draw before Strata");
}

/* The host's drawing after Strata: nothing re-bound — program, VAO, buffer, viewport, blend… are
 * whatever Strata left, which must be the host's own. */
static void host_draw_after(void) {
    glDrawArrays(GL_TRIANGLES, 6, 6);
    expect_gl_clean("host draw after Strata (relies on restored state)");
}

/* ---- GL state snapshot ------------------------------------------------------------------- */

typedef struct {
    const char *name;
    GLint v[4];
    int n;
} state_value;

enum { MAX_STATE = 48 };
typedef struct {
    state_value s[MAX_STATE];
    int count;
} gl_state;

static void put(gl_state *st, const char *name, GLenum pname, int n) {
    state_value *sv = &st->s[st->count++];
    sv->name = name;
    sv->n = n;
    memset(sv->v, 0, sizeof sv->v);
    glGetIntegerv(pname, sv->v);
}

static void put_bool(gl_state *st, const char *name, GLenum cap) {
    state_value *sv = &st->s[st->count++];
    sv->name = name;
    sv->n = 1;
    memset(sv->v, 0, sizeof sv->v);
    sv->v[0] = glIsEnabled(cap);
}

static void capture(gl_state *st) {
    st->count = 0;
    put(st, "GL_VIEWPORT", GL_VIEWPORT, 4);
    put(st, "GL_CURRENT_PROGRAM", GL_CURRENT_PROGRAM, 1);
    put_bool(st, "GL_BLEND enabled", GL_BLEND);
    put(st, "GL_BLEND_SRC_RGB", GL_BLEND_SRC_RGB, 1);
    put(st, "GL_BLEND_DST_RGB", GL_BLEND_DST_RGB, 1);
    put(st, "GL_BLEND_SRC_ALPHA", GL_BLEND_SRC_ALPHA, 1);
    put(st, "GL_BLEND_DST_ALPHA", GL_BLEND_DST_ALPHA, 1);
    put(st, "GL_BLEND_EQUATION_RGB", GL_BLEND_EQUATION_RGB, 1);
    put_bool(st, "GL_SCISSOR_TEST enabled", GL_SCISSOR_TEST);
    put(st, "GL_SCISSOR_BOX", GL_SCISSOR_BOX, 4);
    put(st, "GL_ACTIVE_TEXTURE", GL_ACTIVE_TEXTURE, 1);
    put(st, "GL_DRAW_FRAMEBUFFER_BINDING", GL_DRAW_FRAMEBUFFER_BINDING, 1);
    put(st, "GL_READ_FRAMEBUFFER_BINDING", GL_READ_FRAMEBUFFER_BINDING, 1);
    put(st, "GL_RENDERBUFFER_BINDING", GL_RENDERBUFFER_BINDING, 1);
    put(st, "GL_VERTEX_ARRAY_BINDING", GL_VERTEX_ARRAY_BINDING, 1);
    put(st, "GL_ARRAY_BUFFER_BINDING", GL_ARRAY_BUFFER_BINDING, 1);
    put(st, "GL_ELEMENT_ARRAY_BUFFER_BINDING", GL_ELEMENT_ARRAY_BUFFER_BINDING, 1);
    put(st, "GL_UNIFORM_BUFFER_BINDING", GL_UNIFORM_BUFFER_BINDING, 1);
    put(st, "GL_PIXEL_UNPACK_BUFFER_BINDING", GL_PIXEL_UNPACK_BUFFER_BINDING, 1);
    put(st, "GL_TEXTURE_BINDING_2D (active unit)", GL_TEXTURE_BINDING_2D, 1);
    put_bool(st, "GL_DEPTH_TEST enabled", GL_DEPTH_TEST);
    put(st, "GL_DEPTH_FUNC", GL_DEPTH_FUNC, 1);
    put(st, "GL_DEPTH_WRITEMASK", GL_DEPTH_WRITEMASK, 1);
    put_bool(st, "GL_STENCIL_TEST enabled", GL_STENCIL_TEST);
    put(st, "GL_STENCIL_WRITEMASK", GL_STENCIL_WRITEMASK, 1);
    put_bool(st, "GL_CULL_FACE enabled", GL_CULL_FACE);
    put(st, "GL_CULL_FACE_MODE", GL_CULL_FACE_MODE, 1);
    put(st, "GL_FRONT_FACE", GL_FRONT_FACE, 1);
    put(st, "GL_COLOR_WRITEMASK", GL_COLOR_WRITEMASK, 4);
    put(st, "GL_UNPACK_ALIGNMENT", GL_UNPACK_ALIGNMENT, 1);
    put(st, "GL_PACK_ALIGNMENT", GL_PACK_ALIGNMENT, 1);
    put(st, "GL_UNPACK_ROW_LENGTH", GL_UNPACK_ROW_LENGTH, 1);
    /* Float state as integers scaled by glGetIntegerv's rule for colours: compare exactly. */
    put(st, "GL_COLOR_CLEAR_VALUE", GL_COLOR_CLEAR_VALUE, 4);
    put(st, "GL_DEPTH_CLEAR_VALUE", GL_DEPTH_CLEAR_VALUE, 1);
    /* Per-unit bindings: unit 0's texture and sampler, then back to the active unit. */
    GLint active = 0;
    glGetIntegerv(GL_ACTIVE_TEXTURE, &active);
    glActiveTexture(GL_TEXTURE0);
    put(st, "GL_TEXTURE_BINDING_2D (unit 0)", GL_TEXTURE_BINDING_2D, 1);
    put(st, "GL_SAMPLER_BINDING (unit 0)", GL_SAMPLER_BINDING, 1);
    glActiveTexture(GL_TEXTURE3);
    put(st, "GL_TEXTURE_BINDING_2D (unit 3)", GL_TEXTURE_BINDING_2D, 1);
    glActiveTexture((GLenum)active);
    /* Vertex attribute 0 and 1 of the host's VAO. */
    GLint a0 = 0, a1 = 0;
    glGetVertexAttribiv(0, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &a0);
    glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &a1);
    state_value *sv = &st->s[st->count++];
    sv->name = "vertex attrib arrays 0,1 enabled (bound VAO)";
    sv->n = 2;
    memset(sv->v, 0, sizeof sv->v);
    sv->v[0] = a0;
    sv->v[1] = a1;
}

static void compare_state(const gl_state *before, const gl_state *after, const char *around) {
    for (int i = 0; i < before->count; i++) {
        const state_value *a = &before->s[i], *b = &after->s[i];
        if (memcmp(a->v, b->v, sizeof a->v) != 0)
            fail("GL state %s changed by %s: expected (%d, %d, %d, %d) [first %d meaningful], actual (%d, %d, %d, %d)",
                 a->name, around, a->v[0], a->v[1], a->v[2], a->v[3], a->n, b->v[0], b->v[1], b->v[2], b->v[3]);
        pass("GL state %s unchanged by %s", a->name, around);
    }
}

/* ---- Pixels ------------------------------------------------------------------------------ */

static uint8_t pixels[FB_SIZE * FB_SIZE * 4];

static void read_back(GLuint fbo) {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
    glReadPixels(0, 0, FB_SIZE, FB_SIZE, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    expect_gl_clean("glReadPixels");
}

/* One host frame with Strata in it: the host draws, Strata renders at `time` (state compared
 * around the call), the host draws on top without re-binding anything, and the pixels are read. */
static void host_frame(strata_compositor *c, GLuint fbo, double time, const char *what) {
    gl_state before, after;
    host_draw_before();
    capture(&before);
    expect_ok(strata_render(c, fbo, VP_X, VP_Y, VP_W, VP_H, SCALE, time), what);
    capture(&after);
    compare_state(&before, &after, what);
    host_draw_after();
    read_back(fbo);
}

/* Checks the GL pixel (x, y) (y from the bottom) against r, g, b within `tol` per channel. */
static void expect_pixel(const char *frame, const char *what, int x, int y, int r, int g, int b, int tol) {
    const uint8_t *p = pixels + ((size_t)y * FB_SIZE + x) * 4;
    if (abs(p[0] - r) > tol || abs(p[1] - g) > tol || abs(p[2] - b) > tol)
        fail("%s: pixel check '%s' at GL pixel (%d, %d) [image row %d from the top]: expected rgb(%d, %d, %d) ±%d, actual rgba(%d, %d, %d, %d)",
             frame, what, x, y, FB_SIZE - 1 - y, r, g, b, tol, p[0], p[1], p[2], p[3]);
    pass("%s: %s at GL pixel (%d, %d) = rgb(%d, %d, %d)", frame, what, x, y, p[0], p[1], p[2]);
}

/* The GL pixel showing Strata's root point (px, py). */
/* Points here are never negative, so truncation is floor (and no libm is needed). */
static int gl_x(double px) { return VP_X + (int)(px * SCALE); }
static int gl_y(double py) { return VP_Y + VP_H - 1 - (int)(py * SCALE); }

static void expect_point(const char *frame, const char *what, double px, double py, int r, int g, int b, int tol) {
    char label[256];
    snprintf(label, sizeof label, "%s (root point %.2f, %.2f)", what, px, py);
    expect_pixel(frame, label, gl_x(px), gl_y(py), r, g, b, tol);
}

static double dabs(double v) { return v < 0 ? -v : v; }

/* ---- Pointer callback -------------------------------------------------------------------- */

typedef struct {
    int calls;
    strata_layer layer;
    strata_pointer_phase phase;
    double x, y;
    void *user_data;
} pointer_log;

static void on_pointer(void *user_data, strata_layer layer, strata_pointer_phase phase, double x, double y) {
    pointer_log *log = user_data;
    log->calls++;
    log->layer = layer;
    log->phase = phase;
    log->x = x;
    log->y = y;
    log->user_data = user_data;
}

/* ---- Key and text callbacks -------------------------------------------------------------- */

typedef struct {
    int keys, texts;
    strata_layer layer;
    int phase;
    uint32_t usage, modifiers;
    char characters[64], plain[64], text[64];
    int32_t location, length;
    double timestamp;
} key_log;

static void on_key(void *user_data, strata_layer layer, strata_key_phase phase, uint32_t usage, uint32_t modifiers,
                   const char *characters, const char *plain, double timestamp) {
    key_log *log = user_data;
    log->keys++;
    log->layer = layer;
    log->phase = (int)phase;
    log->usage = usage;
    log->modifiers = modifiers;
    snprintf(log->characters, sizeof log->characters, "%s", characters);
    snprintf(log->plain, sizeof log->plain, "%s", plain);
    log->timestamp = timestamp;
}

static void on_text(void *user_data, strata_layer layer, strata_text_phase phase, const char *text, int32_t location,
                    int32_t length, double timestamp) {
    key_log *log = user_data;
    log->texts++;
    log->layer = layer;
    log->phase = (int)phase;
    snprintf(log->text, sizeof log->text, "%s", text);
    log->location = location;
    log->length = length;
    log->timestamp = timestamp;
}

/* Keys and text to a focused layer: delivered with their values, refused whole when malformed. */
static void check_keys(strata_compositor *c, strata_layer focus, strata_layer released) {
    key_log log;
    memset(&log, 0, sizeof log);
    strata_layer received = 99;
    expect_ok(strata_set_key_callback(c, on_key, &log), "strata_set_key_callback");
    expect_ok(strata_set_text_callback(c, on_text, &log), "strata_set_text_callback");
    expect_ok(strata_key_event(c, STRATA_KEY_DOWN, 4, 0, "a", NULL, 1.0, &received), "strata_key_event with no focus");
    if (received != 0 || log.keys != 0) fail("a key with no focus: expected *received = 0 and no callback, got %llu and %d calls", (unsigned long long)received, log.keys);
    expect_ok(strata_key_event(c, STRATA_KEY_UP, 4, 0, "a", NULL, 1.01, NULL), "strata_key_event UP with no focus");
    pass("keys with no focused layer: accepted, *received = 0, no callback");
    if (strata_set_key_focus(c, released) != STRATA_ERROR_UNKNOWN_LAYER) fail("strata_set_key_focus(a released layer): expected STRATA_ERROR_UNKNOWN_LAYER");
    expect_ok(strata_set_key_focus(c, focus), "strata_set_key_focus");
    if (strata_key_focus(c) != focus) fail("strata_key_focus: expected %llu, got %llu", (unsigned long long)focus, (unsigned long long)strata_key_focus(c));
    expect_ok(strata_key_event(c, STRATA_KEY_DOWN, 4, STRATA_MODIFIER_SHIFT, "A", NULL, 2.0, &received), "strata_key_event DOWN Shift-A");
    if (received != focus || log.keys != 1 || log.layer != focus || log.phase != STRATA_KEY_DOWN || log.usage != 4 ||
        log.modifiers != (1u << 17) || strcmp(log.characters, "A") != 0 || strcmp(log.plain, "a") != 0 || log.timestamp != 2.0)
        fail("Shift-A down: expected the focus, DOWN, 4, 0x20000, \"A\", \"a\", 2.0; got %d calls (layer %llu, phase %d, %u, 0x%x, \"%s\", \"%s\", %g)",
             log.keys, (unsigned long long)log.layer, log.phase, log.usage, log.modifiers, log.characters, log.plain, log.timestamp);
    expect_ok(strata_key_event(c, STRATA_KEY_REPEAT, 4, STRATA_MODIFIER_SHIFT, "A", "a", 2.5, NULL), "strata_key_event REPEAT");
    expect_ok(strata_key_event(c, STRATA_KEY_UP, 4, STRATA_MODIFIER_SHIFT, "", "", 2.5, NULL), "strata_key_event UP at the same time");
    if (log.keys != 3 || log.phase != STRATA_KEY_UP || strcmp(log.characters, "") != 0) fail("Shift-A repeat and up: expected 3 calls ending UP with \"\"; got %d, phase %d", log.keys, log.phase);
    pass("Shift-A down, repeat, up reached the focused layer: usage 4, modifiers 0x20000, \"A\" / \"a\"");
    expect_ok(strata_text_event(c, STRATA_TEXT_COMPOSE, "\xe3\x81\xab\xf0\x9f\x98\x80", 1, 2, 3.0, &received), "strata_text_event COMPOSE");
    if (received != focus || log.texts != 1 || log.phase != STRATA_TEXT_COMPOSE || strcmp(log.text, "\xe3\x81\xab\xf0\x9f\x98\x80") != 0 || log.location != 1 || log.length != 2)
        fail("compose: expected the marked text with range {1, 2}; got %d calls, phase %d, {%d, %d}", log.texts, log.phase, log.location, log.length);
    expect_ok(strata_text_event(c, STRATA_TEXT_COMMIT, "\xe6\x97\xa5", 0, 0, 3.1, NULL), "strata_text_event COMMIT");
    if (log.texts != 2 || log.phase != STRATA_TEXT_COMMIT || log.location != 1 || log.length != 0) fail("commit: expected the caret after the text {1, 0}; got {%d, %d}", log.location, log.length);
    expect_ok(strata_text_event(c, STRATA_TEXT_CANCEL, NULL, 7, 7, 3.2, NULL), "strata_text_event CANCEL");
    if (log.texts != 3 || log.phase != STRATA_TEXT_CANCEL || strcmp(log.text, "") != 0 || log.location != 0) fail("cancel: expected \"\" and {0, 0}");
    pass("text compose (2 UTF-16 units selected of 3), commit (caret {1, 0}), cancel reached the focused layer");

    /* Refused whole: nothing changes, no callback. */
    struct { const char *what; strata_status status; } refused[] = {
        {"an unknown HID usage", strata_key_event(c, STRATA_KEY_DOWN, 0xA5, 0, "", NULL, 4.0, NULL)},
        {"undefined modifier bits", strata_key_event(c, STRATA_KEY_DOWN, 5, 1, "", NULL, 4.0, NULL)},
        {"invalid UTF-8", strata_key_event(c, STRATA_KEY_DOWN, 5, 0, "\xc3", NULL, 4.0, NULL)},
        {"an up of a key not down", strata_key_event(c, STRATA_KEY_UP, 5, 0, "", NULL, 4.0, NULL)},
        {"time going backwards", strata_key_event(c, STRATA_KEY_DOWN, 5, 0, "", NULL, 3.0, NULL)},
        {"a marked range outside the text", strata_text_event(c, STRATA_TEXT_COMPOSE, "ab", 2, 1, 4.0, NULL)},
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
        if (refused[i].status != STRATA_ERROR_INVALID_ARGUMENT) fail("%s: expected STRATA_ERROR_INVALID_ARGUMENT, got %d", refused[i].what, (int)refused[i].status);
    if (log.keys != 3 || log.texts != 3) fail("a refused event reached the callback: %d keys, %d texts", log.keys, log.texts);
    /* Key 5 never went down, and time 3.2 is still the last: a down of 5 at 3.2 is accepted. */
    expect_ok(strata_key_event(c, STRATA_KEY_DOWN, 5, 0, "b", NULL, 3.2, NULL), "strata_key_event DOWN B after the refusals");
    expect_ok(strata_key_event(c, STRATA_KEY_UP, 5, 0, "b", NULL, 3.2, NULL), "strata_key_event UP B");
    pass("malformed keys and text refused whole (STRATA_ERROR_INVALID_ARGUMENT, no callback, nothing changed)");
    expect_ok(strata_layer_release(c, focus), "strata_layer_release(the focused layer)");
    if (strata_key_focus(c) != 0) fail("releasing the focused layer left it focused");
    pass("releasing the focused layer clears the focus");
}

/* ---- Main -------------------------------------------------------------------------------- */

static strata_layer make_layer(strata_compositor *c, strata_layer parent, double w, double h, double cx, double cy) {
    strata_layer l = strata_layer_create(c);
    if (l == 0) fail("strata_layer_create returned 0 (%s)", strata_last_error());
    expect_ok(strata_layer_set_bounds(c, l, 0, 0, w, h), "strata_layer_set_bounds");
    expect_ok(strata_layer_set_position(c, l, cx, cy), "strata_layer_set_position");
    if (parent) expect_ok(strata_layer_add_sublayer(c, parent, l), "strata_layer_add_sublayer");
    return l;
}

int main(void) {
    /* EGL: surfaceless Mesa display, configless OpenGL ES 3 context, no surface. */
    EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (dpy == EGL_NO_DISPLAY) fail("eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA) gave no display (0x%x)", eglGetError());
    EGLint major = 0, minor = 0;
    if (!eglInitialize(dpy, &major, &minor)) fail("eglInitialize failed (0x%x)", eglGetError());
    if (!eglBindAPI(EGL_OPENGL_ES_API)) fail("eglBindAPI(EGL_OPENGL_ES_API) failed (0x%x)", eglGetError());
    const EGLint ctx_attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE};
    EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, ctx_attribs);
    if (ctx == EGL_NO_CONTEXT) fail("eglCreateContext (configless, GLES 3) failed (0x%x)", eglGetError());
    if (!eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) fail("eglMakeCurrent (surfaceless) failed (0x%x)", eglGetError());
    pass("host EGL %d.%d surfaceless context: %s, %s", major, minor, glGetString(GL_VERSION), glGetString(GL_RENDERER));

    host_gl h;
    memset(&h, 0, sizeof h);
    host_setup(&h);

    /* Strata. */
    const char *version = strata_version();
    if (!version || !*version) fail("strata_version() is empty");
    pass("strata_version() = %s", version);
    gl_state before, after;
    capture(&before);
    strata_compositor *c = strata_compositor_create();
    if (!c) fail("strata_compositor_create returned NULL: %s", strata_last_error());
    pass("strata_compositor_create in the host's context");
    capture(&after);
    compare_state(&before, &after, "strata_compositor_create"); /* it made GL objects: state is the host's */

    /* Scene, in the root's points (32 × 32, y down). */
    strata_layer root = strata_layer_create(c);
    if (!root) fail("strata_layer_create (root) returned 0: %s", strata_last_error());
    expect_ok(strata_layer_set_bounds(c, root, 0, 0, 32, 32), "set_bounds(root, 0, 0, 32, 32)");
    expect_ok(strata_layer_set_position(c, root, 16, 16), "set_position(root, 16, 16)");
    expect_ok(strata_set_root(c, root), "strata_set_root");

    /* Red 10×10, frame (1, 1)–(11, 11). */
    strata_layer red = make_layer(c, root, 10, 10, 6, 6);
    expect_ok(strata_layer_set_background_color(c, red, 1, 0, 0, 1), "background red");
    /* Green 10×10 with corner radius 4, frame (13, 1)–(23, 11). */
    strata_layer green = make_layer(c, root, 10, 10, 18, 6);
    expect_ok(strata_layer_set_background_color(c, green, 0, 1, 0, 1), "background green");
    expect_ok(strata_layer_set_corner_radius(c, green, 4), "corner radius 4");
    /* Checker 8×8 points = 16×16 pixels showing 16×16 RGBA pixels: 4×4 cells of 4 pixels,
     * white/black, except the top-left cell, cyan (to see the picture's orientation).
     * Frame (24, 2)–(32, 10). */
    strata_layer checker = make_layer(c, root, 8, 8, 28, 6);
    {
        enum { W = 16, H = 16, STRIDE = W * 4 + 8 }; /* a stride with padding, on purpose */
        static uint8_t rgba[H * STRIDE];
        memset(rgba, 0xAB, sizeof rgba);
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                uint8_t *p = rgba + y * STRIDE + x * 4;
                int cx = x / 4, cy = y / 4;
                uint8_t v = ((cx + cy) % 2 == 0) ? 255 : 0;
                p[0] = v; p[1] = v; p[2] = v; p[3] = 255;
                if (cx == 0 && cy == 0) { p[0] = 0; p[1] = 255; p[2] = 255; }
            }
        expect_ok(strata_layer_set_contents_rgba(c, checker, W, H, rgba, STRIDE), "strata_layer_set_contents_rgba 16×16 checker");
        memset(rgba, 0x00, sizeof rgba); /* copied: the memory is ours again */
    }
    /* The host's texture (orange top half, purple bottom half), frame (1, 13)–(11, 23). */
    strata_layer textured = make_layer(c, root, 10, 10, 6, 18);
    expect_ok(strata_layer_set_contents_texture(c, textured, h.contents_tex, 4, 4, true, true),
              "strata_layer_set_contents_texture(host texture 4×4, premultiplied, top row first)");
    /* White, animated opacity 0 → 1, frame (22, 22)–(32, 32): over the yellow band below point
     * y = 24 (GL row 48) and over dark blue above. */
    strata_layer fading = make_layer(c, root, 10, 10, 27, 27);
    expect_ok(strata_layer_set_background_color(c, fading, 1, 1, 1, 1), "background white");
    /* Blue 6×6, frame (2, 25)–(8, 31), under orange 6×6, frame (5, 25)–(11, 31) (added later). */
    strata_layer lower = make_layer(c, root, 6, 6, 5, 28);
    expect_ok(strata_layer_set_background_color(c, lower, 0, 0, 1, 1), "background blue");
    strata_layer upper = make_layer(c, root, 6, 6, 8, 28);
    expect_ok(strata_layer_set_background_color(c, upper, 1, 0.5f, 0, 1), "background orange");
    pass("scene built: root + red, rounded green, RGBA checker, host texture, fading white");

    /* Errors. */
    strata_status s = strata_layer_set_opacity(c, red, NAN);
    if (s != STRATA_ERROR_INVALID_ARGUMENT) fail("strata_layer_set_opacity(NAN): expected STRATA_ERROR_INVALID_ARGUMENT (1), got %d", (int)s);
    const char *msg = strata_last_error();
    if (!msg || !*msg) fail("strata_last_error() after set_opacity(NAN) is empty");
    pass("strata_layer_set_opacity(red, NAN) = STRATA_ERROR_INVALID_ARGUMENT, last error: \"%s\"", msg);
    s = strata_layer_set_background_color(c, (strata_layer)0xDEADBEEF, 1, 1, 1, 1);
    if (s != STRATA_ERROR_UNKNOWN_LAYER) fail("set_background_color(unknown layer): expected STRATA_ERROR_UNKNOWN_LAYER (2), got %d", (int)s);
    pass("unknown layer = STRATA_ERROR_UNKNOWN_LAYER, last error: \"%s\"", strata_last_error());
    s = strata_layer_add_sublayer(c, red, root);
    if (s != STRATA_ERROR_CYCLE) fail("add_sublayer(red, root): expected STRATA_ERROR_CYCLE (3), got %d", (int)s);
    pass("adding the root under its own sublayer = STRATA_ERROR_CYCLE, last error: \"%s\"", strata_last_error());
    s = strata_layer_set_contents_texture(c, red, 999999, 4, 4, true, true);
    if (s != STRATA_ERROR_INVALID_ARGUMENT) fail("set_contents_texture(a name never generated): expected STRATA_ERROR_INVALID_ARGUMENT (1), got %d", (int)s);
    pass("a texture name the context does not have = STRATA_ERROR_INVALID_ARGUMENT, last error: \"%s\"", strata_last_error());

    /* Pointer input (root points). */
    pointer_log log;
    memset(&log, 0, sizeof log);
    expect_ok(strata_set_pointer_callback(c, on_pointer, &log), "strata_set_pointer_callback");
    strata_layer hit = strata_hit_test(c, 40, 40);
    if (hit != 0) fail("strata_hit_test(40, 40) outside the root: expected 0, got %llu", (unsigned long long)hit);
    pass("strata_hit_test(40, 40) outside every layer = 0");
    hit = strata_hit_test(c, 18, 6);
    if (hit != green) fail("strata_hit_test(18, 6): expected the green layer %llu, got %llu", (unsigned long long)green, (unsigned long long)hit);
    pass("strata_hit_test(18, 6) = green layer");
    hit = strata_hit_test(c, 17, 17);
    if (hit != root) fail("strata_hit_test(17, 17) (inside the root, no sublayer): expected the root %llu, got %llu", (unsigned long long)root, (unsigned long long)hit);
    pass("strata_hit_test(17, 17) = root (inside its bounds, no sublayer there)");
    strata_layer received = 0;
    expect_ok(strata_pointer_event(c, STRATA_POINTER_DOWN, 6.5, 7, &received), "strata_pointer_event DOWN (6.5, 7)");
    if (received != red) fail("pointer DOWN at (6.5, 7): expected *received = red %llu, got %llu", (unsigned long long)red, (unsigned long long)received);
    if (log.calls != 1 || log.layer != red || log.phase != STRATA_POINTER_DOWN || dabs(log.x - 5.5) > 1e-9 || dabs(log.y - 6) > 1e-9 || log.user_data != &log)
        fail("pointer DOWN at (6.5, 7): expected 1 callback (red, DOWN, local 5.5, 6), got %d calls, last (layer %llu, phase %d, %g, %g)",
             log.calls, (unsigned long long)log.layer, (int)log.phase, log.x, log.y);
    pass("pointer DOWN at root (6.5, 7) went to red; callback with local (%g, %g)", log.x, log.y);
    received = 0;
    expect_ok(strata_pointer_event(c, STRATA_POINTER_UP, 50, 40, &received), "strata_pointer_event UP (50, 40)");
    if (received != red || log.calls != 2 || log.layer != red || log.phase != STRATA_POINTER_UP || dabs(log.x - 49) > 1e-9 || dabs(log.y - 39) > 1e-9)
        fail("pointer UP at (50, 40) outside: expected red and local (49, 39), got received %llu, %d calls, last (layer %llu, phase %d, %g, %g)",
             (unsigned long long)received, log.calls, (unsigned long long)log.layer, (int)log.phase, log.x, log.y);
    pass("pointer UP at root (50, 40) went to red (which took the DOWN); local (%g, %g)", log.x, log.y);
    received = 12345;
    expect_ok(strata_pointer_event(c, STRATA_POINTER_DOWN, 40, 40, &received), "strata_pointer_event DOWN (40, 40)");
    if (received != 0 || log.calls != 2) fail("pointer DOWN on empty space: expected *received = 0 and no callback, got %llu and %d calls", (unsigned long long)received, log.calls);
    pass("pointer DOWN on empty space: *received = 0, no callback");

    /* Keys and text (a layer of their own, released at the end). */
    strata_layer typing = strata_layer_create(c), gone = strata_layer_create(c);
    expect_ok(strata_layer_release(c, gone), "strata_layer_release");
    check_keys(c, typing, gone);

    /* Animation: opacity 0 → 1 over 1 s, linear, from the next frame's time. */
    const double begin = strata_next_frame_time(c);
    if (!isfinite(begin)) fail("strata_next_frame_time is not finite: %g", begin);
    const double zero = 0, one = 1;
    expect_ok(strata_layer_animate(c, fading, STRATA_PROPERTY_OPACITY, &zero, &one, 1, 1.0, STRATA_TIMING_LINEAR, begin, 1, false),
              "strata_layer_animate(opacity 0 → 1, 1 s, linear)");
    pass("animation added, begin time %g", begin);
    /* zPosition 0 → 2 over 1 s on the blue layer: half way (z = 1) it is drawn above the orange one. */
    const double z_from = 0, z_to = 2;
    expect_ok(strata_layer_animate(c, lower, STRATA_PROPERTY_Z_POSITION, &z_from, &z_to, 1, 1.0, STRATA_TIMING_LINEAR, begin, 1, false),
              "strata_layer_animate(zPosition 0 → 2, 1 s, linear)");

    /* ---- Frame 1: t = begin + 0.5 ---- */
    const char *F1 = "frame 1 (t = begin + 0.5)";
    host_frame(c, h.fbo, begin + 0.5, "strata_render frame 1");

    /* Host content outside the viewport. */
    expect_pixel(F1, "host dark blue, top-left outside viewport", 10, 110, 0, 0, 51, 1);
    expect_pixel(F1, "host dark blue, right of viewport", 110, 64, 0, 0, 51, 1);
    expect_pixel(F1, "host yellow band, bottom-left", 10, 10, 255, 255, 0, 1);
    expect_pixel(F1, "host yellow band, below viewport", 64, 20, 255, 255, 0, 1);
    expect_pixel(F1, "host after-Strata magenta 50% over dark blue (straight-alpha blend)", 114, 114, 128, 0, 153, 3);
    expect_pixel(F1, "host dark blue just left of the magenta quad", 102, 114, 0, 0, 51, 1);
    /* Host content inside the viewport where the root has no layer. */
    expect_point(F1, "host dark blue through the transparent root", 17, 17, 0, 0, 51, 1);
    expect_point(F1, "host yellow through the transparent root", 16, 30, 255, 255, 0, 1);
    /* Strata's layers. */
    expect_point(F1, "red layer centre", 6, 6, 255, 0, 0, 1);
    expect_point(F1, "red layer near its top-left corner", 1.25, 1.25, 255, 0, 0, 1);
    expect_point(F1, "host dark blue just outside red's left edge", 0.25, 6, 0, 0, 51, 1);
    expect_point(F1, "green layer centre", 18, 6, 0, 255, 0, 1);
    expect_point(F1, "green layer's rounded top-left corner: host shows", 13.25, 1.25, 0, 0, 51, 2);
    expect_point(F1, "green layer's straight top edge (mid)", 18, 1.25, 0, 255, 0, 1);
    expect_point(F1, "checker top-left cell (cyan)", 25, 3, 0, 255, 255, 1);
    expect_point(F1, "checker cell (1, 0) black", 27, 3, 0, 0, 0, 1);
    expect_point(F1, "checker cell (1, 1) white", 27, 5, 255, 255, 255, 1);
    expect_point(F1, "checker cell (0, 3) black (bottom-left)", 25, 9, 0, 0, 0, 1);
    expect_point(F1, "checker cell (3, 3) white (bottom-right)", 31, 9, 255, 255, 255, 1);
    expect_point(F1, "host texture layer, top half orange", 6, 14.5, 255, 128, 0, 2);
    expect_point(F1, "host texture layer, bottom half purple", 6, 21.5, 128, 0, 255, 2);
    expect_point(F1, "fading white at opacity 0.5 over host yellow", 27, 27, 255, 255, 128, 4);
    expect_point(F1, "fading white at opacity 0.5 over host dark blue", 27, 23, 128, 128, 153, 4);
    expect_point(F1, "blue (zPosition animated to 1) over orange where they overlap", 6.5, 28, 0, 0, 255, 1);
    expect_point(F1, "orange right of the overlap", 10, 28, 255, 128, 0, 2);

    /* ---- Frame 2: t = begin + 2 (animation over: the model opacity 1) ---- */
    const char *F2 = "frame 2 (t = begin + 2)";
    host_frame(c, h.fbo, begin + 2.0, "strata_render frame 2");
    expect_pixel(F2, "host after-Strata magenta", 114, 114, 128, 0, 153, 3);
    expect_pixel(F2, "host yellow band", 64, 20, 255, 255, 0, 1);
    expect_point(F2, "red layer centre (redrawn over the host's fresh frame)", 6, 6, 255, 0, 0, 1);
    expect_point(F2, "host texture layer, top half", 6, 14.5, 255, 128, 0, 2);
    expect_point(F2, "fading layer opaque white after the animation", 27, 27, 255, 255, 255, 1);
    expect_point(F2, "orange over blue again once the zPosition animation ended (model z 0)", 6.5, 28, 255, 128, 0, 2);

    /* ---- Frame 3: a render error leaves everything alone ---- */
    s = strata_render(c, h.fbo, VP_X, VP_Y, 0, VP_H, SCALE, -1);
    if (s != STRATA_ERROR_INVALID_ARGUMENT) fail("strata_render with width 0: expected STRATA_ERROR_INVALID_ARGUMENT (1), got %d", (int)s);
    pass("strata_render with a 0-wide viewport = STRATA_ERROR_INVALID_ARGUMENT, last error: \"%s\"", strata_last_error());
    s = strata_render_to_texture(c, 0, 0, 0, 8, 8, 1, -1);
    if (s != STRATA_ERROR_INVALID_ARGUMENT) fail("strata_render_to_texture with texture 0: expected STRATA_ERROR_INVALID_ARGUMENT (1), got %d", (int)s);
    pass("strata_render_to_texture with texture 0 = STRATA_ERROR_INVALID_ARGUMENT, last error: \"%s\"", strata_last_error());
    s = strata_render_to_renderbuffer(c, h.contents_tex, 0, 0, 8, 8, 1, -1);
    if (s != STRATA_ERROR_INVALID_ARGUMENT) fail("strata_render_to_renderbuffer with a texture's name: expected STRATA_ERROR_INVALID_ARGUMENT (1), got %d", (int)s);
    pass("strata_render_to_renderbuffer with a name that is not a renderbuffer = STRATA_ERROR_INVALID_ARGUMENT, last error: \"%s\"", strata_last_error());
    s = strata_render_to_renderbuffer(c, 0, 0, 0, 8, 8, 1, -1);
    if (s != STRATA_ERROR_INVALID_ARGUMENT) fail("strata_render_to_renderbuffer with renderbuffer 0: expected STRATA_ERROR_INVALID_ARGUMENT (1), got %d", (int)s);
    pass("strata_render_to_renderbuffer with renderbuffer 0 = STRATA_ERROR_INVALID_ARGUMENT");

    /* ---- Destroy ---- */
    capture(&before);
    s = strata_compositor_destroy(c);
    if (s != STRATA_OK) fail("strata_compositor_destroy: expected STRATA_OK, got %d (%s)", (int)s, strata_last_error());
    pass("strata_compositor_destroy = STRATA_OK");
    capture(&after);
    compare_state(&before, &after, "strata_compositor_destroy");
    if (!glIsTexture(h.contents_tex)) fail("the host's contents texture %u is gone after strata_compositor_destroy", h.contents_tex);
    pass("host's contents texture still exists after destroy");
    /* The host keeps drawing with its own objects. */
    host_draw_before();
    host_draw_after();
    read_back(h.fbo);
    expect_pixel("after destroy", "host yellow band", 64, 20, 255, 255, 0, 1);
    expect_pixel("after destroy", "host magenta", 114, 114, 128, 0, 153, 3);
    expect_pixel("after destroy", "host dark blue where Strata drew before", gl_x(6), gl_y(6), 0, 0, 51, 1);

    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, ctx);
    eglTerminate(dpy);
    printf("c_host: all %d checks passed\n", passed);
    return 0;
}
