import StrataCore

/// One step of drawing a frame, in drawing order: what the renderer executes. Layers are held
/// unretained: the render tree keeps them alive while the frame is drawn (render thread only).
enum DrawOperation {
    /// The layer's fill (background colour and contents), at `opacity` (its own and that of
    /// translucent ancestors drawn without an offscreen pass).
    case fill(Unmanaged<RenderLayer>, opacity: Float)
    /// The layer's border, at `opacity`.
    case border(Unmanaged<RenderLayer>, opacity: Float)
    /// Narrows the clip to the layer's bounds: to the `scissor` rectangle (target pixels; empty
    /// when nothing shows through it) for a square clip that lands axis-aligned, or, when nil, to
    /// a stencil mask of the layer's bounds and rounded corners.
    case pushClip(Unmanaged<RenderLayer>, scissor: PixelRect?)
    /// Undoes the matching `pushClip`.
    case popClip(Unmanaged<RenderLayer>)
    /// Starts a translucent group: what follows until `endGroup` is drawn at full opacity into an
    /// offscreen picture, `box` of it (target pixels) cleared first.
    case beginGroup(box: PixelRect)
    /// Composites the group's picture (`box` of it) over what lies under it with `opacity`.
    case endGroup(box: PixelRect, opacity: Float)
}

extension FramePlanner {
    // MARK: - The drawing order

    /// Lists what the frame draws into `region`, in drawing order (see `DrawOperation`): layers
    /// hidden, transparent, facing away or outside the region are left out, and so are quads an
    /// opaque layer drawn after them hides (a leaf hidden whole comes to rest under it); the
    /// layer `paintedByClear` draws no fill (the frame's clear paints it).
    func emitOperations(root: RenderLayer?, region: PixelRect) {
        operations.removeAll(keepingCapacity: true)
        layersPaintedByClear = 0
        guard let root else { return }
        var scissor = region
        emit(root, scissor: &scissor, isGroupRoot: false, inherited: 1)
    }

    /// Lists `layer` and its subtree; `scissor` is the clip in force (target pixels), `inherited`
    /// the opacity of translucent ancestors drawn without an offscreen pass.
    private func emit(_ layer: RenderLayer, scissor: inout PixelRect, isGroupRoot: Bool, inherited: Float) {
        guard !layer.state.isHidden, layer.state.opacity > 0 else { return }
        // Nothing of the subtree lies in the region being drawn (or it faces away, single-sided:
        // `prepare` left it no box): left out.
        guard let subtreeBox = layer.frame.subtreeBox, subtreeBox.intersects(scissor) else { return }
        // What the layer itself paints, when that reaches the region being drawn.
        let painted = layer.frame.drawnBox.flatMap { $0.intersects(scissor) ? $0 : nil }
        let visibleSublayers = layer.awakeSublayersInDrawingOrder.contains { !$0.state.isHidden && $0.state.opacity > 0 }
        if layer.state.opacity < 1, visibleSublayers, !isGroupRoot, !FrameGeometry.paintsDisjointly(layer) {
            // A translucent group whose layers may overlap: drawn offscreen, then composited.
            let box = subtreeBox.intersection(scissor)
            guard !box.isEmpty else { return }
            operations.append(.beginGroup(box: box))
            var inner = box
            emit(layer, scissor: &inner, isGroupRoot: true, inherited: 1)
            operations.append(.endGroup(box: box, opacity: inherited * layer.state.opacity))
            return
        }
        let opacity = inherited * (isGroupRoot ? 1 : layer.state.opacity)
        if layer.hasFill, let box = painted {
            if layer.serial == paintedByClear {
                layersPaintedByClear += 1
            } else if !isCovered(box, after: layer.frame.fillOrder) {
                operations.append(.fill(Unmanaged.passUnretained(layer), opacity: opacity))
            } else if let occluder = occluderHidingForGood(layer, box: box) {
                restCovered(layer, under: occluder.key)
            }
        }
        if visibleSublayers {
            let saved = scissor
            var clipped = true
            if layer.state.masksToBounds {
                if layer.state.cornerRadius <= 0, let rect = FrameGeometry.axisAlignedPixelRect(layer.frame.world, layer.state.bounds) {
                    scissor = scissor.intersection(rect)
                    clipped = !scissor.isEmpty
                    operations.append(.pushClip(Unmanaged.passUnretained(layer), scissor: scissor))
                } else {
                    operations.append(.pushClip(Unmanaged.passUnretained(layer), scissor: nil))
                }
            }
            if clipped {
                for sublayer in layer.awakeSublayersInDrawingOrder {
                    emit(sublayer, scissor: &scissor, isGroupRoot: false, inherited: opacity)
                }
            }
            if layer.state.masksToBounds {
                operations.append(.popClip(Unmanaged.passUnretained(layer)))
                scissor = saved
            }
        }
        if layer.hasBorder, let box = painted, !isCovered(box, after: layer.frame.borderOrder) {
            operations.append(.border(Unmanaged.passUnretained(layer), opacity: opacity))
        }
    }
}
