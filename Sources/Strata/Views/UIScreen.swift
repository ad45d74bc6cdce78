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
    public let commitSink: any CommitSink
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
    let rootLayer = CALayer()
    /// Windows attached to this screen, in the order they were attached.
    private var attachedWindows: OrderedSet<UIWindow> = []
    private var pendingErrors: [StrataError] = []
    /// The render tree this screen's commits build, as a number no other screen's tree ever has:
    /// a reset (after a refused commit) starts a new one, and layers created in older ones count
    /// as not sent. Layers compare it with theirs instead of loading a weak reference.
    private(set) var renderTree = UIScreen.newRenderTree()
    private static var renderTreesMade: UInt64 = 0
    private static func newRenderTree() -> UInt64 {
        renderTreesMade += 1
        return renderTreesMade
    }
    /// Commit sinks already backing a screen: each has one root, so one screen.
    private static var sinksInUse: Set<ObjectIdentifier> = []
    /// Sees every commit this screen sends (tests use it to count commits and check regions).
    @_spi(Testing) public var _commitObserver: ((Commit) -> Void)?

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
            let screen = try UIScreen(size: CGSize(width: 390, height: 844), scale: 3)
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
    public init(size: CGSize, scale: CGFloat = 1, commitSink: any CommitSink) {
        precondition(scale.isFinite && scale > 0, "UIScreen: scale must be a finite number above 0, got \(scale)")
        precondition(
            size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0,
            "UIScreen: size must be finite and positive, got \(size)")
        let limit = commitSink.maxTargetSize
        let w = (size.width * scale).rounded(), h = (size.height * scale).rounded()
        precondition(
            w >= 1 && h >= 1 && w <= CGFloat(limit) && h <= CGFloat(limit),
            "UIScreen: \(size) points at scale \(scale) is \(w)×\(h) pixels; each side must be 1...\(limit) for its \(type(of: commitSink))")
        precondition(
            !Self.sinksInUse.contains(ObjectIdentifier(commitSink)),
            "UIScreen: this \(type(of: commitSink)) already backs another screen; give each screen its own")
        Self.sinksInUse.insert(ObjectIdentifier(commitSink))
        Self.liveScreens.removeAll { $0.object == nil }
        defer {
            if Self.firstScreen == nil {
                Self.firstScreen = self
                UIImage.setMainScreenScale(scale)
                TraitSystem.mainScreenMade()
            }
        }
        bounds = CGRect(origin: .zero, size: size)
        self.scale = scale
        userInterfaceIdiom = Self.defaultIdiom(for: size)
        defer {
            Self.liveScreens.append(Weak(self))
            CADisplayLink.screenMade(self)
        }
        self.commitSink = commitSink
        rootLayer.name = "screen root"
        rootLayer.screenIfRoot = self
        rootLayer.anchorPoint = .zero
        rootLayer.bounds = bounds
        if scale != 1 { rootLayer.transform = CATransform3DMakeScale(scale, scale, 1) }
        // Frames presented without being asked for (a host's thread draws them): hear of each, to
        // finish animations and fire input deadlines on the main actor as `renderFrame` does.
        commitSink.setFramePresentedHandler { [weak self] result in
            Task { @MainActor in self?.hostFrameFinished(result) }
        }
    }

    /// A frame the sink presented unasked (a host drew it), or the error drawing it met.
    private func hostFrameFinished(_ result: Result<FrameStatistics, any Error>) {
        switch result {
        case .success(let statistics):
            framesRendered = max(framesRendered, statistics.index + 1)
            presented(statistics)
        case .failure(let error):
            // The host was told; what matters here is that a refused or half-applied commit
            // makes the screen send its whole tree again.
            if !(error is CompositorError) { resynchronize() }
        }
    }

    /// A frame is on screen: the begin times it stamped are confirmed, animations that ended
    /// complete, input deadlines up to its time fire.
    private func presented(_ statistics: FrameStatistics) {
        let time = statistics.time
        confirmBeginTimes(received: statistics.commitsReceived, at: time)
        lastFrameTime = time
        AnimationLedger.shared.framePresented(on: self, at: time)
        for window in attachedWindows { window._events?.framePresented(at: time) }
        tickFrame(at: time)
    }

    /// Work done on the main actor after each frame this screen presents (a scroll view's
    /// deceleration, a display link), in the order added; each says whether it wants more frames.
    private var frameTickers: [(owner: ObjectIdentifier, serial: Int, tick: @MainActor (Double) -> Bool)] = []
    private var tickersAdded = 0

    /// Calls `tick` with each presented frame's time (seconds on the frame clock) until it returns
    /// false or `removeFrameTicker(of:)` is called; one ticker per `owner` (a new one replaces it).
    func addFrameTicker(of owner: AnyObject, _ tick: @escaping @MainActor (Double) -> Bool) {
        removeFrameTicker(of: owner)
        tickersAdded += 1
        frameTickers.append((ObjectIdentifier(owner), tickersAdded, tick))
    }

    /// Stops calling `owner`'s ticker.
    func removeFrameTicker(of owner: AnyObject) {
        let id = ObjectIdentifier(owner)
        frameTickers.removeAll { $0.owner == id }
    }

    /// Whether `owner` has a ticker here.
    func hasFrameTicker(of owner: AnyObject) -> Bool { frameTickers.contains { $0.owner == ObjectIdentifier(owner) } }

    private func tickFrame(at time: Double) {
        guard !frameTickers.isEmpty else { return }
        for ticker in frameTickers where !ticker.tick(time) {
            frameTickers.removeAll { $0.serial == ticker.serial }
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
    /// Frames this screen has rendered.
    private var framesRendered = 0
    /// The frame-clock time of the last frame rendered (what is on screen), in seconds.
    private var lastFrameTime: Double?

    /// The frame clock's time now, in seconds: the time of the next frame (new animations begin
    /// then) on the virtual clock, the monotonic time on the real one. Input timestamps use it.
    public var mediaTime: Double {
        switch commitSink.clock {
        case .virtual: commitSink.clock.time(ofFrame: framesRendered)
        case .monotonic: MonotonicTime.now()
        }
    }

    /// The frame-clock time of what is shown: the last frame's time (or the next one's before any).
    var shownTime: Double {
        switch commitSink.clock {
        case .virtual: lastFrameTime ?? mediaTime
        case .monotonic: MonotonicTime.now()
        }
    }

    /// The size of a frame of this screen, in pixels.
    public var pixelSize: PixelSize {
        PixelSize(width: Int((bounds.width * scale).rounded()), height: Int((bounds.height * scale).rounded()))
    }

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
        CATransaction.flush()
        if !pendingErrors.isEmpty { throw pendingErrors.removeFirst() }
        do {
            framesRendered += 1
            let frame = try await commitSink.renderFrame(size: pixelSize, clearColor: clearColor.cgColor.value, readBack: readBack)
            presented(frame.statistics)
            return frame
        } catch let error as CommitError {
            resynchronize()
            throw StrataError.commitFailed("\(error)")
        } catch let error as CompositorError {
            throw error  // shut down, or a size the GPU cannot render: nothing to resend
        } catch {
            resynchronize()  // a GPU error may have left a commit half applied
            throw error
        }
    }

    isolated deinit {
        Self.sinksInUse.remove(ObjectIdentifier(commitSink))
    }

    func record(_ error: StrataError) { pendingErrors.append(error) }

    func send(_ commit: Commit) {
        _commitObserver?(commit)
        let awaited = awaiting
        awaiting = AwaitedBeginTimes()
        do {
            try commitSink.submit(commit)
            if !commit.isEmpty, !awaited.isEmpty { unconfirmedBeginTimes.append((commitSink.commitsSubmitted, awaited)) }
        } catch CompositorError.shutDown {
            record(.commitFailed("the compositor has been shut down"))
        } catch {
            record(.commitFailed("\(error)"))
            resynchronize()
        }
    }

    /// Forgets what the render tree holds: the next commit empties it and sends every layer of
    /// this screen again, whole. Schedules nothing itself: the next change or frame commits.
    func resynchronize() {
        renderTree = Self.newRenderTree()
        // The whole tree goes again with the model's begin times (`CommitBuilder.sendAnimations`).
        awaiting = AwaitedBeginTimes()
        unconfirmedBeginTimes = []
        CommitScheduler.shared.reset(self)
    }

    // MARK: The render side's clock

    /// The animations of the commit being built whose begin time the render side stamps: the
    /// model's guess of their first frame's time, how many each layer got, and their groups.
    private var awaiting = AwaitedBeginTimes()
    /// Sent commits whose animations' begin times no frame has reported yet, by the sink's count
    /// of commits once each was accepted.
    private var unconfirmedBeginTimes: [(commit: Int, animations: AwaitedBeginTimes)] = []

    /// Animations of one commit waiting for the frame that stamps their begin times.
    struct AwaitedBeginTimes {
        var guess: Double?
        var layers: [ObjectIdentifier: (layer: Weak<CALayer>, count: Int)] = [:]
        var groups: Set<UInt64> = []
        var isEmpty: Bool { guess == nil }
    }

    /// Notes that one of `layer`'s animations of `group` goes in the commit being built, its model
    /// copy timed from `guess` (the model's guess of the first frame's time) and flagged
    /// `beginsAtFirstFrame` until a frame reports the render side's time.
    func awaitBeginTime(of layer: CALayer, group: UInt64, guess: Double) {
        if awaiting.guess == nil { awaiting.guess = guess }
        awaiting.layers[ObjectIdentifier(layer), default: (Weak(layer), 0)].count += 1
        awaiting.groups.insert(group)
    }

    /// A frame at `time` had received the first `received` commits: animations those commits
    /// carried began at `time` (or before, at an earlier frame that reported them). Where the
    /// model guessed another time (a host giving its own frame times, the monotonic clock), the
    /// copies of each commit (the first still flagged on each layer, commits being confirmed in
    /// order), their groups' ends and their animators' runs move to the render side's time.
    private func confirmBeginTimes(received: Int, at time: Double) {
        while let first = unconfirmedBeginTimes.first, first.commit <= received {
            unconfirmedBeginTimes.removeFirst()
            let guess = first.animations.guess ?? time
            let moves = abs(time - guess) > 1e-9
            for (layer, count) in first.animations.layers.values {
                guard let layer = layer.object else { continue }
                // The copies run on the layer's time: the shift is measured there.
                let shift = moves ? layer.localTime(fromMedia: time) - layer.localTime(fromMedia: guess) : 0
                var left = count
                for i in layer.activeAnimations.indices where left > 0 && layer.activeAnimations[i].beginsAtFirstFrame {
                    layer.activeAnimations[i].beginsAtFirstFrame = false
                    if shift != 0 { layer.activeAnimations[i].beginTime += shift }
                    left -= 1
                }
            }
            for group in first.animations.groups { AnimationLedger.shared.confirmBeginTime(group: group, guess: guess, time: moves ? time : guess) }
        }
    }

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
