"""Python bindings of Strata's C interface (strata.h) through ctypes.

Every function of strata.h is declared with its argument and result types, so a wrong type fails
in Python, not in C. `load()` finds the library; `Library.call()` raises `StrataError` for a
failed status, with the message `strata_last_error()` gives. Thread rule (strata.h's): a
compositor is used only on the thread that created it, with its OpenGL context current there.
"""
import ctypes
import ctypes.util
import os
import subprocess
from ctypes import (CFUNCTYPE, POINTER, c_bool, c_char_p, c_double, c_float, c_int, c_int32, c_uint8, c_uint32,
                    c_uint64, c_void_p)

__all__ = ["load", "Library", "StrataError", "STATUS_NAMES", "render_on_ray"]

STRATA_OK = 0
STRATA_ERROR_INVALID_ARGUMENT = 1
STRATA_ERROR_UNKNOWN_LAYER = 2
STRATA_ERROR_CYCLE = 3
STRATA_ERROR_WRONG_THREAD = 4
STRATA_ERROR_CONTEXT = 5
STRATA_ERROR_GL = 6
STRATA_ERROR_DESTROYED = 7
STATUS_NAMES = {0: "STRATA_OK", 1: "STRATA_ERROR_INVALID_ARGUMENT", 2: "STRATA_ERROR_UNKNOWN_LAYER",
                3: "STRATA_ERROR_CYCLE", 4: "STRATA_ERROR_WRONG_THREAD", 5: "STRATA_ERROR_CONTEXT",
                6: "STRATA_ERROR_GL", 7: "STRATA_ERROR_DESTROYED"}

STRATA_PROPERTY_OPACITY = 0
STRATA_PROPERTY_POSITION = 1
STRATA_PROPERTY_BOUNDS = 2
STRATA_PROPERTY_TRANSFORM = 3
STRATA_PROPERTY_BACKGROUND_COLOR = 4
STRATA_PROPERTY_CORNER_RADIUS = 5
STRATA_PROPERTY_Z_POSITION = 6
STRATA_TIMING_LINEAR = 0
STRATA_POINTER_DOWN, STRATA_POINTER_MOVE, STRATA_POINTER_UP, STRATA_POINTER_CANCEL = 0, 1, 2, 3
STRATA_KEY_DOWN, STRATA_KEY_REPEAT, STRATA_KEY_UP = 0, 1, 2
STRATA_TEXT_COMMIT, STRATA_TEXT_COMPOSE, STRATA_TEXT_CANCEL = 0, 1, 2
STRATA_MODIFIER_CAPS_LOCK = 1 << 16
STRATA_MODIFIER_SHIFT = 1 << 17
STRATA_MODIFIER_CONTROL = 1 << 18
STRATA_MODIFIER_ALTERNATE = 1 << 19
STRATA_MODIFIER_COMMAND = 1 << 20
STRATA_MODIFIER_NUMERIC_PAD = 1 << 21

strata_layer = c_uint64
strata_compositor_p = c_void_p
strata_status = c_int
POINTER_CALLBACK = CFUNCTYPE(None, c_void_p, strata_layer, c_int, c_double, c_double)
# strata_key_callback: user data, layer, phase, HID usage, modifier bits, characters, characters
# ignoring modifiers (UTF-8 bytes, valid during the call), timestamp.
KEY_CALLBACK = CFUNCTYPE(None, c_void_p, strata_layer, c_int, c_uint32, c_uint32, c_char_p, c_char_p, c_double)
# strata_text_callback: user data, layer, phase, text (UTF-8 bytes), selected location and length
# (UTF-16 units), timestamp.
TEXT_CALLBACK = CFUNCTYPE(None, c_void_p, strata_layer, c_int, c_char_p, c_int32, c_int32, c_double)

# (result type, argument types) of each function, as strata.h declares it.
SIGNATURES = {
    "strata_last_error": (c_char_p, []),
    "strata_version": (c_char_p, []),
    "strata_compositor_create": (strata_compositor_p, []),
    "strata_compositor_create_shared": (strata_compositor_p, []),
    "strata_compositor_destroy": (strata_status, [strata_compositor_p]),
    "strata_set_root": (strata_status, [strata_compositor_p, strata_layer]),
    "strata_render": (strata_status, [strata_compositor_p, c_uint32, c_int32, c_int32, c_int32, c_int32, c_double, c_double]),
    "strata_render_to_texture": (strata_status, [strata_compositor_p, c_uint32, c_int32, c_int32, c_int32, c_int32, c_double, c_double]),
    "strata_render_to_renderbuffer": (strata_status, [strata_compositor_p, c_uint32, c_int32, c_int32, c_int32, c_int32, c_double, c_double]),
    "strata_next_frame_time": (c_double, [strata_compositor_p]),
    "strata_layer_create": (strata_layer, [strata_compositor_p]),
    "strata_layer_release": (strata_status, [strata_compositor_p, strata_layer]),
    "strata_layer_add_sublayer": (strata_status, [strata_compositor_p, strata_layer, strata_layer]),
    "strata_layer_insert_sublayer": (strata_status, [strata_compositor_p, strata_layer, strata_layer, c_int32]),
    "strata_layer_remove_from_superlayer": (strata_status, [strata_compositor_p, strata_layer]),
    "strata_layer_set_bounds": (strata_status, [strata_compositor_p, strata_layer, c_double, c_double, c_double, c_double]),
    "strata_layer_set_position": (strata_status, [strata_compositor_p, strata_layer, c_double, c_double]),
    "strata_layer_set_anchor_point": (strata_status, [strata_compositor_p, strata_layer, c_double, c_double]),
    "strata_layer_set_z_position": (strata_status, [strata_compositor_p, strata_layer, c_double]),
    "strata_layer_set_transform": (strata_status, [strata_compositor_p, strata_layer, POINTER(c_double)]),
    "strata_layer_set_sublayer_transform": (strata_status, [strata_compositor_p, strata_layer, POINTER(c_double)]),
    "strata_layer_set_double_sided": (strata_status, [strata_compositor_p, strata_layer, c_bool]),
    "strata_layer_set_contents_gravity": (strata_status, [strata_compositor_p, strata_layer, c_int]),
    "strata_layer_set_contents_rect": (strata_status, [strata_compositor_p, strata_layer, c_double, c_double, c_double, c_double]),
    "strata_layer_set_opacity": (strata_status, [strata_compositor_p, strata_layer, c_float]),
    "strata_layer_set_hidden": (strata_status, [strata_compositor_p, strata_layer, c_bool]),
    "strata_layer_set_background_color": (strata_status, [strata_compositor_p, strata_layer, c_float, c_float, c_float, c_float]),
    "strata_layer_set_corner_radius": (strata_status, [strata_compositor_p, strata_layer, c_double]),
    "strata_layer_set_border": (strata_status, [strata_compositor_p, strata_layer, c_double, c_float, c_float, c_float, c_float]),
    "strata_layer_set_masks_to_bounds": (strata_status, [strata_compositor_p, strata_layer, c_bool]),
    "strata_layer_set_contents_rgba": (strata_status, [strata_compositor_p, strata_layer, c_int32, c_int32, POINTER(c_uint8), c_int32]),
    "strata_layer_set_contents_texture": (strata_status, [strata_compositor_p, strata_layer, c_uint32, c_int32, c_int32, c_bool, c_bool]),
    "strata_layer_set_contents_egl_image": (strata_status, [strata_compositor_p, strata_layer, c_void_p, c_int32, c_int32, c_bool, c_bool]),
    "strata_layer_clear_contents": (strata_status, [strata_compositor_p, strata_layer]),
    "strata_layer_animate": (strata_status, [strata_compositor_p, strata_layer, c_int, POINTER(c_double), POINTER(c_double), c_int32,
                                             c_double, c_int, c_double, c_double, c_bool]),
    "strata_layer_remove_all_animations": (strata_status, [strata_compositor_p, strata_layer]),
    "strata_set_pointer_callback": (strata_status, [strata_compositor_p, POINTER_CALLBACK, c_void_p]),
    "strata_hit_test": (strata_layer, [strata_compositor_p, c_double, c_double]),
    "strata_pointer_event": (strata_status, [strata_compositor_p, c_int, c_double, c_double, POINTER(strata_layer)]),
    "strata_set_key_focus": (strata_status, [strata_compositor_p, strata_layer]),
    "strata_key_focus": (strata_layer, [strata_compositor_p]),
    "strata_set_key_callback": (strata_status, [strata_compositor_p, KEY_CALLBACK, c_void_p]),
    "strata_set_text_callback": (strata_status, [strata_compositor_p, TEXT_CALLBACK, c_void_p]),
    "strata_key_event": (strata_status, [strata_compositor_p, c_int, c_uint32, c_uint32, c_char_p, c_char_p, c_double,
                                         POINTER(strata_layer)]),
    "strata_text_event": (strata_status, [strata_compositor_p, c_int, c_char_p, c_int32, c_int32, c_double,
                                          POINTER(strata_layer)]),
}


class StrataError(Exception):
    """A strata_* call failed: `function`, `status` (a STRATA_ERROR_* number) and the message
    strata_last_error() gave."""

    def __init__(self, function, status, message):
        self.function, self.status, self.message = function, status, message
        super().__init__(f"{function}: {STATUS_NAMES.get(status, status)}: {message}")


class Library:
    """libstrata loaded, every function declared. `lib.compositor_create` is strata_compositor_create
    itself (raw: returns the C result); `lib.call("set_root", c, root)` raises StrataError unless
    the status is STRATA_OK."""

    def __init__(self, path):
        self.path = path
        self.lib = ctypes.CDLL(path)
        for name, (restype, argtypes) in SIGNATURES.items():
            function = getattr(self.lib, name)
            function.restype = restype
            function.argtypes = argtypes

    def __getattr__(self, name):
        return getattr(self.lib, "strata_" + name)

    def version(self):
        """The library's version, as `strata --version` prints it."""
        return self.lib.strata_version().decode("utf-8")

    def last_error(self):
        """The message of the last failed call on this thread (None when none failed)."""
        raw = self.lib.strata_last_error()
        return raw.decode("utf-8", "replace") if raw is not None else None

    def call(self, name, *args):
        """Calls strata_`name`; raises StrataError unless it returns STRATA_OK."""
        status = getattr(self.lib, "strata_" + name)(*args)
        if status != STRATA_OK:
            raise StrataError("strata_" + name, status, self.last_error())
        return status

    def compositor(self):
        """strata_compositor_create, raising StrataError when it returns NULL (no current context,
        for one)."""
        c = self.lib.strata_compositor_create()
        if not c:
            raise StrataError("strata_compositor_create", STRATA_ERROR_CONTEXT, self.last_error())
        return c

    def layer(self, c, parent, size, position, color=None):
        """A new layer of `size` (points) at `position` in `parent` (0: none), filled with
        `color` (r, g, b, a in 0…1) when given."""
        layer = self.lib.strata_layer_create(c)
        if layer == 0:
            raise StrataError("strata_layer_create", STRATA_ERROR_INVALID_ARGUMENT, self.last_error())
        self.call("layer_set_bounds", c, layer, 0.0, 0.0, float(size[0]), float(size[1]))
        self.call("layer_set_position", c, layer, float(position[0]), float(position[1]))
        if color is not None:
            self.call("layer_set_background_color", c, layer, *[float(v) for v in color])
        if parent:
            self.call("layer_add_sublayer", c, parent, layer)
        return layer


def find_library():
    """Where libstrata is: $STRATA_LIBRARY, else the loader's search (ldconfig: /usr/local/lib
    after `scripts/setup.sh install` as root), else pkg-config's libdir for strata (a prefix of
    one's own, with PKG_CONFIG_PATH set). None when none of them has it."""
    if os.environ.get("STRATA_LIBRARY"):
        return os.environ["STRATA_LIBRARY"]
    found = ctypes.util.find_library("strata")
    if found:
        return found
    try:
        libdir = subprocess.run(["pkg-config", "--variable=libdir", "strata"], capture_output=True, text=True,
                                check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    candidate = os.path.join(libdir, "libstrata.so.0")
    return candidate if os.path.exists(candidate) else None


def load(path=None):
    """Loads libstrata from `path`, or from where `find_library()` finds it. Raises OSError
    saying what to do when there is none."""
    path = path or find_library()
    if path is None:
        raise OSError("libstrata.so was not found: install it with `bash scripts/setup.sh install` (run from Strata's "
                      "checkout; without root, then export PKG_CONFIG_PATH=~/.local/lib/pkgconfig), or set "
                      "STRATA_LIBRARY to its path, or pass the path to strata.load()")
    return Library(path)


def render_on_ray(program, frames=None, shard=30, out="frames", **options):
    """Renders a Strata program's frames in shards on Ray (see strata.render.render_on_ray; needs
    the ray package)."""
    from .render import render_on_ray as render
    return render(program, frames=frames, shard=shard, out=out, **options)
