import Foundation
@_spi(Testing) import Strata
import StrataCompositor
import StrataCore
import StrataDemos
import StrataTesting
import Testing

/// `color` mixed `fraction` of the way to `other`, as 8-bit sRGB.
@MainActor
private func rgba(_ color: UIColor, mixedWith other: UIColor? = nil, fraction: Double = 0) -> RGBA8 {
    var (r1, g1, b1, a1): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
    var (r2, g2, b2, a2): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
    _ = color.getRed(&r1, green: &g1, blue: &b1, alpha: &a1)
    _ = (other ?? color).getRed(&r2, green: &g2, blue: &b2, alpha: &a2)
    func mix(_ a: CGFloat, _ b: CGFloat) -> UInt8 { UInt8((((a + (b - a) * fraction)) * 255).rounded()) }
    return RGBA8(mix(r1, r2), mix(g1, g2), mix(b1, b2))
}

/// Event scripts: parsing both forms, refusing bad ones, and replaying the interactive demo
/// end to end on the virtual clock.
@MainActor
@Suite struct EventScriptTests {
    @Test func theTextAndJSONFormsReadTheSameSteps() throws {
        let text = """
            # a two-finger touch and a wheel step
            0.0   down  1  10  20
            0.0   down  2  30  20   # same time: the same event
            0.1   move  1  12  20
            0.2   up    1  12  20
            0.2   cancel 2 30  20
            0.3   wheel    50  60  0  -30
            1.0   end
            """
        let json = """
            [{"t": 0, "phase": "down", "id": 1, "x": 10, "y": 20}, {"t": 0, "phase": "down", "id": 2, "x": 30, "y": 20},
             {"t": 0.1, "phase": "move", "id": 1, "x": 12, "y": 20}, {"t": 0.2, "phase": "up", "id": 1, "x": 12, "y": 20},
             {"t": 0.2, "phase": "cancel", "id": 2, "x": 30, "y": 20},
             {"t": 0.3, "phase": "scroll", "scroll": "wheel", "x": 50, "y": 60, "dx": 0, "dy": -30}, {"t": 1, "phase": "end"}]
            """
        let a = try EventScript(text: text), b = try EventScript(json: Data(json.utf8))
        #expect(a == b)
        #expect(a.steps.count == 4 && a.duration == 1)
        guard case .touches(let first) = a.steps[0] else { Issue.record("first step \(a.steps[0])"); return }
        #expect(first.map(\.id) == [1, 2], "samples at the same time form one event")
    }

    @Test func badScriptsNameTheLineAndTheProblem() {
        #expect(throws: EventScriptError.syntax(line: 2, "\"tap\" is not down, move, up, cancel, wheel, scroll-began, scroll-changed, scroll-ended or end")) {
            try EventScript(text: "0 down 1 0 0\n0.1 tap 1 0 0")
        }
        #expect(throws: EventScriptError.syntax(line: 1, "y \"nan\" is not a finite number")) { try EventScript(text: "0 down 1 0 nan") }
        #expect(throws: EventScriptError.outOfOrder(line: 2, time: 0.5, previous: 1)) { try EventScript(text: "1 down 1 0 0\n0.5 up 1 0 0") }
        #expect(throws: EventScriptError.syntax(line: 1, "missing y")) { try EventScript(text: "0 down 1 0") }
    }

    @Test func aScriptStepTheWindowRefusesStopsTheReplayWithItsError() async throws {
        let f = try ScreenFixture()
        let script = try EventScript(text: "0 down 1 10 10\n0.1 move 2 10 10\n0.5 end")
        await #expect(throws: InputError.unknownTouch(id: 2, phase: .move)) { try await script.replay(on: f.window, readBack: false) }
        await f.finish()
    }

    @Test func theInteractiveDemoScrubsThenSpringsToTheEnd() async throws {
        let compositor = try Compositor(configuration: CompositorConfiguration(clock: .virtual(start: 0, step: 1.0 / 60)))
        let screen = UIScreen(size: CGSize(width: 320, height: 180), compositor: compositor)
        let demo = InteractiveCardDemo(screen: screen)
        let script = try EventScript(text: InteractiveCardDemo.defaultScript(for: screen))
        var images: [Int: RGBAImage] = [:]
        let frames = try await script.replay(on: demo.window) { index, frame in
            if [12, 120].contains(index) { images[index] = frame.image }
        }
        #expect(frames == 121, "2 s at 60 frames per second, frame 0 included")
        // Frame 12, mid-drag (the finger has pulled 7 steps of 6.4 points past the 10-point start):
        // the card follows the finger, still mostly orange.
        let mid = try #require(images[12])
        let fraction = (7 * 6.4) / (0.6 * 320)
        let x = Int((64 + fraction * 192).rounded())
        expectPixel(
            mid, x, 90, rgba(InteractiveCardDemo.startColor, mixedWith: InteractiveCardDemo.endColor, fraction: fraction),
            tolerance: 8, "mid-drag frame: the card under the finger at x \(x), its colour a quarter of the way to blue")
        // Frame 120: the spring has settled at the end.
        let last = try #require(images[120])
        expectPixel(last, 256, 90, rgba(InteractiveCardDemo.endColor), tolerance: 2, "final frame: the blue card at the end of the track (256, 90)")
        expectPixel(last, 64, 60, rgba(InteractiveCardDemo.background), tolerance: 2, "final frame: nothing left at the start (64, 60)")
        #expect(demo.log.first == "grabbed at fraction 0.000")
        #expect(demo.log.last == "animator finished at the end")
        #expect(demo.card.center == demo.end, "the model is at the end")
        await compositor.shutdown()
    }
}
