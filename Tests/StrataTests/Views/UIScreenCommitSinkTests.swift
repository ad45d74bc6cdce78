import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCore
import StrataTesting
import Testing

/// A screen over a commit sink with no GPU: `RecordingCommitSink` keeps what the screen sends,
/// checks values as a compositor does, and answers frames on its clock, so none of these tests
/// opens EGL.
@MainActor
@Suite struct UIScreenCommitSinkTests {
    /// A white 100×100 window on a screen whose commits go to `sink`.
    func scene(_ sink: RecordingCommitSink = RecordingCommitSink()) -> (UIScreen, UIWindow) {
        let screen = UIScreen(size: CGSize(width: 100, height: 100), commitSink: sink)
        let window = UIWindow(frame: screen.bounds)
        window.backgroundColor = .white
        window.screen = screen
        window.makeKeyAndVisible()
        return (screen, window)
    }

    /// The last value set for `key` on the layer `id` across `commits`, if any.
    func lastValue(_ key: LayerKey, of id: LayerID, in commits: [Commit]) -> LayerValue? {
        commits.flatMap(\.operations).reduce(nil) { last, operation in
            if case .set(id, let property) = operation, property.key == key { return property.value }
            return last
        }
    }

    @Test("A turn's changes reach the sink as one commit: the view's layer made, put under the window's, at position (30, 40)")
    func aTurnsChangesAreOneCommit() async throws {
        let sink = RecordingCommitSink()
        let (screen, window) = scene(sink)
        await nextTurn()
        #expect(!sink.takeCommits().isEmpty, "the window went first")
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 40, height: 40))
        view.backgroundColor = .red
        window.addSubview(view)
        view.alpha = 0.5
        await nextTurn()
        let commits = sink.takeCommits()
        #expect(commits.count == 1, "one turn, one commit: \(commits.count)")
        let operations = commits.flatMap(\.operations)
        #expect(operations.contains(.createLayer(view.layer._id)))
        #expect(operations.contains { if case .insertSublayer(view.layer._id, window.layer._id, _) = $0 { true } else { false } })
        #expect(lastValue(.position, of: view.layer._id, in: commits) == .point(Point(x: 30, y: 40)))
        #expect(lastValue(.opacity, of: view.layer._id, in: commits) == .float(0.5))
        await nextTurn()
        #expect(sink.takeCommits().isEmpty, "nothing changed: nothing sent")
        withExtendedLifetime(screen) {}
    }

    @Test("Frames count on the sink's clock: the third frame is at 2/60 s, draws nothing and has no pixels")
    func framesCountOnTheClock() async throws {
        let (screen, _) = scene()
        var frame = try await screen.renderFrame()
        #expect(frame.statistics.index == 0 && frame.statistics.time == 0)
        _ = try await screen.renderFrame()
        frame = try await screen.renderFrame()
        #expect(frame.statistics.index == 2)
        #expect(abs(frame.statistics.time - 2.0 / 60) < 1e-12)
        #expect(frame.image == nil && !frame.statistics.redrawn && frame.statistics.drawCalls == 0)
        #expect(abs(screen.mediaTime - 3.0 / 60) < 1e-12, "the next frame's time")
    }

    @Test("A 1 s linear move of the center from x 10 to 70 over the sink: presentation at x 40 half way, the completion after the frame at 1 s, with no GPU")
    func animationsRunOnTheSinksClock() async throws {
        let (screen, window) = scene()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        window.addSubview(view)
        _ = try await screen.renderFrame()  // frame 0 at 0 s
        var finished: Bool?
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
            view.center.x = 70
        } completion: {
            finished = $0
        }
        #expect(view.center.x == 70, "the model takes the end value at once")
        // It begins with the next frame, frame 1 at 1/60 s, and ends at 61/60 s.
        for _ in 1...31 { _ = try await screen.renderFrame() }
        let shown = try #require(view.layer.presentation()).position.x
        #expect(abs(shown - 40) < 0.01, "half way from 10 to 70 at frame 31, 0.5 s in: \(shown)")
        for _ in 32...60 { _ = try await screen.renderFrame() }
        #expect(finished == nil, "frame 60 is before the end")
        _ = try await screen.renderFrame()  // frame 61 shows the end
        #expect(finished == true, "completed after the frame that shows the end")
        #expect(try #require(view.layer.presentation()).position.x == 70)
    }

    @Test("Frames the sink presents unasked (as a host's thread does) finish animations on the main actor")
    func unaskedFramesFinishAnimations() async throws {
        let sink = RecordingCommitSink()
        let (screen, window) = scene(sink)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        window.addSubview(view)
        var finished: Bool?
        UIView.animate(withDuration: 0.1, animations: { view.alpha = 0 }, completion: { finished = $0 })
        await nextTurn()
        for _ in 0..<12 { sink.presentFrame() }  // 0.2 s of frames
        for _ in 0..<20 where finished == nil { await nextTurn() }
        #expect(finished == true)
        withExtendedLifetime(screen) {}
    }

    @Test(
        "A host giving its own frame times (1,000 s on): a 1 s linear move from x 10 to 70 begins at the first frame that shows it (1,000.5 s), is half way at 1,001 s and completes after the frame at 1,001.5 s, though the model guessed its 60 Hz clock"
    )
    func theRenderSidesClockDecides() async throws {
        let sink = RecordingCommitSink()
        let (screen, window) = scene(sink)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        window.addSubview(view)
        func present(at time: Double) async {
            sink.presentFrame(at: time)
            for _ in 0..<5 { await nextTurn() }  // the screen hears of it on the main actor
        }
        await nextTurn()
        await present(at: 1000)
        var finished: Bool?
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
            view.center.x = 70
        } completion: {
            finished = $0
        }
        await nextTurn()  // the commit goes
        await present(at: 1000.5)
        #expect(abs(try #require(view.layer.presentation()).position.x - 10) < 1e-9, "its first frame shows the start")
        await present(at: 1001)
        #expect(abs(try #require(view.layer.presentation()).position.x - 40) < 1e-9, "half way")
        #expect(finished == nil)
        await present(at: 1001.5)
        #expect(finished == true, "completed after the frame past its end")
        // A frame change animates position and bounds (two animations of one group, one layer):
        // each is moved to the render side's time once.
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
            view.frame = CGRect(x: 60, y: 0, width: 40, height: 20)
        }
        await nextTurn()
        await present(at: 1002)
        await present(at: 1002.5)
        let shown = try #require(view.layer.presentation())
        #expect(abs(shown.position.x - 75) < 1e-9, "the centre half way from 70 to 80: \(shown.position.x)")
        #expect(abs(shown.bounds.width - 30) < 1e-9, "half way from 20 to 40: \(shown.bounds.width)")
        withExtendedLifetime(screen) {}
    }

    @Test("A backing store wider than the sink's 64-pixel texture limit is refused by the model with the size and the limit; the rest arrives")
    func contentsBeyondTheSinksLimitAreRefused() async throws {
        let sink = RecordingCommitSink(maxTextureSize: 64)
        let (screen, window) = scene(sink)
        let drawn = SolidDrawingView(frame: CGRect(x: 0, y: 0, width: 80, height: 10))
        let small = SolidDrawingView(frame: CGRect(x: 0, y: 20, width: 30, height: 10))
        window.addSubview(drawn)
        window.addSubview(small)
        await #expect {
            _ = try await screen.renderFrame()
        } throws: { error in
            guard case StrataError.backingStoreTooLarge(let layer, let size, let limit) = error else { return false }
            return layer == "the layer of a SolidDrawingView" && size == CGSize(width: 80, height: 10) && limit == 64
        }
        let updates = sink.commits.flatMap(\.operations).compactMap { operation -> LayerID? in
            if case .setContents(let id, _?) = operation { return id }
            return nil
        }
        #expect(updates == [small.layer._id], "only the view within the limit sent pixels: \(updates)")
    }

    @Test("The sink refuses a NaN opacity when it is submitted (nothing kept) and a 0-wide frame, as a compositor does")
    func theSinkChecksValuesAndSizes() async throws {
        let sink = RecordingCommitSink(maxTargetSize: 256)
        let id = LayerID.make()
        #expect(throws: CommitError.self) {
            try sink.submit(Commit([.createLayer(id), .set(id, .opacity(.nan))]))
        }
        #expect(sink.commits.isEmpty)
        try sink.submit(Commit([.createLayer(id), .set(id, .opacity(0.25))]))
        #expect(sink.commits.count == 1)
        await #expect(throws: CompositorError.targetSizeOutOfRange(PixelSize(width: 0, height: 10), limit: 256)) {
            _ = try await sink.renderFrame(size: PixelSize(width: 0, height: 10), clearColor: .clear, readBack: true)
        }
        await #expect(throws: CompositorError.targetSizeOutOfRange(PixelSize(width: 257, height: 10), limit: 256)) {
            _ = try await sink.renderFrame(size: PixelSize(width: 257, height: 10), clearColor: .clear, readBack: true)
        }
    }
}
