import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import Testing

/// UIKit's objects as code written for iOS uses them: `NSObject` equality, the zero-initialised C
/// structs, the application object and the responder chain's top, events passed through a
/// window's `sendEvent(_:)`, touches and events made by hand, and the layer order
/// `insertSubview(_:aboveSubview:)` gives.
@MainActor
@Suite struct UIKitObjectTests {
    @Test("isEqual(_:) as NSObject answers it: colours by their components, views, layers and animations by identity")
    func isEqualFollowsNSObject() {
        #expect(UIColor.red.isEqual(UIColor(red: 1, green: 0, blue: 0, alpha: 1)))
        #expect(!UIColor.red.isEqual(UIColor(red: 1, green: 0, blue: 0, alpha: 0.5)))
        #expect(!UIColor.red.isEqual(nil) && !UIColor.red.isEqual("red"))
        let a = UIView(), b = UIView()
        #expect(a.isEqual(a) && !a.isEqual(b) && !a.isEqual(nil))
        let layer = CALayer()
        #expect(layer.isEqual(layer) && !layer.isEqual(CALayer()))
        let animation = CABasicAnimation(keyPath: "opacity")
        #expect(animation.isEqual(animation) && !animation.isEqual(animation.copy()))
    }

    @Test("An animation added to two layers is copied for each: the two layers' animations are not equal to each other or to the original")
    func animationsAddedAreCopiesThatCompareByIdentity() throws {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0
        animation.toValue = 1
        let first = CALayer(), second = CALayer()
        first.add(animation, forKey: "fade")
        second.add(animation, forKey: "fade")
        let a = try #require(first.animation(forKey: "fade")), b = try #require(second.animation(forKey: "fade"))
        #expect(a != b && a != animation && b != animation)
        #expect(Set([a, b, animation]).count == 3)
    }

    @Test(
        "CGAffineTransform() and CATransform3D() are all zeros, as Swift's zero initialisers of the C structs give them on iOS; .identity and CATransform3DIdentity are the identity"
    )
    func zeroInitialisedTransforms() {
        let affine = CGAffineTransform()
        #expect([affine.a, affine.b, affine.c, affine.d, affine.tx, affine.ty] == [0, 0, 0, 0, 0, 0])
        #expect(!affine.isIdentity && CGAffineTransform.identity.isIdentity)
        #expect(CGAffineTransform.identity == CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        let t = CATransform3D()
        #expect([t.m11, t.m22, t.m33, t.m44, t.m41] == [0, 0, 0, 0, 0])
        #expect(!CATransform3DIsIdentity(t) && CATransform3DIsIdentity(CATransform3DIdentity))
    }

    @Test(
        "Scene: subview s1, then a sublayer L added with addSublayer, then s2 inserted above s1: subviews [s1, s2], sublayers [s1, s2, L] (the new layer goes just above its sibling's); with subviews [1, 3] and layers [1, L, 3], 2 inserted above 1 gives [1, 2, L, 3]"
    )
    func insertingAboveASubviewPutsTheLayerJustAboveItsSiblings() {
        let parent = UIView(), s1 = UIView(), s2 = UIView(), extra = CALayer()
        parent.addSubview(s1)
        parent.layer.addSublayer(extra)
        parent.insertSubview(s2, aboveSubview: s1)
        #expect(parent.subviews == [s1, s2])
        #expect(parent.layer.sublayers == [s1.layer, s2.layer, extra])

        let other = UIView(), v1 = UIView(), v2 = UIView(), v3 = UIView(), between = CALayer()
        other.addSubview(v1)
        other.layer.addSublayer(between)
        other.addSubview(v3)
        other.insertSubview(v2, aboveSubview: v1)
        #expect(other.subviews == [v1, v2, v3])
        #expect(other.layer.sublayers == [v1.layer, v2.layer, between, v3.layer])
        // Below a sibling, likewise just below its layer; a sibling that is not a subview puts the view on top.
        let v0 = UIView(), stranger = UIView(), top = UIView()
        other.insertSubview(v0, belowSubview: v1)
        other.insertSubview(top, aboveSubview: stranger)
        #expect(other.subviews == [v0, v1, v2, v3, top])
        #expect(other.layer.sublayers == [v0.layer, v1.layer, v2.layer, between, v3.layer, top.layer])
    }

    @Test(
        "UITouch() and UIEvent() made by hand: a touch at (0, 0) in no view or window, phase began, tap count 0; an event of type touches with no touches; a recognizer's touchesBegan takes them"
    )
    func touchesAndEventsMadeByHand() {
        let touch = UITouch()
        #expect(touch.phase == .began && touch.tapCount == 0 && touch.view == nil && touch.window == nil)
        #expect(touch.location(in: nil) == .zero)
        let event = UIEvent()
        #expect(event.type == .touches && event.allTouches?.isEmpty == true && event.timestamp == 0)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let recognizer = UIPanGestureRecognizer()
        view.addGestureRecognizer(recognizer)
        recognizer.touchesBegan([touch], with: event)
        #expect(recognizer.state == .possible, "one touch down does not begin a pan")
    }

    @Test("A UIWindow subclass overriding sendEvent(_:) sees every touch event before its views: calling super delivers it, not calling it holds it back")
    func windowsSendEventThroughAnOverridableMethod() throws {
        final class WatchingWindow: UIWindow {
            var seen: [UITouch.Phase] = []
            var passes = true
            override func sendEvent(_ event: UIEvent) {
                seen.append(contentsOf: event.allTouches?.map(\.phase) ?? [])
                if passes { super.sendEvent(event) }
            }
        }
        let screen = UIScreen(size: CGSize(width: 100, height: 100), commitSink: RecordingCommitSink())
        let window = WatchingWindow(frame: screen.bounds)
        window.screen = screen
        window.makeKeyAndVisible()
        let view = TouchLogView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        view.name = "v"
        window.addSubview(view)
        try window.tap(10, 10, at: 1)
        #expect(window.seen == [.began, .ended])
        #expect(view.log == ["v.began(1)", "v.ended(1)"])
        window.passes = false
        try window.tap(10, 10, at: 2)
        #expect(window.seen == [.began, .ended, .began, .ended])
        #expect(view.log == ["v.began(1)", "v.ended(1)"], "held back: the view heard nothing more")
    }

    @Test(
        "UIApplication.shared: one object; its windows are every screen's, its key window the one made key last, UIScreen.screens lists the screens; the chain runs view → window → application → delegate (a plain responder)"
    )
    func theApplicationObject() {
        #expect(UIApplication.shared === UIApplication.shared)
        #expect(UIApplication.shared.applicationState == .active)
        let screen = UIScreen(size: CGSize(width: 100, height: 100), commitSink: RecordingCommitSink())
        #expect(UIScreen.screens.contains { $0 === screen })
        let a = UIWindow(frame: screen.bounds), b = UIWindow(frame: screen.bounds)
        a.screen = screen
        b.screen = screen
        a.makeKeyAndVisible()
        b.makeKeyAndVisible()
        #expect(UIApplication.shared.windows.contains(a) && UIApplication.shared.windows.contains(b))
        #expect(b.isKeyWindow && !a.isKeyWindow)
        let view = UIView()
        b.addSubview(view)
        #expect(view.next === b && b.next === UIApplication.shared)
        final class AppDelegate: UIResponder, UIApplicationDelegate {}
        let delegate = AppDelegate()
        UIApplication.shared.delegate = delegate
        #expect(UIApplication.shared.next === delegate)
        #expect(delegate.application(UIApplication.shared, didFinishLaunchingWithOptions: nil))
        UIApplication.shared.delegate = nil
        #expect(UIApplication.shared.next == nil)
    }

    @Test(
        "A view's bounds animated in a block from (10, 10, 10, 10) to (20, 20, 20, 20) run as UIKit adds them: two additive animations keyed bounds.origin (from (−10, −10)) and bounds.size (from (−10, −10)), none keyed bounds; a frame change adds position too"
    )
    func boundsAnimateAsOriginAndSize() async throws {
        let f = try ScreenFixture()
        let view = UIView(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        view.bounds = CGRect(x: 10, y: 10, width: 10, height: 10)
        f.window.addSubview(view)
        try await f.screen.present(through: 0)
        UIView.animate(withDuration: 1) { view.bounds = CGRect(x: 20, y: 20, width: 20, height: 20) }
        #expect(view.bounds == CGRect(x: 20, y: 20, width: 20, height: 20), "the model value at once")
        #expect(view.layer.animationKeys() == ["bounds.origin", "bounds.size"])
        let origin = try #require(view.layer.animation(forKey: "bounds.origin") as? CABasicAnimation)
        let size = try #require(view.layer.animation(forKey: "bounds.size") as? CABasicAnimation)
        #expect(origin.isAdditive && (origin.fromValue as? NSValue)?.cgPointValue == CGPoint(x: -10, y: -10))
        #expect((origin.toValue as? NSValue)?.cgPointValue == .zero)
        #expect(size.isAdditive && (size.fromValue as? NSValue)?.cgSizeValue == CGSize(width: -10, height: -10))
        #expect(view.layer.animation(forKey: "bounds") == nil)
        let other = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        f.window.addSubview(other)
        try await f.screen.present(through: 1)
        UIView.animate(withDuration: 1) { other.frame = CGRect(x: 0, y: 0, width: 40, height: 40) }
        #expect(Set(other.layer.animationKeys() ?? []) == ["position", "bounds.origin", "bounds.size"])
    }
}
