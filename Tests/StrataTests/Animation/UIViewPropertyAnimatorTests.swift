import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCore
import StrataTesting
import Testing

/// UIViewPropertyAnimator on the virtual 60 Hz clock. A view moves its center x from 5 to 85
/// (80 points) over 1 s, linearly unless told otherwise.
@MainActor
@Suite struct UIViewPropertyAnimatorTests {
    @MainActor private struct Scene {
        let f: ScreenFixture
        let view: UIView
        var frames = 0

        init() async throws {
            f = try ScreenFixture(gpu: true)
            view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            view.backgroundColor = .red
            f.window.addSubview(view)
            _ = try await f.render()
            frames = 1
        }

        /// Renders `n` more frames; returns the last image.
        mutating func advance(_ n: Int) async throws -> RGBAImage? {
            frames += n
            return try await f.renderFrames(n)
        }

        var shownX: Double { Double(view.layer.presentation()?.position.x ?? .nan) }
    }

    private func linearMove(_ scene: Scene) -> UIViewPropertyAnimator {
        UIViewPropertyAnimator(duration: 1, curve: .linear) { scene.view.center = CGPoint(x: 85, y: 5) }
    }

    @Test(.tags(.gpu), .requiresGPU) func runsToTheEndAndCompletesAtEnd() async throws {
        var scene = try await Scene()
        let animator = linearMove(scene)
        var positions: [UIViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        #expect(animator.state == .inactive && !animator.isRunning)
        animator.startAnimation()
        #expect(animator.state == .active && animator.isRunning)
        #expect(scene.view.center.x == 85, "the model jumps to the target")
        _ = try await scene.advance(31)  // begins at frame 1; frame 31 is half way
        #expect(abs(scene.shownX - 45) < 1e-6, "x \(scene.shownX)")
        #expect(abs(animator.fractionComplete - 0.5) < 1e-6)
        _ = try await scene.advance(30)
        #expect(positions == [.end] && animator.state == .inactive)
        #expect(abs(scene.shownX - 85) < 1e-9)
        await scene.f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func pausedAtAThirdThenScrubbedToEightTenthsDrawsThere() async throws {
        var scene = try await Scene()
        let animator = linearMove(scene)
        animator.startAnimation()
        _ = try await scene.advance(19)  // 18 frames in: 0.3
        animator.pauseAnimation()
        #expect(animator.state == .active && !animator.isRunning)
        #expect(abs(animator.fractionComplete - 0.3) < 1e-6)
        _ = try await scene.advance(10)
        #expect(abs(scene.shownX - 29) < 1e-6, "paused at 0.3: x 29, got \(scene.shownX)")
        animator.fractionComplete = 0.8
        let image = try #require(try await scene.advance(1))
        #expect(abs(scene.shownX - 69) < 1e-6, "x 5 + 0.8 × 80 = 69, got \(scene.shownX)")
        expectPixel(image, 69, 5, .red, "the view drawn at its 0.8 position (x 64...74)")
        expectPixel(image, 60, 5, .white, "left of it")
        await scene.f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func reversedRunsBackAndCompletesAtStart() async throws {
        var scene = try await Scene()
        let animator = linearMove(scene)
        var positions: [UIViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        _ = try await scene.advance(31)  // 0.5
        animator.isReversed = true
        _ = try await scene.advance(16)
        #expect(abs(scene.shownX - 25) < 1e-6, "a quarter second back from 45: x 25, got \(scene.shownX)")
        _ = try await scene.advance(20)
        #expect(positions == [.start])
        #expect(scene.view.center.x == 5, "the model went back to the start")
        #expect(abs(scene.shownX - 5) < 1e-9)
        await scene.f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func stopThenFinishAtCurrentLeavesModelEqualToPresentation() async throws {
        var scene = try await Scene()
        let animator = linearMove(scene)
        var positions: [UIViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        _ = try await scene.advance(25)  // 0.4: x 37
        let shown = scene.shownX
        animator.stopAnimation(false)
        #expect(animator.state == .stopped)
        #expect(positions.isEmpty)
        animator.finishAnimation(at: .current)
        #expect(positions == [.current] && animator.state == .inactive)
        #expect(abs(scene.view.center.x - shown) < 1e-9 && abs(shown - 37) < 1e-6)
        _ = try await scene.advance(2)
        #expect(abs(scene.shownX - shown) < 1e-9, "model = presentation, nothing moves")
        await scene.f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func keyframesFollowEachOtherLinearly() async throws {
        var scene = try await Scene()
        var completions: [Bool] = []
        UIView.animateKeyframes(withDuration: 1, delay: 0) {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { scene.view.center.x = 45 }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { scene.view.center.x = 85 }
            UIView.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.5) { scene.view.alpha = 0 }
        } completion: {
            completions.append($0)
        }
        #expect(scene.view.center.x == 85 && scene.view.alpha == 0, "the model jumps to the last keyframe's values")
        _ = try await scene.advance(16)  // begins with the first: 0.25 s in
        #expect(abs(scene.shownX - 25) < 1e-6, "half way through the first keyframe (5 → 45): x 25, got \(scene.shownX)")
        #expect(abs(Double(try #require(scene.view.layer.presentation()).opacity) - 1) < 1e-6, "the fade starts at 0.25")
        _ = try await scene.advance(30)  // 0.75 s
        #expect(abs(scene.shownX - 65) < 1e-6, "half way through the second keyframe (45 → 85): x 65, got \(scene.shownX)")
        #expect(abs(Double(try #require(scene.view.layer.presentation()).opacity)) < 1e-6, "the fade ends at 0.75")
        _ = try await scene.advance(20)
        #expect(abs(scene.shownX - 85) < 1e-9 && completions == [true], "one completion after the last keyframe")
        await scene.f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func whileStoppedCompletionsCanBeAddedAndReversingIsIgnored() async throws {
        var scene = try await Scene()
        let animator = linearMove(scene)
        var positions: [String] = []
        animator.startAnimation()
        _ = try await scene.advance(25)  // 0.4: x 37
        animator.stopAnimation(false)
        // UIKit allows both in .stopped: the completion runs at finishAnimation, the reversal is ignored.
        animator.addCompletion { positions.append("added while stopped at \($0)") }
        animator.isReversed = true
        #expect(!animator.isReversed && animator.state == .stopped)
        animator.finishAnimation(at: .end)
        #expect(positions == ["added while stopped at end"])
        #expect(scene.view.center.x == 85, "finished at the end: the model takes the target")
        await scene.f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU, arguments: [UIViewAnimatingPosition.start, .end])
    func finishAtStartOrEnd(_ position: UIViewAnimatingPosition) async throws {
        var scene = try await Scene()
        let animator = linearMove(scene)
        var positions: [UIViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        _ = try await scene.advance(10)
        animator.stopAnimation(false)
        animator.finishAnimation(at: position)
        let expected: CGFloat = position == .start ? 5 : 85
        #expect(positions == [position] && scene.view.center.x == expected)
        _ = try await scene.advance(1)
        #expect(abs(scene.shownX - expected) < 1e-9)
        await scene.f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func stopWithoutFinishingRunsNoCompletion() async throws {
        var scene = try await Scene()
        let animator = linearMove(scene)
        var ran = false
        animator.addCompletion { _ in ran = true }
        animator.startAnimation()
        _ = try await scene.advance(13)  // 0.2: x 21
        animator.stopAnimation(true)
        #expect(animator.state == .inactive && !ran)
        #expect(abs(scene.view.center.x - 21) < 1e-6)
        await scene.f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func pausesOnCompletionStaysActiveAtTheEnd() async throws {
        var scene = try await Scene()
        let animator = linearMove(scene)
        animator.pausesOnCompletion = true
        var ran = false
        animator.addCompletion { _ in ran = true }
        animator.startAnimation()
        _ = try await scene.advance(70)
        #expect(animator.state == .active && !animator.isRunning && !ran)
        #expect(animator.fractionComplete == 1)
        animator.isReversed = true
        animator.startAnimation()
        _ = try await scene.advance(31)
        #expect(abs(scene.shownX - 45) < 1e-6, "runs back from the end: \(scene.shownX)")
        await scene.f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func delayedStartAndDelayFactor() async throws {
        var scene = try await Scene()
        let other = UIView(frame: CGRect(x: 0, y: 20, width: 10, height: 10))
        scene.f.window.addSubview(other)
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear)
        animator.addAnimations { scene.view.center = CGPoint(x: 85, y: 5) }
        animator.addAnimations({ other.center = CGPoint(x: 85, y: 25) }, delayFactor: 0.5)
        animator.startAnimation(afterDelay: 0.5)
        _ = try await scene.advance(31)  // 0.5 s after the commit: the animator starts now
        #expect(abs(scene.shownX - 5) < 1e-6)
        _ = try await scene.advance(45)  // 0.75 into the animator
        #expect(abs(scene.shownX - 65) < 1e-6, "x \(scene.shownX)")
        let otherX = try #require(other.layer.presentation()).position.x
        #expect(abs(otherX - 45) < 1e-6, "the delayed block is half way through its half: \(otherX)")
        await scene.f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func continueAnimationWithNewTimingFinishes() async throws {
        var scene = try await Scene()
        let animator = linearMove(scene)
        var positions: [UIViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        animator.pauseAnimation()
        animator.fractionComplete = 0.5
        animator.continueAnimation(withTimingParameters: UICubicTimingParameters(animationCurve: .linear), durationFactor: 0.5)
        _ = try await scene.advance(16)  // begins at the next frame; 15 frames: a quarter of the rest
        #expect(abs(scene.shownX - 65) < 1e-6, "the second half takes 0.5 × 1 s: at 0.25 s, x 65, got \(scene.shownX)")
        _ = try await scene.advance(15)
        #expect(positions == [.end], "\(scene.shownX)")
        await scene.f.finish()
    }

    @Test(
        "continueAnimation: what is left takes durationFactor × duration (2: 2 s for the second half, x 65 after 1 s); 0 keeps the original pace (0.5 s)",
        .tags(.gpu), .requiresGPU,
        arguments: [(CGFloat(2), 60, 65.0, 120), (0, 15, 65.0, 30)])
    func continueAnimationTakesTheFactorTimesTheDuration(factor: CGFloat, midFrames: Int, midX: Double, endFrames: Int) async throws {
        var scene = try await Scene()
        let animator = linearMove(scene)
        var positions: [UIViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        animator.pauseAnimation()
        animator.fractionComplete = 0.5
        animator.continueAnimation(withTimingParameters: nil, durationFactor: factor)
        _ = try await scene.advance(1 + midFrames)
        #expect(abs(scene.shownX - midX) < 1e-6, "factor \(factor): x \(scene.shownX)")
        #expect(positions.isEmpty)
        _ = try await scene.advance(endFrames - midFrames - 1)
        #expect(positions.isEmpty, "not yet one frame before the end")
        _ = try await scene.advance(2)
        #expect(positions == [.end], "factor \(factor)")
        await scene.f.finish()
    }

    @Test("Reversed from 0.5 with durationFactor 1: back to the start in the whole duration (x 25 after 0.5 s)", .tags(.gpu), .requiresGPU)
    func continueReversed() async throws {
        var scene = try await Scene()
        let animator = linearMove(scene)
        var positions: [UIViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        animator.pauseAnimation()
        animator.fractionComplete = 0.5
        animator.isReversed = true
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 1)
        _ = try await scene.advance(31)
        #expect(abs(scene.shownX - 25) < 1e-6, "x \(scene.shownX)")
        _ = try await scene.advance(31)
        #expect(positions == [.start])
        await scene.f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func runningPropertyAnimatorStartsAtOnce() async throws {
        var scene = try await Scene()
        var positions: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator.runningPropertyAnimator(
            withDuration: 0.5, delay: 0, options: .curveLinear,
            animations: {
                scene.view.center = CGPoint(x: 85, y: 5)
            }, completion: { positions.append($0) })
        #expect(animator.isRunning)
        _ = try await scene.advance(31)
        #expect(positions == [.end])
        await scene.f.finish()
    }

    @Test func finishingAnAnimatorThatWasNotStoppedTrapsNamingTheState() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let animator = UIViewPropertyAnimator(duration: 1, curve: .linear)
                animator.startAnimation()
                animator.finishAnimation(at: .end)
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("finishAnimation(at:) is not allowed in state .active"), "\(message)")
    }

    @Test func startingAStoppedAnimatorTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let animator = UIViewPropertyAnimator(duration: 1, curve: .linear)
                animator.startAnimation()
                animator.stopAnimation(false)
                animator.startAnimation()
            }
        }
    }

    @Test func changingInterruptibilityWhileActiveTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let animator = UIViewPropertyAnimator(duration: 1, curve: .linear)
                animator.startAnimation()
                animator.isInterruptible = false
            }
        }
    }

    @Test func springDurationComesFromPhysicalConstants() {
        let animator = UIViewPropertyAnimator(
            duration: 10, timingParameters: UISpringTimingParameters(mass: 1, stiffness: 100, damping: 20, initialVelocity: CGVector(dx: 0, dy: 0)))
        #expect(animator.duration > 0.5 && animator.duration < 1.5, "critically damped ω₀ = 10 settles in about 0.9 s, not the 10 s asked: \(animator.duration)")
    }

    // MARK: presentation() right after a change, before any frame is drawn: what is shown, never
    // the model value the animations are heading to.

    /// The animator started and run for `frames` frames after its start frame.
    private func running(_ scene: inout Scene, for frames: Int) async throws -> UIViewPropertyAnimator {
        let animator = linearMove(scene)
        animator.startAnimation()
        _ = try await scene.advance(frames + 1)  // the animation begins with the first of them
        return animator
    }

    @Test(.tags(.gpu), .requiresGPU) func presentationRightAfterPauseShowsWhereItPaused() async throws {
        var scene = try await Scene()
        let animator = try await running(&scene, for: 18)  // 0.3: x 5 + 0.3 × 80 = 29
        animator.pauseAnimation()
        #expect(abs(scene.shownX - 29) < 1e-6, "paused at 0.3, before any frame: x 29, got \(scene.shownX)")
        #expect(scene.view.center.x == 85, "the model stays at the target")
        _ = try await scene.advance(5)
        #expect(abs(scene.shownX - 29) < 1e-6, "and after frames, still 29")
        await scene.f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func presentationRightAfterScrubbingShowsTheNewFraction() async throws {
        var scene = try await Scene()
        let animator = try await running(&scene, for: 18)
        animator.pauseAnimation()
        animator.fractionComplete = 0.8
        #expect(abs(scene.shownX - 69) < 1e-6, "scrubbed to 0.8, before any frame: x 5 + 0.8 × 80 = 69, got \(scene.shownX)")
        animator.fractionComplete = 0.25
        #expect(abs(scene.shownX - 25) < 1e-6, "scrubbed again to 0.25: x 25, got \(scene.shownX)")
        await scene.f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func presentationRightAfterReversingShowsWhereItTurned() async throws {
        var scene = try await Scene()
        let animator = try await running(&scene, for: 30)  // 0.5: x 45
        animator.isReversed = true
        #expect(abs(scene.shownX - 45) < 1e-6, "reversed at 0.5, before any frame: x 45, got \(scene.shownX)")
        // The reversed run begins with the next frame (as every run started in a turn does); six
        // frames after that it is a tenth of a second back.
        _ = try await scene.advance(7)
        #expect(abs(scene.shownX - 37) < 1e-6, "0.4 after a tenth of a second backwards: x 37, got \(scene.shownX)")
        await scene.f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func presentationRightAfterStoppingShowsWhereItStopped() async throws {
        var scene = try await Scene()
        let animator = try await running(&scene, for: 30)
        animator.stopAnimation(true)
        #expect(abs(scene.shownX - 45) < 1e-6, "stopped at 0.5, before any frame: x 45, got \(scene.shownX)")
        #expect(abs(scene.view.center.x - 45) < 1e-6, "the model takes the shown value")
        #expect(animator.state == .inactive)
        _ = try await scene.advance(3)
        #expect(abs(scene.shownX - 45) < 1e-6, "and stays there")
        await scene.f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func presentationRightAfterAnAnimationBlockShowsTheOldValue() async throws {
        var scene = try await Scene()
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear]) { scene.view.center = CGPoint(x: 85, y: 5) }
        // Nothing has been committed or drawn: the screen still shows the view at x 5.
        #expect(scene.shownX == 5, "shown where it was")
        #expect(scene.view.center.x == 85, "the model holds the target")
        _ = try await scene.advance(31)  // begins at the first; half way at the 31st
        #expect(abs(scene.shownX - 45) < 1e-6)
        await scene.f.finish()
    }
}

/// Animators whose views are on no screen.
@MainActor
@Suite struct OffscreenAnimatorTests {
    @Test func anAnimatorOfViewsOnNoScreenEndsAtOnce() async {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        var positions: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        await nextTurn()
        #expect(positions == [.end] && animator.state == .inactive && view.alpha == 0)
    }
}
