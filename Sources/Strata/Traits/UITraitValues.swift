import Foundation

// The values of UIKit's system traits, with UIKit's raw values.

/// The kind of device an interface is laid out for: UIKit's `UIUserInterfaceIdiom`.
public enum UIUserInterfaceIdiom: Int, Sendable {
    /// Not specified.
    case unspecified = -1
    /// A phone-sized screen.
    case phone = 0
    /// A tablet-sized screen.
    case pad = 1
    /// A television.
    case tv = 2
    /// A car's screen.
    case carPlay = 3
    /// A Mac.
    case mac = 5
    /// A headset.
    case vision = 6
}

/// Light or dark appearance: UIKit's `UIUserInterfaceStyle`.
public enum UIUserInterfaceStyle: Int, Sendable {
    /// Not specified (dynamic colours resolve as light).
    case unspecified = 0
    /// The light appearance.
    case light = 1
    /// The dark appearance.
    case dark = 2
}

/// How much room an axis has: UIKit's `UIUserInterfaceSizeClass`.
public enum UIUserInterfaceSizeClass: Int, Sendable {
    /// Not specified.
    case unspecified = 0
    /// Constrained space.
    case compact = 1
    /// Ample space.
    case regular = 2
}

/// The colour gamut of a display: UIKit's `UIDisplayGamut`.
public enum UIDisplayGamut: Int, Sendable {
    /// Not specified.
    case unspecified = -1
    /// sRGB.
    case SRGB = 0
    /// Display P3.
    case P3 = 1
}

/// The layout direction of an environment: UIKit's `UITraitEnvironmentLayoutDirection`.
public enum UITraitEnvironmentLayoutDirection: Int, Sendable {
    /// Not specified.
    case unspecified = -1
    /// Left to right.
    case leftToRight = 0
    /// Right to left.
    case rightToLeft = 1
}

/// Whether content sits at the base level or above it (a presented sheet): UIKit's
/// `UIUserInterfaceLevel`; dark backgrounds are lighter when elevated.
public enum UIUserInterfaceLevel: Int, Sendable {
    /// Not specified.
    case unspecified = -1
    /// The window's main content.
    case base = 0
    /// Content above the base level.
    case elevated = 1
}

/// The user's contrast setting: UIKit's `UIAccessibilityContrast`.
public enum UIAccessibilityContrast: Int, Sendable {
    /// Not specified.
    case unspecified = -1
    /// Normal contrast.
    case normal = 0
    /// Increased contrast.
    case high = 1
}

/// The weight text is drawn with: UIKit's `UILegibilityWeight`.
public enum UILegibilityWeight: Int, Sendable {
    /// Not specified.
    case unspecified = -1
    /// Regular text.
    case regular = 0
    /// Bold text.
    case bold = 1
}

/// Whether 3D Touch is available: UIKit's `UIForceTouchCapability`.
public enum UIForceTouchCapability: Int, Sendable {
    /// Not known.
    case unknown = 0
    /// Not available (Strata's screens have no pressure-sensing touch).
    case unavailable = 1
    /// Available.
    case available = 2
}

/// Whether an interface is in the active window: UIKit's `UIUserInterfaceActiveAppearance`.
public enum UIUserInterfaceActiveAppearance: Int, Sendable {
    /// Not specified.
    case unspecified = -1
    /// Inactive.
    case inactive = 0
    /// Active.
    case active = 1
}

// MARK: Trait definitions

/// A trait a trait collection holds, named by its type: UIKit's `UITraitDefinition`. Define a
/// custom trait with a type that gives `defaultValue` (the value of a collection that does not
/// specify it); read it with `traitCollection[MyTrait.self]`, set it with
/// `traitOverrides[MyTrait.self] = value`.
public protocol UITraitDefinition {
    /// The trait's value; compared to tell whether a change changed it.
    associatedtype Value: Equatable
    /// The value when the trait is not specified.
    static var defaultValue: Value { get }
    /// Whether dynamic colours depend on it, so a change of it redraws views (false).
    static var affectsColorAppearance: Bool { get }
    /// A short name for descriptions (the type's name).
    static var name: String { get }
    /// A unique identifier (the type's name).
    static var identifier: String { get }
}

extension UITraitDefinition {
    /// False: a custom trait does not affect colours unless it says so.
    public static var affectsColorAppearance: Bool { false }
    /// The type's name.
    public static var name: String { String(describing: Self.self) }
    /// The type's full name.
    public static var identifier: String { String(reflecting: Self.self) }
}

/// A trait named by its definition type, as `registerForTraitChanges(_:handler:)` and
/// `changedTraits(from:)` take them: UIKit's `UITrait`.
public typealias UITrait = any UITraitDefinition.Type

/// The user interface idiom trait.
public struct UITraitUserInterfaceIdiom: UITraitDefinition {
    public static let defaultValue = UIUserInterfaceIdiom.unspecified
}
/// The light or dark appearance trait (affects colours).
public struct UITraitUserInterfaceStyle: UITraitDefinition {
    public static let defaultValue = UIUserInterfaceStyle.unspecified
    public static let affectsColorAppearance = true
}
/// The horizontal size class trait.
public struct UITraitHorizontalSizeClass: UITraitDefinition {
    public static let defaultValue = UIUserInterfaceSizeClass.unspecified
}
/// The vertical size class trait.
public struct UITraitVerticalSizeClass: UITraitDefinition {
    public static let defaultValue = UIUserInterfaceSizeClass.unspecified
}
/// The display scale trait (0: unspecified).
public struct UITraitDisplayScale: UITraitDefinition {
    public static let defaultValue: CGFloat = 0
}
/// The display gamut trait (affects colours).
public struct UITraitDisplayGamut: UITraitDefinition {
    public static let defaultValue = UIDisplayGamut.unspecified
    public static let affectsColorAppearance = true
}
/// The layout direction trait.
public struct UITraitLayoutDirection: UITraitDefinition {
    public static let defaultValue = UITraitEnvironmentLayoutDirection.unspecified
}
/// The preferred text size trait.
public struct UITraitPreferredContentSizeCategory: UITraitDefinition {
    public static let defaultValue = UIContentSizeCategory.unspecified
}
/// The base or elevated level trait (affects colours).
public struct UITraitUserInterfaceLevel: UITraitDefinition {
    public static let defaultValue = UIUserInterfaceLevel.unspecified
    public static let affectsColorAppearance = true
}
/// The contrast trait (affects colours).
public struct UITraitAccessibilityContrast: UITraitDefinition {
    public static let defaultValue = UIAccessibilityContrast.unspecified
    public static let affectsColorAppearance = true
}
/// The text weight trait.
public struct UITraitLegibilityWeight: UITraitDefinition {
    public static let defaultValue = UILegibilityWeight.unspecified
}
/// The 3D Touch trait.
public struct UITraitForceTouchCapability: UITraitDefinition {
    public static let defaultValue = UIForceTouchCapability.unknown
}
/// The active appearance trait (affects colours).
public struct UITraitActiveAppearance: UITraitDefinition {
    public static let defaultValue = UIUserInterfaceActiveAppearance.unspecified
    public static let affectsColorAppearance = true
}
