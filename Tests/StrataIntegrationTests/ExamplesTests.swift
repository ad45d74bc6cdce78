import Foundation
import StrataCore
import StrataGraphics
import Strata
import StrataSnapshotTesting
import StrataTesting
import Testing

/// The programs in Examples/, each run as a process (as a user would run it) into a fresh folder;
/// the pictures it writes are checked at named points. Each test's folder is removed when the
/// test ends (the suite's deinit: a fresh instance runs each test).
@Suite(.tags(.gpu), .requiresGPU) final class ExamplesTests {
    /// The folders this test's programs wrote into.
    private var folders: [URL] = []

    deinit {
        for folder in folders { try? FileManager.default.removeItem(at: folder) }
    }

    /// The build products folder, where `swift build` puts the example programs (see `buildProducts`).
    static let products = buildProducts

    /// Runs example `name` into a new folder and returns the folder and what it printed.
    private func run(_ name: String) throws -> (folder: URL, output: String) {
        let program = Self.products.appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: program.path) else {
            throw ExampleError("\(program.path) is missing: build the examples with `swift build` (bash scripts/setup.sh test does)")
        }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("strata-example-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        folders.append(out)
        let (status, output) = try runProgram(program.path, [out.path])
        guard status == 0 else { throw ExampleError("\(name) exited with \(status):\n\(output)") }
        try expectSnapshots(of: name, in: out)
        return (out, output)
    }

    /// Every picture example `name` wrote into `folder` against its reference,
    /// `Examples/NAME/NAME.FILE.png` (see `PictureReferences`).
    private func expectSnapshots(of name: String, in folder: URL) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.sorted()
        #expect(!files.isEmpty, "\(name) wrote no picture")
        for file in files {
            let image = try #require(UIImage(contentsOfFile: folder.appendingPathComponent(file).path), "\(file) is not a PNG")
            let failure = PictureReferences.failure(of: image, named: String(file.dropLast(4)), in: "Examples/\(name)", testName: name)
            #expect(failure == nil, "\(name)'s \(file): \(failure ?? "")")
        }
    }

    private func image(_ folder: URL, _ file: String) throws -> RGBAImage {
        try RGBAImage(pngFile: folder.appendingPathComponent(file).path)
    }

    @Test("BarChart: five rounded bars drawn in draw(_:) on a 200×120 chart at (20, 20), blue and orange in turn, over an axis")
    func barChart() throws {
        let folder = try run("BarChart").folder
        let png = try image(folder, "bar-chart.png")
        #expect(png.size == PixelSize(width: 240, height: 160))
        // Slots of 36 points from x 30; bars from 4 to 32 points into their slot; baseline at y 130.
        let blue = RGBA8(0, 122, 255), orange = RGBA8(255, 149, 0)
        expectPixel(png, 52, 120, blue, "(52, 120): the first bar (35 % high), blue")
        expectPixel(png, 52, 70, RGBA8(255, 255, 255), "(52, 70): above the first bar, the chart's white")
        expectPixel(png, 88, 60, orange, "(88, 60): the second bar (80 % high: top at y 50), orange")
        expectPixel(png, 160, 45, orange, "(160, 45): the fourth bar (full height), orange")
        expectPixel(png, 124, 90, blue, "(124, 90): the third bar, blue")
        expectPixel(png, 100, 130, RGBA8(0, 0, 0), tolerance: 40, "(100, 130): the black axis")
        expectPixel(png, 5, 5, RGBA8(255, 255, 255), "(5, 5): the window's white around the chart")
    }

    @Test("TileGrid: eight tiles in four columns laid out by layoutSubviews in a 280-point-wide grid, then again in a 160-point one")
    func tileGrid() throws {
        let folder = try run("TileGrid").folder
        let wide = try image(folder, "tile-grid-wide.png"), narrow = try image(folder, "tile-grid-narrow.png")
        // Wide: side (280 − 5 × 8) / 4 = 60; tile (column c, row r) at (10 + 8 + 68c, 10 + 8 + 68r).
        let teal = RGBA8(48, 176, 199), indigo = RGBA8(88, 86, 214), gray6 = RGBA8(242, 242, 247)
        expectPixel(wide, 48, 48, teal, "wide (48, 48): tile 0's centre, teal")
        expectPixel(wide, 116, 48, indigo, "wide (116, 48): tile 1's centre, indigo")
        expectPixel(wide, 252, 116, indigo, "wide (252, 116): tile 7 (row 1, column 3), indigo")
        expectPixel(wide, 82, 48, gray6, "wide (82, 48): the 8-point gap between tiles 0 and 1")
        // Narrow: side (160 − 40) / 4 = 30; tile (c, r) at (18 + 38c, 18 + 38r).
        expectPixel(narrow, 33, 33, teal, "narrow (33, 33): tile 0's centre")
        expectPixel(narrow, 147, 71, indigo, "narrow (147, 71): tile 7's centre")
        expectPixel(narrow, 200, 48, RGBA8(255, 255, 255), "narrow (200, 48): right of the narrowed grid, the window's white")
    }

    @Test("SpringCard: an 80×60 pink card at x 20…100 springs to center x 260 with damping 0.5 over 0.8 s on the 60 Hz clock")
    func springCard() throws {
        let (folder, output) = try run("SpringCard")
        let pink = RGBA8(255, 45, 85), white = RGBA8(255, 255, 255)
        let start = try image(folder, "spring-card-start.png"), end = try image(folder, "spring-card-end.png")
        let middle = try image(folder, "spring-card-middle.png")
        expectPixel(start, 60, 60, pink, "start (60, 60): the card's centre")
        expectPixel(start, 260, 60, white, "start (260, 60): the target, empty")
        expectPixel(end, 260, 60, pink, "end (260, 60): the card's centre at the target")
        expectPixel(end, 60, 60, white, "end (60, 60): where it started, empty")
        expectPixel(middle, 60, 60, white, "middle (60, 60): twelve frames in, the card has left")
        // Damping 0.5 is underdamped: the card overshoots the target before it settles there.
        let furthest = try #require(output.firstMatch(of: #/finished true after \d+ frames, furthest center x ([0-9.]+)/#).flatMap { Double($0.1) })
        #expect(furthest > 270 && furthest < 320, "overshot x 260 by \(furthest - 260) points, then came back: \(output)")
    }

    @Test("FlipCard: a 120×100 card with an orange front and an indigo back, each single-sided, turned about y with perspective over 1 s")
    func flipCard() throws {
        let folder = try run("FlipCard").folder
        let orange = RGBA8(255, 149, 0), indigo = RGBA8(88, 86, 214), white = RGBA8(255, 255, 255)
        expectPixel(try image(folder, "flip-card-front.png"), 100, 80, orange, "front (100, 80): the front face")
        let quarter = try image(folder, "flip-card-quarter.png")
        expectPixel(quarter, 100, 80, orange, "45° (100, 80): still the front")
        expectPixel(quarter, 50, 80, white, "45° (50, 80): inside the flat card's 40…160, outside the turned one")
        expectPixel(try image(folder, "flip-card-edge.png"), 100, 80, white, "90° (100, 80): edge-on, neither face shows")
        expectPixel(try image(folder, "flip-card-back.png"), 100, 80, indigo, "after the turn (100, 80): the back face")
    }

    @Test("PassThrough: a full-screen overlay passing touches through except on its 60×60 badge; taps on the red square under it and on the badge")
    func passThrough() throws {
        let (folder, output) = try run("PassThrough")
        #expect(output.contains("taps: under 1, badge 1"), "\(output)")
        let png = try image(folder, "pass-through.png")
        let green = RGBA8(52, 199, 89)
        expectPixel(png, 60, 60, green, "(60, 60): the square under the overlay took its tap")
        expectPixel(png, 150, 50, green, "(150, 50): the badge took its tap")
        expectPixel(png, 150, 100, RGBA8(255, 255, 255), "(150, 100): the overlay itself draws nothing")
    }

    @Test("Autoresizing: a header, a sidebar, a content area and a corner badge follow their autoresizing masks when the window grows from 160×120 to 320×240")
    func autoresizing() throws {
        let (folder, output) = try run("Autoresizing")
        #expect(output.contains("content CGRect(origin: Foundation.CGPoint(x: 50.0, y: 40.0), size: Foundation.CGSize(width: 260.0, height: 190.0))"))
        let blue = RGBA8(0, 122, 255), gray = RGBA8(142, 142, 147), red = RGBA8(255, 59, 48), white = RGBA8(255, 255, 255)
        let small = try image(folder, "autoresizing-small.png"), large = try image(folder, "autoresizing-large.png")
        expectPixel(small, 80, 15, blue, "small (80, 15): the header")
        expectPixel(small, 140, 15, red, "small (140, 15): the badge at the top-right corner (130…150)")
        expectPixel(small, 20, 80, gray, "small (20, 80): the sidebar")
        expectPixel(small, 100, 75, white, "small (100, 75): the content")
        expectPixel(small, 250, 200, RGBA8(0, 0, 0), "small (250, 200): outside the window, the screen's black")
        expectPixel(large, 200, 15, blue, "large (200, 15): the header, now 320 wide")
        expectPixel(large, 300, 15, red, "large (300, 15): the badge kept to the corner (290…310)")
        expectPixel(large, 20, 200, gray, "large (20, 200): the sidebar, now 210 high")
        expectPixel(large, 250, 200, white, "large (250, 200): the content, grown both ways")
        expectPixel(large, 45, 100, RGBA8(242, 242, 247), "large (45, 100): the dashboard's gray between sidebar and content")
    }

    @Test("Drawer: a 160-point indigo drawer off the left edge, dragged 100 points by a pan over ten frames, snapping open on release")
    func drawer() throws {
        let (folder, output) = try run("Drawer")
        #expect(output.contains("drawer open: true"), "\(output)")
        let indigo = RGBA8(88, 86, 214), white = RGBA8(255, 255, 255)
        expectPixel(try image(folder, "drawer-closed.png"), 30, 100, white, "closed (30, 100): the drawer is off screen")
        let dragging = try image(folder, "drawer-dragging.png")
        expectPixel(dragging, 30, 100, indigo, "dragging (30, 100): 60 points dragged, 60 points of drawer show")
        expectPixel(dragging, 80, 100, white, "dragging (80, 100): beyond the drawer's edge at 60")
        let open = try image(folder, "drawer-open.png")
        expectPixel(open, 150, 100, indigo, "open (150, 100): snapped fully open (0…160)")
        expectPixel(open, 170, 100, white, "open (170, 100): right of the drawer")
    }

    @Test("ScrubbedAnimator: a blue card whose 200-point move to red is a paused animator scrubbed by a 100-point pan, then continued on release")
    func scrubbedAnimator() throws {
        let (folder, output) = try run("ScrubbedAnimator")
        #expect(output.contains("scrubbed to 150.0") && output.contains("finished at 250.0"), "\(output)")
        let white = RGBA8(255, 255, 255)
        expectPixel(try image(folder, "scrub-start.png"), 50, 70, RGBA8(0, 122, 255), "start (50, 70): the blue card")
        let half = try image(folder, "scrub-half.png")
        // Scrubbed linearly to 0.5: the centre at 50 + 100, the colour half way from blue to red.
        expectPixel(half, 150, 70, RGBA8(128, 91, 152), tolerance: 2, "half (150, 70): the card, half blue, half red")
        expectPixel(half, 50, 70, white, "half (50, 70): where it started")
        let end = try image(folder, "scrub-end.png")
        expectPixel(end, 250, 70, RGBA8(255, 59, 48), "end (250, 70): the red card at the end of its travel")
        expectPixel(end, 150, 70, white, "end (150, 70): empty")
    }

    @Test("Settings: a view controller with two switches, a slider and a button, changed by a scripted finger, then a details controller presented with a fade")
    func settings() throws {
        let (folder, output) = try run("Settings")
        #expect(output.contains("log: Wi-Fi on, brightness 0.5, brightness 0.75"), "\(output)")
        #expect(output.contains("Wi-Fi true, Bluetooth true, brightness 0.75"), "\(output)")
        #expect(output.contains("presented details: true"), "\(output)")
        let green = RGBA8(52, 199, 89), blue = RGBA8(0, 122, 255)
        let start = try image(folder, "settings-start.png")
        expectPixel(start, 254, 165, green, tolerance: 2, "start (254, 165): the Bluetooth switch's track, on")
        // 16 % of (120, 120, 128) over the grouped background (242, 242, 247).
        expectPixel(start, 295, 115, RGBA8(222, 222, 228), tolerance: 3, "start (295, 115): the Wi-Fi switch's track, off")
        expectPixel(start, 40, 227, blue, tolerance: 2, "start (40, 227): the slider's track left of the thumb at 0.25")
        // 20 % of (120, 120, 128) over the background.
        expectPixel(start, 200, 227, RGBA8(218, 218, 223), tolerance: 3, "start (200, 227): the track right of the thumb")
        let changed = try image(folder, "settings-changed.png")
        expectPixel(changed, 254, 115, green, tolerance: 2, "changed (254, 115): Wi-Fi tapped on")
        expectPixel(changed, 200, 227, blue, tolerance: 2, "changed (200, 227): the thumb dragged to 0.75 (x 223)")
        let details = try image(folder, "settings-details.png")
        expectPixel(details, 160, 400, RGBA8(88, 86, 214), tolerance: 2, "details (160, 400): the presented indigo controller fills the screen")
    }
    @Test(
        "Contacts: a diffable table of contacts in sections by initial; a swipe reveals Delete (systemRed) on Alan Turing's row, a tap deletes him through the snapshot, and a tap on Claude Shannon selects"
    )
    func contacts() throws {
        let (folder, output) = try run("Contacts")
        #expect(output.contains("log: deleted Alan Turing, selected Claude Shannon"), "\(output)")
        #expect(output.contains("contacts: 7, rows: 1 in A"), "\(output)")
        let start = try image(folder, "contacts-start.png")
        // Section A: 22 points of padding and a 28-point header, then rows of 56 (Ada 50…106).
        expectPixel(start, 5, 105, RGBA8(255, 255, 255), "start (5, 105): the separator starts 16 points in")
        let separator = start[100, 105]
        #expect(separator.r < 215 && separator.r > 180, "start (100, 105): Ada's separator, grey: \(separator)")
        let swiped = try image(folder, "contacts-swiped.png")
        expectPixel(swiped, 300, 150, RGBA8(255, 59, 48), tolerance: 2, "swiped (300, 150): the Delete button behind Alan's row")
        let deleted = try image(folder, "contacts-deleted.png")
        expectPixel(deleted, 300, 150, RGBA8(255, 255, 255), "deleted (300, 150): the row and its button are gone")
    }

    @Test(
        "SignUp: a form typed into with key presses and input-method text (the delegate refuses a digit), Return moving to the password, a segmented plan and a stepper tapped, Return signing up through an alert that Return confirms"
    )
    func signUp() throws {
        let (folder, output) = try run("SignUp")
        #expect(output.contains("alert: Sign up? / Welcome, Ada "), "\(output)")
        #expect(output.contains("presented after Return: false"), "\(output)")
        #expect(output.contains("name: Ada , password: 6 characters, first responder: false"), "\(output)")
        #expect(output.contains("log: plan Pro, seats 2, seats 3, signed up Ada  with 6 characters of password"), "\(output)")
        let typed = try image(folder, "signup-typed.png")
        expectPixel(typed, 130, 147, RGBA8(255, 255, 255), "typed (130, 147): the white thumb under Pro")
        expectPixel(typed, 40, 147, RGBA8(238, 238, 239), tolerance: 2, "typed (40, 147): the grey track under Free")
        let caret = (70..<100).contains { x in
            let p = typed[x, 107]
            return p.r < 30 && p.g > 100 && p.g < 140 && p.b > 230
        }
        #expect(caret, "typed: the caret (systemBlue) after the six bullets of the password")
        let alert = try image(folder, "signup-alert.png")
        expectPixel(alert, 10, 380, RGBA8(204, 204, 204), tolerance: 2, "alert (10, 380): the window dimmed by 20 % black")
        expectPixel(alert, 160, 200, RGBA8(242, 242, 242), tolerance: 2, "alert (160, 200): the alert's platter")
        let done = try image(folder, "signup-done.png")
        expectPixel(done, 10, 380, RGBA8(255, 255, 255), "done (10, 380): the alert and its dimming are gone")
    }

    @Test(
        "PhotoGrid: a compositional grid of two featured columns over three, headers from a registration; a tap selects photo 1 and a slow drag scrolls 160 points"
    )
    func photoGrid() throws {
        let (folder, output) = try run("PhotoGrid")
        #expect(output.contains("log: selected photo 1"), "\(output)")
        #expect(output.contains("offset 160.0, selected [[0, 1]]"), "\(output)")
        let grid = try image(folder, "photo-grid.png")
        // Featured: 304 points between the insets in two columns of 152, cells inset 2: photo 0 at
        // (10, 42) 148 square, hue 0 at saturation 0.55, brightness 0.9.
        expectPixel(grid, 20, 150, RGBA8(230, 104, 104), tolerance: 3, "grid (20, 150): photo 0, red")
        expectPixel(grid, 170, 150, RGBA8(230, 167, 104), tolerance: 3, "grid (170, 150): photo 1, orange")
        expectPixel(grid, 160, 150, RGBA8(255, 255, 255), "grid (160, 150): the 4-point gap between the columns")
        let scrolled = try image(folder, "photo-grid-scrolled.png")
        // Library's header at 40 + 2 × 152 + 16 = 360, its first row of thirds (101.3) from 400;
        // scrolled 160: photo 4 at (10, 242), hue 1/3.
        expectPixel(scrolled, 20, 320, RGBA8(104, 230, 104), tolerance: 3, "scrolled (20, 320): photo 4, green, three to a row")
    }
}

/// Why an example could not be run.
struct ExampleError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }

}
