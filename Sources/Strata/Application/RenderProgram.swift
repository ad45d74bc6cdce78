import Foundation
import StrataCompositor
import StrataCore

/// A program `strata render` can render: a screen's size and scale, the window or root view
/// controller to show on it, an optional event script to play, and how many frames the program
/// lasts, on the virtual 60 Hz clock from 0.
///
/// An executable target hands one to the library as its entry point, in place of the set-up a
/// UIKit app's scene delegate does:
///
///     @main
///     struct Tour {
///         static func main() async {
///             let script = try! EventScript(text: "0.2 down 1 100 400\n0.4 up 1 100 200\n2 end")
///             await RenderProgram(size: CGSize(width: 390, height: 844), scale: 2, script: script) {
///                 UINavigationController(rootViewController: ListViewController())
///             }.main()
///         }
///     }
///
/// and `strata render .build/release/Tour --frames 60..119 --out tour.mp4` renders its frames.
/// Frame k is the same bytes whether it is rendered in a range or in a run from frame 0: a range
/// starting at frame a plays the model through frames 0..<a without drawing them (every commit,
/// animation, script step and frame callback happens as in a whole run; only the GPU's drawing
/// and the read-back are left out), then draws frame a whole.
///
/// Main actor: it makes the screen, and the views live there.
@MainActor
public struct RenderProgram {
    /// The screen's size in points.
    public let size: CGSize
    /// The screen's scale: pixels per point.
    public let scale: CGFloat
    /// The input played on the window, if any.
    public let script: EventScript?
    /// How many frames the program lasts: frames 0..<frameCount.
    public let frameCount: Int
    private let makeWindow: @MainActor (UIScreen) throws -> UIWindow
    /// Checked before each frame when run by `strata render` (`main()`): throws once the process
    /// that started this one has gone, so a program whose reader died (killed, or its Ray worker
    /// lost) stops instead of playing on.
    private var stopIfOrphaned: (@MainActor () throws -> Void)?

    /// A program showing a window made by `window` for the screen it is given.
    ///
    /// - Parameters:
    ///   - size: the screen in points.
    ///   - scale: pixels per point (default 1).
    ///   - script: input to play on the window, its times from frame 0's time.
    ///   - frameCount: how many frames; nil lasts until the script's `duration` is shown (the
    ///     frames `EventScript.replay` renders).
    ///   - window: makes the window, on the main actor, once per render; a window whose `screen`
    ///     is not set is put on the program's.
    /// - Precondition: `frameCount` or `script` is given; `frameCount` is at least 1; `size` and
    ///   `scale` are finite and positive.
    public init(
        size: CGSize, scale: CGFloat = 1, script: EventScript? = nil, frameCount: Int? = nil,
        window: @escaping @MainActor (UIScreen) throws -> UIWindow
    ) {
        precondition(
            size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0,
            "RenderProgram: size must be finite and positive, got \(size)")
        precondition(scale.isFinite && scale > 0, "RenderProgram: scale must be a finite number above 0, got \(scale)")
        guard let count = frameCount ?? script.map({ Self.frames(lasting: $0.duration) }) else {
            preconditionFailure("RenderProgram: give a frameCount or a script whose duration says how long the program lasts")
        }
        precondition(count >= 1, "RenderProgram: frameCount must be at least 1, got \(count)")
        self.size = size
        self.scale = scale
        self.script = script
        self.frameCount = count
        makeWindow = window
    }

    /// A program showing the view controller `rootViewController` makes as a full-screen window's
    /// root (`init(size:scale:script:frameCount:window:)` for the rest).
    public init(
        size: CGSize, scale: CGFloat = 1, script: EventScript? = nil, frameCount: Int? = nil,
        rootViewController: @escaping @MainActor () throws -> UIViewController
    ) {
        self.init(size: size, scale: scale, script: script, frameCount: frameCount) { screen in
            let window = UIWindow(frame: screen.bounds)
            window.screen = screen
            window.rootViewController = try rootViewController()
            return window
        }
    }

    /// The frames a replay of a script lasting `duration` renders on the virtual 60 Hz clock: up
    /// to the first whose time shows the end.
    nonisolated static func frames(lasting duration: TimeInterval) -> Int {
        var last = 0
        while FrameClock.virtual60.time(ofFrame: last) < duration - 1e-9 { last += 1 }
        return last + 1
    }

    /// The frames the program has, as `strata render` names a range.
    public var frames: ClosedRange<Int> { 0...(frameCount - 1) }

    /// The screen's size in pixels.
    public var pixelSize: PixelSize {
        PixelSize(width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()))
    }

    /// Renders frames `range` of the program on a compositor of its own (a new screen, window
    /// and virtual clock each call), handing each frame's pixels to `frame` in order. The frames
    /// before the range are played without drawing.
    /// - Parameters:
    ///   - range: the frames to draw, within `frames`.
    ///   - configuration: the compositor's platform and debug switches; its clock is always the
    ///     virtual 60 Hz one (`FrameClock.virtual60`), whose frames are the program's.
    ///   - frame: called with each drawn frame's number and pixels, in order, on the main actor.
    /// - Throws: `RenderProgramError.framesOutside` for a range not within `frames` (before
    ///   anything is made), `.frameFailed` naming the frame whose making or drawing failed, and
    ///   the compositor's errors from starting; `frame`'s own errors as they are.
    public func render(
        frames range: ClosedRange<Int>, configuration: CompositorConfiguration = CompositorConfiguration(),
        _ frame: (_ index: Int, _ image: RGBAImage) async throws -> Void
    ) async throws {
        guard range.lowerBound >= 0, range.upperBound < frameCount else {
            throw RenderProgramError.framesOutside(range, frames: frames)
        }
        var configuration = configuration
        configuration.clock = .virtual60
        let compositor = try Compositor(configuration: configuration)
        let screen = UIScreen(size: size, scale: scale, compositor: compositor)
        do {
            try await play(on: screen, frames: range, frame)
        } catch {
            await compositor.shutdown()
            throw error
        }
        await compositor.shutdown()
    }

    /// Makes the window on `screen` and plays frames 0...range's end, drawing the range's.
    private func play(
        on screen: UIScreen, frames range: ClosedRange<Int>,
        _ frame: (_ index: Int, _ image: RGBAImage) async throws -> Void
    ) async throws {
        var index = 0
        do {
            let window = try makeWindow(screen)
            if window.screen == nil { window.screen = screen }
            window.makeKeyAndVisible()
            var playback = script.map { EventScriptPlayback($0, on: window, start: screen.mediaTime) }
            while index <= range.upperBound {
                try stopIfOrphaned?()
                try playback?.deliverSteps(dueBy: screen.mediaTime)
                if index < range.lowerBound {
                    _ = try await screen.advanceFrame()
                } else {
                    let rendered = try await screen.renderFrame()
                    guard let image = rendered.image else { preconditionFailure("RenderProgram: a frame read back came without pixels") }
                    do {
                        try await frame(index, image)
                    } catch {
                        throw HandlerError(error: error)
                    }
                }
                index += 1
            }
        } catch let error as HandlerError {
            throw error.error
        } catch let error as RenderStreamError {
            throw error  // the reader has gone: nobody to tell which frame
        } catch {
            throw RenderProgramError.frameFailed(index, "\(error)")
        }
    }

    /// The handler's own error, passed through as it is.
    private struct HandlerError: Error { let error: any Error }
}

/// Why a program's frames could not be rendered.
public enum RenderProgramError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Frames asked for that the program does not have (it has `frames`).
    case framesOutside(ClosedRange<Int>, frames: ClosedRange<Int>)
    /// Making or drawing frame `index` failed, for the reason given.
    case frameFailed(Int, String)

    public var description: String {
        switch self {
        case .framesOutside(let range, let frames):
            "frames \(range.lowerBound)..\(range.upperBound) are outside the program's \(frames.lowerBound)..\(frames.upperBound) (\(frames.count) frames at 60 per second); ask for a range within them"
        case .frameFailed(let index, let reason):
            "frame \(index) failed: \(reason)"
        }
    }
}

// MARK: - As strata render runs it

extension RenderProgram {
    /// Runs the program as `strata render` asks and exits the process; call it from the
    /// executable's `main`. Main actor.
    ///
    /// Arguments (strata render passes them; a person runs `strata render PROGRAM`):
    /// - `--describe` prints one JSON line, `{"frames":N,"width":W,"height":H,"scale":S,"framesPerSecond":60}`;
    /// - `--frames A..B` renders frames A through B (default: all) as a frame stream
    ///   (`RenderStream`) on standard output; what the program itself prints goes to standard
    ///   error instead. A failure is written into the stream, naming the frame, and exits with 1.
    /// Anything else prints how to render the program and exits with 64.
    public func main() async -> Never {
        var arguments = Array(CommandLine.arguments.dropFirst())
        let name = (CommandLine.arguments.first as NSString?)?.lastPathComponent ?? "program"
        if arguments == ["--describe"] {
            let size = pixelSize
            print(#"{"frames":\#(frameCount),"width":\#(size.width),"height":\#(size.height),"scale":\#(scale),"framesPerSecond":60}"#)
            exit(0)
        }
        var range = frames
        if arguments.count == 2, arguments[0] == "--frames" {
            guard let asked = Self.frameRange(arguments[1]) else {
                Self.usage(name, "--frames wants A..B, two whole numbers with A <= B (for example 30..59), got \"\(arguments[1])\"")
            }
            range = asked
            arguments = []
        }
        guard arguments.isEmpty, isatty(STDOUT_FILENO) == 0 else {
            Self.usage(name, arguments.isEmpty ? "standard output is a terminal, not a frame stream's reader" : "unknown arguments \(arguments.joined(separator: " "))")
        }
        // The stream keeps standard output; the program's own prints go to standard error.
        fflush(nil)
        var program = self
        let parent = getppid()
        program.stopIfOrphaned = {
            if getppid() != parent { throw RenderStreamError.writeFailed("strata render, which started this program, has gone") }
        }
        let stream = RenderStreamWriter(descriptor: dup(STDOUT_FILENO))
        dup2(STDERR_FILENO, STDOUT_FILENO)
        var current: Int?
        do {
            try stream.writeHeader(size: pixelSize)
            try await program.render(frames: range) { index, image in
                current = index
                try stream.writeFrame(index: index, image: image)
            }
            try stream.writeEnd()
            exit(0)
        } catch let error as RenderProgramError {
            if case .frameFailed(let index, let reason) = error {
                try? stream.writeError(frame: index, message: reason)
            } else {
                try? stream.writeError(frame: nil, message: "\(error)")
            }
        } catch let error as RenderStreamError {
            FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))  // the reader has gone
        } catch {
            try? stream.writeError(frame: current, message: "\(error)")
        }
        exit(1)
    }

    /// Reads `A..B` (whole numbers, 0 <= A <= B); nil for anything else.
    package nonisolated static func frameRange(_ text: String) -> ClosedRange<Int>? {
        let parts = text.components(separatedBy: "..")
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 0, a <= b else { return nil }
        return a...b
    }

    private static func usage(_ name: String, _ problem: String) -> Never {
        FileHandle.standardError.write(
            Data(
                """
                \(name): \(problem)
                This program renders through strata render: strata render \(CommandLine.arguments.first ?? name) --frames 0..59 --out frames

                """.utf8))
        exit(64)
    }
}
