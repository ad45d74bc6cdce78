import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCore
import StrataTesting
import Testing

/// UIView.animate on the virtual 60 Hz clock: frame n is at n/60 s, and an animation committed
/// before frame n begins at frame n's time.
@MainActor
@Suite(.tags(.gpu), .requiresGPU) struct AnimationTests {
    @Test func aLinearMoveIsHalfWayAtHalfTime() async throws {
        let f = try ScreenFixture(gpu: true)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.backgroundColor = .red
        f.window.addSubview(view)
        _ = try await f.render()  // frame 0: the view at x 0...10
        var next = 1
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
            view.center = CGPoint(x: 85, y: 5)  // x 80...90 at the end
        }
        #expect(view.center == CGPoint(x: 85, y: 5), "the model jumps to the target")
        // Begins at frame 1 (t = 1/60); half way at t = 1/60 + 0.5, frame 31.
        let image = try await f.renderUntil(frame: 31, from: &next)
        expectPixel(image, 45, 5, .red, "x 40...50 at half time")
        expectPixel(image, 35, 5, .white, "left of it")
        expectPixel(image, 55, 5, .white, "right of it")
        let shown = try #require(view.layer.presentation())
        #expect(abs(shown.position.x - 45) < 1e-9, "presentation x \(shown.position.x)")
        await f.finish()
    }

    @Test func easeInOutAtAQuarterMatchesTheCurve() async throws {
        let f = try ScreenFixture(gpu: true)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        f.window.addSubview(view)
        _ = try await f.render()
        var next = 1
        UIView.animate(withDuration: 1) { view.center = CGPoint(x: 85, y: 5) }  // easeInOut by default
        _ = try await f.renderUntil(frame: 16, from: &next)  // t = 1/60 + 0.25
        let expected = 5 + 80 * TimingCurve.easeInOut.progress(elapsed: 0.25, duration: 1)
        let x = try #require(view.layer.presentation()).position.x
        #expect(abs(x - expected) < 0.5, "x \(x), expected \(expected)")
        await f.finish()
    }

    @Test func completionRunsAfterTheFrameThatShowsTheEnd() async throws {
        let f = try ScreenFixture(gpu: true)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        f.window.addSubview(view)
        _ = try await f.render()
        var next = 1
        var finished: Bool?
        UIView.animate(withDuration: 0.5, animations: { view.alpha = 0.5 }, completion: { finished = $0 })
        _ = try await f.renderUntil(frame: 30, from: &next)  // t = 0.5, the animation ends at 1/60 + 0.5
        #expect(finished == nil)
        _ = try await f.renderUntil(frame: 31, from: &next)
        #expect(finished == true)
        await f.finish()
    }

    @Test func anInterruptingAnimationStartsFromTheShownValue() async throws {
        let f = try ScreenFixture(gpu: true)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        f.window.addSubview(view)
        _ = try await f.render()
        var next = 1
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { view.center = CGPoint(x: 85, y: 5) }
        _ = try await f.renderUntil(frame: 31, from: &next)  // x = 45
        let before = try #require(view.layer.presentation()).position.x
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { view.center = CGPoint(x: 5, y: 5) }
        _ = try await f.renderUntil(frame: 32, from: &next)
        let after = try #require(view.layer.presentation()).position.x
        #expect(abs(before - 45) < 1e-9)
        #expect(abs(after - before) < 3, "no jump: \(before) then \(after)")
        await f.finish()
    }

    @Test func performWithoutAnimationJumps() async throws {
        let f = try ScreenFixture(gpu: true)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        f.window.addSubview(view)
        _ = try await f.render()
        UIView.animate(withDuration: 1) {
            UIView.performWithoutAnimation { view.center = CGPoint(x: 85, y: 5) }
        }
        _ = try await f.render()
        #expect(try #require(view.layer.presentation()).position.x == 85)
        await f.finish()
    }

    @Test func anUnderdampedSpringOvershootsOnScreen() async throws {
        let f = try ScreenFixture(gpu: true)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        f.window.addSubview(view)
        _ = try await f.render()
        var next = 1
        UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.3, initialSpringVelocity: 0) {
            view.center = CGPoint(x: 45, y: 5)
        }
        var peak = 0.0
        while next <= 61 {
            _ = try await f.screen.renderFrame(readBack: false)
            next += 1
            peak = max(peak, try #require(view.layer.presentation()).position.x)
        }
        #expect(peak > 47, "overshoots past 45: peak \(peak)")
        #expect(abs(try #require(view.layer.presentation()).position.x - 45) < 0.1, "settled")
        await f.finish()
    }

    @Test func transformsAndColoursAnimate() async throws {
        let f = try ScreenFixture(gpu: true)
        let view = UIView(frame: CGRect(x: 40, y: 40, width: 20, height: 20))
        view.backgroundColor = .red
        f.window.addSubview(view)
        _ = try await f.render()
        var next = 1
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
            view.transform = CGAffineTransform(rotationAngle: .pi)
            view.backgroundColor = .blue
        }
        let image = try await f.renderUntil(frame: 31, from: &next)
        let shown = try #require(view.layer.presentation())
        #expect(abs(shown.transform.m11) < 1e-9 && abs(shown.transform.m12 - 1) < 1e-9, "a quarter turn at half time")
        expectPixel(image, 50, 50, RGBA8(128, 0, 128), tolerance: 2, "half way from red to blue")
        await f.finish()
    }

    @Test func withTheRealClockAnimationsMoveWhileTheMainThreadSleeps() async throws {
        let compositor = try Compositor(configuration: CompositorConfiguration(clock: .monotonic))
        let screen = UIScreen(size: CGSize(width: 100, height: 20), compositor: compositor)
        let window = UIWindow(frame: screen.bounds)
        window.backgroundColor = .white
        window.screen = screen
        window.makeKeyAndVisible()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 20))
        view.backgroundColor = .red
        window.addSubview(view)
        _ = try await screen.renderFrame()
        // Two seconds, sampled every 0.2 s: room for the drawing task to be late when the other
        // tests keep both cores busy.
        UIView.animate(withDuration: 2, delay: 0, options: .curveLinear) { view.center = CGPoint(x: 95, y: 10) }
        CATransaction.flush()
        // Another thread draws frames while the main thread is blocked.
        let drawer = Task.detached {
            var lefts: [Int] = []
            for _ in 0..<8 {
                try await Task.sleep(for: .milliseconds(200))
                let image = try #require(try await compositor.renderFrame(size: PixelSize(width: 100, height: 20)).image)
                lefts.append((0..<100).first { image[$0, 10] == RGBA8(255, 0, 0) } ?? -1)
            }
            return lefts
        }
        blockTheMainThread(for: 2.1)  // the main thread does nothing for longer than the animation
        let lefts = try await drawer.value
        #expect(lefts.count == 8)
        // Two rises in seven steps show it moving while the main thread slept; under a full suite's
        // load on two cores the sampling task itself may wake late (once seen: two, not three).
        #expect(zip(lefts, lefts.dropFirst()).filter { $0 < $1 }.count >= 2, "the view kept moving: \(lefts)")
        _ = await compositor.shutdown()
    }
}

/// Blocks the calling thread (here the main actor's) without suspending.
@MainActor private func blockTheMainThread(for seconds: Double) {
    usleep(useconds_t(seconds * 1_000_000))
}

/// CATransaction.setDisableActions inside an animation block.
@MainActor
@Suite(.tags(.gpu), .requiresGPU) struct DisableActionsTests {
    @Test func disabledActionsMakeChangesJumpEvenInAnimationBlocks() async throws {
        let f = try ScreenFixture(gpu: true)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        f.window.addSubview(view)
        _ = try await f.render()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        UIView.animate(withDuration: 1) { view.center = CGPoint(x: 85, y: 5) }
        CATransaction.commit()
        _ = try await f.render()
        #expect(try #require(view.layer.presentation()).position.x == 85, "no animation: the change shows at once")
        await f.finish()
    }
}
