import CPango
import Foundation

/// A description of a font by its attributes (family, PostScript name, size, traits, text
/// style): UIKit's `UIFontDescriptor`. Immutable; any thread.
///
/// `UIFont(descriptor:size:)` opens the face the attributes name: the `name` attribute's face,
/// else the `family`'s regular face, else the system font, then with the symbolic traits and
/// weight of `traits` (bold: a face of weight 600 or more; italic; condensed; expanded).
public final class UIFontDescriptor: NSObject, @unchecked Sendable {
    /// A font attribute's name: UIKit's `UIFontDescriptor.AttributeName`.
    public struct AttributeName: RawRepresentable, Hashable, Sendable {
        /// The attribute's name.
        public let rawValue: String
        /// An attribute name from its string.
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let family = Self(rawValue: "NSFontFamilyAttribute")
        public static let name = Self(rawValue: "NSFontNameAttribute")
        public static let face = Self(rawValue: "NSFontFaceAttribute")
        public static let size = Self(rawValue: "NSFontSizeAttribute")
        public static let visibleName = Self(rawValue: "NSFontVisibleNameAttribute")
        public static let traits = Self(rawValue: "NSCTFontTraitsAttribute")
        public static let textStyle = Self(rawValue: "NSCTFontUIUsageAttribute")
        public static let featureSettings = Self(rawValue: "NSCTFontFeatureSettingsAttribute")
        public static let fixedAdvance = Self(rawValue: "NSFontFixedAdvanceAttribute")
    }

    /// A key of the `traits` attribute's dictionary: UIKit's `UIFontDescriptor.TraitKey`.
    public struct TraitKey: RawRepresentable, Hashable, Sendable {
        /// The key's name.
        public let rawValue: String
        /// A key from its string.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The symbolic traits, a `SymbolicTraits` raw value (`UInt32`).
        public static let symbolic = Self(rawValue: "NSCTFontSymbolicTrait")
        /// The weight, a `UIFont.Weight` raw value (−1 … 1).
        public static let weight = Self(rawValue: "NSCTFontWeightTrait")
        /// The width (−1 … 1, 0 normal).
        public static let width = Self(rawValue: "NSCTFontProportionTrait")
        /// The slant (−1 … 1, 0 upright).
        public static let slant = Self(rawValue: "NSCTFontSlantTrait")
    }

    /// A font's stylistic traits: UIKit's `UIFontDescriptor.SymbolicTraits`, with its bit values.
    public struct SymbolicTraits: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let traitItalic = Self(rawValue: 1 << 0)
        public static let traitBold = Self(rawValue: 1 << 1)
        public static let traitExpanded = Self(rawValue: 1 << 5)
        public static let traitCondensed = Self(rawValue: 1 << 6)
        public static let traitMonoSpace = Self(rawValue: 1 << 10)
        public static let traitVertical = Self(rawValue: 1 << 11)
        public static let traitUIOptimized = Self(rawValue: 1 << 12)
        public static let traitTightLeading = Self(rawValue: 1 << 15)
        public static let traitLooseLeading = Self(rawValue: 1 << 16)
    }

    /// The attributes, as given.
    public let fontAttributes: [AttributeName: Any]

    /// A descriptor with `attributes`.
    public init(fontAttributes attributes: [AttributeName: Any] = [:]) {
        fontAttributes = attributes
        super.init()
    }

    /// A descriptor of the face called `fontName` (a PostScript name) at `size` points.
    public convenience init(name fontName: String, size: CGFloat) {
        self.init(fontAttributes: [.name: fontName, .size: size])
    }

    /// The descriptor of the font `preferredFont(forTextStyle:)` gives for `style`.
    public static func preferredFontDescriptor(withTextStyle style: UIFont.TextStyle) -> UIFontDescriptor {
        UIFont.preferredFont(forTextStyle: style).fontDescriptor
    }

    /// The descriptor of the font `preferredFont(forTextStyle:compatibleWith:)` gives.
    public static func preferredFontDescriptor(
        withTextStyle style: UIFont.TextStyle, compatibleWith traitCollection: UITraitCollection?
    ) -> UIFontDescriptor {
        UIFont.preferredFont(forTextStyle: style, compatibleWith: traitCollection).fontDescriptor
    }

    /// The PostScript name (the `name` attribute; empty when there is none).
    public var postscriptName: String { fontAttributes[.name] as? String ?? "" }

    /// The size in points (the `size` attribute; 0 when there is none).
    public var pointSize: CGFloat { Self.number(fontAttributes[.size]) ?? 0 }

    /// The symbolic traits (of the `traits` attribute).
    public var symbolicTraits: SymbolicTraits {
        let traits = fontAttributes[.traits] as? [TraitKey: Any] ?? [:]
        return SymbolicTraits(rawValue: (traits[.symbolic] as? UInt32) ?? UInt32(Self.number(traits[.symbolic]) ?? 0))
    }

    /// The descriptor with `attributes` added (replacing those of the same names).
    public func addingAttributes(_ attributes: [AttributeName: Any]) -> UIFontDescriptor {
        UIFontDescriptor(fontAttributes: fontAttributes.merging(attributes) { $1 })
    }

    /// The same descriptor at `newPointSize` points.
    public func withSize(_ newPointSize: CGFloat) -> UIFontDescriptor { addingAttributes([.size: newPointSize]) }

    /// The descriptor of `family`'s regular face (the name is dropped).
    public func withFamily(_ family: String) -> UIFontDescriptor {
        var attributes = fontAttributes
        attributes[.name] = nil
        attributes[.family] = family
        return UIFontDescriptor(fontAttributes: attributes)
    }

    /// The descriptor with `symbolicTraits` in place of its own, or nil when its family has no
    /// face with them (a bold face, an italic one).
    public func withSymbolicTraits(_ symbolicTraits: SymbolicTraits) -> UIFontDescriptor? {
        var traits = fontAttributes[.traits] as? [TraitKey: Any] ?? [:]
        traits[.symbolic] = symbolicTraits.rawValue
        traits[.weight] = nil
        let descriptor = addingAttributes([.traits: traits])
        guard let face = descriptor.resolvedFace() else { return nil }
        let faces = FontSystem.shared.faces(ofFamily: face.family)
        let found = faces.contains {
            ($0.weight >= 600) == symbolicTraits.contains(.traitBold) && $0.italic == symbolicTraits.contains(.traitItalic)
        }
        return found || faces.isEmpty ? descriptor : nil
    }

    /// The family, weight, style and stretch the attributes describe.
    func resolvedFace() -> (family: String, weight: Int32, italic: Bool, stretch: UInt32)? {
        var base: (family: String, weight: Int32, italic: Bool, stretch: UInt32)
        if let name = fontAttributes[.name] as? String {
            guard let face = FontSystem.shared.face(named: name) else { return nil }
            base = (face.family, face.weight, face.italic, face.stretch)
        } else if let family = fontAttributes[.family] as? String, let face = FontSystem.shared.face(named: family) {
            base = (face.family, face.weight, face.italic, face.stretch)
        } else {
            base = (UIFont.systemFamily, 400, false, PANGO_STRETCH_NORMAL.rawValue)
        }
        guard let traits = fontAttributes[.traits] as? [TraitKey: Any] else { return base }
        if traits[.symbolic] != nil {
            let symbolic = symbolicTraits
            // A text style's bold is its emphasized weight (semibold for most; headline stays semibold).
            let style = (fontAttributes[.textStyle] as? String).map(UIFont.TextStyle.init(rawValue:))
            let bold = style.map { $0.emphasizedWeight.openTypeWeight } ?? 700
            base.weight = symbolic.contains(.traitBold) ? bold : (base.weight >= 600 ? 400 : base.weight)
            base.italic = symbolic.contains(.traitItalic)
            base.stretch =
                symbolic.contains(.traitCondensed)
                ? PANGO_STRETCH_CONDENSED.rawValue : symbolic.contains(.traitExpanded) ? PANGO_STRETCH_EXPANDED.rawValue : base.stretch
        }
        if let weight = Self.number(traits[.weight]) { base.weight = UIFont.Weight(weight).openTypeWeight }
        return base
    }

    private static func number(_ value: Any?) -> CGFloat? {
        switch value {
        case let value as CGFloat: value
        case let value as Double: CGFloat(value)
        case let value as Int: CGFloat(value)
        case let value as UInt32: CGFloat(value)
        case let value as NSNumber: CGFloat(value.doubleValue)
        default: nil
        }
    }
}

extension UIFont {
    /// The font's descriptor: its family, PostScript name, size, traits and text style.
    public var fontDescriptor: UIFontDescriptor {
        var symbolic: UIFontDescriptor.SymbolicTraits = []
        if weight >= 600 { symbolic.insert(.traitBold) }
        if isItalic { symbolic.insert(.traitItalic) }
        if stretch < PANGO_STRETCH_NORMAL.rawValue { symbolic.insert(.traitCondensed) }
        if stretch > PANGO_STRETCH_NORMAL.rawValue { symbolic.insert(.traitExpanded) }
        if familyName == UIFont.monospacedFamily { symbolic.insert(.traitMonoSpace) }
        var attributes: [UIFontDescriptor.AttributeName: Any] = [
            .family: familyName, .name: fontName, .size: pointSize,
            .traits: [UIFontDescriptor.TraitKey.symbolic: symbolic.rawValue],
        ]
        if let textStyle { attributes[.textStyle] = textStyle.rawValue }
        return UIFontDescriptor(fontAttributes: attributes)
    }

    /// The font `descriptor` describes at `pointSize` points (0: the descriptor's size, or 12
    /// when it has none). A name no font has gives the system font, as UIKit.
    public convenience init(descriptor: UIFontDescriptor, size pointSize: CGFloat) {
        let size = pointSize > 0 ? pointSize : (descriptor.pointSize > 0 ? descriptor.pointSize : 12)
        let face = descriptor.resolvedFace() ?? (UIFont.systemFamily, 400, false, PANGO_STRETCH_NORMAL.rawValue)
        let style = (descriptor.fontAttributes[.textStyle] as? String).map(TextStyle.init(rawValue:))
        self.init(
            family: face.family, weight: face.weight, italic: face.italic, size: Self.checked(size, "init(descriptor:size:)"),
            stretch: face.stretch, textStyle: style)
    }
}
