import Foundation
import Strata
@testable import StrataBench
import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// The benchmark scenes that need saying, without a GPU: the scale scenes (named, left out of the
/// default run), sprites of which only some move, the million-layer scene's unseen groups, and
/// the frame pacing figure `strata bench` reports. (That covered leaves rest is the planner's:
/// `FramePlannerTests`.)
@MainActor
@Suite struct BenchScenesTests {
    /// A white window of `width` × `height` on a screen whose commits are only recorded.
    func window(width: Double = 320, height: Double = 180) -> UIWindow { shownWindow(width: width, height: height).window }

    /// A white window of `width` × `height` shown on a screen whose commits are only recorded, and
    /// the screen, for a test that keeps it (a window does not keep its screen).
    func shownWindow(width: Double, height: Double) -> (window: UIWindow, screen: UIScreen) {
        let screen = UIScreen(size: CGSize(width: width, height: height), commitSink: RecordingCommitSink())
        let window = UIWindow(frame: screen.bounds)
        window.backgroundColor = .white
        window.screen = screen
        window.makeKeyAndVisible()
        return (window, screen)
    }

    @Test("The scale scenes are named and run only when named: sprites-100000 (100,000 sprites, 1,000 moving) and layers-1000000")
    func scaleScenesRunWhenNamed() throws {
        #expect(BenchScene.scaleNames == ["sprites-100000", "layers-1000000"])
        for name in BenchScene.scaleNames {
            #expect(BenchScene.allNames.contains(name))
            #expect(!BenchScene.defaultNames.contains(name))
        }
        #expect(BenchScene.defaultNames.count == BenchScene.allNames.count - 2)
        let sprites = try #require(BenchScene.named("sprites-100000"))
        #expect(sprites.summary == "100000 rotated 64×64 textured layers (16 textures) at alpha 0.8, 1000 of them moving 3 points a frame")
        let million = try #require(BenchScene.named("layers-1000000") as? MillionLayersScene)
        #expect(million.unseenCount == 999_000)
    }

    @Test(
        "list-scroll flicks a 10,000-row table with a touch: the first step starts a deceleration (the finger moved 40 % of the height up in 50 ms), steps while it decelerates touch nothing, and once it rests the next step flicks it again"
    )
    func listScrollFlicksWhenAtRest() throws {
        let (window, screen) = shownWindow(width: 320, height: 480)
        defer { withExtendedLifetime(screen) {} }
        let scene = try #require(BenchScene.named("list-scroll") as? TableScrollScene)
        #expect(scene.name == "list-scroll" && BenchScene.defaultNames.contains("list-scroll"))
        scene.build(in: window)
        let table = try #require(window.subviews.first as? UITableView)
        #expect(table.numberOfRows(inSection: 0) == 10_000 && !table.isDecelerating)
        scene.step(0, window: window)
        #expect(table.isDecelerating && table.contentOffset.y > 100, "flicked: \(table.contentOffset)")
        let released = table.contentOffset
        scene.step(1, window: window)
        #expect(table.isDecelerating && table.contentOffset == released, "no new touch while it moves")
        table.stopScrollingAndZooming()
        scene.step(2, window: window)
        #expect(table.isDecelerating && table.contentOffset.y > released.y + 100, "flicked again from rest: \(table.contentOffset)")
    }

    @Test("Sprites of which 20 in 2,000 move: each frame those 20, spread through the tree, move 3 points, alternately right and left; the rest stay")
    func someSpritesMove() {
        let window = window()
        let scene = SpritesScene(count: 2000, name: "test", mode: .someMoving(20))
        scene.build(in: window)
        #expect(window.subviews.count == 2000)
        #expect(scene.layerCount == 2001)
        let before = window.subviews.map(\.center)
        scene.step(0, window: window)
        let moved = zip(before, window.subviews.map(\.center)).enumerated().filter { $1.0 != $1.1 }
        #expect(moved.count == 20)
        let steps = moved.map { $0.element.1.x - $0.element.0.x }
        #expect(steps.allSatisfy { abs($0 - 3) < 1e-9 }, "each moved 3 points right: \(steps)")
        #expect(moved.allSatisfy { $0.element.1.y == $0.element.0.y })
        #expect(moved.map(\.offset) == Array(stride(from: 0, to: 2000, by: 100)))
        scene.step(1, window: window)
        let away = zip(before, window.subviews.map(\.center)).map { abs($0.x - $1.x) + abs($0.y - $1.y) }.max() ?? 0
        #expect(away < 1e-9, "the next frame moves them back: \(away) points away at most")
    }

    @Test("The million-layer scene, with 3,000 unseen: 1,000 under an opaque full-screen view, 1,000 off the target's right edge, 1,000 hidden, and 1,000 sprites above them all")
    func millionLayersGroups() throws {
        let window = window()
        let scene = MillionLayersScene(unseen: 3000)
        scene.build(in: window)
        #expect(scene.layerCount == 1 + 3 + 3000 + 1000)
        #expect(window.subviews.count == 3 + 1000)
        let (covered, cover, aside) = (window.subviews[0], window.subviews[1], window.subviews[2])
        #expect(cover.frame == window.bounds && cover.backgroundColor == UIColor(white: 0.9, alpha: 1), "an opaque cover over the first group")
        let coveredLayers = try #require(covered.layer.sublayers)
        #expect(coveredLayers.count == 1000 && coveredLayers.allSatisfy { !$0.isHidden && window.bounds.contains($0.frame.origin) })
        let asideLayers = try #require(aside.layer.sublayers)
        #expect(asideLayers.count == 2000)
        #expect(asideLayers.filter { $0.frame.minX >= window.bounds.maxX + 100 && !$0.isHidden }.count == 1000, "off the target")
        #expect(asideLayers.filter(\.isHidden).count == 1000)
        #expect(window.subviews.dropFirst(3).allSatisfy { $0.layer.contents != nil && abs($0.alpha - 0.8) < 1e-6 }, "the sprites on top")
    }

    @Test(
        "Frame pacing: the jitter of 100 frame times of 1…100 ms is p99 − median = 100 − 51 = 49 ms; of equal frames 0; strata bench's legend explains its jitter column"
    )
    func jitterIsP99MinusMedian() {
        let frames = Summary((1...100).map(Double.init))
        #expect(frames.median == 51 && frames.p99 == 100)
        #expect(frames.jitter == 49)
        #expect(Summary(Array(repeating: 16.7, count: 30)).jitter == 0)
        #expect(BenchHarness.legend.contains("jitter       frame pacing: the frame time's p99 minus its median"))
    }
}
