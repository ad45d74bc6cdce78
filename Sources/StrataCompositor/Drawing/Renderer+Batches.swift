import StrataCore
import StrataGL

// Instanced batches: quads become instances of one draw call per run of quads sharing a program
// and texture.

extension Renderer {
    // MARK: - Batches

    /// Adds a quad built here (an offscreen picture laid back, a debug switch's tint) to the
    /// batch, sending the batch first when it needs another program or texture.
    func enqueue(_ instance: QuadInstance, variant: LayerShaderVariant, texture: UInt32) throws {
        try enqueue(instance.floats, variant: variant, texture: texture)
    }

    /// Adds one of the plan's quads to the batch, as `enqueue(_:variant:texture:)` does; a host
    /// texture's is sampled through Strata's own sampler.
    @inline(__always)
    func enqueue(_ quad: PlannedQuad) throws {
        if quad.isHostTexture { hostTextures.insert(quad.texture) }
        try enqueue(quad.floats, variant: quad.variant, texture: quad.texture)
    }

    /// Adds a quad's floats to the batch, sending the batch first when the quad needs another
    /// program or texture.
    func enqueue(_ floats: InstanceFloats, variant: LayerShaderVariant, texture: UInt32) throws {
        if batchCount > 0, variant != batchVariant || (variant.textured && texture != batchTexture) { try flush() }
        batchVariant = variant
        batchTexture = texture
        batchCount += 1
        floats.append(to: &batch)
    }

    /// Draws the batch as one instanced draw call and empties it.
    func flush() throws {
        guard batchCount > 0, let variant = batchVariant else { return }
        _ = use(variant)
        if variant.textured {
            bind(texture: batchTexture)
            let wantSampler = !hostTextures.isEmpty && hostTextures.contains(batchTexture)
            if wantSampler != samplerBound {
                if wantSampler, hostSampler == 0 {
                    gl.genSamplers(1, &hostSampler)
                    gl.samplerParameteri(hostSampler, GL.textureMinFilter, GL.linear)
                    gl.samplerParameteri(hostSampler, GL.textureMagFilter, GL.linear)
                    gl.samplerParameteri(hostSampler, GL.textureWrapS, GL.clampToEdge)
                    gl.samplerParameteri(hostSampler, GL.textureWrapT, GL.clampToEdge)
                }
                gl.bindSampler(0, wantSampler ? hostSampler : 0)
                samplerBound = wantSampler
            }
        }
        // Each batch goes after the last in the stream buffer (never over floats a queued draw
        // may still read); the attributes follow it there.
        let offset = batch.withUnsafeBufferPointer { instanceBuffer.stream($0.baseAddress!, count: $0.count) }
        if offset != instanceOffset {
            pointInstanceAttributes(at: offset)
            instanceOffset = offset
        }
        if recording != nil {
            let storage = instanceBuffer.storageGeneration
            if recording?.storage == nil { recording?.storage = storage }
            if recording?.storage != storage || samplerBound { recording?.isWhole = false }
            recording?.batches.append(ReplayBatch(variant: variant, texture: batchTexture, offset: offset, count: batchCount, scissor: scissor))
        }
        if debug.isDisjoint(with: [.batches, .overdraw]) || variant.mode == .clipMask || compositing {
            gl.drawArraysInstanced(GL.triangleStrip, 0, 4, Int32(batchCount))
            statistics.drawCalls += 1
        } else {
            drawDebugTints(variant: variant)
        }
        let count = batchCount
        batch.removeAll(keepingCapacity: true)
        batchCount = 0
        try checkDraw("\(variant) batch of \(count) quads")
    }

    /// The debug switches' draws of the batch just prepared (its instances bound): under
    /// `overdraw` its quads each add `DebugOptions.overdrawStep` instead of drawing; under
    /// `batches` it is drawn, then tinted with its colour.
    func drawDebugTints(variant: LayerShaderVariant) {
        let count = Int32(batchCount)
        var tint = DebugOptions.overdrawStep
        if debug.contains(.overdraw) {
            gl.blendFunc(GL.one, GL.one)
        } else {
            gl.drawArraysInstanced(GL.triangleStrip, 0, 4, count)
            statistics.drawCalls += 1
            tint = DebugOptions.batchTints[debugBatch % DebugOptions.batchTints.count]
        }
        let program = use(LayerShaderVariant(mode: .debugTint))
        gl.uniform4f(program.tintLocation, tint.x, tint.y, tint.z, tint.w)
        gl.drawArraysInstanced(GL.triangleStrip, 0, 4, count)
        statistics.drawCalls += 1
        debugBatch += 1
        if debug.contains(.overdraw) { gl.blendFunc(GL.one, GL.oneMinusSrcAlpha) }
    }

    /// Debug builds check the GL error flag after every draw, naming it; release builds check
    /// once per frame, in `render`.
    @inline(__always)
    func checkDraw(_ what: @autoclosure () -> String) throws {
        #if DEBUG
            try context.checkError(what())
        #endif
    }
}
