import Foundation
import StrataCompositor
import StrataCore
import StrataGraphics
import StrataTesting
import Testing

@_spi(Testing) import StrataQuartz

/// Core Animation's implicit animations of layers with no view: the transaction's duration,
/// curve, disabled actions and completion, on the virtual 60 Hz clock (frame n at n/60 s), drawn
/// by a compositor under a white root.
@MainActor
@Suite struct CALayerImplicitAnimationTests {
    /// A red 10×10 layer at x 0...10 under the root, shown in frame 0.
    private func standaloneLayer(_ f: ContextFixture) async throws -> CALayer {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.position = CGPoint(x: 5, y: 5)
        layer.backgroundColor = CGColor.red
        f.root.addSublayer(layer)
        _ = try await f.render()
        return layer
    }

    @Test(.tags(.gpu), .requiresGPU) func aStandaloneLayerAnimatesAChangeWithTheTransactionsDurationAndCurve() async throws {
        let f = try ContextFixture(gpu: true)
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
        let f = try ContextFixture(gpu: true)
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
    @Test(.tags(.gpu), .requiresGPU) func disabledActionsAndAZeroDurationMakeChangesJump() async throws {
        let f = try ContextFixture(gpu: true)
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
        let f = try ContextFixture(gpu: true)
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
