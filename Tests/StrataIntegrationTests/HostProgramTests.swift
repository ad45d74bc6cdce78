import Foundation
import StrataTesting
import Testing

// Real hosts: programs written in C and Python that own their EGL contexts and framebuffers and
// embed Strata through strata.h / libStrataC.so. Each checks its own pixels and Strata's and exits
// non-zero naming the check that failed. `scripts/setup.sh test` builds the library and the
// Python environment (moderngl, glfw, Pillow) before the tests run.

/// Where the package's files and build products are.
private enum Paths {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The build products folder, where libStrataC.so is built (see `buildProducts`).
    static let library = buildProducts.appendingPathComponent("libStrataC.so")
    static let python = root.appendingPathComponent(".build/hosts-venv/bin/python")
    static let hosts = root.appendingPathComponent("Tests/Hosts")
}

/// Runs a program in the package's root (see `runProgram`).
private func run(_ executable: String, _ arguments: [String], timeout: TimeInterval = 120) throws -> (status: Int32, output: String) {
    try runProgram(executable, arguments, in: Paths.root, timeout: timeout)
}

/// Fails with what to do when the library or the Python environment is missing.
private func requireLibrary() throws {
    guard FileManager.default.fileExists(atPath: Paths.library.path) else {
        throw HostProgramError("\(Paths.library.path) is missing: build it with `swift build --product StrataC` (bash scripts/setup.sh test does)")
    }
}

private func requirePython() throws {
    guard FileManager.default.isExecutableFile(atPath: Paths.python.path) else {
        throw HostProgramError(
            "\(Paths.python.path) is missing: bash scripts/setup.sh test makes it (python3 -m venv .build/hosts-venv; pip install moderngl glfw pillow ./python)")
    }
}

/// Compiles a C host against strata.h and libStrataC.so (warnings are errors) and runs it.
/// Returns what it printed.
@discardableResult
private func buildAndRunCHost(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    try requireLibrary()
    let name = URL(fileURLWithPath: source).deletingPathExtension().lastPathComponent
    let binary = FileManager.default.temporaryDirectory.appendingPathComponent("strata-\(name)-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: binary) }
    let libraryFolder = buildProducts.path
    let build = try run(
        "/usr/bin/env",
        [
            "cc", "-std=c11", "-O1", "-Wall", "-Werror", "-I", "Sources/StrataC/include", source,
            "-L", libraryFolder, "-lStrataC", "-Wl,-rpath,\(libraryFolder)", "-lEGL", "-lGLESv2", "-lm", "-o", binary,
        ])
    #expect(build.status == 0, "\(source) did not compile:\n\(build.output)", sourceLocation: sourceLocation)
    guard build.status == 0 else { return build.output }
    let result = try run(binary, [])
    #expect(result.status == 0, "\(source) failed:\n\(result.output)", sourceLocation: sourceLocation)
    return result.output
}

struct HostProgramError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

/// The host programs load the libStrataC.so of `buildProducts`, so they run only when those are
/// a plain build's (a thread-sanitized test build points `STRATA_PRODUCTS` at one, as
/// scripts/tsan.sh does): a TSan build of the library would need the TSan runtime in each host.
let hostProgramsRun = buildProductsArePlain
let tsanReason: Comment =
    "a thread-sanitized test build runs the host programs only against a plain build's libStrataC.so (set STRATA_PRODUCTS to its folder, as scripts/tsan.sh does)"

@Suite("Host programs embedding Strata through strata.h", .serialized, .enabled(if: hostProgramsRun, tsanReason))
struct HostProgramTests {
    @Test("A C program with its own EGL context and drawing, built against strata.h, embeds Strata and checks both its pixels and Strata's", .tags(.gpu), .requiresGPU)
    func cHost() throws {
        try buildAndRunCHost("Tests/Hosts/c_host.c")
    }

    @Test("A C host with Strata in a shared context of its own draws into the host's texture; the host's state is untouched", .tags(.gpu), .requiresGPU)
    func cSharedHost() throws {
        try buildAndRunCHost("Tests/Hosts/c_shared_host.c")
    }

    @Test("The README's C example compiles against strata.h and runs: the card's centre is its colour", .tags(.gpu), .requiresGPU)
    func readmeCExample() throws {
        try requireLibrary()
        let readme = try String(contentsOf: Paths.root.appendingPathComponent("README.md"), encoding: .utf8)
        guard let marker = readme.range(of: "<!-- embed-c-example -->\n```c\n"),
            let end = readme.range(of: "\n```", range: marker.upperBound..<readme.endIndex)
        else {
            throw HostProgramError("README.md has no C example after <!-- embed-c-example -->")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-readme-c-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("example.c")
        try String(readme[marker.upperBound..<end.lowerBound]).write(to: source, atomically: true, encoding: .utf8)
        let binary = folder.appendingPathComponent("example").path
        let libraryFolder = buildProducts.path
        let build = try run(
            "/usr/bin/env",
            [
                "cc", "-I", "Sources/StrataC/include", source.path, "-L", libraryFolder, "-lStrataC",
                "-Wl,-rpath,\(libraryFolder)", "-lEGL", "-lGLESv2", "-o", binary,
            ])
        #expect(build.status == 0, "the README's C example did not compile:\n\(build.output)")
        guard build.status == 0 else { return }
        let result = try run(binary, [])
        #expect(result.status == 0, "the README's C example failed:\n\(result.output)")
        #expect(result.output.contains("the card's centre: 230 76 51"), "\(result.output)")
    }

    @Test("A Python program with moderngl's own standalone EGL context loads libStrataC.so through the strata package; its own rendering is unaffected", .tags(.gpu), .requiresGPU)
    func modernglHost() throws {
        try requireLibrary()
        try requirePython()
        let result = try run(Paths.python.path, [Paths.hosts.appendingPathComponent("moderngl_host.py").path, Paths.library.path])
        #expect(result.status == 0, "the moderngl host failed:\n\(result.output)")
    }

    @Test("The Python package's own tests (python/tests) pass against libStrataC.so: version, every function of strata.h declared, errors raised")
    func pythonPackageTests() throws {
        try requireLibrary()
        try requirePython()
        let result = try run(
            "/usr/bin/env", ["STRATA_LIBRARY=\(Paths.library.path)", Paths.python.path, "-m", "unittest", "discover", "-v", "-s", "python/tests", "-p", "test_strata.py"])
        #expect(result.status == 0, "the Python package's tests failed:\n\(result.output)")
        #expect(result.output.contains("Ran 6 tests"), "\(result.output)")
    }

    @Test("A windowed GLFW host under Xvfb shows Strata's layers over its own content; checked by a screenshot of the X display", .tags(.gpu), .requiresGPU)
    func windowedHost() throws {
        try requireLibrary()
        try requirePython()
        let screenshot = FileManager.default.temporaryDirectory.appendingPathComponent("strata-window-host-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: screenshot) }
        let result = try run(
            "/usr/bin/env",
            [
                "xvfb-run", "-a", "-s", "-screen 0 320x240x24", Paths.python.path,
                Paths.hosts.appendingPathComponent("window_host.py").path, Paths.library.path, screenshot,
            ])
        #expect(result.status == 0, "the windowed host failed:\n\(result.output)")
        #expect(FileManager.default.fileExists(atPath: screenshot), "no screenshot was written")
    }
}

/// The bad-input catalogue of the C interface (Tests/Hosts/c_catalogue.c): each call a C user
/// could get wrong, the status it returns and the message `strata_last_error()` gives; then the
/// picture is unchanged (the root's red centre); a chain 100,000 levels deep under the root draws
/// its innermost layer, takes a pointer there and is freed by destroy; a call after destroy says so.
@Suite("The C interface's bad-input catalogue", .tags(.gpu), .requiresGPU, .serialized, .enabled(if: hostProgramsRun, tsanReason))
struct CCatalogueTests {
    /// Each case: its name (as c_catalogue.c prints it), the status, the message.
    static let catalogue: [(name: String, status: Int32, message: String)] = [
        ("the version", 0, "0.8.0"),  // not bad input: the one version, as `strata --version` prints it
        ("NULL compositor", 1, "strata_set_root: the compositor is NULL"),
        ("layer 0", 2, "strata_layer_set_opacity: layer 0 does not exist in this compositor (never created, or released); create it with strata_layer_create"),
        ("a layer never made", 2, "strata_layer_set_opacity: layer 987654 does not exist in this compositor (never created, or released); create it with strata_layer_create"),
        ("a released layer", 2, "strata_layer_set_opacity: layer 3 does not exist in this compositor (never created, or released); create it with strata_layer_create"),
        ("opacity NaN", 1, "strata_layer_set_opacity: opacity is nan, outside 0...1"),
        ("opacity 2", 1, "strata_layer_set_opacity: opacity is 2.0, outside 0...1"),
        ("bounds with a negative width", 1, "strata_layer_set_bounds: bounds has a negative size -1.0×16.0"),
        ("position at infinity", 1, "strata_layer_set_position: position has a non-finite value (inf, 0.0)"),
        (
            "a transform holding NaN", 1,
            "strata_layer_set_transform: transform has a non-finite entry: [1.0, 0.0, 0.0, 0.0, 0.0, nan, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0]"
        ),
        ("a NULL transform", 1, "strata_layer_set_transform: the matrix is NULL"),
        ("a negative corner radius", 1, "strata_layer_set_corner_radius: cornerRadius is negative (-2.0)"),
        ("a colour component of 1.5", 1, "strata_layer_set_background_color: colour components must be in 0…1, got (1.5, 0.0, 0.0, 1.0)"),
        ("a layer under itself", 3, "strata_layer_add_sublayer: layer 1 cannot become a sublayer of layer 1: that would put it inside its own subtree"),
        ("a layer under its own sublayer", 3, "strata_layer_add_sublayer: layer 1 cannot become a sublayer of layer 2: that would put it inside its own subtree"),
        ("a negative sublayer index", 1, "strata_layer_insert_sublayer: index -1 is negative; pass 0 or more (past the end adds on top)"),
        ("NULL pixels", 1, "strata_layer_set_contents_rgba: pixels is NULL"),
        ("a stride below width x 4", 1, "strata_layer_set_contents_rgba: stride 4 is less than width × 4 = 8 bytes"),
        ("contents 0 wide", 1, "strata_layer_set_contents_rgba: size 0×2 is out of range: each side must be 1...16384 pixels on this GPU"),
        (
            "a texture never made", 1,
            "strata_layer_set_contents_texture: texture 4242 is not a texture of this context (glIsTexture is false); pass a name from glGenTextures that holds a GL_TEXTURE_2D image"
        ),
        ("a NULL EGLImage", 1, "strata_layer_set_contents_egl_image: the EGLImage is EGL_NO_IMAGE_KHR; pass an image from eglCreateImageKHR"),
        ("an animation of 0 values", 1, "strata_layer_animate: opacity takes 1 value, got count 0"),
        ("an opacity animation given 2 values", 1, "strata_layer_animate: opacity takes 1 value, got count 2"),
        ("an animation of negative duration", 1, "strata_layer_animate: duration -1.0 must be a finite number of seconds above 0"),
        ("a repeat count of 0", 1, "strata_layer_animate: repeat_count 0.0 must be at least 1 (INFINITY repeats for ever)"),
        ("render with width 0", 1, "strata_render: viewport (0, 0, 0, 16) is out of range: each side must be 1...16384 pixels on this GPU and the corner within ±16384"),
        ("render at scale 0", 1, "strata_render: scale 0.0 is not a finite number above 0; pass the framebuffer's pixels per point (1 when they are equal)"),
        ("render at time NaN", 1, "strata_render: time nan is not finite; pass seconds on the compositor's clock, or a negative value for Strata's own clock"),
        (
            "render into a framebuffer never made", 1,
            "strata_render: 777 is not a framebuffer object of the current context; pass 0 for the window's framebuffer or a name from glGenFramebuffers"
        ),
        (
            "render into texture 0", 1,
            "strata_render_to_texture: texture 0 is not a texture of the current context (0, never made, or deleted); pass a GL_TEXTURE_2D name from glGenTextures that you have bound and given storage"
        ),
        (
            "render into a renderbuffer that is a texture", 1,
            "strata_render_to_renderbuffer: renderbuffer 1 is not a renderbuffer of the current context (0, never made, or deleted); pass a name from glGenRenderbuffers that you have bound and given storage"
        ),
        ("a pointer event at NaN", 1, "strata_pointer_event: x and y must be finite, got [nan, 0.0]"),
        ("a pointer move with nothing down", 0, ""),
        (
            "key focus on a layer never made", 2,
            "strata_set_key_focus: layer 987654 does not exist in this compositor (never created, or released); create it with strata_layer_create"
        ),
        ("a key phase of 3", 1, "strata_key_event: phase 3 is not a strata_key_phase (0...2)"),
        (
            "a key of HID usage 0", 1,
            "strata_key_event: key code 0 is not a UIKeyboardHIDUsage (a USB HID keyboard page usage: 4...164, 224...231 or 65535, e.g. 4 for A, 40 for Return)"
        ),
        (
            "a key of HID usage 165", 1,
            "strata_key_event: key code 165 is not a UIKeyboardHIDUsage (a USB HID keyboard page usage: 4...164, 224...231 or 65535, e.g. 4 for A, 40 for Return)"
        ),
        (
            "modifier bit 1", 1,
            "strata_key_event: modifier flags 0x1 have bits UIKeyModifierFlags does not define (alphaShift 1<<16, shift 1<<17, control 1<<18, alternate 1<<19, command 1<<20, numericPad 1<<21)"
        ),
        ("characters that are not UTF-8", 1, "strata_key_event: the characters holds bytes that are not UTF-8; pass UTF-8"),
        ("a key at time NaN", 1, "strata_key_event: timestamp nan is not finite; pass seconds on your clock, never going backwards"),
        ("a key up of a key not down", 1, "strata_key_event: a key up for HID usage 4, which is not down; send its down first"),
        ("a key down of A at 1 s", 0, ""),
        ("a key down of A again", 1, "strata_key_event: a key down for HID usage 4, which is already down; send its up first, or a repeat for a held key"),
        (
            "a key up of A at 0.5 s, before the last", 1,
            "strata_key_event: timestamp 0.5 is before the last key or text event's 1.0; timestamps must not go backwards"
        ),
        ("committed text NULL", 1, "strata_text_event: the committed text is NULL; pass a UTF-8 string"),
        ("marked text that is not UTF-8", 1, "strata_text_event: the marked text holds bytes that are not UTF-8; pass UTF-8"),
        ("a marked range past the text", 1, "strata_text_event: the marked text's selected range {1, 2} is outside the marked text of 2 UTF-16 units"),
        ("a text phase of -1", 1, "strata_text_event: phase -1 is not a strata_text_phase (0...2)"),
        ("a 100,000-level chain built and released", 0, ""),
        (
            "the chain's top added under its bottom", 3,
            "strata_layer_add_sublayer: layer 4 cannot become a sublayer of layer 100003: that would put it inside its own subtree"
        ),
        ("after", 0, "centre 255 0 0 255"),
        ("a 100,000-level chain under the root", 0, "built 0, centre 0 255 0 255, corner 255 0 0 255, the innermost hit 1"),
        ("destroy", 0, ""),
        ("a call after destroy", 7, "strata_layer_set_opacity: the compositor was destroyed"),
    ]

    @Test("Every bad call returns its status and message, and nothing it refused changed the picture")
    func everyBadCallIsRefused() throws {
        try requireLibrary()
        let output = try buildAndRunCHost("Tests/Hosts/c_catalogue.c")
        let seen = output.split(separator: "\n").compactMap { line -> (String, Int32, String)? in
            let parts = line.split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let status = Int32(parts[1]) else { return nil }
            return (String(parts[0]), status, String(parts[2]))
        }
        #expect(seen.count == Self.catalogue.count, "\(output)")
        for (expected, actual) in zip(Self.catalogue, seen) {
            #expect(actual.0 == expected.name && actual.1 == expected.status && actual.2 == expected.message, "\(expected.name): got \(actual)")
        }
    }
}
