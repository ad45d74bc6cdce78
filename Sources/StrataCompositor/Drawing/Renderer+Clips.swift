import StrataCore
import StrataGL

// Clips (scissor and stencil) and the GL state the walk keeps track of.

extension Renderer {
    // MARK: - Clips

    /// Narrows the clip to a layer's bounds and rounded corners with a stencil mask (one level
    /// deeper than the clip in force), drawing its clip-mask quad `mask`.
    func pushStencilClip(_ mask: PlannedQuad, pass: inout Pass) throws {
        try flush()
        gl.enable(GL.stencilTest)
        gl.stencilFunc(GL.equal, Int32(pass.stencilDepth), 0xFF)
        gl.stencilOp(GL.keep, GL.keep, GL.incr)
        gl.colorMask(GL.booleanFalse, GL.booleanFalse, GL.booleanFalse, GL.booleanFalse)
        try enqueue(mask)
        try flush()
        gl.colorMask(GL.booleanTrue, GL.booleanTrue, GL.booleanTrue, GL.booleanTrue)
        pass.stencilDepth += 1
        applyStencil(pass.stencilDepth)
    }

    /// Undoes a clip (a scissor narrowed, or `pushStencilClip` with the same `mask`), restoring
    /// the clip state in `saved`.
    func popClip(_ mask: PlannedQuad?, pass: inout Pass, saved: Pass) throws {
        try flush()
        if pass.stencilDepth > saved.stencilDepth, let mask {
            gl.stencilFunc(GL.equal, Int32(pass.stencilDepth), 0xFF)
            gl.stencilOp(GL.keep, GL.keep, GL.decr)
            gl.colorMask(GL.booleanFalse, GL.booleanFalse, GL.booleanFalse, GL.booleanFalse)
            try enqueue(mask)
            try flush()
            gl.colorMask(GL.booleanTrue, GL.booleanTrue, GL.booleanTrue, GL.booleanTrue)
        }
        pass = saved
        applyScissor(pass.scissor)
        applyStencil(pass.stencilDepth)
    }

    func applyStencil(_ depth: Int) {
        if depth == 0 {
            gl.disable(GL.stencilTest)
        } else {
            gl.enable(GL.stencilTest)
            gl.stencilFunc(GL.equal, Int32(depth), 0xFF)
            gl.stencilOp(GL.keep, GL.keep, GL.keep)
        }
    }

    /// Sets the scissor box to `rect` (target pixels, y down) of the current target: on Strata's own
    /// targets rows are stored top row first, so pixel y is GL's y; a y-up target flips it, and a
    /// host's viewport origin offsets it.
    func applyScissor(_ rect: PixelRect) {
        scissor = rect
        let t = currentTarget
        let w = max(0, rect.width), h = max(0, rect.height)
        let y = t.yUp ? t.height - (rect.y + h) : rect.y
        gl.scissor(Int32(t.origin.x + rect.x), Int32(t.origin.y + y), Int32(w), Int32(h))
    }

    /// Binds `texture` to unit 0 unless it is bound already.
    func bind(texture: UInt32) {
        guard texture != boundTexture else { return }
        gl.bindTexture(GL.texture2D, texture)
        boundTexture = texture
        statistics.textureBinds += 1
    }

    /// Makes `variant`'s program current, switching only when it is not already.
    func use(_ variant: LayerShaderVariant) -> LayerProgram {
        if let current, current.variant == variant { return current.program }
        guard let program = programs[variant] else {
            preconditionFailure("layer shader variant \(variant) was not compiled at start-up")
        }
        program.program.use()
        current = (variant, program)
        return program
    }

    /// A framebuffer for an offscreen pass (a translucent group, or a frame drawn for a host
    /// framebuffer without stencil), labelled for GL debuggers.
    func makePassFramebuffer(width: Int, height: Int) throws -> GLFramebuffer {
        let framebuffer = try GLFramebuffer(context: context, width: width, height: height)
        framebuffer.label("strata offscreen pass \(width)×\(height)")
        return framebuffer
    }
}
