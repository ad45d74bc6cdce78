import Foundation
import Strata
import StrataCore

// Overall design: a snapshot is one frame drawn by the GPU, as the app would show it. Each
// snapshot gets a compositor of its own (so its virtual clock starts at frame 0 and the same test
// gives the same bytes every run) and a screen of the snapshot's size that never becomes
// `UIScreen.main`; the controller is shown in a window on it, under a root controller that sets
// the configuration's safe area and overrides its traits (as swift-snapshot-testing does on iOS);
// the frame is drawn with the main thread waiting (the library's assertion is synchronous), read
// back, and everything is taken down again: a view keeps its superview, frame and place.

/// Takes snapshots. Main actor.
@MainActor
enum SnapshotRenderer {
    /// `view` (shown by `viewController`, or in a plain controller's view when nil) drawn at
    /// `config`'s size (else the view's) and safe area, with `config`'s traits and then `traits`
    /// in force; an empty image when the size is zero.
    static func image(of view: UIView, in viewController: UIViewController?, config: ViewImageConfig, traits: UITraitCollection) -> UIImage {
        let compositor: Compositor
        do {
            compositor = try Compositor()
        } catch {
            preconditionFailure("StrataSnapshotTesting: no GPU context opens for the snapshot (\(error)); snapshots need EGL and OpenGL ES 3 (Mesa's llvmpipe will do)")
        }
        let image = present(view, in: viewController, config: config, traits: traits, sink: compositor, atOrigin: true) { screen in
            let frame: RenderedFrame
            do {
                frame = try screen.renderFrameWaiting(clearColor: .clear)
            } catch {
                preconditionFailure("StrataSnapshotTesting: drawing the snapshot failed: \(error)")
            }
            return frame.image.map { UIImage(cgImage: CGImage(image: $0), scale: screen.scale) } ?? UIImage()
        }
        return image ?? UIImage()
    }

    /// What `describe` says of `view` shown as `image(of:in:config:traits:)` shows it (laid out
    /// in a window at the configuration's size, safe area and traits, its origin kept, as
    /// swift-snapshot-testing's text strategies show it), with every pointer taken out (see
    /// `purgingPointers`). No GPU: the screen's commits go to a recording sink and are dropped.
    /// A view of zero size is sized to fit first and, still empty, described as it is.
    static func description(
        of view: UIView, in viewController: UIViewController?, config: ViewImageConfig, traits: UITraitCollection, _ describe: () -> String
    ) -> String {
        let text =
            present(view, in: viewController, config: config, traits: traits, sink: RecordingCommitSink(), atOrigin: false) { _ in
                // The commit sent, the controllers' appearances end (`viewDidAppear`), as a frame ends them.
                CATransaction.flush()
                return describe()
            } ?? describe()
        return purgingPointers(text)
    }

    /// Runs `body` with `view` shown in a window on a screen of its own over `sink`, and takes
    /// everything down again after (a view keeps its superview, frame and place); nil, without
    /// calling `body`, when the size is zero even after `sizeToFit()`. `atOrigin` moves the view
    /// to (0, 0) while shown (the image strategies' frame); otherwise only its size changes.
    private static func present<T>(
        _ view: UIView, in viewController: UIViewController?, config: ViewImageConfig, traits: UITraitCollection, sink: any CommitSink,
        atOrigin: Bool, _ body: (UIScreen) -> T
    ) -> T? {
        let traits = UITraitCollection(traitsFrom: [config.traits, traits])
        let initialFrame = view.frame
        let place = view.superview.map { ($0, $0.subviews.firstIndex(of: view) ?? 0) }
        let controller = viewController ?? UIViewController()
        var size = config.size ?? (viewController?.view.frame.size ?? view.frame.size)
        if size.width <= 0 || size.height <= 0 {
            view.sizeToFit()
            size = view.bounds.size
        }
        guard size.width > 0, size.height > 0 else { return nil }
        if viewController == nil {
            if atOrigin { view.frame = CGRect(origin: .zero, size: size) } else { view.frame.size = size }
            controller.view.addSubview(view)
        }
        let scale = traits.displayScale > 0 ? traits.displayScale : UIScreen.mainScale
        let screen = UIScreen(size: size, scale: scale, commitSink: sink, canBeMain: false)
        let window = UIWindow(frame: CGRect(origin: .zero, size: size))
        window.screen = screen
        let root = UIViewController()
        root.view.backgroundColor = .clear
        root.view.frame = window.bounds
        root.containerSafeAreaInsets = config.safeArea
        controller.view.frame = root.view.bounds
        controller.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        root.addChild(controller)
        root.view.addSubview(controller.view)
        root.setOverrideTraitCollection(traits, forChild: controller)
        controller.didMove(toParent: root)
        window.rootViewController = root
        window.isHidden = false
        root.view.layoutIfNeeded()
        controller.view.layoutIfNeeded()
        let result = body(screen)
        // Taken down: the controller leaves the root, the window its screen.
        controller.willMove(toParent: nil)
        controller.view.removeFromSuperview()
        controller.removeFromParent()
        window.rootViewController = nil
        window.isHidden = true
        window.screen = nil
        if viewController == nil {
            view.removeFromSuperview()
            if let (superview, index) = place { superview.insertSubview(view, at: index) }
            view.frame = initialFrame
        }
        return result
    }

    /// `layer` drawn in its own bounds space (its position and transform left out, as
    /// `render(in:)` draws it), at `traits`' display scale (else the main screen's).
    static func image(of layer: CALayer, traits: UITraitCollection) -> UIImage {
        let size = layer.bounds.size
        guard size.width > 0, size.height > 0 else { return UIImage() }
        let view = UIView(frame: CGRect(origin: .zero, size: size))
        let place = layer.superlayer.map { ($0, $0.sublayers?.firstIndex(of: layer) ?? 0) }
        let saved = (layer.position, layer.transform, layer.anchorPoint)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.removeFromSuperlayer()
        layer.transform = CATransform3DIdentity
        layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        layer.position = CGPoint(x: size.width / 2, y: size.height / 2)
        view.layer.addSublayer(layer)
        CATransaction.commit()
        let image = Self.image(of: view, in: nil, config: ViewImageConfig(size: size), traits: traits)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.removeFromSuperlayer()
        (layer.position, layer.transform, layer.anchorPoint) = saved
        if let (superlayer, index) = place { superlayer.insertSublayer(layer, at: UInt32(index)) }
        CATransaction.commit()
        return image
    }
}
