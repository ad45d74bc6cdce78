import StrataCore
import StrataGL

// Executing a frame plan: fills, clips and borders in the plan's order, translucent groups
// through offscreen framebuffers.

extension Renderer {
    // MARK: - Executing a plan

    /// Draws a plan's operations (see `DrawOperation`) into `pass`'s target, in order: its quads
    /// go into batches, clips become scissor rectangles or stencil masks, and translucent groups
    /// are drawn into pooled offscreen framebuffers and composited. Reads only the plan.
    /// - Throws: `GLError` when an offscreen framebuffer cannot be created (out of GPU memory):
    ///   the frame fails rather than showing a group without its opacity.
    func execute(_ plan: FramePlan, pass: inout Pass) throws {
        var clips: [Pass] = []
        var groups: [(framebuffer: GLFramebuffer, outer: Pass)] = []
        for operation in plan.operations {
            switch operation {
            case .fill(let slot):
                try enqueue(plan.fills[Int(slot)])
            case .quad(let index):
                try enqueue(plan.quads[Int(index)])
            case .pushScissor(let scissor):
                clips.append(pass)
                pass.scissor = scissor
                if !scissor.isEmpty {
                    try flush()
                    applyScissor(scissor)
                }
            case .pushStencil(let mask):
                clips.append(pass)
                try pushStencilClip(plan.quads[Int(mask)], pass: &pass)
            case .popClip(let mask):
                try popClip(mask.map { plan.quads[Int($0)] }, pass: &pass, saved: clips.removeLast())
            case .beginGroup(let box):
                try flush()
                recording?.isWhole = false  // a replay does not repeat offscreen passes
                let framebuffer =
                    try groupPool.popLast()
                    ?? makePassFramebuffer(width: pass.target.width, height: pass.target.height)
                boundTexture = 0  // making a framebuffer binds its texture: the cache no longer says what is bound
                statistics.offscreenPasses += 1
                // The group's framebuffer has the target's size and orientation, so the same
                // projection (and every cached quad) fits it.
                let inner = pass.target.offscreen(in: framebuffer)
                groups.append((framebuffer, pass))
                pass = Pass(target: inner, projection: pass.projection, scissor: box)
                bindTarget(inner)
                gl.disable(GL.stencilTest)
                applyScissor(box)
                gl.clearColor(0, 0, 0, 0)
                gl.clear(UInt32(GL.colorBufferBit | GL.stencilBufferBit))
            case .endGroup(let box, let opacity):
                try flush()
                let (framebuffer, outer) = groups.removeLast()
                try composite(framebuffer, box: box, opacity: opacity, onto: outer, bindTarget: true)
                groupPool.append(framebuffer)
                pass = outer
            case .endShadowGroup(let box, let shadow, let opacity):
                try flush()
                let (framebuffer, outer) = groups.removeLast()
                try drawPictureShadow(plan.pictureShadows[Int(shadow)], of: framebuffer, box: box, opacity: opacity, onto: outer)
                try composite(framebuffer, box: box, opacity: opacity, onto: outer, bindTarget: true)
                groupPool.append(framebuffer)
                pass = outer
            case .endMask(let box):
                // The masked layer's picture (the group under this one) keeps each pixel times
                // the mask's alpha: destination × source alpha, colour and alpha alike.
                try flush()
                let (framebuffer, masked) = groups.removeLast()
                gl.blendFuncSeparate(GL.zero, GL.srcAlpha, GL.zero, GL.srcAlpha)
                defer { gl.blendFunc(GL.one, GL.oneMinusSrcAlpha) }
                try composite(framebuffer, box: box, opacity: 1, onto: masked, bindTarget: true)
                groupPool.append(framebuffer)
                pass = masked
            }
        }
    }

    /// Draws `box` of an offscreen picture (drawn with `pass`'s projection) into `pass`'s target
    /// with `opacity`, now: the framebuffer may go back to the pool afterwards.
    func composite(_ framebuffer: GLFramebuffer, box: PixelRect, opacity: Float, onto pass: Pass, bindTarget rebind: Bool) throws {
        if rebind {
            bindTarget(pass.target)
            applyScissor(pass.scissor)
            applyStencil(pass.stencilDepth)
        }
        let w = Double(pass.target.width), h = Double(pass.target.height)
        let boxRect = Rect(x: Double(box.x), y: Double(box.y), width: Double(box.width), height: Double(box.height))
        var instance = QuadInstance(matrix: pass.projection, rect: boxRect, bounds: boxRect)
        // Rows of a y-up picture run bottom to top: sample it upside down.
        let shown =
            pass.target.yUp
            ? Rect(x: boxRect.minX / w, y: 1 - boxRect.minY / h, width: boxRect.width / w, height: -boxRect.height / h)
            : Rect(x: boxRect.minX / w, y: boxRect.minY / h, width: boxRect.width / w, height: boxRect.height / h)
        instance.setContents(frame: boxRect, shown: shown, center: FrameGeometry.unitRect, shownSize: boxRect.size)
        instance.params = (opacity, 0, 0, 0)
        try flush()
        compositing = true
        defer { compositing = false }
        try enqueue(instance, variant: LayerShaderVariant(mode: .fill, textured: true), texture: framebuffer.color.rawValue)
        try flush()
    }

    /// Binds `target`'s framebuffer and sets the viewport to its drawn area.
    func bindTarget(_ target: DrawTarget) {
        gl.bindFramebuffer(GL.framebuffer, target.framebuffer)
        gl.viewport(Int32(target.origin.x), Int32(target.origin.y), Int32(target.width), Int32(target.height))
        currentTarget = target
    }
}
