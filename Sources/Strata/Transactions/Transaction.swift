import Dispatch
import Foundation
import Logging
import StrataCore

// Overall design: every change to a layer sets a bit on that layer and, the first time in a turn,
// puts the layer on the transaction's list and schedules one `DispatchQueue.main.async` that
// commits at the end of the current main-queue turn (the implicit transaction). A commit first
// runs the layout pass, then walks only the changed layers: layers that left a screen's tree are
// destroyed in its render tree, layers that joined are created with their whole subtree (drawing
// first where a redraw is pending), and layers that stayed send just their changed properties and
// redrawn pixels. Each screen receives one `Commit` value per transaction; nothing else crosses to
// the render thread.

/// Why something a transaction carried could not be shown. Thrown by the next `UIScreen.renderFrame`.
public enum StrataError: Error, Sendable, CustomStringConvertible {
    /// A layer's backing store would be larger than the GPU's largest texture (or could not be allocated).
    case backingStoreTooLarge(layer: String, size: CGSize, limit: Int)
    /// An image set as `contents` is larger than the GPU's largest texture.
    case contentsTooLarge(layer: String, width: Int, height: Int, limit: Int)
    /// The compositor refused a commit (the render tree is unchanged by it).
    case commitFailed(String)

    public var description: String {
        switch self {
        case .backingStoreTooLarge(let layer, let size, let limit):
            "\(layer): a backing store of \(size.width)×\(size.height) pixels (bounds × contentsScale) is beyond the GPU's texture limit of \(limit) (or could not be allocated); draw(_:) was not called — make the view smaller or lower contentScaleFactor"
        case .contentsTooLarge(let layer, let width, let height, let limit):
            "\(layer): contents image of \(width)×\(height) pixels exceeds the GPU's maximum texture size \(limit); the old contents stay — scale the image down"
        case .commitFailed(let reason):
            "a commit was refused by the compositor: \(reason)"
        }
    }
}

/// The main actor's transaction state: changed layers, layout requests, nesting, and the commit.
@MainActor
final class Transaction {
    static let shared = Transaction()
    /// The model's log (swift-log), for what a program does wrong that Strata survives.
    private static let logger = Logger(label: "strata.model")

    private var changed: [CALayer] = []
    /// Screens to rebuild at the next commit.
    private var resets: [UIScreen] = []
    /// Numbers the commits' placement walks (see `send`; `CALayer.placementPass`).
    private var placementPass = 0
    /// Open animation blocks, outermost first.
    var animationContexts: [AnimationContext] = []
    /// Depth of `UIView.performWithoutAnimation` calls.
    var withoutAnimation = 0
    /// `UIView.setAnimationsEnabled`'s switch.
    var animationsEnabled = true
    /// Animation blocks waiting for their completion.
    var groups: [UInt64: AnimationGroup] = [:]
    var nextGroup: UInt64 = 0
    /// Active property animators, by identity.
    var animators: [ObjectIdentifier: UIViewPropertyAnimator] = [:]
    private var layoutRequests: [CALayer] = []
    private var implicitScheduled = false
    private var isCommitting = false

    /// One level of `CATransaction.begin()`.
    struct Level {
        var disableActions = false
        var animationDuration: CFTimeInterval = 0.25
        var timingFunction: CAMediaTimingFunction?
        var completion: (@MainActor () -> Void)?
        /// The animation group of the implicit animations this level started, once it started one.
        var group: UInt64?
        /// The groups of the explicit animations added while this level was open.
        var explicitGroups: [UInt64] = []
    }
    /// Explicit levels, outermost first.
    var levels: [Level] = []
    /// The implicit transaction's settings, used while no explicit transaction is open.
    var implicitLevel = Level()

    /// The innermost open level: the last explicit one, or the implicit transaction.
    var current: Level {
        get { levels.last ?? implicitLevel }
        set {
            if levels.isEmpty {
                implicitLevel = newValue
                scheduleImplicitCommit()
            } else {
                levels[levels.count - 1] = newValue
            }
        }
    }
    /// Completion blocks of levels already closed, waiting for the outermost commit.
    private var pendingCompletions: [@MainActor () -> Void] = []
    /// Work that runs right after the next commit has been sent, in the order it was asked for
    /// (view controllers finish appearance transitions there: the frame shows their views).
    private var afterCommitActions: [@MainActor () -> Void] = []

    /// Commits sent, across all screens (for tests and statistics).
    private(set) var commitCount = 0

    func layerChanged(_ layer: CALayer) {
        changed.append(layer)
        scheduleImplicitCommit()
    }

    /// Rebuilds `screen`'s render tree at the next commit (it need not be scheduled: the next
    /// change or frame commits).
    func reset(_ screen: UIScreen) {
        if !resets.contains(where: { $0 === screen }) { resets.append(screen) }
    }

    func layoutRequested(_ layer: CALayer) {
        layoutRequests.append(layer)
        scheduleImplicitCommit()
    }

    /// Runs `action` right after the next commit has been sent (synchronously, at the end of the
    /// commit), scheduling that commit when none is pending. Actions added while they run wait
    /// for the commit after.
    func afterCommit(_ action: @escaping @MainActor () -> Void) {
        afterCommitActions.append(action)
        scheduleImplicitCommit()
    }

    /// Makes sure an animation block's commit happens (and its completion can run) even when it changed nothing.
    func scheduleImplicitCommitForAnimations() { scheduleImplicitCommit() }

    /// Schedules the implicit commit at the end of this main-queue turn, once.
    private func scheduleImplicitCommit() {
        guard !implicitScheduled else { return }
        implicitScheduled = true
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                let t = Transaction.shared
                t.implicitScheduled = false
                if t.levels.isEmpty { t.commit() }
            }
        }
    }

    func maxTextureSize(for screen: UIScreen?) -> Int {
        screen?.commitSink.maxTextureSize ?? 16384
    }

    // MARK: Explicit transactions

    func begin() { levels.append(Level()) }

    func end() {
        guard let level = levels.popLast() else { return }
        close(level)
        if levels.isEmpty { commit() }
    }

    /// Hands a closed level's completion on: to its implicit animations' group, which runs it
    /// after the frame that shows their end, or, when it started none, to run after the commit.
    private func close(_ level: Level) {
        guard let completion = level.completion else { return }
        let waiting = ([level.group].compactMap { $0 } + level.explicitGroups).filter { groups[$0] != nil }
        guard !waiting.isEmpty else { return pendingCompletions.append(completion) }
        // Runs once the last of the level's groups has completed (after its own completion).
        let countdown = Countdown(waiting.count, then: completion)
        for id in waiting {
            let own = groups[id]?.completion
            groups[id]?.completion = { finished in
                own?(finished)
                countdown.tick()
            }
        }
    }

    /// Runs an action when it has been ticked a given number of times. Main actor.
    @MainActor private final class Countdown {
        private var remaining: Int
        private let action: @MainActor () -> Void
        init(_ count: Int, then action: @escaping @MainActor () -> Void) { (remaining, self.action) = (count, action) }
        func tick() {
            remaining -= 1
            if remaining == 0 { action() }
        }
    }

    /// Notes that an explicit animation's `group` was added while the current level is open: the
    /// level's completion block waits for it.
    func transactionAdded(group: UInt64) {
        current.explicitGroups.append(group)
    }

    // MARK: The commit

    /// Runs layout, draws what needs drawing, and sends each screen one commit of what changed.
    func commit() {
        guard !isCommitting else { return }
        isCommitting = true
        send()
        isCommitting = false
        let actions = afterCommitActions
        afterCommitActions = []
        for action in actions { action() }
    }

    /// The commit's work: layout, drawing, one commit value per screen.
    private func send() {
        runLayout()
        let layers = changed
        changed = []
        for layer in layers { layer.isQueued = false }

        var builder = CommitBuilder()
        // Screens whose render tree lost step with the model: emptied and sent whole, first. Their
        // layers' render-tree generation is stale, so nothing below touches the old tree.
        for screen in resets where screen.rootLayer.renderedScreen == nil {
            builder.append(.removeAllLayers, on: screen)
            builder.create(screen.rootLayer, on: screen)
            builder.append(.setRoot(screen.rootLayer.id), on: screen)
        }
        resets = []
        // Where each layer shows now: up its superlayers to the first layer this commit already
        // placed (or the top), then the same way again writing the answer on each, so every
        // layer is walked once per commit however deep the tree and however many changed. Layers
        // refer to their screen by its place in `shown` (-1: none), so the loops below pass no
        // screen reference per layer: a screen is weakly referenced, and retaining such an object
        // takes the slow, atomic path through its side table.
        var shown: [UIScreen] = []
        placementPass &+= 1
        let pass = placementPass
        let screenOf = layers.map { layer -> Int in
            var top = layer
            while top.placementPass != pass, let parent = top.superlayerStorage { top = parent }
            let place: Int
            if top.placementPass == pass {
                place = top.placementScreen
            } else if let screen = top.screenIfRoot {
                place = shown.firstIndex { $0 === screen } ?? shown.count
                if place == shown.count { shown.append(screen) }
            } else {
                place = -1
            }
            var marking = layer
            while marking.placementPass != pass {
                marking.placementPass = pass
                marking.placementScreen = place
                guard let parent = marking.superlayerStorage else { break }
                marking = parent
            }
            return place
        }
        // Layers that left the tree their screen shows: release their render-tree copies first.
        let shownTrees = shown.map(\.renderTree)
        for (layer, on) in zip(layers, screenOf) where on < 0 || layer.committedTree != shownTrees[on] {
            if let committed = layer.renderedScreen { builder.destroy(layer, on: committed) }
        }
        for (place, screen) in shown.enumerated() {
            // Layers that moved within their screen's tree leave their old superlayer first, so the
            // insertions below only ever build links of the final, cycle-free tree (a layer may have
            // moved under its former sublayer in this same turn).
            for (layer, on) in zip(layers, screenOf) where on == place {
                if layer.isRendered(on: screen), layer.changes.contains(.superlayer) {
                    builder.append(.removeFromSuperlayer(layer.id), on: screen)
                }
            }
        }
        // Layers still (or newly) shown: send what changed; new subtrees are created whole by the
        // superlayer whose sublayers changed.
        for (layer, on) in zip(layers, screenOf) where on < 0 && !layer.pendingAnimations.isEmpty {
            discardUnsentAnimations(of: layer)
        }
        for (place, screen) in shown.enumerated() {
            for (layer, on) in zip(layers, screenOf) where on == place {
                // Read again: creating a subtree in this loop may have put the layer in the tree.
                if layer.isRendered(on: screen) {
                    builder.update(layer, on: screen)
                } else if layer.screenIfRoot === screen {
                    builder.create(layer, on: screen)
                    builder.append(.setRoot(layer.id), on: screen)
                }
            }
        }
        for (screen, commit) in builder.commits {
            commitCount += 1
            screen.send(commit)
        }
        close(implicitLevel)
        implicitLevel = Level()
        completeIdleGroups()
        let completions = pendingCompletions
        pendingCompletions = []
        if !completions.isEmpty {
            DispatchQueue.main.async { MainActor.assumeIsolated { completions.forEach { $0() } } }
        }
    }

    /// Lays out every layer that asked, repeating while layout asks for more (bounded, so a
    /// layout that always dirties itself cannot hang the commit).
    private func runLayout() {
        var rounds = 0
        while !layoutRequests.isEmpty, rounds < 32 {
            rounds += 1
            let requests = layoutRequests
            layoutRequests = []
            for layer in requests { layer.layoutIfNeeded() }
        }
        if !layoutRequests.isEmpty {
            Self.logger.warning(
                "layout still asked for more after 32 rounds in one commit; a layoutSubviews() keeps calling setNeedsLayout() on its own tree")
            // Clear their flags, so a later setNeedsLayout() schedules them again.
            for layer in layoutRequests { layer.needsLayoutFlag = false }
            layoutRequests = []
        }
    }
}

/// Turns changed layers into one `Commit` per screen. Main actor; lives for one commit.
@MainActor
struct CommitBuilder {
    private(set) var commits: [(UIScreen, Commit)] = []

    private mutating func index(of screen: UIScreen) -> Int {
        for i in commits.indices where commits[i].0 === screen { return i }
        commits.append((screen, Commit()))
        return commits.count - 1
    }

    mutating func append(_ operation: CommitOperation, on screen: UIScreen) {
        commits[index(of: screen)].1.append(operation)
    }

    /// Releases `layer` and the sublayers that went with it from `screen`'s render tree, top
    /// down (an explicit stack: a deep tree must not run out of stack).
    mutating func destroy(_ layer: CALayer, on screen: UIScreen) {
        var pending = [layer]
        while let layer = pending.popLast() {
            guard layer.isRendered(on: screen) else { continue }
            append(.destroyLayer(layer.id), on: screen)
            layer.committedScreen = nil
            layer.committedTree = 0
            // Leaving the screen's tree ends its animations there, as in Core Animation.
            layer.dropActiveAnimations()
            pending.append(contentsOf: layer._sublayers.reversed())
        }
    }

    /// Creates `layer` and its subtree in `screen`'s render tree with their full state.
    mutating func create(_ layer: CALayer, on screen: UIScreen) {
        createOne(layer, on: screen)
        insertSublayers(of: layer, on: screen)
    }

    /// Creates `layer` alone (not its sublayers) with its full state.
    private mutating func createOne(_ layer: CALayer, on screen: UIScreen) {
        layer.displayIfNeeded()
        append(.createLayer(layer.id), on: screen)
        layer.committedScreen = screen
        layer.committedTree = screen.renderTree
        for property in layer.state.properties(differingFrom: .defaults) { append(.set(layer.id, property), on: screen) }
        sendContents(of: layer, whole: true, on: screen)
        sendAnimations(of: layer, resendingRunning: true, on: screen)
        layer.changes = []
    }

    /// Sends what changed on `layer`, which `screen`'s render tree already has.
    mutating func update(_ layer: CALayer, on screen: UIScreen) {
        layer.displayIfNeeded()
        let changes = layer.changes
        layer.changes = []
        if !changes.isDisjoint(with: .properties) {
            for key in changes.keys { append(.set(layer.id, layer.property(key)), on: screen) }
        }
        if changes.contains(.contents) { sendContents(of: layer, whole: false, on: screen) }
        if changes.contains(.animations) { sendAnimations(of: layer, resendingRunning: false, on: screen) }
        if changes.contains(.sublayers) { insertSublayers(of: layer, on: screen) }
    }

    /// Puts every sublayer in order under `layer`, creating those the render tree lacks with
    /// their subtrees: each created whole before it is inserted, as a recursive walk would, but
    /// with an explicit stack (a deep tree must not run out of stack).
    private mutating func insertSublayers(of layer: CALayer, on screen: UIScreen) {
        enum Step {
            case create(CALayer)
            case insert(CALayer, parent: CALayer, index: Int)
        }
        var pending: [Step] = []
        func schedule(sublayersOf layer: CALayer) {
            for (i, sublayer) in layer._sublayers.enumerated().reversed() {
                pending.append(.insert(sublayer, parent: layer, index: i))
                pending.append(.create(sublayer))
            }
        }
        schedule(sublayersOf: layer)
        while let step = pending.popLast() {
            switch step {
            case .create(let sublayer):
                guard !sublayer.isRendered(on: screen) else { continue }
                createOne(sublayer, on: screen)
                schedule(sublayersOf: sublayer)
            case .insert(let sublayer, let parent, let index):
                append(.insertSublayer(sublayer.id, parent: parent.id, index: index), on: screen)
            }
        }
    }

    /// Gives the layer's new animations their begin time on `screen`'s clock and sends them; a
    /// layer created anew also gets the animations still running on it.
    private mutating func sendAnimations(of layer: CALayer, resendingRunning: Bool, on screen: UIScreen) {
        let now = screen.mediaTime
        layer.activeAnimations.removeAll { $0.isFinished(at: screen.shownTime) }
        if resendingRunning {
            for animation in layer.activeAnimations { append(.addAnimation(layer.id, animation), on: screen) }
        } else {
            for group in layer.pendingAnimationRemovals { append(.removeAnimations(layer.id, group: group), on: screen) }
        }
        layer.pendingAnimationRemovals = []
        for var animation in layer.pendingAnimations {
            animation.beginTime += now  // the block's delay, from the next frame
            append(.addAnimation(layer.id, animation), on: screen)
            layer.activeAnimations.append(animation)
            Transaction.shared.animationSent(group: animation.group, beginTime: animation.beginTime, endTime: animation.endTime, layer: layer, screen: screen)
        }
        layer.pendingAnimations = []
    }

    /// Sends the layer's pixels: all of them, or the region redrawn since the last commit.
    private mutating func sendContents(of layer: CALayer, whole: Bool, on screen: UIScreen) {
        let limit = screen.commitSink.maxTextureSize
        switch layer.contentsSource {
        case .none:
            if !whole { append(.setContents(layer.id, nil), on: screen) }
        case .image(let image):
            guard image.width <= limit, image.height <= limit else {
                screen.record(.contentsTooLarge(layer: layer.debugName, width: image.width, height: image.height, limit: limit))
                return
            }
            append(.setContents(layer.id, ContentsUpdate(image: image.image, sharedImageID: image.id)), on: screen)
        case .backingStore(let bitmap):
            // Drawn off screen against a default limit, it may exceed this GPU's.
            guard bitmap.size.width <= limit, bitmap.size.height <= limit else {
                screen.record(.backingStoreTooLarge(layer: layer.debugName, size: CGSize(width: bitmap.size.width, height: bitmap.size.height), limit: limit))
                return
            }
            let all = PixelRect(x: 0, y: 0, width: bitmap.size.width, height: bitmap.size.height)
            let region = whole ? all : (layer.pendingContentsRegion ?? all)
            append(
                .setContents(
                    layer.id,
                    ContentsUpdate(
                        size: bitmap.size, region: region, pixels: bitmap.bgraPixels(region),
                        isBGRA: true, isOpaque: layer.isOpaque)), on: screen)
        }
        layer.pendingContentsRegion = nil
    }
}

/// Core Animation's transaction controls. Main actor.
///
/// Every change to a layer or view belongs to a transaction. With none open, the first change
/// opens an implicit one that commits at the end of the current main-queue turn, so any number
/// of changes in one turn reach the compositor as one commit. `begin()`/`commit()` nest; only the
/// outermost commit sends.
@MainActor
public enum CATransaction {
    /// Opens an explicit transaction, nested in any open one.
    public static func begin() { Transaction.shared.begin() }

    /// Closes the innermost explicit transaction; closing the outermost sends everything
    /// changed since the last commit (implicit changes included).
    public static func commit() { Transaction.shared.end() }

    /// Commits the pending implicit transaction now, unless an explicit one is open (then its
    /// outermost `commit()` sends). Render paths call this so a frame sees this turn's changes.
    public static func flush() {
        if Transaction.shared.levels.isEmpty { Transaction.shared.commit() }
    }

    /// Whether property changes in the current transaction skip their implicit animations.
    public static func disableActions() -> Bool { Transaction.shared.current.disableActions }

    /// Sets whether the current transaction's changes skip implicit animations (with no explicit
    /// transaction open, the implicit one's).
    public static func setDisableActions(_ flag: Bool) { Transaction.shared.current.disableActions = flag }

    /// The duration of implicit animations in the current transaction, in seconds (0.25 by default).
    public static func animationDuration() -> CFTimeInterval { Transaction.shared.current.animationDuration }

    /// Sets the duration of implicit animations in the current transaction; 0 makes changes jump.
    public static func setAnimationDuration(_ duration: CFTimeInterval) {
        precondition(duration.isFinite && duration >= 0, "CATransaction.setAnimationDuration: \(duration) must be finite and at least 0")
        Transaction.shared.current.animationDuration = duration
    }

    /// The pacing of implicit animations in the current transaction; nil means Core Animation's
    /// `.default` curve.
    public static func animationTimingFunction() -> CAMediaTimingFunction? { Transaction.shared.current.timingFunction }

    /// Sets the pacing of implicit animations in the current transaction.
    public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) { Transaction.shared.current.timingFunction = function }

    /// The block run once the current transaction has been committed and its implicit animations have finished.
    public static func completionBlock() -> (@MainActor () -> Void)? { Transaction.shared.current.completion }

    /// Sets (replaces) the block run on the main actor after the current transaction's commit has
    /// been sent and the frame showing the end of the implicit animations it started has been
    /// drawn (or soon after the commit when it started none, or when they were removed). With no
    /// explicit transaction open, it belongs to the implicit transaction.
    public static func setCompletionBlock(_ block: (@MainActor () -> Void)?) { Transaction.shared.current.completion = block }
}
