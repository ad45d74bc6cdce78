/// One pixel: 8-bit red, green, blue and alpha.
public struct RGBA8: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    /// Creates a pixel from its four components.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        (self.r, self.g, self.b, self.a) = (r, g, b, a)
    }

    /// Whether every component differs from `other`'s by at most `tolerance`.
    public func isClose(to other: RGBA8, tolerance: Int = 1) -> Bool {
        abs(Int(r) - Int(other.r)) <= tolerance && abs(Int(g) - Int(other.g)) <= tolerance
            && abs(Int(b) - Int(other.b)) <= tolerance && abs(Int(a) - Int(other.a)) <= tolerance
    }

    public var description: String { "RGBA(\(r), \(g), \(b), \(a))" }
}

/// An image of RGBA8 pixels with premultiplied alpha, top row first, tightly packed.
///
/// What the compositor reads back from the GPU, and what layer contents are made from.
/// A plain value: safe to share between threads.
public struct RGBAImage: Hashable, Sendable {
    /// Width and height in pixels.
    public let size: PixelSize
    /// `width × height × 4` bytes, row by row from the top.
    public var pixels: [UInt8]

    /// Wraps pixels; traps unless there are exactly `width × height × 4` bytes.
    public init(size: PixelSize, pixels: [UInt8]) {
        precondition(size.width > 0 && size.height > 0, "image size must be positive, got \(size)")
        precondition(
            pixels.count == size.area * 4,
            "an RGBA8 image of \(size) needs \(size.area * 4) bytes, got \(pixels.count)")
        self.size = size
        self.pixels = pixels
    }

    /// Wraps pixels stored bottom row first (GL's order for a framebuffer shown upright), turning
    /// them top row first; traps unless there are exactly `width × height × 4` bytes.
    public init(size: PixelSize, bottomRowFirst pixels: [UInt8]) {
        precondition(
            pixels.count == size.area * 4,
            "an RGBA8 image of \(size) needs \(size.area * 4) bytes, got \(pixels.count)")
        let row = size.width * 4
        var flipped = [UInt8]()
        flipped.reserveCapacity(pixels.count)
        for y in (0..<size.height).reversed() { flipped += pixels[(y * row)..<((y + 1) * row)] }
        self.init(size: size, pixels: flipped)
    }

    /// An image of one colour (premultiplied by its alpha).
    public init(size: PixelSize, filledWith color: Color) {
        let p = color.premultiplied
        let px: [UInt8] = [p.x, p.y, p.z, p.w].map { UInt8(($0 * 255).rounded()) }
        var pixels = [UInt8](repeating: 0, count: size.area * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = px[0]; pixels[i + 1] = px[1]; pixels[i + 2] = px[2]; pixels[i + 3] = px[3]
        }
        self.init(size: size, pixels: pixels)
    }

    /// The pixel at column `x`, row `y` from the top; traps outside the image.
    public subscript(x: Int, y: Int) -> RGBA8 {
        precondition(
            x >= 0 && y >= 0 && x < size.width && y < size.height,
            "pixel (\(x), \(y)) is outside an image of \(size)")
        let i = (y * size.width + x) * 4
        return RGBA8(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}

/// Copies `pixels` four-byte pixels from `source` to `destination` with the first and third byte
/// of each exchanged: R, G, B, A ⇄ B, G, R, A (Cairo's order on little-endian machines). A word at a
/// time, through raw loads and stores (any alignment; the loop vectorises). The two may be the same.
public func swapRedAndBlue(_ source: UnsafeRawPointer, into destination: UnsafeMutableRawPointer, pixels: Int) {
    for i in 0..<pixels {
        let p = UInt32(littleEndian: source.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
        destination.storeBytes(
            of: UInt32(littleEndian: (p & 0xFF00_FF00) | ((p >> 16) & 0xFF) | ((p & 0xFF) << 16)),
            toByteOffset: i * 4, as: UInt32.self)
    }
}
