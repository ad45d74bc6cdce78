import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// `UIView.animate` at its edges: autoreversing, zero durations, views outside a window, nested
/// blocks.
extension AnimationTests {
    @Test(.tags(.gpu), .requiresGPU) func anAutoreversedAnimationEndsShowingTheModel() async throws {
        let (f, view) = try await redSquareScene()
        UIView.animate(withDuration: 0.2, delay: 0, options: .autoreverse) { view.center = CGPoint(x: 85, y: 5) }
        // It runs there and back (to x 0...10) and then shows the model, x 80...90, as UIKit snaps.
        let image = try await f.renderFrames(30)
        expectPixel(image, 85, 5, .red, "autoreverse over: the model position x 80...90")
        expectPixel(image, 5, 5, .white, "not left at the start where the reversal ended")
        await f.finish()
    }
    @Test(.tags(.gpu), .requiresGPU) func aZeroOrNegativeDurationJumpsAndCompletes() async throws {
        let (f, view) = try await redSquareScene()
        var finished: [Bool] = []
        UIView.animate(withDuration: 0, animations: { view.center = CGPoint(x: 45, y: 5) }, completion: { finished.append($0) })
        var image = try await f.renderFrames(1)
        expectPixel(image, 45, 5, .red, "duration 0: at x 40...50 in the next frame")
        UIView.animate(
            withDuration: -1, delay: -2, options: [], animations: { view.center = CGPoint(x: 85, y: 5) },
            completion: { finished.append($0) })
        image = try await f.renderFrames(1)
        expectPixel(image, 85, 5, .red, "a negative duration: at x 80...90 in the next frame")
        await nextTurn()
        #expect(finished == [true, true])
        await f.finish()
    }
    @Test(.tags(.gpu), .requiresGPU) func aViewAnimatedOutsideAWindowCompletesAndDoesNotReplayLater() async throws {
        let f = try ScreenFixture(gpu: true)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.backgroundColor = .red
        var finished: Bool?
        UIView.animate(withDuration: 1, animations: { view.center = CGPoint(x: 85, y: 5) }, completion: { finished = $0 })
        await nextTurn()
        await nextTurn()
        #expect(finished == true, "no window: the block completes after its commit")
        f.window.addSubview(view)
        let image = try await f.render()
        expectPixel(image, 85, 5, .red, "added later: shown at its model position, no animation replayed")
        await f.finish()
    }
    @Test(.tags(.gpu), .requiresGPU) func nestedBlocksInheritTheOuterDurationAndCurve() async throws {
        let (f, view) = try await redSquareScene()
        UIView.animate(
            withDuration: 1, delay: 0, options: .curveLinear,
            animations: {
                UIView.animate(withDuration: 0.1) { view.center = CGPoint(x: 85, y: 5) }
            })
        _ = try await f.renderFrames(31)  // half of the outer 1 s, linear
        let x = try shownX(view)
        #expect(abs(x - 45) < 1e-6, "inherited: x \(x)")
        await f.finish()
    }
}
