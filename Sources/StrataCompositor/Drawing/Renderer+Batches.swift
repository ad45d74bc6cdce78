import StrataCore
import StrataGL

// Instanced batches: quads become instances of one draw call per run of quads sharing a program
// and texture.

extension Renderer {
    // MARK: - Batches

    /// One quad's instance attributes, in the order of `layer.vert`'s locations 1...12.
    struct Instance {
        static let floatCount = 48
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

        /// The 48 floats, converted on the stack (this runs once per changed quad).
        var floats: InstanceFloats {
            let m = matrix
            func v(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> SIMD4<Float> {
                SIMD4<Float>(SIMD4<Double>(a, b, c, d))
            }
            return InstanceFloats(
                vectors: (
                    v(m.m11, m.m12, m.m13, m.m14), v(m.m21, m.m22, m.m23, m.m24),
                    v(m.m31, m.m32, m.m33, m.m34), v(m.m41, m.m42, m.m43, m.m44),
                    v(rect.minX, rect.minY, rect.width, rect.height),
                    v(bounds.minX, bounds.minY, bounds.width, bounds.height),
                    v(contentsFrame.minX, contentsFrame.minY, contentsFrame.width, contentsFrame.height),
                    v(uvRect.minX, uvRect.minY, uvRect.width, uvRect.height),
                    v(center.0, center.1, center.2, center.3),
                    v(slice.0, slice.1, slice.2, slice.3),
                    color, SIMD4<Float>(params.0, params.1, params.2, params.3)
                ))
        }
    }

    /// One quad's instance attributes as the GPU reads them: 12 vectors of 4 floats, inline (a
    /// render layer keeps its fill's as last sent, with no array of its own).
    struct InstanceFloats {
        typealias Vector = SIMD4<Float>
        var vectors: (Vector, Vector, Vector, Vector, Vector, Vector, Vector, Vector, Vector, Vector, Vector, Vector)

        /// All zeros.
        init() {
            vectors = (.zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero)
        }

        init(vectors: (Vector, Vector, Vector, Vector, Vector, Vector, Vector, Vector, Vector, Vector, Vector, Vector)) {
            self.vectors = vectors
        }

        /// Appends the 48 floats to `batch` in one append (48 single appends each checked the
        /// array's capacity).
        func append(to batch: inout [Float]) {
            var copy = vectors
            withUnsafeBytes(of: &copy) { batch.append(contentsOf: $0.bindMemory(to: Float.self)) }
        }
    }

    /// Adds a quad to the batch, sending the batch first when this quad needs another program or
    /// texture. Returns where its floats start in `batch`.
    @discardableResult
    func enqueue(_ instance: Instance, variant: LayerShaderVariant, texture: UInt32) throws -> Int {
        try enqueue(instance.floats, variant: variant, texture: texture)
    }

    /// Adds a quad's floats (new, or as sent before: see `drawQuad`), sending the batch first as
    /// `enqueue(_:variant:texture:)` does. Returns where they start in `batch`.
    @discardableResult
    func enqueue(_ floats: InstanceFloats, variant: LayerShaderVariant, texture: UInt32) throws -> Int {
        let start = try makeRoom(variant: variant, texture: texture)
        floats.append(to: &batch)
        return start
    }

    /// Counts one more quad for the batch, sending the batch first when the quad needs another
    /// program or texture. Returns where its floats go in `batch`.
    @discardableResult
    func makeRoom(variant: LayerShaderVariant, texture: UInt32) throws -> Int {
        if batchCount > 0, variant != batchVariant || (variant.textured && texture != batchTexture) { try flush() }
        batchVariant = variant
        batchTexture = texture
        batchCount += 1
        return batch.count
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
