import Foundation
import OrderedCollections
import StrataCompositor
import StrataCore

/// A render target that windows are shown on: a size in points, a scale, and the commit sink its
/// commits go to (a compositor that draws them, or a `RecordingCommitSink` with no GPU). Strata's
/// stand-in for a display.
///
/// Main actor. The screen owns the root of the layer tree it shows; visible windows are its
/// sublayers, stacked by `windowLevel` (equal levels in the order they became visible).
@MainActor
public final class UIScreen {
    /// The screen's rectangle in points, at the origin.
    public let bounds: CGRect
    /// Pixels per point.
    public let scale: CGFloat
    /// The kind of device the screen stands for (see `setUserInterfaceIdiom(_:)`).
    var userInterfaceIdiom: UIUserInterfaceIdiom
    /// The system's appearance on this screen (see `setUserInterfaceStyle(_:)`).
    var systemUserInterfaceStyle = UIUserInterfaceStyle.light
    /// What this screen's commits go to and its frames come from: a `Compositor` (Strata's render
    /// thread), a `HostCompositor` (a host's thread, `HostRenderer.compositor`) or a
    /// `RecordingCommitSink`.
    public var commitSink: any CommitSink { context.commitSink }
    /// The Core Animation context the screen's layer tree commits through (its root is the
    /// screen's root layer).
    package let context: CAContext
    /// The compositor with its own render thread that turns this screen's tree into pixels.
    /// - Precondition: the screen was made over a `Compositor`; on a screen over another commit
    ///   sink (a host's `HostCompositor`, a recording sink) this traps (read `commitSink` there).
    public var compositor: Compositor {
        guard let compositor = commitSink as? Compositor else {
            preconditionFailure("UIScreen.compositor: this screen's commits go to a \(type(of: commitSink)), not a Compositor; read commitSink")
        }
        return compositor
    }
    /// The root layer: the screen's coordinate space in points, scaled to pixels.
    var rootLayer: CALayer { context.rootLayer }
    /// Windows attached to this screen, in the order they were attached.
    private var attachedWindows: OrderedSet<UIWindow> = []
    /// Sees every commit this screen sends (tests use it to count commits and check regions).
    @_spi(Testing) public var _commitObserver: ((Commit) -> Void)? {
        get { context.commitObserver }
        set { context.commitObserver = newValue }
    }

    /// The screen `main` answers: the first screen made that still exists.
    private static weak var firstScreen: UIScreen?
    /// The screen `main` made when no screen existed, kept from then on.
    private static var madeForMain: UIScreen?

    /// The main screen (UIKit's `UIScreen.main`): the first screen the program made that still
    /// exists; when there is none, a 390 × 844-point screen at scale 3 (a phone's, as iOS code
    /// sizing views from `UIScreen.main.bounds` expects) with a compositor of its own is made
    /// and kept. Programs that draw somewhere else make their screen first. Main actor.
    /// - Precondition: making that screen works; when no GPU platform can be opened it traps
    ///   with the platforms tried (make a `UIScreen(size:scale:)` first to handle the error).
    public static var main: UIScreen {
        if let firstScreen { return firstScreen }
        do {
            let screen = try UIScreen(size: CGSize(width: 390, height: 844), scale: madeMainScale)
            madeForMain = screen
            return screen
        } catch {
            preconditionFailure("UIScreen.main: no screen exists and making one failed: \(error); make a UIScreen(size:scale:) first to handle this")
        }
    }

    /// The screen `main` would answer, when one exists (reading this makes none).
    static var existingMain: UIScreen? { firstScreen }

    /// A screen of `size` points at `scale` pixels per point, drawn by `compositor`.
    /// - Precondition: `size` and `scale` are finite and positive, and the size in pixels is
    ///   within the GPU's limits; otherwise this traps naming the value.
    public convenience init(size: CGSize, scale: CGFloat = 1, compositor: Compositor) {
        self.init(size: size, scale: scale, commitSink: compositor)
    }

    /// A screen of `size` points at `scale` pixels per point, drawn into a host's framebuffer by
    /// the `HostRenderer` whose `compositor` this is, each time the host renders.
    /// - Precondition: as for `init(size:scale:commitSink:)`.
    public convenience init(size: CGSize, scale: CGFloat = 1, compositor: HostCompositor) {
        self.init(size: size, scale: scale, commitSink: compositor)
    }

    /// A screen of `size` points at `scale` pixels per point whose commits go to `commitSink`
    /// (a `RecordingCommitSink` runs the model with no GPU).
    /// - Precondition: `size` and `scale` are finite and positive, the size in pixels is within
    ///   the sink's limits, and no other screen uses the sink; otherwise this traps naming the value.
    public convenience init(size: CGSize, scale: CGFloat = 1, commitSink: any CommitSink) {
        self.init(size: size, scale: scale, commitSink: commitSink, canBeMain: true)
    }

    /// `init(size:scale:commitSink:)`; unless `canBeMain`, the screen never becomes `main` (nor
    /// sets the scale images load at): a screen made for one picture (a snapshot) leaves the
    /// program's main screen as it was.
    package init(size: CGSize, scale: CGFloat, commitSink: any CommitSink, canBeMain: Bool) {
        context = CAContext(size: size, scale: scale, commitSink: commitSink, caller: "UIScreen")
        Self.liveScreens.removeAll { $0.object == nil }
        defer {
            if canBeMain, Self.firstScreen == nil {
                Self.firstScreen = self
                UIImage.setMainScreenScale(scale)
                TraitSystem.mainScreenMade()
            }
        }
        bounds = CGRect(origin: .zero, size: size)
        self.scale = scale
        userInterfaceIdiom = Self.defaultIdiom(for: size)
        defer { Self.liveScreens.append(Weak(self)) }
        // After each frame: the windows' input deadlines up to its time fire.
        context.framePresentedObserver = { [unowned self] time in
            for window in attachedWindows { window._events?.framePresented(at: time) }
        }
    }

    /// A screen with a compositor of its own (made with `configuration`).
    /// - Throws: `GLError` when no GPU platform can be opened, listing what was tried.
    public convenience init(size: CGSize, scale: CGFloat = 1, configuration: CompositorConfiguration = CompositorConfiguration()) throws {
        self.init(size: size, scale: scale, compositor: try Compositor(configuration: configuration))
    }

    /// The on-screen keyboard the host reported (UIScreen+Keyboard.swift).
    let keyboard = ScreenKeyboard()

    /// The window each touch delivered through the screen went to, by touch id.
    var touchWindows: [Int: Weak<UIWindow>] = [:]
    /// The frame clock's time now, in seconds: the time of the next frame (new animations begin
    /// then) on the virtual clock, the monotonic time on the real one. Input timestamps use it.
    public var mediaTime: Double { context.mediaTime }

    /// The frame-clock time of what is shown: the last frame's time (or the next one's before any).
    var shownTime: Double { context.shownTime }

    /// The most frames a second the screen shows (60: Strata's frame clocks step 1/60 s).
    public var maximumFramesPerSecond: Int { 60 }

    /// The size of a frame of this screen, in pixels.
    public var pixelSize: PixelSize { context.pixelSize }

    /// Every screen that exists, the first made first (UIKit's `UIScreen.screens`). Main actor.
    public static var screens: [UIScreen] { liveScreens.compactMap(\.object) }
    /// The screens made, weakly (a screen no one holds goes away).
    private static var liveScreens: [Weak<UIScreen>] = []

    /// The windows attached to this screen (shown or hidden), in the order they were shown.
    var allWindows: [UIWindow] { Array(attachedWindows) }

    /// The visible windows, bottom to top.
    public var windows: [UIWindow] { rootLayer._sublayers.compactMap { $0.owningView as? UIWindow }.filter { !$0.isHidden } }

    /// Commits this turn's changes and renders a frame of the screen, read back to memory.
    ///
    /// With a host-driven compositor (`HostRenderer`) it commits and waits for the host's next
    /// frame, returning the drawn area of the host's framebuffer.
    /// After a refused commit (or a GPU error while applying one) the screen sends its whole tree
    /// again, so a later frame is right.
    /// - Parameters:
    ///   - clearColor: what shows where no window covers the screen.
    ///   - readBack: whether to read the pixels back (`RenderedFrame.image`); false renders only,
    ///     for frames nobody looks at.
    /// - Throws: the first `StrataError` recorded since the last frame (a backing store or image
    ///   too large for the GPU, a refused commit), then the compositor's errors (`CompositorError`,
    ///   `GLError`).
    public func renderFrame(clearColor: UIColor = .black, readBack: Bool = true) async throws -> RenderedFrame {
        try await context.renderFrame(clearColor: clearColor.cgColor, readBack: readBack)
    }

    /// `renderFrame(clearColor:readBack:)`, blocking the main thread until the frame is drawn
    /// (`CAContext.renderFrameWaiting`): only for a screen over a `Compositor`.
    package func renderFrameWaiting(clearColor: UIColor = .black, readBack: Bool = true) throws -> RenderedFrame {
        try context.renderFrameWaiting(clearColor: clearColor.cgColor, readBack: readBack)
    }

    /// Takes the next frame without drawing it (`CAContext.advanceFrame`): the model's time moves
    /// on as for a drawn frame; the next frame drawn is whole.
    package func advanceFrame() async throws -> FrameStatistics {
        try await context.advanceFrame()
    }

    /// The scale `main` has, or would have if reading it made the screen (3).
    package static var mainScale: CGFloat { existingMain?.scale ?? madeMainScale }

    /// The scale of the screen `main` makes when none exists.
    private static let madeMainScale: CGFloat = 3

    /// Keeps `error` for the next `renderFrame()` to throw.
    func record(_ error: StrataError) { context.record(error) }

    /// Calls `tick` with each presented frame's time (seconds on the frame clock) until it returns
    /// false or `removeFrameTicker(of:)` is called; one ticker per `owner` (a new one replaces it).
    func addFrameTicker(of owner: AnyObject, _ tick: @escaping @MainActor (Double) -> Bool) { context.addFrameTicker(of: owner, tick) }

    /// Stops calling `owner`'s ticker.
    func removeFrameTicker(of owner: AnyObject) { context.removeFrameTicker(of: owner) }

    /// Whether `owner` has a ticker here.
    func hasFrameTicker(of owner: AnyObject) -> Bool { context.hasFrameTicker(of: owner) }

    // MARK: Windows

    func attach(_ window: UIWindow) {
        attachedWindows.append(window)
        restack()
    }

    func detach(_ window: UIWindow) {
        attachedWindows.remove(window)
        if window.layer._superlayer === rootLayer { window.layer.removeFromSuperlayer() }
    }

    /// The screen's key window (the last made key with `makeKeyAndVisible()`), which hears key
    /// presses sent to the screen; nil when none is.
    var keyWindow: UIWindow? { allWindows.first(where: \.isKeyWindow) }

    /// Makes `window` the only key window of this screen.
    func windowBecameKey(_ window: UIWindow) {
        for other in attachedWindows where other !== window { other.resignKey() }
    }

    /// Puts `window` above the others of its level: it was just shown or made key.
    func bringToFront(_ window: UIWindow) {
        attachedWindows.remove(window)
        attachedWindows.append(window)
        restack()
    }

    /// Orders the windows' layers under the root by level, then by the order they were shown.
    /// Hidden windows stay in the tree as hidden layers, so showing one again re-uploads nothing.
    func restack() {
        let ordered = attachedWindows.enumerated()
            .sorted { $0.element.windowLevel != $1.element.windowLevel ? $0.element.windowLevel < $1.element.windowLevel : $0.offset < $1.offset }
            .map(\.element)
        for (i, window) in ordered.enumerated() where !(rootLayer._sublayers.indices.contains(i) && rootLayer._sublayers[i] === window.layer) {
            rootLayer.insert(window.layer, at: i, caller: "UIWindow stacking")
        }
    }
}

// An `NSObject` in UIKit: equal only to itself, hashed by identity.
extension UIScreen: Hashable {
    /// Whether `a` and `b` are the same screen.
    nonisolated public static func == (a: UIScreen, b: UIScreen) -> Bool { a === b }
    /// Hashes the object's identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension UIScreen {
    /// A display link following this screen's frames, calling `action` on `target` (UIKit's
    /// `displayLink(withTarget:selector:)`); add it to a run loop to start it.
    public func displayLink<Target: AnyObject>(withTarget target: Target, action: @escaping @MainActor (Target) -> (CADisplayLink) -> Void) -> CADisplayLink {
        CADisplayLink(context: context) { link in action(target)(link) }
    }
}
