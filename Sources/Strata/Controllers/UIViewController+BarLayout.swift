import Foundation

/// The edges of a rectangle (UIKit's `UIRectEdge`): which of a controller's edges extend under
/// its container's bars.
public struct UIRectEdge: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// No edge.
    public static let none: UIRectEdge = []
    public static let top = UIRectEdge(rawValue: 1 << 0)
    public static let left = UIRectEdge(rawValue: 1 << 1)
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    public static let right = UIRectEdge(rawValue: 1 << 3)
    /// All four edges.
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

/// The status bar's style (UIKit's `UIStatusBarStyle`); kept, Strata draws no status bar.
public enum UIStatusBarStyle: Int, Sendable {
    /// Dark content on light backgrounds, light on dark, as the interface style says.
    case `default` = 0
    /// Light content, for dark backgrounds.
    case lightContent = 1
    /// Dark content, for light backgrounds.
    case darkContent = 3
}

extension UIViewController {
    /// Whether the controller's view reaches under a bar of its container at `edge`: its
    /// `edgesForExtendedLayout` contains the edge, and the bar is translucent or the controller
    /// extends under opaque bars too (`extendedLayoutIncludesOpaqueBars`).
    func extendsUnderBar(at edge: UIRectEdge, barIsTranslucent: Bool) -> Bool {
        edgesForExtendedLayout.contains(edge) && (barIsTranslucent || extendedLayoutIncludesOpaqueBars)
    }

    /// The bar items and layout of this controller's containers changed: the navigation
    /// controller it is in shows its toolbar items again, and a tab bar controller above it
    /// reconsiders whether its bar is hidden.
    func barLayoutMayHaveChanged() {
        if let nav = parent as? UINavigationController { nav.childBarLayoutChanged(self) }
        tabBarController?.bottomBarVisibilityMayHaveChanged()
    }
}
