import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCore
import StrataTesting
import Testing

/// Regressions from the review of the animation code, on the virtual 60 Hz clock (frame n at
/// n/60 s; an animation committed before frame n begins at frame n's time).
@MainActor
@Suite struct AnimationReviewTests {
    /// A red 10×10 view at x 0...10 on a white window, shown in frame 0.
    private func scene() async throws -> (ScreenFixture, UIView) {
        let f = try ScreenFixture(gpu: true)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.backgroundColor = .red
        f.window.addSubview(view)
        _ = try await f.render()
        return (f, view)
    }

    private func frames(_ f: ScreenFixture, _ n: Int) async throws -> RGBAImage { try await f.renderFrames(n) }

    private func shownX(_ view: UIView) throws -> Double { try #require(view.layer.presentation()).position.x }

    @Test(.tags(.gpu), .requiresGPU) func anAutoreversedAnimationEndsShowingTheModel() async throws {
        let (f, view) = try await scene()
        UIView.animate(withDuration: 0.2, delay: 0, options: .autoreverse) { view.center = CGPoint(x: 85, y: 5) }
        // It runs there and back (to x 0...10) and then shows the model, x 80...90, as UIKit snaps.
        let image = try await frames(f, 30)
        expectPixel(image, 85, 5, .red, "autoreverse over: the model position x 80...90")
        expectPixel(image, 5, 5, .white, "not left at the start where the reversal ended")
        await f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func aZeroOrNegativeDurationJumpsAndCompletes() async throws {
        let (f, view) = try await scene()
        var finished: [Bool] = []
        UIView.animate(withDuration: 0, animations: { view.center = CGPoint(x: 45, y: 5) }, completion: { finished.append($0) })
        var image = try await frames(f, 1)
        expectPixel(image, 45, 5, .red, "duration 0: at x 40...50 in the next frame")
        UIView.animate(
            withDuration: -1, delay: -2, options: [], animations: { view.center = CGPoint(x: 85, y: 5) },
            completion: { finished.append($0) })
        image = try await frames(f, 1)
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
        let (f, view) = try await scene()
        UIView.animate(
            withDuration: 1, delay: 0, options: .curveLinear,
            animations: {
                UIView.animate(withDuration: 0.1) { view.center = CGPoint(x: 85, y: 5) }
            })
        _ = try await frames(f, 31)  // half of the outer 1 s, linear
        let x = try shownX(view)
        #expect(abs(x - 45) < 1e-6, "inherited: x \(x)")
        await f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func pausingARunningAnimatorDoesNotMoveTheView() async throws {
        let (f, view) = try await scene()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .easeIn) { view.center = CGPoint(x: 85, y: 5) }
        animator.startAnimation()
        _ = try await frames(f, 31)
        let running = try shownX(view)
        animator.pauseAnimation()
        _ = try await frames(f, 2)
        let paused = try shownX(view)
        #expect(abs(paused - running) < 1e-6, "paused at x \(paused), was shown at \(running)")
        #expect(abs(animator.fractionComplete - (running - 5) / 80) < 1e-6, "fractionComplete is the shown progress")
        animator.startAnimation()
        _ = try await frames(f, 1)
        #expect(abs(try shownX(view) - running) < 2, "resumed from where it was, not from elsewhere")
        await f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func continuingWithASpringStartsFromTheShownValueAndKeepsTheDuration() async throws {
        let (f, view) = try await scene()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { view.center = CGPoint(x: 85, y: 5) }
        animator.pauseAnimation()
        animator.fractionComplete = 0.5  // scrubbed linearly: x 45
        _ = try await frames(f, 1)
        #expect(abs(try shownX(view) - 45) < 1e-6)
        var ended: UIViewAnimatingPosition?
        animator.addCompletion { ended = $0 }
        animator.continueAnimation(withTimingParameters: UISpringTimingParameters(dampingRatio: 1), durationFactor: 0)
        #expect(animator.duration == 1, "duration keeps its value")
        _ = try await frames(f, 1)  // the run begins at this frame's time: nothing has moved yet
        let x = try shownX(view)
        #expect(abs(x - 45) < 1e-6, "no jump: x \(x)")
        _ = try await frames(f, 2)
        #expect(try shownX(view) > 45, "moving on towards the end")
        _ = try await frames(f, 30)  // the half left takes 0.5 s
        #expect(ended == .end)
        await f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func blocksAddedToARunningAnimatorWaitTheirShareOfTheTimeLeft() async throws {
        let (f, view) = try await scene()
        let other = UIView(frame: CGRect(x: 0, y: 20, width: 10, height: 10))
        f.window.addSubview(other)
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center = CGPoint(x: 85, y: 5) }
        animator.startAnimation()
        _ = try await frames(f, 31)  // fraction 0.5
        animator.addAnimations({ other.center = CGPoint(x: 85, y: 25) }, delayFactor: 0.5)
        // Delay: half of the time left (0.25 s), then it runs over the last 0.25 s.
        _ = try await frames(f, 15)
        #expect(abs(try #require(other.layer.presentation()).position.x - 5) < 1e-6, "still waiting at 0.75 − 1/60")
        _ = try await frames(f, 8)
        let x = try #require(other.layer.presentation()).position.x
        #expect(x > 5 && x < 85, "moving in the last quarter: x \(x)")
        await f.finish()
    }

    @Test func springsGivenByDampingRatioSettleWithinTheirDuration() {
        for ratio in [0.3, 0.7, 1, 1.5, 2, 4] {
            let spring = Spring(dampingRatio: ratio, settlingIn: 0.5)
            for t in stride(from: 0.5, through: 2, by: 0.01) {
                #expect(abs(spring.displacement(at: t)) <= Spring.threshold * 1.0001, "ζ \(ratio): displacement \(spring.displacement(at: t)) at \(t) s")
            }
        }
    }

    @Test(.tags(.gpu), .requiresGPU) func changingAnAnimatedPropertyAgainWhileRunningDoesNotJump() async throws {
        let (f, view) = try await scene()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center = CGPoint(x: 85, y: 5) }
        animator.startAnimation()
        _ = try await frames(f, 31)  // half way: x 45
        let before = try shownX(view)
        animator.addAnimations { view.center = CGPoint(x: 5, y: 5) }  // and back again
        _ = try await frames(f, 1)
        let after = try shownX(view)
        #expect(abs(after - before) < 3, "one frame later it is still near \(before): \(after)")
        animator.stopAnimation(false)
        animator.finishAnimation(at: .current)
        let model = view.center.x
        #expect(abs(model - after) < 3, "finishing at .current leaves the shown value in the model: \(model)")
        await f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func finishingAtTheStartRestoresTheFirstValue() async throws {
        let (f, view) = try await scene()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center = CGPoint(x: 85, y: 5) }
        animator.startAnimation()
        _ = try await frames(f, 10)
        animator.addAnimations { view.center = CGPoint(x: 45, y: 5) }
        _ = try await frames(f, 5)
        animator.stopAnimation(false)
        animator.finishAnimation(at: .start)
        #expect(view.center.x == 5, "back where the animator found it, not at the second block's start: \(view.center.x)")
        await f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func stoppingAnAnimatorKeepsAnotherBlocksLaterChange() async throws {
        let (f, view) = try await scene()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center = CGPoint(x: 85, y: 5) }
        animator.startAnimation()
        _ = try await frames(f, 31)  // the animator shows x 45
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { view.center = CGPoint(x: 105, y: 5) }
        _ = try await frames(f, 10)
        let before = try shownX(view)
        animator.stopAnimation(false)
        animator.finishAnimation(at: .current)
        _ = try await frames(f, 1)
        let after = try shownX(view)
        #expect(abs(after - before) < 4, "no jump when the animator stops under a later block: \(before) → \(after)")
        _ = try await frames(f, 70)
        #expect(
            abs(try shownX(view) - view.center.x) < 1e-6 && view.center.x != 105,
            "the later block's change survives as an offset, and everything settles on the model")
        await f.finish()
    }
}
