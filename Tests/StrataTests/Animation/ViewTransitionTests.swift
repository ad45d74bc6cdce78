import Foundation
import Strata
import StrataCore
import StrataTesting
import Testing

/// `UIView.transition(from:to:duration:options:completion:)` as UIKit documents it: the
/// from-view replaced by the to-view in its superview (or hidden and shown with
/// `.showHideTransitionViews`), the transition animated, the completion after it. Scenes on a
/// 100 × 100 white window: a clear 80 × 80 container at (10, 10) holding a red view that fills
/// it, replaced by a blue one of the same frame. Frame n is at n/60 s; animations begin at frame 1.
@MainActor
@Suite struct ViewTransitionTests {
    func scene() async throws -> (ScreenFixture, UIView, UIView, UIView) {
        let f = try ScreenFixture(gpu: true)
        let container = UIView(frame: CGRect(x: 10, y: 10, width: 80, height: 80))
        let red = UIView(frame: container.bounds), blue = UIView(frame: container.bounds)
        red.backgroundColor = .red
        blue.backgroundColor = .blue
        let marker = UIView(frame: CGRect(x: 0, y: 0, width: 5, height: 5))
        f.window.addSubview(container)
        container.addSubview(red)
        container.addSubview(marker)
        _ = try await f.render()
        return (f, container, red, blue)
    }

    @Test(
        "transition(with:): a red 80×80 view turned blue in a 1 s linear cross-dissolve: the change is in the model at once, a picture of the red view lies over it and fades: half way the centre is half red, half blue; at the end blue alone, the picture gone, the completion run",
        .tags(.gpu), .requiresGPU
    )
    func transitionWithCrossDissolvesAPicture() async throws {
        let (f, container, red, _) = try await scene()
        var finished: Bool?
        UIView.transition(
            with: red, duration: 1, options: [.transitionCrossDissolve, .curveLinear],
            animations: { red.backgroundColor = .blue }, completion: { finished = $0 })
        #expect(red.backgroundColor == .blue, "the model changed at once")
        #expect(red.subviews.count == 1, "the old picture lies over it")
        var frame = 1
        let half = try await f.renderUntil(frame: 31, from: &frame)  // began at frame 1: 0.5 s
        expectPixel(half, 50, 50, RGBA8(128, 0, 128), tolerance: 3, "centre half way: half red, half blue")
        let end = try await f.renderUntil(frame: 62, from: &frame)
        expectPixel(end, 50, 50, .blue, "centre at the end: blue")
        #expect(finished == true && red.subviews.isEmpty, "the picture gone, the completion run")
        withExtendedLifetime(container) {}
        await f.finish()
    }

    @Test(
        "transition(with:) flipping from the left over 1 s: at 0.25 s the old red picture turning, edge-on at 0.5 s (white at the centre's side), then the new blue turning in, blue flat at the end",
        .tags(.gpu), .requiresGPU
    )
    func transitionWithFlips() async throws {
        let (f, _, red, _) = try await scene()
        var finished: Bool?
        UIView.transition(
            with: red, duration: 1, options: .transitionFlipFromLeft, animations: { red.backgroundColor = .blue },
            completion: { finished = $0 })
        var frame = 1
        let turning = try await f.renderUntil(frame: 16, from: &frame)
        expectPixel(turning, 50, 50, .red, "centre at 0.25 s: the old picture, turning")
        let edgeOn = try await f.renderUntil(frame: 31, from: &frame)
        expectPixel(edgeOn, 20, 50, .white, "left of centre at 0.5 s: the view edge-on, the window shows")
        let end = try await f.renderUntil(frame: 64, from: &frame)
        expectPixel(end, 50, 50, .blue, "centre at the end: the new content")
        #expect(finished == true && red.subviews.isEmpty)
        await f.finish()
    }

    @Test("transition(with:) with no transition applies the changes at once and completes after the next frame", .tags(.gpu), .requiresGPU)
    func transitionWithNothing() async throws {
        let (f, _, red, _) = try await scene()
        var finished: Bool?
        UIView.transition(with: red, duration: 0.3, options: [], animations: { red.alpha = 0.5 }, completion: { finished = $0 })
        #expect(red.alpha == 0.5 && red.subviews.isEmpty)
        _ = try await f.renderFrames(2)
        #expect(finished == true)
        await f.finish()
    }

    @Test("Without a transition the views change at once, in place, and the completion runs at the next frame", .tags(.gpu), .requiresGPU)
    func withoutATransitionTheViewsChangeAtOnce() async throws {
        let (f, container, red, blue) = try await scene()
        var finished: Bool?
        UIView.transition(from: red, to: blue, duration: 0.25, options: []) { finished = $0 }
        #expect(red.superview == nil && blue.superview === container)
        #expect(container.subviews.firstIndex(of: blue) == 0, "in the from-view's place, below the marker")
        let image = try await f.renderFrames(2)
        expectPixel(image, 50, 50, .blue, "centre, at once: blue")
        #expect(finished == true, "nothing animated: done, as an animation block with no changes")
        await f.finish()
    }

    @Test("With showHideTransitionViews both views stay: the from-view hidden, the to-view shown", .tags(.gpu), .requiresGPU)
    func showHideKeepsBothViews() async throws {
        let (f, container, red, blue) = try await scene()
        blue.isHidden = true
        container.addSubview(blue)
        var finished: Bool?
        UIView.transition(from: red, to: blue, duration: 0, options: .showHideTransitionViews) { finished = $0 }
        #expect(red.superview === container && blue.superview === container)
        #expect(red.isHidden && !blue.isHidden)
        let image = try await f.renderFrames(2)
        expectPixel(image, 50, 50, .blue, "centre: blue shown, red hidden")
        #expect(finished == true)
        await f.finish()
    }

    @Test("A 1-second linear cross-dissolve: half way the centre is half red, half blue; then blue alone, red gone", .tags(.gpu), .requiresGPU)
    func aCrossDissolveBlendsHalfWay() async throws {
        let (f, container, red, blue) = try await scene()
        var finished: Bool?
        UIView.transition(from: red, to: blue, duration: 1, options: [.transitionCrossDissolve, .curveLinear]) { finished = $0 }
        #expect(blue.superview === container && red.superview === container, "both shown while it runs")
        #expect(blue.alpha == 1, "the to-view's model alpha is its own")
        let half = try await f.renderFrames(31)
        expectPixel(half, 50, 50, RGBA8(128, 0, 128), tolerance: 3, "centre half way: half red, half blue")
        #expect(finished == nil)
        let end = try await f.renderFrames(32)
        expectPixel(end, 50, 50, .blue, "centre at the end")
        #expect(finished == true && red.superview == nil && blue.superview === container)
        await f.finish()
    }

    @Test("A 1-second flip from the left: red turning away, edge-on half way (white), blue turning in, then blue flat", .tags(.gpu), .requiresGPU)
    func aFlipTurnsTheContainer() async throws {
        let (f, container, red, blue) = try await scene()
        var finished: Bool?
        UIView.transition(from: red, to: blue, duration: 1, options: .transitionFlipFromLeft) { finished = $0 }
        #expect(red.superview === container && blue.superview == nil, "swapped only when edge-on")
        let early = try await f.renderFrames(10)
        expectPixel(early, 50, 50, .red, "centre early in the first half: red, turning")
        let edgeOn = try await f.renderFrames(20)  // frame 30: the first half's end
        expectPixel(edgeOn, 25, 50, .white, "left of centre, edge-on: the window")
        expectPixel(edgeOn, 75, 50, .white, "right of centre, edge-on: the window")
        let late = try await f.renderFrames(25)
        expectPixel(late, 50, 50, .blue, "centre in the second half: blue, turning in")
        #expect(red.superview == nil && blue.superview === container)
        _ = try await f.renderFrames(10)
        let end = try await f.renderFrames(2)
        expectPixel(end, 12, 12, .blue, "near the container's corner at the end: flat again")
        #expect(finished == true)
        #expect(CATransform3DIsIdentity(container.layer.transform), "the container's transform is restored")
        await f.finish()
    }

    @Test func transitionOptionsHaveUIKitsValues() {
        #expect(UIView.AnimationOptions.transitionFlipFromLeft.rawValue == 1 << 20)
        #expect(UIView.AnimationOptions.transitionCrossDissolve.rawValue == 5 << 20)
        #expect(UIView.AnimationOptions.transitionFlipFromBottom.rawValue == 7 << 20)
        #expect(UIView.AnimationOptions.showHideTransitionViews.rawValue == 1 << 8)
        #expect(UIView.AnimationOptions.allowAnimatedContent.rawValue == 1 << 7)
        #expect(UIView.AnimationOptions.preferredFramesPerSecond30.rawValue == 7 << 24)
    }

    @Test func transform3DIsTheLayersTransform() {
        let view = UIView()
        var t = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
        t.m34 = -1 / 500
        view.transform3D = t
        #expect(view.layer.transform == t && view.transform3D == t)
    }
}
