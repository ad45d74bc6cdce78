import Foundation
import Strata
import StrataTesting
import Testing

/// A screen's display links (`displayLink(withTarget:action:)`) frame by frame over a recording
/// sink: frame n of the 60 Hz clock at n/60 s.
@MainActor
@Suite struct UIScreenDisplayLinkTests {
    @MainActor final class Stepper {
        var times: [CFTimeInterval] = []
        var targets: [CFTimeInterval] = []
        func step(_ link: CADisplayLink) {
            times.append(link.timestamp)
            targets.append(link.targetTimestamp)
        }
    }

    /// Whether `times` are the times of frames `frames` of the 60 Hz clock.
    private func areFrames(_ times: [CFTimeInterval], _ frames: [Int]) -> Bool {
        times.count == frames.count && zip(times, frames).allSatisfy { abs($0 - Double($1) / 60) < 1e-9 }
    }

    private func screen() -> UIScreen {
        UIScreen(size: CGSize(width: 10, height: 10), commitSink: RecordingCommitSink())
    }

    @Test(
        "A display link added to the run loop calls its target after every frame its screen presents, with the frame's time (frames 1, 2, 3 at 1/60, 2/60, 3/60) and the next frame's as target; paused it is not called, at 30 frames a second every other frame, invalidated never again"
    )
    func displayLinksFollowFrames() async throws {
        let screen = screen()
        let stepper = Stepper()
        let link = screen.displayLink(withTarget: stepper, action: Stepper.step)
        _ = try await screen.renderFrame()
        #expect(stepper.times.isEmpty, "not yet added")
        link.add(to: .main, forMode: .common)
        for _ in 0..<3 { _ = try await screen.renderFrame(readBack: false) }
        #expect(areFrames(stepper.times, [1, 2, 3]), "\(stepper.times)")
        #expect(areFrames(stepper.targets, [2, 3, 4]), "\(stepper.targets)")
        #expect(abs(link.duration - 1.0 / 60) < 1e-12)
        link.isPaused = true
        _ = try await screen.renderFrame(readBack: false)
        #expect(stepper.times.count == 3)
        link.isPaused = false
        link.preferredFramesPerSecond = 30
        for _ in 0..<4 { _ = try await screen.renderFrame(readBack: false) }
        #expect(areFrames(Array(stepper.times.suffix(2)), [5, 7]), "every other frame: \(stepper.times)")
        link.invalidate()
        _ = try await screen.renderFrame(readBack: false)
        #expect(stepper.times.count == 5)
    }

    @Test("A display link made with a closure and removed from the run loop stops; added again it goes on")
    func removingAndAddingAgain() async throws {
        let screen = screen()
        var calls = 0
        let link = screen.displayLink(withTarget: screen) { _ in { _ in calls += 1 } }
        link.add(to: .main, forMode: .default)
        link.add(to: .main, forMode: .default)  // twice: still once a frame
        _ = try await screen.renderFrame(readBack: false)
        #expect(calls == 1)
        link.remove(from: .main, forMode: .default)
        _ = try await screen.renderFrame(readBack: false)
        #expect(calls == 1)
        link.add(to: .main, forMode: .default)
        _ = try await screen.renderFrame(readBack: false)
        #expect(calls == 2)
        link.invalidate()
    }
}
