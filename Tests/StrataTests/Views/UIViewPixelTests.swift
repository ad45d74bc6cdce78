import Foundation
import Strata
import StrataTesting
import Testing

/// Views on a 100×100 white window, rendered on the GPU and read back.
@MainActor
@Suite(.tags(.gpu), .requiresGPU) struct UIViewPixelTests {
    @Test func backgroundColorFillsTheFrame() async throws {
        let f = try ScreenFixture(gpu: true)
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        view.backgroundColor = .red
        f.window.addSubview(view)
        let image = try await f.render()
        expectPixel(image, 25, 40, .red, "inside the red view (10, 20, 30, 40)")
        expectPixel(image, 5, 40, .white, "left of the view")
        expectPixel(image, 25, 65, .white, "below the view")
        await f.finish()
    }

    @Test(
        "Scene: white 100×100 window, a red 40×40 view at (10, 10) under a blue one at (30, 30): bringing the blue (top) view to the front, adding it again or inserting its layer above the red one sends nothing and draws nothing; bringing the red one to the front shows red at (45, 45)"
    )
    func reAddingTheTopViewWhereItIsChangesNothing() async throws {
        let f = try ScreenFixture(gpu: true)
        let red = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 40)), blue = UIView(frame: CGRect(x: 30, y: 30, width: 40, height: 40))
        red.backgroundColor = .red
        blue.backgroundColor = .blue
        f.window.addSubview(red)
        f.window.addSubview(blue)
        expectPixel(try await f.render(), 45, 45, .blue, "(45, 45): the overlap shows the blue view on top")
        let sent = f.commits.commits.count
        f.window.bringSubviewToFront(blue)
        f.window.addSubview(blue)
        f.window.layer.insertSublayer(blue.layer, above: red.layer)
        let frame = try await f.screen.renderFrame()
        #expect(!frame.statistics.redrawn, "nothing changed, nothing drawn")
        let operations = f.commits.commits.dropFirst(sent).flatMap(\.operations)
        #expect(operations.isEmpty, "no operation sent: \(operations)")
        f.window.bringSubviewToFront(red)
        expectPixel(try await f.render(), 45, 45, .red, "(45, 45): the red view brought to the front")
        await f.finish()
    }

    @Test func boundsOriginShiftsWhereSubviewsAppear() async throws {
        let f = try ScreenFixture(gpu: true)
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView(frame: CGRect(x: 30, y: 30, width: 10, height: 10))
        child.backgroundColor = .red
        parent.addSubview(child)
        f.window.addSubview(parent)
        parent.bounds.origin = CGPoint(x: 20, y: -10)
        let image = try await f.render()
        expectPixel(image, 15, 45, .red, "child at (30, 30) shows at (10, 40) with bounds origin (20, -10)")
        expectPixel(image, 35, 35, .white, "where the child would be without the shift")
        await f.finish()
    }

    @Test func clipsToBoundsCutsSubviews() async throws {
        let f = try ScreenFixture(gpu: true)
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        let child = UIView(frame: CGRect(x: 10, y: 10, width: 70, height: 20))
        child.backgroundColor = .red
        parent.addSubview(child)
        f.window.addSubview(parent)
        var image = try await f.render()
        expectPixel(image, 70, 20, .red, "without clipping the child reaches past the parent")
        parent.clipsToBounds = true
        image = try await f.render()
        expectPixel(image, 70, 20, .white, "clipped at the parent's right edge (50)")
        expectPixel(image, 40, 20, .red, "inside the parent")
        await f.finish()
    }

    @Test func zOrderCallsChangeWhatShowsOnTop() async throws {
        let f = try ScreenFixture(gpu: true)
        let red = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
        let blue = UIView(frame: CGRect(x: 30, y: 30, width: 40, height: 40))
        red.backgroundColor = .red
        blue.backgroundColor = .blue
        f.window.addSubview(red)
        f.window.addSubview(blue)
        var image = try await f.render()
        expectPixel(image, 40, 40, .blue, "overlap: blue added last is on top")
        f.window.bringSubviewToFront(red)
        image = try await f.render()
        expectPixel(image, 40, 40, .red, "after bringSubviewToFront(red)")
        f.window.sendSubviewToBack(red)
        image = try await f.render()
        expectPixel(image, 40, 40, .blue, "after sendSubviewToBack(red)")
        f.window.exchangeSubview(at: 0, withSubviewAt: 1)
        image = try await f.render()
        expectPixel(image, 40, 40, .red, "after exchanging the two")
        f.window.insertSubview(blue, aboveSubview: red)
        image = try await f.render()
        expectPixel(image, 40, 40, .blue, "after inserting blue above red")
        await f.finish()
    }

    @Test func windowsStackByLevel() async throws {
        let f = try ScreenFixture(gpu: true)
        let alert = UIWindow(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        alert.backgroundColor = .red
        alert.windowLevel = .alert
        alert.screen = f.screen
        alert.isHidden = false
        let later = UIWindow(frame: CGRect(x: 40, y: 40, width: 60, height: 60))
        later.backgroundColor = .blue
        later.screen = f.screen
        later.makeKeyAndVisible()
        var image = try await f.render()
        expectPixel(image, 50, 50, .red, "the alert-level window stays above a normal window shown later")
        expectPixel(image, 80, 80, .blue, "the later window above the first normal window")
        expectPixel(image, 5, 95, .white, "the first window where nothing covers it")
        #expect(later.isKeyWindow && !f.window.isKeyWindow)
        alert.isHidden = true
        image = try await f.render()
        expectPixel(image, 50, 50, .blue, "hiding the alert window uncovers the one below")
        #expect(f.screen.windows.count == 2)
        await f.finish()
    }

    @Test func hiddenWindowIsNotShown() async throws {
        let f = try ScreenFixture(gpu: true)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.backgroundColor = .red
        window.screen = f.screen
        let image = try await f.render()
        expectPixel(image, 50, 50, .white, "a window is hidden until shown")
        await f.finish()
    }

    @Test func transformTurnsAboutTheCenter() async throws {
        let f = try ScreenFixture(gpu: true)
        let view = UIView(frame: CGRect(x: 30, y: 30, width: 40, height: 40))
        view.backgroundColor = .red
        view.transform = CGAffineTransform(rotationAngle: .pi / 4)
        f.window.addSubview(view)
        let image = try await f.render()
        expectPixel(image, 50, 50, .red, "center")
        expectPixel(image, 32, 32, .white, "corner of the unrotated square, outside the diamond")
        expectPixel(image, 50, 24, .red, "top tip of the diamond (center − 28)")
        await f.finish()
    }

    @Test func alphaBlendsOverWhatIsBelow() async throws {
        let f = try ScreenFixture(gpu: true)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        view.backgroundColor = .red
        view.alpha = 0.5
        f.window.addSubview(view)
        let image = try await f.render()
        expectPixel(image, 25, 25, RGBA8(255, 128, 128), "half-transparent red over white")
        await f.finish()
    }

    @Test func screenScaleRendersPointsAsPixels() async throws {
        let f = try ScreenFixture(size: CGSize(width: 50, height: 40), scale: 2, gpu: true)
        let view = UIView(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        view.backgroundColor = .red
        f.window.addSubview(view)
        let image = try await f.render()
        #expect(image.size == PixelSize(width: 100, height: 80))
        expectPixel(image, 21, 21, .red, "view at (10, 10) points starts at pixel 20")
        expectPixel(image, 41, 30, .white, "view ends at pixel 40")
        await f.finish()
    }

    @Test func cornerRadiusAndBorderOnAViewLayer() async throws {
        let f = try ScreenFixture(gpu: true)
        let view = UIView(frame: CGRect(x: 10, y: 10, width: 80, height: 80))
        view.backgroundColor = .red
        view.layer.cornerRadius = 20
        view.layer.borderWidth = 4
        view.layer.borderColor = UIColor.blue.cgColor
        f.window.addSubview(view)
        let image = try await f.render()
        expectPixel(image, 12, 12, .white, "rounded-off corner")
        expectPixel(image, 50, 12, .blue, "top border")
        expectPixel(image, 50, 50, .red, "middle")
        await f.finish()
    }
}

/// Layers showing the same image share one texture, uploaded once.
@MainActor
@Suite(.tags(.gpu), .requiresGPU) struct SharedImageTests {
    @Test func aHundredViewsShowingOneImageShareItsTexture() async throws {
        let f = try ScreenFixture(size: CGSize(width: 100, height: 100), gpu: true)
        // Wider than the atlas takes: each texture is its own GL texture, so sharing is countable.
        let red = CGImage(image: RGBAImage(size: PixelSize(width: 300, height: 8), filledWith: .red))
        let blue = CGImage(image: RGBAImage(size: PixelSize(width: 300, height: 8), filledWith: .blue))
        var views: [UIView] = []
        for i in 0..<100 {
            let v = UIView(frame: CGRect(x: (i % 10) * 10, y: (i / 10) * 10, width: 10, height: 10))
            v.layer.contents = red
            f.window.addSubview(v)
            views.append(v)
        }
        var image = try await f.render()
        expectPixel(image, 5, 5, .red, "the first view (5, 5)")
        expectPixel(image, 95, 95, .red, "the last view (95, 95)")
        let live = await f.screen.compositor.liveGLObjects()
        #expect(live.textures == 2, "one texture for the hundred views, and the target: \(live)")
        views[0].layer.contents = blue
        image = try await f.render()
        expectPixel(image, 5, 5, .blue, "the first view shows the other image (5, 5)")
        expectPixel(image, 15, 5, .red, "its neighbour still shows the shared one (15, 5)")
        await f.finish()
    }

    /// Scene: two screens, each a white 100×100 window with its own compositor; a blue 20×20 view
    /// with a green 10×10 subview moves from the first window to the second, then out of both,
    /// then back into the first. Each frame of each screen shows exactly where the views are.
    @Test func aViewMovesBetweenScreensAndOutOfBoth() async throws {
        let a = try ScreenFixture(gpu: true), b = try ScreenFixture(gpu: true)
        let blue = UIView(frame: CGRect(x: 40, y: 40, width: 20, height: 20))
        blue.backgroundColor = .blue
        let green = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        green.backgroundColor = .green
        blue.addSubview(green)
        a.window.addSubview(blue)
        expectPixel(try await a.render(), 55, 55, .blue, "first screen: the blue view at (55, 55)")
        expectPixel(try await b.render(), 55, 55, .white, "second screen: nothing yet")

        b.window.addSubview(blue)
        expectPixel(try await a.render(), 55, 55, .white, "first screen: the view left")
        var second = try await b.render()
        expectPixel(second, 55, 55, .blue, "second screen: the view arrived")
        expectPixel(second, 45, 45, .green, "with its subview")

        blue.removeFromSuperview()
        green.backgroundColor = .red  // changed while on no screen
        expectPixel(try await b.render(), 55, 55, .white, "second screen: the view left")
        expectPixel(try await a.render(), 45, 45, .white, "first screen: still nothing")

        a.window.addSubview(blue)
        let first = try await a.render()
        expectPixel(first, 55, 55, .blue, "first screen: the view is back")
        expectPixel(first, 45, 45, .red, "with the subview's colour set while it was on no screen")
        second = try await b.render()
        expectPixel(second, 55, 55, .white, "second screen: still empty")
        await a.finish()
        await b.finish()
    }
}

/// The edge of a rounded, bordered `masksToBounds` view over a rotated child that reaches past it:
/// nothing of the child shows outside the border (strata demo's frame 30 showed the orange
/// square one pixel beyond its panel's border, where the edge fell on a pixel's outer half).
@MainActor
@Suite(.tags(.gpu), .requiresGPU) struct RoundedClipEdgeTests {
    /// Scale 1: the panel's right and bottom edges at 80.7 points (the pixel from 80 to 81 is
    /// 70 % inside); scale 2: at 80.35 points, pixel 160 of 161 likewise 70 % inside.
    @Test("A rotated red child under a rounded, blue-bordered clipping panel: the edge pixel is border over white, never red", arguments: [(1.0, 80.7), (2.0, 80.35)])
    func theChildDoesNotShowPastTheBorder(scale: CGFloat, edge: CGFloat) async throws {
        let f = try ScreenFixture(scale: scale, gpu: true)
        let half = edge - 50
        let panel = UIView(frame: CGRect(x: 50 - half, y: 50 - half, width: 2 * half, height: 2 * half))
        panel.layer.cornerRadius = 10
        panel.layer.borderWidth = 2
        panel.layer.borderColor = UIColor.blue.cgColor
        panel.clipsToBounds = true
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        child.backgroundColor = .red
        child.center = CGPoint(x: 2 * half - 5, y: 2 * half - 5)  // its centre near the panel's bottom-right corner
        child.transform = CGAffineTransform(rotationAngle: .pi / 4)
        panel.addSubview(child)
        f.window.addSubview(panel)
        let image = try await f.render()
        let p = Int(edge * scale)  // the edge pixel, 70 % inside the panel
        // 70 % blue border over 30 % white: (77, 77, 255); a leak of the child makes it (77, 0, 179).
        let borderOverWhite = RGBA8(77, 77, 255)
        expectPixel(image, p, Int(60 * scale), borderOverWhite, tolerance: 12, "right edge pixel (\(p), \(Int(60 * scale))): border over white")
        expectPixel(image, Int(60 * scale), p, borderOverWhite, tolerance: 12, "bottom edge pixel (\(Int(60 * scale)), \(p)): border over white")
        expectPixel(image, p + 1, Int(60 * scale), .white, "right of the edge pixel: white")
        expectPixel(image, Int(60 * scale), p + 1, .white, "below the edge pixel: white")
        expectPixel(image, p - 1, Int(60 * scale), .blue, "inside the edge: the border, opaque")
        expectPixel(image, Int(70 * scale), Int(70 * scale), .red, "(70, 70) points: the child, clipped inside the panel")
        await f.finish()
    }
}
