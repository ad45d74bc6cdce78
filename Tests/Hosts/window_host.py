"""window_host.py — a windowed host: a GLFW window with an OpenGL ES 3 context made through EGL,
Strata drawing into the window's default framebuffer (framebuffer 0), checked on a real
screenshot of the X display.

Usage (the X server must be there; Xvfb is enough):
    xvfb-run -a -s "-screen 0 320x240x24" python window_host.py /path/to/libStrataC.so OUT.png
Needs:  Debian `xvfb` and `xauth` (for xvfb-run), Mesa's EGL/GLES (libegl1, libegl-mesa0,
        libgles2, libgl1-mesa-dri); PyPI `glfw` (its wheel bundles libglfw 3.4) and `pillow`
        (its Linux wheels grab the screen through XCB: ImageGrab.grab(xdisplay=…)).
Exit 0 when every check passes (one `ok …` line each on stdout); on the first failure, a message
naming the check, the screen pixel, expected and actual colour on stderr and exit status 1. The
screenshot is saved to OUT.png before the pixels are checked, so it is there to look at either way.

Strata needs an EGL context current (it calls eglGetCurrentContext), hence GLFW's
EGL_CONTEXT_API + OPENGL_ES_API hints. moderngl cannot attach to a GLES context (it wants desktop
GL 3.3), so the host draws with plain GLES calls through ctypes: scissored clears — a dark grey
window, a yellow band along the bottom, and after Strata a magenta square at the top-right, for
which the host sets only the scissor box and clear colour: it relies on Strata having left
GL_SCISSOR_TEST enabled, as the host had it.

Keys: the host forwards GLFW's key callback to strata_key_event (GLFW key codes mapped to USB
HID usages by `HID_USAGES`, GLFW's modifier bits to STRATA_MODIFIER_*, GLFW_REPEAT as a repeat;
keys are sent with empty characters) and GLFW's character callback to strata_text_event as
committed text, so text is typed once. Xvfb has no keyboard to press, so the check calls the two
handlers GLFW was given with what GLFW passes for Shift-A, Backspace held and Left, and compares
what the focused layer's callbacks received.

Layout: window 160×120 at (0, 0), undecorated. Strata's viewport is (40, 20, 80, 80) in GL window
coordinates (lower-left origin) at scale 1: its root is 80×80 points and root point (px, py) is
window pixel (40 + px, 20 + py) counting rows from the window's top.
"""
import ctypes
import os
import sys
import time

import strata as strata_package
from host_checks import Checks, over
from strata import STRATA_OK

WIN_W, WIN_H = 160, 120
VX, VY, VW, VH = 40, 20, 80, 80
SCALE = 1.0
GREY = (40, 40, 40)
YELLOW = (255, 255, 0)
MAGENTA = (255, 0, 255)
YELLOW_ROWS = 30                       # the band: GL rows 0..29 = window rows 90..119
MAGENTA_BOX = (136, 96, 16, 16)        # GL scissor box: window x 136..151, rows 8..23

checks = Checks("window_host")

GL_COLOR_BUFFER_BIT, GL_DEPTH_BUFFER_BIT, GL_STENCIL_BUFFER_BIT = 0x4000, 0x0100, 0x0400
GL_SCISSOR_TEST, GL_SCISSOR_BOX, GL_VIEWPORT, GL_BLEND = 0x0C11, 0x0C10, 0x0BA2, 0x0BE2
GL_CURRENT_PROGRAM, GL_ACTIVE_TEXTURE, GL_DRAW_FRAMEBUFFER_BINDING = 0x8B8D, 0x84E0, 0x8CA6
GL_COLOR_CLEAR_VALUE, GL_BLEND_SRC_RGB, GL_BLEND_DST_RGB = 0x0C22, 0x80C9, 0x80C8
GL_VERTEX_ARRAY_BINDING, GL_ARRAY_BUFFER_BINDING, GL_TEXTURE_BINDING_2D = 0x85B5, 0x8894, 0x8069
GL_STENCIL_TEST, GL_DEPTH_TEST, GL_TEXTURE2 = 0x0B90, 0x0B71, 0x84C2
GL_FUNC_ADD, GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA = 0x8006, 0x0302, 0x0303


def _glfw_to_hid():
    """GLFW key codes → USB HID keyboard usages (UIKeyboardHIDUsage): letters, digits, the
    editing, navigation and function keys, the keypad, punctuation and the modifier keys."""
    table = {65 + i: 4 + i for i in range(26)}                           # GLFW_KEY_A…Z → 4…29
    table.update({49 + i: 30 + i for i in range(9)})                     # 1…9 → 30…38
    table[48] = 39                                                       # 0 → 39
    table.update({290 + i: 58 + i for i in range(12)})                   # F1…F12 → 58…69
    table.update({320: 98, 330: 99, 331: 84, 332: 85, 333: 86, 334: 87, 335: 88, 336: 103})  # keypad 0 . / * - + Enter =
    table.update({321 + i: 89 + i for i in range(9)})                    # keypad 1…9 → 89…97
    table.update({
        257: 40, 256: 41, 259: 42, 258: 43, 32: 44,                      # Return, Escape, Backspace, Tab, Space
        45: 45, 61: 46, 91: 47, 93: 48, 92: 49, 59: 51, 39: 52, 96: 53, 44: 54, 46: 55, 47: 56,  # - = [ ] \ ; ' ` , . /
        280: 57, 283: 70, 281: 71, 284: 72, 260: 73, 268: 74, 266: 75, 261: 76, 269: 77, 267: 78,  # Caps … Insert Home PgUp Delete End PgDn
        262: 79, 263: 80, 264: 81, 265: 82, 282: 83, 348: 101,           # Right Left Down Up, Num Lock, Menu
        341: 224, 340: 225, 342: 226, 343: 227, 345: 228, 344: 229, 346: 230, 347: 231,  # modifier keys, left then right
    })
    return table


HID_USAGES = _glfw_to_hid()
KEYPAD_KEYS = set(range(320, 337))
# GLFW_MOD_SHIFT, CONTROL, ALT, SUPER, CAPS_LOCK → UIKeyModifierFlags bits.
GLFW_MODIFIERS = {0x1: strata_package.STRATA_MODIFIER_SHIFT, 0x2: strata_package.STRATA_MODIFIER_CONTROL,
                  0x4: strata_package.STRATA_MODIFIER_ALTERNATE, 0x8: strata_package.STRATA_MODIFIER_COMMAND,
                  0x10: strata_package.STRATA_MODIFIER_CAPS_LOCK}
GLFW_RELEASE, GLFW_PRESS, GLFW_REPEAT = 0, 1, 2


class KeyForwarder:
    """GLFW's key and character callbacks, forwarded to Strata's compositor `c` (which sends
    them to its focused layer). Keys GLFW reports that HID has no usage for, and releases of keys
    this host never saw go down (pressed before the window had focus), are dropped."""

    def __init__(self, strata, c, clock):
        self.strata, self.c, self.clock = strata, c, clock
        self.down = set()
        self.refused = []

    def key(self, window, key, scancode, action, mods):
        usage = HID_USAGES.get(key)
        if usage is None or (action != GLFW_PRESS and usage not in self.down):
            return
        flags = sum(bit for glfw_bit, bit in GLFW_MODIFIERS.items() if mods & glfw_bit)
        if key in KEYPAD_KEYS:
            flags |= strata_package.STRATA_MODIFIER_NUMERIC_PAD
        phase = {GLFW_PRESS: strata_package.STRATA_KEY_DOWN, GLFW_REPEAT: strata_package.STRATA_KEY_REPEAT,
                 GLFW_RELEASE: strata_package.STRATA_KEY_UP}[action]
        if phase == strata_package.STRATA_KEY_DOWN and usage in self.down:
            phase = strata_package.STRATA_KEY_REPEAT
        # Empty characters: the text comes through the character callback, typed once.
        status = self.strata.key_event(self.c, phase, usage, flags, b"", b"", self.clock(), None)
        if status != STRATA_OK:
            self.refused.append(self.strata.last_error())
            return
        if phase == strata_package.STRATA_KEY_DOWN:
            self.down.add(usage)
        elif phase == strata_package.STRATA_KEY_UP:
            self.down.discard(usage)

    def char(self, window, codepoint):
        status = self.strata.text_event(self.c, strata_package.STRATA_TEXT_COMMIT, chr(codepoint).encode("utf-8"), 0, 0,
                                        self.clock(), None)
        if status != STRATA_OK:
            self.refused.append(self.strata.last_error())


class GLES:
    """The handful of GLES calls the host makes, from libGLESv2 (dispatching to the current context)."""

    def __init__(self):
        lib = ctypes.CDLL("libGLESv2.so.2")
        f, i, u = ctypes.c_float, ctypes.c_int, ctypes.c_uint
        sigs = {
            "glClearColor": (None, [f, f, f, f]), "glClear": (None, [u]), "glEnable": (None, [u]),
            "glDisable": (None, [u]), "glScissor": (None, [i, i, i, i]), "glViewport": (None, [i, i, i, i]),
            "glFinish": (None, []), "glGetIntegerv": (None, [u, ctypes.POINTER(i)]), "glIsEnabled": (ctypes.c_ubyte, [u]),
            "glBlendFunc": (None, [u, u]), "glActiveTexture": (None, [u]), "glGetString": (ctypes.c_char_p, [u]),
            "glGetError": (u, []),
        }
        for name, (res, args) in sigs.items():
            fn = getattr(lib, name)
            fn.restype, fn.argtypes = res, args
            setattr(self, name, fn)

    def get(self, pname, n=1):
        out = (ctypes.c_int * 4)()
        self.glGetIntegerv(pname, out)
        return tuple(out[:n])

    def snapshot(self):
        return {
            "GL_VIEWPORT": self.get(GL_VIEWPORT, 4),
            "GL_SCISSOR_TEST enabled": self.glIsEnabled(GL_SCISSOR_TEST),
            "GL_SCISSOR_BOX": self.get(GL_SCISSOR_BOX, 4),
            "GL_BLEND enabled": self.glIsEnabled(GL_BLEND),
            "GL_BLEND_SRC_RGB/DST_RGB": self.get(GL_BLEND_SRC_RGB) + self.get(GL_BLEND_DST_RGB),
            "GL_CURRENT_PROGRAM": self.get(GL_CURRENT_PROGRAM),
            "GL_ACTIVE_TEXTURE": self.get(GL_ACTIVE_TEXTURE),
            "GL_DRAW_FRAMEBUFFER_BINDING": self.get(GL_DRAW_FRAMEBUFFER_BINDING),
            "GL_VERTEX_ARRAY_BINDING": self.get(GL_VERTEX_ARRAY_BINDING),
            "GL_ARRAY_BUFFER_BINDING": self.get(GL_ARRAY_BUFFER_BINDING),
            "GL_TEXTURE_BINDING_2D (active unit)": self.get(GL_TEXTURE_BINDING_2D),
            "GL_COLOR_CLEAR_VALUE": self.get(GL_COLOR_CLEAR_VALUE, 4),
            "GL_STENCIL_TEST enabled": self.glIsEnabled(GL_STENCIL_TEST),
            "GL_DEPTH_TEST enabled": self.glIsEnabled(GL_DEPTH_TEST),
        }


def main():
    if len(sys.argv) != 3:
        print("usage: python window_host.py /path/to/libStrataC.so OUT.png  (under X, e.g. xvfb-run)", file=sys.stderr)
        return 2
    lib_path, out_png = sys.argv[1], sys.argv[2]
    display = os.environ.get("DISPLAY")
    if not display:
        checks.fail("DISPLAY is not set: run under an X server, e.g. xvfb-run -a -s \"-screen 0 320x240x24\" …")
    strata = strata_package.load(lib_path)

    import glfw
    from PIL import ImageGrab

    # ---- The window and its EGL / OpenGL ES 3 context ----------------------------------------
    if not glfw.init():
        checks.fail(f"glfw.init() failed on DISPLAY={display}: {glfw.get_error()}")
    glfw.window_hint(glfw.CONTEXT_CREATION_API, glfw.EGL_CONTEXT_API)
    glfw.window_hint(glfw.CLIENT_API, glfw.OPENGL_ES_API)
    glfw.window_hint(glfw.CONTEXT_VERSION_MAJOR, 3)
    glfw.window_hint(glfw.CONTEXT_VERSION_MINOR, 0)
    glfw.window_hint(glfw.DECORATED, False)
    glfw.window_hint(glfw.RESIZABLE, False)
    glfw.window_hint(glfw.STENCIL_BITS, 8)
    glfw.window_hint(glfw.DEPTH_BITS, 24)
    window = glfw.create_window(WIN_W, WIN_H, "strata window host", None, None)
    if not window:
        checks.fail(f"glfw.create_window (EGL, OpenGL ES 3.0) failed: {glfw.get_error()}")
    glfw.set_window_pos(window, 0, 0)
    glfw.make_context_current(window)
    glfw.swap_interval(0)
    glfw.poll_events()
    egl = ctypes.CDLL("libEGL.so.1")
    egl.eglGetCurrentContext.restype = ctypes.c_void_p
    checks.expect(egl.eglGetCurrentContext(), "the window's context is an EGL context (eglGetCurrentContext ≠ NULL)",
                  "eglGetCurrentContext() is NULL with GLFW's context current: Strata cannot embed in it")
    gl = GLES()
    fb_w, fb_h = glfw.get_framebuffer_size(window)
    checks.expect((fb_w, fb_h) == (WIN_W, WIN_H), f"window framebuffer {fb_w}×{fb_h}, {gl.glGetString(0x1F02).decode()}",
                  f"window framebuffer is {fb_w}×{fb_h}, expected {WIN_W}×{WIN_H}")

    def host_draw_before():
        gl.glViewport(0, 0, WIN_W, WIN_H)
        gl.glEnable(GL_SCISSOR_TEST)
        gl.glEnable(GL_BLEND)                       # the host's own blend setup, not Strata's
        gl.glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA)
        gl.glActiveTexture(GL_TEXTURE2)
        gl.glScissor(0, 0, WIN_W, WIN_H)
        gl.glClearColor(GREY[0] / 255, GREY[1] / 255, GREY[2] / 255, 1)
        gl.glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT)
        gl.glScissor(0, 0, WIN_W, YELLOW_ROWS)
        gl.glClearColor(1, 1, 0, 1)
        gl.glClear(GL_COLOR_BUFFER_BIT)

    def host_draw_after():
        # Scissor box and colour only: the scissor test must still be on (Strata restored it).
        gl.glScissor(*MAGENTA_BOX)
        gl.glClearColor(1, 0, 1, 1)
        gl.glClear(GL_COLOR_BUFFER_BIT)

    # ---- Strata ---------------------------------------------------------------------------------
    c = strata.compositor_create()
    checks.expect(c, "strata_compositor_create in GLFW's EGL window context",
                  f"strata_compositor_create returned NULL: {strata.last_error()!r}")
    root = strata.layer(c, 0, (80, 80), (40, 40))
    strata.call("set_root", c, root)
    strata.layer(c, root, (30, 30), (20, 20), (1, 0, 0, 1))                   # red, frame (5, 5)–(35, 35)
    rounded = strata.layer(c, root, (30, 30), (60, 20), (0, 0, 1, 1))         # blue, frame (45, 5)–(75, 35)
    strata.call("layer_set_corner_radius", c, rounded, 10.0)
    strata.call("layer_set_border", c, rounded, 3.0, 1.0, 1.0, 1.0, 1.0)      # white border 3 points
    strata.layer(c, root, (60, 20), (40, 75), (0, 1, 0, 0.5))                 # green 50 %, frame (10, 65)–(70, 85): past the viewport
    picture = strata.layer(c, root, (16, 16), (20, 50))                       # frame (12, 42)–(28, 58)
    rows = [bytes([255, 255, 255, 255] * 8)] * 4 + [bytes([255, 128, 0, 255] * 8)] * 4  # white top half, orange bottom
    data = b"".join(rows)
    buf = (ctypes.c_uint8 * len(data)).from_buffer_copy(data)
    strata.call("layer_set_contents_rgba", c, picture, 8, 8, buf, 32)
    checks.ok("scene built: red, rounded blue with a white border, 50 % green running past the viewport, RGBA picture")

    # ---- Frames: draw, Strata, draw, swap ------------------------------------------------------
    for frame in range(3):
        host_draw_before()
        before = gl.snapshot()
        status = strata.render(c, 0, VX, VY, VW, VH, SCALE, frame / 60.0)
        if status != STRATA_OK:
            checks.fail(f"frame {frame}: strata_render(0, {VX}, {VY}, {VW}, {VH}, {SCALE}) = {status}: {strata.last_error()!r}")
        after = gl.snapshot()
        if frame == 0:
            for name, value in before.items():
                checks.expect(after[name] == value, f"GL state {name} unchanged by strata_render into framebuffer 0: {value}",
                              f"GL state {name} changed by strata_render into framebuffer 0: expected {value}, actual {after[name]}")
        host_draw_after()
        error = gl.glGetError()
        if error:
            checks.fail(f"frame {frame}: GL error 0x{error:04x} in the host's drawing")
        gl.glFinish()
        glfw.swap_buffers(window)
        glfw.poll_events()

    # ---- Screenshot ----------------------------------------------------------------------------
    wx, wy = glfw.get_window_pos(window)
    image = None
    for _ in range(40):                                  # the X server shows the swap shortly after
        image = ImageGrab.grab(xdisplay=display).convert("RGB")
        if image.getpixel((wx + 144, wy + 15)) == MAGENTA:
            break
        time.sleep(0.05)
    image.save(out_png)
    checks.ok(f"screenshot of {display} ({image.size[0]}×{image.size[1]}) saved to {out_png}; window at ({wx}, {wy})")

    def check_window(what, x, y, expected, tol=2):
        checks.pixel(what, image.getpixel((wx + x, wy + y)), expected, tol, f"screen ({wx + x}, {wy + y}) = window ({x}, {y})")

    def check_point(what, px, py, expected, tol=2):
        x, y = VX + int(px * SCALE), (WIN_H - VY - VH) + int(py * SCALE)
        checks.pixel(what, image.getpixel((wx + x, wy + y)), expected, tol,
                     f"screen ({wx + x}, {wy + y}) = window ({x}, {y}) = root point ({px}, {py})")

    if image.size[0] > wx + WIN_W + 5 and image.size[1] > wy + WIN_H + 5:
        check_window("X root window outside our window (black)", WIN_W + 4, WIN_H + 4, (0, 0, 0), tol=0)
    check_window("host grey, top-left", 4, 4, GREY)
    check_window("host grey, right of the viewport", 130, 60, GREY)
    check_window("host yellow band, bottom-left", 10, 115, YELLOW)
    check_window("host yellow band, right of the viewport", 140, 95, YELLOW)
    check_window("host magenta square drawn after Strata (scissor test still on)", 144, 15, MAGENTA)
    check_window("host grey just left of the magenta square (the clear stayed scissored)", 130, 15, GREY)
    check_window("host yellow below the viewport where Strata's green runs past it (clipped to the viewport)", 70, 102, YELLOW)
    check_point("Strata: host grey through the transparent root", 40, 45, GREY)
    check_point("Strata: red layer centre", 20, 20, (255, 0, 0))
    check_point("Strata: rounded blue layer centre", 60, 20, (0, 0, 255))
    check_point("Strata: white border of the rounded layer (left edge)", 46, 20, (255, 255, 255))
    check_point("Strata: the rounded corner shows the host", 45.5, 5.5, GREY)
    check_point("Strata: 50 % green over host grey", 40, 68, over((0, 255, 0, 0.5), GREY))
    check_point("Strata: 50 % green over host yellow inside the viewport", 40, 76, over((0, 255, 0, 0.5), YELLOW))
    check_point("Strata: RGBA picture, top half white", 20, 45, (255, 255, 255))
    check_point("Strata: RGBA picture, bottom half orange", 20, 55, (255, 128, 0))

    # ---- Keys: GLFW's callbacks forwarded to Strata's focused layer ---------------------------
    received = []

    @strata_package.KEY_CALLBACK
    def on_key(user_data, layer, phase, usage, modifiers, characters, plain, timestamp):
        received.append(("key", layer, phase, usage, modifiers, characters.decode(), plain.decode()))

    @strata_package.TEXT_CALLBACK
    def on_text(user_data, layer, phase, text, location, length, timestamp):
        received.append(("text", layer, phase, text.decode(), location, length))

    strata.call("set_key_callback", c, on_key, None)
    strata.call("set_text_callback", c, on_text, None)
    strata.call("set_key_focus", c, rounded)
    forwarder = KeyForwarder(strata, c, glfw.get_time)
    glfw.set_key_callback(window, forwarder.key)
    glfw.set_char_callback(window, forwarder.char)
    # What GLFW passes for: Shift down, A down (with Shift) and its character, A up, Shift up;
    # Backspace pressed, repeated, released; Left; a release of Escape, never pressed here.
    for key, action, mods in [(340, GLFW_PRESS, 0), (65, GLFW_PRESS, 1)]:
        forwarder.key(window, key, 0, action, mods)
    forwarder.char(window, ord("A"))
    for key, action, mods in [(65, GLFW_RELEASE, 1), (340, GLFW_RELEASE, 1), (259, GLFW_PRESS, 0), (259, GLFW_REPEAT, 0),
                              (259, GLFW_RELEASE, 0), (263, GLFW_PRESS, 0), (263, GLFW_RELEASE, 0), (256, GLFW_RELEASE, 0),
                              (322, GLFW_PRESS, 0x2), (322, GLFW_RELEASE, 0x2)]:
        forwarder.key(window, key, 0, action, mods)
    forwarder.char(window, 0x1F600)
    shift, down, rep, up = strata_package.STRATA_MODIFIER_SHIFT, 0, 1, 2
    keypad_control = strata_package.STRATA_MODIFIER_NUMERIC_PAD | strata_package.STRATA_MODIFIER_CONTROL
    expected = [
        ("key", rounded, down, 225, 0, "", ""), ("key", rounded, down, 4, shift, "", ""), ("text", rounded, 0, "A", 1, 0),
        ("key", rounded, up, 4, shift, "", ""), ("key", rounded, up, 225, shift, "", ""),
        ("key", rounded, down, 42, 0, "", ""), ("key", rounded, rep, 42, 0, "", ""), ("key", rounded, up, 42, 0, "", ""),
        ("key", rounded, down, 80, 0, "", ""), ("key", rounded, up, 80, 0, "", ""),
        ("key", rounded, down, 90, keypad_control, "", ""), ("key", rounded, up, 90, keypad_control, "", ""),
        ("text", rounded, 0, "\U0001F600", 2, 0),
    ]
    checks.expect(received == expected and not forwarder.refused,
                  "GLFW's key and character callbacks reached the focused layer: Shift-A as keys 225 and 4 with "
                  "empty characters plus committed text \"A\", Backspace down/repeat/up, Left, Control-keypad 2, an emoji",
                  f"keys forwarded from GLFW: expected {expected}, received {received}, refused {forwarder.refused}")
    # A key event straight from the host, checked whole: HID usage 0 is no key.
    checks.expect(strata.key_event(c, 0, 0, 0, b"", b"", glfw.get_time(), None) != STRATA_OK
                  and "key code 0 is not a UIKeyboardHIDUsage" in strata.last_error(),
                  "a key with HID usage 0 is refused with the rule's message",
                  f"a key with HID usage 0 was not refused as expected: {strata.last_error()!r}")
    glfw.set_key_callback(window, None)
    glfw.set_char_callback(window, None)

    status = strata.compositor_destroy(c)
    checks.expect(status == STRATA_OK, "strata_compositor_destroy = STRATA_OK",
                  f"strata_compositor_destroy: expected STRATA_OK, got {status} ({strata.last_error()!r})")
    glfw.destroy_window(window)
    glfw.terminate()
    checks.finish()
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except strata_package.StrataError as error:
        checks.fail(str(error))
