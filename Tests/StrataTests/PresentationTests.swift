import Foundation
@_spi(Testing) import Strata
import StrataCore
import StrataTesting
import Testing

/// `CALayer.presentation()` read right after a change to running animations, before any frame is
/// drawn: it answers what is shown, never the model value the animations are heading to. On the
/// virtual 60 Hz clock, a view moves its center x from 5 to 85 (80 points) over 1 s, linearly.
@MainActor
@Suite struct PresentationTests {
    @MainActor private struct Scene {
        let f: ScreenFixture
        let view: UIView
        let animator: UIViewPropertyAnimator

        /// The animator started and run for `frames` frames after its start frame.
        init(runFor frames: Int) async throws {
            f = try ScreenFixture()
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            view.backgroundColor = .red
            f.window.addSubview(view)
            _ = try await f.render()
            self.view = view
            animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center = CGPoint(x: 85, y: 5) }
            animator.startAnimation()
            _ = try await f.renderFrames(frames + 1)  // the animation begins with the first of them
        }

        var shownX: Double { Double(view.layer.presentation()?.position.x ?? .nan) }
    }

    @Test func rightAfterPauseItShowsWhereItPaused() async throws {
        let scene = try await Scene(runFor: 18)  // 0.3: x 5 + 0.3 × 80 = 29
        #expect(abs(scene.shownX - 29) < 1e-6)
        scene.animator.pauseAnimation()
        #expect(abs(scene.shownX - 29) < 1e-6, "paused at 0.3, before any frame: x 29, got \(scene.shownX)")
        #expect(scene.view.center.x == 85, "the model stays at the target")
        _ = try await scene.f.renderFrames(5)
        #expect(abs(scene.shownX - 29) < 1e-6, "and after frames, still 29")
        await scene.f.finish()
    }

    @Test func rightAfterScrubbingItShowsTheNewFraction() async throws {
        let scene = try await Scene(runFor: 18)
        scene.animator.pauseAnimation()
        scene.animator.fractionComplete = 0.8
        #expect(abs(scene.shownX - 69) < 1e-6, "scrubbed to 0.8, before any frame: x 5 + 0.8 × 80 = 69, got \(scene.shownX)")
        scene.animator.fractionComplete = 0.25
        #expect(abs(scene.shownX - 25) < 1e-6, "scrubbed again to 0.25: x 25, got \(scene.shownX)")
        await scene.f.finish()
    }

    @Test func rightAfterReversingItShowsWhereItTurned() async throws {
        let scene = try await Scene(runFor: 30)  // 0.5: x 45
        scene.animator.isReversed = true
        #expect(abs(scene.shownX - 45) < 1e-6, "reversed at 0.5, before any frame: x 45, got \(scene.shownX)")
        // The reversed run begins with the next frame (as every run started in a turn does); six
        // frames after that it is a tenth of a second back.
        _ = try await scene.f.renderFrames(7)
        #expect(abs(scene.shownX - 37) < 1e-6, "0.4 after a tenth of a second backwards: x 37, got \(scene.shownX)")
        await scene.f.finish()
    }

    @Test func rightAfterStoppingItShowsWhereItStopped() async throws {
        let scene = try await Scene(runFor: 30)
        scene.animator.stopAnimation(true)
        #expect(abs(scene.shownX - 45) < 1e-6, "stopped at 0.5, before any frame: x 45, got \(scene.shownX)")
        #expect(abs(scene.view.center.x - 45) < 1e-6, "the model takes the shown value")
        #expect(scene.animator.state == .inactive)
        _ = try await scene.f.renderFrames(3)
        #expect(abs(scene.shownX - 45) < 1e-6, "and stays there")
        await scene.f.finish()
    }

    @Test func rightAfterAnAnimationBlockItShowsTheOldValue() async throws {
        let f = try ScreenFixture()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        f.window.addSubview(view)
        _ = try await f.render()
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear]) { view.center = CGPoint(x: 85, y: 5) }
        // Nothing has been committed or drawn: the screen still shows the view at x 5.
        #expect(try #require(view.layer.presentation()).position.x == 5, "shown where it was")
        #expect(view.center.x == 85, "the model holds the target")
        _ = try await f.renderFrames(31)  // begins at the first; half way at the 31st
        #expect(abs(try #require(view.layer.presentation()).position.x - 45) < 1e-6)
        await f.finish()
    }
}
