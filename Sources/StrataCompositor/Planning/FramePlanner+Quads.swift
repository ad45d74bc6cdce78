import StrataCore

// Building the plan's quads: a layer's fill, border, shadow or clip mask as the instance floats,
// program and texture the drawing walk sends (see `PlannedQuad`). A fill is kept between frames
// in the planner's `fills`, by the layer's slot, and built again only when the layer was placed
// again (it or its parent space changed), its opacity or the target's space changed.

extension FramePlanner {
    // MARK: - Quads

    /// The quad of `layer`'s fill at `opacity`, in `fills` at the layer's slot (kept from an
    /// earlier frame when nothing about it changed, else built now). Returns the slot.
    func fillQuad(_ layer: RenderLayer, opacity: Float) -> Int32 {
        let slot = layer.slot
        if slot >= fills.count { fills.append(contentsOf: repeatElement(.none, count: max(slot + 1 - fills.count, fills.count))) }
        if layer.frame.fillQuadValid, fills[slot].space == quadSpace, fills[slot].opacity == opacity, fills[slot].layer == layer.id {
            return Int32(slot)  // nothing about this quad changed since it was last built
        }
        fills[slot] = quad(layer, .fill, opacity: opacity)
        layer.frame.fillQuadValid = true
        fillsBuilt += 1
        return Int32(slot)
    }

    /// Adds the quad of `layer`'s border, shadow or clip mask to `quads`; returns its index.
    func listQuad(_ layer: RenderLayer, _ kind: PlannedQuad.Kind, opacity: Float) -> Int32 {
        quads.append(quad(layer, kind, opacity: opacity))
        return Int32(quads.count - 1)
    }

    /// `layer`'s quad of `kind` at `opacity`, placed by its `frame.world` in this frame's target.
    private func quad(_ layer: RenderLayer, _ kind: PlannedQuad.Kind, opacity: Float) -> PlannedQuad {
        let world = layer.frame.world
        let rounded = layer.state.cornerRadius > 0
        let variant =
            switch kind {
            case .fill: fillVariant(layer, world: world)
            case .border: LayerShaderVariant(mode: .border, rounded: true)
            case .clipMask: LayerShaderVariant(mode: .clipMask, rounded: rounded)
            case .shadow: LayerShaderVariant(mode: .shadow)
            }
        let b = layer.state.bounds
        let contentsFrame = kind == .fill ? layer.contentsFrame : nil
        // Contents that overflow the bounds show unless the layer masks to them.
        var rect = contentsFrame == nil ? b : layer.drawnRect
        if variant.rounded {
            // Rounded shapes antialias their edge half a pixel outwards: give the fringe room, or a
            // circle that touches its bounds comes out flattened where it touches. The shader's
            // coverage is zero outside the shape, so the margin costs only its pixels.
            rect = Rect(x: rect.minX - 1, y: rect.minY - 1, width: rect.width + 2, height: rect.height + 2)
        }
        var instance = QuadInstance(matrix: world.concatenating(quadProjection), rect: rect, bounds: b)
        var pointScale = 1.0  // local units per shader unit: the world's scale when drawn in pixels
        if contentsFrame == nil,
            let trimmed = FrameGeometry.trimmedToTarget(
                world: world, quad: rect, bounds: b, extent: layer.state.cornerRadius + layer.state.borderWidth,
                width: quadTarget.width, height: quadTarget.height)
        {
            // Too far-reaching for Float: drawn in target pixels, trimmed to the target.
            instance = QuadInstance(matrix: quadProjection, rect: trimmed.quad, bounds: trimmed.bounds)
            pointScale = trimmed.scale
        }
        // The rounded corners' mask rides in the third parameter, twice over (see layer.frag).
        let radius = layer.state.cornerRadius, corners = radius > 0 ? layer.state.maskedCorners : 15
        instance.params = (opacity, Float(radius * pointScale), Float(2 * corners), 0)
        var texture: UInt32 = 0, isHostTexture = false
        switch kind {
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
                isHostTexture = contents.isHostTexture
            }
        case .border:
            instance.color = layer.state.borderColor?.premultiplied ?? .zero
            instance.params.3 = Float(layer.state.borderWidth * pointScale)
        case .clipMask:
            // An opaque border drawn over the clipped content keeps it wholly inside the edge pixels.
            if (layer.state.borderColor?.alpha ?? 0) >= 1 { instance.params.3 = Float(layer.state.borderWidth * pointScale) }
        case .shadow:
            // The quad covers what the shadow touches; the shader blurs the shape placed by `bounds`.
            let shape = layer.shadowShape, offset = layer.state.shadowOffset
            instance = QuadInstance(
                matrix: world.concatenating(quadProjection), rect: layer.shadowRect,
                bounds: Rect(x: shape.minX + offset.x, y: shape.minY + offset.y, width: shape.width, height: shape.height))
            instance.color = layer.state.shadowColor.map { Color(red: $0.red, green: $0.green, blue: $0.blue, alpha: 1).premultiplied } ?? .zero
            instance.params = (
                opacity * layer.shadowStrength, Float(layer.state.cornerRadius), Float(layer.state.shadowRadius), Float(layer.state.maskedCorners)
            )
        }
        return PlannedQuad(
            floats: instance.floats, variant: variant, texture: texture, isHostTexture: isHostTexture, kind: kind, opacity: opacity,
            space: quadSpace, layer: layer.id)
    }

    /// The fill program `layer` needs: textured or not, rounded or not, and for contents nine-part
    /// slicing or texel-centre sampling (one texel per pixel).
    func fillVariant(_ layer: RenderLayer, world: Transform3D) -> LayerShaderVariant {
        var variant = LayerShaderVariant(mode: .fill, textured: layer.contents != nil, rounded: layer.state.cornerRadius > 0)
        guard let contents = layer.contents, let frame = layer.contentsFrame else { return variant }
        if layer.state.contentsCenter != FrameGeometry.unitRect {
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
