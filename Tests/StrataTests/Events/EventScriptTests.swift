import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
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
        let whats = "down, move, up, cancel, wheel, scroll-began, scroll-changed, scroll-ended, key-down, key-repeat, key-up, text-commit, text-compose, text-cancel"
        #expect(throws: EventScriptError.syntax(line: 2, "\"tap\" is not \(whats) or end")) {
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

    @Test(.tags(.gpu), .requiresGPU) func theInteractiveDemoScrubsThenSpringsToTheEnd() async throws {
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

/// Event scripts at and past their limits: each refused with its line and the limit.
@Suite struct EventScriptLimitTests {
    /// Each bad script (text form) and the message the user sees.
    static let textCatalogue: [(script: String, message: String)] = [
        ("1e300 end", "event script, line 1: time 1e+300 is past the longest script, 600.0 s (see EventScript's limits)"),
        ("0 down 1 0 0\n1e9 up 1 0 0", "event script, line 2: time 1000000000.0 is past the longest script, 600.0 s (see EventScript's limits)"),
        ("600.5 end", "event script, line 1: time 600.5 is past the longest script, 600.0 s (see EventScript's limits)"),
        ("1\u{0}0 down 1 0 0", "event script, line 1: time \"1\\u{0}0\" is not a finite number"),
        ("0 down 1 1\u{0}0 0", "event script, line 1: x \"1\\u{0}0\" is not a finite number"),
        ("0 down 1 0x10 0", "event script, line 1: x \"0x10\" is not a finite number"),
        ("0 down 1 inf 0", "event script, line 1: x \"inf\" is not a finite number"),
        ("0 down 1 1e400 0", "event script, line 1: x \"1e400\" is not a finite number"),
        ("0 down 1e20 0 0", "event script, line 1: touch id 1e+20 is not a whole number within ±999999999 (see EventScript's limits)"),
        ("0 down 1.5 0 0", "event script, line 1: touch id 1.5 is not a whole number within ±999999999 (see EventScript's limits)"),
        ("-1 down 1 0 0", "event script, line 1: time -1.0 must be finite and at least 0"),
    ]

    /// Each bad script (JSON form) and the message the user sees: the line and the field.
    static let jsonCatalogue: [(script: String, message: String)] = [
        (
            "[{\"t\": 0, \"phase\": \"down\", \"id\": 1e20, \"x\": 0, \"y\": 0}]",
            "event script, line 1: touch id 1e+20 is not a whole number within ±999999999 (see EventScript's limits)"
        ),
        (
            "[{\"t\": 0, \"phase\": \"down\", \"id\": 1, \"x\": 0, \"y\": 0},\n {\"t\": 0.1, \"phase\": \"move\", \"id\": 1,\n  \"x\": 1e400, \"y\": 0}]",
            "event script, line 3: field \"x\": 1e400 is beyond the largest number a script can hold (about 1.8e308)"
        ),
        (
            "[{\"t\": 0, \"phase\": \"down\", \"id\": 1, \"x\": 0, \"y\": 0},\n {\"t\": 0.1, \"phase\": \"move\", \"id\": 1, \"x\": \"far\", \"y\": 0}]",
            "event script, line 2: field \"x\": Expected to decode Double but found a string instead."
        ),
        ("[\n{\"t\": 0, \"phase\": \"down\", \"x\": 0, \"y\": 0}]", "event script, line 2: a touch needs id, x and y"),
        ("[\n\n{\"phase\": \"end\"}]", "event script, line 3: field \"t\": "),
        ("[{\"t\": 1e9, \"phase\": \"end\"}]", "event script, line 1: time 1000000000.0 is past the longest script, 600.0 s (see EventScript's limits)"),
        ("{\"t\": 0}", "event script, line 0: not a JSON array of samples"),
    ]

    @Test("A text script past a limit or with a malformed number is refused with its line", arguments: textCatalogue.indices)
    func textCatalogueIsRefused(_ index: Int) {
        let (script, message) = Self.textCatalogue[index]
        #expect {
            try EventScript(text: script)
        } throws: { error in
            "\(error)".hasPrefix(message)
                || {
                    Issue.record("\(script.debugDescription): \(error)"); return false
                }()
        }
    }

    @Test("A JSON script past a limit names the line and the field", arguments: jsonCatalogue.indices)
    func jsonCatalogueIsRefused(_ index: Int) {
        let (script, message) = Self.jsonCatalogue[index]
        #expect {
            try EventScript(json: Data(script.utf8))
        } throws: { error in
            "\(error)".hasPrefix(message)
                || {
                    Issue.record("\(script.debugDescription): \(error)"); return false
                }()
        }
    }

    @Test("A script at its limits is accepted: time 600 s, id ±999,999,999, coordinates ±1e308")
    func theLimitsThemselvesAreAccepted() throws {
        let script = try EventScript(text: "0 down 999999999 1e308 -1e308\n0 down -999999999 0 0\n600 end")
        #expect(script.duration == 600 && script.steps.count == 1)
        #expect(throws: EventScriptError.limit(line: nil, "time 601.0 is outside 0...600.0 s")) {
            try EventScript(steps: [], duration: 601)
        }
    }

    /// (The limit's mechanism is tested at 1,000 frames: 100,000 empty frames take 25 s under the
    /// thread sanitizer, all of it on the main actor, which the whole suite waits on.)
    @Test("A replay on a frame clock too fine for its duration stops at its frame limit with the limit named; the public replay's limit is maximumFrames, 100,000")
    @MainActor func aReplayStopsAtTheFrameLimit() async throws {
        #expect(EventScript.maximumFrames == 100_000)
        let screen = UIScreen(size: CGSize(width: 8, height: 8), commitSink: RecordingCommitSink(clock: .virtual(start: 0, step: 1e-6)))
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 8, height: 8))
        window.screen = screen
        window.makeKeyAndVisible()
        let script = try EventScript(text: "1 end")  // a million frames at 1 µs
        var frames = 0
        await #expect(throws: EventScriptError.tooManyFrames(limit: 1_000, duration: 1)) {
            try await script.replay(on: window, readBack: false, frameLimit: 1_000) { _, _ in frames += 1 }
        }
        #expect(frames == 1_000)
    }
}
