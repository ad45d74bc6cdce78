import Foundation
import Strata
import StrataTesting
import Testing

/// CADisplayLink frame by frame over a recording sink, and UIProgressView's values and looks.
@MainActor
@Suite struct DisplayLinkAndProgressTests {
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

    @Test(
        "UIProgressView: progress 0 by default, clamped to 0…1 (1.5 reads 1, −1 reads 0, NaN 0), setProgress(0.5, animated: false) reads 0.5; the default style is 4 points high, the bar 2.5; tint colours kept"
    )
    func progressValues() {
        let progress = UIProgressView(progressViewStyle: .default)
        #expect(progress.progress == 0 && progress.progressViewStyle == .default)
        progress.setProgress(0.5, animated: false)
        #expect(progress.progress == 0.5)
        progress.progress = 1.5
        #expect(progress.progress == 1)
        progress.progress = -1
        #expect(progress.progress == 0)
        progress.progress = .nan
        #expect(progress.progress == 0)
        #expect(progress.intrinsicContentSize.height == 4 && progress.sizeThatFits(CGSize(width: 120, height: 50)) == CGSize(width: 120, height: 4))
        progress.progressViewStyle = .bar
        #expect(progress.intrinsicContentSize.height == 2.5)
        progress.progressTintColor = .red
        progress.trackTintColor = .blue
        #expect(progress.progressTintColor == .red && progress.trackTintColor == .blue)
    }

    @Test(
        "Scene: a 100×20 progress view at 0.25 with a red fill and a blue track on white: red at (10, 10) and (23, 10), blue at (30, 10) and (90, 10), white above the 4-point track at (50, 5)"
    )
    func progressLooks() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        root.backgroundColor = .white
        let progress = UIProgressView(frame: root.bounds)
        progress.progressTintColor = .red
        progress.trackTintColor = .blue
        progress.progress = 0.25
        root.addSubview(progress)
        root.layoutIfNeeded()
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: root.bounds.size, format: format).image { _ in
            root.drawHierarchy(in: root.bounds, afterScreenUpdates: true)
        }
        let p = try #require(image.cgImage?.image)
        #expect(p[10, 10] == .red && p[23, 10] == .red, "\(p[10, 10]) \(p[23, 10])")
        #expect(p[30, 10] == .blue && p[90, 10] == .blue)
        #expect(p[50, 5] == .white)
    }
}
