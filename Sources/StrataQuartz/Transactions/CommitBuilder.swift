import Foundation
import StrataCore
import StrataGraphics

/// Turns changed layers into one `Commit` per layer context (`CAContext`). Main actor; lives for one commit.
@MainActor
struct CommitBuilder {
    private(set) var commits: [(CAContext, Commit)] = []

    private mutating func index(of screen: CAContext) -> Int {
        for i in commits.indices where commits[i].0 === screen { return i }
        commits.append((screen, Commit()))
        return commits.count - 1
    }

    mutating func append(_ operation: CommitOperation, on screen: CAContext) {
        commits[index(of: screen)].1.append(operation)
    }

    /// Releases `layer` and the sublayers that went with it from `screen`'s render tree, top
    /// down (an explicit stack: a deep tree must not run out of stack).
    mutating func destroy(_ layer: CALayer, on screen: CAContext) {
        var pending = [layer]
        while let layer = pending.popLast() {
            guard layer.isRendered(on: screen) else { continue }
            append(.destroyLayer(layer.id), on: screen)
            layer.committedContext = nil
            layer.committedTree = 0
            // Leaving the screen's tree ends its animations there, as in Core Animation.
            layer.dropActiveAnimations()
            pending.append(contentsOf: layer._sublayers.reversed())
            if let mask = layer.maskLayer, mask.maskOwner === layer, mask._superlayer == nil { pending.append(mask) }
        }
    }

    /// Creates `layer` and its subtree in `screen`'s render tree with their full state.
    mutating func create(_ layer: CALayer, on screen: CAContext) {
        createOne(layer, on: screen)
        insertSublayers(of: layer, on: screen)
    }

    /// Creates `layer` alone (not its sublayers) with its full state.
    private mutating func createOne(_ layer: CALayer, on screen: CAContext) {
        layer.startDrawnAnimations(on: screen)
        layer.displayIfNeeded()
        append(.createLayer(layer.id), on: screen)
        layer.committedContext = screen
        layer.committedTree = screen.renderTree
        for property in layer.state.properties(differingFrom: .defaults) { append(.set(layer.id, property), on: screen) }
        sendContents(of: layer, whole: true, on: screen)
        sendAnimations(of: layer, resendingRunning: true, on: screen)
        layer.changes = []
        if layer.maskLayer != nil { sendMask(of: layer, on: screen) }
        if layer.preparedContentRect != nil { sendPreparedContent(of: layer, on: screen) }
    }

    /// Sends what of its bounds space `layer`'s owner has laid out.
    private mutating func sendPreparedContent(of layer: CALayer, on screen: CAContext) {
        append(.setPreparedContent(layer.id, layer.preparedContentRect.map(\.core)), on: screen)
    }

    /// Sends `layer`'s mask (created with its subtree first, when the render tree lacks it), or
    /// that it has none.
    private mutating func sendMask(of layer: CALayer, on screen: CAContext) {
        if let mask = layer.maskLayer, !mask.isRendered(on: screen) { create(mask, on: screen) }
        append(.setMask(layer.id, mask: layer.maskLayer?.id), on: screen)
    }

    /// Sends what changed on `layer`, which `screen`'s render tree already has.
    mutating func update(_ layer: CALayer, on screen: CAContext) {
        layer.startDrawnAnimations(on: screen)
        layer.displayIfNeeded()
        let changes = layer.changes
        layer.changes = []
        if !changes.isDisjoint(with: .properties) {
            for key in changes.keys { append(.set(layer.id, layer.property(key)), on: screen) }
        }
        if changes.contains(.contents) { sendContents(of: layer, whole: false, on: screen) }
        if changes.contains(.animations) { sendAnimations(of: layer, resendingRunning: false, on: screen) }
        if changes.contains(.sublayers) { insertSublayers(of: layer, on: screen) }
        if changes.contains(.mask) { sendMask(of: layer, on: screen) }
        if changes.contains(.preparedContent) { sendPreparedContent(of: layer, on: screen) }
    }

    /// Puts every sublayer in order under `layer`, creating those the render tree lacks with
    /// their subtrees: each created whole before it is inserted, as a recursive walk would, but
    /// with an explicit stack (a deep tree must not run out of stack).
    private mutating func insertSublayers(of layer: CALayer, on screen: CAContext) {
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
    private mutating func sendAnimations(of layer: CALayer, resendingRunning: Bool, on screen: CAContext) {
        guard !layer.activeAnimations.isEmpty || !layer.pendingAnimations.isEmpty || !layer.pendingAnimationRemovals.isEmpty else { return }
        let guess = screen.mediaTime
        // Animations run on the layer's time (see CALayer+Timing.swift).
        let now = layer.localTime(fromMedia: guess)
        let shown = layer.localTime(fromMedia: screen.shownTime)
        layer.activeAnimations.removeAll { $0.isFinished(at: shown) }
        if resendingRunning {
            // Sent again whole (a new render tree): with the begin times the model has, final now.
            for i in layer.activeAnimations.indices {
                layer.activeAnimations[i].beginsAtFirstFrame = false
                append(.addAnimation(layer.id, layer.activeAnimations[i]), on: screen)
            }
        } else {
            for group in layer.pendingAnimationRemovals { append(.removeAnimations(layer.id, group: group), on: screen) }
        }
        layer.pendingAnimationRemovals = []
        for var animation in layer.pendingAnimations {
            // The render side stamps the begin time with the first frame that shows the commit
            // (the block's delay counts from there); the model's copy carries its guess of that
            // frame's time until the frame reports it (`CAContext.confirmBeginTimes`).
            animation.beginsAtFirstFrame = true
            append(.addAnimation(layer.id, animation), on: screen)
            animation.beginTime += now  // still flagged: the screen moves it when the frame reports
            screen.awaitBeginTime(of: layer, group: animation.group, guess: guess)
            layer.activeAnimations.append(animation)
            AnimationLedger.shared.animationSent(group: animation.group, beginTime: animation.beginTime, endTime: animation.endTime, layer: layer, screen: screen)
        }
        layer.pendingAnimations = []
    }

    /// Sends the layer's pixels: all of them, or the region redrawn since the last commit.
    private mutating func sendContents(of layer: CALayer, whole: Bool, on screen: CAContext) {
        let limit = screen.commitSink.maxTextureSize
        switch layer.contentsSource {
        case .none, .unshown:
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
