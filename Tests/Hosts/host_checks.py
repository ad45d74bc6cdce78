"""host_checks.py — the check helpers the Python hosts share (moderngl_host.py and
window_host.py, next to it; Python puts a script's own directory on its path). The bindings of
strata.h are the `strata` package (python/ in the checkout, installed with pip).
"""
import math
import sys


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


def over(src, dst):
    """Premultiplied source-over, on 0…255 rgb values: src is (r, g, b, a) *not* premultiplied
    with a in 0…1, dst is (r, g, b) opaque."""
    r, g, b, a = src
    return tuple(a * s + (1 - a) * d for s, d in zip((r, g, b), dst))


def is_finite(x):
    return math.isfinite(x)
