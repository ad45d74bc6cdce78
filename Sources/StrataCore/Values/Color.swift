/// A colour in sRGB-encoded components with straight (not premultiplied) alpha, each in 0...1.
///
/// As UIKit's colours do, Strata blends in sRGB-encoded values, so a colour reaches the GPU
/// exactly as given here, premultiplied by its alpha. A plain value: safe to share between threads.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: Float
    public var green: Float
    public var blue: Float
    public var alpha: Float

    /// Creates a colour from sRGB-encoded components with straight alpha, each in 0...1.
    public init(red: Float, green: Float, blue: Float, alpha: Float = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Creates a colour from 8-bit sRGB components, as written in `#RRGGBB` notation.
    public init(red8: UInt8, green8: UInt8, blue8: UInt8, alpha: Float = 1) {
        self.init(red: Float(red8) / 255, green: Float(green8) / 255, blue: Float(blue8) / 255, alpha: alpha)
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let red = Color(red: 1, green: 0, blue: 0)
    public static let green = Color(red: 0, green: 1, blue: 0)
    public static let blue = Color(red: 0, green: 0, blue: 1)

    /// Whether every component is finite and within 0...1.
    public var isValid: Bool {
        [red, green, blue, alpha].allSatisfy { $0.isFinite && (0...1).contains($0) }
    }

    /// The components multiplied by alpha, in the order red, green, blue, alpha.
    public var premultiplied: SIMD4<Float> {
        SIMD4(red * alpha, green * alpha, blue * alpha, alpha)
    }

    public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
}
