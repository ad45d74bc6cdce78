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

    /// A tablet's orientation, and how much of the screen the app has beside another in Split View.
    public enum TabletOrientation: Sendable {
        /// A third, two thirds or all of a portrait screen.
        public enum PortraitSplits: Sendable {
            case oneThird
            case twoThirds
            case full
        }
        /// A third, a half, two thirds or all of a landscape screen.
        public enum LandscapeSplits: Sendable {
            case oneThird
            case oneHalf
            case twoThirds
            case full
        }
        case landscape(splitView: LandscapeSplits)
        case portrait(splitView: PortraitSplits)
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

    /// A tablet of `portrait` points in `orientation`: the app's share of the width in Split View
    /// (`landscapeWidths`: a third, a half, two thirds; `portraitWidths`: a third, two thirds), its
    /// width compact in the narrow splits (a half of a landscape screen too, unless `wideHalf`).
    private static func tablet(
        _ orientation: TabletOrientation, portrait: CGSize, landscapeWidths: (CGFloat, CGFloat, CGFloat),
        portraitWidths: (CGFloat, CGFloat), wideHalf: Bool = false, safeArea: UIEdgeInsets = statusBar
    ) -> ViewImageConfig {
        let width: CGFloat, height: CGFloat, compact: Bool
        switch orientation {
        case .landscape(let split):
            height = portrait.width
            switch split {
            case .oneThird: (width, compact) = (landscapeWidths.0, true)
            case .oneHalf: (width, compact) = (landscapeWidths.1, !wideHalf)
            case .twoThirds: (width, compact) = (landscapeWidths.2, false)
            case .full: (width, compact) = (portrait.height, false)
            }
        case .portrait(let split):
            height = portrait.height
            switch split {
            case .oneThird: (width, compact) = (portraitWidths.0, true)
            case .twoThirds: (width, compact) = (portraitWidths.1, true)
            case .full: (width, compact) = (portrait.width, false)
            }
        }
        return .init(safeArea: safeArea, size: CGSize(width: width, height: height), traits: compact ? .iPadCompactSplitView : .iPad)
    }

    private static func full(_ orientation: Orientation) -> TabletOrientation {
        orientation == .landscape ? .landscape(splitView: .full) : .portrait(splitView: .full)
    }

    /// iPad mini (and iPad 9.7"), 1024 × 768 points in landscape.
    public static let iPadMini = ViewImageConfig.iPadMini(.landscape)
    /// iPad mini, all of its screen in `orientation`.
    public static func iPadMini(_ orientation: Orientation) -> ViewImageConfig { .iPadMini(full(orientation)) }
    /// iPad mini in `orientation` and Split View share: landscape 320, 507, 694 or 1024 × 768; portrait 320, 438 or 768 × 1024.
    public static func iPadMini(_ orientation: TabletOrientation) -> ViewImageConfig {
        tablet(orientation, portrait: CGSize(width: 768, height: 1024), landscapeWidths: (320, 507, 694), portraitWidths: (320, 438))
    }
    /// iPad 9.7": the iPad mini's points.
    public static let iPad9_7 = iPadMini
    /// iPad 9.7" in `orientation`.
    public static func iPad9_7(_ orientation: Orientation) -> ViewImageConfig { .iPadMini(orientation) }
    /// iPad 9.7" in `orientation` and Split View share.
    public static func iPad9_7(_ orientation: TabletOrientation) -> ViewImageConfig { .iPadMini(orientation) }
    /// iPad 10.2", 1080 × 810 points in landscape.
    public static let iPad10_2 = ViewImageConfig.iPad10_2(.landscape)
    /// iPad 10.2", all of its screen in `orientation`.
    public static func iPad10_2(_ orientation: Orientation) -> ViewImageConfig { .iPad10_2(full(orientation)) }
    /// iPad 10.2" in `orientation` and Split View share: landscape 320, 535, 750 or 1080 × 810; portrait 320, 480 or 810 × 1080.
    public static func iPad10_2(_ orientation: TabletOrientation) -> ViewImageConfig {
        tablet(orientation, portrait: CGSize(width: 810, height: 1080), landscapeWidths: (320, 535, 750), portraitWidths: (320, 480))
    }
    /// iPad Pro 10.5", 1112 × 834 points in landscape.
    public static let iPadPro10_5 = ViewImageConfig.iPadPro10_5(.landscape)
    /// iPad Pro 10.5", all of its screen in `orientation`.
    public static func iPadPro10_5(_ orientation: Orientation) -> ViewImageConfig { .iPadPro10_5(full(orientation)) }
    /// iPad Pro 10.5" in `orientation` and Split View share: landscape 320, 551, 782 or 1112 × 834; portrait 320, 504 or 834 × 1112.
    public static func iPadPro10_5(_ orientation: TabletOrientation) -> ViewImageConfig {
        tablet(orientation, portrait: CGSize(width: 834, height: 1112), landscapeWidths: (320, 551, 782), portraitWidths: (320, 504))
    }
    /// iPad Pro 11", 1194 × 834 points in landscape, with the home indicator's safe area.
    public static let iPadPro11 = ViewImageConfig.iPadPro11(.landscape)
    /// iPad Pro 11", all of its screen in `orientation`.
    public static func iPadPro11(_ orientation: Orientation) -> ViewImageConfig { .iPadPro11(full(orientation)) }
    /// iPad Pro 11" in `orientation` and Split View share: landscape 375, 592, 809 or 1194 × 834; portrait 320, 504 or 834 × 1194; safe area 24 at the top and 20 at the bottom.
    public static func iPadPro11(_ orientation: TabletOrientation) -> ViewImageConfig {
        tablet(
            orientation, portrait: CGSize(width: 834, height: 1194), landscapeWidths: (375, 592, 809), portraitWidths: (320, 504),
            safeArea: UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0))
    }
    /// iPad Pro 12.9", 1366 × 1024 points in landscape.
    public static let iPadPro12_9 = ViewImageConfig.iPadPro12_9(.landscape)
    /// iPad Pro 12.9", all of its screen in `orientation`.
    public static func iPadPro12_9(_ orientation: Orientation) -> ViewImageConfig { .iPadPro12_9(full(orientation)) }
    /// iPad Pro 12.9" in `orientation` and Split View share: landscape 375, 678, 981 or 1366 × 1024 (half and more regular width); portrait 375, 639 or 1024 × 1366.
    public static func iPadPro12_9(_ orientation: TabletOrientation) -> ViewImageConfig {
        tablet(
            orientation, portrait: CGSize(width: 1024, height: 1366), landscapeWidths: (375, 678, 981), portraitWidths: (375, 639),
            wideHalf: true)
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

    /// An iPad's traits, all of its screen or a wide share: regular width and height.
    fileprivate static let iPad = UITraitCollection(traitsFrom: [
        .init(horizontalSizeClass: .regular), .init(verticalSizeClass: .regular), .init(userInterfaceIdiom: .pad),
    ])
    /// An iPad's traits in a narrow Split View share: compact width, regular height.
    fileprivate static let iPadCompactSplitView = UITraitCollection(traitsFrom: [
        .init(horizontalSizeClass: .compact), .init(verticalSizeClass: .regular), .init(userInterfaceIdiom: .pad),
    ])
    /// iPad mini traits (`iPad`).
    public static let iPadMini = iPad
    /// iPad mini traits in a narrow Split View share.
    public static let iPadMini_Compact_SplitView = iPadCompactSplitView
    /// iPad 9.7" traits.
    public static let iPad9_7 = iPad
    /// iPad 9.7" traits in a narrow Split View share.
    public static let iPad9_7_Compact_SplitView = iPadCompactSplitView
    /// iPad 10.2" traits.
    public static let iPad10_2 = iPad
    /// iPad 10.2" traits in a narrow Split View share.
    public static let iPad10_2_Compact_SplitView = iPadCompactSplitView
    /// iPad Pro 10.5" traits.
    public static let iPadPro10_5 = iPad
    /// iPad Pro 10.5" traits in a narrow Split View share.
    public static let iPadPro10_5_Compact_SplitView = iPadCompactSplitView
    /// iPad Pro 11" traits.
    public static let iPadPro11 = iPad
    /// iPad Pro 11" traits in a narrow Split View share.
    public static let iPadPro11_Compact_SplitView = iPadCompactSplitView
    /// iPad Pro 12.9" traits.
    public static let iPadPro12_9 = iPad
    /// iPad Pro 12.9" traits in a narrow Split View share.
    public static let iPadPro12_9_Compact_SplitView = iPadCompactSplitView

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
