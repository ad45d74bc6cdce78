import Foundation
import StrataCore

/// The text size the user prefers: UIKit's `UIContentSizeCategory`, ordered from the smallest
/// (`extraSmall`) to the largest accessibility size (`accessibilityExtraExtraExtraLarge`).
/// `unspecified` sorts below every size.
public struct UIContentSizeCategory: RawRepresentable, Hashable, Comparable, Sendable {
    /// The category's name (UIKit's raw values).
    public let rawValue: String
    /// A category from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let unspecified = Self(rawValue: "_UICTContentSizeCategoryUnspecified")
    public static let extraSmall = Self(rawValue: "UICTContentSizeCategoryXS")
    public static let small = Self(rawValue: "UICTContentSizeCategoryS")
    public static let medium = Self(rawValue: "UICTContentSizeCategoryM")
    /// The default size.
    public static let large = Self(rawValue: "UICTContentSizeCategoryL")
    public static let extraLarge = Self(rawValue: "UICTContentSizeCategoryXL")
    public static let extraExtraLarge = Self(rawValue: "UICTContentSizeCategoryXXL")
    public static let extraExtraExtraLarge = Self(rawValue: "UICTContentSizeCategoryXXXL")
    public static let accessibilityMedium = Self(rawValue: "UICTContentSizeCategoryAccessibilityM")
    public static let accessibilityLarge = Self(rawValue: "UICTContentSizeCategoryAccessibilityL")
    public static let accessibilityExtraLarge = Self(rawValue: "UICTContentSizeCategoryAccessibilityXL")
    public static let accessibilityExtraExtraLarge = Self(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    public static let accessibilityExtraExtraExtraLarge = Self(rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

    /// Posted when the user changes the preferred size; the new one is under `newValueUserInfoKey`.
    public static let didChangeNotification = Notification.Name("UIContentSizeCategoryDidChangeNotification")
    /// The key of the new category in `didChangeNotification`'s user info.
    public static let newValueUserInfoKey = "UIContentSizeCategoryNewValueKey"

    /// The sizes in order, smallest first.
    static let ordered: [Self] = [
        .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
        .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraLarge,
        .accessibilityExtraExtraExtraLarge,
    ]

    /// The position in `ordered` (−1 for `unspecified` and unknown names).
    var index: Int { Self.ordered.firstIndex(of: self) ?? -1 }

    /// Whether this is one of the accessibility sizes.
    public var isAccessibilityCategory: Bool { index >= 7 }

    /// Whether `a` is a smaller size than `b`.
    public static func < (a: Self, b: Self) -> Bool { a.index < b.index }

    /// The size the user prefers for the process: what `UIApplication.preferredContentSizeCategory`
    /// answers and fonts with no trait collection follow (`large` until changed).
    static let current = Locked(UIContentSizeCategory.large)
}

extension UIFont {
    /// A text style with a default font: UIKit's `UIFont.TextStyle`.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        /// The style's name.
        public let rawValue: String
        /// A style from its name.
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// The style's weight (headline is semibold; the rest regular).
        var weight: Weight { self == .headline ? .semibold : .regular }

        /// The style's emphasized weight, what a bold trait (`traitBold`) gives it: bold for the
        /// large title and titles 1 and 2, semibold for the rest (headline too), as the Human
        /// Interface Guidelines list them ("Emphasized weight").
        var emphasizedWeight: Weight { [.largeTitle, .title1, .title2].contains(self) ? .bold : .semibold }

        /// The style's size in points at each content size category, extra small first, as
        /// Apple's Human Interface Guidelines list them (Typography, "Dynamic Type sizes").
        var sizes: [CGFloat] {
            switch self {
            case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
            case .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
            case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
            case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
            case .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
            case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
            case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
            case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
            case .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
            case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
            default: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]  // body
            }
        }

        /// The style's size at `category` (`unspecified`: the process's preferred size).
        func size(at category: UIContentSizeCategory) -> CGFloat {
            let index = category.index >= 0 ? category.index : UIContentSizeCategory.current.withLock { $0 }.index
            return sizes[max(index, 0)]
        }
    }

    /// The system font for `style` at the size the user prefers (body 17 points at the
    /// default Large size, 23 at Extra Extra Extra Large; headline semibold).
    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        preferredFont(forTextStyle: style, compatibleWith: nil)
    }

    /// The system font for `style` at the size `traitCollection`'s
    /// `preferredContentSizeCategory` asks for (nil or unspecified: the size the user prefers).
    public static func preferredFont(forTextStyle style: TextStyle, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        let size = style.size(at: traitCollection?.preferredContentSizeCategory ?? .unspecified)
        return UIFont(family: systemFamily, weight: style.weight.openTypeWeight, italic: false, size: size, textStyle: style)
    }
}

/// Scales fonts and values an app chose for a text style as the user's preferred text size
/// scales that style: UIKit's `UIFontMetrics`. Immutable; any thread.
///
/// The factor is the style's size at the category over its size at the default (Large): body
/// scales 17 → 23 points at Extra Extra Extra Large, a factor of 23/17.
public final class UIFontMetrics: Sendable {
    /// The metrics of the body style.
    public static let `default` = UIFontMetrics(forTextStyle: .body)

    private let textStyle: UIFont.TextStyle

    /// The metrics of `textStyle`.
    public init(forTextStyle textStyle: UIFont.TextStyle) { self.textStyle = textStyle }

    /// `value` times the style's size at the category over its size at Large (multiplied first,
    /// so the style's own size at Large scales to exactly its size at the category).
    private func scaled(_ value: CGFloat, _ traitCollection: UITraitCollection?) -> CGFloat {
        value * textStyle.size(at: traitCollection?.preferredContentSizeCategory ?? .unspecified) / textStyle.size(at: .large)
    }

    /// `font` at its size scaled for the size the user prefers.
    public func scaledFont(for font: UIFont) -> UIFont { scaledFont(for: font, compatibleWith: nil) }

    /// `font` scaled for the user's size, at most `maximumPointSize` points (0: no limit).
    public func scaledFont(for font: UIFont, maximumPointSize: CGFloat) -> UIFont {
        scaledFont(for: font, maximumPointSize: maximumPointSize, compatibleWith: nil)
    }

    /// `font` scaled for the size `traitCollection` asks for.
    public func scaledFont(for font: UIFont, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        scaledFont(for: font, maximumPointSize: 0, compatibleWith: traitCollection)
    }

    /// `font` scaled for the size `traitCollection` asks for, at most `maximumPointSize` points (0: no limit).
    public func scaledFont(for font: UIFont, maximumPointSize: CGFloat, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        var size = scaled(font.pointSize, traitCollection)
        if maximumPointSize > 0 { size = min(size, maximumPointSize) }
        return font.withSize(size)
    }

    /// `value` (a length in points) scaled for the size the user prefers.
    public func scaledValue(for value: CGFloat) -> CGFloat { scaledValue(for: value, compatibleWith: nil) }

    /// `value` scaled for the size `traitCollection` asks for.
    public func scaledValue(for value: CGFloat, compatibleWith traitCollection: UITraitCollection?) -> CGFloat {
        scaled(value, traitCollection)
    }
}

/// An object that updates its font when the preferred text size changes: UIKit's
/// `UIContentSizeCategoryAdjusting`.
@MainActor
public protocol UIContentSizeCategoryAdjusting: AnyObject {
    /// Whether the font follows the preferred text size.
    var adjustsFontForContentSizeCategory: Bool { get set }
}

extension UIApplication {
    /// The text size the user prefers (Large unless changed).
    public var preferredContentSizeCategory: UIContentSizeCategory {
        UIContentSizeCategory.current.withLock { $0 }
    }

    /// Sets the preferred text size, as the user does in Settings, and posts
    /// `UIContentSizeCategory.didChangeNotification`.
    @_spi(Testing) public static func _setPreferredContentSizeCategory(_ category: UIContentSizeCategory) {
        let old = UIContentSizeCategory.current.withLock { value in
            defer { value = category }
            return value
        }
        guard old != category else { return }
        NotificationCenter.default.post(
            name: UIContentSizeCategory.didChangeNotification, object: nil,
            userInfo: [UIContentSizeCategory.newValueUserInfoKey: category])
    }
}

extension UILabel: UIContentSizeCategoryAdjusting {}
