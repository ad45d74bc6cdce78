import Foundation
import StrataCore

/// A colour as Core Graphics hands it to layers: sRGB components with straight alpha.
///
/// Immutable, so safe to share between threads.
public final class CGColor: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline package let value: Color

    /// Creates a colour from sRGB components with straight alpha, each clamped to 0...1.
    /// - Precondition: finite components (NaN cannot be clamped); this traps naming them.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        precondition(
            [red, green, blue, alpha].allSatisfy(\.isFinite),
            "CGColor(red: \(red), green: \(green), blue: \(blue), alpha: \(alpha)): components must be finite")
        self.init(Color(red: Float(red), green: Float(green), blue: Float(blue), alpha: Float(alpha)).clamped)
    }

    package init(_ value: Color) { self.value = value }

    /// The components: red, green, blue, alpha.
    public var components: [CGFloat]? { [CGFloat(value.red), CGFloat(value.green), CGFloat(value.blue), CGFloat(value.alpha)] }
    /// The number of components, alpha included (always 4).
    public var numberOfComponents: Int { 4 }
    /// The opacity, 0...1.
    public var alpha: CGFloat { CGFloat(value.alpha) }
    /// A copy with another opacity.
    public func copy(alpha: CGFloat) -> CGColor? {
        guard alpha.isFinite else { return nil }
        return CGColor(Color(red: value.red, green: value.green, blue: value.blue, alpha: Float(alpha)).clamped)
    }

    /// Opaque black (Core Graphics' `CGColor.black`).
    public static let black = CGColor(Color(red: 0, green: 0, blue: 0, alpha: 1))
    /// Opaque white (Core Graphics' `CGColor.white`).
    public static let white = CGColor(Color(red: 1, green: 1, blue: 1, alpha: 1))
    /// Black at alpha 0 (Core Graphics' `CGColor.clear`).
    public static let clear = CGColor(Color(red: 0, green: 0, blue: 0, alpha: 0))

    public static func == (a: CGColor, b: CGColor) -> Bool { a.value == b.value }
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
    public var description: String { "CGColor\(value)" }
}
