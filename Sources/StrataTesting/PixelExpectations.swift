import StrataCore
import Testing

// Shared by the test targets (no library target depends on this module): named colours for
// read-back pixels, and the one pixel expectation every pixel test uses.

extension RGBA8 {
    public static let white = RGBA8(255, 255, 255)
    public static let black = RGBA8(0, 0, 0)
    public static let red = RGBA8(255, 0, 0)
    public static let green = RGBA8(0, 255, 0)
    public static let blue = RGBA8(0, 0, 255)
}

/// Expects the pixel at a named point to be `expected` within `tolerance` per component.
public func expectPixel(
    _ image: RGBAImage, _ x: Int, _ y: Int, _ expected: RGBA8, tolerance: Int = 1,
    _ what: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    let actual = image[x, y]
    #expect(
        actual.isClose(to: expected, tolerance: tolerance),
        "\(what) at (\(x), \(y)): expected \(expected), got \(actual)", sourceLocation: sourceLocation)
}
