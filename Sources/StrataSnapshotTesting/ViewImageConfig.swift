import Foundation
import Strata

/// A device to take a view controller's snapshot on: its size in points, its safe area and its
/// traits (swift-snapshot-testing's configuration, with its presets).
public struct ViewImageConfig: Sendable {
    /// A phone's orientation.
    public enum Orientation: Sendable {
        case landscape
        case portrait
    }

    /// The safe area's insets from the screen's edges.
    public var safeArea: UIEdgeInsets
    /// The size in points (nil: the view's own).
    public var size: CGSize?
    /// The traits in force.
    public var traits: UITraitCollection

    /// A configuration of `size` with `safeArea` and `traits`.
    public init(safeArea: UIEdgeInsets = .zero, size: CGSize? = nil, traits: UITraitCollection = .init()) {
        self.safeArea = safeArea
        self.size = size
        self.traits = traits
    }

    private static func phone(
        _ orientation: Orientation, portrait: CGSize, portraitSafeArea: UIEdgeInsets, landscapeSafeArea: UIEdgeInsets,
        traits: UITraitCollection
    ) -> ViewImageConfig {
        switch orientation {
        case .portrait: .init(safeArea: portraitSafeArea, size: portrait, traits: traits)
        case .landscape: .init(safeArea: landscapeSafeArea, size: CGSize(width: portrait.height, height: portrait.width), traits: traits)
        }
    }

    private static let statusBar = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
    private static let notch44 = (UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0), UIEdgeInsets(top: 0, left: 44, bottom: 24, right: 44))
    private static let notch47 = (UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0), UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47))

    /// iPhone SE (1st generation), 320 × 568 points.
    public static let iPhoneSe = ViewImageConfig.iPhoneSe(.portrait)
    /// iPhone SE (1st generation) in `orientation`.
    public static func iPhoneSe(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, portrait: CGSize(width: 320, height: 568), portraitSafeArea: statusBar, landscapeSafeArea: .zero, traits: .iPhoneSe(orientation))
    }
    /// iPhone 8, 375 × 667 points.
    public static let iPhone8 = ViewImageConfig.iPhone8(.portrait)
    /// iPhone 8 in `orientation`.
    public static func iPhone8(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, portrait: CGSize(width: 375, height: 667), portraitSafeArea: statusBar, landscapeSafeArea: .zero, traits: .iPhone8(orientation))
    }
    /// iPhone 8 Plus, 414 × 736 points.
    public static let iPhone8Plus = ViewImageConfig.iPhone8Plus(.portrait)
    /// iPhone 8 Plus in `orientation`.
    public static func iPhone8Plus(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, portrait: CGSize(width: 414, height: 736), portraitSafeArea: statusBar, landscapeSafeArea: .zero, traits: .iPhone8Plus(orientation))
    }
    /// iPhone X, 375 × 812 points.
    public static let iPhoneX = ViewImageConfig.iPhoneX(.portrait)
    /// iPhone X in `orientation`.
    public static func iPhoneX(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, portrait: CGSize(width: 375, height: 812), portraitSafeArea: notch44.0, landscapeSafeArea: notch44.1, traits: .iPhoneX(orientation))
    }
    /// iPhone XS Max, 414 × 896 points.
    public static let iPhoneXsMax = ViewImageConfig.iPhoneXsMax(.portrait)
    /// iPhone XS Max in `orientation`.
    public static func iPhoneXsMax(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, portrait: CGSize(width: 414, height: 896), portraitSafeArea: notch44.0, landscapeSafeArea: notch44.1, traits: .iPhoneXsMax(orientation))
    }
    /// iPhone XR, 414 × 896 points.
    public static let iPhoneXr = ViewImageConfig.iPhoneXr(.portrait)
    /// iPhone XR in `orientation`.
    public static func iPhoneXr(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, portrait: CGSize(width: 414, height: 896), portraitSafeArea: notch44.0, landscapeSafeArea: notch44.1, traits: .iPhoneXr(orientation))
    }
    /// iPhone 12, 390 × 844 points.
    public static let iPhone12 = ViewImageConfig.iPhone12(.portrait)
    /// iPhone 12 in `orientation`.
    public static func iPhone12(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, portrait: CGSize(width: 390, height: 844), portraitSafeArea: notch47.0, landscapeSafeArea: notch47.1, traits: .iPhone12(orientation))
    }
    /// iPhone 12 Pro (as the iPhone 12).
    public static let iPhone12Pro = ViewImageConfig.iPhone12Pro(.portrait)
    /// iPhone 12 Pro in `orientation`.
    public static func iPhone12Pro(_ orientation: Orientation) -> ViewImageConfig { .iPhone12(orientation) }
    /// iPhone 12 Pro Max, 428 × 926 points.
    public static let iPhone12ProMax = ViewImageConfig.iPhone12ProMax(.portrait)
    /// iPhone 12 Pro Max in `orientation`.
    public static func iPhone12ProMax(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, portrait: CGSize(width: 428, height: 926), portraitSafeArea: notch47.0, landscapeSafeArea: notch47.1, traits: .iPhone12ProMax(orientation))
    }
    /// iPhone 13, 390 × 844 points.
    public static let iPhone13 = ViewImageConfig.iPhone13(.portrait)
    /// iPhone 13 in `orientation`.
    public static func iPhone13(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, portrait: CGSize(width: 390, height: 844), portraitSafeArea: notch47.0, landscapeSafeArea: notch47.1, traits: .iPhone13(orientation))
    }
    /// iPhone 13 mini, 375 × 812 points.
    public static let iPhone13Mini = ViewImageConfig.iPhone13Mini(.portrait)
    /// iPhone 13 mini in `orientation`.
    public static func iPhone13Mini(_ orientation: Orientation) -> ViewImageConfig {
        phone(
            orientation, portrait: CGSize(width: 375, height: 812), portraitSafeArea: UIEdgeInsets(top: 50, left: 0, bottom: 34, right: 0),
            landscapeSafeArea: UIEdgeInsets(top: 0, left: 50, bottom: 21, right: 50), traits: .iPhone13(orientation))
    }
    /// iPhone 13 Pro (as the iPhone 13).
    public static let iPhone13Pro = ViewImageConfig.iPhone13Pro(.portrait)
    /// iPhone 13 Pro in `orientation`.
    public static func iPhone13Pro(_ orientation: Orientation) -> ViewImageConfig { .iPhone13(orientation) }
    /// iPhone 13 Pro Max, 428 × 926 points.
    public static let iPhone13ProMax = ViewImageConfig.iPhone13ProMax(.portrait)
    /// iPhone 13 Pro Max in `orientation`.
    public static func iPhone13ProMax(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, portrait: CGSize(width: 428, height: 926), portraitSafeArea: notch47.0, landscapeSafeArea: notch47.1, traits: .iPhone13ProMax(orientation))
    }
}

extension UITraitCollection {
    /// A phone's traits: compact width; regular height in portrait, compact in landscape unless
    /// `wideInLandscape` (the Plus and Max phones, regular width in landscape).
    private static func phone(_ orientation: ViewImageConfig.Orientation, forceTouch: Bool = true, wideInLandscape: Bool = false) -> UITraitCollection {
        let base: [UITraitCollection] = [
            .init(forceTouchCapability: forceTouch ? .available : .unavailable), .init(layoutDirection: .leftToRight),
            .init(preferredContentSizeCategory: .medium), .init(userInterfaceIdiom: .phone),
        ]
        switch orientation {
        case .portrait: return .init(traitsFrom: base + [.init(horizontalSizeClass: .compact), .init(verticalSizeClass: .regular)])
        case .landscape:
            return .init(traitsFrom: base + [.init(horizontalSizeClass: wideInLandscape ? .regular : .compact), .init(verticalSizeClass: .compact)])
        }
    }

    /// iPhone SE traits in `orientation`.
    public static func iPhoneSe(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection { phone(orientation) }
    /// iPhone 8 traits in `orientation`.
    public static func iPhone8(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection { phone(orientation) }
    /// iPhone 8 Plus traits in `orientation` (regular width in landscape).
    public static func iPhone8Plus(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection { phone(orientation, wideInLandscape: true) }
    /// iPhone X traits in `orientation`.
    public static func iPhoneX(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection { phone(orientation) }
    /// iPhone XS Max traits in `orientation` (regular width in landscape).
    public static func iPhoneXsMax(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection { phone(orientation, wideInLandscape: true) }
    /// iPhone XR traits in `orientation` (no 3D Touch; regular width in landscape).
    public static func iPhoneXr(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection {
        phone(orientation, forceTouch: false, wideInLandscape: true)
    }
    /// iPhone 12 traits in `orientation`.
    public static func iPhone12(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection { phone(orientation) }
    /// iPhone 12 Pro Max traits in `orientation` (regular width in landscape).
    public static func iPhone12ProMax(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection { phone(orientation, wideInLandscape: true) }
    /// iPhone 13 traits in `orientation`.
    public static func iPhone13(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection { phone(orientation) }
    /// iPhone 13 Pro Max traits in `orientation` (regular width in landscape).
    public static func iPhone13ProMax(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection { phone(orientation, wideInLandscape: true) }
}
