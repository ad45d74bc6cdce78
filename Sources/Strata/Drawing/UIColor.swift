import Foundation
import StrataCore

/// A colour, with UIKit's initialisers and named colours. Components are sRGB with straight alpha.
///
/// Immutable, so safe to share between threads. Component values outside 0...1 are clamped
/// (Strata has no extended-range colour). Non-finite components are a programmer error and trap.
/// A dynamic colour (`init(dynamicProvider:)`, and the semantic system colours such as `.label`
/// and `.systemBackground`) has a value for each set of traits: `resolvedColor(with:)` gives it,
/// and `cgColor` and the component getters resolve it with `UITraitCollection.current`.
open class UIColor: NSObject, @unchecked Sendable {
    /// The colour's value when it is not dynamic.
    private let fixed: CGColor?
    /// What gives the colour for a set of traits, for a dynamic colour.
    private let provider: (@Sendable (UITraitCollection) -> UIColor)?

    /// The same colour for layers (`CALayer.backgroundColor` takes a `CGColor`); a dynamic colour
    /// resolved with `UITraitCollection.current`.
    public var cgColor: CGColor { fixed ?? resolvedColor(with: .current).cgColor }

    /// Creates a colour from sRGB red, green, blue and alpha, each 0...1.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        precondition(
            [red, green, blue, alpha].allSatisfy(\.isFinite),
            "UIColor(red: \(red), green: \(green), blue: \(blue), alpha: \(alpha)): components must be finite")
        fixed = CGColor(red: red, green: green, blue: blue, alpha: alpha)
        provider = nil
    }

    /// A colour whose value depends on the traits it is resolved with: `dynamicProvider` gives
    /// the colour for each (it may be called often, on any thread; keep it quick and pure).
    public init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) {
        fixed = nil
        provider = dynamicProvider
    }

    /// The colour this one is for `traitCollection`: itself when it is not dynamic.
    open func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        guard let provider else { return self }
        return provider(traitCollection).resolvedColor(with: traitCollection)
    }

    /// Whether the colour depends on traits.
    var isDynamic: Bool { provider != nil }

    /// A grey of brightness `white` (0 black, 1 white): its `cgColor` is in the gray colour space,
    /// two components, as UIKit's is.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        precondition([white, alpha].allSatisfy(\.isFinite), "UIColor(white: \(white), alpha: \(alpha)): components must be finite")
        self.init(cgColor: CGColor(gray: white, alpha: alpha))
    }

    /// A colour from hue, saturation and brightness (HSB), each 0...1.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        precondition(
            [hue, saturation, brightness, alpha].allSatisfy(\.isFinite),
            "UIColor(hue: \(hue), saturation: \(saturation), brightness: \(brightness), alpha: \(alpha)): components must be finite")
        let h = (hue - hue.rounded(.down)) * 6, s = min(max(saturation, 0), 1), v = min(max(brightness, 0), 1)
        let sector = Int(h) % 6, f = h - CGFloat(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (CGFloat, CGFloat, CGFloat) =
            switch sector {
            case 0: (v, t, p)
            case 1: (q, v, p)
            case 2: (p, v, t)
            case 3: (p, q, v)
            case 4: (t, p, v)
            default: (v, p, q)
            }
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// The colour of a `CGColor`.
    public init(cgColor: CGColor) {
        fixed = cgColor
        provider = nil
    }

    /// A copy with another alpha (a dynamic colour stays dynamic, each value with that alpha).
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        if let provider { return UIColor(dynamicProvider: { provider($0).withAlphaComponent(alpha) }) }
        precondition(alpha.isFinite, "UIColor.withAlphaComponent(\(alpha)): alpha must be finite")
        return UIColor(cgColor: cgColor.copy(alpha: alpha) ?? cgColor)
    }

    /// Reads the sRGB components; returns true, as every Strata colour has them.
    @discardableResult
    public func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
        blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        let c = cgColor.value
        red?.pointee = CGFloat(c.red); green?.pointee = CGFloat(c.green)
        blue?.pointee = CGFloat(c.blue); alpha?.pointee = CGFloat(c.alpha)
        return true
    }

    /// Reads hue, saturation and brightness (each 0...1; hue 0 for greys) and alpha; returns
    /// true, as every Strata colour is an RGB colour.
    @discardableResult
    public func getHue(
        _ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
        brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        let c = cgColor.value
        let r = CGFloat(c.red), g = CGFloat(c.green), b = CGFloat(c.blue)
        let high = max(r, g, b), low = min(r, g, b), range = high - low
        var h: CGFloat = 0
        if range > 0 {
            if high == r {
                h = (g - b) / range
            } else if high == g {
                h = 2 + (b - r) / range
            } else {
                h = 4 + (r - g) / range
            }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = h
        saturation?.pointee = high > 0 ? range / high : 0
        brightness?.pointee = high
        alpha?.pointee = CGFloat(c.alpha)
        return true
    }

    /// Reads the grey level (the mean of the components, as for a colour made with
    /// `init(white:alpha:)` it is that white) and alpha; returns true.
    @discardableResult
    public func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let c = cgColor.value
        white?.pointee = CGFloat(c.red + c.green + c.blue) / 3
        alpha?.pointee = CGFloat(c.alpha)
        return true
    }

    /// Black (white 0).
    public static let black = UIColor(white: 0, alpha: 1)
    /// Dark grey (white 1/3).
    public static let darkGray = UIColor(white: 1.0 / 3, alpha: 1)
    /// Grey (white 0.5).
    public static let gray = UIColor(white: 0.5, alpha: 1)
    /// Light grey (white 2/3).
    public static let lightGray = UIColor(white: 2.0 / 3, alpha: 1)
    /// White (white 1).
    public static let white = UIColor(white: 1, alpha: 1)
    /// Fully transparent.
    public static let clear = UIColor(white: 0, alpha: 0)
    /// Red (1, 0, 0).
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    /// Green (0, 1, 0).
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    /// Blue (0, 0, 1).
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    /// Cyan (0, 1, 1).
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    /// Yellow (1, 1, 0).
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    /// Magenta (1, 0, 1).
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    /// Orange (1, 0.5, 0).
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    /// Purple (0.5, 0, 0.5).
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    /// Brown (0.6, 0.4, 0.2).
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)

    /// Makes this the fill and stroke colour of this thread's current graphics context
    /// (`UIGraphicsGetCurrentContext()`), resolved with `UITraitCollection.current`. Any thread.
    open func set() { setFill(); setStroke() }
    /// Makes this the fill colour of this thread's current graphics context. Any thread.
    open func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }
    /// Makes this the stroke colour of this thread's current graphics context. Any thread.
    open func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }

    /// Whether `object` is a colour with the same components (UIKit's `isEqual(_:)`, what `==`
    /// asks): `UIColor.red.isEqual(UIColor(red: 1, green: 0, blue: 0, alpha: 1))` is true. A
    /// dynamic colour equals only itself.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIColor else { return false }
        if let fixed, let theirs = other.fixed { return fixed == theirs }
        return other === self
    }

    open override var hash: Int { fixed?.hashValue ?? ObjectIdentifier(self).hashValue }

    open override var description: String {
        fixed.map { "UIColor\($0.value)" } ?? "<UIColor: \(objectAddress(self)); dynamic>"
    }
}
