import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCore
import StrataTesting
import Testing

/// Core Animation's implicit animations of standalone layers, and blocks whose animations are
/// removed before their end, on the virtual 60 Hz clock (frame n at n/60 s).
@MainActor
@Suite struct ImplicitAnimationTests {
    /// A red 10×10 standalone layer at x 0...10 in the window, shown in frame 0.
    private func standaloneLayer(_ f: ScreenFixture) async throws -> CALayer {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.position = CGPoint(x: 5, y: 5)
        layer.backgroundColor = UIColor.red.cgColor
        f.window.layer.addSublayer(layer)
        _ = try await f.render()
        return layer
    }

    @Test(.tags(.gpu), .requiresGPU) func aStandaloneLayerAnimatesAChangeWithTheTransactionsDurationAndCurve() async throws {
        let f = try ScreenFixture(gpu: true)
        let layer = try await standaloneLayer(f)
        var next = 1
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        layer.position = CGPoint(x: 85, y: 5)
        CATransaction.commit()
        #expect(layer.position.x == 85, "the model jumps to the target")
        let image = try await f.renderUntil(frame: 31, from: &next)  // begins at frame 1: half way at frame 31
        expectPixel(image, 45, 5, .red, "implicit animation: x 40...50 at half time")
        expectPixel(image, 35, 5, .white, "left of the half-way layer")
        expectPixel(image, 85, 5, .white, "not yet at the target")
        let end = try await f.renderUntil(frame: 62, from: &next)
        expectPixel(end, 85, 5, .red, "at the target after 1 s")
        await f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func theDefaultIsAQuarterSecondOnTheDefaultCurve() async throws {
        let f = try ScreenFixture(gpu: true)
        let layer = try await standaloneLayer(f)
        var next = 1
        layer.opacity = 0
        await nextTurn()  // the implicit transaction commits
        _ = try await f.renderUntil(frame: 8, from: &next)  // 7/60 s after the start at frame 1
        let expected = 1 - TimingCurve.caDefault.progress(elapsed: 7.0 / 60, duration: 0.25)
        let shown = try #require(layer.presentation()).opacity
        #expect(abs(Double(shown) - expected) < 1e-4, "opacity \(shown), expected \(expected)")
        _ = try await f.renderUntil(frame: 17, from: &next)  // past 1/60 + 0.25
        #expect(try #require(layer.presentation()).opacity == 0)
        await f.finish()
    }

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

    @Test(.tags(.gpu), .requiresGPU) func disabledActionsAndAZeroDurationMakeChangesJump() async throws {
        let f = try ScreenFixture(gpu: true)
        let layer = try await standaloneLayer(f)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.position = CGPoint(x: 45, y: 5)
        CATransaction.commit()
        var image = try await f.render()
        expectPixel(image, 45, 5, .red, "disableActions: at x 40...50 in the next frame")
        CATransaction.begin()
        CATransaction.setAnimationDuration(0)
        layer.position = CGPoint(x: 85, y: 5)
        CATransaction.commit()
        image = try await f.render()
        expectPixel(image, 85, 5, .red, "duration 0: at x 80...90 in the next frame")
        await f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func aTransactionsCompletionWaitsForItsImplicitAnimations() async throws {
        let f = try ScreenFixture(gpu: true)
        let layer = try await standaloneLayer(f)
        var next = 1
        var done = false
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.5)
        CATransaction.setCompletionBlock { done = true }
        layer.position = CGPoint(x: 85, y: 5)
        CATransaction.commit()
        await nextTurn()
        #expect(!done, "not after the commit: the animation is running")
        _ = try await f.renderUntil(frame: 30, from: &next)  // t = 0.5; it ends at 1/60 + 0.5
        #expect(!done)
        _ = try await f.renderUntil(frame: 31, from: &next)
        #expect(done, "after the frame that shows the end")
        await f.finish()
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

    @Test func timingFunctionsReportTheirControlPoints() {
        let function = CAMediaTimingFunction(name: .easeInEaseOut)
        var point: [Float] = [0, 0]
        function.getControlPoint(at: 1, values: &point)
        #expect(point == [0.42, 0])
        function.getControlPoint(at: 2, values: &point)
        #expect(point == [0.58, 1])
        function.getControlPoint(at: 3, values: &point)
        #expect(point == [1, 1])
    }
}
