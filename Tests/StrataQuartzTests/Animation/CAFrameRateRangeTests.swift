import Foundation
import StrataCompositor
import StrataGraphics
import Testing

@_spi(Testing) import StrataQuartz

/// `CADisplayLink.preferredFrameRateRange` and `CAFrameRateRange`, frame by frame over a
/// a context over a recording sink (60 frames a second: frame n at n/60 s), and how
/// `preferredFramesPerSecond` sets the range.
@MainActor
@Suite struct CAFrameRateRangeTests {
    @MainActor final class Counter {
        var frames: [Int] = []
        func step(_ link: CADisplayLink) { frames.append(Int((link.timestamp * 60).rounded())) }
    }

    /// The frames (as numbers) at which a link with `configure` applied is called over the
    /// context's frames 1 through 12.
    private func calls(_ configure: (CADisplayLink) -> Void) async throws -> [Int] {
        let context = CAContext(size: CGSize(width: 10, height: 10), commitSink: RecordingCommitSink())
        let counter = Counter()
        let link = CADisplayLink(context: context) { counter.step($0) }
        configure(link)
        _ = try await context.renderFrame(clearColor: .black, readBack: false)  // frame 0, before the link is added
        link.add(to: .main, forMode: .common)
        for _ in 0..<12 { _ = try await context.renderFrame(clearColor: .black, readBack: false) }
        link.invalidate()
        return counter.frames
    }

    @Test("CAFrameRateRange.default is minimum 0, maximum 0, preferred 0; a link's range and preferredFramesPerSecond start there")
    func defaults() {
        let range = CAFrameRateRange.default
        #expect(range.minimum == 0 && range.maximum == 0 && range.preferred == 0)
        let link = CADisplayLink { _ in }
        #expect(link.preferredFrameRateRange == .default)
        #expect(link.preferredFramesPerSecond == 0)
    }

    @Test("CAFrameRateRange(minimum: 10, maximum: 30, preferred: 15) keeps its rates; isEqual(to:) compares them all, nil preferred equal to 0")
    func rangeValues() {
        let range = CAFrameRateRange(minimum: 10, maximum: 30, preferred: 15)
        #expect(range.minimum == 10 && range.maximum == 30 && range.preferred == 15)
        #expect(range.isEqual(to: CAFrameRateRange(minimum: 10, maximum: 30, preferred: 15)))
        #expect(!range.isEqual(to: CAFrameRateRange(minimum: 10, maximum: 30, preferred: 20)))
        #expect(CAFrameRateRange(minimum: 0, maximum: 0).isEqual(to: .default))
    }

    @Test("With the default range the link is called at every frame: 1 through 12")
    func defaultEveryFrame() async throws {
        #expect(try await calls { _ in } == Array(1...12))
    }

    @Test("A range 10...30 preferring 15 calls at 15 Hz (a factor of 60): frames 1, 5, 9")
    func preferredFifteen() async throws {
        #expect(try await calls { $0.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 30, preferred: 15) } == [1, 5, 9])
    }

    @Test("A range 20...30 with no preferred rate calls at its maximum, 30 Hz: frames 1, 3, 5, 7, 9, 11")
    func maximumWithoutPreference() async throws {
        #expect(try await calls { $0.preferredFrameRateRange = CAFrameRateRange(minimum: 20, maximum: 30, preferred: nil) } == [1, 3, 5, 7, 9, 11])
    }

    @Test("A range 10...50 preferring 40 calls at the factor of 60 in the range nearest 40, 30 Hz: frames 1, 3, 5, 7, 9, 11")
    func nearestFactor() async throws {
        #expect(try await calls { $0.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 50, preferred: 40) } == [1, 3, 5, 7, 9, 11])
    }

    @Test("preferredFramesPerSecond 20 sets the range to 20...20 preferring 20 and calls every third frame: 1, 4, 7, 10; 0 sets it back to .default")
    func framesPerSecondSetsRange() async throws {
        let link = CADisplayLink { _ in }
        link.preferredFramesPerSecond = 20
        #expect(link.preferredFrameRateRange == CAFrameRateRange(minimum: 20, maximum: 20, preferred: 20))
        link.preferredFramesPerSecond = 0
        #expect(link.preferredFrameRateRange == .default)
        #expect(try await calls { $0.preferredFramesPerSecond = 20 } == [1, 4, 7, 10])
    }

    @Test("The last one set decides: preferredFramesPerSecond 20, then the range 0...60 preferring 60, calls at every frame")
    func rangeAfterFramesPerSecond() async throws {
        let frames = try await calls {
            $0.preferredFramesPerSecond = 20
            $0.preferredFrameRateRange = CAFrameRateRange(minimum: 0, maximum: 60, preferred: 60)
        }
        #expect(frames == Array(1...12))
    }

    @MainActor final class Rates {
        var rates: [Double] = []
        func step(_ link: CADisplayLink) { rates.append(1 / (link.targetTimestamp - link.timestamp)) }
    }

    @Test("1 / (targetTimestamp − timestamp) is the rate the link is called at: 60 by default, 20 preferring 20; duration stays 1/60")
    func targetTimestampFollowsRate() async throws {
        let context = CAContext(size: CGSize(width: 10, height: 10), commitSink: RecordingCommitSink())
        let rates = Rates()
        let link = CADisplayLink(context: context) { rates.step($0) }
        _ = try await context.renderFrame(clearColor: .black, readBack: false)
        link.add(to: .main, forMode: .common)
        _ = try await context.renderFrame(clearColor: .black, readBack: false)
        link.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 30, preferred: 20)
        // Frames 2 to 7: called at 4 and 7.
        for _ in 0..<6 { _ = try await context.renderFrame(clearColor: .black, readBack: false) }
        link.invalidate()
        #expect(rates.rates.count == 3, "\(rates.rates)")
        #expect(abs(rates.rates[0] - 60) < 1e-6)
        #expect(abs(rates.rates[1] - 20) < 1e-6 && abs(rates.rates[2] - 20) < 1e-6)
        #expect(abs(link.duration - 1.0 / 60) < 1e-12)
    }

    @Test("A range whose minimum (30) is above its maximum (10) traps")
    func invalidRangeTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let link = CADisplayLink { _ in }
                link.preferredFrameRateRange = CAFrameRateRange(minimum: 30, maximum: 10, preferred: 20)
            }
        }
    }
}
