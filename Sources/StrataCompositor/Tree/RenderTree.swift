import StrataCore
import StrataGL

/// The render thread's tree of layers, changed only by applying commits in order.
///
/// Render thread only. A commit is checked against the tree in full before any of it is applied,
/// so a refused commit leaves the tree exactly as it was.
final class RenderTree {
    // Render thread only, never lent out while read elsewhere: the layer table every operation
    // of a commit looks up skips dynamic exclusivity checks.
    @exclusivity(unchecked) private(set) var layers: [LayerID: RenderLayer] = [:]
    private(set) var root: RenderLayer?
    /// Layers with running animations, advanced at each frame.
    private var animated = AnimatedSet()
    /// The GL context textures are made in; nil for a tree of geometry and colours only (planning
    /// without a GPU, in tests), which refuses contents.
    private let context: GLContext?
    /// Layers showing external contents, which their owner may change at any time: redrawn every frame.
    private var liveContents: [LayerID: RenderLayer] = [:]
    /// Shared textures for small contents, one set per texture layout (images; drawn contents,
    /// which arrive in Cairo's B, G, R, A order and stay in it; opaque drawn contents), made when
    /// first needed.
    private var atlases: [ContentsAtlas.Layout: ContentsAtlas] = [:]
    /// Contents of immutable images, by image number, while some layer shows them.
    private var sharedContents: [UInt64: WeakContents] = [:]
    private struct WeakContents { weak var contents: LayerContents? }
    /// Pixels that layers which left the tree (or moved) painted in the last frame drawn: the
    /// next frame redraws them. Nil when none.
    private(set) var pendingDamage: PixelRect?
    /// Whether the next frame must redraw everything (a new root, a cleared tree).
    private(set) var needsFullRedraw = true
    /// Shared by every layer of the tree: ticks when the drawing order may have changed.
    let orderClock = RenderLayer.OrderClock()

    /// A tree whose contents textures live in `context` (nil: none, see `context`).
    init(context: GLContext?) {
        self.context = context
    }

    /// Contents bytes uploaded since `takeUploads()` last ran, and the wall time the uploads took.
    private var uploaded = (bytes: 0, seconds: 0.0)

    /// The bytes uploaded and the milliseconds it took since the last call (for the next frame's
    /// statistics), starting the count again.
    func takeUploads() -> (bytes: Int, milliseconds: Double) {
        defer { uploaded = (0, 0) }
        return (uploaded.bytes, uploaded.seconds * 1000)
    }

    /// Uploads `pixels` into `region` of `contents`, counting the bytes and the time.
    private func upload(_ region: PixelRect, pixels: [UInt8], into contents: LayerContents) {
        let start = MonotonicTime.now()
        contents.upload(region, pixels: pixels)
        uploaded.seconds += MonotonicTime.now() - start
        uploaded.bytes += pixels.count
    }

    /// The atlas for contents laid out as `update`'s pixels are.
    private func atlas(for update: ContentsUpdate) throws -> ContentsAtlas {
        let layout = ContentsAtlas.Layout(of: update)
        if let atlas = atlases[layout] { return atlas }
        let atlas = ContentsAtlas(context: try requireContext(), layout: layout)
        atlases[layout] = atlas
        return atlas
    }

    /// Applies every operation of `commit` in order, or none of them.
    /// - Throws: `CommitError` for unknown or duplicate layers and cycles, or a `GLError` when a
    ///   contents texture cannot be created — nothing applied either way — or `AppliedWithError`
    ///   when everything applied but an external image the driver refused (that layer shows none).
    func apply(_ commit: Commit) throws {
        let needed = try check(commit)
        // Every texture the commit needs is made before any operation applies: a failed
        // allocation (the GPU out of memory) leaves the tree as it was, not half a commit.
        var fresh: [Int: LayerContents] = [:]
        for index in needed {
            guard case .setContents(_, let update?) = commit.operations[index] else { continue }
            fresh[index] =
                if let imageID = update.sharedImageID { try sharedContents(for: imageID, update) } else {
                    try atlas(for: update).makeContents(size: update.size)
                }
        }
        version &+= 1
        var deferred: AppliedWithError?
        for (index, operation) in commit.operations.enumerated() {
            switch operation {
            case .createLayer(let id):
                layers[id] = RenderLayer(id: id, orderClock: orderClock)
            case .destroyLayer(let id):
                guard let layer = layers.removeValue(forKey: id) else { continue }
                liveContents[id] = nil
                layer.frame.coveredListing = nil  // the renderer's index drops it when it next prunes
                damagePainted(layer)
                animated.remove(layer)
                detach(layer)
                for sublayer in layer.sublayers { sublayer.superlayer = nil }
                layer.maskOwner?.setMask(nil)
                layer.setMask(nil)
                layer.sublayers = []
                layer.contents = nil
                if root === layer { root = nil }
            case .setRoot(let id):
                root = id.flatMap { layers[$0] }
                needsFullRedraw = true
                orderClock.ticks &+= 1
            case .insertSublayer(let id, let parentID, let index):
                guard let layer = layers[id], let parent = layers[parentID] else { continue }
                if layer.superlayer === parent {
                    // Already there (a sender restating its sublayers' order): nothing changes.
                    let last = parent.sublayers.count - 1
                    let target = min(index ?? last, last)
                    if parent.sublayers.indices.contains(target), parent.sublayers[target] === layer { continue }
                }
                // Put back into the tree, or moved: it may now be drawn before or after others.
                if layer.superlayer != nil || layer.wasAttached { orderClock.ticks &+= 1 }
                detach(layer)
                layer.maskOwner?.setMask(nil)  // a mask put into a tree stops masking
                let at = min(index ?? parent.sublayers.count, parent.sublayers.count)
                parent.sublayers.insert(layer, at: at)
                layer.superlayer = parent
                layer.wasAttached = true
                layer.markDamaged()
            case .removeFromSuperlayer(let id):
                if let layer = layers[id] { detach(layer) }
            case .set(let id, let property):
                guard let layer = layers[id] else { continue }
                layer.apply(property)
                layer.markDamaged()
                if property.key.shapesTime { hasLayerTimes = true }
            case .setMask(let id, let maskID):
                guard let layer = layers[id] else { continue }
                layer.setMask(maskID.flatMap { layers[$0] })
            case .setPreparedContent(let id, let rect):
                layers[id]?.preparedContent = rect
            case .removeAllLayers:
                removeAll()
                needsFullRedraw = true
                orderClock.ticks &+= 1
            case .addAnimation(let id, let animation):
                guard let layer = layers[id] else { continue }
                layer.addAnimation(animation)
                layer.markDamaged()
                animated.insert(layer)
            case .removeAllAnimations(let id):
                layers[id]?.removeAllAnimations()
                layers[id]?.markDamaged()
                if let layer = layers[id] { animated.remove(layer) }
            case .removeAnimations(let id, let group):
                layers[id]?.removeAnimations(group: group)
                layers[id]?.markDamaged()
            case .setExternalContents(let id, let external):
                guard let layer = layers[id] else { continue }
                layer.markDamaged()
                do {
                    let context = try requireContext()  // before any GL call
                    if case .texture(let name) = external.source, !GLTextureName.isTexture(name, gl: context.gl) {
                        throw GLError.glCallFailed(
                            function:
                                "texture \(name) is not a texture of the compositor's context (glIsTexture is false); pass a name from glGenTextures that holds a GL_TEXTURE_2D image; glIsTexture",
                            code: GL.invalidValue)
                    }
                    layer.contents = try LayerContents(external: external, context: context)
                    liveContents[id] = layer
                } catch {
                    // An image the driver refuses: the layer shows no contents, the rest of the
                    // commit still applies (so the tree stays as its sender believes), and the
                    // error is thrown once it has.
                    layer.contents = nil
                    liveContents[id] = nil
                    deferred =
                        deferred
                        ?? AppliedWithError(
                            underlying: GLError.glCallFailed(
                                function: "\(id): external contents \(external.source) refused, the layer shows none (\(error))", code: GL.invalidOperation))
                }
            case .setContents(let id, let update):
                guard let layer = layers[id] else { continue }
                layer.markDamaged()
                liveContents[id] = nil
                guard let update else {
                    layer.contents = nil
                    continue
                }
                // The texture `check` found this update needs (new size or layout, or an image's),
                // made before anything applied; otherwise the pixels go into the one shown.
                if let made = fresh.removeValue(forKey: index) { layer.contents = made }
                // An image's texture holds its pixels from when it was made.
                if update.sharedImageID != nil { continue }
                guard let contents = layer.contents else { continue }
                if contents.isBGRA == update.isBGRA {
                    upload(update.region, pixels: update.pixels, into: contents)
                } else {
                    // Part of a picture in the other byte order (not something Strata's model sends): swap red and blue here.
                    upload(update.region, pixels: Self.swappingRedAndBlue(update.pixels), into: contents)
                }
            }
        }
        if let deferred { throw deferred }
    }

    /// The GL context, or the error of a tree made without one that was given contents.
    private func requireContext() throws -> GLContext {
        guard let context else { throw GLError.noCurrentContext(caller: "RenderTree: a tree made without a GL context (for planning only) was given contents") }
        return context
    }

    /// A commit that applied whole except for one layer's contents, which the GPU refused (that
    /// layer shows none): the tree is as its sender believes.
    struct AppliedWithError: Error {
        let underlying: any Error
    }

    /// Four-byte pixels with their first and third bytes exchanged (RGBA ⇄ BGRA).
    static func swappingRedAndBlue(_ pixels: [UInt8]) -> [UInt8] {
        var out = pixels
        out.withUnsafeMutableBytes { swapRedAndBlue($0.baseAddress!, into: $0.baseAddress!, pixels: $0.count / 4) }
        return out
    }

    /// The texture of image `imageID`: the one a layer already shows, or a new one with `update`'s pixels.
    private func sharedContents(for imageID: UInt64, _ update: ContentsUpdate) throws -> LayerContents {
        if let existing = sharedContents[imageID]?.contents, existing.width == update.size.width, existing.height == update.size.height,
            existing.layout == ContentsAtlas.Layout(of: update)
        {
            return existing
        }
        let contents = try atlas(for: update).makeContents(size: update.size)
        upload(update.region, pixels: update.pixels, into: contents)
        contents.isShared = true
        // An image is uploaded once: look at its alpha once, so an opaque one can hide what it covers.
        contents.isOpaque =
            contents.isOpaque
            || update.pixels.withUnsafeBytes { bytes in
                stride(from: 3, to: bytes.count, by: 4).allSatisfy { bytes[$0] == 255 }
            }
        if sharedContents.count > 64, sharedContents.count.isMultiple(of: 64) {
            sharedContents = sharedContents.filter { $0.value.contents != nil }  // forget images no layer shows
        }
        sharedContents[imageID] = WeakContents(contents: contents)
        return contents
    }

    private func detach(_ layer: RenderLayer) {
        guard let parent = layer.superlayer else { return }
        damagePainted(layer)
        parent.sublayers.removeAll { $0 === layer }
        layer.superlayer = nil
    }

    /// Dry-runs the structural part of a commit against the tree: every id must exist when used,
    /// no id is created twice, no insertion closes a cycle, and new contents of a new size cover it whole.
    /// Refuses a commit that cannot apply whole, changing nothing, and returns the indices of its
    /// `setContents` operations that need a texture made (an image's, or pixels of a new size or
    /// layout), for `apply` to make before it changes anything.
    private func check(_ commit: Commit) throws(CommitError) -> [Int] {
        var created: Set<LayerID> = []
        var destroyed: Set<LayerID> = []
        var parentOverride: [LayerID: LayerID?] = [:]
        var contentsSize: [LayerID: PixelSize?] = [:]
        var contentsShared: [LayerID: Bool] = [:]
        var contentsLayout: [LayerID: ContentsAtlas.Layout?] = [:]
        var needed: [Int] = []
        var cleared = false  // after removeAllLayers, only layers created since exist
        var gainedSublayers: Set<LayerID> = []  // layers given a sublayer by this commit
        // Masks set by this commit: each layer's mask, and each mask's owner.
        var maskOf: [LayerID: LayerID?] = [:]
        var maskOwner: [LayerID: LayerID?] = [:]
        func owner(ofMask id: LayerID) -> LayerID? {
            if let override = maskOwner[id] { return override }
            return cleared ? nil : layers[id]?.maskOwner?.id
        }

        // (Empty sets are not asked: a lookup hashes the id even then, and a commit of property
        // changes creates and destroys nothing.)
        func exists(_ id: LayerID) -> Bool {
            (destroyed.isEmpty || !destroyed.contains(id)) && ((!created.isEmpty && created.contains(id)) || (!cleared && layers[id] != nil))
        }
        func parent(of id: LayerID) -> LayerID? {
            if let override = parentOverride[id] { return override }
            return cleared ? nil : layers[id]?.superlayer?.id
        }
        for (index, operation) in commit.operations.enumerated() {
            switch operation {
            case .removeAllLayers:
                cleared = true
                gainedSublayers = []
                created = []
                destroyed = []
                parentOverride = [:]
                contentsSize = [:]
                contentsShared = [:]
                contentsLayout = [:]
            case .createLayer(let id):
                guard !exists(id), !destroyed.contains(id) else { throw .duplicateLayer(id) }
                created.insert(id)
                parentOverride[id] = .some(nil)
                contentsSize[id] = .some(nil)
                contentsLayout[id] = .some(nil)
            case .destroyLayer(let id):
                guard exists(id) else { throw .unknownLayer(id, operation: index) }
                destroyed.insert(id)
                parentOverride[id] = .some(nil)
            case .setRoot(let id):
                if let id, !exists(id) { throw .unknownLayer(id, operation: index) }
            case .insertSublayer(let id, let parentID, _):
                guard exists(id) else { throw .unknownLayer(id, operation: index) }
                guard exists(parentID) else { throw .unknownLayer(parentID, operation: index) }
                // Only a layer with sublayers can be an ancestor of the new parent: a leaf needs
                // no walk up the tree (which made a deep tree built from the top quadratic).
                let mayHaveSublayers = gainedSublayers.contains(id) || (!cleared && !created.contains(id) && layers[id]?.sublayers.isEmpty == false)
                if id == parentID { throw .cycle(layer: id, parent: parentID) }
                var ancestor: LayerID? = mayHaveSublayers ? parentID : nil
                while let current = ancestor, !destroyed.contains(current) {
                    if current == id { throw .cycle(layer: id, parent: parentID) }
                    ancestor = parent(of: current)
                }
                parentOverride[id] = .some(parentID)
                gainedSublayers.insert(parentID)
            case .removeFromSuperlayer(let id):
                guard exists(id) else { throw .unknownLayer(id, operation: index) }
                parentOverride[id] = .some(nil)
            case .setMask(let id, let mask):
                guard exists(id) else { throw .unknownLayer(id, operation: index) }
                guard let mask else {
                    if let old = maskOf[id] ?? (cleared ? nil : layers[id]?.mask?.id) { maskOwner[old] = .some(nil) }
                    maskOf[id] = .some(nil)
                    continue
                }
                guard exists(mask) else { throw .unknownLayer(mask, operation: index) }
                // Not in a tree, and not above the layer (through superlayers or layers masked).
                var above: LayerID? = id
                while let current = above, current != mask { above = parent(of: current) ?? owner(ofMask: current) }
                if above == mask || parent(of: mask) != nil { throw .invalidMask(layer: id, mask: mask, operation: index) }
                // The layer's old mask stops masking; the mask leaves a layer it masked.
                if let old = maskOf[id] ?? (cleared ? nil : layers[id]?.mask?.id) { maskOwner[old] = .some(nil) }
                if let previous = owner(ofMask: mask) { maskOf[previous] = .some(nil) }
                maskOf[id] = .some(mask)
                maskOwner[mask] = .some(id)
            case .set(let id, _), .addAnimation(let id, _), .removeAllAnimations(let id), .removeAnimations(let id, _), .setPreparedContent(let id, _):
                guard exists(id) else { throw .unknownLayer(id, operation: index) }
            case .setExternalContents(let id, let external):
                guard exists(id) else { throw .unknownLayer(id, operation: index) }
                contentsSize[id] = .some(external.size)
                contentsShared[id] = true  // never drawn into: pixels sent later replace them whole
                contentsLayout[id] = .some(nil)
            case .setContents(let id, let update):
                guard exists(id) else { throw .unknownLayer(id, operation: index) }
                let current: PixelSize? = contentsSize[id] ?? (cleared ? nil : layers[id]?.contents.map { PixelSize(width: $0.width, height: $0.height) })
                // Shared contents (an image's) are never drawn into: new pixels replace them whole.
                let shared = contentsShared[id] ?? (cleared ? false : layers[id]?.contents?.isShared ?? false)
                if let update, update.size != current || shared || update.sharedImageID != nil,
                    update.region != PixelRect(x: 0, y: 0, width: update.size.width, height: update.size.height)
                {
                    throw .invalidContents(
                        layer: id,
                        problem:
                            "contents of size \(update.size) (were \(current.map { "\($0)" } ?? "none")\(shared ? ", an image's" : "")) must be covered whole when new, resized or an image's, but the region is \(update.region)",
                        operation: index)
                }
                if let update {
                    let whole = update.region == PixelRect(x: 0, y: 0, width: update.size.width, height: update.size.height)
                    let layout = contentsLayout[id] ?? (cleared ? nil : layers[id]?.contents?.layout)
                    if update.sharedImageID != nil || shared || update.size != current || (whole && layout != ContentsAtlas.Layout(of: update)) {
                        needed.append(index)
                        contentsLayout[id] = .some(ContentsAtlas.Layout(of: update))
                    }
                } else {
                    contentsLayout[id] = .some(nil)
                }
                contentsSize[id] = .some(update?.size)
                contentsShared[id] = update?.sharedImageID != nil
            }
        }
        return needed
    }

    /// Adds what `layer` and its subtree painted in the last frame drawn to the pending damage
    /// (they are leaving that place) and forgets it.
    /// Walks with an explicit stack (a tree of any depth), into subtrees that painted something.
    private func damagePainted(_ layer: RenderLayer) {
        var stack = [layer]
        while let layer = stack.popLast() {
            if let box = layer.frame.drawnBox { pendingDamage = pendingDamage.map { $0.union(box) } ?? box }
            if let reach = layer.frame.shadowReach { pendingDamage = pendingDamage.map { $0.union(reach) } ?? reach }
            layer.frame.drawnBox = nil
            (layer.frame.pictureBox, layer.frame.shadowReach) = (nil, nil)
            layer.frame.worldValid = false  // wherever it goes next, its place and boxes are computed again
            guard layer.frame.subtreeBox != nil else { continue }
            layer.frame.subtreeBox = nil
            stack.append(contentsOf: layer.sublayers)
        }
    }

    /// Takes the pending damage and the full-redraw request for the frame being drawn.
    func takeDamage() -> (full: Bool, region: PixelRect?) {
        defer { pendingDamage = nil; needsFullRedraw = false }
        return (needsFullRedraw, pendingDamage)
    }

    /// Asks the next frame to redraw everything (the last one failed part way).
    func invalidate() {
        needsFullRedraw = true
        version &+= 1
    }

    /// Counts what may change a frame's pixels: applied commits, animation steps, live contents
    /// (which change without commits), invalidation. Equal versions draw the same frame.
    private(set) var version = 0

    /// Whether some layer shows external contents (so every frame must be drawn).
    var hasLiveContents: Bool { !liveContents.isEmpty }

    /// Whether some layer has been given a time of its own (`LayerState.hasOwnTime`): from then
    /// on each animated layer's animations run on its time, converted through its ancestors'.
    private var hasLayerTimes = false

    /// Shows every animated layer as it is at `time` and forgets finished animations; layers with
    /// external contents count as changed (their owner may have drawn into them). Each layer's
    /// animations run on its own time (see LayerTime.swift).
    func advanceAnimations(to time: Double) {
        if !liveContents.isEmpty || animated.count > 0 { version &+= 1 }
        for layer in liveContents.values { layer.isDamaged = true }
        var finished: [RenderLayer] = []
        var memo = RenderLayer.ProgressMemo()
        animated.layers.withUnsafeBufferPointer { layers in
            for layer in layers {
                layer.isDamaged = true
                let local = hasLayerTimes ? layer.localTime(time) : time
                if !layer.advanceAnimations(to: local, memo: &memo) { finished.append(layer) }
                if layer.reportsShownValues { layer.appendShownValues(to: &shownValues) }
                if layer.preparedContent != nil { checkerboardArea += layer.unpreparedArea }
            }
        }
        for layer in finished { animated.remove(layer) }
    }

    /// What the frames since the last call showed of the properties whose animations ask for it
    /// (`LayerAnimation.reportsShownValue`), in frame order; forgotten here.
    func takeShownValues() -> [ShownValue] {
        guard !shownValues.isEmpty else { return [] }
        defer { shownValues = [] }
        return shownValues
    }

    /// The area the last frame showed of animated layers' bounds beyond what their owners laid
    /// out (see `RenderLayer.unpreparedArea`); forgotten here.
    func takeCheckerboardArea() -> Double {
        defer { checkerboardArea = 0 }
        return checkerboardArea
    }

    /// How many layers are animating.
    var animatedLayerCount: Int { animated.count }
    /// Values shown for animations that ask for them, until the frame's statistics take them.
    private var shownValues: [ShownValue] = []
    /// The area shown beyond prepared content, until the frame's statistics take it.
    private var checkerboardArea = 0.0

    /// Releases every layer and its texture. Render thread only.
    func removeAll() {
        animated = AnimatedSet()
        liveContents = [:]
        for layer in layers.values {
            layer.sublayers = []
            layer.contents = nil
        }
        layers = [:]
        root = nil
        sharedContents = [:]
        for atlas in atlases.values { atlas.removeAll() }
    }
}

/// The layers with running animations: an array to walk each frame, with each layer's place
/// kept on the layer so adding and removing cost O(1). Render thread only.
struct AnimatedSet {
    private(set) var layers: [RenderLayer] = []

    var count: Int { layers.count }

    mutating func insert(_ layer: RenderLayer) {
        guard layer.animatedSlot == nil else { return }
        layer.animatedSlot = layers.count
        layers.append(layer)
    }

    mutating func remove(_ layer: RenderLayer) {
        guard let slot = layer.animatedSlot else { return }
        let last = layers.removeLast()
        if slot < layers.count {
            layers[slot] = last
            last.animatedSlot = slot
        }
        layer.animatedSlot = nil
    }
}
