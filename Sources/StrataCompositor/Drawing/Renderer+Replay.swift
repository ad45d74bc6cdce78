import StrataCore
import StrataGL

// Replay: a frame drawn whole into a target is kept as its draw calls and issued again, without a
// walk, while the tree and the target are unchanged.

extension Renderer {
    // MARK: - Replay

    /// One draw call of a recorded frame: the program, the texture, where its instances start in
    /// the stream buffer and how many there are.
    struct ReplayBatch {
        var variant: LayerShaderVariant
        var texture: UInt32
        var offset: Int
        var count: Int
        /// The scissor in force (a square clip narrows it).
        var scissor: PixelRect
    }

    /// A frame drawn whole into a target, as its draw calls, valid while the tree's version, the
    /// target's key and clear colour and the stream buffer's storage are the same.
    struct Replay {
        var targetKey: DrawTarget.Key
        var clearColor: Color?
        var treeVersion: Int
        var storage: Int
        /// The colour the frame's region was cleared to (the clear colour, or a covering layer's
        /// fill), or nil when it was not cleared.
        var clearWith: Color?
        var batches: [ReplayBatch]
        var layersDrawn: Int
    }

    /// The frame being recorded: its draw calls, whether it cleared the target, and the stream
    /// buffer's storage its instances went to (`isWhole` false once one went to another, or the
    /// frame did something a replay does not repeat: a host texture's sampler).
    struct Recording {
        var storage: Int?
        var clearWith: Color?
        var batches: [ReplayBatch] = []
        var isWhole = true
    }

    /// Draws the target whole again with `replay`'s draw calls.
    func replay(_ replay: Replay, into target: DrawTarget, region: PixelRect) throws {
        beginFrame(target, region: region, clearColor: replay.clearWith, clears: replay.clearWith != nil)
        gl.bindBuffer(GL.arrayBuffer, instanceBuffer.rawValue)
        instanceOffset = -1
        for batch in replay.batches {
            if batch.scissor != scissor { applyScissor(batch.scissor) }
            _ = use(batch.variant)
            if batch.variant.textured { bind(texture: batch.texture) }
            pointInstanceAttributes(at: batch.offset)
            gl.drawArraysInstanced(GL.triangleStrip, 0, 4, Int32(batch.count))
            statistics.drawCalls += 1
        }
        try context.checkError("replayed frame of \(target.width)×\(target.height)")
        statistics.layersDrawn = replay.layersDrawn
        statistics.redrawnPixels = region.width * region.height
        statistics.replayed = true
        lastFrameCompleted = true
    }
}
