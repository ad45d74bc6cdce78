import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// Windows on a screen: the one made key last is on top of its level, one window is key at a
/// time, and hiding a window and showing it again uploads nothing anew.
@MainActor
@Suite struct UIWindowTests {
    @Test(.tags(.gpu), .requiresGPU) func theWindowShownLastIsOnTopOfItsLevel() async throws {
        let f = try ScreenFixture(gpu: true)
        let w1 = UIWindow(frame: CGRect(x: 0, y: 0, width: 50, height: 50)), w2 = UIWindow(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        w1.backgroundColor = .red
        w2.backgroundColor = .blue
        w1.screen = f.screen
        w2.screen = f.screen
        w2.makeKeyAndVisible()
        w1.makeKeyAndVisible()
        var image = try await f.render()
        expectPixel(image, 25, 25, .red, "w1 was shown last")
        w2.makeKeyAndVisible()
        image = try await f.render()
        expectPixel(image, 25, 25, .blue, "making w2 key brings it forward")
        await f.finish()
    }
    @Test func onlyOneWindowIsKeyEvenAfterHiding() throws {
        let f = try ScreenFixture()
        let other = UIWindow(frame: f.screen.bounds)
        other.screen = f.screen
        f.window.isHidden = true
        other.makeKeyAndVisible()
        #expect(other.isKeyWindow && !f.window.isKeyWindow)
    }
    @Test(.tags(.gpu), .requiresGPU) func showingAHiddenWindowAgainReuploadsNothing() async throws {
        let f = try ScreenFixture(gpu: true)
        let view = SolidDrawingView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        f.window.addSubview(view)
        _ = try await f.render()
        f.window.isHidden = true
        var image = try await f.render()
        expectPixel(image, 10, 10, .black, "hidden: the screen's clear colour")
        f.window.isHidden = false
        image = try await f.render()
        expectPixel(image, 10, 10, .red, "shown again")
        #expect(f.commits.contentsUpdates(for: view.layer).count == 1)
        #expect(view.drawnRects.count == 1)
        await f.finish()
    }
}
