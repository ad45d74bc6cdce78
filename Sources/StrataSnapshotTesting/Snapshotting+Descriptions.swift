import Foundation
import Strata

// The text strategies: what a view or controller says of itself, in UIKit's debugging shape
// (`recursiveDescription`, `_printHierarchy`), with pointers taken out so a reference stays
// true from run to run. They need no GPU: the view is laid out in a window whose commits are
// recorded and dropped.

extension Snapshotting where Value == UIView, Format == String {
    /// A snapshot strategy comparing a view's hierarchy as text: its recursive description at
    /// its own size, as laid out in a window.
    public static var recursiveDescription: Snapshotting { .recursiveDescription() }

    /// A snapshot strategy comparing a view's hierarchy as text: one line a view
    /// (`<UIView; frame = (0 0; 375 667); autoresize = W+H; layer = <CALayer>>`), each level
    /// indented by `   | `, with the pointers removed. Main actor.
    /// - Parameters:
    ///   - size: the view's size while described (nil: its frame's); its origin is kept.
    ///   - traits: traits in force while the view is laid out.
    public static func recursiveDescription(size: CGSize? = nil, traits: UITraitCollection = .init()) -> Snapshotting<UIView, String> {
        SimplySnapshotting.lines.pullback { view in
            MainActor.assumeSnapshotIsolation {
                SnapshotRenderer.description(of: view, in: nil, config: ViewImageConfig(size: size, traits: traits), traits: .init()) {
                    view.recursiveDescription()
                }
            }
        }
    }
}

extension Snapshotting where Value == UIViewController, Format == String {
    /// A snapshot strategy comparing a controller and its children as text, one line a
    /// controller (`<UINavigationController>, state: appeared, view: <UILayoutContainerView>`),
    /// each level indented by `   | `, with the pointers removed. The controller is shown in a
    /// window at its view's size while it is described. Main actor.
    public static var hierarchy: Snapshotting {
        SimplySnapshotting.lines.pullback { viewController in
            MainActor.assumeSnapshotIsolation {
                SnapshotRenderer.description(of: viewController.view, in: viewController, config: ViewImageConfig(), traits: .init()) {
                    viewController.hierarchyDescription()
                }
            }
        }
    }

    /// A snapshot strategy comparing a controller's view hierarchy as text, at its view's size.
    public static var recursiveDescription: Snapshotting { .recursiveDescription() }

    /// A snapshot strategy comparing a controller's view hierarchy as text (see
    /// `Snapshotting<UIView, String>.recursiveDescription(size:traits:)`), the controller shown
    /// on a device configuration. Main actor.
    /// - Parameters:
    ///   - config: the device (`.iPhone8`…) or a size, safe area and traits (by default none:
    ///     the view's own size).
    ///   - size: overrides the configuration's size.
    ///   - traits: traits in force over the configuration's.
    public static func recursiveDescription(
        on config: ViewImageConfig = .init(), size: CGSize? = nil, traits: UITraitCollection = .init()
    ) -> Snapshotting<UIViewController, String> {
        SimplySnapshotting.lines.pullback { viewController in
            MainActor.assumeSnapshotIsolation {
                let config = ViewImageConfig(safeArea: config.safeArea, size: size ?? config.size, traits: config.traits)
                return SnapshotRenderer.description(of: viewController.view, in: viewController, config: config, traits: traits) {
                    viewController.view.recursiveDescription()
                }
            }
        }
    }
}

/// `text` with every pointer (`: 0x7f…`) removed, as swift-snapshot-testing's text strategies
/// store descriptions: `<UIView: 0x1; frame = …>` becomes `<UIView; frame = …>`.
func purgingPointers(_ text: String) -> String {
    text.replacingOccurrences(of: ":?\\s*0x[\\da-f]+(\\s*)", with: "$1", options: .regularExpression)
}
