import Foundation
import Strata

extension Snapshotting where Value == UIView, Format == UIImage {
    /// A snapshot strategy comparing a view's pixels, drawn by the GPU; all must match.
    public static var image: Snapshotting { .image() }

    /// A snapshot strategy comparing a view's pixels as the GPU draws it in a window of its own.
    /// Main actor: take the snapshot in a `@MainActor` test.
    /// - Parameters:
    ///   - drawHierarchyInKeyWindow: accepted for UIKit's sake; every Strata snapshot is drawn by
    ///     the compositor, as a window shows it.
    ///   - precision, perceptualPrecision: see `Diffing.image(precision:perceptualPrecision:scale:)`.
    ///   - size: the view's size in the snapshot (nil: its frame's).
    ///   - traits: traits in force (a display scale of 0 takes the main screen's).
    public static func image(
        drawHierarchyInKeyWindow: Bool = false, precision: Float = 1, perceptualPrecision: Float = 1, size: CGSize? = nil,
        traits: UITraitCollection = .init()
    ) -> Snapshotting {
        SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: traits.displayScale).pullback { view in
            MainActor.assumeSnapshotIsolation {
                SnapshotRenderer.image(of: view, in: nil, config: ViewImageConfig(size: size), traits: traits)
            }
        }
    }
}

extension Snapshotting where Value == UIViewController, Format == UIImage {
    /// A snapshot strategy comparing a view controller's pixels, drawn by the GPU; all must match.
    public static var image: Snapshotting { .image() }

    /// A snapshot strategy comparing a view controller's pixels on a device configuration (its
    /// size, safe area and traits), as the GPU draws it. Main actor.
    /// - Parameters:
    ///   - config: the device (`.iPhone13`, `.iPhoneSe(.landscape)`…) or a size, safe area and traits.
    ///   - size: overrides the configuration's size.
    ///   - traits: traits in force over the configuration's.
    public static func image(
        on config: ViewImageConfig, drawHierarchyInKeyWindow: Bool = false, precision: Float = 1, perceptualPrecision: Float = 1,
        size: CGSize? = nil, traits: UITraitCollection = .init()
    ) -> Snapshotting {
        let config = size.map { ViewImageConfig(safeArea: config.safeArea, size: $0, traits: config.traits) } ?? config
        return SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: traits.displayScale).pullback {
            viewController in
            MainActor.assumeSnapshotIsolation { SnapshotRenderer.image(of: viewController.view, in: viewController, config: config, traits: traits) }
        }
    }

    /// A snapshot strategy comparing a view controller's pixels at `size` (nil: its view's frame),
    /// with no safe area, as the GPU draws it. Main actor.
    public static func image(
        drawHierarchyInKeyWindow: Bool = false, precision: Float = 1, perceptualPrecision: Float = 1, size: CGSize? = nil,
        traits: UITraitCollection = .init()
    ) -> Snapshotting {
        SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: traits.displayScale).pullback {
            viewController in
            MainActor.assumeSnapshotIsolation {
                SnapshotRenderer.image(of: viewController.view, in: viewController, config: ViewImageConfig(size: size, traits: traits), traits: traits)
            }
        }
    }
}

extension Snapshotting where Value == CALayer, Format == UIImage {
    /// A snapshot strategy comparing a layer's pixels, drawn by the GPU; all must match.
    public static var image: Snapshotting { .image() }

    /// A snapshot strategy comparing a layer's pixels as the GPU draws it, in its own bounds
    /// (its position and transform left out, as `render(in:)` draws it). Main actor.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, traits: UITraitCollection = .init()) -> Snapshotting {
        SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: traits.displayScale).pullback { layer in
            MainActor.assumeSnapshotIsolation {
                layer.setNeedsLayout()
                layer.layoutIfNeeded()
                return SnapshotRenderer.image(of: layer, traits: traits)
            }
        }
    }
}
