import Dispatch
import Foundation
import Logging
import StrataCore
import StrataGraphics

// Overall design: every change to a layer sets a bit on that layer and, the first time in a turn,
// puts the layer on the transaction's list and schedules one `DispatchQueue.main.async` that
// commits at the end of the current main-queue turn (the implicit transaction). A commit first
// runs the layout pass, then walks only the changed layers: layers that left a screen's tree are
// destroyed in its render tree, layers that joined are created with their whole subtree (drawing
// first where a redraw is pending), and layers that stayed send just their changed properties and
// redrawn pixels. Each screen receives one `Commit` value per transaction; nothing else crosses to
// the render thread.

/// The commit of each main-queue turn: the layers changed and the layouts asked for since the
/// last commit, work waiting for the commit, and the commit itself (layout, drawing, one commit
/// value per layer context). Main actor.
@MainActor
package final class CommitScheduler {
    package static let shared = CommitScheduler()
    /// The model's log (swift-log), for what a program does wrong that Strata survives.
    private static let logger = Logger(label: "strata.model")

    // Main actor only, never lent out: the list every first change of a layer appends to skips
    // dynamic exclusivity checks, as the flag below does.
    @exclusivity(unchecked) private var changed: [CALayer] = []
    /// Screens to rebuild at the next commit.
    private var resets: [CAContext] = []
    /// Numbers the commits' placement walks (see `send`; `CALayer.placementPass`).
    private var placementPass = 0
    private var layoutRequests: [CALayer] = []
    @exclusivity(unchecked) private var implicitScheduled = false
    private var isCommitting = false
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
    func reset(_ screen: CAContext) {
        if !resets.contains(where: { $0 === screen }) { resets.append(screen) }
    }

    func layoutRequested(_ layer: CALayer) {
        layoutRequests.append(layer)
        scheduleImplicitCommit()
    }

    /// Runs `action` right after the next commit has been sent (synchronously, at the end of the
    /// commit), scheduling that commit when none is pending. Actions added while they run wait
    /// for the commit after.
    package func afterCommit(_ action: @escaping @MainActor () -> Void) {
        afterCommitActions.append(action)
        scheduleImplicitCommit()
    }

    /// Makes sure an animation block's commit happens (and its completion can run) even when it changed nothing.
    package func scheduleImplicitCommitForAnimations() { scheduleImplicitCommit() }

    /// Schedules the implicit commit at the end of this main-queue turn, once.
    func scheduleImplicitCommit() {
        guard !implicitScheduled else { return }
        implicitScheduled = true
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                let scheduler = CommitScheduler.shared
                scheduler.implicitScheduled = false
                if TransactionStack.shared.levels.isEmpty { scheduler.commit() }
            }
        }
    }

    func maxTextureSize(for screen: CAContext?) -> Int {
        screen?.commitSink.maxTextureSize ?? 16384
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

    /// The commit's work: layout, drawing, one commit value per layer context.
    private func send() {
        runLayout()
        let layers = changed
        changed = []
        for layer in layers { layer.isQueued = false }

        var builder = CommitBuilder()
        // Screens whose render tree lost step with the model: emptied and sent whole, first. Their
        // layers' render-tree generation is stale, so nothing below touches the old tree.
        for screen in resets where screen.rootLayer.renderedContext == nil {
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
        var shown: [CAContext] = []
        placementPass &+= 1
        let pass = placementPass
        let screenOf = layers.map { layer -> Int in
            var top = layer
            // (A mask's way to its screen goes through the layer it masks.)
            while top.placementPass != pass, let parent = top.superlayerStorage ?? top.maskOwner { top = parent }
            let place: Int
            if top.placementPass == pass {
                place = top.placementScreen
            } else if let screen = top.contextIfRoot {
                place = shown.firstIndex { $0 === screen } ?? shown.count
                if place == shown.count { shown.append(screen) }
            } else {
                place = -1
            }
            var marking = layer
            while marking.placementPass != pass {
                marking.placementPass = pass
                marking.placementScreen = place
                guard let parent = marking.superlayerStorage ?? marking.maskOwner else { break }
                marking = parent
            }
            return place
        }
        // Layers that left the tree their screen shows: release their render-tree copies first.
        let shownTrees = shown.map(\.renderTree)
        for (layer, on) in zip(layers, screenOf) where on < 0 || layer.committedTree != shownTrees[on] {
            if let committed = layer.renderedContext { builder.destroy(layer, on: committed) }
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
        for (layer, on) in zip(layers, screenOf) where on < 0 && !(layer.pendingAnimations.isEmpty && layer.pendingDrawnAnimations.isEmpty) {
            AnimationLedger.shared.discardUnsentAnimations(of: layer)
        }
        for (place, screen) in shown.enumerated() {
            for (layer, on) in zip(layers, screenOf) where on == place {
                // Read again: creating a subtree in this loop may have put the layer in the tree.
                if layer.isRendered(on: screen) {
                    builder.update(layer, on: screen)
                } else if layer.contextIfRoot === screen {
                    builder.create(layer, on: screen)
                    builder.append(.setRoot(layer.id), on: screen)
                }
            }
        }
        for (screen, commit) in builder.commits {
            commitCount += 1
            screen.send(commit)
        }
        TransactionStack.shared.closeImplicit()
        AnimationLedger.shared.committed()
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
