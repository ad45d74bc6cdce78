import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// A running `UIViewPropertyAnimator`: pausing, continuing with a spring, blocks added while it
/// runs, a property changed again, finishing at the start, and stopping beside another block.
extension UIViewPropertyAnimatorTests {
    @Test(.tags(.gpu), .requiresGPU) func pausingARunningAnimatorDoesNotMoveTheView() async throws {
        let (f, view) = try await redSquareScene()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .easeIn) { view.center = CGPoint(x: 85, y: 5) }
        animator.startAnimation()
        _ = try await f.renderFrames(31)
        let running = try shownX(view)
        animator.pauseAnimation()
        _ = try await f.renderFrames(2)
        let paused = try shownX(view)
        #expect(abs(paused - running) < 1e-6, "paused at x \(paused), was shown at \(running)")
        #expect(abs(animator.fractionComplete - (running - 5) / 80) < 1e-6, "fractionComplete is the shown progress")
        animator.startAnimation()
        _ = try await f.renderFrames(1)
        #expect(abs(try shownX(view) - running) < 2, "resumed from where it was, not from elsewhere")
        await f.finish()
    }
    @Test(.tags(.gpu), .requiresGPU) func continuingWithASpringStartsFromTheShownValueAndKeepsTheDuration() async throws {
        let (f, view) = try await redSquareScene()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { view.center = CGPoint(x: 85, y: 5) }
        animator.pauseAnimation()
        animator.fractionComplete = 0.5  // scrubbed linearly: x 45
        _ = try await f.renderFrames(1)
        #expect(abs(try shownX(view) - 45) < 1e-6)
        var ended: UIViewAnimatingPosition?
        animator.addCompletion { ended = $0 }
        animator.continueAnimation(withTimingParameters: UISpringTimingParameters(dampingRatio: 1), durationFactor: 0)
        #expect(animator.duration == 1, "duration keeps its value")
        _ = try await f.renderFrames(1)  // the run begins at this frame's time: nothing has moved yet
        let x = try shownX(view)
        #expect(abs(x - 45) < 1e-6, "no jump: x \(x)")
        _ = try await f.renderFrames(2)
        #expect(try shownX(view) > 45, "moving on towards the end")
        _ = try await f.renderFrames(30)  // the half left takes 0.5 s
        #expect(ended == .end)
        await f.finish()
    }
    @Test(.tags(.gpu), .requiresGPU) func blocksAddedToARunningAnimatorWaitTheirShareOfTheTimeLeft() async throws {
        let (f, view) = try await redSquareScene()
        let other = UIView(frame: CGRect(x: 0, y: 20, width: 10, height: 10))
        f.window.addSubview(other)
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center = CGPoint(x: 85, y: 5) }
        animator.startAnimation()
        _ = try await f.renderFrames(31)  // fraction 0.5
        animator.addAnimations({ other.center = CGPoint(x: 85, y: 25) }, delayFactor: 0.5)
        // Delay: half of the time left (0.25 s), then it runs over the last 0.25 s.
        _ = try await f.renderFrames(15)
        #expect(abs(try #require(other.layer.presentation()).position.x - 5) < 1e-6, "still waiting at 0.75 − 1/60")
        _ = try await f.renderFrames(8)
        let x = try #require(other.layer.presentation()).position.x
        #expect(x > 5 && x < 85, "moving in the last quarter: x \(x)")
        await f.finish()
    }
    @Test(.tags(.gpu), .requiresGPU) func changingAnAnimatedPropertyAgainWhileRunningDoesNotJump() async throws {
        let (f, view) = try await redSquareScene()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center = CGPoint(x: 85, y: 5) }
        animator.startAnimation()
        _ = try await f.renderFrames(31)  // half way: x 45
        let before = try shownX(view)
        animator.addAnimations { view.center = CGPoint(x: 5, y: 5) }  // and back again
        _ = try await f.renderFrames(1)
        let after = try shownX(view)
        #expect(abs(after - before) < 3, "one frame later it is still near \(before): \(after)")
        animator.stopAnimation(false)
        animator.finishAnimation(at: .current)
        let model = view.center.x
        #expect(abs(model - after) < 3, "finishing at .current leaves the shown value in the model: \(model)")
        await f.finish()
    }
    @Test(.tags(.gpu), .requiresGPU) func finishingAtTheStartRestoresTheFirstValue() async throws {
        let (f, view) = try await redSquareScene()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center = CGPoint(x: 85, y: 5) }
        animator.startAnimation()
        _ = try await f.renderFrames(10)
        animator.addAnimations { view.center = CGPoint(x: 45, y: 5) }
        _ = try await f.renderFrames(5)
        animator.stopAnimation(false)
        animator.finishAnimation(at: .start)
        #expect(view.center.x == 5, "back where the animator found it, not at the second block's start: \(view.center.x)")
        await f.finish()
    }
    @Test(.tags(.gpu), .requiresGPU) func stoppingAnAnimatorKeepsAnotherBlocksLaterChange() async throws {
        let (f, view) = try await redSquareScene()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center = CGPoint(x: 85, y: 5) }
        animator.startAnimation()
        _ = try await f.renderFrames(31)  // the animator shows x 45
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { view.center = CGPoint(x: 105, y: 5) }
        _ = try await f.renderFrames(10)
        let before = try shownX(view)
        animator.stopAnimation(false)
        animator.finishAnimation(at: .current)
        _ = try await f.renderFrames(1)
        let after = try shownX(view)
        #expect(abs(after - before) < 4, "no jump when the animator stops under a later block: \(before) → \(after)")
        _ = try await f.renderFrames(70)
        #expect(
            abs(try shownX(view) - view.center.x) < 1e-6 && view.center.x != 105,
            "the later block's change survives as an offset, and everything settles on the model")
        await f.finish()
    }
}
