import Foundation
import StrataCompositor
import StrataCore
import StrataGL

// The functions of strata.h. Each checks its thread and arguments, does its work through
// `CCompositor`, and turns any failure into a status and a message for `strata_last_error`.

// MARK: - Errors and the call wrapper

/// The last error message of each thread, as C strings that stay valid until the thread's next call.
private final class LastError {
    var message: UnsafeMutablePointer<CChar>? = strdup("")

    func set(_ text: String) {
        free(message)
        message = strdup(text)
    }

    deinit { free(message) }
}

private let lastErrorKey = "strata.lastError"

private var lastError: LastError {
    if let existing = Thread.current.threadDictionary[lastErrorKey] as? LastError { return existing }
    let created = LastError()
    Thread.current.threadDictionary[lastErrorKey] = created
    return created
}

/// Runs one C call: clears the thread's last error, maps a thrown failure to its status.
func call(_ body: () throws -> Void) -> Int32 {
    do {
        try body()
        return 0
    } catch let failure as CFailure {
        lastError.set(failure.message)
        return failure.status
    } catch let error as GLError {
        lastError.set("\(error)")
        switch error {
        case .noCurrentContext, .hostContextNotCurrent, .unsupportedHostContext: return CFailure.context
        default: return CFailure.gl
        }
    } catch let error as HostRenderError {
        lastError.set("\(error)")
        return CFailure.invalidArgument
    } catch CompositorError.shutDown {
        lastError.set("the compositor was destroyed")
        return CFailure.destroyed
    } catch let error as CommitError {
        lastError.set("\(error)")
        return CFailure.invalidArgument
    } catch {
        lastError.set("\(error)")
        return CFailure.gl
    }
}

/// The compositor behind a handle, checked for thread and life.
func compositor(_ handle: OpaquePointer?, _ function: String) throws(CFailure) -> CCompositor {
    guard let handle else { throw CFailure.invalid("\(function): the compositor is NULL") }
    let c = Unmanaged<CCompositor>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
    try c.checkThread(function)
    return c
}

/// Runs a call on one layer of a compositor.
private func onLayer(
    _ handle: OpaquePointer?, _ layer: UInt64, _ function: String,
    _ body: (CCompositor, CLayer) throws -> Void
) -> Int32 {
    call {
        let c = try compositor(handle, function)
        try body(c, try c.layer(layer, function))
    }
}

/// The 16 values at `matrix` (CATransform3D order) as a transform.
private func transform(_ matrix: UnsafePointer<Double>?, _ function: String) throws(CFailure) -> Transform3D {
    guard let matrix else { throw CFailure.invalid("\(function): the matrix is NULL") }
    return Transform3D(entries: Array(UnsafeBufferPointer(start: matrix, count: 16)))
}

private func finite(_ values: Double..., in function: String, names: String) throws(CFailure) {
    guard values.allSatisfy(\.isFinite) else { throw CFailure.invalid("\(function): \(names) must be finite, got \(values)") }
}

private func color(_ r: Float, _ g: Float, _ b: Float, _ a: Float, _ function: String) throws(CFailure) -> Color? {
    let c = Color(red: r, green: g, blue: b, alpha: a)
    guard [r, g, b, a].allSatisfy({ $0.isFinite && (0...1).contains($0) }) else {
        throw CFailure.invalid("\(function): colour components must be in 0…1, got (\(r), \(g), \(b), \(a))")
    }
    return a > 0 ? c : nil
}

// MARK: - Library

/// `strata_last_error` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_last_error")
public func strata_last_error() -> UnsafePointer<CChar>? {
    UnsafePointer(lastError.message)
}

nonisolated(unsafe) private let versionString = strdup(StrataVersion.current)  // written once, never freed

/// `strata_version` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_version")
public func strata_version() -> UnsafePointer<CChar>? {
    UnsafePointer(versionString)
}

// MARK: - Compositor

private func create(_ mode: HostRenderer.ContextMode) -> OpaquePointer? {
    var result: OpaquePointer?
    _ = call {
        let c = try CCompositor(mode: mode)
        result = OpaquePointer(Unmanaged.passRetained(c).toOpaque())
    }
    return result
}

/// `strata_compositor_create` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_compositor_create")
public func strata_compositor_create() -> OpaquePointer? {
    create(.host)
}

/// `strata_compositor_create_shared` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_compositor_create_shared")
public func strata_compositor_create_shared() -> OpaquePointer? {
    create(.shared)
}

/// `strata_compositor_destroy` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_compositor_destroy")
public func strata_compositor_destroy(_ handle: OpaquePointer?) -> Int32 {
    guard let handle else { return 0 }
    return call {
        let c = try compositor(handle, "strata_compositor_destroy")
        guard c.renderer.isContextCurrent else {
            throw CFailure(
                status: CFailure.context,
                message: "strata_compositor_destroy: the EGL context the compositor was created in is not current; make it current so Strata can free its GL objects")
        }
        let leaked = c.destroy()  // the object stays, a tombstone of a few hundred bytes (see CCompositor.destroy)
        if leaked.total != 0 { throw CFailure(status: CFailure.gl, message: "strata_compositor_destroy: GL objects leaked: \(leaked)") }
    }
}

/// `strata_set_root` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_set_root")
public func strata_set_root(_ handle: OpaquePointer?, _ layer: UInt64) -> Int32 {
    call {
        let c = try compositor(handle, "strata_set_root")
        c.setRoot(layer == 0 ? nil : try c.layer(layer, "strata_set_root"))
    }
}

private func render(
    _ handle: OpaquePointer?, _ function: String, framebuffer: UInt32, color: GLAttachedFramebuffer.Color?,
    _ x: Int32, _ y: Int32, _ width: Int32, _ height: Int32, _ scale: Double, _ time: Double
) -> Int32 {
    call {
        let c = try compositor(handle, function)
        let viewport = PixelRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height))
        let target =
            color.map { HostFramebuffer(color: $0, viewport: viewport, scale: scale) }
            ?? HostFramebuffer(framebuffer: framebuffer, viewport: viewport, scale: scale)
        do {
            try c.render(into: target, time: time < 0 ? nil : time)
        } catch GLError.hostContextNotCurrent {
            throw CFailure(
                status: CFailure.context,
                message: "\(function): the EGL context the compositor was created in is not current on this thread; make it current (eglMakeCurrent) before rendering")
        } catch HostRenderError.framebufferInSharedMode {
            throw CFailure.invalid(
                "\(function): framebuffer objects are not shared between contexts, and this compositor has its own (strata_compositor_create_shared); render with strata_render_to_texture or strata_render_to_renderbuffer"
            )
        } catch HostRenderError.invalidTime(let t) {
            throw CFailure.invalid("\(function): time \(t) is not finite; pass seconds on the compositor's clock, or a negative value for Strata's own clock")
        } catch let error as HostRenderError {
            throw CFailure.invalid("\(function): \(error)")
        }
    }
}

/// `strata_render` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_render")
public func strata_render(
    _ handle: OpaquePointer?, _ framebuffer: UInt32, _ x: Int32, _ y: Int32,
    _ width: Int32, _ height: Int32, _ scale: Double, _ time: Double
) -> Int32 {
    render(handle, "strata_render", framebuffer: framebuffer, color: nil, x, y, width, height, scale, time)
}

/// `strata_render_to_texture` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_render_to_texture")
public func strata_render_to_texture(
    _ handle: OpaquePointer?, _ texture: UInt32, _ x: Int32, _ y: Int32,
    _ width: Int32, _ height: Int32, _ scale: Double, _ time: Double
) -> Int32 {
    render(handle, "strata_render_to_texture", framebuffer: 0, color: .texture(texture), x, y, width, height, scale, time)
}

/// `strata_render_to_renderbuffer` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_render_to_renderbuffer")
public func strata_render_to_renderbuffer(
    _ handle: OpaquePointer?, _ renderbuffer: UInt32, _ x: Int32, _ y: Int32,
    _ width: Int32, _ height: Int32, _ scale: Double, _ time: Double
) -> Int32 {
    render(handle, "strata_render_to_renderbuffer", framebuffer: 0, color: .renderbuffer(renderbuffer), x, y, width, height, scale, time)
}

/// `strata_next_frame_time` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_next_frame_time")
public func strata_next_frame_time(_ handle: OpaquePointer?) -> Double {
    var time = 0.0
    _ = call { time = try compositor(handle, "strata_next_frame_time").renderer.nextFrameTime }
    return time
}

// MARK: - Layers

/// `strata_layer_create` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_layer_create")
public func strata_layer_create(_ handle: OpaquePointer?) -> UInt64 {
    var id: UInt64 = 0
    _ = call { id = try compositor(handle, "strata_layer_create").createLayer() }
    return id
}

/// `strata_layer_release` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_layer_release")
public func strata_layer_release(_ handle: OpaquePointer?, _ layer: UInt64) -> Int32 {
    onLayer(handle, layer, "strata_layer_release") { c, l in c.release(l) }
}

/// `strata_layer_add_sublayer` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_layer_add_sublayer")
public func strata_layer_add_sublayer(_ handle: OpaquePointer?, _ parent: UInt64, _ child: UInt64) -> Int32 {
    call {
        let c = try compositor(handle, "strata_layer_add_sublayer")
        try c.insert(try c.layer(child, "strata_layer_add_sublayer"), into: try c.layer(parent, "strata_layer_add_sublayer"), at: nil, "strata_layer_add_sublayer")
    }
}

/// `strata_layer_insert_sublayer` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_layer_insert_sublayer")
public func strata_layer_insert_sublayer(_ handle: OpaquePointer?, _ parent: UInt64, _ child: UInt64, _ index: Int32) -> Int32 {
    call {
        let c = try compositor(handle, "strata_layer_insert_sublayer")
        guard index >= 0 else {
            throw CFailure.invalid("strata_layer_insert_sublayer: index \(index) is negative; pass 0 or more (past the end adds on top)")
        }
        try c.insert(
            try c.layer(child, "strata_layer_insert_sublayer"), into: try c.layer(parent, "strata_layer_insert_sublayer"),
            at: Int(index), "strata_layer_insert_sublayer")
    }
}

/// `strata_layer_remove_from_superlayer` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_layer_remove_from_superlayer")
public func strata_layer_remove_from_superlayer(_ handle: OpaquePointer?, _ layer: UInt64) -> Int32 {
    onLayer(handle, layer, "strata_layer_remove_from_superlayer") { c, l in c.removeFromSuperlayer(l) }
}

/// `strata_layer_set_bounds` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_layer_set_bounds")
public func strata_layer_set_bounds(_ handle: OpaquePointer?, _ layer: UInt64, _ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Int32 {
    onLayer(handle, layer, "strata_layer_set_bounds") { c, l in
        try c.set(l, .bounds(Rect(x: x, y: y, width: width, height: height)), "strata_layer_set_bounds")
    }
}

/// `strata_layer_set_position` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_layer_set_position")
public func strata_layer_set_position(_ handle: OpaquePointer?, _ layer: UInt64, _ x: Double, _ y: Double) -> Int32 {
    onLayer(handle, layer, "strata_layer_set_position") { c, l in try c.set(l, .position(Point(x: x, y: y)), "strata_layer_set_position") }
}

/// `strata_layer_set_anchor_point` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_layer_set_anchor_point")
public func strata_layer_set_anchor_point(_ handle: OpaquePointer?, _ layer: UInt64, _ x: Double, _ y: Double) -> Int32 {
    onLayer(handle, layer, "strata_layer_set_anchor_point") { c, l in try c.set(l, .anchorPoint(Point(x: x, y: y)), "strata_layer_set_anchor_point") }
}

/// `strata_layer_set_z_position` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_layer_set_z_position")
public func strata_layer_set_z_position(_ handle: OpaquePointer?, _ layer: UInt64, _ z: Double) -> Int32 {
    onLayer(handle, layer, "strata_layer_set_z_position") { c, l in try c.set(l, .zPosition(z), "strata_layer_set_z_position") }
}

/// `strata_layer_set_transform` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_layer_set_transform")
public func strata_layer_set_transform(_ handle: OpaquePointer?, _ layer: UInt64, _ matrix: UnsafePointer<Double>?) -> Int32 {
    onLayer(handle, layer, "strata_layer_set_transform") { c, l in
        try c.set(l, .transform(try transform(matrix, "strata_layer_set_transform")), "strata_layer_set_transform")
    }
}

/// `strata_layer_set_sublayer_transform` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_layer_set_sublayer_transform")
public func strata_layer_set_sublayer_transform(_ handle: OpaquePointer?, _ layer: UInt64, _ matrix: UnsafePointer<Double>?) -> Int32 {
    onLayer(handle, layer, "strata_layer_set_sublayer_transform") { c, l in
        try c.set(l, .sublayerTransform(try transform(matrix, "strata_layer_set_sublayer_transform")), "strata_layer_set_sublayer_transform")
    }
}

/// `strata_layer_set_double_sided` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_layer_set_double_sided")
public func strata_layer_set_double_sided(_ handle: OpaquePointer?, _ layer: UInt64, _ doubleSided: Bool) -> Int32 {
    onLayer(handle, layer, "strata_layer_set_double_sided") { c, l in try c.set(l, .isDoubleSided(doubleSided), "strata_layer_set_double_sided") }
}

/// `strata_layer_set_contents_gravity` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_layer_set_contents_gravity")
public func strata_layer_set_contents_gravity(_ handle: OpaquePointer?, _ layer: UInt64, _ gravity: Int32) -> Int32 {
    onLayer(handle, layer, "strata_layer_set_contents_gravity") { c, l in
        let all: [ContentsGravity] = [
            .resize, .resizeAspect, .resizeAspectFill, .center, .top, .bottom, .left, .right,
            .topLeft, .topRight, .bottomLeft, .bottomRight,
        ]
        guard all.indices.contains(Int(gravity)) else {
            throw CFailure.invalid("strata_layer_set_contents_gravity: \(gravity) is not a strata_contents_gravity (0...11)")
        }
        try c.set(l, .contentsGravity(all[Int(gravity)]), "strata_layer_set_contents_gravity")
    }
}

/// `strata_layer_set_contents_rect` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_layer_set_contents_rect")
public func strata_layer_set_contents_rect(_ handle: OpaquePointer?, _ layer: UInt64, _ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Int32 {
    onLayer(handle, layer, "strata_layer_set_contents_rect") { c, l in
        try c.set(l, .contentsRect(Rect(x: x, y: y, width: width, height: height)), "strata_layer_set_contents_rect")
    }
}

/// `strata_layer_set_opacity` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_layer_set_opacity")
public func strata_layer_set_opacity(_ handle: OpaquePointer?, _ layer: UInt64, _ opacity: Float) -> Int32 {
    onLayer(handle, layer, "strata_layer_set_opacity") { c, l in try c.set(l, .opacity(opacity), "strata_layer_set_opacity") }
}

/// `strata_layer_set_hidden` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_layer_set_hidden")
public func strata_layer_set_hidden(_ handle: OpaquePointer?, _ layer: UInt64, _ hidden: Bool) -> Int32 {
    onLayer(handle, layer, "strata_layer_set_hidden") { c, l in try c.set(l, .isHidden(hidden), "strata_layer_set_hidden") }
}

/// `strata_layer_set_background_color` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_layer_set_background_color")
public func strata_layer_set_background_color(_ handle: OpaquePointer?, _ layer: UInt64, _ r: Float, _ g: Float, _ b: Float, _ a: Float) -> Int32 {
    onLayer(handle, layer, "strata_layer_set_background_color") { c, l in
        try c.set(l, .backgroundColor(try color(r, g, b, a, "strata_layer_set_background_color")), "strata_layer_set_background_color")
    }
}

/// `strata_layer_set_corner_radius` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_layer_set_corner_radius")
public func strata_layer_set_corner_radius(_ handle: OpaquePointer?, _ layer: UInt64, _ radius: Double) -> Int32 {
    onLayer(handle, layer, "strata_layer_set_corner_radius") { c, l in try c.set(l, .cornerRadius(radius), "strata_layer_set_corner_radius") }
}

/// `strata_layer_set_border` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_layer_set_border")
public func strata_layer_set_border(_ handle: OpaquePointer?, _ layer: UInt64, _ width: Double, _ r: Float, _ g: Float, _ b: Float, _ a: Float) -> Int32 {
    onLayer(handle, layer, "strata_layer_set_border") { c, l in
        let borderColor = try color(r, g, b, a, "strata_layer_set_border")
        guard LayerProperty.borderWidth(width).problem == nil else {
            throw CFailure.invalid("strata_layer_set_border: width \(width) must be finite and not negative")
        }
        try c.set(l, .borderWidth(width), "strata_layer_set_border")
        try c.set(l, .borderColor(borderColor), "strata_layer_set_border")
    }
}

/// `strata_layer_set_masks_to_bounds` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_layer_set_masks_to_bounds")
public func strata_layer_set_masks_to_bounds(_ handle: OpaquePointer?, _ layer: UInt64, _ masks: Bool) -> Int32 {
    onLayer(handle, layer, "strata_layer_set_masks_to_bounds") { c, l in try c.set(l, .masksToBounds(masks), "strata_layer_set_masks_to_bounds") }
}

// MARK: - Contents

/// `strata_layer_set_contents_rgba` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_layer_set_contents_rgba")
public func strata_layer_set_contents_rgba(
    _ handle: OpaquePointer?, _ layer: UInt64, _ width: Int32, _ height: Int32,
    _ pixels: UnsafePointer<UInt8>?, _ stride: Int32
) -> Int32 {
    onLayer(handle, layer, "strata_layer_set_contents_rgba") { c, l in
        let f = "strata_layer_set_contents_rgba"
        guard let pixels else { throw CFailure.invalid("\(f): pixels is NULL") }
        let limit = c.renderer.gpu.maxTextureSize
        guard (1...Int32(limit)).contains(width), (1...Int32(limit)).contains(height) else {
            throw CFailure.invalid("\(f): size \(width)×\(height) is out of range: each side must be 1...\(limit) pixels on this GPU")
        }
        guard stride >= width * 4 else { throw CFailure.invalid("\(f): stride \(stride) is less than width × 4 = \(width * 4) bytes") }
        let (w, h, s) = (Int(width), Int(height), Int(stride))
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        bytes.withUnsafeMutableBufferPointer { out in
            for row in 0..<h { memcpy(out.baseAddress! + row * w * 4, pixels + row * s, w * 4) }
        }
        c.setContents(.setContents(l.id, ContentsUpdate(size: PixelSize(width: w, height: h), pixels: bytes)), of: l.id)
    }
}

private func external(
    _ handle: OpaquePointer?, _ layer: UInt64, _ source: ExternalContents.Source, _ width: Int32, _ height: Int32,
    _ premultiplied: Bool, _ topRowFirst: Bool, _ function: String
) -> Int32 {
    onLayer(handle, layer, function) { c, l in
        let contents = ExternalContents(
            source: source, size: PixelSize(width: Int(width), height: Int(height)),
            isPremultiplied: premultiplied, isTopRowFirst: topRowFirst)
        if let problem = contents.problem(maxTextureSize: c.renderer.gpu.maxTextureSize) {
            throw CFailure.invalid("\(function): \(problem)")
        }
        c.setContents(.setExternalContents(l.id, contents), of: l.id)
    }
}

/// `strata_layer_set_contents_texture` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_layer_set_contents_texture")
public func strata_layer_set_contents_texture(
    _ handle: OpaquePointer?, _ layer: UInt64, _ texture: UInt32, _ width: Int32, _ height: Int32,
    _ premultiplied: Bool, _ topRowFirst: Bool
) -> Int32 {
    // The name is checked now, in the context it belongs to, so a bad one fails this call rather
    // than the next render (which would refuse every change made since the last one).
    let f = "strata_layer_set_contents_texture"
    let checked = call {
        let c = try compositor(handle, f)
        guard c.renderer.isContextCurrent else {
            throw CFailure(status: CFailure.context, message: "\(f): the compositor's EGL context must be current to check texture \(texture); make it current first")
        }
        if texture != 0, !GLTextureName.isTexture(texture) {
            throw CFailure.invalid(
                "\(f): texture \(texture) is not a texture of this context (glIsTexture is false); pass a name from glGenTextures that holds a GL_TEXTURE_2D image")
        }
    }
    guard checked == 0 else { return checked }
    return external(handle, layer, .texture(texture), width, height, premultiplied, topRowFirst, "strata_layer_set_contents_texture")
}

/// `strata_layer_set_contents_egl_image` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_layer_set_contents_egl_image")
public func strata_layer_set_contents_egl_image(
    _ handle: OpaquePointer?, _ layer: UInt64, _ image: UnsafeMutableRawPointer?, _ width: Int32, _ height: Int32,
    _ premultiplied: Bool, _ topRowFirst: Bool
) -> Int32 {
    // Checked now where EGL can say (EGL_MESA_image_dma_buf_export): a handle the display does
    // not know would crash in the driver at the next render. Elsewhere it is the caller's (strata.h).
    let f = "strata_layer_set_contents_egl_image"
    let checked = call {
        let c = try compositor(handle, f)
        if let image, c.renderer.knowsEGLImage(UInt(bitPattern: image)) == false {
            throw CFailure.invalid(
                "\(f): \(image) is not an EGLImage of the compositor's EGL display (EGL_BAD_PARAMETER); pass a live image from eglCreateImage(KHR) on that display")
        }
    }
    guard checked == 0 else { return checked }
    return external(handle, layer, .eglImage(UInt(bitPattern: image)), width, height, premultiplied, topRowFirst, f)
}

/// `strata_layer_clear_contents` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_layer_clear_contents")
public func strata_layer_clear_contents(_ handle: OpaquePointer?, _ layer: UInt64) -> Int32 {
    onLayer(handle, layer, "strata_layer_clear_contents") { c, l in c.setContents(.setContents(l.id, nil), of: l.id) }
}

// MARK: - Animations

/// `strata_layer_animate` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_layer_animate")
public func strata_layer_animate(
    _ handle: OpaquePointer?, _ layer: UInt64, _ property: Int32,
    _ from: UnsafePointer<Double>?, _ to: UnsafePointer<Double>?, _ count: Int32,
    _ duration: Double, _ timing: Int32, _ beginTime: Double,
    _ repeatCount: Double, _ autoreverses: Bool
) -> Int32 {
    onLayer(handle, layer, "strata_layer_animate") { c, l in
        let f = "strata_layer_animate"
        guard let model = c.modelValue(l, property) else {
            throw CFailure.invalid("\(f): property \(property) is not a strata_property (0...6)")
        }
        let expected = CCompositor.animatableProperties[Int(property)].count
        guard count == expected else {
            throw CFailure.invalid("\(f): \(model.name) takes \(expected) value\(expected == 1 ? "" : "s"), got count \(count)")
        }
        guard duration.isFinite, duration > 0 else { throw CFailure.invalid("\(f): duration \(duration) must be a finite number of seconds above 0") }
        guard repeatCount >= 1, !repeatCount.isNaN else { throw CFailure.invalid("\(f): repeat_count \(repeatCount) must be at least 1 (INFINITY repeats for ever)") }
        guard beginTime.isFinite else { throw CFailure.invalid("\(f): begin_time \(beginTime) is not finite") }
        let curves: [Int32: TimingCurve] = [0: .linear, 1: .easeIn, 2: .easeOut, 3: .easeInOut, 4: .caDefault]
        guard let curve = curves[timing] else { throw CFailure.invalid("\(f): timing \(timing) is not a strata_timing (0...4)") }
        func value(_ pointer: UnsafePointer<Double>?) throws(CFailure) -> LayerProperty {
            guard let pointer else { return model }
            let v = Array(UnsafeBufferPointer(start: pointer, count: Int(count)))
            let value: LayerValue =
                switch model.value {
                case .float: .float(Float(v[0]))
                case .point: .point(Point(x: v[0], y: v[1]))
                case .rect: .rect(Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
                case .transform: .transform(Transform3D(entries: v))
                case .color: .color(Color(red: Float(v[0]), green: Float(v[1]), blue: Float(v[2]), alpha: Float(v[3])))
                default: .number(v[0])
                }
            let property = LayerProperty(model.key, value)
            if let problem = property.problem { throw CFailure.invalid("\(f): \(property.name) \(problem)") }
            return property
        }
        let animation = LayerAnimation(
            kind: .absolute(from: try value(from), to: try value(to)), curve: curve,
            beginTime: beginTime < 0 ? c.renderer.nextFrameTime : beginTime, duration: duration,
            repeatCount: repeatCount, autoreverses: autoreverses)
        if let problem = animation.problem { throw CFailure.invalid("\(f): \(problem)") }
        c.append(.addAnimation(l.id, animation))
    }
}

/// `strata_layer_remove_all_animations` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_layer_remove_all_animations")
public func strata_layer_remove_all_animations(_ handle: OpaquePointer?, _ layer: UInt64) -> Int32 {
    onLayer(handle, layer, "strata_layer_remove_all_animations") { c, l in c.append(.removeAllAnimations(l.id)) }
}

// MARK: - Pointer input

/// `strata_set_pointer_callback` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_set_pointer_callback")
public func strata_set_pointer_callback(
    _ handle: OpaquePointer?,
    _ callback: (@convention(c) (UnsafeMutableRawPointer?, UInt64, Int32, Double, Double) -> Void)?,
    _ userData: UnsafeMutableRawPointer?
) -> Int32 {
    call {
        let c = try compositor(handle, "strata_set_pointer_callback")
        c.pointerCallback = callback
        c.pointerUserData = userData
    }
}

/// `strata_hit_test` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_hit_test")
public func strata_hit_test(_ handle: OpaquePointer?, _ x: Double, _ y: Double) -> UInt64 {
    var hit: UInt64 = 0
    _ = call {
        let c = try compositor(handle, "strata_hit_test")
        try finite(x, y, in: "strata_hit_test", names: "x and y")
        hit = c.hitTest(Point(x: x, y: y))?.id.rawValue ?? 0
    }
    return hit
}

/// `strata_pointer_event` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_pointer_event")
public func strata_pointer_event(
    _ handle: OpaquePointer?, _ phase: Int32, _ x: Double, _ y: Double,
    _ received: UnsafeMutablePointer<UInt64>?
) -> Int32 {
    call {
        let c = try compositor(handle, "strata_pointer_event")
        guard (0...3).contains(phase) else { throw CFailure.invalid("strata_pointer_event: phase \(phase) is not a strata_pointer_phase (0...3)") }
        try finite(x, y, in: "strata_pointer_event", names: "x and y")
        let layer = c.pointer(phase, at: Point(x: x, y: y))
        received?.pointee = layer?.id.rawValue ?? 0
    }
}
