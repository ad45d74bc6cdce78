import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCore
import StrataTesting
import Testing

/// Implicit animations beside UIKit's: a view's layer and a layer not yet shown jump, a
/// standalone layer in an animation block takes its own implicit animation, and blocks whose
/// animations are removed before their end, on the virtual 60 Hz clock (frame n at n/60 s).
@MainActor
@Suite struct ImplicitAnimationTests {
    @Test(.tags(.gpu), .requiresGPU) func aViewsLayerAndALayerNotYetShownJump() async throws {
        let f = try ScreenFixture(gpu: true)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.backgroundColor = .red
        f.window.addSubview(view)
        _ = try await f.render()
        view.layer.position = CGPoint(x: 85, y: 5)  // a view's layer: no implicit animation
        let fresh = CALayer()
        fresh.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        fresh.backgroundColor = UIColor.blue.cgColor
        f.window.layer.addSublayer(fresh)
        fresh.position = CGPoint(x: 45, y: 25)  // not shown yet: nothing to animate from
        let image = try await f.render()
        expectPixel(image, 85, 5, .red, "the view's layer jumped to x 80...90")
        expectPixel(image, 5, 5, .white, "nothing left at the view's old place")
        expectPixel(image, 45, 25, .blue, "the new layer is at its position at once")
        await f.finish()
    }
    @Test(
        "Inside a 2 s UIView.animate block a standalone layer on screen takes its own implicit animation (0.25 s, the transaction's), as on iOS, while a view in the same block takes 2 s: 7/60 s after they begin the layer is 7/15 of the way and the view 7/120"
    )
    func aStandaloneLayerInABlockTakesItsImplicitAnimation() async throws {
        let f = try ScreenFixture()
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        f.window.layer.addSublayer(layer)
        let view = UIView(frame: CGRect(x: 0, y: 20, width: 10, height: 10))
        f.window.addSubview(view)
        try await f.screen.present(through: 0)
        CATransaction.begin()
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        UIView.animate(withDuration: 2, delay: 0, options: .curveLinear) {
            layer.position.x = 85
            view.center.x = 85
        }
        CATransaction.commit()
        // Both begin at frame 1 (1/60 s): at frame 8 they have run 7/60 s.
        try await f.screen.present(through: 8)
        let t = 7.0 / 60
        let layerX = try #require(layer.presentation()).position.x, viewX = try #require(view.layer.presentation()).position.x
        #expect(abs(layerX - (5 + 80 * t / 0.25)) < 1e-6, "the layer: 0.25 s, linear (\(layerX))")
        #expect(abs(viewX - (5 + 80 * t / 2)) < 1e-6, "the view: 2 s, linear (\(viewX))")
        try await f.screen.present(through: 16)
        #expect(try #require(layer.presentation()).position.x == 85, "the layer's animation ended at 1/60 + 0.25 s")
    }
    @Test(.tags(.gpu), .requiresGPU) func removeAllAnimationsShowsTheModelAndCompletesWithFalse() async throws {
        let f = try ScreenFixture(gpu: true)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.backgroundColor = .red
        f.window.addSubview(view)
        _ = try await f.render()
        var next = 1
        var finished: Bool?
        UIView.animate(
            withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center = CGPoint(x: 85, y: 5) },
            completion: { finished = $0 })
        _ = try await f.renderUntil(frame: 31, from: &next)
        view.layer.removeAllAnimations()
        let image = try await f.renderUntil(frame: 32, from: &next)
        expectPixel(image, 85, 5, .red, "removed: the model position x 80...90 at once")
        expectPixel(image, 45, 5, .white, "nothing at the half-way place")
        await nextTurn()
        #expect(finished == false, "a removed animation's block completes with false")
        await f.finish()
    }
    @Test(.tags(.gpu), .requiresGPU) func aViewLeavingItsWindowEndsItsAnimationsUnfinished() async throws {
        let f = try ScreenFixture(gpu: true)
        let a = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let b = UIView(frame: CGRect(x: 0, y: 20, width: 10, height: 10))
        f.window.addSubview(a)
        f.window.addSubview(b)
        _ = try await f.render()
        var next = 1
        var finished: Bool?
        UIView.animate(
            withDuration: 0.5,
            animations: {
                a.alpha = 0.5
                b.alpha = 0.5
            }, completion: { finished = $0 })
        _ = try await f.renderUntil(frame: 10, from: &next)
        a.removeFromSuperview()
        _ = try await f.renderUntil(frame: 11, from: &next)
        #expect(finished == nil, "b is still animating")
        _ = try await f.renderUntil(frame: 31, from: &next)  // b's animation ends at 1/60 + 0.5
        #expect(finished == false, "the block completes when b ends, unfinished because a's was removed")
        await f.finish()
    }
}
