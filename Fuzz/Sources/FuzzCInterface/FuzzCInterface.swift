import CEGLFuzz
import Foundation
import FuzzSupport
import StrataC

/// The host: an EGL context current on libFuzzer's thread, its framebuffer, and the compositor
/// embedded in it. Made once.
struct Host: @unchecked Sendable {
    let compositor: OpaquePointer
    let framebuffer: GLuint
    let texture: GLuint

    static let shared: Host = {
        let display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil)
        eglInitialize(display, nil, nil)
        eglBindAPI(EGLenum(EGL_OPENGL_ES_API))
        let attributes: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE]
        let context = eglCreateContext(display, nil, nil, attributes)
        eglMakeCurrent(display, nil, nil, context)
        var texture: GLuint = 0, framebuffer: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_RGBA8), 16, 16)
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        guard let compositor = strata_compositor_create() else {
            fatalError("FuzzCInterface: strata_compositor_create failed: \(String(cString: strata_last_error()!))")
        }
        return Host(compositor: compositor, framebuffer: framebuffer, texture: texture)
    }()
}

/// libFuzzer's entry: the bytes as a sequence of strata.h calls on layers the sequence made (and
/// on made-up and released ones), with edge-case numbers. Every call must return a status (and
/// a message when it fails); a crash, trap or hang is a defect.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCInterface(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let host = Host.shared
    let c = host.compositor
    var input = FuzzBytes(Array(UnsafeBufferPointer(start: start, count: count)))
    var layers: [UInt64] = [0, 424_242]  // nothing, and a layer never made
    func layer(_ input: inout FuzzBytes) -> UInt64 { layers[input.choice(layers.count)] }
    var calls = 0
    while !input.isEmpty, calls < 64 {
        calls += 1
        let status: Int32
        switch input.choice(16) {
        case 0, 1:
            let made = strata_layer_create(c)
            layers.append(made)
            status = made == 0 ? 1 : 0
        case 2: status = strata_layer_release(c, layer(&input))
        case 3: status = strata_layer_add_sublayer(c, layer(&input), layer(&input))
        case 4: status = strata_layer_insert_sublayer(c, layer(&input), layer(&input), Int32(Int8(bitPattern: input.byte())))
        case 5: status = strata_layer_remove_from_superlayer(c, layer(&input))
        case 6: status = strata_set_root(c, layer(&input))
        case 7: status = strata_layer_set_bounds(c, layer(&input), input.double(), input.double(), input.double(), input.double())
        case 8: status = strata_layer_set_position(c, layer(&input), input.double(), input.double())
        case 9:
            var m = [Double](repeating: 0, count: 16)
            for i in stride(from: 0, to: 16, by: 5) { m[i] = 1 }
            m[input.choice(16)] = input.double()
            status = input.choice(2) == 0 ? strata_layer_set_transform(c, layer(&input), m) : strata_layer_set_sublayer_transform(c, layer(&input), m)
        case 10: status = strata_layer_set_opacity(c, layer(&input), input.float())
        case 11:
            switch input.choice(4) {
            case 0: status = strata_layer_set_corner_radius(c, layer(&input), input.double())
            case 1: status = strata_layer_set_border(c, layer(&input), input.double(), input.float(), 0, 0, 1)
            case 2: status = strata_layer_set_masks_to_bounds(c, layer(&input), input.choice(2) == 0)
            default: status = strata_layer_set_background_color(c, layer(&input), input.float(), input.float(), input.float(), input.float())
            }
        case 12:
            let w = Int32(input.choice(20)) - 2, h = Int32(input.choice(20)) - 2
            let stride = Int32(input.choice(100)) - 4
            let pixels = [UInt8](repeating: input.byte(), count: max(0, Int(stride) * Int(max(h, 0))))
            status = strata_layer_set_contents_rgba(c, layer(&input), w, h, pixels, stride)
        case 13:
            let values = [input.double(), input.double()]
            status = strata_layer_animate(
                c, layer(&input), Int32(input.choice(8)) - 1, values, values.reversed(), Int32(input.choice(4)), input.double(),
                Int32(input.choice(5)) - 1, input.double(), input.double(), input.choice(2) == 0)
        case 14:
            var received: UInt64 = 0
            status = strata_pointer_event(c, Int32(input.choice(5)) - 1, input.double(), input.double(), &received)
        default:
            status = strata_render(c, host.framebuffer, 0, 0, Int32(input.choice(20)), 16, input.double(), input.choice(3) == 0 ? input.double() : -1)
        }
        // A failure always says why.
        if status != 0 {
            precondition(strata_last_error().map { String(cString: $0) }?.isEmpty == false, "status \(status) without a message")
        }
    }
    for made in layers.dropFirst(2) { _ = strata_layer_release(c, made) }
    return 0
}

/// The program's entry: libFuzzer with `fuzzCInterface` as the function under test.
@_cdecl("FuzzCInterface_main")
public func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzCInterface)
}
