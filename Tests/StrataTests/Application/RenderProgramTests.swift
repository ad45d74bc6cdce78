import Foundation
import StrataTesting
import Testing

@testable import Strata

/// `RenderProgram`: a range of frames is the same bytes as those frames of a run from frame 0
/// (the frames before it played without drawing), its length, and its errors.
@MainActor
@Suite struct RenderProgramTests {
    /// A screen with everything that moves on its own: a scroll view flicked by the script
    /// (deceleration runs on the main actor, frame by frame), a spring begun in viewDidAppear (run by
    /// the render thread), and a completion that recolours a view (a main-queue block between frames).
    final class MovingController: UIViewController {
        let scroll = UIScrollView()
        let spring = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
        let badge = UIView(frame: CGRect(x: 100, y: 10, width: 20, height: 20))
        private(set) var springFinishedAtFrame: Int?

        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .white
            scroll.frame = CGRect(x: 0, y: 60, width: 160, height: 100)
            scroll.contentSize = CGSize(width: 160, height: 1000)
            for row in 0..<25 {
                let stripe = UIView(frame: CGRect(x: 0, y: CGFloat(row) * 40, width: 160, height: 20))
                stripe.backgroundColor = row % 2 == 0 ? .systemBlue : .systemOrange
                scroll.addSubview(stripe)
            }
            view.addSubview(scroll)
            spring.backgroundColor = .systemPink
            badge.backgroundColor = .systemGray
            view.addSubview(spring)
            view.addSubview(badge)
        }

        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            UIView.animate(
                withDuration: 0.4, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: [],
                animations: { self.spring.center.x = 130 },
                completion: { _ in self.badge.backgroundColor = .systemGreen })
        }
    }

    /// A flick up the scroll view at 0.1 s, lasting 1 s (61 frames).
    static let script = try! EventScript(
        text: """
            0.10 down 1 80 150
            0.13 move 1 80 120
            0.16 move 1 80 80
            0.18 up   1 80 70
            1.00 end
            """)

    static func program(frameCount: Int? = nil) -> RenderProgram {
        RenderProgram(size: CGSize(width: 160, height: 160), scale: 1, script: script, frameCount: frameCount) { MovingController() }
    }

    static func frames(_ program: RenderProgram, _ range: ClosedRange<Int>) async throws -> [Int: RGBAImage] {
        var frames: [Int: RGBAImage] = [:]
        try await program.render(frames: range) { index, image in frames[index] = image }
        return frames
    }

    @Test(
        "Frames 30..59 rendered as a range are byte for byte frames 30..59 of a run from frame 0, while the scroll view decelerates and the spring runs", .tags(.gpu), .requiresGPU)
    func aRangeIsTheWholeRunsFrames() async throws {
        let program = Self.program()
        let whole = try await Self.frames(program, 0...59)
        let range = try await Self.frames(program, 30...59)
        #expect(whole.count == 60 && range.keys.sorted() == Array(30...59))
        for index in 30...59 { expectSame(range[index], whole[index], "frame \(index)") }
        // The frames moved: the spring's view and the stripes are elsewhere at 30 than at 59, and
        // frame 30 is not frame 0.
        let moved = whole[30] != whole[59] && whole[0] != whole[30]
        #expect(moved)
        // The completion ran in both (the badge green by frame 59), and the flick scrolled.
        let green = RGBA8(52, 199, 89)
        #expect(whole[59]![110, 20].isClose(to: green, tolerance: 2), "\(whole[59]![110, 20])")
        #expect(whole[0]![110, 20].isClose(to: RGBA8(142, 142, 147), tolerance: 2))
        #expect(whole[59]![80, 70] != whole[0]![80, 70] || whole[59]![80, 90] != whole[0]![80, 90])
    }

    @Test("A range starting in the middle of the spring is its frames too (frames 12..14), and a one-frame range is that frame", .tags(.gpu), .requiresGPU)
    func shortRanges() async throws {
        let program = Self.program()
        let whole = try await Self.frames(program, 0...14)
        let middle = try await Self.frames(program, 12...14)
        let one = try await Self.frames(program, 7...7)
        for index in 12...14 { expectSame(middle[index], whole[index], "frame \(index)") }
        #expect(one.count == 1)
        expectSame(one[7], whole[7], "frame 7")
    }

    @Test(
        "Runs from frame 0 and ranges from frame 5 are the same bytes every time: a commit the main queue makes while a frame is drawn goes to the next frame, however fast the frame (an undrawn one is)",
        .tags(.gpu), .requiresGPU)
    func everyRunIsTheSame() async throws {
        let program = Self.program()
        let a = try await Self.frames(program, 0...20)
        for run in 0..<3 {
            let b = try await Self.frames(program, 0...20)
            for index in 0...20 where a[index] != b[index] { Issue.record("run \(run) frame \(index): \(difference(a[index], b[index]))") }
            let c = try await Self.frames(program, 5...20)
            for index in 5...20 where a[index] != c[index] { Issue.record("range run \(run) frame \(index): \(difference(a[index], c[index]))") }
        }
    }

    @Test("A program lasts its script's duration (61 frames for 1 s: frame 60 shows the end), or the frame count it is given")
    func frameCounts() {
        #expect(Self.program().frameCount == 61 && Self.program().frames == 0...60)
        #expect(Self.program(frameCount: 120).frames == 0...119)
        #expect(RenderProgram.frames(lasting: 0) == 1 && RenderProgram.frames(lasting: 0.5) == 31 && RenderProgram.frames(lasting: 2) == 121)
        #expect(Self.program().pixelSize == PixelSize(width: 160, height: 160))
        let retina = RenderProgram(size: CGSize(width: 390, height: 844), scale: 3, frameCount: 2) { UIViewController() }
        #expect(retina.pixelSize == PixelSize(width: 1170, height: 2532))
    }

    @Test("Frames outside the program are refused before anything is made, naming the range and the program's frames")
    func framesOutside() async throws {
        let error = await #expect(throws: RenderProgramError.self) { try await Self.frames(Self.program(), 50...70) }
        #expect(error == .framesOutside(50...70, frames: 0...60))
        #expect(
            error?.description
                == "frames 50..70 are outside the program's 0..60 (61 frames at 60 per second); ask for a range within them")
    }

    struct MadeUp: Error, CustomStringConvertible {
        var description: String { "no such place" }
    }

    @Test("A window that cannot be made fails frame 0 with its reason; an error of the frame handler comes out as it is", .tags(.gpu), .requiresGPU)
    func failures() async throws {
        let broken = RenderProgram(size: CGSize(width: 20, height: 20), frameCount: 5) { _ in throw MadeUp() }
        let error = await #expect(throws: RenderProgramError.self) { try await Self.frames(broken, 0...4) }
        #expect(error == .frameFailed(0, "no such place") && error?.description == "frame 0 failed: no such place")
        var seen: [Int] = []
        await #expect(throws: MadeUp.self) {
            try await Self.program().render(frames: 3...9) { index, _ in
                seen.append(index)
                if index == 5 { throw MadeUp() }
            }
        }
        #expect(seen == [3, 4, 5])
    }

    @Test("--frames reads A..B with 0 <= A <= B and nothing else")
    func frameRanges() {
        #expect(RenderProgram.frameRange("30..59") == 30...59 && RenderProgram.frameRange("0..0") == 0...0)
        for bad in ["59..30", "-1..3", "3", "a..b", "1...3", "1..<3", "", "1..2..3"] {
            #expect(RenderProgram.frameRange(bad) == nil, "\(bad)")
        }
    }
}

/// Expects two frames to be the same bytes; says where they differ when not.
func expectSame(_ a: RGBAImage?, _ b: RGBAImage?, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let same = a != nil && a == b
    #expect(same, "\(what): \(difference(a, b))", sourceLocation: sourceLocation)
}

/// Where two frames differ: the count of pixels and their bounding box (an image is too long to print).
func difference(_ a: RGBAImage?, _ b: RGBAImage?) -> String {
    guard let a, let b, a.size == b.size else { return "sizes \(String(describing: a?.size)) and \(String(describing: b?.size))" }
    var count = 0, box = (x0: Int.max, y0: Int.max, x1: -1, y1: -1), first: (RGBA8, RGBA8)?
    for y in 0..<a.size.height {
        for x in 0..<a.size.width where a[x, y] != b[x, y] {
            count += 1
            box = (min(box.x0, x), min(box.y0, y), max(box.x1, x), max(box.y1, y))
            if first == nil { first = (a[x, y], b[x, y]) }
        }
    }
    guard let first else { return "the same" }
    return "\(count) pixels differ in x \(box.x0)...\(box.x1), y \(box.y0)...\(box.y1); the first \(first.0) against \(first.1)"
}

/// The frame stream between a program and `strata render`, through a real pipe.
@Suite struct RenderStreamTests {
    /// Writes with `write` into a pipe (on another thread: a frame can exceed the pipe's buffer)
    /// and reads every record back.
    func roundTrip(_ write: @escaping @Sendable (RenderStreamWriter) throws -> Void) throws -> (PixelSize?, [RenderStream.Record]) {
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        let (readEnd, writeEnd) = (descriptors[0], descriptors[1])
        let writer = Thread {
            try? write(RenderStreamWriter(descriptor: writeEnd))
            close(writeEnd)
        }
        writer.start()
        defer { close(readEnd) }
        var reader = RenderStreamReader(descriptor: readEnd)
        let size = try reader.readHeader()
        var records: [RenderStream.Record] = []
        while size != nil, let record = try reader.next() { records.append(record) }
        return (size, records)
    }

    @Test("A header, two frames (a 300×200 one larger than a pipe's buffer), an error naming a frame, one naming none, and the end read back as written")
    func recordsRoundTrip() throws {
        let size = PixelSize(width: 300, height: 200)
        let first = RGBAImage(size: size, pixels: (0..<(300 * 200 * 4)).map { UInt8(truncatingIfNeeded: $0 * 7) })
        let second = RGBAImage(size: size, pixels: [UInt8](repeating: 9, count: 300 * 200 * 4))
        let (header, records) = try roundTrip { stream in
            try stream.writeHeader(size: size)
            try stream.writeFrame(index: 30, image: first)
            try stream.writeFrame(index: 31, image: second)
            try stream.writeError(frame: 32, message: "frame 32: ✗ no GPU")
            try stream.writeError(frame: nil, message: "before")
            try stream.writeEnd()
        }
        #expect(header == size)
        #expect(
            records == [
                .frame(index: 30, image: first), .frame(index: 31, image: second), .error(frame: 32, message: "frame 32: ✗ no GPU"),
                .error(frame: nil, message: "before"), .end,
            ])
    }

    @Test("A stream cut off inside a frame ends without a record; an empty one has no header")
    func cutShort() throws {
        let size = PixelSize(width: 4, height: 4)
        let (header, records) = try roundTrip { stream in
            try stream.writeHeader(size: size)
            try stream.writeFrame(index: 0, image: RGBAImage(size: size, pixels: [UInt8](repeating: 1, count: 64)))
            try stream.writeFrame(index: 1, image: RGBAImage(size: size, pixels: [UInt8](repeating: 2, count: 64)))
        }
        #expect(header == size && records.count == 2, "no end record: the program died")
        let (none, nothing) = try roundTrip { _ in }
        #expect(none == nil && nothing.isEmpty)
    }

    @Test("Output that is not a frame stream (a program that printed first) is refused, saying so")
    func notAStream() throws {
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        let text = Array("hello from main()\n..................".utf8)
        _ = text.withUnsafeBytes { write(descriptors[1], $0.baseAddress!, $0.count) }
        close(descriptors[1])
        defer { close(descriptors[0]) }
        var reader = RenderStreamReader(descriptor: descriptors[0])
        let error = #expect(throws: RenderStreamError.self) { try reader.readHeader() }
        #expect("\(error!)".contains("does not start with a frame stream's header (did the program print to standard output before RenderProgram.main()?)"))
    }
}
