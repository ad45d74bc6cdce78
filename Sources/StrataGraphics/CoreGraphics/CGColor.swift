import Foundation
import StrataCore

/// A colour as Core Graphics hands it to layers: sRGB components with straight alpha, or a gray
/// level with alpha (the gray colour space: `init(gray:alpha:)`, `UIColor(white:alpha:)`, and
/// `CGColor.black`, `.white` and `.clear`, as on Apple's platforms). Both draw as sRGB.
///
/// Immutable, so safe to share between threads.
public final class CGColor: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline package let value: Color
    /// Whether the colour is in the gray colour space (one component and alpha).
    package let isGray: Bool

    /// Creates a colour from sRGB components with straight alpha, each clamped to 0...1.
    /// - Precondition: finite components (NaN cannot be clamped); this traps naming them.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        precondition(
            [red, green, blue, alpha].allSatisfy(\.isFinite),
            "CGColor(red: \(red), green: \(green), blue: \(blue), alpha: \(alpha)): components must be finite")
        self.init(Color(red: Float(red), green: Float(green), blue: Float(blue), alpha: Float(alpha)).clamped)
    }

    /// Creates a colour in the sRGB colour space (Core Graphics' `init(srgbRed:green:blue:alpha:)`),
    /// each component clamped to 0...1.
    /// - Precondition: finite components; this traps naming them.
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Creates a colour in the gray colour space: `gray` 0 (black) to 1 (white) and alpha, each
    /// clamped to 0...1. It has two components.
    /// - Precondition: finite components; this traps naming them.
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        precondition([gray, alpha].allSatisfy(\.isFinite), "CGColor(gray: \(gray), alpha: \(alpha)): components must be finite")
        self.init(Color(red: Float(gray), green: Float(gray), blue: Float(gray), alpha: Float(alpha)).clamped, gray: true)
    }

    /// Creates a colour in the generic gray (gamma 2.2) colour space, which Strata draws as its
    /// gray: `init(gray:alpha:)`.
    public convenience init(genericGrayGamma2_2Gray gray: CGFloat, alpha: CGFloat) {
        self.init(gray: gray, alpha: alpha)
    }

    /// Creates a colour in `space` from its components followed by alpha (`space`'s
    /// `numberOfComponents` + 1 values), or nil for a space Strata does not draw in.
    public convenience init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
        switch space.model {
        case .monochrome: self.init(gray: components[0], alpha: components[1])
        case .rgb: self.init(red: components[0], green: components[1], blue: components[2], alpha: components[3])
        default: return nil
        }
    }

    /// An sRGB colour of `value`.
    package convenience init(_ value: Color) { self.init(value, gray: false) }

    /// A colour of `value`, in the gray colour space when `gray` (then red, green and blue are
    /// the same level).
    package init(_ value: Color, gray: Bool) { (self.value, isGray) = (value, gray) }

    /// The components followed by alpha: red, green, blue, alpha; for a gray colour, gray and alpha.
    public var components: [CGFloat]? {
        isGray
            ? [CGFloat(value.red), CGFloat(value.alpha)]
            : [CGFloat(value.red), CGFloat(value.green), CGFloat(value.blue), CGFloat(value.alpha)]
    }
    /// The number of components, alpha included: 4, or 2 for a gray colour.
    public var numberOfComponents: Int { isGray ? 2 : 4 }
    /// The colour's space: sRGB, or the generic gray space for a gray colour.
    public var colorSpace: CGColorSpace? { CGColorSpace(name: isGray ? CGColorSpace.genericGrayGamma2_2 : CGColorSpace.sRGB) }
    /// The opacity, 0...1.
    public var alpha: CGFloat { CGFloat(value.alpha) }
    /// A copy with another opacity, in the same colour space.
    public func copy(alpha: CGFloat) -> CGColor? {
        guard alpha.isFinite else { return nil }
        return CGColor(Color(red: value.red, green: value.green, blue: value.blue, alpha: Float(alpha)).clamped, gray: isGray)
    }

    /// Opaque black in the gray colour space (Core Graphics' `CGColor.black`).
    public static let black = CGColor(Color(red: 0, green: 0, blue: 0, alpha: 1), gray: true)
    /// Opaque white in the gray colour space (Core Graphics' `CGColor.white`).
    public static let white = CGColor(Color(red: 1, green: 1, blue: 1, alpha: 1), gray: true)
    /// Black at alpha 0 in the gray colour space (Core Graphics' `CGColor.clear`).
    public static let clear = CGColor(Color(red: 0, green: 0, blue: 0, alpha: 0), gray: true)

    /// Whether two colours draw the same: the same sRGB components and alpha. (Core Graphics also
    /// compares the spaces, so its gray white is not its RGB white; Strata's layers keep colours as
    /// sRGB values, and a layer's colour read back must equal the one set.)
    public static func == (a: CGColor, b: CGColor) -> Bool { a.value == b.value }
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
    public var description: String { isGray ? "CGColor(gray: \(value.red), alpha: \(value.alpha))" : "CGColor\(value)" }
}
