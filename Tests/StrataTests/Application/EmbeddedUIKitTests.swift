import Foundation
import Strata
import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// What the host loop's thread keeps: Strata embedded in its context.
private final class Embedded: @unchecked Sendable {
    let renderer: HostRenderer
    var leaked: Int?
    init() throws { renderer = try HostRenderer() }
}

@MainActor
@Suite("UIKit embedded in a host's GL render loop", .tags(.gpu), .requiresGPU)
struct EmbeddedUIKitTests {
    @Test(
        "Scene: a 48×48-point window (clear) with a red 24×24 view at its top-left and a green one animating alpha 0 → 1 over 0.25 s, a screen of scale 2, drawn by the host's loop in viewport (16, 16, 96, 96) of its 128×128 framebuffer"
    )
    func viewsAndAnimationsInAHostLoop() async throws {
        let loop = try HostLoop(
            width: 128, height: 128, setUp: { try Embedded() },
            frame: { embedded, fbo in
                _ = try? embedded.renderer.render(into: HostFramebuffer(framebuffer: fbo.name, viewport: PixelRect(x: 16, y: 16, width: 96, height: 96)))
            }, tearDown: { embedded in embedded.leaked = embedded.renderer.release().total })
        let screen = UIScreen(size: CGSize(width: 48, height: 48), scale: 2, compositor: try #require(loopCompositor(loop)))
        let window = UIWindow(frame: screen.bounds)
        window.backgroundColor = nil
        window.screen = screen
        window.makeKeyAndVisible()
        let red = UIView(frame: CGRect(x: 0, y: 0, width: 24, height: 24))
        red.backgroundColor = .red
        let green = UIView(frame: CGRect(x: 24, y: 24, width: 24, height: 24))
        green.backgroundColor = .green
        green.alpha = 0
        window.addSubview(red)
        window.addSubview(green)
        let first = try #require(try await screen.renderFrame().image)
        #expect(first.size == PixelSize(width: 96, height: 96), "the host's viewport, read back")
        expectPixel(first, 20, 20, .red, "red view at the top-left (viewport pixels, scale 2)")
        expectPixel(first, 70, 70, .blue, "green view invisible at alpha 0: the host's blue shows")

        var completed = false
        UIView.animate(withDuration: 0.25, animations: { green.alpha = 1 }, completion: { finished in completed = finished })
        // The host keeps drawing on its own; the completion comes from its frames alone.
        let deadline = Date().addingTimeInterval(20)
        while !completed && Date() < deadline { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(completed, "the animation's completion ran, driven by the host's frames")
        let last = try #require(try await screen.renderFrame().image)
        expectPixel(last, 70, 70, .green, "green view at alpha 1 after the animation")
        loop.stop()
        #expect(loopLeaked(loop) == 0, "GL objects left in the host's context")
    }
}

// The loop's state lives on its thread; these read what the tests need through the loop.
private func loopCompositor(_ loop: HostLoop<Embedded>) -> HostCompositor? { loop.state?.renderer.compositor }
private func loopLeaked(_ loop: HostLoop<Embedded>) -> Int? { loop.state?.leaked }
