import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// A screen and its compositor: one compositor backs one screen, a refused commit makes the
/// screen send its whole tree again, and a shut-down or released compositor ends cleanly.
@MainActor
@Suite struct UIScreenTests {
    @Test(.tags(.gpu), .requiresGPU) func aRefusedCommitMakesTheScreenResendItsWholeTree() async throws {
        let f = try ScreenFixture(gpu: true)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        view.backgroundColor = .red
        f.window.addSubview(view)
        _ = try await f.render()
        // Something the render tree refuses (here sent around the model, straight to the compositor).
        try f.screen.compositor.submit(Commit([.destroyLayer(LayerID.make())]))
        view.backgroundColor = .blue  // dropped by the render thread behind the refused commit
        await #expect(throws: StrataError.self) { _ = try await f.screen.renderFrame() }
        let image = try await f.render()
        expectPixel(image, 25, 25, .blue, "the change dropped behind the refused commit arrives with the resent tree")
        expectPixel(image, 75, 75, .white, "the window is back")
        #expect(f.commits.commits.last?.operations.first == .removeAllLayers)
        await f.finish()
    }
    @Test func aCompositorBacksOneScreenOnly() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let compositor = try! Compositor()
                let first = UIScreen(size: CGSize(width: 10, height: 10), compositor: compositor)
                _ = UIScreen(size: CGSize(width: 10, height: 10), compositor: compositor)
                _ = first
            }
        }
    }
    @Test(.tags(.gpu), .requiresGPU) func aShutDownCompositorDoesNotMakeTheScreenResendForever() async throws {
        let f = try ScreenFixture(gpu: true)
        _ = try await f.render()
        _ = await f.screen.compositor.shutdown()
        f.window.backgroundColor = .red
        await nextTurn()
        let sent = f.commits.commits.count
        await nextTurn()
        await nextTurn()
        #expect(f.commits.commits.count == sent, "no commit is sent without a change")
        await #expect(throws: StrataError.self) { _ = try await f.screen.renderFrame() }
    }
    @Test(.tags(.gpu), .requiresGPU) func aReleasedScreenFreesItsCompositor() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                let compositor = try! Compositor()
                do {
                    let screen = UIScreen(size: CGSize(width: 10, height: 10), compositor: compositor)
                    let window = UIWindow(frame: screen.bounds)
                    window.screen = screen
                    window.makeKeyAndVisible()
                }
                _ = UIScreen(size: CGSize(width: 10, height: 10), compositor: compositor)
            }
        }
    }

    @MainActor final class Ticks {
        var frames: [Int] = []
        func step(_ link: CADisplayLink) { frames.append(Int((link.timestamp * 60).rounded())) }
    }

    @Test("A screen's maximumFramesPerSecond is 60, and its displayLink(withTarget:action:) calls the target at every frame it renders: frames 1, 2, 3")
    func displayLinksFollowTheScreensFrames() async throws {
        let screen = UIScreen(size: CGSize(width: 10, height: 10), commitSink: RecordingCommitSink())
        #expect(screen.maximumFramesPerSecond == 60)
        let ticks = Ticks()
        let link = screen.displayLink(withTarget: ticks, action: Ticks.step)
        _ = try await screen.renderFrame(readBack: false)  // frame 0, before the link is added
        link.add(to: .main, forMode: .common)
        for _ in 0..<3 { _ = try await screen.renderFrame(readBack: false) }
        link.invalidate()
        #expect(ticks.frames == [1, 2, 3])
    }
}
