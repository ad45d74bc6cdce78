import CPango
import Foundation

// Core Text's and Core Graphics's ways of registering the fonts an app bundles, so
// `UIFont(name:size:)` finds them by PostScript name. Each font file becomes a fontconfig
// application font (`FcConfigAppFontAddFile`); a `CGFont` made from bytes is written to a file
// of this process's temporary directory first, since fontconfig reads fonts from files.

/// Core Foundation's data, URL and error types, as Foundation's classes (Linux's Foundation
/// does not export Core Foundation), so `data as CFData` and `url as CFURL` compile as on iOS.
public typealias CFData = NSData
/// See `CFData`.
public typealias CFURL = NSURL
/// See `CFData`.
public typealias CFError = NSError

/// Bytes to read a font or image from: Core Graphics's `CGDataProvider`. Immutable; any thread.
public final class CGDataProvider: @unchecked Sendable {
    /// The bytes.
    public let data: CFData?

    /// A provider of `data`'s bytes.
    public init?(data: CFData) { self.data = data.copy() as? NSData }

    /// A provider of the file at `url`; nil when it cannot be read.
    public init?(url: CFURL) {
        guard let path = url.path, let bytes = FileManager.default.contents(atPath: path) else { return nil }
        data = bytes as NSData
    }
}

/// A font made from a font file's bytes: Core Graphics's `CGFont`. Immutable; any thread.
public final class CGFont: @unchecked Sendable {
    /// The font file's bytes.
    let bytes: Data
    /// The face's PostScript name, from the font's `name` table (ID 6).
    public let postScriptName: String?
    /// The face's full name (`name` ID 4).
    public let fullName: String?
    /// The design units per em (`head` table).
    public let unitsPerEm: Int32
    /// The number of glyphs.
    public let numberOfGlyphs: Int

    /// The font in `provider`'s bytes (the first face of a collection); nil when they are not a
    /// font HarfBuzz reads.
    public init?(_ provider: CGDataProvider) {
        guard let data = provider.data, data.length > 0 else { return nil }
        bytes = Data(referencing: data)
        var values: (ps: String?, full: String?, upem: Int32, glyphs: Int) = (nil, nil, 0, 0)
        bytes.withUnsafeBytes { raw in
            let blob = hb_blob_create(
                raw.baseAddress?.assumingMemoryBound(to: CChar.self), UInt32(raw.count), HB_MEMORY_MODE_READONLY, nil, nil)
            let face = hb_face_create(blob, 0)
            values.glyphs = Int(hb_face_get_glyph_count(face))
            values.upem = Int32(hb_face_get_upem(face))
            values.ps = Self.name(face, hb_ot_name_id_t(HB_OT_NAME_ID_POSTSCRIPT_NAME))
            values.full = Self.name(face, hb_ot_name_id_t(HB_OT_NAME_ID_FULL_NAME))
            hb_face_destroy(face)
            hb_blob_destroy(blob)
        }
        guard values.glyphs > 0 else { return nil }
        (postScriptName, fullName, unitsPerEm, numberOfGlyphs) = (values.ps, values.full, values.upem, values.glyphs)
    }

    private static func name(_ face: OpaquePointer?, _ id: hb_ot_name_id_t) -> String? {
        var length: UInt32 = 256
        var buffer = [CChar](repeating: 0, count: Int(length))
        guard hb_ot_name_get_utf8(face, id, nil, &length, &buffer) > 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Where a registered font is visible: Core Text's `CTFontManagerScope`. On Strata every scope
/// registers for this process only.
public enum CTFontManagerScope: UInt32, Sendable {
    case none = 0, process = 1, persistent = 2, session = 3
    public static let user = CTFontManagerScope.persistent
}

/// Core Text's error codes for registration (`CTFontManagerError`).
public enum CTFontManagerError: Int, Sendable {
    case fileNotFound = 101, insufficientPermissions = 102, unrecognizedFormat = 103, invalidFontData = 104
    case alreadyRegistered = 105
}

/// Where the fonts registered from data live while the process runs (fontconfig and Pango open
/// fonts by path, when they first draw with them): a folder of the process's own in the
/// temporary directory, made on first use and removed when the process exits.
private let registeredFontFolder: URL = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-fonts-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: registeredFontFolder) }
    return folder
}()

private let registeredFonts = NSLock()
nonisolated(unsafe) private var registeredNames: Set<String> = []

private func fail(_ error: UnsafeMutablePointer<Unmanaged<CFError>?>?, _ code: CTFontManagerError) -> Bool {
    error?.pointee = Unmanaged.passRetained(NSError(domain: "com.apple.CoreText.CTFontManagerErrorDomain", code: code.rawValue))
    return false
}

/// Registers `font` for this process, so `UIFont(name:size:)` opens it by its PostScript name.
/// False, with a `CTFontManagerError` in `error`, when a font of that PostScript name was
/// registered already (`alreadyRegistered`) or the font cannot be added (`invalidFontData`).
@discardableResult
public func CTFontManagerRegisterGraphicsFont(_ font: CGFont, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool {
    let name = font.postScriptName ?? UUID().uuidString
    let isNew = registeredFonts.withLock { registeredNames.insert(name).inserted }
    guard isNew else { return fail(error, .alreadyRegistered) }
    let file = registeredFontFolder.appendingPathComponent(UUID().uuidString + ".font")
    guard (try? font.bytes.write(to: file)) != nil, FontSystem.shared.registerFont(atPath: file.path) else {
        registeredFonts.withLock { _ = registeredNames.remove(name) }
        return fail(error, .invalidFontData)
    }
    return true
}

/// Registers the fonts of the file at `fontURL` for this process. False, with a
/// `CTFontManagerError` in `error`, when the file is missing (`fileNotFound`), is no font
/// (`invalidFontData`), or was registered already (`alreadyRegistered`).
@discardableResult
public func CTFontManagerRegisterFontsForURL(
    _ fontURL: CFURL, _ scope: CTFontManagerScope, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> Bool {
    guard let path = fontURL.path, FileManager.default.fileExists(atPath: path) else { return fail(error, .fileNotFound) }
    if FontSystem.shared.isRegistered(path: path) { return fail(error, .alreadyRegistered) }
    return FontSystem.shared.registerFont(atPath: path) ? true : fail(error, .invalidFontData)
}
