import StrataCore
import StrataGL

// A layer's shadow of its picture (background, border, contents and sublayers, by alpha), as Core
// Animation casts it without a shadow path. The picture was drawn into an offscreen group (see
// `DrawOperation.endShadowGroup`); two passes of the shadow program blur its alpha by a Gaussian
// of σ = `shadowRadius` (in the target's pixels): across, into a second offscreen framebuffer,
// then down, moved by `shadowOffset` and tinted with the shadow's colour and opacity, onto the
// target under where the picture is composited next. The passes are limited by the scissor to
// the pixels they write; texels outside what each source holds count as transparent.

extension Renderer {
    /// Draws `shadow` of `picture` (`box` of it, target pixels), at `opacity`, onto `pass`'s target.
    /// - Throws: `GLError` when the second offscreen framebuffer cannot be made.
    func drawPictureShadow(_ shadow: PictureShadow, of picture: GLFramebuffer, box: PixelRect, opacity: Float, onto pass: Pass) throws {
        let target = pass.target
        let full = PixelRect(x: 0, y: 0, width: target.width, height: target.height)
        let grow = shadow.radius + 1
        // Pass 1: the picture's alpha blurred across, wherever the second pass may read it.
        let across = PixelRect(x: box.x - grow, y: box.y - grow, width: box.width + 2 * grow, height: box.height + 2 * grow).intersection(full)
        let destination = shadow.reach(of: box).intersection(pass.scissor)
        guard !across.isEmpty, !destination.isEmpty else { return }
        let blurred = try groupPool.popLast() ?? makePassFramebuffer(width: target.width, height: target.height)
        defer { groupPool.append(blurred) }
        statistics.offscreenPasses += 1
        let program = shadowProgram
        program.program.use()
        current = nil  // the layer programs' cache no longer says what is in use
        let inner = target.offscreen(in: blurred)
        bindTarget(inner)
        gl.disable(GL.stencilTest)
        applyScissor(across)
        gl.clearColor(0, 0, 0, 0)
        gl.clear(GL.colorBufferBit)
        bind(texture: picture.color.rawValue)
        gl.blendFunc(GL.one, GL.zero)
        setShadowUniforms(
            program, origin: (0, 0), offset: (0, 0), direction: (1, 0), shadow: shadow, source: box, in: inner,
            color: SIMD4<Float>(1, 1, 1, 1))
        gl.drawArrays(GL.triangleStrip, 0, 4)
        statistics.drawCalls += 1
        // Pass 2: blurred down, moved by the offset, tinted, under the picture on the target.
        bindTarget(target)
        applyScissor(destination)
        applyStencil(pass.stencilDepth)
        bind(texture: blurred.color.rawValue)
        gl.blendFunc(GL.one, GL.oneMinusSrcAlpha)
        let c = shadow.color
        let strength = opacity * shadow.opacity
        let tint = Color(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha * strength).premultiplied
        setShadowUniforms(
            program, origin: (target.origin.x, target.origin.y), offset: (shadow.dx, shadow.dy), direction: (0, 1), shadow: shadow,
            source: across, in: inner, color: tint)
        gl.drawArrays(GL.triangleStrip, 0, 4)
        statistics.drawCalls += 1
        try checkDraw("picture shadow of \(box)")
    }

    /// Sets one pass's uniforms: where the target's drawn area starts in its framebuffer, the
    /// shadow's offset (target pixels, y down), the blur's axis and size, the source's valid
    /// texels (`source`, target pixels, in a texture laid out as `texture`'s target), the tint.
    private func setShadowUniforms(
        _ program: ShadowProgram, origin: (x: Int, y: Int), offset: (dx: Int, dy: Int), direction: (Float, Float),
        shadow: PictureShadow, source: PixelRect, in texture: DrawTarget,
        color: SIMD4<Float>
    ) {
        // GL's rows run up; a target stored top row first (Strata's own) has pixel row y at GL row y.
        let dy = texture.yUp ? -offset.dy : offset.dy
        let minY = texture.yUp ? texture.height - (source.y + source.height) : source.y
        gl.uniform2f(program.origin, Float(origin.x), Float(origin.y))
        gl.uniform2f(program.offset, Float(offset.dx), Float(dy))
        gl.uniform2f(program.direction, direction.0, direction.1)
        gl.uniform1f(program.sigma, Float(max(shadow.sigma, 0.5)))
        gl.uniform1i(program.radius, Int32(shadow.radius))
        gl.uniform4f(program.bounds, Float(source.x), Float(minY), Float(source.x + source.width), Float(minY + source.height))
        gl.uniform4f(program.color, color.x, color.y, color.z, color.w)
    }
}
