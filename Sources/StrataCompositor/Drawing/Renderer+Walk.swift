import StrataCore
import StrataGL

// Executing a frame plan: fills, clips and borders in the plan's order, translucent groups
// through offscreen framebuffers.

extension Renderer {
    // MARK: - Executing a plan

    /// Draws a plan's operations (see `DrawOperation`) into `pass`'s target, in order: quads go
    /// into batches, clips become scissor rectangles or stencil masks, and translucent groups are
    /// drawn into pooled offscreen framebuffers and composited.
    /// - Throws: `GLError` when an offscreen framebuffer cannot be created (out of GPU memory):
    ///   the frame fails rather than showing a group without its opacity.
    func execute(_ operations: [DrawOperation], pass: inout Pass) throws {
        var clips: [Pass] = []
        var groups: [(framebuffer: GLFramebuffer, outer: Pass)] = []
        for operation in operations {
            switch operation {
            case .shadow(let layer, let opacity):
                try drawQuad(layer.takeUnretainedValue(), pass: pass, mode: .shadow, opacity: opacity)
            case .fill(let layer, let opacity):
                try drawQuad(layer.takeUnretainedValue(), pass: pass, mode: .fill, opacity: opacity)
            case .border(let layer, let opacity):
                try drawQuad(layer.takeUnretainedValue(), pass: pass, mode: .border, opacity: opacity)
            case .pushClip(let layer, let scissor):
                clips.append(pass)
                if let scissor {
                    pass.scissor = scissor
                    if !scissor.isEmpty {
                        try flush()
                        applyScissor(scissor)
                    }
                } else {
                    try pushStencilClip(layer.takeUnretainedValue(), pass: &pass)
                }
            case .popClip(let layer):
                try popClip(layer.takeUnretainedValue(), pass: &pass, saved: clips.removeLast())
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
            case .endShadowGroup(let box, let layer, let opacity):
                try flush()
                let (framebuffer, outer) = groups.removeLast()
                try drawPictureShadow(of: layer.takeUnretainedValue(), picture: framebuffer, box: box, opacity: opacity, onto: outer)
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
        var instance = Instance(matrix: pass.projection, rect: boxRect, bounds: boxRect)
        // Rows of a y-up picture run bottom to top: sample it upside down.
        let shown =
            pass.target.yUp
            ? Rect(x: boxRect.minX / w, y: 1 - boxRect.minY / h, width: boxRect.width / w, height: -boxRect.height / h)
            : Rect(x: boxRect.minX / w, y: boxRect.minY / h, width: boxRect.width / w, height: boxRect.height / h)
        instance.setContents(frame: boxRect, shown: shown, center: Self.unitRect, shownSize: boxRect.size)
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

    /// Adds `layer`'s fill, border or clip mask (placed by its `frame.world`) to the batch.
    func drawQuad(_ layer: RenderLayer, pass: Pass, mode: LayerShaderVariant.Mode, opacity: Float) throws {
        if mode == .fill, layer.cachedFillValid, layer.cachedFillGeneration == cacheGeneration, layer.cachedFillOpacity == opacity {
            // Nothing about this quad changed since it was last sent: send the same floats.
            if let contents = layer.contents, contents.isHostTexture { hostTextures.insert(contents.textureName) }
            try enqueue(layer.cachedFill, variant: layer.cachedFillVariant, texture: layer.contents?.textureName ?? 0)
            statistics.layersDrawn += 1
            return
        }
        let world = layer.frame.world
        let rounded = layer.state.cornerRadius > 0
        let variant =
            switch mode {
            case .fill: fillVariant(layer, world: world)
            case .border: LayerShaderVariant(mode: .border, rounded: true)
            case .clipMask: LayerShaderVariant(mode: .clipMask, rounded: rounded)
            case .debugTint: LayerShaderVariant(mode: .debugTint)
            case .shadow: LayerShaderVariant(mode: .shadow)
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
        var pointScale = 1.0  // local units per shader unit: the world's scale when drawn in pixels
        if contentsFrame == nil,
            let trimmed = FrameGeometry.trimmedToTarget(
                world: world, quad: quad, bounds: b, extent: layer.state.cornerRadius + layer.state.borderWidth,
                width: pass.target.width, height: pass.target.height)
        {
            // Too far-reaching for Float: drawn in target pixels, trimmed to the target.
            instance = Instance(matrix: pass.projection, rect: trimmed.quad, bounds: trimmed.bounds)
            pointScale = trimmed.scale
        }
        // The rounded corners' mask rides in the third parameter, twice over (see layer.frag).
        let radius = layer.state.cornerRadius, corners = radius > 0 ? layer.state.maskedCorners : 15
        instance.params = (opacity, Float(radius * pointScale), Float(2 * corners), 0)
        var texture: UInt32 = 0
        switch mode {
        case .fill:
            instance.color = layer.state.backgroundColor?.premultiplied ?? .zero
            if let contents = layer.contents, let contentsFrame {
                let shown = layer.state.contentsRect
                instance.setContents(
                    frame: contentsFrame, shown: contents.textureRect(shown), center: layer.state.contentsCenter,
                    shownSize: Size(
                        width: Double(contents.width) * shown.width / layer.state.contentsScale,
                        height: Double(contents.height) * shown.height / layer.state.contentsScale))
                instance.params.2 += layer.state.masksToBounds ? 1 : 0
                instance.params.3 = contents.isPremultiplied ? 0 : 1  // fills have no border width: the flag rides there
                texture = contents.textureName
                if contents.isHostTexture { hostTextures.insert(texture) }
            }
            statistics.layersDrawn += 1
        case .border:
            instance.color = layer.state.borderColor?.premultiplied ?? .zero
            instance.params.3 = Float(layer.state.borderWidth * pointScale)
            if !layer.hasFill { statistics.layersDrawn += 1 }
        case .clipMask:
            // An opaque border drawn over the clipped content keeps it wholly inside the edge pixels.
            if (layer.state.borderColor?.alpha ?? 0) >= 1 { instance.params.3 = Float(layer.state.borderWidth * pointScale) }
        case .debugTint:
            break  // drawn over batches by the debug switches, never for a layer
        case .shadow:
            // The quad covers what the shadow touches; the shader blurs the shape placed by `bounds`.
            let shape = layer.shadowShape, offset = layer.state.shadowOffset
            instance = Instance(
                matrix: world.concatenating(pass.projection), rect: layer.shadowRect,
                bounds: Rect(x: shape.minX + offset.x, y: shape.minY + offset.y, width: shape.width, height: shape.height))
            instance.color = layer.state.shadowColor.map { Color(red: $0.red, green: $0.green, blue: $0.blue, alpha: 1).premultiplied } ?? .zero
            instance.params = (
                opacity * layer.shadowStrength, Float(layer.state.cornerRadius), Float(layer.state.shadowRadius), Float(layer.state.maskedCorners)
            )
        }
        if mode == .fill {
            let floats = instance.floats
            try enqueue(floats, variant: variant, texture: texture)
            layer.cachedFill = floats
            layer.cachedFillValid = true
            layer.cachedFillVariant = variant
            layer.cachedFillOpacity = opacity
            layer.cachedFillGeneration = cacheGeneration
        } else {
            try enqueue(instance, variant: variant, texture: texture)
        }
    }

    // MARK: - Programs and overlap

    /// The fill program `layer` needs: textured or not, rounded or not, and for contents nine-part
    /// slicing or texel-centre sampling (one texel per pixel).
    func fillVariant(_ layer: RenderLayer, world: Transform3D) -> LayerShaderVariant {
        var variant = LayerShaderVariant(mode: .fill, textured: layer.contents != nil, rounded: layer.state.cornerRadius > 0)
        guard let contents = layer.contents, let frame = layer.contentsFrame else { return variant }
        if layer.state.contentsCenter != Self.unitRect {
            variant.nineSlice = true
        } else {
            let shown = layer.state.contentsRect
            variant.texelCentres = Self.landsTexelForPixel(
                world, frame: frame,
                shownPixels: Size(
                    width: Double(contents.width) * shown.width, height: Double(contents.height) * shown.height), sliced: false)
            // Contents exactly covering the bounds, square corners: the plain program.
            variant.plainContents = !variant.texelCentres && !variant.rounded && FrameGeometry.same(frame, layer.state.bounds)
        }
        return variant
    }

    /// Whether contents landing in `frame` (bounds space) under `world` put one texel on each target
    /// pixel, edges on whole pixels: an axis-aligned, unflipped, unscaled mapping. Such contents are
    /// sampled at texel centres (nearest filtering).
    static func landsTexelForPixel(_ world: Transform3D, frame: Rect, shownPixels: Size, sliced: Bool) -> Bool {
        guard !sliced, world.m12 == 0, world.m21 == 0, world.m14 == 0, world.m24 == 0, world.m44 == 1,
            world.m11 > 0, world.m22 > 0
        else { return false }
        let epsilon = 1e-6
        guard abs(frame.width * world.m11 - shownPixels.width) < epsilon, abs(frame.height * world.m22 - shownPixels.height) < epsilon else { return false }
        let x = frame.minX * world.m11 + world.m41, y = frame.minY * world.m22 + world.m42
        return abs(x - x.rounded()) < epsilon && abs(y - y.rounded()) < epsilon
    }
}
