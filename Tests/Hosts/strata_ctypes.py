"""strata_ctypes.py — ctypes bindings of strata.h and the check helpers the Python hosts share.

Imported by moderngl_host.py and window_host.py (which sit next to it). Every function used is
declared with its argtypes and restype exactly as in Sources/StrataC/include/strata.h:
strata_layer is uint64, strata_compositor * is an opaque pointer, strata_status an int.
"""
import ctypes
import math
import sys
from ctypes import (CFUNCTYPE, POINTER, c_bool, c_char_p, c_double, c_float, c_int, c_int32, c_uint8,
                    c_uint32, c_uint64, c_void_p)

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
STRATA_TIMING_LINEAR = 0
STRATA_POINTER_DOWN, STRATA_POINTER_MOVE, STRATA_POINTER_UP, STRATA_POINTER_CANCEL = 0, 1, 2, 3

strata_layer = c_uint64
strata_compositor_p = c_void_p
strata_status = c_int
POINTER_CALLBACK = CFUNCTYPE(None, c_void_p, strata_layer, c_int, c_double, c_double)

_SIGNATURES = {
    "strata_last_error": (c_char_p, []),
    "strata_version": (c_char_p, []),
    "strata_compositor_create": (strata_compositor_p, []),
    "strata_compositor_create_shared": (strata_compositor_p, []),
    "strata_render_to_texture": (strata_status, [strata_compositor_p, c_uint32, c_int32, c_int32, c_int32, c_int32, c_double, c_double]),
    "strata_compositor_destroy": (strata_status, [strata_compositor_p]),
    "strata_set_root": (strata_status, [strata_compositor_p, strata_layer]),
    "strata_render": (strata_status, [strata_compositor_p, c_uint32, c_int32, c_int32, c_int32, c_int32, c_double, c_double]),
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
    "strata_layer_set_opacity": (strata_status, [strata_compositor_p, strata_layer, c_float]),
    "strata_layer_set_hidden": (strata_status, [strata_compositor_p, strata_layer, c_bool]),
    "strata_layer_set_background_color": (strata_status, [strata_compositor_p, strata_layer, c_float, c_float, c_float, c_float]),
    "strata_layer_set_corner_radius": (strata_status, [strata_compositor_p, strata_layer, c_double]),
    "strata_layer_set_border": (strata_status, [strata_compositor_p, strata_layer, c_double, c_float, c_float, c_float, c_float]),
    "strata_layer_set_masks_to_bounds": (strata_status, [strata_compositor_p, strata_layer, c_bool]),
    "strata_layer_set_contents_rgba": (strata_status, [strata_compositor_p, strata_layer, c_int32, c_int32, POINTER(c_uint8), c_int32]),
    "strata_layer_set_contents_texture": (strata_status, [strata_compositor_p, strata_layer, c_uint32, c_int32, c_int32, c_bool, c_bool]),
    "strata_layer_clear_contents": (strata_status, [strata_compositor_p, strata_layer]),
    "strata_layer_animate": (strata_status, [strata_compositor_p, strata_layer, c_int, POINTER(c_double), POINTER(c_double), c_int32,
                                             c_double, c_int, c_double, c_double, c_bool]),
    "strata_layer_remove_all_animations": (strata_status, [strata_compositor_p, strata_layer]),
    "strata_set_pointer_callback": (strata_status, [strata_compositor_p, POINTER_CALLBACK, c_void_p]),
    "strata_hit_test": (strata_layer, [strata_compositor_p, c_double, c_double]),
    "strata_pointer_event": (strata_status, [strata_compositor_p, c_int, c_double, c_double, POINTER(strata_layer)]),
}


class Checks:
    """One line per passed check on stdout; the first failure goes to stderr and exits 1."""

    def __init__(self, program):
        self.program = program
        self.passed = 0

    def ok(self, message):
        self.passed += 1
        print(f"ok {message}", flush=True)

    def fail(self, message):
        print(f"{self.program}: FAIL {message}", file=sys.stderr, flush=True)
        print(f"{self.program}: {self.passed} checks passed before this failure", file=sys.stderr, flush=True)
        sys.exit(1)

    def expect(self, condition, passed_message, failed_message):
        if not condition:
            self.fail(failed_message)
        self.ok(passed_message)

    def pixel(self, what, got, expected, tol, where):
        """`got` and `expected` are (r, g, b[, a]) tuples; compares r, g, b within `tol`."""
        got = tuple(int(v) for v in got)
        expected = tuple(int(round(v)) for v in expected[:3])
        if any(abs(g - e) > tol for g, e in zip(got[:3], expected)):
            self.fail(f"pixel check '{what}' at {where}: expected rgb{expected} ±{tol}, actual rgba{got}")
        self.ok(f"{what} at {where} = rgb{got[:3]}")

    def finish(self):
        print(f"{self.program}: all {self.passed} checks passed", flush=True)


class Strata:
    """The library, with every function declared; `call` turns a failed status into a failed check."""

    def __init__(self, path, checks):
        self.lib = ctypes.CDLL(path)
        self.checks = checks
        for name, (restype, argtypes) in _SIGNATURES.items():
            fn = getattr(self.lib, name)
            fn.restype = restype
            fn.argtypes = argtypes

    def __getattr__(self, name):
        return getattr(self.lib, "strata_" + name)

    def last_error(self):
        raw = self.lib.strata_last_error()
        return raw.decode("utf-8", "replace") if raw is not None else None

    def call(self, name, *args):
        status = getattr(self.lib, "strata_" + name)(*args)
        if status != STRATA_OK:
            self.checks.fail(f"strata_{name}{tuple(args)[1:]}: expected STRATA_OK, got {STATUS_NAMES.get(status, status)} "
                             f"({self.last_error()!r})")
        return status

    def layer(self, c, parent, size, position, color=None):
        layer = self.lib.strata_layer_create(c)
        if layer == 0:
            self.checks.fail(f"strata_layer_create returned 0 ({self.last_error()!r})")
        self.call("layer_set_bounds", c, layer, 0.0, 0.0, float(size[0]), float(size[1]))
        self.call("layer_set_position", c, layer, float(position[0]), float(position[1]))
        if color is not None:
            self.call("layer_set_background_color", c, layer, *[float(v) for v in color])
        if parent:
            self.call("layer_add_sublayer", c, parent, layer)
        return layer


def over(src, dst):
    """Premultiplied source-over, on 0…255 rgb values: src is (r, g, b, a) *not* premultiplied
    with a in 0…1, dst is (r, g, b) opaque."""
    r, g, b, a = src
    return tuple(a * s + (1 - a) * d for s, d in zip((r, g, b), dst))


def is_finite(x):
    return math.isfinite(x)
