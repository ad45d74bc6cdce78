import CGLES3
import StrataCore
import StrataGL

// Overall design: a frame is a depth-first walk of the render tree. Each layer's world matrix
// maps its bounds space to target pixels (y down) as Core Animation composes them: the layer's
// transform about its anchor point, then its superlayer's sublayer transform about that layer's
// anchor point, then flattening into the superlayer's plane (z dropped, w kept for perspective).
// There is no depth buffer: siblings draw in order, sorted by zPosition. Clips use the scissor
// when the clipping layer is an axis-aligned rectangle on screen, otherwise a stencil mask whose
// value is the clip depth. A layer with opacity below 1 and visible sublayers is drawn at full
// opacity into an offscreen framebuffer the size of the target (scissored to the group's bounding
// box), then composited once with its opacity — unless nothing in the group overlaps (the paint
// boxes of its layers are disjoint), when each layer is drawn directly with the opacity multiplied
// in, which gives the same pixels without the offscreen pass.
//
// Occlusion: the pre-pass also numbers every quad it visits in drawing order and keeps the largest opaque,
// axis-aligned, unclipped fills as occluders; a quad inside an occluder drawn after it is not
// drawn, and a damaged region an occluder covers is not cleared first. The stencil buffer is
// cleared only in frames that clip with it.
//
// Reuse: a layer that did not change and whose parent space did not move keeps last frame's world
// matrix, boxes and instance floats, so a frame costs per unchanged layer little more than a copy.
//
// Damage: before drawing, `prepare` walks the tree, computing each layer's world matrix and the
// pixel box it paints. A layer whose look changed (a commit or an animation
// touched it, or an ancestor's did) or whose box moved damages where it was and where it is;
// layers that left the tree damage where they were. Only the union of the damage is cleared and
// redrawn (scissored), layers and subtrees outside it are skipped on the CPU, and a frame with no
// damage issues no GL call at all: the target keeps last frame's pixels.
//
// Batching: a quad is not drawn when the walk reaches it but appended, as one instance of 48
// floats, to the current batch. A batch is one instanced draw call; it is sent when the next quad
// needs another program or texture, before any clip, scissor, stencil or framebuffer change, and at
// the end of the frame, so quads still reach the GPU in exactly the walk's order. Batches are
// streamed into one instance buffer, each after the last, its storage orphaned only when full.
//
// Resting: layers that cannot show — hidden ones that painted nothing, leaves off the target,
// leaves hidden whole under an opaque layer drawn after them — drop out of the walk until they,
// their superlayer's space, the target, what covers them or the drawing order change (see
// `RenderLayer.isResting`); a frame in which covered leaves wake is walked a second time so they
// are placed and numbered. The walk's cost follows what is shown.
//
// Replay: a frame drawn whole straight into the target is recorded as its draw calls; a whole
// redraw of the unchanged tree into a target of the same kind (a host's framebuffer, every frame)
// issues them again without any walk.

/// An occluder as covered layers remember it: the opaque layer and the pixels it hid.
struct OccluderKey: Hashable {
    /// The layer's `serial`.
    var layer: UInt64
    var rect: PixelRect
}

/// Draws a render tree into a framebuffer. Render thread only.
final class Renderer {
    private let context: GLContext
    private let programs: [LayerShaderVariant: LayerProgram]
    private var current: (variant: LayerShaderVariant, program: LayerProgram)?
    private let quad: GLBuffer
    private let instanceBuffer: GLBuffer
    /// Where in `instanceBuffer` the instance attributes point now, in bytes.
    private var instanceOffset = 0
    private let vertexArray: GLVertexArray
    /// The batch being built: `batchCount` instances of `Instance.floats` floats each.
    private var batch: [Float] = []
    private var batchCount = 0
    private var batchVariant: LayerShaderVariant?
    private var batchTexture: GLuint = 0
    private var groupPool: [GLFramebuffer] = []
    private var statistics = FrameStatistics(index: 0, time: 0)
    /// This frame's opaque occluders (at most `maximumOccluders`, largest first).
    private var occluders: [Occluder] = []
    /// An opaque layer's inner pixels, its place in drawing order and the layer.
    private struct Occluder {
        var rect: PixelRect
        var order: Int
        var layer: UInt64
        var key: OccluderKey { OccluderKey(layer: layer, rect: rect) }
    }
    /// Leaves put to rest because an opaque layer drawn after them hides them, by that occluder
    /// (layer and pixels), each under one occluder at a time (`RenderLayer.coveredListing`; a
    /// destroyed leaf's is cleared, and its entry dropped at the next pruning). When an occluder
    /// is no longer among a frame's occluders its leaves wake (those it still hides where it now
    /// is move with it), and when the tree's drawing order changed (`lastOrderTicks`) they all
    /// do; a woken leaf still hidden rests again at once, one that may show has its pixels redrawn.
    private var coveredIndex: [OccluderKey: [UInt64: RenderLayer]] = [:]
    /// Entries in `coveredIndex`, and how many there may be before stale ones are dropped.
    private var coveredEntries = 0, coveredPruneAt = 1024
    private var lastOrderTicks = -1
    /// Numbers the walks (two in a frame where covered layers woke): `RenderLayer.lastWalk`.
    private var walk = 0
    /// Whether the last frame's walk and drawing ran to the end (else the next walks everything).
    private var lastFrameCompleted = false
    /// This frame's target, in pixels: occluders reaching its edges hide what lies beyond them.
    private var occlusionTarget = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// This frame: the next drawing-order number, and whether any clip needs the stencil.
    private var nextOrder = 0
    private var usesStencil = false
    /// This frame: whether the walk visits resting layers too (the target's size, scale or
    /// orientation changed, or the last frame did not complete).
    private var walksEverySublayer = true
    static let maximumOccluders = 8
    /// Bumped when the target's size, scale or orientation (so the projection) changes: cached
    /// instances are stale.
    private var cacheGeneration = 0
    private var lastTargetKey: DrawTarget.Key?
    /// The scissor rectangle in force (target pixels, y down), as last applied.
    private var scissor = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// The framebuffer being drawn into now; scissor rectangles are converted for it.
    private var currentTarget = DrawTarget(framebuffer: 0, width: 1, height: 1)
    /// The texture bound to unit 0 during a frame (0: none known).
    private var boundTexture: GLuint = 0
    /// Host textures drawn this frame: sampled through `hostSampler`, whose filtering and edges
    /// are Strata's, so the host's texture parameters are never touched.
    private var hostTextures: Set<GLuint> = []
    private var hostSampler: GLuint = 0
    private var samplerBound = false

    init(context: GLContext) throws {
        self.context = context
        var programs: [LayerShaderVariant: LayerProgram] = [:]
        for variant in LayerShaderVariant.allCases {
            programs[variant] = try LayerProgram(context: context, variant: variant)
        }
        self.programs = programs
        vertexArray = GLVertexArray(context: context)
        quad = GLBuffer(context: context, bytes: [0, 0, 1, 0, 0, 1, 1, 1])
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        instanceBuffer = GLBuffer(context: context, bytes: [Float](repeating: 0, count: Instance.floats), usage: GLenum(GL_STREAM_DRAW))
        for attribute in 1...12 {
            glEnableVertexAttribArray(GLuint(attribute))
            glVertexAttribDivisor(GLuint(attribute), 1)
        }
        Self.pointInstanceAttributes(at: 0)
        batch.reserveCapacity(1024 * Instance.floats)
        try context.checkError("layer program set-up")
    }

    /// Points the instance attributes (locations 1...12, one vec4 each) at the instances starting
    /// `offset` bytes into the bound `GL_ARRAY_BUFFER`, in the bound vertex array.
    private static func pointInstanceAttributes(at offset: Int) {
        let stride = GLsizei(Instance.floats * MemoryLayout<Float>.size)
        for attribute in 1...12 {
            glVertexAttribPointer(GLuint(attribute), 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                  UnsafeRawPointer(bitPattern: offset + (attribute - 1) * 4 * MemoryLayout<Float>.size))
        }
    }

    /// Releases the pooled offscreen framebuffers.
    func releasePools() {
        groupPool = []
    }

    deinit {
        if hostSampler != 0, context.isAlive { glDeleteSamplers(1, &hostSampler) }
    }

    /// One render pass: where pixels go and the clip state in force.
    private struct Pass {
        let target: DrawTarget
        /// Target pixels (y down, origin top-left) to clip space.
        let projection: Transform3D
        var scissor: PixelRect
        var stencilDepth = 0
    }

    /// Redraws what changed of `root` in `target` (everything with `fullRedraw`, when the target's
    /// pixels are unknown or the clear colour changed), plus `damage`, and returns what it cost.
    /// Redrawn regions are cleared to `clearColor` first. A frame with nothing to redraw issues no
    /// GL call (`redrawn == false`).
    ///
    /// `clearColor` nil leaves what the target holds under the layers (a host's own drawing); the
    /// root's space is scaled by `target.scale` (points to pixels).
    ///
    /// A whole redraw of a tree unchanged since the last frame (same `treeVersion`), drawn whole
    /// into a target of the same size and clear colour, issues that frame's draw calls again over
    /// the instance data still in the stream buffer, without walking the tree.
    func render(root: RenderLayer?, into target: DrawTarget, clearColor: Color?, statistics base: FrameStatistics,
                fullRedraw: Bool, damage pending: PixelRect?, treeVersion: Int) throws -> FrameStatistics {
        context.owner.preconditionCurrent("Renderer.render")
        statistics = base
        let full = PixelRect(x: 0, y: 0, width: target.width, height: target.height)
        recording = nil
        if fullRedraw, lastFrameCompleted, let replay, replay.treeVersion == treeVersion, replay.targetKey == target.key,
           replay.clearColor == clearColor, replay.storage == instanceBuffer.storageGeneration {
            do {
                try self.replay(replay, into: target, region: full)
            } catch {
                self.replay = nil
                lastFrameCompleted = false
                throw error
            }
            return statistics
        }
        replay = nil
        var damage: PixelRect? = fullRedraw ? full : pending
        beginWalk()
        occlusionTarget = full
        if !hostTextures.isEmpty { hostTextures.removeAll(keepingCapacity: true) }
        // Which layers show depends on the target, not on whether its pixels are known: a host's
        // every-frame full redraw still leaves resting layers out.
        walksEverySublayer = !lastFrameCompleted
        lastFrameCompleted = false
        if lastTargetKey != target.key {
            lastTargetKey = target.key
            cacheGeneration += 1
            walksEverySublayer = true
        }
        let rootSpace = Self.rootSpace(scale: target.scale)
        if let root {
            prepare(root, parentSpace: rootSpace, parentSpaceChanged: fullRedraw || root.isDamaged, parentVisible: true,
                    inheritedDamage: false, opaquePath: true, damage: &damage)
            let woken = coveredIndex.isEmpty ? [] : wakeUncoveredLayers(reordered: root.orderClock.ticks != lastOrderTicks)
            if !woken.isEmpty {
                // Layers woke that this walk left out: walk again, so they are placed and
                // numbered this frame (damage found so far stands), then let those still hidden
                // rest again and redraw where the others are.
                beginWalk()
                prepare(root, parentSpace: rootSpace, parentSpaceChanged: fullRedraw, parentVisible: true,
                        inheritedDamage: false, opaquePath: true, damage: &damage)
                for layer in woken where layer.lastWalk == walk && !layer.isResting {
                    guard let box = layer.drawnBox else { continue }
                    if let occluder = occluderHidingForGood(layer, box: box) {
                        restCovered(layer, under: occluder.key)
                    } else {
                        damage = damage.map { $0.union(box) } ?? box
                    }
                }
            }
            lastOrderTicks = root.orderClock.ticks
        } else {
            _ = wakeUncoveredLayers(reordered: true)   // nothing is drawn: forget every listing
        }
        guard let region = damage?.intersection(full), !region.isEmpty else {
            statistics.redrawn = false
            lastFrameCompleted = true
            return statistics
        }
        statistics.redrawnPixels = region.width * region.height
        if groupPool.first.map({ $0.width != target.width || $0.height != target.height }) ?? false {
            groupPool = []
        }
        let projection = Self.projection(width: target.width, height: target.height, yUp: target.yUp)
        if usesStencil, !target.hasStencil {
            // The host's framebuffer has no stencil for the clip masks: draw the frame into an
            // offscreen one of ours (same size and orientation, so cached quads still fit), then
            // lay that picture over the host's pixels.
            let framebuffer = try groupPool.popLast() ?? GLFramebuffer(context: context, width: target.width, height: target.height)
            defer { groupPool.append(framebuffer) }
            try drawFrame(root, rootSpace: rootSpace, target: target.offscreen(in: framebuffer), projection: projection, region: region, clearColor: .clear)
            statistics.offscreenPasses += 1
            try composite(framebuffer, box: region, opacity: 1, onto: Pass(target: target, projection: projection, scissor: region),
                          bindTarget: true)
        } else {
            // A frame drawn whole, straight into the target, without stencil clips, is recorded
            // to be issued again (a group pass or a host texture's sampler stop the recording).
            recording = region == full && !usesStencil ? Recording(storage: nil) : nil
            try drawFrame(root, rootSpace: rootSpace, target: target, projection: projection, region: region, clearColor: clearColor)
            if let recording, recording.isWhole, let storage = recording.storage {
                replay = Replay(targetKey: target.key, clearColor: clearColor, treeVersion: treeVersion, storage: storage,
                                clears: recording.clears, batches: recording.batches, layersDrawn: statistics.layersDrawn)
            }
            recording = nil
        }
        try context.checkError("frame of \(target.width)×\(target.height)")
        lastFrameCompleted = true
        return statistics
    }

    /// Starts a walk of the tree (`prepare`): no occluders yet, drawing-order numbers from 0, no
    /// clip needing the stencil, a new walk number.
    private func beginWalk() {
        occluders.removeAll(keepingCapacity: true)
        nextOrder = 0
        usesStencil = false
        walk += 1
    }

    // MARK: - Replay

    /// One draw call of a recorded frame: the program, the texture, where its instances start in
    /// the stream buffer and how many there are.
    private struct ReplayBatch {
        var variant: LayerShaderVariant
        var texture: GLuint
        var offset: Int
        var count: Int
        /// The scissor in force (a square clip narrows it).
        var scissor: PixelRect
    }

    /// A frame drawn whole into a target, as its draw calls, valid while the tree's version, the
    /// target's key and clear colour and the stream buffer's storage are the same.
    private struct Replay {
        var targetKey: DrawTarget.Key
        var clearColor: Color?
        var treeVersion: Int
        var storage: Int
        var clears: Bool
        var batches: [ReplayBatch]
        var layersDrawn: Int
    }
    private var replay: Replay?

    /// The frame being recorded: its draw calls, whether it cleared the target, and the stream
    /// buffer's storage its instances went to (`isWhole` false once one went to another, or the
    /// frame did something a replay does not repeat: a host texture's sampler).
    private struct Recording {
        var storage: Int?
        var clears = false
        var batches: [ReplayBatch] = []
        var isWhole = true
    }
    private var recording: Recording?

    /// Draws the target whole again with `replay`'s draw calls.
    private func replay(_ replay: Replay, into target: DrawTarget, region: PixelRect) throws {
        beginFrame(target, region: region, clearColor: replay.clearColor, clears: replay.clears)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer.rawValue)
        instanceOffset = -1
        for batch in replay.batches {
            if batch.scissor != scissor { applyScissor(batch.scissor) }
            _ = use(batch.variant)
            if batch.variant.textured { bind(texture: batch.texture) }
            Self.pointInstanceAttributes(at: batch.offset)
            glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(batch.count))
            statistics.drawCalls += 1
        }
        try context.checkError("replayed frame of \(target.width)×\(target.height)")
        statistics.layersDrawn = replay.layersDrawn
        statistics.redrawnPixels = region.width * region.height
        statistics.replayed = true
        lastFrameCompleted = true
    }

    /// Wakes the covered leaves whose occluder this frame's walk no longer found (gone, no longer
    /// opaque, or not among the largest; moved, unless it still hides them where it is now), or
    /// every covered leaf when the drawing order changed, and unlists them. Returns the woken
    /// leaves the next walk can reach and place (in the tree, painting somewhere).
    private func wakeUncoveredLayers(reordered: Bool) -> [RenderLayer] {
        var woken: [RenderLayer] = []
        var gone: [OccluderKey] = []
        var moved: [(RenderLayer, OccluderKey)] = []
        for (key, entries) in coveredIndex where reordered || !occluders.contains(where: { $0.key == key }) {
            gone.append(key)
            // The same occluder elsewhere (no reordering, so still drawn after its leaves).
            let now = reordered ? nil : occluders.first { $0.layer == key.layer }
            for layer in entries.values where layer.coveredListing == key {
                layer.coveredListing = nil
                // Resting for another reason since this walk's visit (hidden, off the target): only unlisted.
                guard layer.isResting, layer.lastWalk != walk else { continue }
                if let now, let box = layer.drawnBox, now.rect.contains(box) {
                    moved.append((layer, now.key))
                    continue
                }
                layer.setResting(false)
                if layer.superlayer != nil, layer.drawnBox != nil { woken.append(layer) }
            }
        }
        for key in gone {
            coveredEntries -= coveredIndex[key]?.count ?? 0
            coveredIndex[key] = nil
        }
        for (layer, key) in moved { restCovered(layer, under: key) }
        return woken
    }

    /// Draws the frame's `region` of `root` into `target`, cleared to `clearColor` first (nil: not cleared).
    private func drawFrame(_ root: RenderLayer?, rootSpace: Transform3D, target: DrawTarget, projection: Transform3D,
                           region: PixelRect, clearColor: Color?) throws {
        var pass = Pass(target: target, projection: projection, scissor: region)
        // An opaque layer covering the whole region paints every pixel anyway.
        let clears = clearColor != nil && !occluders.contains { $0.rect.contains(region) }
        recording?.clears = clears
        beginFrame(target, region: region, clearColor: clearColor, clears: clears)
        if let root {
            try draw(root, parentSpace: rootSpace, pass: &pass, isGroupRoot: false, inherited: 1)
        }
        try flush()
    }

    /// Binds `target` and sets the state every frame draws with, scissored to `region`, which is
    /// cleared to `clearColor` when `clears` (and its stencil when clip masks need it).
    private func beginFrame(_ target: DrawTarget, region: PixelRect, clearColor: Color?, clears: Bool) {
        bindTarget(target)
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_CULL_FACE))
        glDisable(GLenum(GL_STENCIL_TEST))
        glEnable(GLenum(GL_SCISSOR_TEST))
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
        glStencilMask(0xFF)
        applyScissor(region)
        let c = clearColor?.premultiplied ?? .zero
        glClearColor(c.x, c.y, c.z, c.w)
        glClearStencil(0)
        let mask = (clears ? GL_COLOR_BUFFER_BIT : 0) | (usesStencil ? GL_STENCIL_BUFFER_BIT : 0)
        if mask != 0 { glClear(GLbitfield(mask)) }
        current = nil
        boundTexture = 0
        samplerBound = false
        glBindSampler(0, 0)
        vertexArray.bind()
        glActiveTexture(GLenum(GL_TEXTURE0))
    }

    // MARK: - Damage

    /// Computes `layer`'s world matrix and paint boxes for this frame and adds what changed to
    /// `damage`: where a changed (or moved) layer painted last frame and where it paints now.
    private func prepare(_ layer: RenderLayer, parentSpace: Transform3D, parentSpaceChanged: Bool, parentVisible: Bool,
                         inheritedDamage: Bool, opaquePath: Bool, damage: inout PixelRect?) {
        let shown = !layer.state.isHidden && layer.state.opacity > 0
        let visible = parentVisible && shown
        let damaged = inheritedDamage || layer.isDamaged
        statistics.layersVisited += 1
        layer.lastWalk = walk
        // An invisible, unchanged subtree that painted nothing last frame has nothing to report
        // (and once hidden itself, it rests: the walk leaves it out until something changes).
        if !visible, !damaged, layer.frameSubtreeBox == nil, layer.drawnBox == nil {
            layer.setResting(!shown && layer.animatedSlot == nil)
            return
        }
        var box: PixelRect?
        // The matrices are read only where needed: an unchanged leaf (most layers) touches neither,
        // and each is two cache lines of a large object.
        var childSpace = Transform3D.identity
        var childSpaceChanged = false
        if visible, parentSpaceChanged || layer.isDamaged || !layer.worldValid {
            // Changed (or moved with its parent): compute where it lands.
            let world = layer.state.localTransform.concatenating(parentSpace)
            layer.frameWorld = world
            layer.cachedFillValid = false
            layer.frameBackFacing = !layer.state.isDoubleSided && Self.facesAway(world, layer.state.bounds)
            if layer.hasFill || layer.hasBorder, !layer.frameBackFacing {
                box = Self.paintBox(layer, world: world)
            }
            layer.occluderRect = box == nil ? nil : Self.occluderRect(layer, world: world)
            if !layer.sublayers.isEmpty {
                let space = Self.sublayerSpace(of: layer, world: world)
                childSpaceChanged = !layer.worldValid || !layer.childSpaceValid || space != layer.frameChildSpace
                layer.frameChildSpace = space
                childSpace = space
            }
            layer.childSpaceValid = !layer.sublayers.isEmpty
            layer.worldValid = true
        } else if visible {
            box = layer.drawnBox   // unchanged: last frame's place and boxes hold
            if !layer.sublayers.isEmpty {
                if layer.childSpaceValid {
                    childSpace = layer.frameChildSpace
                } else {
                    // Its first sublayers arrived: their parent space was never computed.
                    childSpace = Self.sublayerSpace(of: layer, world: layer.frameWorld)
                    layer.frameChildSpace = childSpace
                    layer.childSpaceValid = true
                    childSpaceChanged = true
                }
            }
        } else {
            childSpace = parentSpace   // not drawn: its sublayers only report where they painted
            layer.worldValid = false
            childSpaceChanged = true
        }
        if damaged || box != layer.drawnBox {
            if let b = layer.drawnBox { damage = damage.map { $0.union(b) } ?? b }
            if let b = box { damage = damage.map { $0.union(b) } ?? b }
        }
        layer.drawnBox = box
        layer.isDamaged = false
        let opaque = opaquePath && layer.state.opacity >= 1
        if box != nil {
            layer.fillOrder = nextOrder
            nextOrder += 1
            if opaque, let rect = layer.occluderRect { addOccluder(rect, order: layer.fillOrder, layer: layer.serial) }
        }
        var subtree = box
        if !layer.sublayers.isEmpty {
            if visible, layer.state.masksToBounds, layer.state.cornerRadius > 0 || Self.axisAlignedPixelRect(layer.frameWorld, layer.state.bounds) == nil {
                usesStencil = true
            }
            // A single-sided layer facing away hides its whole subtree, as `draw` skips it.
            let showsSublayers = visible && !layer.frameBackFacing
            // Resting sublayers are left out while this layer's space and the target are what they
            // were: a hidden one shows nothing whatever its superlayer does, and a leaf off the
            // target stays off it (a change of this layer's look alone cannot bring it on).
            let sublayers = !showsSublayers ? layer.sublayers
                : childSpaceChanged || walksEverySublayer ? layer.sublayersInDrawingOrder : layer.awakeSublayersInDrawingOrder
            for sublayer in sublayers {
                prepare(sublayer, parentSpace: childSpace, parentSpaceChanged: childSpaceChanged, parentVisible: showsSublayers,
                        inheritedDamage: damaged, opaquePath: opaque && !layer.state.masksToBounds, damage: &damage)
                if let s = sublayer.frameSubtreeBox { subtree = subtree.map { $0.union(s) } ?? s }
            }
        }
        if box != nil {
            layer.borderOrder = nextOrder
            nextOrder += 1
        }
        layer.frameSubtreeBox = visible && !layer.frameBackFacing ? subtree : box
        // Hidden with nothing painted, or a leaf painting nothing on the target: it rests, unless
        // an animation moves it frame by frame.
        let paintsNothingOnTarget = visible ? layer.sublayers.isEmpty && !(layer.frameSubtreeBox?.intersects(occlusionTarget) ?? false)
            : !shown && layer.frameSubtreeBox == nil && layer.drawnBox == nil
        layer.setResting(paintsNothingOnTarget && layer.animatedSlot == nil)
    }

    /// `layer`'s fill's pixels a pixel inside its edges when it can hide what lies under it: an
    /// opaque colour (alpha 1, no contents), square corners, landing axis-aligned on whole pixels.
    static func occluderRect(_ layer: RenderLayer, world: Transform3D) -> PixelRect? {
        // Opaque where it fills its bounds: an opaque background (contents drawn over it keep it
        // opaque), or opaque contents covering the bounds exactly.
        let opaqueBackground = (layer.state.backgroundColor?.alpha ?? 0) >= 1
        let opaqueContents = layer.contents?.isOpaque == true && layer.contentsFrame.map { same($0, layer.state.bounds) } == true
        guard opaqueBackground || opaqueContents, layer.state.cornerRadius <= 0,
              let rect = axisAlignedPixelRect(world, layer.state.bounds), rect.width > 2, rect.height > 2 else { return nil }
        return PixelRect(x: rect.x + 1, y: rect.y + 1, width: rect.width - 2, height: rect.height - 2)
    }

    /// Keeps an occluder (drawn at drawing-order number `order`) among the largest few. Pixels off
    /// the target are never drawn, so an occluder reaching an edge of the target (its inset
    /// included) hides everything beyond that edge too: a layer partly off the target under it
    /// is hidden as well.
    private func addOccluder(_ rect: PixelRect, order: Int, layer: UInt64) {
        let t = occlusionTarget, far = Self.pixelLimit
        let minX = rect.x <= t.x + 1 ? -far : rect.x, minY = rect.y <= t.y + 1 ? -far : rect.y
        let maxX = rect.x + rect.width >= t.x + t.width - 1 ? far : rect.x + rect.width
        let maxY = rect.y + rect.height >= t.y + t.height - 1 ? far : rect.y + rect.height
        let inner = PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        let area = inner.width * inner.height
        if occluders.count == Self.maximumOccluders {
            guard let last = occluders.last, last.rect.width * last.rect.height < area else { return }
            occluders.removeLast()
        }
        let at = occluders.firstIndex { $0.rect.width * $0.rect.height < area } ?? occluders.count
        occluders.insert(Occluder(rect: inner, order: order, layer: layer), at: at)
    }

    /// Puts a leaf that an occluder hides whole to rest (see `RenderLayer.isResting`) until what
    /// hides it or the drawing order changes. Not an occluder itself, so the occluders a frame
    /// finds do not depend on which layers rest.
    private func restCovered(_ layer: RenderLayer, under key: OccluderKey) {
        layer.setResting(true)
        guard layer.coveredListing != key else { return }   // already listed there
        if let old = layer.coveredListing, coveredIndex[old]?.removeValue(forKey: layer.serial) != nil {
            coveredEntries -= 1
        }
        layer.coveredListing = key
        if coveredIndex[key, default: [:]].updateValue(layer, forKey: layer.serial) == nil { coveredEntries += 1 }
        if coveredEntries >= coveredPruneAt {
            // Drop the entries of destroyed layers (their listing cleared) and of layers listed elsewhere.
            for key in Array(coveredIndex.keys) {
                coveredIndex[key] = coveredIndex[key]?.filter { $0.value.coveredListing == key }
                if coveredIndex[key]?.isEmpty == true { coveredIndex[key] = nil }
            }
            coveredEntries = coveredIndex.values.reduce(0) { $0 + $1.count }
            coveredPruneAt = max(1024, 2 * coveredEntries)
        }
    }

    /// Whether an occluder drawn after drawing-order number `order` hides all of `box`.
    private func isCovered(_ box: PixelRect, after order: Int) -> Bool {
        occluder(covering: box, after: order) != nil
    }

    /// An occluder drawn after drawing-order number `order` that hides all of `box`, if any.
    private func occluder(covering box: PixelRect, after order: Int) -> Occluder? {
        occluders.first { $0.order > order && $0.rect.contains(box) }
    }

    /// The occluder under which `layer` (painting `box`) may rest: it hides the layer's fill and
    /// border, and the layer is a leaf, not animated and not an occluder itself (so the frame's
    /// occluders do not depend on what rests).
    private func occluderHidingForGood(_ layer: RenderLayer, box: PixelRect) -> Occluder? {
        guard layer.sublayers.isEmpty, layer.animatedSlot == nil, layer.occluderRect == nil else { return nil }
        return occluder(covering: box, after: layer.hasBorder ? layer.borderOrder : layer.fillOrder)
    }

    /// The fill program `layer` needs: textured or not, rounded or not, and for contents nine-part
    /// slicing or texel-centre sampling (one texel per pixel).
    private func fillVariant(_ layer: RenderLayer, world: Transform3D) -> LayerShaderVariant {
        var variant = LayerShaderVariant(mode: .fill, textured: layer.contents != nil, rounded: layer.state.cornerRadius > 0)
        guard let contents = layer.contents, let frame = layer.contentsFrame else { return variant }
        if layer.state.contentsCenter != Self.unitRect {
            variant.nineSlice = true
        } else {
            let shown = layer.state.contentsRect
            variant.texelCentres = Self.landsTexelForPixel(world, frame: frame, shownPixels: Size(
                width: Double(contents.width) * shown.width, height: Double(contents.height) * shown.height), sliced: false)
            // Contents exactly covering the bounds, square corners: the plain program.
            variant.plainContents = !variant.texelCentres && !variant.rounded && Self.same(frame, layer.state.bounds)
        }
        return variant
    }

    /// Whether two rectangles are the same within a millionth of a point.
    static func same(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.minX - b.minX) < 1e-6 && abs(a.minY - b.minY) < 1e-6 && abs(a.width - b.width) < 1e-6 && abs(a.height - b.height) < 1e-6
    }

    /// Whether contents landing in `frame` (bounds space) under `world` put one texel on each target
    /// pixel, edges on whole pixels: an axis-aligned, unflipped, unscaled mapping. Such contents are
    /// sampled at texel centres (nearest filtering).
    static func landsTexelForPixel(_ world: Transform3D, frame: Rect, shownPixels: Size, sliced: Bool) -> Bool {
        guard !sliced, world.m12 == 0, world.m21 == 0, world.m14 == 0, world.m24 == 0, world.m44 == 1,
              world.m11 > 0, world.m22 > 0 else { return false }
        let epsilon = 1e-6
        guard abs(frame.width * world.m11 - shownPixels.width) < epsilon, abs(frame.height * world.m22 - shownPixels.height) < epsilon else { return false }
        let x = frame.minX * world.m11 + world.m41, y = frame.minY * world.m22 + world.m42
        return abs(x - x.rounded()) < epsilon && abs(y - y.rounded()) < epsilon
    }

    /// Whether no two quads of `layer`'s subtree can touch the same pixel (their paint boxes are
    /// disjoint, and no layer paints both a fill and a border), so drawing each with the group's
    /// opacity gives what compositing the group would. Checked for subtrees of up to 16 painting
    /// layers; larger ones are assumed to overlap.
    static func paintsDisjointly(_ layer: RenderLayer) -> Bool {
        var boxes: [PixelRect] = []
        func collect(_ l: RenderLayer) -> Bool {
            guard !l.state.isHidden, l.state.opacity > 0 else { return true }
            if let box = l.drawnBox {
                if l.hasFill && l.hasBorder { return false }
                if boxes.count == 16 || boxes.contains(where: { $0.intersects(box) }) { return false }
                boxes.append(box)
            }
            return l.sublayers.allSatisfy(collect)
        }
        return collect(layer)
    }

    /// The target pixels `layer` itself paints (its drawn rectangle, with a point of margin for
    /// antialiased edges, rounded outwards a pixel), clamped far beyond any target; the whole
    /// plane when part of it is behind the viewer.
    static func paintBox(_ layer: RenderLayer, world: Transform3D) -> PixelRect {
        let r = layer.drawnRect
        let rect = Rect(x: r.minX - 1, y: r.minY - 1, width: r.width + 2, height: r.height + 2)
        let everywhere = PixelRect(x: -pixelLimit, y: -pixelLimit, width: 2 * pixelLimit, height: 2 * pixelLimit)
        guard let (a, b, c, d) = projectedCorners(world, rect) else { return everywhere }
        let minX = min(a.x, b.x, c.x, d.x), maxX = max(a.x, b.x, c.x, d.x)
        let minY = min(a.y, b.y, c.y, d.y), maxY = max(a.y, b.y, c.y, d.y)
        guard let x0 = pixel(minX - 1, .down), let y0 = pixel(minY - 1, .down),
              let x1 = pixel(maxX + 1, .up), let y1 = pixel(maxY + 1, .up) else { return everywhere }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    // MARK: - The walk

    /// Draws `layer` and its subtree; `inherited` is the opacity of translucent ancestors drawn
    /// without an offscreen pass, multiplied into every quad.
    private func draw(_ layer: RenderLayer, parentSpace: Transform3D, pass: inout Pass, isGroupRoot: Bool, inherited: Float) throws {
        guard !layer.state.isHidden, layer.state.opacity > 0 else { return }
        // Nothing of the subtree lies in the region being drawn (or it faces away, single-sided:
        // `prepare` left it no box): skip it on the CPU.
        guard let subtreeBox = layer.frameSubtreeBox, subtreeBox.intersects(pass.scissor) else { return }
        // What the layer itself paints, when that reaches the region being drawn.
        let painted = layer.drawnBox.flatMap { $0.intersects(pass.scissor) ? $0 : nil }

        let visibleSublayers = layer.awakeSublayersInDrawingOrder.contains { !$0.state.isHidden && $0.state.opacity > 0 }
        if layer.state.opacity < 1, visibleSublayers, !isGroupRoot, !Self.paintsDisjointly(layer) {
            try drawGroup(layer, parentSpace: parentSpace, pass: &pass, inherited: inherited)
            return
        }
        let opacity = inherited * (isGroupRoot ? 1 : layer.state.opacity)
        if layer.hasFill, let box = painted {
            if !isCovered(box, after: layer.fillOrder) {
                try drawQuad(layer, pass: pass, mode: .fill, opacity: opacity)
            } else if let occluder = occluderHidingForGood(layer, box: box) {
                restCovered(layer, under: occluder.key)
            }
        }
        if visibleSublayers {
            let world = layer.frameWorld
            let childSpace = Self.sublayerSpace(of: layer, world: world)
            let saved = pass
            var clipped = true
            if layer.state.masksToBounds { clipped = try pushClip(layer, world: world, pass: &pass) }
            if clipped {
                for sublayer in layer.awakeSublayersInDrawingOrder {
                    try draw(sublayer, parentSpace: childSpace, pass: &pass, isGroupRoot: false, inherited: opacity)
                }
            }
            if layer.state.masksToBounds { try popClip(layer, pass: &pass, saved: saved) }
        }
        if layer.hasBorder, let box = painted, !isCovered(box, after: layer.borderOrder) {
            try drawQuad(layer, pass: pass, mode: .border, opacity: opacity)
        }
    }

    /// Draws `layer` and its subtree at full opacity into a pooled offscreen framebuffer, then
    /// composites that picture with the layer's opacity.
    /// - Throws: `GLError` when the offscreen framebuffer cannot be created (out of GPU memory):
    ///   the frame fails rather than showing the group without its opacity.
    private func drawGroup(_ layer: RenderLayer, parentSpace: Transform3D, pass: inout Pass, inherited: Float) throws {
        guard let box = layer.frameSubtreeBox?.intersection(pass.scissor), !box.isEmpty else { return }
        try flush()
        recording?.isWhole = false   // a replay does not repeat offscreen passes
        let framebuffer = try groupPool.popLast()
            ?? GLFramebuffer(context: context, width: pass.target.width, height: pass.target.height)
        boundTexture = 0   // making a framebuffer binds its texture: the cache no longer says what is bound
        statistics.offscreenPasses += 1
        // The group's framebuffer has the target's size and orientation, so the same projection
        // (and every cached quad) fits it.
        let inner = pass.target.offscreen(in: framebuffer)
        var groupPass = Pass(target: inner, projection: pass.projection, scissor: box)
        bindTarget(inner)
        glDisable(GLenum(GL_STENCIL_TEST))
        applyScissor(box)
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT))
        try draw(layer, parentSpace: parentSpace, pass: &groupPass, isGroupRoot: true, inherited: 1)
        try flush()
        try composite(framebuffer, box: box, opacity: inherited * layer.state.opacity, onto: pass, bindTarget: true)
        groupPool.append(framebuffer)
    }

    /// Draws `box` of an offscreen picture (drawn with `pass`'s projection) into `pass`'s target
    /// with `opacity`, now: the framebuffer may go back to the pool afterwards.
    private func composite(_ framebuffer: GLFramebuffer, box: PixelRect, opacity: Float, onto pass: Pass, bindTarget rebind: Bool) throws {
        if rebind {
            bindTarget(pass.target)
            applyScissor(pass.scissor)
            applyStencil(pass.stencilDepth)
        }
        let w = Double(pass.target.width), h = Double(pass.target.height)
        let boxRect = Rect(x: Double(box.x), y: Double(box.y), width: Double(box.width), height: Double(box.height))
        var instance = Instance(matrix: pass.projection, rect: boxRect, bounds: boxRect)
        // Rows of a y-up picture run bottom to top: sample it upside down.
        let shown = pass.target.yUp
            ? Rect(x: boxRect.minX / w, y: 1 - boxRect.minY / h, width: boxRect.width / w, height: -boxRect.height / h)
            : Rect(x: boxRect.minX / w, y: boxRect.minY / h, width: boxRect.width / w, height: boxRect.height / h)
        instance.setContents(frame: boxRect, shown: shown, center: Self.unitRect, shownSize: boxRect.size)
        instance.params = (opacity, 0, 0, 0)
        try enqueue(instance, variant: LayerShaderVariant(mode: .fill, textured: true), texture: framebuffer.color.rawValue)
        try flush()
    }

    /// Binds `target`'s framebuffer and sets the viewport to its drawn area.
    private func bindTarget(_ target: DrawTarget) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
        glViewport(GLint(target.origin.x), GLint(target.origin.y), GLsizei(target.width), GLsizei(target.height))
        currentTarget = target
    }

    /// Adds `layer`'s fill, border or clip mask (placed by its `frameWorld`) to the batch.
    private func drawQuad(_ layer: RenderLayer, pass: Pass, mode: LayerShaderVariant.Mode, opacity: Float) throws {
        if mode == .fill, layer.cachedFillValid, layer.cachedFillGeneration == cacheGeneration, layer.cachedFillOpacity == opacity {
            // Nothing about this quad changed since it was last sent: send the same floats.
            if let contents = layer.contents, contents.isHostTexture { hostTextures.insert(contents.textureName) }
            try enqueue(cached: layer.cachedFill, variant: layer.cachedFillVariant, texture: layer.contents?.textureName ?? 0)
            statistics.layersDrawn += 1
            return
        }
        let world = layer.frameWorld
        let rounded = layer.state.cornerRadius > 0
        let variant = switch mode {
        case .fill: fillVariant(layer, world: world)
        case .border: LayerShaderVariant(mode: .border, rounded: true)
        case .clipMask: LayerShaderVariant(mode: .clipMask, rounded: rounded)
        }
        let b = layer.state.bounds
        let contentsFrame = mode == .fill ? layer.contentsFrame : nil
        // Contents that overflow the bounds show unless the layer masks to them.
        var quad = contentsFrame == nil ? b : layer.drawnRect
        if variant.rounded {
            // Rounded shapes antialias their edge half a pixel outwards: give the fringe room, or a
            // circle that touches its bounds comes out flattened where it touches. The shader's
            // coverage is zero outside the shape, so the margin costs only its pixels.
            quad = Rect(x: quad.minX - 1, y: quad.minY - 1, width: quad.width + 2, height: quad.height + 2)
        }
        var instance = Instance(matrix: world.concatenating(pass.projection), rect: quad, bounds: b)
        instance.params = (opacity, Float(layer.state.cornerRadius), 0, 0)
        var texture: GLuint = 0
        switch mode {
        case .fill:
            instance.color = layer.state.backgroundColor?.premultiplied ?? .zero
            if let contents = layer.contents, let contentsFrame {
                let shown = layer.state.contentsRect
                instance.setContents(frame: contentsFrame, shown: contents.textureRect(shown), center: layer.state.contentsCenter,
                                     shownSize: Size(width: Double(contents.width) * shown.width / layer.state.contentsScale,
                                                     height: Double(contents.height) * shown.height / layer.state.contentsScale))
                instance.params.2 = layer.state.masksToBounds ? 1 : 0
                instance.params.3 = contents.isPremultiplied ? 0 : 1   // fills have no border width: the flag rides there
                texture = contents.textureName
                if contents.isHostTexture { hostTextures.insert(texture) }
            }
            statistics.layersDrawn += 1
        case .border:
            instance.color = layer.state.borderColor?.premultiplied ?? .zero
            instance.params.3 = Float(layer.state.borderWidth)
            if !layer.hasFill { statistics.layersDrawn += 1 }
        case .clipMask:
            break
        }
        if mode == .fill {
            let start = try enqueue(instance, variant: variant, texture: texture)
            layer.cachedFill.removeAll(keepingCapacity: true)   // reuse its storage: no allocation per frame
            layer.cachedFill.append(contentsOf: batch[start...])
            layer.cachedFillValid = true
            layer.cachedFillVariant = variant
            layer.cachedFillOpacity = opacity
            layer.cachedFillGeneration = cacheGeneration
        } else {
            try enqueue(instance, variant: variant, texture: texture)
        }
    }

    // MARK: - Batches

    /// One quad's instance attributes, in the order of `layer.vert`'s locations 1...12.
    struct Instance {
        static let floats = 48
        var matrix: Transform3D
        var rect: Rect
        var bounds: Rect
        var contentsFrame = Rect(x: 0, y: 0, width: 1, height: 1)
        var uvRect = Rect(x: 0, y: 0, width: 1, height: 1)
        var center = (0.0, 0.0, 1.0, 1.0)
        var slice = (1.0, 1.0, 1.0, 1.0)
        var color = SIMD4<Float>.zero
        /// Opacity, corner radius, clips contents (0/1), border width.
        var params: (Float, Float, Float, Float) = (1, 0, 0, 0)

        init(matrix: Transform3D, rect: Rect, bounds: Rect) {
            (self.matrix, self.rect, self.bounds) = (matrix, rect, bounds)
        }

        /// Where a texture lands (`frame`, bounds space), which part of it shows (`shown`, texture
        /// unit coordinates), its stretchable centre (unit coordinates of the shown part) and the
        /// shown part's own size in points (the size nine-part caps keep).
        mutating func setContents(frame: Rect, shown: Rect, center: Rect, shownSize: Size) {
            contentsFrame = frame
            uvRect = shown
            self.center = (center.minX, center.minY, center.maxX, center.maxY)
            slice = (frame.width, frame.height, shownSize.width, shownSize.height)
        }

        /// Appends the 48 floats to `batch`: converted on the stack, then one append (this runs
        /// once per changed quad; 48 single appends each checked the array's capacity).
        func append(to batch: inout [Float]) {
            let m = matrix
            func v(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> SIMD4<Float> {
                SIMD4<Float>(SIMD4<Double>(a, b, c, d))
            }
            var floats = (v(m.m11, m.m12, m.m13, m.m14), v(m.m21, m.m22, m.m23, m.m24),
                          v(m.m31, m.m32, m.m33, m.m34), v(m.m41, m.m42, m.m43, m.m44),
                          v(rect.minX, rect.minY, rect.width, rect.height),
                          v(bounds.minX, bounds.minY, bounds.width, bounds.height),
                          v(contentsFrame.minX, contentsFrame.minY, contentsFrame.width, contentsFrame.height),
                          v(uvRect.minX, uvRect.minY, uvRect.width, uvRect.height),
                          v(center.0, center.1, center.2, center.3),
                          v(slice.0, slice.1, slice.2, slice.3),
                          color, SIMD4<Float>(params.0, params.1, params.2, params.3))
            withUnsafeBytes(of: &floats) { batch.append(contentsOf: $0.bindMemory(to: Float.self)) }
        }
    }

    /// Adds a quad to the batch, sending the batch first when this quad needs another program or
    /// texture. Returns where its floats start in `batch`.
    @discardableResult
    private func enqueue(_ instance: Instance, variant: LayerShaderVariant, texture: GLuint) throws -> Int {
        let start = try makeRoom(variant: variant, texture: texture)
        instance.append(to: &batch)
        return start
    }

    /// Adds a quad's floats as sent before (see `drawQuad`).
    private func enqueue(cached floats: [Float], variant: LayerShaderVariant, texture: GLuint) throws {
        try makeRoom(variant: variant, texture: texture)
        batch.append(contentsOf: floats)
    }

    /// Counts one more quad for the batch, sending the batch first when the quad needs another
    /// program or texture. Returns where its floats go in `batch`.
    @discardableResult
    private func makeRoom(variant: LayerShaderVariant, texture: GLuint) throws -> Int {
        if batchCount > 0, variant != batchVariant || (variant.textured && texture != batchTexture) { try flush() }
        batchVariant = variant
        batchTexture = texture
        batchCount += 1
        return batch.count
    }

    /// Draws the batch as one instanced draw call and empties it.
    private func flush() throws {
        guard batchCount > 0, let variant = batchVariant else { return }
        _ = use(variant)
        if variant.textured {
            bind(texture: batchTexture)
            let wantSampler = !hostTextures.isEmpty && hostTextures.contains(batchTexture)
            if wantSampler != samplerBound {
                if wantSampler, hostSampler == 0 {
                    glGenSamplers(1, &hostSampler)
                    glSamplerParameteri(hostSampler, GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
                    glSamplerParameteri(hostSampler, GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
                    glSamplerParameteri(hostSampler, GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
                    glSamplerParameteri(hostSampler, GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
                }
                glBindSampler(0, wantSampler ? hostSampler : 0)
                samplerBound = wantSampler
            }
        }
        // Each batch goes after the last in the stream buffer (never over floats a queued draw
        // may still read); the attributes follow it there.
        let offset = batch.withUnsafeBufferPointer { instanceBuffer.stream($0.baseAddress!, count: $0.count) }
        if offset != instanceOffset {
            Self.pointInstanceAttributes(at: offset)
            instanceOffset = offset
        }
        if recording != nil {
            let storage = instanceBuffer.storageGeneration
            if recording?.storage == nil { recording?.storage = storage }
            if recording?.storage != storage || samplerBound { recording?.isWhole = false }
            recording?.batches.append(ReplayBatch(variant: variant, texture: batchTexture, offset: offset, count: batchCount, scissor: scissor))
        }
        glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(batchCount))
        statistics.drawCalls += 1
        let count = batchCount
        batch.removeAll(keepingCapacity: true)
        batchCount = 0
        try checkDraw("\(variant) batch of \(count) quads")
    }

    /// Debug builds check the GL error flag after every draw, naming it; release builds check
    /// once per frame, in `render`.
    @inline(__always)
    private func checkDraw(_ what: @autoclosure () -> String) throws {
        #if DEBUG
        try context.checkError(what())
        #endif
    }

    // MARK: - Clips

    /// Narrows the clip to `layer`'s bounds (and rounded corners). Returns false when nothing
    /// can show through the new clip, so the sublayers need not be drawn at all.
    private func pushClip(_ layer: RenderLayer, world: Transform3D, pass: inout Pass) throws -> Bool {
        if layer.state.cornerRadius <= 0, let rect = Self.axisAlignedPixelRect(world, layer.state.bounds) {
            pass.scissor = pass.scissor.intersection(rect)
            guard !pass.scissor.isEmpty else { return false }
            try flush()
            applyScissor(pass.scissor)
            return true
        }
        try flush()
        glEnable(GLenum(GL_STENCIL_TEST))
        glStencilFunc(GLenum(GL_EQUAL), GLint(pass.stencilDepth), 0xFF)
        glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_INCR))
        glColorMask(GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE))
        try drawQuad(layer, pass: pass, mode: .clipMask, opacity: 1)
        try flush()
        glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
        pass.stencilDepth += 1
        applyStencil(pass.stencilDepth)
        return true
    }

    /// Undoes `pushClip`, restoring the clip state in `saved`.
    private func popClip(_ layer: RenderLayer, pass: inout Pass, saved: Pass) throws {
        try flush()
        if pass.stencilDepth > saved.stencilDepth {
            glStencilFunc(GLenum(GL_EQUAL), GLint(pass.stencilDepth), 0xFF)
            glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_DECR))
            glColorMask(GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE))
            try drawQuad(layer, pass: pass, mode: .clipMask, opacity: 1)
            try flush()
            glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
        }
        pass = saved
        applyScissor(pass.scissor)
        applyStencil(pass.stencilDepth)
    }

    private func applyStencil(_ depth: Int) {
        if depth == 0 {
            glDisable(GLenum(GL_STENCIL_TEST))
        } else {
            glEnable(GLenum(GL_STENCIL_TEST))
            glStencilFunc(GLenum(GL_EQUAL), GLint(depth), 0xFF)
            glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_KEEP))
        }
    }

    /// Sets the scissor box to `rect` (target pixels, y down) of the current target: on Strata's own
    /// targets rows are stored top row first, so pixel y is GL's y; a y-up target flips it, and a
    /// host's viewport origin offsets it.
    private func applyScissor(_ rect: PixelRect) {
        scissor = rect
        let t = currentTarget
        let w = max(0, rect.width), h = max(0, rect.height)
        let y = t.yUp ? t.height - (rect.y + h) : rect.y
        glScissor(GLint(t.origin.x + rect.x), GLint(t.origin.y + y), GLsizei(w), GLsizei(h))
    }

    /// Binds `texture` to unit 0 unless it is bound already.
    private func bind(texture: GLuint) {
        guard texture != boundTexture else { return }
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        boundTexture = texture
        statistics.textureBinds += 1
    }

    /// Makes `variant`'s program current, switching only when it is not already.
    private func use(_ variant: LayerShaderVariant) -> LayerProgram {
        if let current, current.variant == variant { return current.program }
        guard let program = programs[variant] else {
            preconditionFailure("layer shader variant \(variant) was not compiled at start-up")
        }
        program.program.use()
        current = (variant, program)
        return program
    }

    static let unitRect = Rect(x: 0, y: 0, width: 1, height: 1)

    // MARK: - Geometry

    /// The parent space of `layer`'s sublayers (see `LayerState.sublayerSpace(world:)`).
    static func sublayerSpace(of layer: RenderLayer, world: Transform3D) -> Transform3D {
        layer.state.sublayerSpace(world: world)
    }

    /// Target pixels (origin top-left, y down) to clip space, z forced to 0 (no depth clipping).
    /// Pixel row y lands in framebuffer row y, so read-back rows come top row first; with `yUp`
    /// (a host's framebuffer, shown bottom row first) row 0 is the bottom, so the picture is upright.
    static func projection(width: Int, height: Int, yUp: Bool = false) -> Transform3D {
        Transform3D(
            m11: 2 / Double(width), m12: 0, m13: 0, m14: 0,
            m21: 0, m22: (yUp ? -2 : 2) / Double(height), m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 0, m34: 0,
            m41: -1, m42: yUp ? 1 : -1, m43: 0, m44: 1)
    }

    /// The root layer's parent space: flattening, then `scale` pixels per point.
    static func rootSpace(scale: Double) -> Transform3D {
        guard scale != 1 else { return LayerState.flatten }
        var m = LayerState.flatten
        m.m11 = scale
        m.m22 = scale
        return m
    }

    /// The four corners of `r` (top-left, top-right, bottom-right, bottom-left) mapped by `world`,
    /// or nil when one lies behind the viewer. No allocation: this runs for every changed layer.
    @inline(__always)
    private static func projectedCorners(_ world: Transform3D, _ r: Rect) -> (Point, Point, Point, Point)? {
        guard let a = world.project(Point(x: r.minX, y: r.minY)), let b = world.project(Point(x: r.maxX, y: r.minY)),
              let c = world.project(Point(x: r.maxX, y: r.maxY)), let d = world.project(Point(x: r.minX, y: r.maxY)) else { return nil }
        return (a, b, c, d)
    }

    /// Whether the layer's front faces away from the viewer: its projected corners wind the other
    /// way round. Layers partly behind the viewer are never called back-facing.
    static func facesAway(_ world: Transform3D, _ bounds: Rect) -> Bool {
        guard let (a, b, c, d) = projectedCorners(world, bounds) else { return false }
        let area = (a.x * b.y - b.x * a.y) + (b.x * c.y - c.x * b.y) + (c.x * d.y - d.x * c.y) + (d.x * a.y - a.x * d.y)
        return area < 0
    }

    /// The pixel rectangle a layer's bounds cover when they land on the target as an axis-aligned
    /// rectangle (translation and scale, any 90° turn); nil otherwise. Edges round to the nearest pixel.
    static func axisAlignedPixelRect(_ world: Transform3D, _ bounds: Rect) -> PixelRect? {
        guard world.m14 == 0, world.m24 == 0, world.m44 == 1, let (a, b, c, d) = projectedCorners(world, bounds) else { return nil }
        let epsilon = 1e-6
        let horizontalFirst = abs(a.y - b.y) < epsilon && abs(b.x - c.x) < epsilon
        let verticalFirst = abs(a.x - b.x) < epsilon && abs(b.y - c.y) < epsilon
        guard horizontalFirst || verticalFirst else { return nil }
        guard let x0 = pixel(min(a.x, b.x, c.x, d.x), .toNearestOrEven), let x1 = pixel(max(a.x, b.x, c.x, d.x), .toNearestOrEven),
              let y0 = pixel(min(a.y, b.y, c.y, d.y), .toNearestOrEven), let y1 = pixel(max(a.y, b.y, c.y, d.y), .toNearestOrEven) else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Far beyond any target: projected coordinates are clamped here so integer arithmetic on
    /// pixel rectangles cannot overflow, whatever finite transform a layer has.
    static let pixelLimit = 1 << 30

    /// A projected coordinate as a whole pixel, clamped to ±`pixelLimit`; nil when not finite.
    @inline(__always)
    private static func pixel(_ value: Double, _ rule: FloatingPointRoundingRule) -> Int? {
        guard value.isFinite else { return nil }
        return Int(min(max(value, -Double(pixelLimit)), Double(pixelLimit)).rounded(rule))
    }
}
