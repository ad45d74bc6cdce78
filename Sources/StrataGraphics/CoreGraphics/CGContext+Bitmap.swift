import CCairo
import Foundation
import StrataCore

/// Where a bitmap's pixels keep alpha, and whether colours are premultiplied by it (Core
/// Graphics' `CGImageAlphaInfo`; the raw values are Core Graphics').
public enum CGImageAlphaInfo: UInt32, Sendable {
    /// No alpha.
    case none = 0
    /// Alpha in the last byte of each pixel (RGBA), colours premultiplied.
    case premultipliedLast = 1
    /// Alpha in the first byte of each pixel (ARGB), colours premultiplied.
    case premultipliedFirst = 2
    /// Alpha last, colours not premultiplied.
    case last = 3
    /// Alpha first, colours not premultiplied.
    case first = 4
    /// No alpha; the last byte of each pixel is unused (RGBX).
    case noneSkipLast = 5
    /// No alpha; the first byte of each pixel is unused (XRGB).
    case noneSkipFirst = 6
    /// Alpha alone, no colour.
    case alphaOnly = 7
}

/// How a bitmap lays out its pixels: the alpha (`CGImageAlphaInfo`'s raw value in the low
/// bits) and the byte order of each pixel's 32-bit word (Core Graphics' `CGBitmapInfo`, with
/// its values).
public struct CGBitmapInfo: OptionSet, Sendable {
    public let rawValue: UInt32
    /// Bitmap information from its bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The bits that hold a `CGImageAlphaInfo`.
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    /// The bits that say components are floating point.
    public static let floatInfoMask = CGBitmapInfo(rawValue: 0xF00)
    /// Components are floating point (not supported by Strata's bitmap contexts).
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    /// The bits that hold the byte order.
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    /// The default byte order: big-endian (the components in the order their name gives).
    public static let byteOrderDefault = CGBitmapInfo([])
    /// 16-bit words, little-endian.
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 1 << 12)
    /// 32-bit words, little-endian: `premultipliedFirst` is then B, G, R, A in memory.
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    /// 16-bit words, big-endian.
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 3 << 12)
    /// 32-bit words, big-endian: the components in memory in the order their name gives.
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)

    /// The alpha its low bits name; nil for a value `CGImageAlphaInfo` does not have.
    var alphaInfo: CGImageAlphaInfo? { CGImageAlphaInfo(rawValue: rawValue & Self.alphaInfoMask.rawValue) }
    /// Its byte-order bits alone (`byteOrderDefault`, `byteOrder32Little`, ...).
    var byteOrder: CGBitmapInfo { intersection(.byteOrderMask) }
}

extension CGContext {
    /// A bitmap context drawing into `data` (or into memory of its own when `data` is nil), as
    /// Core Graphics' `CGBitmapContextCreate`: `width` × `height` pixels, `bytesPerRow` apart (0:
    /// `width` × the pixel's bytes). User space starts at the bitmap's bottom-left corner with y
    /// up, one unit a pixel; `data`'s first row is the picture's top. Every painting call leaves
    /// its pixels in `data` when it returns, so the caller may read them at any time.
    ///
    /// Formats, as Core Graphics supports them: 8 bits a component with `premultipliedLast`,
    /// `premultipliedFirst`, `noneSkipLast` or `noneSkipFirst` (32 bits a pixel) in either byte
    /// order, or `alphaOnly` (8 bits a pixel). Anything else is nil, with Core Graphics' message
    /// ("unsupported parameter combination") on standard error, as is a width or height below 1
    /// or rows shorter than their pixels. Strata draws in sRGB whatever `space` is.
    ///
    /// Any thread, as every `CGContext`; `data` must stay valid, and not be written by anyone
    /// else, while the context lives.
    public convenience init?(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
        space: CGColorSpace, bitmapInfo: UInt32
    ) {
        let info = CGBitmapInfo(rawValue: bitmapInfo)
        guard
            let memory = BitmapMemory(
                data: data, width: width, height: height, bitsPerComponent: bitsPerComponent, bytesPerRow: bytesPerRow,
                space: space, info: info)
        else {
            let row = bytesPerRow == 0 ? "computed" : "\(bytesPerRow)"
            let (alpha, order) = (info.alphaInfo, info.byteOrder.rawValue)
            FileHandle.standardError.write(
                Data(
                    ("CGBitmapContextCreate: unsupported parameter combination: \(width) × \(height) pixels; \(bitsPerComponent) bits/component; "
                        + "\(alpha.map { "\($0)" } ?? "alpha info \(bitmapInfo & 0x1F)"); byte order 0x\(String(order, radix: 16)); \(row) bytes/row. "
                        + "Supported: 8 bits/component with premultipliedLast, premultipliedFirst, noneSkipLast or noneSkipFirst (32 bits/pixel), "
                        + "or alphaOnly (8 bits/pixel), at least 1 × 1 pixels, rows at least as long as their pixels\n").utf8))
            return nil
        }
        self.init(surface: memory.surface)
        bitmap = memory
        // Core Graphics' user space: origin at the bottom-left corner, y up.
        cairo_translate(cairo, 0, CGFloat(height))
        cairo_scale(cairo, 1, -1)
    }

    /// The pixels a bitmap context draws into (the caller's `data`, or its own memory); nil for
    /// other contexts.
    public var data: UnsafeMutableRawPointer? { bitmap?.data }
    /// A bitmap context's width in pixels; 0 for other contexts.
    public var width: Int { bitmap?.width ?? 0 }
    /// A bitmap context's height in pixels; 0 for other contexts.
    public var height: Int { bitmap?.height ?? 0 }
    /// Bits in one component of a bitmap context's pixels (8); 0 for other contexts.
    public var bitsPerComponent: Int { bitmap?.bitsPerComponent ?? 0 }
    /// Bits in one pixel of a bitmap context (32, or 8 for alpha only); 0 for other contexts.
    public var bitsPerPixel: Int { bitmap.map { $0.bytesPerPixel * 8 } ?? 0 }
    /// Bytes from one row of a bitmap context's pixels to the next; 0 for other contexts.
    public var bytesPerRow: Int { bitmap?.bytesPerRow ?? 0 }
    /// A bitmap context's colour space; nil for other contexts.
    public var colorSpace: CGColorSpace? { bitmap?.space }
    /// A bitmap context's layout, as it was made; empty for other contexts.
    public var bitmapInfo: CGBitmapInfo { bitmap?.info ?? [] }
    /// Where a bitmap context's pixels keep alpha; `.none` for other contexts.
    public var alphaInfo: CGImageAlphaInfo { bitmap?.alpha ?? .none }

    /// An image of a bitmap context's pixels as they are now (later drawing does not change
    /// it); nil for other contexts. Pixels without alpha are opaque; an alpha-only bitmap gives
    /// black at its alpha.
    public func makeImage() -> CGImage? {
        guard let bitmap else { return nil }
        return CGImage(image: bitmap.image())
    }
}

/// The memory behind a bitmap context and the Cairo surface drawn into it. Where the layout is
/// Cairo's own (B, G, R, A premultiplied on little-endian machines: `premultipliedFirst` with
/// `byteOrder32Little`; X, R, G, B words for `noneSkipFirst`; rows a multiple of 4 bytes), Cairo
/// draws into the memory itself; otherwise into a surface of its own, whose pixels are copied into
/// the memory, in its layout, after every painting call (`store(from:)`).
final class BitmapMemory {
    let data: UnsafeMutableRawPointer
    let width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int
    let space: CGColorSpace
    let info: CGBitmapInfo
    /// Where the pixels keep alpha (`info`'s alpha, one Strata supports).
    let alpha: CGImageAlphaInfo
    /// Bytes in one pixel: 1 for alpha only, else 4.
    var bytesPerPixel: Int { alpha == .alphaOnly ? 1 : 4 }
    /// The surface Cairo draws into, the context's target (the context holds its own reference
    /// once made).
    let surface: OpaquePointer
    /// Where red, green, blue and alpha lie in a pixel when the memory is not Cairo's layout
    /// (alpha nil: a skipped byte, written 255); nil when Cairo draws into `data` itself.
    private let layout: (r: Int, g: Int, b: Int, a: Int?)?
    /// Whether `data` was allocated here (and is freed with this).
    private let ownsData: Bool

    init?(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
        space: CGColorSpace, info: CGBitmapInfo
    ) {
        guard let alpha = info.alphaInfo, bitsPerComponent == 8, info.intersection(.floatInfoMask).isEmpty,
            width > 0, height > 0, width <= Int(Int32.max) / 4, height <= Int(Int32.max)
        else { return nil }
        // Four bytes a pixel are RGB's: a gray space takes none of them (Core Graphics' gray
        // bitmaps are one byte a pixel, which Strata does not draw into).
        if space.model == .monochrome, alpha != .alphaOnly { return nil }
        let first: Bool
        switch alpha {
        case .premultipliedFirst, .noneSkipFirst: first = true
        case .premultipliedLast, .noneSkipLast, .alphaOnly: first = false
        case .none, .last, .first: return nil
        }
        let little: Bool
        switch info.byteOrder {
        case .byteOrderDefault, .byteOrder32Big: little = false
        case .byteOrder32Little: little = true
        default: return nil
        }
        let bytesPerPixel = alpha == .alphaOnly ? 1 : 4
        let rowBytes = bytesPerRow == 0 ? width * bytesPerPixel : bytesPerRow
        guard rowBytes >= width * bytesPerPixel, height <= Int(Int32.max) / rowBytes else { return nil }
        let format = alpha == .alphaOnly ? CAIRO_FORMAT_A8 : (alpha == .noneSkipFirst || alpha == .noneSkipLast ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32)
        // Cairo's words are native-endian A, R, G, B (X, R, G, B): "first" in the machine's order.
        let cairosOwn = rowBytes % 4 == 0 && (alpha == .alphaOnly || (first && little == (1.littleEndian == 1)))
        self.width = width
        self.height = height
        self.bitsPerComponent = bitsPerComponent
        self.bytesPerRow = rowBytes
        self.space = space
        self.info = info
        self.alpha = alpha
        ownsData = data == nil
        self.data = data ?? UnsafeMutableRawPointer.allocate(byteCount: rowBytes * height, alignment: 16)
        if data == nil { self.data.initializeMemory(as: UInt8.self, repeating: 0, count: rowBytes * height) }
        if cairosOwn {
            layout = nil
            surface = cairo_image_surface_create_for_data(self.data.assumingMemoryBound(to: UInt8.self), format, Int32(width), Int32(height), Int32(rowBytes))
        } else {
            // Memory order of the components: a 32-bit word A R G B ("first") or R G B A
            // ("last"), its bytes reversed when little-endian.
            let big: (r: Int, g: Int, b: Int, a: Int) = first ? (1, 2, 3, 0) : (0, 1, 2, 3)
            let place = { (i: Int) in little ? 3 - i : i }
            let skips = alpha == .noneSkipFirst || alpha == .noneSkipLast
            layout = alpha == .alphaOnly ? (0, 0, 0, 0) : (place(big.r), place(big.g), place(big.b), skips ? nil : place(big.a))
            surface = cairo_image_surface_create(format, Int32(width), Int32(height))
        }
        // (Returning nil from here on runs deinit, which frees the surface and the memory.)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        if layout != nil { load() }
    }

    deinit {
        cairo_surface_destroy(surface)
        if ownsData { data.deallocate() }
    }

    /// Copies the memory's pixels into Cairo's surface (once, when the context is made: the
    /// caller's picture is what drawing starts from).
    private func load() {
        guard let layout else { return }
        cairo_surface_flush(surface)
        let pixels = cairo_image_surface_get_data(surface)!
        let stride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<height {
            let from = data + y * bytesPerRow, to = UnsafeMutableRawPointer(pixels) + y * stride
            if alpha == .alphaOnly {
                to.copyMemory(from: from, byteCount: width)
                continue
            }
            for x in 0..<width {
                let p = from + x * 4
                let a = layout.a.map { UInt32(p.load(fromByteOffset: $0, as: UInt8.self)) } ?? 255
                let word =
                    a << 24 | UInt32(p.load(fromByteOffset: layout.r, as: UInt8.self)) << 16
                    | UInt32(p.load(fromByteOffset: layout.g, as: UInt8.self)) << 8 | UInt32(p.load(fromByteOffset: layout.b, as: UInt8.self))
                to.storeBytes(of: word, toByteOffset: x * 4, as: UInt32.self)
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// Copies what Cairo painted into the memory, in its layout (nothing to do when Cairo
    /// draws into the memory itself).
    func store() {
        guard let layout else { return }
        cairo_surface_flush(surface)
        guard let pixels = cairo_image_surface_get_data(surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(surface))
        // The byte that holds alpha, or the skipped one (written opaque).
        let fourth = layout.a ?? (0..<4).first { $0 != layout.r && $0 != layout.g && $0 != layout.b }!
        for y in 0..<height {
            let from = UnsafeRawPointer(pixels) + y * stride, to = data + y * bytesPerRow
            if alpha == .alphaOnly {
                to.copyMemory(from: from, byteCount: width)
                continue
            }
            for x in 0..<width {
                let word = from.load(fromByteOffset: x * 4, as: UInt32.self)
                let p = to + x * 4
                p.storeBytes(of: UInt8(truncatingIfNeeded: word >> 16), toByteOffset: layout.r, as: UInt8.self)
                p.storeBytes(of: UInt8(truncatingIfNeeded: word >> 8), toByteOffset: layout.g, as: UInt8.self)
                p.storeBytes(of: UInt8(truncatingIfNeeded: word), toByteOffset: layout.b, as: UInt8.self)
                p.storeBytes(of: layout.a == nil ? 255 : UInt8(truncatingIfNeeded: word >> 24), toByteOffset: fourth, as: UInt8.self)
            }
        }
    }

    /// The surface's pixels as premultiplied RGBA8, top row first.
    func image() -> RGBAImage {
        cairo_surface_flush(surface)
        let pixels = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let opaque = alpha == .noneSkipFirst || alpha == .noneSkipLast
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        rgba.withUnsafeMutableBytes { out in
            for y in 0..<height {
                let row = out.baseAddress! + y * width * 4
                if alpha == .alphaOnly {
                    for x in 0..<width { row.storeBytes(of: pixels.load(fromByteOffset: y * stride + x, as: UInt8.self), toByteOffset: x * 4 + 3, as: UInt8.self) }
                    continue
                }
                // Cairo's words are native-endian A, R, G, B: B, G, R, A bytes on little-endian machines.
                swapRedAndBlue(pixels + y * stride, into: row, pixels: width)
                if opaque { for x in 0..<width { row.storeBytes(of: 255, toByteOffset: x * 4 + 3, as: UInt8.self) } }
            }
        }
        return RGBAImage(size: PixelSize(width: width, height: height), pixels: rgba)
    }
}
