"""moderngl_host.py — a Python host that embeds Strata in a moderngl context through the strata package (python/).

Usage:  python moderngl_host.py /path/to/libStrataC.so
Needs:  Python 3.9+, PyPI `moderngl` (5.x; brings `glcontext`), Mesa's EGL (Debian libegl1,
        libegl-mesa0, libgl1-mesa-dri) and libOpenGL.so.0 (Debian libopengl0) for glGet queries.
Exit 0 when every check passes (one `ok …` line each on stdout); on the first failure, a message
naming the check, the pixel, expected and actual colour on stderr and exit status 1.

The context is moderngl's standalone EGL one: desktop OpenGL 4.5 core on Mesa (Strata accepts
desktop GL 3.3+ with ARB_ES3_compatibility). The host draws into its own moderngl framebuffer
(128×128, RGBA8 colour renderbuffer + depth renderbuffer — moderngl has no stencil renderbuffer,
so Strata's clip of a rounded layer takes its stencil-less route here): a clear, a yellow triangle
through its own program/VAO, then Strata's layers in the viewport (24, 16, 80, 96) at scale 2, then
a translucent magenta quad with the same VAO — moderngl re-binds only the program and VAO for a
draw, so the framebuffer, viewport, blend, depth and scissor state must be what the host left.
"""
import ctypes
import struct
import sys
import threading

import moderngl
import strata as strata_package
from host_checks import Checks, over
from strata import (STRATA_ERROR_CONTEXT, STRATA_ERROR_INVALID_ARGUMENT, STRATA_ERROR_WRONG_THREAD, STRATA_OK,
                    STRATA_POINTER_DOWN, strata_layer)

W = H = 128
VX, VY, VW, VH = 24, 16, 80, 96
SCALE = 2.0
CLEAR = (26, 26, 76)           # the host's clear colour (0.1, 0.1, 0.3) as Mesa stores it in 8 bits
YELLOW = (255, 255, 0)
MAGENTA_RECT = (108, 108, 124, 124)  # GL pixels x0, y0, x1, y1 — outside the viewport
ROOT_BG = (255, 255, 255, 0.25)       # root: white at 25 %

checks = Checks("moderngl_host")


def main():
    if len(sys.argv) != 2:
        print("usage: python moderngl_host.py /path/to/libStrataC.so", file=sys.stderr)
        return 2
    strata = strata_package.load(sys.argv[1])

    # ---- The host's context, framebuffer and drawing ------------------------------------------
    ctx = moderngl.create_standalone_context(backend="egl")
    checks.ok(f"moderngl standalone EGL context: {ctx.info['GL_VERSION']} on {ctx.info['GL_RENDERER']}")
    gl = GL()

    fbo = ctx.framebuffer(color_attachments=[ctx.renderbuffer((W, H), 4)],
                          depth_attachment=ctx.depth_renderbuffer((W, H)))
    prog = ctx.program(
        vertex_shader="""
            #version 330
            in vec2 in_pos; in vec4 in_color; out vec4 v_color;
            void main() { v_color = in_color; gl_Position = vec4(in_pos, 0.0, 1.0); }""",
        fragment_shader="""
            #version 330
            in vec4 v_color; out vec4 f_color;
            void main() { f_color = v_color; }""")

    def nx(px):
        return px * 2.0 / W - 1.0

    def ny(py):
        return py * 2.0 / H - 1.0

    vertices = []
    # Vertices 0..2: a yellow triangle (GL pixels (0,0), (128,0), (0,64)).
    for x, y in ((0, 0), (W, 0), (0, 64)):
        vertices += [nx(x), ny(y), 1, 1, 0, 1]
    # Vertices 3..8: the magenta quad, 50 % straight alpha, drawn after Strata.
    x0, y0, x1, y1 = MAGENTA_RECT
    for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y0), (x1, y1), (x0, y1)):
        vertices += [nx(x), ny(y), 1, 0, 1, 0.5]
    vbo = ctx.buffer(struct.pack(f"{len(vertices)}f", *vertices))
    vao = ctx.vertex_array(prog, [(vbo, "2f 4f", "in_pos", "in_color")])

    # The host's texture that a Strata layer shows: 2×2, GL row 0 (the picture's *bottom*, since
    # we pass top_row_first = false) red at straight alpha 0.5, row 1 (top) opaque blue.
    host_tex = ctx.texture((2, 2), 4, bytes([255, 0, 0, 128] * 2 + [0, 0, 255, 255] * 2))
    host_tex.repeat_x = True   # GL_REPEAT: Strata must sample through its own clamped sampler
    host_tex.repeat_y = True
    host_tex.filter = (moderngl.LINEAR, moderngl.LINEAR)

    fbo.use()                                     # binds the framebuffer, viewport 0,0,128,128
    ctx.enable(moderngl.BLEND | moderngl.DEPTH_TEST)
    ctx.blend_func = moderngl.SRC_ALPHA, moderngl.ONE_MINUS_SRC_ALPHA
    ctx.depth_func = "<="

    def host_draw_before():
        fbo.clear(0.1, 0.1, 0.3, 1.0, depth=1.0)
        vao.render(moderngl.TRIANGLES, vertices=3, first=0)

    def host_draw_after():
        # Same VAO and program, nothing else re-bound: moderngl binds program + VAO and draws.
        vao.render(moderngl.TRIANGLES, vertices=6, first=3)

    def host_color(gx, gy):
        """What the host's own drawing leaves at GL pixel (gx, gy) under Strata."""
        return YELLOW if gx + 0.5 + 2 * (gy + 0.5) < W else CLEAR

    # ---- Strata ---------------------------------------------------------------------------------
    version = strata.version()
    checks.expect(version, f"strata_version() = {version}", "strata_version() is empty")
    before_create = gl.snapshot()
    c = strata.compositor_create()
    checks.expect(c, "strata_compositor_create in moderngl's desktop GL 4.5 core context",
                  f"strata_compositor_create returned NULL: {strata.last_error()!r}")
    gl.compare(before_create, gl.snapshot(), "strata_compositor_create")

    # Root: 40 × 48 points filling the viewport (80 × 96 pixels at scale 2), white at 25 %.
    root = strata.layer(c, 0, (40, 48), (20, 24), (1, 1, 1, 0.25))
    strata.call("set_root", c, root)
    red = strata.layer(c, root, (10, 10), (7, 7), (1, 0, 0, 1))                 # frame (2, 2)–(12, 12)
    clip = strata.layer(c, root, (16, 16), (28, 10), (0, 1, 0, 1))              # frame (20, 2)–(36, 18)
    strata.call("layer_set_corner_radius", c, clip, 6.0)
    strata.call("layer_set_masks_to_bounds", c, clip, True)
    strata.layer(c, clip, (16, 16), (16, 16), (0, 0, 1, 1))                      # clip-local (8, 8)–(24, 24)
    group = strata.layer(c, root, (14, 14), (9, 24), (0, 0, 1, 1))              # frame (2, 17)–(16, 31)
    strata.call("layer_set_opacity", c, group, 0.5)
    strata.layer(c, group, (10, 10), (12, 12), (1, 1, 1, 1))                     # root (9, 24)–(19, 34)
    # RGBA contents 4×4: quadrants (2×2 texels) cyan, magenta / yellow, half-transparent blue
    # (premultiplied (0, 0, 128, 128)); frame (26, 26)–(34, 34).
    picture = strata.layer(c, root, (8, 8), (30, 30))
    quadrants = {(0, 0): (0, 255, 255, 255), (1, 0): (255, 0, 255, 255),
                 (0, 1): (255, 255, 0, 255), (1, 1): (0, 0, 128, 128)}
    pixels = bytearray()
    for y in range(4):
        for x in range(4):
            pixels += bytes(quadrants[(x // 2, y // 2)])
    buf = (ctypes.c_uint8 * len(pixels)).from_buffer_copy(pixels)
    strata.call("layer_set_contents_rgba", c, picture, 4, 4, buf, 16)
    textured = strata.layer(c, root, (8, 8), (8, 40))                           # frame (4, 36)–(12, 44)
    strata.call("layer_set_contents_texture", c, textured, host_tex.glo, 2, 2, False, False)
    checks.ok("scene built: translucent root, red, rounded clip with a child, 50 % group, RGBA contents, moderngl texture")

    status = strata.layer_set_opacity(c, red, 2.0)
    checks.expect(status == STRATA_ERROR_INVALID_ARGUMENT and strata.last_error(),
                  f"strata_layer_set_opacity(red, 2.0) = STRATA_ERROR_INVALID_ARGUMENT: {strata.last_error()!r}",
                  f"strata_layer_set_opacity(red, 2.0): expected STRATA_ERROR_INVALID_ARGUMENT and a message, got {status}, {strata.last_error()!r}")
    hit = strata.hit_test(c, 7.0, 7.0)
    checks.expect(hit == red, "strata_hit_test(7, 7) = red", f"strata_hit_test(7, 7): expected red {red}, got {hit}")
    hit = strata.hit_test(c, 100.0, 5.0)
    checks.expect(hit == 0, "strata_hit_test(100, 5) outside the root = 0", f"strata_hit_test(100, 5): expected 0, got {hit}")
    received = strata_layer(99)
    strata.call("pointer_event", c, STRATA_POINTER_DOWN, 37.0, 17.0, ctypes.byref(received))
    checks.expect(received.value == root, "pointer DOWN at (37, 17), clipped away from the clip's child, went to the root",
                  f"pointer DOWN at (37, 17): expected root {root} (the clip's child is clipped there), got {received.value}")

    # Thread rule: a call from another thread does nothing and says so.
    result = {}

    def other_thread():
        result["status"] = strata.set_root(c, red)
        result["message"] = strata.last_error()   # the other thread's own last error

    thread = threading.Thread(target=other_thread)
    thread.start()
    thread.join()
    checks.expect(result.get("status") == STRATA_ERROR_WRONG_THREAD and result.get("message"),
                  f"strata_set_root from another thread = STRATA_ERROR_WRONG_THREAD: {result.get('message')!r}",
                  f"strata_set_root from another thread: expected STRATA_ERROR_WRONG_THREAD (4) and a message, got {result}")

    # Context rule: strata_render with no context current fails with STRATA_ERROR_CONTEXT.
    egl = EGL()
    saved = egl.current()
    if not egl.make_current(saved[0], None, None, None):
        checks.fail("eglMakeCurrent(EGL_NO_CONTEXT) failed (host code)")
    status = strata.render(c, fbo.glo, VX, VY, VW, VH, SCALE, 0.0)
    message = strata.last_error()
    if not egl.make_current(*saved):
        checks.fail("eglMakeCurrent could not make moderngl's context current again (host code)")
    checks.expect(status == STRATA_ERROR_CONTEXT and message,
                  f"strata_render with no EGL context current = STRATA_ERROR_CONTEXT: {message!r}",
                  f"strata_render with no EGL context current: expected STRATA_ERROR_CONTEXT (5) and a message, got {status}, {message!r}")

    # ---- Frames -----------------------------------------------------------------------------
    tex_params_before = gl.texture_parameters(host_tex.glo)
    for frame, time, odd_state in (("frame 1 (explicit time 0)", 0.0, False), ("frame 2 (Strata's clock)", -1.0, False),
                                   ("frame 3 (the host left wireframe, sRGB writes and a logic op on)", -1.0, True)):
        host_draw_before()
        if odd_state:
            # Desktop GL state that would change how Strata's triangles come out.
            gl.polygon_mode(GL_FRONT_AND_BACK, GL_LINE)
            gl.enable(GL_FRAMEBUFFER_SRGB)
            gl.enable(GL_COLOR_LOGIC_OP)
        before = gl.snapshot()
        status = strata.render(c, fbo.glo, VX, VY, VW, VH, SCALE, time)
        if status != STRATA_OK:
            checks.fail(f"{frame}: strata_render(fbo {fbo.glo}, {VX}, {VY}, {VW}, {VH}, {SCALE}, {time}) = {status}: {strata.last_error()!r}")
        gl.compare(before, gl.snapshot(), f"strata_render, {frame}")
        if odd_state:
            gl.polygon_mode(GL_FRONT_AND_BACK, GL_FILL)
            gl.disable(GL_FRAMEBUFFER_SRGB)
            gl.disable(GL_COLOR_LOGIC_OP)
        host_draw_after()
        image = fbo.read(components=4, alignment=1)    # GL order: row 0 is the bottom

        def px(gx, gy):
            i = (gy * W + gx) * 4
            return tuple(image[i:i + 4])

        def check_gl(what, gx, gy, expected, tol=2):
            checks.pixel(f"{frame}: {what}", px(gx, gy), expected, tol, f"GL pixel ({gx}, {gy})")

        def check_point(what, p, q, layer_over=None, tol=3):
            """Root point (p, q): expected = layer_over over the root's background over the host."""
            gx = VX + int(p * SCALE)
            gy = VY + VH - 1 - int(q * SCALE)
            expected = over(ROOT_BG, host_color(gx, gy))
            if layer_over is not None:
                expected = layer_over(expected)
            checks.pixel(f"{frame}: {what}", px(gx, gy), expected, tol, f"root point ({p}, {q}) = GL pixel ({gx}, {gy})")

        # The host's own pixels.
        check_gl("host clear colour outside the viewport (top-left)", 5, 120, CLEAR)
        check_gl("host yellow triangle outside the viewport (bottom-left)", 8, 8, YELLOW)
        check_gl("host yellow triangle below the viewport", 60, 6, YELLOW)
        check_gl("host clear colour right of the viewport", 115, 60, CLEAR)
        check_gl("host magenta quad drawn after Strata (50 % straight alpha over the clear colour)", 116, 116,
                 over((255, 0, 255, 0.5), CLEAR), tol=3)
        check_gl("host clear colour just below the magenta quad", 116, 105, CLEAR)
        # Strata's pixels.
        check_point("root background (white 25 %) over the host's clear colour", 18, 10)
        check_point("root background over the host's yellow triangle", 3, 46)
        check_point("red layer centre", 7, 7, lambda d: (255, 0, 0))
        check_point("rounded clip: green", 24, 6, lambda d: (0, 255, 0))
        check_point("rounded clip: its child, blue", 32, 12, lambda d: (0, 0, 255))
        check_point("rounded clip: child below the clip's bottom edge is clipped away", 32, 19)
        check_point("rounded clip: the rounded bottom-right corner cuts the child", 35.6, 17.6)
        check_point("rounded clip: the rounded top-left corner", 20.3, 2.3)
        check_point("50 % group: blue alone", 4, 20, lambda d: over((0, 0, 255, 0.5), d))
        check_point("50 % group: white child over blue, composited as one picture", 12, 28, lambda d: over((255, 255, 255, 0.5), d))
        check_point("50 % group: white child outside the group's bounds", 18, 33, lambda d: over((255, 255, 255, 0.5), d))
        check_point("RGBA contents: top-left quadrant cyan", 28, 28, lambda d: (0, 255, 255))
        check_point("RGBA contents: top-right quadrant magenta", 32, 28, lambda d: (255, 0, 255))
        check_point("RGBA contents: bottom-left quadrant yellow", 28, 32, lambda d: (255, 255, 0))
        check_point("RGBA contents: bottom-right premultiplied half blue", 32, 32, lambda d: over((0, 0, 255, 128 / 255), d))
        check_point("moderngl texture: top row (GL row 1) opaque blue, clamped", 8, 36.5, lambda d: (0, 0, 255))
        check_point("moderngl texture: bottom row (GL row 0) red at straight alpha 0.5, clamped", 8, 43.5,
                    lambda d: over((255, 0, 0, 128 / 255), d))

    after_params = gl.texture_parameters(host_tex.glo)
    checks.expect(after_params == tex_params_before, f"host texture parameters unchanged by Strata: {after_params}",
                  f"host texture {host_tex.glo} parameters changed by Strata: expected {tex_params_before}, actual {after_params}")

    before = gl.snapshot()
    status = strata.compositor_destroy(c)
    checks.expect(status == STRATA_OK, "strata_compositor_destroy = STRATA_OK",
                  f"strata_compositor_destroy: expected STRATA_OK, got {status} ({strata.last_error()!r})")
    gl.compare(before, gl.snapshot(), "strata_compositor_destroy")
    host_draw_before()
    host_draw_after()
    image = fbo.read(components=4, alignment=1)
    i = (116 * W + 116) * 4
    checks.pixel("after destroy: host magenta quad still drawn", tuple(image[i:i + 4]), over((255, 0, 255, 0.5), CLEAR), 3,
                 "GL pixel (116, 116)")

    # ---- Shared-context mode: Strata's own desktop GL context sharing moderngl's objects ------
    shared = strata.compositor_create_shared()
    checks.expect(shared, "strata_compositor_create_shared in moderngl's desktop GL context",
                  f"strata_compositor_create_shared returned NULL: {strata.last_error()!r}")
    target = ctx.texture((32, 32), 4)
    target_fbo = ctx.framebuffer(color_attachments=[target])
    target_fbo.clear(0.0, 0.0, 1.0, 1.0)
    square = strata.layer_create(shared)
    strata.layer_set_bounds(shared, square, 0, 0, 16, 16)
    strata.layer_set_position(shared, square, 8, 8)
    strata.layer_set_background_color(shared, square, 0.0, 1.0, 0.0, 1.0)
    strata.set_root(shared, square)
    before = gl.snapshot()
    status = strata.render_to_texture(shared, target.glo, 0, 0, 32, 32, 1.0, -1.0)
    checks.expect(status == STRATA_OK, "strata_render_to_texture in shared mode = STRATA_OK",
                  f"strata_render_to_texture: {status} ({strata.last_error()!r})")
    gl.compare(before, gl.snapshot(), "strata_render_to_texture in shared mode")
    pixels = target_fbo.read(components=4, alignment=1)   # GL order: row 0 is the bottom
    def shared_px(gx, gy):
        i = (gy * 32 + gx) * 4
        return tuple(pixels[i:i + 4])
    checks.pixel("shared mode: Strata's green square at the texture's top-left", shared_px(8, 24), (0, 255, 0), 2, "GL pixel (8, 24)")
    checks.pixel("shared mode: moderngl's blue clear elsewhere", shared_px(24, 8), (0, 0, 255), 2, "GL pixel (24, 8)")
    checks.expect(strata.compositor_destroy(shared) == STRATA_OK, "strata_compositor_destroy (shared) = STRATA_OK",
                  f"strata_compositor_destroy (shared): {strata.last_error()!r}")
    checks.finish()
    return 0


# ---- GL state through libOpenGL (moderngl caches some state itself, so ask the driver) ----------

GL_VIEWPORT = 0x0BA2
GL_CURRENT_PROGRAM = 0x8B8D
GL_BLEND = 0x0BE2
GL_BLEND_SRC_RGB, GL_BLEND_DST_RGB, GL_BLEND_SRC_ALPHA, GL_BLEND_DST_ALPHA = 0x80C9, 0x80C8, 0x80CB, 0x80CA
GL_BLEND_EQUATION_RGB = 0x8009
GL_SCISSOR_TEST, GL_SCISSOR_BOX = 0x0C11, 0x0C10
GL_ACTIVE_TEXTURE = 0x84E0
GL_DRAW_FRAMEBUFFER_BINDING, GL_READ_FRAMEBUFFER_BINDING = 0x8CA6, 0x8CAA
GL_VERTEX_ARRAY_BINDING, GL_ARRAY_BUFFER_BINDING, GL_ELEMENT_ARRAY_BUFFER_BINDING = 0x85B5, 0x8894, 0x8895
GL_TEXTURE_BINDING_2D, GL_SAMPLER_BINDING = 0x8069, 0x8919
GL_DEPTH_TEST, GL_DEPTH_FUNC, GL_DEPTH_WRITEMASK = 0x0B71, 0x0B74, 0x0B72
GL_STENCIL_TEST, GL_CULL_FACE = 0x0B90, 0x0B44
GL_COLOR_WRITEMASK, GL_COLOR_CLEAR_VALUE = 0x0C23, 0x0C22
GL_UNPACK_ALIGNMENT, GL_PACK_ALIGNMENT = 0x0CF5, 0x0D05
GL_FRAMEBUFFER_SRGB, GL_PROGRAM_POINT_SIZE, GL_PRIMITIVE_RESTART = 0x8DB9, 0x8642, 0x8F9D
GL_TEXTURE0 = 0x84C0
GL_POLYGON_MODE, GL_FRONT_AND_BACK, GL_LINE, GL_FILL, GL_COLOR_LOGIC_OP = 0x0B40, 0x0408, 0x1B01, 0x1B02, 0x0BF2
GL_TEXTURE_MIN_FILTER, GL_TEXTURE_MAG_FILTER, GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T = 0x2801, 0x2800, 0x2802, 0x2803


class GL:
    def __init__(self):
        lib = ctypes.CDLL("libOpenGL.so.0")
        self.getv = lib.glGetIntegerv
        self.getv.argtypes = [ctypes.c_uint, ctypes.POINTER(ctypes.c_int)]
        self.getv.restype = None
        self.enabled = lib.glIsEnabled
        self.enabled.argtypes = [ctypes.c_uint]
        self.enabled.restype = ctypes.c_ubyte
        self.active = lib.glActiveTexture
        self.active.argtypes = [ctypes.c_uint]
        self.active.restype = None
        self.polygon_mode = lib.glPolygonMode
        self.polygon_mode.argtypes = [ctypes.c_uint, ctypes.c_uint]
        self.polygon_mode.restype = None
        self.enable = lib.glEnable
        self.enable.argtypes = [ctypes.c_uint]
        self.enable.restype = None
        self.disable = lib.glDisable
        self.disable.argtypes = [ctypes.c_uint]
        self.disable.restype = None
        self.tex_param = lib.glGetTextureParameteriv   # GL 4.5 direct state access: no binding needed
        self.tex_param.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.POINTER(ctypes.c_int)]
        self.tex_param.restype = None

    def get(self, pname, n=1):
        out = (ctypes.c_int * 4)()
        self.getv(pname, out)
        return tuple(out[:n])

    def snapshot(self):
        s = {
            "GL_VIEWPORT": self.get(GL_VIEWPORT, 4),
            "GL_CURRENT_PROGRAM": self.get(GL_CURRENT_PROGRAM),
            "GL_BLEND enabled": self.enabled(GL_BLEND),
            "GL_BLEND_SRC/DST_RGB/ALPHA": self.get(GL_BLEND_SRC_RGB) + self.get(GL_BLEND_DST_RGB)
            + self.get(GL_BLEND_SRC_ALPHA) + self.get(GL_BLEND_DST_ALPHA),
            "GL_BLEND_EQUATION_RGB": self.get(GL_BLEND_EQUATION_RGB),
            "GL_SCISSOR_TEST enabled": self.enabled(GL_SCISSOR_TEST),
            "GL_SCISSOR_BOX": self.get(GL_SCISSOR_BOX, 4),
            "GL_ACTIVE_TEXTURE": self.get(GL_ACTIVE_TEXTURE),
            "GL_DRAW_FRAMEBUFFER_BINDING": self.get(GL_DRAW_FRAMEBUFFER_BINDING),
            "GL_READ_FRAMEBUFFER_BINDING": self.get(GL_READ_FRAMEBUFFER_BINDING),
            "GL_VERTEX_ARRAY_BINDING": self.get(GL_VERTEX_ARRAY_BINDING),
            "GL_ARRAY_BUFFER_BINDING": self.get(GL_ARRAY_BUFFER_BINDING),
            "GL_ELEMENT_ARRAY_BUFFER_BINDING": self.get(GL_ELEMENT_ARRAY_BUFFER_BINDING),
            "GL_DEPTH_TEST enabled": self.enabled(GL_DEPTH_TEST),
            "GL_DEPTH_FUNC": self.get(GL_DEPTH_FUNC),
            "GL_DEPTH_WRITEMASK": self.get(GL_DEPTH_WRITEMASK),
            "GL_STENCIL_TEST enabled": self.enabled(GL_STENCIL_TEST),
            "GL_CULL_FACE enabled": self.enabled(GL_CULL_FACE),
            "GL_COLOR_WRITEMASK": self.get(GL_COLOR_WRITEMASK, 4),
            "GL_COLOR_CLEAR_VALUE": self.get(GL_COLOR_CLEAR_VALUE, 4),
            "GL_UNPACK_ALIGNMENT": self.get(GL_UNPACK_ALIGNMENT),
            "GL_PACK_ALIGNMENT": self.get(GL_PACK_ALIGNMENT),
            "GL_FRAMEBUFFER_SRGB enabled": self.enabled(GL_FRAMEBUFFER_SRGB),
            "GL_PROGRAM_POINT_SIZE enabled": self.enabled(GL_PROGRAM_POINT_SIZE),
            "GL_PRIMITIVE_RESTART enabled": self.enabled(GL_PRIMITIVE_RESTART),
            "GL_POLYGON_MODE": self.get(GL_POLYGON_MODE, 2),
            "GL_COLOR_LOGIC_OP enabled": self.enabled(GL_COLOR_LOGIC_OP),
        }
        active = self.get(GL_ACTIVE_TEXTURE)[0]
        self.active(GL_TEXTURE0)
        s["GL_TEXTURE_BINDING_2D (unit 0)"] = self.get(GL_TEXTURE_BINDING_2D)
        s["GL_SAMPLER_BINDING (unit 0)"] = self.get(GL_SAMPLER_BINDING)
        self.active(active)
        return s

    def compare(self, before, after, around):
        for name, value in before.items():
            checks.expect(after[name] == value, f"GL state {name} unchanged by {around}: {value}",
                          f"GL state {name} changed by {around}: expected {value}, actual {after[name]}")

    def texture_parameters(self, name):
        out = []
        for pname in (GL_TEXTURE_MIN_FILTER, GL_TEXTURE_MAG_FILTER, GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T):
            v = ctypes.c_int(0)
            self.tex_param(name, pname, ctypes.byref(v))
            out.append(v.value)
        return tuple(out)


class EGL:
    """Just enough of libEGL to take moderngl's context off this thread and put it back."""

    EGL_DRAW, EGL_READ = 0x3059, 0x305A

    def __init__(self):
        lib = ctypes.CDLL("libEGL.so.1")
        p = ctypes.c_void_p
        for name in ("eglGetCurrentDisplay", "eglGetCurrentContext"):
            getattr(lib, name).restype = p
            getattr(lib, name).argtypes = []
        lib.eglGetCurrentSurface.restype = p
        lib.eglGetCurrentSurface.argtypes = [ctypes.c_int]
        lib.eglMakeCurrent.restype = ctypes.c_uint
        lib.eglMakeCurrent.argtypes = [p, p, p, p]
        self.lib = lib

    def current(self):
        """(display, draw surface, read surface, context) now current."""
        lib = self.lib
        return (lib.eglGetCurrentDisplay(), lib.eglGetCurrentSurface(self.EGL_DRAW),
                lib.eglGetCurrentSurface(self.EGL_READ), lib.eglGetCurrentContext())

    def make_current(self, display, draw, read, context):
        return self.lib.eglMakeCurrent(display, draw, read, context)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except strata_package.StrataError as error:
        checks.fail(str(error))
