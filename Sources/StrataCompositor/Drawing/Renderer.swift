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
//
// Where each stage lives: `FramePlanner` (Planning/, no GL) walks the tree before drawing
// (placement, damage, occluders, resting) and returns a `FramePlan`, a value: the operations in
// drawing order with the quads they draw (instance floats, program, texture), which the
// renderer executes without reading the tree. This file holds the GL state and `render` (plan,
// then draw); Renderer+Walk.swift executes the plan, Renderer+Batches.swift the instanced
// batches, Renderer+Clips.swift scissor and stencil, Renderer+Shadows.swift picture shadows, and
// Renderer+Replay.swift replay.

/// Draws a render tree into a framebuffer. Render thread only.
final class Renderer {
    // Render thread only, and never lent out while read elsewhere: the batch and frame state
    // written for every quad skip dynamic exclusivity checks.
    let context: GLContext
    /// The context's GL functions (the driver's, or a recording table in tests).
    let gl: any GLFunctions
    let programs: [LayerShaderVariant: LayerProgram]
    /// Blurs pictures into the shadows layers cast of them (see Renderer+Shadows.swift).
    let shadowProgram: ShadowProgram
    @exclusivity(unchecked) var current: (variant: LayerShaderVariant, program: LayerProgram)?
    let quad: GLBuffer
    let instanceBuffer: GLBuffer
    /// Where in `instanceBuffer` the instance attributes point now, in bytes.
    @exclusivity(unchecked) var instanceOffset = 0
    let vertexArray: GLVertexArray
    /// The batch being built: `batchCount` instances of `QuadInstance.floatCount` floats each.
    @exclusivity(unchecked) var batch: [Float] = []
    @exclusivity(unchecked) var batchCount = 0
    @exclusivity(unchecked) var batchVariant: LayerShaderVariant?
    @exclusivity(unchecked) var batchTexture: UInt32 = 0
    @exclusivity(unchecked) var groupPool: [GLFramebuffer] = []
    @exclusivity(unchecked) var statistics = FrameStatistics(index: 0, time: 0)
    /// Whether the last frame's walk and drawing ran to the end (else the next walks everything).
    @exclusivity(unchecked) var lastFrameCompleted = false
    /// Plans each frame before it is drawn: placement, damage, occlusion, resting (no GL).
    let planner = FramePlanner()
    /// The last frame's plan, kept until the next frame plans (it holds the planner's buffers:
    /// emptied before planning, so the planner reuses them without copying).
    @exclusivity(unchecked) var plan = FramePlan.empty
    @exclusivity(unchecked) var lastTargetKey: DrawTarget.Key?
    /// The scissor rectangle in force (target pixels, y down), as last applied.
    @exclusivity(unchecked) var scissor = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// The framebuffer being drawn into now; scissor rectangles are converted for it.
    @exclusivity(unchecked) var currentTarget = DrawTarget(framebuffer: 0, width: 1, height: 1)
    /// The texture bound to unit 0 during a frame (0: none known).
    @exclusivity(unchecked) var boundTexture: UInt32 = 0
    /// Host textures drawn this frame: sampled through `hostSampler`, whose filtering and edges
    /// are Strata's, so the host's texture parameters are never touched.
    @exclusivity(unchecked) var hostTextures: Set<UInt32> = []
    @exclusivity(unchecked) var hostSampler: UInt32 = 0
    @exclusivity(unchecked) var samplerBound = false
    /// Batches drawn so far this frame (the `batches` debug switch colours them in turn).
    @exclusivity(unchecked) var debugBatch = 0
    /// Whether the batch being drawn lays an offscreen pass's picture back: the debug switches
    /// draw it as it is (what was drawn in it already shows their marks).
    @exclusivity(unchecked) var compositing = false

    /// What the renderer draws to help debugging.
    let debug: DebugOptions

    init(context: GLContext, debug: DebugOptions = []) throws {
        self.context = context
        gl = context.gl
        self.debug = debug
        var programs: [LayerShaderVariant: LayerProgram] = [:]
        for variant in LayerShaderVariant.allCases {
            programs[variant] = try LayerProgram(context: context, variant: variant)
        }
        self.programs = programs
        shadowProgram = try ShadowProgram(context: context)
        vertexArray = GLVertexArray(context: context)
        vertexArray.label("strata layer quads")
        quad = GLBuffer(context: context, bytes: [0, 0, 1, 0, 0, 1, 1, 1])
        quad.label("strata unit square")
        gl.enableVertexAttribArray(0)
        gl.vertexAttribPointer(0, 2, GL.float, GL.booleanFalse, 0, nil)
        instanceBuffer = GLBuffer(context: context, bytes: [Float](repeating: 0, count: QuadInstance.floatCount), usage: GL.streamDraw)
        instanceBuffer.label("strata quad instances")
        for attribute in 1...12 {
            gl.enableVertexAttribArray(UInt32(attribute))
            gl.vertexAttribDivisor(UInt32(attribute), 1)
        }
        pointInstanceAttributes(at: 0)
        batch.reserveCapacity(1024 * QuadInstance.floatCount)
        try context.checkError("layer program set-up")
    }

    /// Points the instance attributes (locations 1...12, one vec4 each) at the instances starting
    /// `offset` bytes into the bound `GL_ARRAY_BUFFER`, in the bound vertex array.
    func pointInstanceAttributes(at offset: Int) {
        let stride = Int32(QuadInstance.floatCount * MemoryLayout<Float>.size)
        for attribute in 1...12 {
            gl.vertexAttribPointer(
                UInt32(attribute), 4, GL.float, GL.booleanFalse, stride,
                UnsafeRawPointer(bitPattern: offset + (attribute - 1) * 4 * MemoryLayout<Float>.size))
        }
    }

    deinit {
        if hostSampler != 0, context.isAlive { gl.deleteSamplers(1, &hostSampler) }
    }

    /// One render pass: where pixels go and the clip state in force.
    struct Pass {
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
    func render(
        root: RenderLayer?, into target: DrawTarget, clearColor: Color?, statistics base: FrameStatistics,
        fullRedraw: Bool, damage pending: PixelRect?, treeVersion: Int
    ) throws -> FrameStatistics {
        context.owner.preconditionCurrent("Renderer.render")
        statistics = base
        let full = PixelRect(x: 0, y: 0, width: target.width, height: target.height)
        recording = nil
        if fullRedraw, lastFrameCompleted, debug.isEmpty, let replay, replay.treeVersion == treeVersion, replay.targetKey == target.key,
            replay.clearColor == clearColor, replay.storage == instanceBuffer.storageGeneration
        {
            do {
                try self.replay(replay, into: target, region: full)
            } catch {
                self.replay = nil
                lastFrameCompleted = false
                throw error
            }
            return statistics
        }
        if let old = replay {
            // Its list of draw calls is the next recording's storage (no allocation per frame).
            replay = nil
            spareBatches = old.batches
        }
        if !hostTextures.isEmpty { hostTextures.removeAll(keepingCapacity: true) }
        // Which layers show depends on the target, not on whether its pixels are known: a host's
        // every-frame full redraw still leaves resting layers out.
        var walkEverything = !lastFrameCompleted
        lastFrameCompleted = false
        if lastTargetKey != target.key {
            lastTargetKey = target.key
            walkEverything = true
        }
        plan = .empty  // the planner reuses its buffers: hold no reference to last frame's
        plan = planner.plan(
            root: root, size: PixelSize(width: target.width, height: target.height), scale: target.scale, yUp: target.yUp,
            fullRedraw: fullRedraw,
            damage: pending, walkEverything: walkEverything)
        statistics.layersVisited += plan.layersVisited
        let usesStencil = plan.usesStencil
        guard let region = plan.region else {
            statistics.redrawn = false
            lastFrameCompleted = true
            return statistics
        }
        statistics.redrawnPixels = region.width * region.height
        if groupPool.first.map({ $0.width != target.width || $0.height != target.height }) ?? false {
            groupPool = []
        }
        let projection = FrameGeometry.projection(width: target.width, height: target.height, yUp: target.yUp)
        if usesStencil, !target.hasStencil {
            // The host's framebuffer has no stencil for the clip masks: draw the frame into an
            // offscreen one of ours (same size and orientation, so cached quads still fit), then
            // lay that picture over the host's pixels.
            let framebuffer = try groupPool.popLast() ?? makePassFramebuffer(width: target.width, height: target.height)
            defer { groupPool.append(framebuffer) }
            try drawFrame(target: target.offscreen(in: framebuffer), projection: projection, region: region, clearColor: .clear)
            statistics.offscreenPasses += 1
            try composite(
                framebuffer, box: region, opacity: 1, onto: Pass(target: target, projection: projection, scissor: region),
                bindTarget: true)
        } else {
            // A frame drawn whole, straight into the target, without stencil clips, is recorded
            // to be issued again (a group pass or a host texture's sampler stop the recording).
            if region == full && !usesStencil {
                var batches: [ReplayBatch] = []
                swap(&batches, &spareBatches)
                batches.removeAll(keepingCapacity: true)
                recording = Recording(storage: nil, batches: batches)
            }
            try drawFrame(target: target, projection: projection, region: region, clearColor: clearColor)
            if let recording, recording.isWhole, let storage = recording.storage {
                replay = Replay(
                    targetKey: target.key, clearColor: clearColor, treeVersion: treeVersion, storage: storage,
                    clearWith: recording.clearWith, batches: recording.batches, layersDrawn: statistics.layersDrawn)
            } else if let recording {
                spareBatches = recording.batches
            }
            recording = nil
        }
        try context.checkError("frame of \(target.width)×\(target.height)")
        lastFrameCompleted = true
        return statistics
    }

    /// The last frame drawn whole, to be issued again (see Renderer+Replay.swift).
    var replay: Replay?
    /// A list of draw calls no longer needed, kept for its capacity: the next recording's.
    var spareBatches: [ReplayBatch] = []
    /// The frame being recorded, while it is drawn.
    var recording: Recording?

    /// Draws the plan's `region` into `target`: cleared first as the plan says for `clearColor`
    /// (nil: not cleared), then the plan's operations.
    func drawFrame(target: DrawTarget, projection: Transform3D, region: PixelRect, clearColor: Color?) throws {
        var pass = Pass(target: target, projection: projection, scissor: region)
        var clearWith = plan.clear(over: clearColor).color
        let clearPaints = plan.layersPaintedByClear > 0
        if debug.contains(.overdraw) { clearWith = Color(red: 0, green: 0, blue: 0, alpha: 1) }  // counts start at 0 every frame
        if !debug.isEmpty { recording = nil }  // a replay would not tint
        recording?.clearWith = clearWith
        beginFrame(target, region: region, clearColor: clearWith, clears: clearWith != nil)
        statistics.layersDrawn += plan.layersPaintedByClear + plan.layersDrawn
        if debug.contains(.overdraw), clearPaints {
            // The background the clear painted counts as one quad over the region.
            let r = Rect(x: Double(region.x), y: Double(region.y), width: Double(region.width), height: Double(region.height))
            try enqueue(QuadInstance(matrix: pass.projection, rect: r, bounds: r), variant: LayerShaderVariant(mode: .fill), texture: 0)
        }
        try execute(plan, pass: &pass)
        if debug.contains(.damage) {
            // The redrawn region, tinted translucent magenta (premultiplied) over what was drawn.
            let r = Rect(x: Double(region.x), y: Double(region.y), width: Double(region.width), height: Double(region.height))
            var tint = QuadInstance(matrix: pass.projection, rect: r, bounds: r)
            tint.color = SIMD4<Float>(0.25, 0, 0.25, 0.25)
            try enqueue(tint, variant: LayerShaderVariant(mode: .fill), texture: 0)
        }
        try flush()
    }

    /// Binds `target` and sets the state every frame draws with, scissored to `region`, which is
    /// cleared to `clearColor` when `clears` (and its stencil when clip masks need it).
    func beginFrame(_ target: DrawTarget, region: PixelRect, clearColor: Color?, clears: Bool) {
        bindTarget(target)
        gl.disable(GL.depthTest)
        gl.disable(GL.cullFace)
        gl.disable(GL.stencilTest)
        gl.enable(GL.scissorTest)
        gl.enable(GL.blend)
        gl.blendFunc(GL.one, GL.oneMinusSrcAlpha)
        gl.colorMask(GL.booleanTrue, GL.booleanTrue, GL.booleanTrue, GL.booleanTrue)
        gl.stencilMask(0xFF)
        applyScissor(region)
        let c = clearColor?.premultiplied ?? .zero
        gl.clearColor(c.x, c.y, c.z, c.w)
        gl.clearStencil(0)
        let mask = (clears ? GL.colorBufferBit : 0) | (plan.usesStencil ? GL.stencilBufferBit : 0)
        if mask != 0 { gl.clear(UInt32(mask)) }
        current = nil
        debugBatch = 0
        boundTexture = 0
        samplerBound = false
        gl.bindSampler(0, 0)
        vertexArray.bind()
        gl.activeTexture(GL.texture0)
    }

}
