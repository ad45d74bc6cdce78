import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import Testing

/// The bad-input catalogue for the UIKit model: each misuse UIKit raises an exception for, run
/// in a child process (Strata traps, as UIKit would raise), and the message it prints.
@Suite struct BadModelCatalogueTests {
    /// Each misuse and words of the message it prints. The misuse itself is `misuse(_:)`'s case.
    static let catalogue: [(what: String, message: String)] = [
        ("a view added to itself", "UIView.addSubview: cannot add <UIView: 0x"),
        ("a view added into its own subtree", "into its own subtree (it is an ancestor of <UIView: 0x"),
        ("a layer added into its own subtree", "CALayer.addSublayer: cannot add a CALayer into its own subtree (it is an ancestor of a CALayer); the tree is unchanged"),
        ("a controller made its own child", "cannot be its own child; the controller hierarchy is unchanged"),
        ("a controller presenting itself", "tried to present itself modally (an active controller); present another controller"),
        (
            "a constraint between views with no common ancestor",
            "because its items have no common ancestor. Does the constraint reference items in different view hierarchies? That's illegal."
        ),
        ("a recognizer's touch index out of range", "UIGestureRecognizer.location(ofTouch: 3): it has 0 touches"),
        ("a pan's translation set to NaN", "UIPanGestureRecognizer.setTranslation: CGPoint(x: nan, y: 0.0) must be finite"),
        ("a pinch's scale set to infinity", "UIPinchGestureRecognizer.scale must be finite, got inf"),
        (
            "an animator finished after stopAnimation(true)",
            "UIViewPropertyAnimator.finishAnimation(at:) is not allowed in state .inactive; it is allowed in .stopped (after stopAnimation(false))"
        ),
        ("a screen over a recording sink asked for its compositor", "UIScreen.compositor: this screen's commits go to a RecordingCommitSink, not a Compositor; read commitSink"),
        ("two screens over one commit sink", "UIScreen: this RecordingCommitSink already backs another screen; give each screen its own"),
        (
            "a screen larger than its sink's targets",
            "UIScreen: CGSize(width: 100.0, height: 50.0) points at scale 2.0 is 200.0×100.0 pixels; each side must be 1...128 for its RecordingCommitSink"
        ),
        ("a layer's speed set to NaN", "CALayer.speed"),
        ("a layer's superlayer made its mask", "CALayer.mask: a CALayer is this layer or one of its superlayers (or masks one)"),
        ("a layer added under its own mask", "CALayer.addSublayer: cannot add a CALayer into its own subtree"),
    ]

    /// Performs misuse `index` of the catalogue (it traps).
    @MainActor static func misuse(_ index: Int) {
        switch index {
        case 0: let a = UIView(); a.addSubview(a)
        case 1: let a = UIView(), b = UIView(); a.addSubview(b); b.addSubview(a)
        case 2: let a = CALayer(), b = CALayer(); a.addSublayer(b); b.addSublayer(a)
        case 3: let c = UIViewController(); c.addChild(c)
        case 4:
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            let c = UIViewController()
            window.rootViewController = c
            c.present(c, animated: false)
        case 5:
            let a = UIView(), b = UIView()
            a.widthAnchor.constraint(equalTo: b.widthAnchor).isActive = true
        case 6: _ = UITapGestureRecognizer().location(ofTouch: 3, in: nil)
        case 7: UIPanGestureRecognizer().setTranslation(CGPoint(x: CGFloat.nan, y: 0), in: nil)
        case 8: UIPinchGestureRecognizer().scale = .infinity
        case 9:
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) {}
            animator.startAnimation()
            animator.stopAnimation(false)
            animator.finishAnimation(at: .end)
            animator.startAnimation()
            animator.stopAnimation(true)
            animator.finishAnimation(at: .end)
        case 10: _ = UIScreen(size: CGSize(width: 10, height: 10), commitSink: RecordingCommitSink()).compositor
        case 11:
            let sink = RecordingCommitSink()
            let first = UIScreen(size: CGSize(width: 10, height: 10), commitSink: sink)
            _ = UIScreen(size: CGSize(width: 10, height: 10), commitSink: sink)
            _ = first
        case 12: _ = UIScreen(size: CGSize(width: 100, height: 50), scale: 2, commitSink: RecordingCommitSink(maxTargetSize: 128))
        case 13: CALayer().speed = .nan
        case 14: let a = CALayer(), b = CALayer(); a.addSublayer(b); b.mask = a
        case 15: let a = CALayer(), m = CALayer(); a.mask = m; m.addSublayer(a)
        default: break
        }
    }

    @Test("Each misuse traps with its message, as UIKit raises", arguments: catalogue.indices)
    func aMisuseTraps(_ index: Int) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [index] in
            await MainActor.run { BadModelCatalogueTests.misuse(index) }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains(Self.catalogue[index].message), "\(Self.catalogue[index].what): \(message.suffix(400))")
    }
}
