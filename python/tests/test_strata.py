"""The package's own tests: run with STRATA_LIBRARY naming the library to load
(`python -m unittest discover python/tests` from the checkout; HostProgramTests runs them).
They need no OpenGL context: what needs one is checked by Tests/Hosts/moderngl_host.py."""
import ctypes
import os
import re
import unittest

import strata

HEADER = os.path.join(os.path.dirname(__file__), "..", "..", "Sources", "StrataC", "include", "strata.h")
PYPROJECT = os.path.join(os.path.dirname(__file__), "..", "pyproject.toml")
VERSION_SWIFT = os.path.join(os.path.dirname(__file__), "..", "..", "Sources", "StrataCore", "Version.swift")


class LibraryTests(unittest.TestCase):
    def setUp(self):
        self.lib = strata.load()

    def test_version_is_the_package_version_and_the_swift_one(self):
        with open(PYPROJECT) as f:
            package = re.search(r'^version = "(.*)"', f.read(), re.M).group(1)
        with open(VERSION_SWIFT) as f:
            swift = re.search(r'static let current = "(.*)"', f.read()).group(1)
        self.assertEqual(self.lib.version(), swift)
        self.assertEqual(package, swift)

    def test_every_function_in_the_header_is_declared(self):
        with open(HEADER) as f:
            header = f.read()
        declared = set(re.findall(r"\b(strata_[a-z_]+)\(", header)) - {"strata_pointer_callback", "strata_key_callback",
                                                                       "strata_text_callback"}
        self.assertEqual(declared - set(strata.SIGNATURES), set(), "functions of strata.h the package does not declare")
        self.assertEqual(set(strata.SIGNATURES) - declared, set(), "functions the package declares that strata.h lacks")

    def test_a_compositor_without_a_current_context_raises_with_the_message(self):
        with self.assertRaises(strata.StrataError) as caught:
            self.lib.compositor()
        self.assertEqual(caught.exception.status, strata.STRATA_ERROR_CONTEXT)
        self.assertIn("strata_compositor_create", str(caught.exception))
        self.assertIn("no EGL context is current on this thread", caught.exception.message)

    def test_a_failed_status_raises_strata_error_naming_the_call(self):
        with self.assertRaises(strata.StrataError) as caught:
            self.lib.call("set_root", None, 1)
        self.assertEqual(caught.exception.status, strata.STRATA_ERROR_INVALID_ARGUMENT)
        self.assertEqual(str(caught.exception), "strata_set_root: STRATA_ERROR_INVALID_ARGUMENT: strata_set_root: the compositor is NULL")

    def test_key_and_text_events_are_declared_with_their_c_types_and_refuse_a_null_compositor(self):
        self.assertEqual(self.lib.lib.strata_key_event.argtypes[2:6],
                         [ctypes.c_uint32, ctypes.c_uint32, ctypes.c_char_p, ctypes.c_char_p])
        self.assertEqual(strata.STRATA_MODIFIER_SHIFT | strata.STRATA_MODIFIER_COMMAND, 0x120000)
        with self.assertRaises(strata.StrataError) as caught:
            self.lib.call("key_event", None, strata.STRATA_KEY_DOWN, 4, 0, b"a", None, 0.0, None)
        self.assertEqual(str(caught.exception),
                         "strata_key_event: STRATA_ERROR_INVALID_ARGUMENT: strata_key_event: the compositor is NULL")
        with self.assertRaises(strata.StrataError) as caught:
            self.lib.call("text_event", None, strata.STRATA_TEXT_COMMIT, "é".encode(), 0, 0, 0.0, None)
        self.assertEqual(caught.exception.message, "strata_text_event: the compositor is NULL")
        self.assertEqual(self.lib.key_focus(None), 0)
        with self.assertRaises(ctypes.ArgumentError):
            self.lib.key_event(None, 0, 4, 0, "a str, not bytes", None, 0.0, None)

    def test_loading_a_missing_path_fails_clearly(self):
        with self.assertRaises(OSError):
            strata.load("/nonexistent/libstrata.so")


if __name__ == "__main__":
    unittest.main()
