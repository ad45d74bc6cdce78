import CEGL
import CGBM
import Foundation
import Logging
import class StrataCore.Locked

/// The EGL platforms Strata can open a display on, in order of preference.
public enum EGLPlatform: String, Sendable, CaseIterable, CustomStringConvertible {
    /// The platforms Strata opens itself, in the order it tries them.
    public static let openable: [EGLPlatform] = [.device, .surfaceless, .gbm]

    /// `EGL_EXT_platform_device`: a GPU enumerated directly; the headless path on NVIDIA and recent Mesa.
    case device
    /// `EGL_MESA_platform_surfaceless`: Mesa with no display and no window system.
    case surfaceless
    /// `EGL_KHR_platform_gbm` on a DRM render node under `/dev/dri`.
    case gbm
    /// The host application's own display, whose context was current when Strata was embedded.
    /// Never opened by Strata and never tried automatically.
    case host
    /// No EGL display: a context over a table of GL functions alone (`GLContext(functions:)`,
    /// a recording table in tests). Never opened and never tried automatically.
    case noDisplay

    public var description: String { rawValue }

    /// The environment variable that forces one platform.
    public static let environmentVariable = "STRATA_EGL_PLATFORM"
}

/// An initialised EGL display on one platform, shared by every context in the process.
///
/// Any thread: EGL displays are process-wide and thread-safe. A connection is never terminated
/// (`eglTerminate` would pull the display from under other renderers on other threads).
public final class EGLConnection: @unchecked Sendable {
    /// Releases the calling thread's EGL state (`eglReleaseThread`): a thread that used EGL calls
    /// this last, after destroying its contexts, so nothing of it is left for the thread's exit to
    /// tear down while the process's exit handlers (the driver's among them) may already run.
    public static func releaseThread() {
        _ = eglReleaseThread()
    }

    /// The platform the display was opened on.
    public let platform: EGLPlatform
    /// The EGL display handle. Imported, owned by the process.
    public let display: EGLDisplay
    /// The EGL version the implementation reports, such as "1.5".
    public let version: String
    /// The display's extension names.
    public let extensions: Set<String>
    /// What the display runs on: the DRM node for GBM, the device's name for the device platform.
    public let deviceDescription: String
    /// The GBM device (`struct gbm_device *`) when `platform == .gbm`; kept for the process's life.
    public let gbmDevice: OpaquePointer?

    private init(platform: EGLPlatform, display: EGLDisplay, deviceDescription: String, gbmDevice: OpaquePointer? = nil) {
        self.platform = platform
        self.display = display
        self.deviceDescription = deviceDescription
        self.gbmDevice = gbmDevice
        var major: EGLint = 0, minor: EGLint = 0
        eglInitialize(display, &major, &minor)  // already initialised: returns the version again
        version = "\(major).\(minor)"
        extensions = EGLConnection.extensionSet(eglQueryString(display, EGL_EXTENSIONS))
    }

    /// Whether `image` (an `EGLImageKHR`'s bit pattern) is an EGLImage of this display, where EGL
    /// can tell: with `EGL_MESA_image_dma_buf_export`, whose query answers `EGL_BAD_PARAMETER`
    /// for a handle the display does not know, true or false; without it nil, as core EGL and
    /// `EGL_KHR_image_base` give no way to ask (Mesa's llvmpipe has no such query, so there a
    /// handle that is not an image crashes in the driver when it is bound). 0 is never an image.
    /// Any thread.
    public func knowsImage(_ image: UInt) -> Bool? {
        guard image != 0 else { return false }
        guard extensions.contains("EGL_MESA_image_dma_buf_export"), let entry = eglGetProcAddress("eglExportDMABUFImageQueryMESA") else {
            return nil
        }
        typealias Query =
            @convention(c) (EGLDisplay?, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<UInt64>?)
            -> EGLBoolean
        let query = unsafeBitCast(entry, to: Query.self)
        _ = eglGetError()  // clear what an earlier call left
        var fourcc: Int32 = 0, planes: Int32 = 0
        if query(display, UnsafeMutableRawPointer(bitPattern: image), &fourcc, &planes, nil) == EGLBoolean(EGL_TRUE) { return true }
        // An image that cannot be exported fails with another error: it is still an image.
        return eglGetError() != EGL_BAD_PARAMETER
    }

    /// The displays opened so far, by platform.
    private static let cache = Locked<[EGLPlatform: EGLConnection]>([:])
    private static let logger = Logger(label: "strata.gl")

    /// Opens (or returns the already opened) display on the preferred platform.
    ///
    /// With `forced` (or the `STRATA_EGL_PLATFORM` variable when `forced` is nil) only that
    /// platform is tried; otherwise device, surfaceless and GBM, in that order. Any thread.
    /// - Throws: `GLError.noPlatform` listing every platform tried and why it failed.
    public static func open(forced: EGLPlatform? = nil) throws -> EGLConnection {
        let order: [EGLPlatform]
        if let forced {
            order = [forced]
        } else if let name = ProcessInfo.processInfo.environment[EGLPlatform.environmentVariable], !name.isEmpty {
            guard let platform = EGLPlatform(rawValue: name.lowercased()), platform != .host else {
                throw GLError.noPlatform(attempts: [
                    .init(
                        platform: .device,
                        reason: "\(EGLPlatform.environmentVariable)=\(name) names no platform; use device, surfaceless or gbm")
                ])
            }
            order = [platform]
        } else {
            order = EGLPlatform.openable
        }
        return try cache.withLock { cache in
            var attempts: [GLError.PlatformAttempt] = []
            for platform in order {
                if let cached = cache[platform] { return cached }
                do throws(AttemptFailure) {
                    let connection = try connect(platform)
                    cache[platform] = connection
                    logger.debug("EGL display opened", metadata: ["platform": "\(platform)", "device": "\(connection.deviceDescription)"])
                    return connection
                } catch {
                    attempts.append(.init(platform: platform, reason: error.text))
                }
            }
            throw GLError.noPlatform(attempts: attempts)
        }
    }

    struct AttemptFailure: Error { let text: String }

    private static func connect(_ platform: EGLPlatform) throws(AttemptFailure) -> EGLConnection {
        let client = clientExtensions
        switch platform {
        case .device:
            guard client.contains("EGL_EXT_platform_device") else {
                throw AttemptFailure(text: "the EGL client lacks EGL_EXT_platform_device")
            }
            typealias QueryDevices = @convention(c) (EGLint, UnsafeMutablePointer<EGLDeviceEXT?>?, UnsafeMutablePointer<EGLint>?) -> EGLBoolean
            typealias QueryDeviceString = @convention(c) (EGLDeviceEXT?, EGLint) -> UnsafePointer<CChar>?
            guard let raw = eglGetProcAddress("eglQueryDevicesEXT") else {
                throw AttemptFailure(text: "eglQueryDevicesEXT is not exported (EGL_EXT_device_enumeration missing)")
            }
            let queryDevices = unsafeBitCast(raw, to: QueryDevices.self)
            let queryString = eglGetProcAddress("eglQueryDeviceStringEXT").map { unsafeBitCast($0, to: QueryDeviceString.self) }
            var count: EGLint = 0
            guard queryDevices(0, nil, &count) == EGL_TRUE, count > 0 else {
                throw AttemptFailure(text: "eglQueryDevicesEXT found no device (\(eglErrorName(eglGetError())))")
            }
            var devices = [EGLDeviceEXT?](repeating: nil, count: Int(count))
            _ = queryDevices(count, &devices, &count)
            var reasons: [String] = []
            // Hardware devices first: a device with a DRM node beats Mesa's software device.
            let described = devices.prefix(Int(count)).map { device -> (EGLDeviceEXT?, String, Bool) in
                let exts = extensionSet(queryString?(device, EGL_EXTENSIONS))
                let node = exts.contains("EGL_EXT_device_drm") ? queryString?(device, EGL_DRM_DEVICE_FILE_EXT).map { String(cString: $0) } : nil
                let name = node ?? (exts.contains("EGL_MESA_device_software") ? "software device" : "device")
                return (device, name, node != nil)
            }.sorted { $0.2 && !$1.2 }
            for (device, name, _) in described {
                guard let display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_DEVICE_EXT), UnsafeMutableRawPointer(device), nil) else {
                    reasons.append("\(name): eglGetPlatformDisplay failed: \(eglErrorName(eglGetError()))")
                    continue
                }
                guard eglInitialize(display, nil, nil) == EGL_TRUE else {
                    reasons.append("\(name): eglInitialize failed: \(eglErrorName(eglGetError()))")
                    continue
                }
                return EGLConnection(platform: .device, display: display, deviceDescription: name)
            }
            throw AttemptFailure(text: reasons.joined(separator: "; "))
        case .surfaceless:
            guard client.contains("EGL_MESA_platform_surfaceless") else {
                throw AttemptFailure(text: "the EGL client lacks EGL_MESA_platform_surfaceless")
            }
            guard let display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil) else {
                throw AttemptFailure(text: "eglGetPlatformDisplay failed: \(eglErrorName(eglGetError()))")
            }
            guard eglInitialize(display, nil, nil) == EGL_TRUE else {
                throw AttemptFailure(text: "eglInitialize failed: \(eglErrorName(eglGetError()))")
            }
            return EGLConnection(platform: .surfaceless, display: display, deviceDescription: "surfaceless")
        case .host:
            throw AttemptFailure(text: "the host platform is the embedding application's display; embed Strata in it instead of opening it")
        case .noDisplay:
            throw AttemptFailure(text: "noDisplay has no EGL display to open; make a context over a table of GL functions with GLContext(functions:)")
        case .gbm:
            let node = try renderNode()
            let fd = Glibc.open(node, O_RDWR | O_CLOEXEC)
            guard fd >= 0 else {
                throw AttemptFailure(text: "cannot open \(node): \(String(cString: strerror(errno)))")
            }
            guard let gbm = gbm_create_device(fd) else {
                close(fd)
                throw AttemptFailure(text: "gbm_create_device failed on \(node)")
            }
            guard client.contains("EGL_KHR_platform_gbm") || client.contains("EGL_MESA_platform_gbm") else {
                gbm_device_destroy(gbm); close(fd)
                throw AttemptFailure(text: "the EGL client lacks EGL_KHR_platform_gbm")
            }
            guard let display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_GBM_KHR), UnsafeMutableRawPointer(gbm), nil) else {
                gbm_device_destroy(gbm); close(fd)
                throw AttemptFailure(text: "eglGetPlatformDisplay on \(node) failed: \(eglErrorName(eglGetError()))")
            }
            guard eglInitialize(display, nil, nil) == EGL_TRUE else {
                gbm_device_destroy(gbm); close(fd)
                throw AttemptFailure(text: "eglInitialize on \(node) failed: \(eglErrorName(eglGetError()))")
            }
            return EGLConnection(platform: .gbm, display: display, deviceDescription: node, gbmDevice: gbm)
        }
    }

    /// The display of the EGL context current on the calling thread: the host application's, when
    /// Strata is embedded. Not cached (the host may use several displays) and never terminated.
    /// - Throws: `GLError.noCurrentContext` when no EGL context is current on this thread.
    public static func current() throws -> EGLConnection {
        guard eglGetCurrentContext() != nil, let display = eglGetCurrentDisplay() else {
            throw GLError.noCurrentContext(caller: "EGLConnection.current()")
        }
        return EGLConnection(platform: .host, display: display, deviceDescription: "host display")
    }

    /// The first DRM render node, such as `/dev/dri/renderD128`.
    /// - Throws: when `/dev/dri` has no render node, saying so.
    static func renderNode() throws(AttemptFailure) -> String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        guard let node = names.filter({ $0.hasPrefix("renderD") }).sorted().first else {
            throw AttemptFailure(text: "no DRM render node under /dev/dri")
        }
        return "/dev/dri/" + node
    }

    /// Why GBM cannot be used here, or nil when a DRM render node exists. Any thread.
    public static var renderNodeProblem: String? {
        do {
            _ = try renderNode()
            return nil
        } catch {
            let dri = FileManager.default.fileExists(atPath: "/dev/dri") ? "/dev/dri exists but holds no renderD* node" : "/dev/dri does not exist"
            return "\(error.text) (\(dri): this machine has no GPU kernel driver loaded, or the container was not given the device)"
        }
    }

    /// Whether a DRM render node exists, so the GBM platform can be tried at all. Any thread.
    public static var hasRenderNode: Bool {
        (try? renderNode()) != nil
    }

    /// The client extensions of the EGL library itself (platforms, device enumeration). Any thread.
    public static var clientExtensions: Set<String> {
        extensionSet(eglQueryString(nil, EGL_EXTENSIONS))
    }

    static func extensionSet(_ string: UnsafePointer<CChar>?) -> Set<String> {
        guard let string else { return [] }
        return Set(String(cString: string).split(separator: " ").map(String.init))
    }
}
