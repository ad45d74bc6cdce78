import Foundation

extension UIImage {
    /// The traits an image is drawn for: UIKit's `UIImage.Configuration`. Immutable; any thread.
    open class Configuration: @unchecked Sendable {
        /// The trait collection the configuration carries (nil: none).
        public let traitCollection: UITraitCollection?

        init(traitCollection: UITraitCollection? = nil) { self.traitCollection = traitCollection }
    }

    /// How a system symbol is drawn (size, weight, scale): UIKit's `UIImage.SymbolConfiguration`.
    ///
    /// Kept so code that configures symbols compiles; Strata has no SF Symbols, so
    /// `UIImage(systemName:withConfiguration:)` is nil as `UIImage(systemName:)` is (see there).
    public final class SymbolConfiguration: Configuration, @unchecked Sendable {
        /// A symbol's stroke weight: UIKit's `UIImage.SymbolWeight`.
        public enum Weight: Int, Sendable {
            case unspecified, ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
        }
        /// A symbol's size relative to its text: UIKit's `UIImage.SymbolScale`.
        public enum Scale: Int, Sendable {
            case `default` = -1, unspecified = 0, small, medium, large
        }

        /// The point size (0: unspecified).
        public let pointSize: CGFloat
        /// The weight.
        public let weight: Weight
        /// The scale.
        public let scale: Scale
        /// The text style the size follows, if any.
        public let textStyle: UIFont.TextStyle?
        /// The font the size and weight follow, if any.
        public let font: UIFont?

        init(pointSize: CGFloat = 0, weight: Weight = .unspecified, scale: Scale = .unspecified, textStyle: UIFont.TextStyle? = nil, font: UIFont? = nil) {
            (self.pointSize, self.weight, self.scale, self.textStyle, self.font) = (pointSize, weight, scale, textStyle, font)
            super.init()
        }

        /// A configuration that specifies nothing.
        public static let unspecified = SymbolConfiguration()
        /// A configuration of `pointSize` points.
        public convenience init(pointSize: CGFloat) { self.init(pointSize: pointSize, weight: .unspecified) }
        /// A configuration of `pointSize` points and `weight`.
        public convenience init(pointSize: CGFloat, weight: Weight) { self.init(pointSize: pointSize, weight: weight, scale: .unspecified) }
        /// A configuration of `pointSize` points, `weight` and `scale`.
        public convenience init(pointSize: CGFloat, weight: Weight, scale: Scale) {
            self.init(pointSize: pointSize, weight: weight, scale: scale, textStyle: nil, font: nil)
        }
        /// A configuration following `textStyle`.
        public convenience init(textStyle: UIFont.TextStyle) { self.init(textStyle: textStyle, scale: .unspecified) }
        /// A configuration following `textStyle` at `scale`.
        public convenience init(textStyle: UIFont.TextStyle, scale: Scale) {
            self.init(pointSize: 0, weight: .unspecified, scale: scale, textStyle: textStyle, font: nil)
        }
        /// A configuration following `font`.
        public convenience init(font: UIFont) { self.init(font: font, scale: .unspecified) }
        /// A configuration following `font` at `scale`.
        public convenience init(font: UIFont, scale: Scale) {
            self.init(pointSize: font.pointSize, weight: .unspecified, scale: scale, textStyle: nil, font: font)
        }
        /// A configuration of `weight`.
        public convenience init(weight: Weight) { self.init(pointSize: 0, weight: weight, scale: .unspecified) }
        /// A configuration of `scale`.
        public convenience init(scale: Scale) { self.init(pointSize: 0, weight: .unspecified, scale: scale) }

        /// This configuration with what `other` specifies taking precedence.
        public func applying(_ other: SymbolConfiguration?) -> SymbolConfiguration {
            guard let other else { return self }
            return SymbolConfiguration(
                pointSize: other.pointSize > 0 ? other.pointSize : pointSize,
                weight: other.weight != .unspecified ? other.weight : weight,
                scale: other.scale != .unspecified ? other.scale : scale,
                textStyle: other.textStyle ?? textStyle, font: other.font ?? font)
        }
    }

    /// A system symbol image drawn with `configuration`: nil, always (see `init(systemName:)`).
    public convenience init?(systemName name: String, withConfiguration configuration: Configuration?) {
        return nil
    }

    /// A renderer format for images like this one: its scale, and not opaque. Any thread.
    public var imageRendererFormat: UIGraphicsImageRendererFormat {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        return format
    }
}

extension CGVector {
    /// The vector (0, 0).
    public static let zero = CGVector(dx: 0, dy: 0)
}
