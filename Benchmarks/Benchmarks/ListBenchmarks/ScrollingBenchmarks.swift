// Scrolling on the render side (issue 37), each against a reference in the same iteration:
//   - a flick over a 10,000-row table (390×844 at scale 1) with the main thread busy every other
//     frame (the compositor draws those frames alone, as while the main thread is blocked: the
//     model hears of them after), against the same flick with the main thread idle; and, untimed
//     beside them, the same busy flick with its motion kept on the main thread (Strata before the
//     render side scrolled). Each run reports the offsets its 60 frames after the release showed,
//     and the render thread's time for each; the iteration records, per run, the steps' and the
//     frame times' p99 − median, how far the busy runs' steps are from the idle run's, and how
//     many frames of the main-thread run stalled;
//   - a frame of a 100,000-row table scrolled 60 points (the scroll, its commit and the render
//     side's frame), against the same for a 100-row table, with the render thread's own time for
//     each frame as a share: the same rows appear, so the cost is what appears, not the
//     content's length.
//   cd Benchmarks && swift package benchmark --target ListBenchmarks
import Benchmark
import Foundation
@_spi(Testing) import Strata
import StrataBenchmarkSupport
import StrataCompositor

/// Registers the scrolling benchmarks; called from the suite's `benchmarks`.
func scrollingBenchmarks() {
    compare(
        "flick over 10,000 rows, main thread busy every other frame (reference: the same flick, main thread idle)",
        configuration: Flick.configuration,
        setup: { @MainActor () async throws -> Flick in try Flick() },
        strata: { s, _ in s.busy = try await s.run(busy: true) },
        reference: { s, _ in s.idle = try await s.run(busy: false) },
        settle: { s, _ in s.mainThread = try await s.run(busy: true, onMainThread: true) },
        report: { s, _ in try s.report() },
        teardown: { s in await s.screen.compositor.shutdown() })

    compare(
        "a scroll frame, 100,000 rows (reference: the same frame of 100 rows)",
        configuration: ScrollFrames.configuration,
        setup: { @MainActor () async throws -> ScrollFrames in try ScrollFrames() },
        strata: { s, _ in s.longFrame = try await s.frame(of: s.long, s.longTable) },
        reference: { s, _ in s.shortFrame = try await s.frame(of: s.short, s.shortTable) },
        settle: { s, _ in try s.check() },
        report: { s, _ in s.report() },
        teardown: { s in
            await s.long.compositor.shutdown()
            await s.short.compositor.shutdown()
        })
}

/// A table of 10,000 rows flicked up by a finger, its frames driven with the main thread idle or
/// busy every other frame. Main actor.
@MainActor final class Flick {
    /// What one run showed: each frame's offset after the release, and the render thread's time for it.
    struct Run {
        var offsets: [Double] = []
        var renderMilliseconds: [Double] = []
        /// The offset's change from each frame to the next, in points.
        var steps: [Double] { zip(offsets.dropFirst(), offsets).map { $0 - $1 } }
    }

    /// Frames measured after the release (one second; fewer in a smoke run).
    static let frames = sized(60, smoke: 12)
    nonisolated static let idleSteps = metric("step p99 - median, idle (mpt)")
    nonisolated static let busySteps = metric("step p99 - median, busy (mpt)")
    nonisolated static let mainThreadSteps = metric("step p99 - median, busy, main-thread scrolling (mpt)")
    nonisolated static let idleFrames = metric("frame time p99 - median, idle (µs)")
    nonisolated static let busyFrames = metric("frame time p99 - median, busy (µs)")
    nonisolated static let busyOff = metric("busy steps off the idle run's, at most (mpt)")
    nonisolated static let mainThreadOff = metric("main-thread steps off the idle run's, at most (mpt)")
    nonisolated static let stalls = metric("stalled frames, main-thread scrolling")
    nonisolated static let own = [idleSteps, busySteps, mainThreadSteps, idleFrames, busyFrames, busyOff, mainThreadOff, stalls]
    /// The comparison's metrics and the figures above, a few iterations (each is three flicks).
    nonisolated static var configuration: Benchmark.Configuration {
        var configuration = comparisonConfiguration(iterations: 10, seconds: 5)
        configuration.metrics += own
        for metric in own { configuration.units[metric] = .count }
        return configuration
    }

    nonisolated private static func metric(_ name: String) -> BenchmarkMetric {
        .custom(name, polarity: .prefersSmaller, useScalingFactor: false)
    }

    let screen: Screen
    let table: UITableView
    var idle = Run(), busy = Run(), mainThread = Run()

    init() throws {
        screen = try Screen(scale: 1)
        table = screen.table(Rows(count: 10_000))
    }

    /// Flicks the table from the top: a finger 40 points up a frame for 6 frames, lifted (2.4
    /// points a millisecond); then `frames` frames, every other one drawn without the model when
    /// `busy`. `onMainThread`: the motion stays on the main thread, and a frame shows the offset
    /// the model committed last.
    func run(busy: Bool, onMainThread: Bool = false) async throws -> Run {
        table._motionStaysOnMainThread = onMainThread
        table.setContentOffset(.zero, animated: false)
        _ = try await screen.screen.renderFrame(readBack: false)
        for i in 0...6 {
            let touch = TouchInput(id: 1, phase: i == 0 ? .down : .move, location: CGPoint(x: 195, y: 700 - 40 * CGFloat(i)), timestamp: screen.screen.mediaTime)
            try screen.window.send(touch)
            if i < 6 { _ = try await screen.screen.renderFrame(readBack: false) }
        }
        try screen.window.send(TouchInput(id: 1, phase: .up, location: CGPoint(x: 195, y: 460), timestamp: screen.screen.mediaTime))
        try check(table.isDecelerating, "the flick left the table still at \(table.contentOffset.y)")
        var run = Run()
        var committed = table.contentOffset.y
        for i in 0..<Self.frames {
            let frame: RenderedFrame
            if busy, i % 2 == 1 {
                frame = try await screen.compositor.renderFrame(size: screen.screen.pixelSize, readBack: false)
            } else {
                committed = table.contentOffset.y
                frame = try await screen.screen.renderFrame(readBack: false)
            }
            if onMainThread {
                run.offsets.append(Double(committed))
            } else {
                guard case .rect(let bounds)? = frame.statistics.shownValues.first(where: { $0.property.key == .bounds })?.property.value else {
                    throw BenchmarkCheckFailed(description: "frame \(i) after the release reported no offset the render side showed")
                }
                run.offsets.append(bounds.minY)
            }
            run.renderMilliseconds.append(frame.statistics.renderMilliseconds)
        }
        try check(run.offsets.last! > run.offsets.first! + 100, "the flick moved \(run.offsets.last! - run.offsets.first!) points in \(Self.frames) frames")
        return run
    }

    /// The iteration's figures, from its three runs.
    func report() throws -> [(BenchmarkMetric, Int)] {
        func spread(_ values: [Double]) -> Double { percentile(values, 0.99) - percentile(values, 0.5) }
        func off(_ run: Run) -> Double { zip(run.steps, idle.steps).map { abs($0 - $1) }.max() ?? 0 }
        let milli = { (value: Double) in Int((value * 1000).rounded()) }
        return [
            (Self.idleSteps, milli(spread(idle.steps))), (Self.busySteps, milli(spread(busy.steps))),
            (Self.mainThreadSteps, milli(spread(mainThread.steps))),
            (Self.idleFrames, milli(spread(idle.renderMilliseconds))), (Self.busyFrames, milli(spread(busy.renderMilliseconds))),
            (Self.busyOff, milli(off(busy))), (Self.mainThreadOff, milli(off(mainThread))),
            (Self.stalls, mainThread.steps.filter { $0 == 0 }.count),
        ]
    }
}

/// The `share` percentile of `values` (nearest rank: 0.5 the median, 0.99 the 99th); 0 for none.
func percentile(_ values: [Double], _ share: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, max(0, Int((share * Double(sorted.count)).rounded(.up)) - 1))]
}

/// Two shown tables, 100,000 rows and 100, on screens of their own, each scrolled 60 points
/// and drawn in turn (back to the top before the short one's end). Main actor.
@MainActor final class ScrollFrames {
    nonisolated static let renderShare = BenchmarkMetric.custom(
        "render thread, % of the 100-row frame's", polarity: .prefersSmaller, useScalingFactor: false)
    /// The comparison's metrics and the render thread's share.
    nonisolated static var configuration: Benchmark.Configuration {
        var configuration = comparisonConfiguration(iterations: 200)
        configuration.metrics.append(renderShare)
        configuration.units[renderShare] = .count
        return configuration
    }

    let long: Screen, short: Screen
    let longTable: UITableView, shortTable: UITableView
    var longFrame: RenderedFrame?, shortFrame: RenderedFrame?

    init() throws {
        (long, short) = (try Screen(scale: 1), try Screen(scale: 1))
        (longTable, shortTable) = (long.table(Rows(count: 100_000)), short.table(Rows(count: 100)))
    }

    /// Scrolls `table` 60 points on (to the top again before the short table's end), commits,
    /// and draws `screen`'s frame: what the render side does is the rows that came into view.
    func frame(of screen: Screen, _ table: UITableView) async throws -> RenderedFrame {
        let y = table.contentOffset.y + 60
        table.contentOffset.y = y + shortTable.bounds.height > shortTable.contentSize.height ? 0 : y
        CATransaction.flush()
        return try await screen.compositor.renderFrame(size: screen.screen.pixelSize, readBack: false)
    }

    /// Both frames drew, the same number of layers (the same rows showed).
    func check() throws {
        let (a, b) = (longFrame?.statistics, shortFrame?.statistics)
        try StrataBenchmarkSupport.check(a?.redrawn == true && b?.redrawn == true, "a scroll frame was not drawn: \(String(describing: a)), \(String(describing: b))")
        try StrataBenchmarkSupport.check(a?.layersDrawn == b?.layersDrawn, "the two tables drew \(a!.layersDrawn) and \(b!.layersDrawn) layers")
    }

    /// The long table's render-thread time for its frame as a share of the short one's.
    func report() -> [(BenchmarkMetric, Int)] {
        guard let a = longFrame?.statistics.renderMilliseconds, let b = shortFrame?.statistics.renderMilliseconds, b > 0 else { return [] }
        return [(Self.renderShare, Int((a / b * 100).rounded()))]
    }
}
