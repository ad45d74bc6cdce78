import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCore
import StrataTesting
import Testing

/// A scroll view's motion after a release (deceleration, bounce back) and its animated offsets are
/// shown by the render side too: the layer gets an absolute animation of its bounds on the motion's
/// curve for the motion's duration, so frames keep moving while the main actor does nothing; the
/// model's steps go on as before and catch up. Commits read over a recording sink; pixels through
/// the GPU with the model left out of the frames (as a busy main actor is).
@MainActor
@Suite struct UIScrollViewRenderMotionTests {
    /// A 100×100 scroll view over 100×2000 points of content, a red 100×10 band at content y 200.
    private func scene(_ f: ScreenFixture, _ log: ScrollLog? = nil) -> UIScrollView {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scroll.contentSize = CGSize(width: 100, height: 2000)
        scroll.delegate = log
        let band = UIView(frame: CGRect(x: 0, y: 200, width: 100, height: 10))
        band.backgroundColor = .red
        scroll.addSubview(band)
        f.window.addSubview(scroll)
        return scroll
    }

    /// The animations the commits sent for `layer`, and the groups they removed from it, in order.
    private func sent(_ f: ScreenFixture, _ layer: CALayer) -> (added: [LayerAnimation], removed: [UInt64]) {
        var added: [LayerAnimation] = [], removed: [UInt64] = []
        for operation in f.commits.commits.flatMap(\.operations) {
            if case .addAnimation(let id, let animation) = operation, id == layer._id { added.append(animation) }
            if case .removeAnimations(let id, let group) = operation, id == layer._id { removed.append(group) }
        }
        return (added, removed)
    }

    @Test(
        "A flick sends the layer one absolute bounds animation from the release's offset to the projected target on the decay curve (0.998 a millisecond), lasting until half a point is left: ln(0.5/D)/(1000·ln 0.998) s; it is not listed by animationKeys(), and the delegate hears the same callbacks"
    )
    func aFlickSendsTheMotion() async throws {
        let f = try ScreenFixture()
        let log = ScrollLog()
        let scroll = scene(f, log)
        _ = try await f.screen.renderFrame()
        try f.window.flickUp(at: f.screen.mediaTime)
        let start = scroll.contentOffset, target = try #require(log.proposedTarget)
        _ = try await f.screen.renderFrame()
        let motions = sent(f, scroll.layer).added
        #expect(motions.count == 1)
        let motion = try #require(motions.first)
        let from = Rect(x: 0, y: Double(start.y), width: 100, height: 100), to = Rect(x: 0, y: Double(target.y), width: 100, height: 100)
        #expect(motion.kind == .absolute(from: LayerProperty(.bounds, .rect(from)), to: LayerProperty(.bounds, .rect(to))))
        #expect(motion.curve == .decay(rate: 0.998))
        let distance = Double(target.y - start.y)
        #expect(abs(motion.duration - Foundation.log(0.5 / distance) / (1000 * Foundation.log(0.998))) < 1e-9, "\(motion.duration) s for \(distance) points")
        #expect(scroll.layer.animationKeys() == nil && scroll.layer.animation(forKey: "bounds.origin") == nil, "UIKit's scroll views run no listed animation")
        // The vertical indicator (shown by the drag) rides the same curve: its centre from its place
        // at the start to its place at the target (y = offset + 3 + offset/1900 × 58 + 18, x 95.5).
        let bar = try #require(scroll.subviews.last { String(describing: type(of: $0)) == "_UIScrollViewScrollIndicator" })
        let barMotion = try #require(sent(f, bar.layer).added.first)
        func center(_ offset: Double) -> LayerProperty { LayerProperty(.position, .point(Point(x: 95.5, y: offset + 3 + offset / 1900 * 58 + 18))) }
        guard case .absolute(let barFrom, let barTo) = barMotion.kind, case .point(let p0) = barFrom.value, case .point(let p1) = barTo.value,
            case .point(let e0) = center(Double(start.y)).value, case .point(let e1) = center(Double(target.y)).value
        else {
            Issue.record("the bar's motion is an absolute position animation, not \(barMotion.kind)")
            return
        }
        #expect(abs(p0.x - e0.x) < 1e-9 && abs(p0.y - e0.y) < 1e-9 && abs(p1.x - e1.x) < 1e-9 && abs(p1.y - e1.y) < 1e-9, "\(p0) → \(p1)")
        #expect(barMotion.group == motion.group && barMotion.curve == motion.curve && barMotion.duration == motion.duration && barMotion.beginTime == 0)
        for _ in 0..<600 where scroll.isDecelerating { _ = try await f.screen.renderFrame(readBack: false) }
        #expect(scroll.contentOffset == target)
        #expect(log.events == ["willBeginDragging", "willEndDragging", "didEndDragging(true)", "willBeginDecelerating", "didEndDecelerating"])
        _ = try await f.screen.renderFrame(readBack: false)
        #expect(scroll.layer.activeAnimations.isEmpty && scroll.layer.unlistedAnimationGroups.isEmpty, "ended with the model's motion")
        #expect(sent(f, scroll.layer).removed.allSatisfy { $0 == motion.group })
    }

    @Test(
        "A delegate that moves targetContentOffset in scrollViewWillEndDragging retargets the render side's motion: the bounds animation goes to its target (y 300), lasting ln(0.5/D)/(1000·ln 0.998) s for that distance, and the content rests there"
    )
    func theDelegatesTargetIsTheRenderSidesToo() async throws {
        let f = try ScreenFixture()
        let log = ScrollLog()
        log.replaceTarget = CGPoint(x: 0, y: 300)
        let scroll = scene(f, log)
        _ = try await f.screen.renderFrame()
        try f.window.flickUp(at: f.screen.mediaTime)
        let start = scroll.contentOffset
        #expect(log.proposedTarget != log.replaceTarget)
        _ = try await f.screen.renderFrame()
        let motion = try #require(sent(f, scroll.layer).added.first)
        let to = Rect(x: 0, y: 300, width: 100, height: 100)
        guard case .absolute(_, let end) = motion.kind else {
            Issue.record("an absolute bounds animation, not \(motion.kind)")
            return
        }
        #expect(end == LayerProperty(.bounds, .rect(to)))
        let distance = Double(300 - start.y)
        #expect(abs(motion.duration - Foundation.log(0.5 / distance) / (1000 * Foundation.log(0.998))) < 1e-9, "\(motion.duration) s for \(distance) points")
        for _ in 0..<600 where scroll.isDecelerating { _ = try await f.screen.renderFrame(readBack: false) }
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 300))
    }

    @Test("The model's steps follow the same curve: each presented frame's offset is from + D·(1 − 0.998^(1000·t)), t from the frame shown at the release")
    func theModelStepsTheSameCurve() async throws {
        let f = try ScreenFixture()
        let log = ScrollLog()
        let scroll = scene(f, log)
        _ = try await f.screen.renderFrame()
        try f.window.flickUp(at: f.screen.mediaTime)
        let released = f.screen.context.shownTime
        let start = scroll.contentOffset.y, target = try #require(log.proposedTarget).y
        for _ in 0..<10 {
            _ = try await f.screen.renderFrame(readBack: false)
            let t = f.screen.context.shownTime - released
            let expected = start + (target - start) * (1 - pow(0.998, 1000 * t))
            #expect(abs(scroll.contentOffset.y - expected) < 1e-9, "at \(t) s: \(scroll.contentOffset.y), not \(expected)")
        }
    }

    @Test(
        "A touch down stops it: the render side's animation is removed in the next commit and the content rests where the model's last step put it; setContentOffset(_:animated:) sends an ease-in-out over 0.3 s; code setting the offset mid-motion takes the animation off (the model's bounds show)"
    )
    func stoppingAndAnimatedOffsets() async throws {
        let f = try ScreenFixture()
        let log = ScrollLog()
        let scroll = scene(f, log)
        _ = try await f.screen.renderFrame()
        try f.window.flickUp(at: f.screen.mediaTime)
        for _ in 0..<5 { _ = try await f.screen.renderFrame(readBack: false) }
        let flick = try #require(sent(f, scroll.layer).added.first)
        let resting = scroll.contentOffset
        try f.window.down(2, 50, 50, at: f.screen.mediaTime)
        #expect(!scroll.isDecelerating && scroll.contentOffset == resting)
        _ = try await f.screen.renderFrame(readBack: false)
        #expect(sent(f, scroll.layer).removed == [flick.group])
        try f.window.up(2, 50, 50, at: f.screen.mediaTime + 0.05)

        scroll.setContentOffset(CGPoint(x: 0, y: 1000), animated: true)
        _ = try await f.screen.renderFrame(readBack: false)
        let animated = try #require(sent(f, scroll.layer).added.last)
        #expect(animated.curve == .easeInOut && animated.duration == 0.3 && animated.group != flick.group)
        scroll.contentOffset = CGPoint(x: 0, y: 700)
        _ = try await f.screen.renderFrame(readBack: false)
        #expect(sent(f, scroll.layer).removed == [flick.group, animated.group], "code moved the bounds: the render side lets go")
    }

    @Test("Released past an edge, the bounce back goes to the render side on the critically damped spring (ω = 2π/0.4 s) until half a point is left")
    func theBounceBackGoesToo() async throws {
        let f = try ScreenFixture()
        let scroll = scene(f)
        _ = try await f.screen.renderFrame()
        let t = f.screen.mediaTime
        try f.window.down(1, 50, 5, at: t)
        try f.window.move(1, 50, 15, at: t + 0.1)
        try f.window.move(1, 50, 105, at: t + 0.2)
        try f.window.move(1, 50, 105, at: t + 0.5)
        let past = scroll.contentOffset.y
        try f.window.up(1, 50, 105, at: t + 0.55)
        _ = try await f.screen.renderFrame(readBack: false)
        let bounce = try #require(sent(f, scroll.layer).added.first)
        guard case .spring(let spring) = bounce.curve else {
            Issue.record("a bounce rides a spring, not \(bounce.curve)")
            return
        }
        #expect(spring.dampingRatio == 1 && abs(spring.naturalFrequency - 2 * .pi / 0.4) < 1e-12 && spring.initialVelocity == 0)
        // (1 + ωT)·e^(−ωT) · distance = 0.5 at the end.
        let w = 2 * Double.pi / 0.4, d = Double(abs(past))
        #expect(abs((1 + w * bounce.duration) * exp(-w * bounce.duration) * d - 0.5) < 1e-9)
    }

    @Test(
        "The render side moves the content by itself: frames drawn after a flick without the model hearing of them (a busy main actor) show the band where the decay curve puts it at each frame's time, the indicator where that offset puts it, and report the bounds they showed; once the model hears again its first step reports (scrollViewDidScroll) the offset the render side shows next, and it rests where an undisturbed flick rests",
        .tags(.gpu), .requiresGPU
    )
    func framesMoveWhileTheModelIsBusy() async throws {
        var resting: [CGPoint] = []
        for busy in [false, true] {
            let f = try ScreenFixture(gpu: true)
            let log = ScrollLog()
            let scroll = scene(f, log)
            _ = try await f.render()
            try f.window.flickUp(at: f.screen.mediaTime)
            let start = Double(scroll.contentOffset.y), target = Double(try #require(log.proposedTarget).y)
            if busy {
                CATransaction.flush()  // the commit carrying the motion goes; then the model does nothing
                let sink = f.screen.context.commitSink, size = f.screen.context.pixelSize
                for frame in 0..<20 {
                    let rendered = try await sink.renderFrame(size: size, clearColor: .white, readBack: true)
                    let image = try #require(rendered.image)
                    // The first of these frames shows the commit: the motion's time starts there.
                    let offset = start + (target - start) * (1 - pow(0.998, 1000 * Double(frame) / 60))
                    // The frame reports the bounds it showed (the animation asks for it).
                    let shown = rendered.statistics.shownValues.filter { $0.layer == scroll.layer._id }
                    #expect(shown.count == 1, "frame \(frame): \(rendered.statistics.shownValues)")
                    if case .rect(let bounds)? = shown.first?.property.value {
                        #expect(abs(bounds.minY - offset) < 1e-9 && bounds.minX == 0 && bounds.size == Size(width: 100, height: 100))
                    }
                    // The vertical indicator rides along: on screen 3 + offset/1900 × (94 − 36) points
                    // down, 36 long, 35 % black at x 94...97 (the band at content y 200 aside).
                    let bar = 3 + offset / 1900 * 58, middle = Int(bar + 18), bandTop = 200 - offset
                    if Double(middle) < bandTop - 1 || Double(middle) > bandTop + 11 {
                        #expect(image[95, middle].isClose(to: RGBA8(166, 166, 166), tolerance: 3), "frame \(frame): the bar at y \(bar) + 18: \(image[95, middle])")
                    }
                    let top = (0..<100).first { image[50, $0].isClose(to: RGBA8(255, 0, 0), tolerance: 8) }
                    let expected = 200 - offset
                    if expected > 0 && expected < 90 {
                        let row = try #require(top, "frame \(frame): the band should show at y \(expected)")
                        #expect(abs(Double(row) - expected.rounded(.up)) <= 1, "frame \(frame): band at \(row), curve says \(expected)")
                    }
                }
                #expect(scroll.contentOffset.y == CGFloat(start), "the model heard of none of them")
                // The model hears again: after the next frame its step puts the offset where the
                // render side shows it at the frame after (the model runs a frame ahead of what is
                // shown, as it always has: its step after frame k is what frame k + 1 shows), and
                // scrollViewDidScroll reports that offset; the deceleration goes on.
                let events = log.events
                _ = try await f.screen.renderFrame(readBack: false)
                CATransaction.flush()
                let after = try await sink.renderFrame(size: size, clearColor: .white, readBack: false)
                guard case .rect(let shown)? = after.statistics.shownValues.first(where: { $0.layer == scroll.layer._id })?.property.value else {
                    Issue.record("the frame after the busy stretch reported no offset: \(after.statistics.shownValues)")
                    return
                }
                #expect(abs(Double(scroll.contentOffset.y) - shown.minY) < 1e-9 && log.offsets.last == scroll.contentOffset, "\(scroll.contentOffset) vs \(shown)")
                #expect(log.events == events && scroll.isDecelerating, "no callback but didScroll yet: \(log.events)")
            }
            for _ in 0..<600 where scroll.isDecelerating { _ = try await f.screen.renderFrame(readBack: false) }
            #expect(!scroll.isDecelerating && log.events.last == "didEndDecelerating")
            resting.append(scroll.contentOffset)
            await f.finish()
        }
        #expect(resting[0] == resting[1], "the same resting offset with and without the busy stretch: \(resting)")
    }

    @Test(
        "With the model left out of every other frame (a main thread busy half the time), the frames show exactly the offsets of an undisturbed flick, frame by frame: the render side's steps do not depend on the main thread",
        .tags(.gpu), .requiresGPU
    )
    func halfTheFramesBusyShowTheSameOffsets() async throws {
        var runs: [[Double]] = []
        for busyHalf in [false, true] {
            let f = try ScreenFixture(gpu: true)
            let scroll = scene(f)
            _ = try await f.render()
            try f.window.flickUp(at: f.screen.mediaTime)
            CATransaction.flush()
            let sink = f.screen.context.commitSink, size = f.screen.context.pixelSize
            var shown: [Double] = []
            for frame in 0..<40 {
                let statistics: FrameStatistics
                if busyHalf && frame % 2 == 1 {
                    statistics = try await sink.renderFrame(size: size, clearColor: .white, readBack: false).statistics
                } else {
                    statistics = try await f.screen.renderFrame(readBack: false).statistics
                }
                let value = statistics.shownValues.first { $0.layer == scroll.layer._id }?.property.value
                guard case .rect(let bounds)? = value else {
                    Issue.record("frame \(frame) reported no bounds: \(statistics.shownValues)")
                    break
                }
                shown.append(bounds.minY)
            }
            runs.append(shown)
            await f.finish()
        }
        #expect(runs[0].count == 40 && runs[1].count == 40)
        #expect(zip(runs[0], runs[1]).allSatisfy { abs($0 - $1) < 1e-9 }, "idle \(runs[0])\nbusy half \(runs[1])")
        let steps = zip(runs[1], runs[1].dropFirst()).map { $1 - $0 }
        #expect(steps.allSatisfy { $0 > 0 }, "every frame a step on: \(steps)")
    }

    @Test(
        "A table tells the render side what it laid out (its bounds, after each layout; a plain scroll view, whose subviews are all there, tells nothing): frames of a flick count no checkerboard while the model keeps up, and, with prefetching off, while it is left out they count 100 points wide times how far the frame's bounds went past the laid-out ones (at most the whole 100 × 100)",
        .tags(.gpu), .requiresGPU
    )
    func checkerboardingIsCounted() async throws {
        final class Rows: NSObject, UITableViewDataSource {
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1000 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "row") ?? UITableViewCell(style: .default, reuseIdentifier: "row")
                cell.textLabel?.text = "\(indexPath.row)"
                return cell
            }
        }
        for busy in [false, true] {
            let f = try ScreenFixture(gpu: true)
            let rows = Rows()
            let table = UITableView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), style: .plain)
            table.isPrefetchingEnabled = false  // the bounds alone (see the next test)
            table.dataSource = rows
            f.window.addSubview(table)
            let plain = scene(f)
            plain.frame = CGRect(x: 0, y: 0, width: 1, height: 1)  // present, not lazily laid out
            _ = try await f.render()
            let prepared = f.commits.commits.flatMap(\.operations).compactMap { operation -> Rect? in
                if case .setPreparedContent(let id, let rect?) = operation, id == table.layer._id { return rect }
                return nil
            }
            #expect(prepared.last == Rect(x: 0, y: 0, width: 100, height: 100), "the table laid out its bounds: \(prepared)")
            #expect(!f.commits.commits.flatMap(\.operations).contains { if case .setPreparedContent(plain.layer._id, _) = $0 { true } else { false } })
            try f.window.flickUp(at: f.screen.mediaTime)
            CATransaction.flush()
            let laidOut = Double(table.contentOffset.y)
            let sink = f.screen.context.commitSink, size = f.screen.context.pixelSize
            var areas: [Double] = [], offsets: [Double] = []
            for _ in 0..<20 {
                let statistics =
                    busy
                    ? try await sink.renderFrame(size: size, clearColor: .white, readBack: false).statistics
                    : try await f.screen.renderFrame(readBack: false).statistics
                areas.append(statistics.checkerboardArea)
                if case .rect(let bounds)? = statistics.shownValues.first(where: { $0.layer == table.layer._id })?.property.value {
                    offsets.append(bounds.minY)
                }
            }
            if busy {
                #expect(offsets.count == 20)
                for (area, offset) in zip(areas, offsets) {
                    #expect(abs(area - 100 * min(100, max(0, offset - laidOut))) < 1e-6, "\(area) for \(offset) past \(laidOut)")
                }
                #expect(areas.dropFirst().allSatisfy { $0 > 0 }, "\(areas)")
            } else {
                #expect(areas.allSatisfy { $0 == 0 }, "the model keeps up: \(areas)")
            }
            await f.finish()
        }
    }

    @Test(
        "Rows a screen ahead: once a flick's motion is on the render side, the table gives cells early to the rows up to a screen further in its direction (placed, not displayed: not among visibleCells, no willDisplay, nil from cellForRow(at:)), tells the render side it laid them out, and frames the model is left out of count no checkerboard until the motion goes past them; the rows coming into view take those cells without asking the data source again, and willDisplay comes then",
        .tags(.gpu), .requiresGPU
    )
    func rowsAScreenAheadAreLaidOut() async throws {
        final class Rows: NSObject, UITableViewDataSource, UITableViewDelegate {
            var asked: [Int] = [], displayed: [Int] = []
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1000 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                asked.append(indexPath.row)
                let cell = tableView.dequeueReusableCell(withIdentifier: "row") ?? UITableViewCell(style: .default, reuseIdentifier: "row")
                cell.textLabel?.text = "\(indexPath.row)"
                return cell
            }
            func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) { displayed.append(indexPath.row) }
        }
        let f = try ScreenFixture(gpu: true)
        let rows = Rows()
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), style: .plain)  // 44-point rows
        table.dataSource = rows
        table.delegate = rows
        f.window.addSubview(table)
        _ = try await f.render()
        #expect(rows.asked == [0, 1, 2] && rows.displayed == [0, 1, 2], "at rest only the rows in view: \(rows.asked)")
        try f.window.flickUp(at: f.screen.mediaTime)
        _ = try await f.screen.renderFrame(readBack: false)
        CATransaction.flush()  // the model's step after the frame, laid out and committed
        let y = table.contentOffset.y
        // In view: rows y/44 ... (y + 100)/44; ahead: those down to y + 200.
        let lastInView = Int(((y + 100) / 44).rounded(.up)) - 1
        let inView = Array(Int(y / 44)...lastInView), ahead = Array((lastInView + 1)...(Int(((y + 200) / 44).rounded(.up)) - 1))
        #expect(table.indexPathsForVisibleRows?.map(\.row) == inView)
        #expect(table.visibleCells.count == inView.count && rows.displayed == Array(0...inView.last!), "\(rows.displayed)")
        #expect(Set(rows.asked) == Set(0...ahead.last!), "the rows a screen below the view were asked for: \(rows.asked), in view \(inView)")
        for row in ahead { #expect(table.cellForRow(at: IndexPath(row: row, section: 0)) == nil) }
        let placed = table.subviews.compactMap { $0 as? UITableViewCell }.filter { !$0.isHidden && !table.visibleCells.contains($0) }
        #expect(placed.map(\.frame.minY).sorted() == ahead.map { CGFloat($0) * 44 }, "placed at their rows, undisplayed: \(placed.map(\.frame))")
        #expect(table.layer.preparedContentRect == CGRect(x: 0, y: y, width: 100, height: CGFloat(ahead.last! + 1) * 44 - y), "\(table.layer.preparedContentRect)")
        // The model left out: no checkerboard while the render side is within the rows laid out.
        let reach = Double(ahead.last! + 1) * 44
        let sink = f.screen.context.commitSink, size = f.screen.context.pixelSize
        var beyond = false
        for _ in 0..<30 {
            let statistics = try await sink.renderFrame(size: size, clearColor: .white, readBack: false).statistics
            guard case .rect(let bounds)? = statistics.shownValues.first(where: { $0.layer == table.layer._id })?.property.value else { break }
            let past = max(0, bounds.maxY - reach)
            #expect(abs(statistics.checkerboardArea - 100 * min(100, past)) < 1e-6, "\(statistics.checkerboardArea) at \(bounds.minY), laid out to \(reach)")
            if past > 0 { beyond = true }
        }
        #expect(beyond, "30 frames went past the screen ahead")
        // The model hears again: the rows now in view take the prepared cells; willDisplay comes now.
        rows.asked = []
        let prepared = Dictionary(uniqueKeysWithValues: ahead.map { row in (row, placed.first { $0.frame.minY == CGFloat(row) * 44 }!) })
        _ = try await f.screen.renderFrame(readBack: false)
        CATransaction.flush()
        var kept = 0
        for cell in table.visibleCells {
            let row = table.indexPath(for: cell)!.row
            if let early = prepared[row] {
                #expect(early === cell && !rows.asked.contains(row), "row \(row) kept its early cell")
                kept += 1
            }
        }
        #expect(kept >= 2, "rows \(ahead) were prepared; in view now: \(table.indexPathsForVisibleRows!.map(\.row))")
        #expect(Set(table.indexPathsForVisibleRows!.map(\.row)).isSubset(of: Set(rows.displayed)))
        await f.finish()
    }

    /// What a zooming scroll view tells its delegate that the zoom tests need; it can move the
    /// zooming view in `scrollViewDidZoom` (as apps centre it).
    private final class Zooming: NSObject, UIScrollViewDelegate {
        var view: UIView?
        var ends: [CGFloat] = []
        var centres = false
        func viewForZooming(in scrollView: UIScrollView) -> UIView? { view }
        func scrollViewDidZoom(_ scrollView: UIScrollView) {
            if centres, let view { view.center.x += 1 }
        }
        func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) { ends.append(scale) }
    }

    /// A 300×300 scroll view zooming a blue 300×300 view 1...4 in `f`, pinched to 5× (250 points
    /// apart, shown with resistance at 4.4835) and lifted: its zoom then bounces back to 4.
    private func pinchedPastTheMaximum(_ f: ScreenFixture, _ delegate: Zooming) async throws -> (UIScrollView, UIView) {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let content = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        content.backgroundColor = .blue
        scroll.addSubview(content)
        scroll.contentSize = content.bounds.size
        delegate.view = content
        scroll.delegate = delegate
        (scroll.minimumZoomScale, scroll.maximumZoomScale) = (1, 4)
        f.window.addSubview(scroll)
        _ = try await f.screen.renderFrame(readBack: false)
        func two(_ phase: TouchInput.Phase, _ a: Double, _ b: Double, at t: Double) -> [TouchInput] {
            [TouchInput(id: 1, phase: phase, location: CGPoint(x: a, y: 150), timestamp: t), TouchInput(id: 2, phase: phase, location: CGPoint(x: b, y: 150), timestamp: t)]
        }
        let t = f.screen.mediaTime
        try f.window.send(two(.down, 125, 175, at: t))
        try f.window.send(two(.move, 120, 180, at: t + 0.02))
        try f.window.send(two(.move, 25, 275, at: t + 0.04))
        try f.window.send(two(.up, 25, 275, at: t + 0.06))
        return (scroll, content)
    }

    @Test(
        "A zoom bounce's view that the program moves (centred in scrollViewDidZoom, as apps do) is the model's again: the render side's animations of the bounce come off in the next commit, from the zooming view's layer and the scroll layer"
    )
    func aZoomingViewMovedByTheProgramIsLetGo() async throws {
        let f = try ScreenFixture(size: CGSize(width: 300, height: 300))
        let delegate = Zooming()
        let (scroll, content) = try await pinchedPastTheMaximum(f, delegate)
        _ = try await f.screen.renderFrame(readBack: false)
        let group = try #require(sent(f, content.layer).added.first?.group, "the bounce's animations went to the zooming view")
        #expect(sent(f, content.layer).added.count == 2 && sent(f, scroll.layer).added.first?.group == group)
        #expect(sent(f, content.layer).removed.isEmpty)
        delegate.centres = true
        _ = try await f.screen.renderFrame(readBack: false)  // the step after it: the delegate moves the view
        _ = try await f.screen.renderFrame(readBack: false)
        #expect(sent(f, content.layer).removed == [group] && sent(f, scroll.layer).removed == [group])
        #expect(scroll.isZoomBouncing, "the model's bounce goes on")
        await f.finish()
    }

    @Test(
        "A zoom bouncing back after a pinch past the maximum rides the render side too: frames drawn without the model show the zooming view's scale, its centre (150 × the scale) and the offset all on the bounce's spring from the overshoot (4.4835) to the limit (4) and to offset (450, 450); the model then ends the zoom at 4 as without the busy stretch",
        .tags(.gpu), .requiresGPU
    )
    func aZoomBounceRidesTheRenderSide() async throws {
        let f = try ScreenFixture(size: CGSize(width: 300, height: 300), gpu: true)
        let delegate = Zooming()
        let (scroll, content) = try await pinchedPastTheMaximum(f, delegate)
        let overshoot = Double(scroll.zoomScale), from = Double(scroll.contentOffset.x)
        #expect(abs(overshoot - (4 + 4 * (1 - 1 / (0.55 / 4 + 1)))) < 1e-9)
        #expect(scroll.isZoomBouncing)
        CATransaction.flush()  // the commit carrying the bounce goes; then the model does nothing
        let sink = f.screen.context.commitSink, size = f.screen.context.pixelSize
        let w = 2 * Double.pi / 0.4
        for frame in 0..<20 {
            let statistics = try await sink.renderFrame(size: size, clearColor: .white, readBack: false).statistics
            // The first of these frames shows the commit: the bounce's time starts there.
            let time = Double(frame) / 60
            let share = 1 - (1 + w * time) * exp(-w * time)
            let scale = overshoot + (4 - overshoot) * share, offset = from + (450 - from) * share
            var seen = 0
            for shown in statistics.shownValues {
                switch (shown.layer, shown.property.value) {
                case (content.layer._id, .transform(let m)):
                    #expect(abs(m.m11 - scale) < 1e-9 && abs(m.m22 - scale) < 1e-9, "frame \(frame): scale \(m.m11), spring says \(scale)")
                    seen += 1
                case (content.layer._id, .point(let p)):
                    #expect(abs(p.x - 150 * scale) < 1e-9 && abs(p.y - 150 * scale) < 1e-9, "frame \(frame): centre \(p)")
                    seen += 1
                case (scroll.layer._id, .rect(let bounds)):
                    #expect(abs(bounds.minX - offset) < 1e-9 && abs(bounds.minY - offset) < 1e-9, "frame \(frame): offset \(bounds.origin)")
                    seen += 1
                default:
                    break
                }
            }
            #expect(seen == 3, "frame \(frame): \(statistics.shownValues)")
        }
        #expect(Double(scroll.zoomScale) == overshoot, "the model heard of none of them")
        for _ in 0..<120 where scroll.isZoomBouncing { _ = try await f.screen.renderFrame(readBack: false) }
        #expect(!scroll.isZoomBouncing && scroll.zoomScale == 4 && delegate.ends == [4])
        #expect(abs(scroll.contentOffset.x - 450) < 1e-9 && content.layer.animationKeys() == nil)
        await f.finish()
    }
}
