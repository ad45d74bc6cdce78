import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCore
import StrataTesting
import Testing

/// A screen of `size` points with one visible window filling it, white unless told otherwise.
@MainActor
struct ScreenFixture {
    let screen: UIScreen
    let window: UIWindow
    /// Every commit the screen sent, in order.
    let commits = CommitLog()

    /// A window filling a screen of `size` points. With `gpu` the screen draws through a
    /// compositor of its own (EGL: pixels, GPU limits, statistics); without, its commits go to a
    /// `RecordingCommitSink` (no EGL: frames advance the clock and draw nothing).
    init(size: CGSize = CGSize(width: 100, height: 100), scale: CGFloat = 1, background: UIColor? = .white, gpu: Bool = false) throws {
        screen = gpu ? try UIScreen(size: size, scale: scale) : UIScreen(size: size, scale: scale, commitSink: RecordingCommitSink())
        window = UIWindow(frame: CGRect(origin: .zero, size: size))
        window.backgroundColor = background
        window.screen = screen
        window.makeKeyAndVisible()
        let log = commits
        screen._commitObserver = { log.commits.append($0) }
    }

    /// Commits this turn's changes and renders a frame.
    func render() async throws -> RGBAImage {
        try #require(try await screen.renderFrame().image)
    }

    /// Renders frames `start`, `start + 1`, … through frame `index` (advancing `start` past it)
    /// and returns the last one read back: on the virtual 60 Hz clock frame n is at n/60 s.
    func renderUntil(frame index: Int, from start: inout Int) async throws -> RGBAImage {
        try await screen.context.renderUntil(frame: index, from: &start)
    }

    /// Renders `n` more frames and returns the last one, read back (the others are not).
    func renderFrames(_ n: Int) async throws -> RGBAImage {
        var image: RGBAImage?
        for i in 0..<n { image = try await screen.renderFrame(readBack: i == n - 1).image }
        return try #require(image)
    }

    /// Shuts the compositor down (if the screen has one) and expects no GL object to outlive it.
    func finish() async { await screen.context.finishCompositor() }
}

extension UIScreen {
    /// Presents frames up to and including frame `n` of the virtual 60 Hz clock (frame n at
    /// n/60 s; the media time is the next frame's, so frames 0 ..< media time × 60 were presented).
    func present(through n: Int) async throws { try await context.present(through: n) }
}

/// The commits a screen sent, for counting and inspecting.
@MainActor
final class CommitLog {
    var commits: [Commit] = []

    /// Every contents update sent for `layer`, in order.
    func contentsUpdates(for layer: CALayer) -> [ContentsUpdate] {
        commits.flatMap(\.operations).compactMap {
            if case .setContents(let id, let update?) = $0, id == layer._id { return update }
            return nil
        }
    }
}

/// A view that fills what it is asked to draw with `color`, counting its draws and the rects.
final class SolidDrawingView: UIView {
    var color = UIColor.red
    var drawnRects: [CGRect] = []

    override func draw(_ rect: CGRect) {
        drawnRects.append(rect)
        let ctx = UIGraphicsGetCurrentContext()!
        ctx.setFillColor(color.cgColor)
        ctx.fill(rect)
    }
}

/// A view that paints a blue disc touching the middle of each side of a 40-point square centred
/// in its bounds, and nothing else; counts its draws.
final class DiscView: UIView {
    var drawCount = 0

    override func draw(_ rect: CGRect) {
        drawCount += 1
        let ctx = UIGraphicsGetCurrentContext()!
        ctx.setFillColor(UIColor.blue.cgColor)
        ctx.fillEllipse(in: bounds.insetBy(dx: 10, dy: 10))
    }
}

/// A view that records its notifications and layout passes in a shared log.
final class RecordingView: UIView {
    var log: (String) -> Void = { _ in }
    var name = ""
    var layoutCount = 0

    override func layoutSubviews() { layoutCount += 1; log("\(name).layoutSubviews") }
    override func willMove(toSuperview newSuperview: UIView?) { log("\(name).willMove(toSuperview: \(newSuperview == nil ? "nil" : "view"))") }
    override func didMoveToSuperview() { log("\(name).didMoveToSuperview") }
    override func willMove(toWindow newWindow: UIWindow?) { log("\(name).willMove(toWindow: \(newWindow == nil ? "nil" : "window"))") }
    override func didMoveToWindow() { log("\(name).didMoveToWindow") }
    override func didAddSubview(_ subview: UIView) { log("\(name).didAddSubview") }
    override func willRemoveSubview(_ subview: UIView) { log("\(name).willRemoveSubview") }
}

/// A red 10×10 view at x 0...10 on a white window of a screen with a compositor, shown in frame 0.
@MainActor
func redSquareScene() async throws -> (ScreenFixture, UIView) {
    let f = try ScreenFixture(gpu: true)
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    view.backgroundColor = .red
    f.window.addSubview(view)
    _ = try await f.render()
    return (f, view)
}

/// The x of the view's position as its presentation layer shows it.
@MainActor
func shownX(_ view: UIView) throws -> Double { try #require(view.layer.presentation()).position.x }
